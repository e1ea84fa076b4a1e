/* The dgn bindings for keyed specs, per-cell overlays and markers (the
 * game's dgn_kfeat ... dgn_lua_marker, l-dgn.cc and l-dgntil.cc). Each
 * applies its spec at once, in call order (§5.1). */
#include "bind_int.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

typedef int (*key_fn)(vf_rmap *, const char *, size_t, vf_sbuf *);

/* Raises the message in err (freed) at the vault's line. */
static int raise_at_des(lua_State *L, vf_sbuf *err)
{
    lua_pushstring(L, vf_sbuf_str(err));
    vf_sbuf_free(err);
    return vf_bind_des_error(L, lua_tostring(L, -1));
}

/* kfeat/kmons/kitem/kmask(map, "KEYS = spec"): one string. */
static int keyed(lua_State *L, key_fn f)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    size_t n;
    const char *s = luaL_checklstring(L, 2, &n);
    vf_sbuf err = VF_SBUF_INIT;
    /* Its choices are made deeper down: they need the call's line. */
    if (m->choices) m->choices->line = vf_bind_des_line(L);
    if (f(m, s, n, &err)) return raise_at_des(L, &err);
    vf_sbuf_free(&err);
    return 0;
}

static int l_kfeat(lua_State *L) { return keyed(L, vf_rmap_kfeat); }
static int l_kmons(lua_State *L) { return keyed(L, vf_rmap_kmons); }
static int l_kitem(lua_State *L) { return keyed(L, vf_rmap_kitem); }
static int l_kmask(lua_State *L) { return keyed(L, vf_rmap_kmask); }

/* kprop/colour/fheight/ftile/rtile/tile(map, spec, ...): every argument is
 * a spec, as the game's dgn_map_add_transform. */
static int overlay(lua_State *L, vf_ovkind kind)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    int top = lua_gettop(L);
    if (top == 1) return vf_bind_des_error(L, "Expected args, got none.");
    for (int i = 2; i <= top; i++) {
        if (lua_isnil(L, i)) return vf_bind_des_error(L, "Unexpected nil.");
        size_t n;
        const char *s = luaL_checklstring(L, i, &n);
        vf_sbuf err = VF_SBUF_INIT;
        if (vf_rmap_overlay(m, kind, s, n, &err)) return raise_at_des(L, &err);
        vf_sbuf_free(&err);
    }
    return 0;
}

static int l_kprop(lua_State *L) { return overlay(L, VF_OV_KPROP); }
static int l_colour(lua_State *L) { return overlay(L, VF_OV_COLOUR); }
static int l_fheight(lua_State *L) { return overlay(L, VF_OV_FHEIGHT); }
static int l_ftile(lua_State *L) { return overlay(L, VF_OV_FTILE); }
static int l_rtile(lua_State *L) { return overlay(L, VF_OV_RTILE); }
static int l_tile(lua_State *L) { return overlay(L, VF_OV_TILE); }

/* The marker table on top of the stack's property pname, asked as the
 * game's map_lua_marker::property asks it (the table's property method,
 * self and the marker: none here); NULL unless a string that is not
 * empty. An error in the method is the game's printed error: no value. */
static char *marker_property(lua_State *L, const char *pname)
{
    char *v = NULL;
    lua_getfield(L, -1, "property");
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return NULL;
    }
    lua_pushvalue(L, -2);
    lua_pushnil(L);
    lua_pushstring(L, pname);
    if (lua_pcall(L, 3, 1, 0) == 0 && lua_type(L, -1) == LUA_TSTRING
        && vf_lua_rawlen(L, -1) > 0)
        v = vf_xstrdup(lua_tostring(L, -1));
    lua_pop(L, 1);
    return v;
}

/* The marker table's props (on top of the stack): whether it has any,
 * and whether one is the function its monster's death runs. */
static void note_props(lua_State *L, vf_marker *mk)
{
    lua_getfield(L, -1, "props");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "monster_dies_lua_key");
        mk->on_death = lua_isfunction(L, -1);
        lua_pop(L, 1);
        lua_pushnil(L);
        if (lua_next(L, -2)) {
            mk->props = 1;
            lua_pop(L, 2);
        }
    }
    lua_pop(L, 1);
}

/* What placement needs of a marker table (on top of the stack): the
 * names the game's dgn_make_transporters_from_markers pairs
 * (TRANSPORTER_NAME_PROP, TRANSPORTER_DEST_NAME_PROP), and its props. */
static void note_marker(lua_State *L, vf_marker *mk)
{
    note_props(L, mk);
    free(mk->transp);
    mk->transp = marker_property(L, "_transporter_name");
    mk->transp_dest = 0;
    if (mk->transp) return;
    mk->transp = marker_property(L, "_transporter_dest_name");
    mk->transp_dest = mk->transp != NULL;
}

