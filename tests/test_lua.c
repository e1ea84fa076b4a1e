/* The Lua sandbox: limits, removed functions, the 5.4 shims. */
#include "tests.h"
#include "lua/blocks.h"
#include "lua/lua_int.h"
#include "vf_lua.h"

#include <lauxlib.h>
#include <stdint.h>
#include <string.h>

/* Runs src in a fresh case; returns 0 or -1, with the error in err. */
static int run(vf_lua *lua, const char *src, vf_sbuf *err)
{
    vf_sbuf_reset(err);
    vf_lua_case_begin(lua);
    if (vf_lua_load(lua, src, strlen(src), "=test", err)) return -1;
    return vf_lua_pcall(lua, 0, 0, err);
}

static vf_lua *small_lua(void)
{
    vf_lua_limits lim = {20000000UL, (size_t)16 << 20, 0, 0};
    vf_sbuf err = VF_SBUF_INIT;
    vf_lua *lua = vf_lua_new(&lim, &err);
    ck_assert_ptr_nonnull(lua);
    vf_sbuf_free(&err);
    return lua;
}

START_TEST(endless_loop_is_a_lua_error)
{
    vf_lua *lua = small_lua();
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_int_eq(run(lua, "while true do end", &err), -1);
    ck_assert_str_eq(err.s, "test:1: instruction budget exceeded (20000000 "
                     "instructions): an endless loop?");
    /* Caught by the vault's own pcall, the budget still ends the case:
     * once, and in a loop around it. */
    ck_assert_int_eq(run(lua, "pcall(function() while true do end end)",
                         &err), -1);
    ck_assert_ptr_nonnull(strstr(err.s, "instruction budget exceeded"));
    ck_assert_int_eq(run(lua, "while true do pcall(function() while true do "
                         "end end) end", &err), -1);
    ck_assert_ptr_nonnull(strstr(err.s, "instruction budget exceeded"));
    ck_assert_int_eq(run(lua, "local ok = pcall(function() while true do end "
                         "end) x = ok", &err), -1);
    /* A vault's error text is one visible line: no newline to start a CI
     * workflow command, no terminal escape, no raw non-UTF-8 byte. */
    ck_assert_int_eq(run(lua, "error('a\\n::error::x \\27[31m \\255', 0)",
                         &err), -1);
    ck_assert_str_eq(err.s, "a\\n::error::x \\x1b[31m \\xff");
    /* The next case runs normally. */
    ck_assert_int_eq(run(lua, "x = 0 for i = 1, 1000 do x = x + i end", &err),
                     0);
    vf_sbuf_free(&err);
    vf_lua_free(lua);
}
END_TEST

START_TEST(memory_bomb_is_a_lua_error)
{
    vf_lua *lua = small_lua();
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_int_eq(run(lua, "local t = {} for i = 1, 1e7 do "
                              "t[i] = string.rep('x', 100) .. i end", &err),
                     -1);
    ck_assert_str_eq(err.s, "memory cap exceeded (16 MiB for one case): not "
                     "enough memory");
    ck_assert_int_eq(run(lua, "local s = string.rep('y', 1e6)", &err), 0);
    vf_sbuf_free(&err);
    vf_lua_free(lua);
}
END_TEST

START_TEST(no_os_io_or_bytecode)
{
    vf_lua *lua = small_lua();
    vf_sbuf err = VF_SBUF_INIT;
    /* No os at all, as in the game (clua.cc opens no os library). */
    ck_assert_int_eq(run(lua, "os.execute('true')", &err), -1);
    ck_assert_str_eq(err.s, VF_T_LUA("test:1: attempt to index global 'os' "
                                     "(a nil value)", "test:1: attempt to "
                                     "index a nil value (global 'os')"));
    ck_assert_int_eq(run(lua, "io.open('/etc/passwd')", &err), -1);
    ck_assert_str_eq(err.s, VF_T_LUA("test:1: attempt to index global 'io' "
                                     "(a nil value)", "test:1: attempt to "
                                     "index a nil value (global 'io')"));
    ck_assert_int_eq(run(lua, "local f, e = loadstring(string.dump("
                              "function() end)) assert(f, e)", &err), -1);
    ck_assert_str_eq(err.s, "test:1: loadstring: precompiled (bytecode) "
                     "chunks are not allowed");
    ck_assert_int_eq(run(lua, "require('os')", &err), -1);
    ck_assert_int_eq(run(lua, "dofile('/etc/passwd')", &err), -1);
    ck_assert_int_eq(run(lua, "package.loadlib('x', 'y')", &err), -1);
    ck_assert_int_eq(run(lua, "assert(load == nil and debug == nil)", &err), 0);
    /* Bytecode handed to the loader directly is refused too. */
    ck_assert_int_eq(vf_lua_load(lua, "\033Lua", 4, "=b", &err), -1);
    /* What remains works. */
    ck_assert_int_eq(run(lua, "assert(os == nil and coroutine.wrap)",
                         &err), 0);
    ck_assert_int_eq(run(lua, "assert(loadstring('return 1')() == 1)", &err),
                     0);
    vf_sbuf_free(&err);
    vf_lua_free(lua);
}
END_TEST

