/* The crawl table's map-time members: the random functions, drawing from
 * the running case's generator, and the few helpers vault code calls. */
#include "bind_int.h"
#include "vf_gamesrc.h"

#include <ctype.h>
#include <lauxlib.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const vf_lua_slot rng_slot = {"the case's generator"};
const vf_lua_slot vf_bind_started = {"whether the game has started"};

void vf_bind_set_rng(lua_State *L, vf_rng *r)
{
    lua_pushlightuserdata(L, r);
    vf_lua_slot_set(L, &rng_slot);
}

vf_rng *vf_bind_rng(lua_State *L)
{
    vf_lua_slot_get(L, &rng_slot);
    vf_rng *r = lua_touserdata(L, -1);
    lua_pop(L, 1);
    if (!r) luaL_error(L, "random numbers drawn outside a case");
    return r;
}

static int int_arg(lua_State *L, int i)
{
    return vf_lua_checkint(L, i);
}

/* Rolls and dice are counted out one draw each: past this many a call
 * would spend seconds inside C, where the instruction budget cannot see
 * it. No vault asks for more than a handful. */
#define MAX_DRAWS (1 << 20)

static int check_draws(lua_State *L, const char *fn, const char *what, int n)
{
    if (n > MAX_DRAWS)
        return luaL_error(L, "%s: %d %s is too many (at most %d)", fn, n,
                          what, MAX_DRAWS);
    return n;
}

/* A value the case map's own Lua drew, in [lo, hi], as a choice
 * (vf_choice.h): logged at the vault's .des line and replaced on a replay
 * that forces it. The draw itself is always made, so what follows draws
 * the same numbers. A wide range offers a sample of its values, ends
 * included. A subvault resolved inside it logs its own draws in the
 * case's log (dgn_subvault.c hands it on). key: 'n' a number, 'b' a truth, 'r'
 * a real in millionths (vf_choice.h). */
static int drawn(lua_State *L, const char *call, int value, int lo, int hi,
                 char key)
{
    vf_rmap *m = vf_bind_case_map(L);
    if (!m || !m->choices || hi <= lo) return value;
    vf_choice c;
    memset(&c, 0, sizeof c);
    c.kind = VF_CHOICE_LUA;
    c.line = vf_bind_des_line(L);
    c.x = c.y = -1;
    c.key = key;
    c.chose = value;
    long long span = (long long)hi - lo;
    c.nalts = span < VF_CHOICE_ALTS ? (int)span + 1 : VF_CHOICE_ALTS;
    for (int i = 0; i < c.nalts; i++)
        c.alts[i] = (int)(lo + span * i / (c.nalts - 1));
    vf_choice_set_call(&c, call);
    return vf_choices_take(m->choices, &c);
}

/* "crawl.NAME(A[, B])" for a draw's choice. */
static const char *call_of(lua_State *L, const char *name, char *buf,
                           size_t len)
{
    int n = lua_gettop(L) < 2 ? lua_gettop(L) : 2;
    int k = snprintf(buf, len, "crawl.%s(", name);
    for (int i = 1; i <= n && k > 0 && (size_t)k < len; i++)
        k += snprintf(buf + k, len - (size_t)k, "%s%g", i > 1 ? ", " : "",
                      lua_tonumber(L, i));
    if (k > 0 && (size_t)k < len) snprintf(buf + k, len - (size_t)k, ")");
    return buf;
}

static int l_random2(lua_State *L)
{
    char call[64];
    int max = int_arg(L, 1), v = vf_random2(vf_bind_rng(L), max);
    /* [0, max): no choice at all when max <= 1 (INT_MIN - 1 is UB). */
    lua_pushinteger(L, drawn(L, call_of(L, "random2", call, sizeof call), v,
                             0, max > 1 ? max - 1 : 0, 'n'));
    return 1;
}

static int push_truth(lua_State *L, const char *name, int v)
{
    char call[64];
    lua_pushboolean(L, drawn(L, call_of(L, name, call, sizeof call), v, 0,
                             1, 'b'));
    return 1;
}

static int l_coinflip(lua_State *L)
{
    return push_truth(L, "coinflip", vf_coinflip(vf_bind_rng(L)));
}

static int l_one_chance_in(lua_State *L)
{
    int a = int_arg(L, 1);
    int v = vf_one_chance_in(vf_bind_rng(L), a);
    return a > 1 ? push_truth(L, "one_chance_in", v)
                 : (lua_pushboolean(L, v), 1);
}

static int l_x_chance_in_y(lua_State *L)
{
    int x = int_arg(L, 1), y = int_arg(L, 2);
    int v = vf_x_chance_in_y(vf_bind_rng(L), x, y);
    return x > 0 && x < y ? push_truth(L, "x_chance_in_y", v)
                          : (lua_pushboolean(L, v), 1);
}

