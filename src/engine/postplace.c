/* post_place hooks: what the game runs once a map is on the level
 * (dungeon.cc _build_vault_impl, last step; mapdef.cc map_def::run_hook).
 *
 * A map's hooks live in its environment, which a resolve drops at its
 * end; the last map resolved that left post_place hooks has its
 * environment (and dgn.persist) kept in the registry until the case
 * places it, so a layout map resolved in between (none has hooks)
 * changes neither. */
#include "engine_int.h"
#include "bind/bind_int.h"

#include <lauxlib.h>
#include <string.h>

static const vf_lua_slot kept_slot = {"the post-place hooks"};

/* The words the game's place_maps errors with when die_on_error is set,
 * and that map_def::run_hook takes for a veto without a message. */
#define QUIET_VETO "Failed to place map"

/* Pushes dgn.persist (nil when there is no dgn). */
static void push_persist(lua_State *L)
{
    lua_getglobal(L, "dgn");
    if (lua_istable(L, -1)) lua_getfield(L, -1, "persist");
    else lua_pushnil(L);
    lua_remove(L, -2);
}

void vf_engine_keep_hooks(vf_engine *e, const char *name)
{
    lua_State *L = vf_lua_state(e->lua);
    lua_newtable(L);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "name");
    vf_sbuf ignore = VF_SBUF_INIT;
    lua_pushstring(L, name);
    if (vf_engine_call(e, "dgn_map_env_take", 1, 1, &ignore))
        lua_pushnil(L);   /* a library without it: nothing to keep */
    vf_sbuf_free(&ignore);
    lua_setfield(L, -2, "env");
    push_persist(L);
    lua_setfield(L, -2, "persist");
    vf_bind_params_copy(L);
    lua_setfield(L, -2, "params");
    vf_lua_slot_set(L, &kept_slot);
}

void vf_engine_forget_hooks(vf_engine *e)
{
    lua_State *L = vf_lua_state(e->lua);
    lua_pushnil(L);
    vf_lua_slot_set(L, &kept_slot);
}

/* Sets dgn.persist to the value on the stack top, which it pops (nil:
 * left as it is). */
static void set_persist(lua_State *L)
{
    lua_getglobal(L, "dgn");
    if (!lua_isnil(L, -2) && lua_istable(L, -1)) {
        lua_pushvalue(L, -2);
        lua_setfield(L, -2, "persist");
    }
    lua_pop(L, 2);
}

/* Puts back what vf_engine_keep_hooks kept when it was for name: 1 when
 * there was an environment to put back. */
static int restore_kept(vf_engine *e, const char *name)
{
    lua_State *L = vf_lua_state(e->lua);
    vf_lua_slot_get(L, &kept_slot);
    int have = 0;
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "name");
        lua_getfield(L, -2, "env");
        have = lua_isstring(L, -2) && !strcmp(lua_tostring(L, -2), name)
               && lua_istable(L, -1);
        lua_pop(L, 2);
    }
    if (!have) {
        lua_pop(L, 1);
        return 0;
    }
    lua_getfield(L, -1, "persist");
    set_persist(L);
    lua_getfield(L, -1, "params");   /* the placing's, for its hooks */
    vf_bind_params_set(L);
    vf_sbuf ignore = VF_SBUF_INIT;
    lua_pushstring(L, name);
    lua_getfield(L, -2, "env");
    have = vf_engine_call(e, "dgn_map_env_put", 2, 0, &ignore) == 0;
    vf_sbuf_free(&ignore);
    lua_pop(L, 1);
    return have;
}

int vf_engine_on_level(const vf_engine *e)
{
    return e->level && e->depth == 0;
}

/* Runs the post_place hooks of the current map. */
static int run_post_place(vf_engine *e, vf_sbuf *err)
{
    lua_pushstring(vf_lua_state(e->lua), "post_place");
    return vf_engine_call(e, "dgn_map_run_hook", 1, 0, err);
}

/* A placed map's hooks, with that map current and the hooks' map current
 * again afterwards. A failure is what the game's dgn.place_map catches
 * (the veto of _build_vault_impl): place_map gives nil, and any error but
 * the quiet one is kept to report. 1 when they ran without one. */