START_TEST(lua54_shims)
{
    vf_lua *lua = small_lua();
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_int_eq(run(lua, "local a, b = table.unpack({1, 2}) "
                              "assert(a == 1 and b == 2)", &err), 0);
    /* A chunk of its own: under 5.4 a nested function shares its _ENV
     * with the chunk around it, which crawl.setfenv would change too. */
    ck_assert_int_eq(run(lua, "local env = {v = 7} "
                              "local f = crawl.setfenv(loadstring('return v'),"
                              " env) assert(f() == 7)", &err), 0);
    vf_sbuf_free(&err);
    vf_lua_free(lua);
}
END_TEST

/* Each interpreter as its game has it: 5.4 without what 5.4 dropped
 * (Debian's build keeps the old maths names; the game has none) and with
 * what it added; 5.1 with its own names and table.unpack beside them. */
START_TEST(the_games_interpreter)
{
    vf_lua *lua = small_lua();
    vf_sbuf err = VF_SBUF_INIT;
    static const char *const gone_54 = "assert(unpack == nil and setfenv == "
        "nil and getfenv == nil and module == nil and table.getn == nil and "
        "math.pow == nil and math.atan2 == nil and math.ldexp == nil and "
        "loadstring ~= nil and table.unpack ~= nil)";
    static const char *const new_54 = "local n = 7 // 2 "
        "for i = 1, 5 do if i == n then goto done end end error('no goto') "
        "::done:: assert(math.type(n) == 'integer' and 1 << 4 == 16 and "
        "utf8.char(72) == 'H' and math.tointeger(3.0) == 3 and "
        "table.move({1, 2}, 1, 2, 2)[3] == 2 and tostring(10 / 2) == '5.0')";
    static const char *const has_51 = "assert(unpack and setfenv and getfenv "
        "and table.getn and math.pow and math.atan2 and table.unpack and "
        "tostring(10 / 2) == '5' and utf8 == nil)";
    if (VF_LUA_54) {
        ck_assert_msg(run(lua, gone_54, &err) == 0, "%s", err.s);
        ck_assert_msg(run(lua, new_54, &err) == 0, "%s", err.s);
    } else {
        ck_assert_msg(run(lua, has_51, &err) == 0, "%s", err.s);
        ck_assert_int_eq(run(lua, "local n = 7 // 2", &err), -1);
    }
    /* table.move's moves count against the budget at once (5.4). */
    ck_assert_int_eq(run(lua, "table.move({}, 1, 2^30, 2)", &err), -1);
    ck_assert_ptr_nonnull(strstr(err.s, VF_T_LUA("attempt to call field "
                                                 "'move'",
                                                 "instruction budget")));
    vf_sbuf_free(&err);
    vf_lua_free(lua);
}
END_TEST

/* Nothing a vault sees differs from machine to machine or worker to
 * worker: no gcinfo, tostring numbers objects per case instead of
 * showing their addresses, pairs keeps one order. An error with no text
 * says what it was. */
START_TEST(nothing_machine_dependent)
{
    vf_lua *lua = small_lua();
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_int_eq(run(lua, "assert(gcinfo == nil)", &err), 0);
    ck_assert_msg(run(lua, "local a, b = {}, {} "
                      "assert(tostring(a) == 'table: 0x00000001', tostring(a)) "
                      "assert(tostring(b) == 'table: 0x00000002') "
                      "assert(tostring(a) == 'table: 0x00000001') "
                      "assert(tostring(print) == 'function: 0x00000003')",
                      &err) == 0, "%s", err.s);
    ck_assert_msg(run(lua, "assert(tostring({}) == 'table: 0x00000001')",
                      &err) == 0, "%s", err.s);
    ck_assert_int_eq(run(lua, "assert(tostring(setmetatable({}, {__tostring "
                              "= function() return 'x' end})) == 'x' and "
                              "tostring(1) == '1' and tostring(nil) == 'nil')",
                         &err), 0);
    ck_assert_int_eq(run(lua, "error({code = 1})", &err), -1);
    ck_assert_str_eq(err.s, "(error object is a table value)");
    /* Under 5.4, whose string hashes are seeded per process, pairs walks
     * booleans, numbers, strings, then objects as tostring numbers them;
     * a key cleared on the way is passed over; __pairs is honoured and
     * pairs of a non-table fails in the loop, as 5.4's does. */
    if (VF_LUA_54) {
        ck_assert_msg(run(lua, "local o1, o2 = {}, {} "
                          "local t = {zeta = 1, alpha = 2, [10] = 3, [2] = 4, "
                          "[2.5] = 5, [true] = 6, beta = 7, [o2] = 8, "
                          "[o1] = 9} "
                          "assert(tostring(o1) < tostring(o2)) "
                          "local seen = {} "
                          "for k in pairs(t) do seen[#seen + 1] = "
                          "tostring(k); t.beta = nil end "
                          "local got = table.concat(seen, ' ') "
                          "assert(got == 'true 2 2.5 10 alpha zeta ' .. "
                          "tostring(o1) .. ' ' .. tostring(o2), got) "
                          "local m = setmetatable({}, {__pairs = function() "
                          "return function(_, k) if not k then return 1, 'x' "
                          "end end, nil, nil end}) "
                          "for k, v in pairs(m) do assert(v == 'x') end "
                          "assert(not pcall(function() for _ in pairs(nil) "
                          "do end end))", &err) == 0, "%s", err.s);
    }
    vf_sbuf_free(&err);
    vf_lua_free(lua);
}
END_TEST