/* random_range(lo, hi [, rolls]) */
static int l_random_range(lua_State *L)
{
    int lo = int_arg(L, 1), hi = int_arg(L, 2);
    int rolls = lua_isnumber(L, 3) ? int_arg(L, 3) : 1;
    if (rolls < 1) return luaL_error(L, "random_range: %d rolls", rolls);
    check_draws(L, "random_range", "rolls", rolls);
    /* The game's span hi - lo + 1 is an int: a wider one overflows. */
    long long span = (long long)hi - lo + 1;
    if (span > INT_MAX)
        return luaL_error(L, "random_range: %d..%d is wider than %d", lo,
                          hi, INT_MAX);
    /* The game always takes the rolls form, which gives lo when hi < lo
     * (random2avg of a span below 1 is 0). */
    vf_rng *r = vf_bind_rng(L);
    char call[64];
    int v = lo + vf_random2avg(r, span < 1 ? 0 : (int)span, rolls);
    lua_pushinteger(L, drawn(L, call_of(L, "random_range", call, sizeof call),
                             v, lo, hi, 'n'));
    return 1;
}

/* The game divides by rolls: 0 rolls would raise SIGFPE there. */
static int l_random2avg(lua_State *L)
{
    int max = int_arg(L, 1), rolls = int_arg(L, 2);
    if (rolls < 1) return luaL_error(L, "random2avg: %d rolls", rolls);
    check_draws(L, "random2avg", "rolls", rolls);
    char call[64];
    int v = vf_random2avg(vf_bind_rng(L), max, rolls);
    /* The average of rolls below max: [0, max - 1]. */
    lua_pushinteger(L, drawn(L, call_of(L, "random2avg", call, sizeof call),
                             v, 0, max > 1 ? max - 1 : 0, 'n'));
    return 1;
}

/* roll_dice(n, size), or roll_dice(size) for one die, as the game's. Dice
 * whose sum could pass INT_MAX are refused: the game's sum overflows. */
static int l_roll_dice(lua_State *L)
{
    int one = lua_gettop(L) == 1;
    int dice = one ? 1 : int_arg(L, 1), size = int_arg(L, one ? 1 : 2);
    check_draws(L, "roll_dice", "dice", dice);
    if (dice > 0 && size > 0 && (long long)dice * size > INT_MAX)
        return luaL_error(L, "roll_dice: %d dice of %d can sum past %d",
                          dice, size, INT_MAX);
    char call[64];
    int v = vf_roll_dice(vf_bind_rng(L), dice, size);
    /* Each die gives 1..size: the sum is in [dice, dice * size]. */
    int live = dice > 0 && size > 1;
    lua_pushinteger(L, drawn(L, call_of(L, "roll_dice", call, sizeof call),
                             v, live ? dice : 0, live ? dice * size : 0,
                             'n'));
    return 1;
}

/* The game's div_rand_round raises SIGFPE on 0 and on INT_MIN / -1. */
static int l_div_rand_round(lua_State *L)
{
    int num = int_arg(L, 1), den = int_arg(L, 2);
    if (!den) return luaL_error(L, "div_rand_round: division by zero");
    if (num == INT_MIN && den == -1)
        return luaL_error(L, "div_rand_round: %d / -1 is past %d", num,
                          INT_MAX);
    char call[64];
    int v = vf_div_rand_round(vf_bind_rng(L), num, den);
    /* Rounded up only for a positive remainder (vf_div_rand_round): the
     * quotient or the next number up. */
    int q = den == -1 ? v : num / den, up = den > 1 && num % den > 0;
    lua_pushinteger(L, drawn(L, call_of(L, "div_rand_round", call,
                                        sizeof call),
                             v, q, up ? q + 1 : q, 'n'));
    return 1;
}

/* A real in [0, 1) as a choice in millionths (VF_CHOICE_REAL_SCALE); the
 * drawn value itself is returned unless a replay forced another. */
static int l_random_real(lua_State *L)
{
    char call[64];
    double v = vf_random_real(vf_bind_rng(L));
    int scaled = (int)(v * VF_CHOICE_REAL_SCALE);
    int got = drawn(L, call_of(L, "random_real", call, sizeof call), scaled,
                    0, VF_CHOICE_REAL_SCALE - 1, 'r');
    lua_pushnumber(L, got == scaled ? v
                                    : (double)got / VF_CHOICE_REAL_SCALE);
    return 1;
}

/* crawl.err_trace(f, ...): the game's pcall-and-rethrow; a plain call
 * gives the same result and keeps Lua's own error position. */