/* Calls the function on top of the stack as mk's maker: in the map
 * environment (dgn_run_map) for a map marker, in _G for a mapless one. It
 * must give a table. The game prints the failure and drops the marker; we
 * raise it, because a marker that never works is the author's bug. Pops
 * the function. */
static void make_marker(lua_State *L, int in_map, vf_marker *mk)
{
    if (in_map) {
        lua_getglobal(L, "dgn_run_map");
        lua_insert(L, -2);
        lua_call(L, 1, 1);
    } else {
        lua_call(L, 0, 1);
    }
    if (!lua_istable(L, -1))
        vf_bind_des_error(L, "lua_marker: Expected table, didn't get it.");
    note_marker(L, mk);
    lua_pop(L, 1);
}

/* Runs the Lua of the "lua:" / "lua_mapless:" markers made by the last
 * call, once per marker, as the game's map_lua_marker does. */
static void run_text_markers(lua_State *L, vf_rmap *m, size_t first)
{
    for (size_t i = first; i < m->nmarkers; i++) {
        const char *spec = m->markers[i].spec;
        int in_map = strncmp(spec, "lua:", 4) == 0;
        if (!in_map && strncmp(spec, "lua_mapless:", 12) != 0) continue;
        vf_sbuf code = VF_SBUF_INIT;
        vf_sbuf_printf(&code, "return %s", spec + (in_map ? 4 : 12));
        int rc = luaL_loadbuffer(L, code.s, code.len,
                                 in_map ? "=lua_marker" : "=lua_mapless");
        vf_sbuf_free(&code);
        if (rc) vf_bind_des_error(L, lua_tostring(L, -1));
        make_marker(L, in_map, &m->markers[i]);
    }
}

/* marker(map, "KEYS = spec"); marker(map, nil) drops all markers; other
 * values are ignored, as in the game. */
static int l_marker(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    if (lua_gettop(L) == 1) return 0;
    if (lua_isnil(L, 2)) {
        vf_rmap_clear_markers(m);
        return 0;
    }
    if (!lua_isstring(L, 2)) return 0;
    size_t n, first = m->nmarkers;
    const char *s = lua_tolstring(L, 2, &n);
    vf_sbuf err = VF_SBUF_INIT;
    if (vf_rmap_marker(m, s, n, &err)) return raise_at_des(L, &err);
    vf_sbuf_free(&err);
    run_text_markers(L, m, first);
    return 0;
}

/* lua_marker(map, "KEYS", fn or table): a marker per cell holding a key.
 * A function is run once per marker in the map environment and must give
 * the marker's table; a table is the marker itself. */
static int l_lua_marker(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    if (lua_gettop(L) != 3 || !lua_isstring(L, 2) ||
        (!lua_isfunction(L, 3) && !lua_istable(L, 3)))
        return vf_bind_des_error(L, "Expected marker key and marker "
                                   "function/table.");
    size_t first = vf_rmap_lua_marker(m, lua_tostring(L, 2));
    for (size_t i = first; i < m->nmarkers; i++) {
        lua_pushvalue(L, 3);
        if (lua_isfunction(L, -1)) {
            make_marker(L, 1, &m->markers[i]);
        } else {
            note_marker(L, &m->markers[i]);
            lua_pop(L, 1);
        }
    }
    return 0;
}

/* dgn.item_spec(spec): the game's _dgn_item_spec (l-dgnit.cc) parses an
 * item list as KITEM does (a bad one raises its error) and hands back an
 * item list object, which only dgn.create_item takes -- a play-time
 * function that does nothing here. So the object is the spec checked and
 * kept as written. */
static int l_item_spec(lua_State *L)
{
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    vf_speclist l = {0};
    vf_sbuf err = VF_SBUF_INIT;
    int bad = vf_speclist_parse(&l, s, n, VF_SPEC_ITEMS, NULL, &err);
    vf_speclist_free(&l);
    if (bad) return raise_at_des(L, &err);
    vf_sbuf_free(&err);
    lua_newtable(L);
    lua_pushlstring(L, s, n);
    lua_setfield(L, -2, "spec");
    /* Shared by every item list: hidden from getmetatable, so no map can
     * change it for the maps after it. */
    if (luaL_newmetatable(L, "item_list")) {
        lua_pushliteral(L, "item_list");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    return 1;
}

static const luaL_Reg keyed_fns[] = {
    {"kfeat", l_kfeat}, {"kmons", l_kmons}, {"kitem", l_kitem},
    {"kmask", l_kmask}, {"kprop", l_kprop}, {"colour", l_colour},
    {"fheight", l_fheight}, {"ftile", l_ftile}, {"rtile", l_rtile},
    {"tile", l_tile}, {"marker", l_marker}, {"lua_marker", l_lua_marker},
    {"item_spec", l_item_spec}, {NULL, NULL}};

void vf_bind_open_dgn_keyed(lua_State *L)
{
    vf_lua_register(L, "dgn", keyed_fns);
    lua_pop(L, 1);
}