/* The small-block allocator keeps every block's bytes through resizes
 * within a class, across classes and to and from malloc's sizes, and
 * hands freed blocks out again. */
START_TEST(small_blocks_keep_contents)
{
    vf_blocks b = {0};
    enum { N = 600 };
    unsigned char *p[N];
    size_t size[N];
    for (int i = 0; i < N; i++) {
        size[i] = 1 + (size_t)(i * 37) % 400;
        p[i] = vf_blocks_realloc(&b, NULL, 0, size[i]);
        ck_assert_ptr_nonnull(p[i]);
        ck_assert_uint_eq((uintptr_t)p[i] % 16, 0);
        memset(p[i], i & 0xff, size[i]);
    }
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < N; i++) {
            size_t n = 1 + (size_t)(i * 53 + round * 101) % 500;
            p[i] = vf_blocks_realloc(&b, p[i], size[i], n);
            size_t keep = n < size[i] ? n : size[i];
            for (size_t k = 0; k < keep; k++)
                ck_assert_uint_eq(p[i][k], (unsigned)(i & 0xff));
            memset(p[i], i & 0xff, n);
            size[i] = n;
        }
    /* A freed block is the next one of its class handed out. */
    void *small = p[0];
    size_t cls = size[0];
    for (int i = N - 1; i >= 0; i--) vf_blocks_realloc(&b, p[i], size[i], 0);
    if (cls <= VF_BLOCK_MAX)
        ck_assert_ptr_eq(vf_blocks_realloc(&b, NULL, 0, cls), small);
    vf_blocks_free(&b);
    ck_assert_ptr_null(b.slabs);
}
END_TEST

/* Registry slots are told apart by address, not by what they say they
 * hold; a slot's table is made once; the host is the one the state was
 * given, and a state vf_lua_new did not make has none. */
START_TEST(registry_slots_and_host)
{
    static const vf_lua_slot a = {"same words"}, b = {"same words"};
    vf_sbuf err = VF_SBUF_INIT;
    vf_lua *lua = vf_lua_new(NULL, &err);
    ck_assert_ptr_nonnull(lua);
    lua_State *L = vf_lua_state(lua);
    lua_pushinteger(L, 1);
    vf_lua_slot_set(L, &a);
    lua_pushinteger(L, 2);
    vf_lua_slot_set(L, &b);
    vf_lua_slot_get(L, &a);
    vf_lua_slot_get(L, &b);
    ck_assert_int_eq(lua_tointeger(L, -2), 1);
    ck_assert_int_eq(lua_tointeger(L, -1), 2);
    lua_pop(L, 2);
    lua_getfield(L, LUA_REGISTRYINDEX, "same words");
    ck_assert(lua_isnil(L, -1));
    lua_pop(L, 1);

    static const vf_lua_slot t = {"a table"};
    vf_lua_slot_table(L, &t);
    vf_lua_slot_table(L, &t);
    ck_assert(lua_istable(L, -1));
    ck_assert(lua_rawequal(L, -1, -2));
    lua_pop(L, 2);

    int host;
    ck_assert_ptr_null(vf_lua_host(L));
    vf_lua_set_host(lua, &host);
    ck_assert_ptr_eq(vf_lua_host(L), &host);
    lua_State *plain = luaL_newstate();
    ck_assert_ptr_null(vf_lua_host(plain));
    lua_close(plain);
    vf_lua_free(lua);
    vf_sbuf_free(&err);
}
END_TEST

Suite *vf_test_lua_suite(void)
{
    Suite *s = suite_create("lua");
    TCase *tc = tcase_create("sandbox");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, endless_loop_is_a_lua_error);
    tcase_add_test(tc, memory_bomb_is_a_lua_error);
    tcase_add_test(tc, no_os_io_or_bytecode);
    tcase_add_test(tc, lua54_shims);
    tcase_add_test(tc, the_games_interpreter);
    tcase_add_test(tc, nothing_machine_dependent);
    tcase_add_test(tc, small_blocks_keep_contents);
    tcase_add_test(tc, registry_slots_and_host);
    suite_add_tcase(s, tc);
    return s;
}