static int l_err_trace(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* crawl.split(s, sep [, reverse]): the pieces between separators,
 * trimmed, empty ones dropped (the game's split_string). */
static int l_split(lua_State *L)
{
    size_t n, seplen;
    const char *s = luaL_checklstring(L, 1, &n);
    const char *sep = luaL_checklstring(L, 2, &seplen);
    int reverse = lua_toboolean(L, 3);
    lua_newtable(L);
    int count = 0;
    const char *end = s + n;
    while (s <= end) {
        const char *hit = seplen ? strstr(s, sep) : NULL;
        const char *stop = hit && hit < end ? hit : end;
        const char *a = s, *b = stop;
        while (a < b && isspace((unsigned char)*a)) a++;
        while (b > a && isspace((unsigned char)b[-1])) b--;
        if (b > a) {
            lua_pushlstring(L, a, (size_t)(b - a));
            lua_rawseti(L, -2, ++count);
        }
        s = stop + seplen;
        if (stop == end) break;
    }
    for (int i = 1; reverse && i <= count / 2; i++) {
        lua_rawgeti(L, -1, i);
        lua_rawgeti(L, -2, count + 1 - i);
        lua_rawseti(L, -3, i);
        lua_rawseti(L, -2, count + 1 - i);
    }
    return 1;
}

static int l_string_compare(lua_State *L)
{
    int c = strcmp(luaL_checkstring(L, 1), luaL_checkstring(L, 2));
    lua_pushinteger(L, (c > 0) - (c < 0));
    return 1;
}

/* At placement the game has started; while maps load it has not. */
static int l_game_started(lua_State *L)
{
    vf_lua_slot_get(L, &vf_bind_started);
    return 1;
}

/* crawl.rng_wrap(fn, rng_name): fn under a named generator; a case has
 * one generator, so fn simply runs. */
static int l_rng_wrap(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    luaL_checkstring(L, 2);
    lua_settop(L, 1);
    lua_call(L, 0, LUA_MULTRET);
    return lua_gettop(L);
}

/* crawl.split_bytes(n): the four bytes of a 32-bit number, high first.
 * The game keeps n's low 32 bits (a C cast); the same here, taken with
 * fmod, as a cast of a negative or huge double is undefined. */
static int l_split_bytes(lua_State *L)
{
    lua_Number n = trunc(lua_tonumber(L, 1));
    if (!isfinite(n))
        return luaL_argerror(L, 1, "a finite number expected");
    double low = fmod(n, 4294967296.0);
    uint32_t v = (uint32_t)(low < 0 ? low + 4294967296.0 : low);
    for (int shift = 24; shift >= 0; shift -= 8)
        lua_pushinteger(L, (lua_Integer)((v >> shift) & 0xff));
    return 4;
}

static int l_article_a(lua_State *L)
{
    const char *s = luaL_checkstring(L, 1);
    int vowel = strchr("aeiouAEIOU", s[0]) && s[0];
    lua_pushfstring(L, "%s %s", vowel ? "an" : "a", s);
    return 1;
}

/* crawl.make_name(): a random name of two or three syllables, from the
 * case's generator (the game's list of letter pairs is not needed: vaults
 * only use the name as text). */
static int l_make_name(lua_State *L)
{
    static const char *const syl[] = {
        "ka", "ro", "mi", "tha", "sel", "dor", "vin", "ul", "esh", "gar",
        "lo", "qua", "zen", "bri", "ath", "mor"};
    vf_rng *r = vf_bind_rng(L);
    char buf[32] = "";
    int n = 2 + vf_random2(r, 2);
    for (int i = 0; i < n; i++)
        strcat(buf, syl[vf_random2(r, (int)(sizeof syl / sizeof *syl))]);
    buf[0] = (char)toupper((unsigned char)buf[0]);
    lua_pushstring(L, buf);
    return 1;
}

/* random_element(t): a key of t, each weighted by its value (nil 1, a
 * value that is no number 0), drawn as the games that had it drew it
 * (one pass, each key taking the place of the last with its weight's
 * chance); kept for the checkouts whose source registers it. */
static int l_random_element(lua_State *L)
{
    if (lua_gettop(L) == 0) return lua_pushnil(L), 1;
    lua_settop(L, 1);
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushnil(L);   /* 2: the key kept */
    int total = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        int w = lua_isnil(L, -1) ? 1 : (int)lua_tonumber(L, -1);
        total += w;
        if (total - w <= 0 || vf_x_chance_in_y(vf_bind_rng(L), w, total)) {
            lua_pushvalue(L, -2);
            lua_replace(L, 2);
        }
        if (total - w <= 0) total = w;
        lua_pop(L, 1);
    }
    lua_settop(L, 2);
    return 1;
}

static const luaL_Reg crawl_fns[] = {
    {"random2", l_random2}, {"coinflip", l_coinflip},
    {"one_chance_in", l_one_chance_in}, {"x_chance_in_y", l_x_chance_in_y},
    {"random_range", l_random_range}, {"random2avg", l_random2avg},
    {"roll_dice", l_roll_dice}, {"div_rand_round", l_div_rand_round},
    {"random_real", l_random_real}, {"err_trace", l_err_trace},
    {"split", l_split}, {"string_compare", l_string_compare},
    {"game_started", l_game_started}, {"rng_wrap", l_rng_wrap},
    {"split_bytes", l_split_bytes}, {"article_a", l_article_a},
    {"make_name", l_make_name},
    {NULL, NULL}};

void vf_bind_open_crawl(lua_State *L)
{
    vf_lua_register(L, "crawl", crawl_fns);  /* adds to the existing table */
    if (vf_gamesrc_registers(vf_game_src(vf_bind_game_of(L)),
                             "crawl.random_element")) {
        lua_pushcfunction(L, l_random_element);
        lua_setfield(L, -2, "random_element");
    }
    lua_pop(L, 1);
}