static int child_hooks(vf_engine *e, vf_rmap *m)
{
    lua_State *L = vf_lua_state(e->lua);
    int n = vf_engine_hook_count(e, m->def, "post_place");
    if (!n) return 1;
    if (e->hook_depth >= VF_HOOK_NEST_MAX) {
        e->hooks_deep += n;
        return 1;
    }
    vf_sbuf err = VF_SBUF_INIT;
    lua_pushnil(L);
    if (vf_engine_call(e, "dgn_set_map", 1, 1, &err)) lua_pushnil(L);
    int outer_map = lua_gettop(L);
    vf_rmap *outer = e->current;
    e->hook_depth++;
    int rc = vf_engine_set_map(e, m, &err) || run_post_place(e, &err);
    e->hook_depth--;
    e->current = outer;
    vf_sbuf ignore = VF_SBUF_INIT;
    lua_pushvalue(L, outer_map);
    vf_engine_call(e, "dgn_set_map", 1, 0, &ignore);
    vf_sbuf_free(&ignore);
    lua_remove(L, outer_map);
    if (rc && !strstr(vf_sbuf_str(&err), QUIET_VETO) && !e->hook_err.len) {
        vf_engine_whole_path(&err, e->set->files[m->def->file].path);
        vf_sbuf_printf(&e->hook_err, "post_place hook of %s, which a hook "
                       "placed: %s", m->def->name, vf_sbuf_str(&err));
    }
    vf_sbuf_free(&err);
    return !rc;
}

int vf_engine_place_child(vf_engine *e, vf_rmap *m, const vf_engine_spot *s)
{
    int placed = e->level->place(e->level->ctx, m, s);
    if (placed < 0) return 0;
    vf_used_add(&e->level_used, m->def->name, vf_sbuf_str(&m->tags));
    /* The game's place_map gives nil for a map none of whose exits
     * connected, before its hooks would run. */
    return placed && child_hooks(e, m);
}

/* The case's hooks have run: nothing of them is left for the next. */
static void end_hooks(vf_engine *e, const char *name)
{
    vf_engine_flush_env(e, name);
    for (size_t i = 0; i < e->nested.n; i++)
        vf_engine_flush_env(e, e->nested.v[i]);
    vf_strlist_free(&e->nested);
    vf_sbuf ignore = VF_SBUF_INIT;
    lua_pushnil(vf_lua_state(e->lua));
    vf_engine_call(e, "dgn_set_map", 1, 0, &ignore);
    vf_sbuf_free(&ignore);
    e->current = NULL;
    e->level = NULL;
    vf_used_free(&e->level_used);
    vf_sbuf_free(&e->hook_err);
    vf_engine_forget_hooks(e);
}

vf_hook_status vf_engine_post_place(vf_engine *e, vf_rmap *m,
                                    const vf_engine_level *lvl,
                                    uint64_t seed, int *deep, vf_sbuf *err)
{
    *deep = 0;
    const vf_mapdef *def = m->def;
    if (!m->post_place_hooks) return VF_HOOKS_RAN;
    if (!restore_kept(e, def->name)) {
        *deep = m->post_place_hooks;   /* nothing to run them from */
        return VF_HOOKS_RAN;
    }
    vf_rng_seed(&e->rng, seed);
    e->level = lvl;
    e->depth = e->hook_depth = e->hooks_deep = 0;
    vf_used_add(&e->level_used, def->name, vf_sbuf_str(&m->tags));
    vf_lua_set_subject(e->lua, "map", def->name,
                       e->set->files[def->file].path, def->line);
    vf_hook_status st = VF_HOOKS_RAN;
    if (vf_engine_set_map(e, m, err) || run_post_place(e, err)) {
        vf_engine_whole_path(err, e->set->files[def->file].path);
        st = strstr(vf_sbuf_str(err), QUIET_VETO) ? VF_HOOKS_PLACE_FAILED
                                                  : VF_HOOKS_LUA_ERROR;
    } else if (e->hook_err.len) {
        vf_sbuf_adds(err, vf_sbuf_str(&e->hook_err));
        st = VF_HOOKS_LUA_ERROR;
    }
    *deep = e->hooks_deep;
    end_hooks(e, def->name);
    return st;
}
