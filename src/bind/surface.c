/* The rest of the game's Lua API that the corpus and the game's library
 * reach (dcss-compat.md §7, binding_surface.csv), installed after the real
 * bindings so that pairs(dgn) sees every name the game registers.
 *
 * Three kinds: play-time functions (messages, monsters, clouds, markers
 * listening to a running game) that do nothing here; questions about a
 * game in progress answered as for a new game; and functions vaultfuzz
 * does not implement, which fail with a message naming them, so a vault
 * that needs one is reported, never silently mis-resolved. */
#include "bind_int.h"

#include <lauxlib.h>
#include <string.h>

typedef enum { NOOP, FALSE_, TRUE_, ZERO, EMPTY_TABLE, UNIMPL } kind;

typedef struct { const char *table, *name; kind k; } entry;

static const entry surface[] = {
    /* Messages, notes and the screen. */
    {"crawl", "mpr", NOOP}, {"crawl", "dpr", NOOP}, {"crawl", "more", NOOP},
    {"crawl", "clear_messages", NOOP}, {"crawl", "take_note", NOOP},
    {"crawl", "mark_milestone", NOOP}, {"crawl", "mark_game_won", NOOP},
    {"crawl", "god_speaks", NOOP}, {"crawl", "tutorial_msg", NOOP},
    {"crawl", "tutorial_hint", NOOP}, {"crawl", "delay", NOOP},
    {"crawl", "flush_input", NOOP}, {"crawl", "flush_prev_message", NOOP},
    {"crawl", "redraw_view", NOOP}, {"crawl", "redraw_stats", NOOP},
    {"crawl", "stderr", NOOP}, {"crawl", "process_keys", NOOP},
    {"crawl", "set_max_runes", NOOP}, {"crawl", "bane_description", NOOP},
    {"crawl", "bane_name", NOOP},
    {"crawl", "kbhit", FALSE_}, {"crawl", "yesno", FALSE_},
    {"crawl", "seen_hups", ZERO}, {"crawl", "msgch_num", ZERO},
    {"crawl", "millis", ZERO},
    /* The game's debug table (not Lua's): wizard-mode level control. */
    {"debug", "generate_level", NOOP}, {"debug", "goto_place", NOOP},
    {"debug", "reset_player_data", NOOP}, {"debug", "cull_monsters", NOOP},
    {"debug", "disable", NOOP}, {"debug", "dismiss_adjacent", NOOP},
    {"debug", "dump_map", NOOP}, {"debug", "dungeon_setup", NOOP},
    {"debug", "reset_rng", NOOP}, {"debug", "vault_names", NOOP},
    /* The level during play. */
    {"dgn", "set_branch_epilogue", NOOP}, {"dgn", "change_rock_tile", NOOP},
    {"dgn", "change_floor_colour", NOOP}, {"dgn", "change_floor_tile", NOOP},
    {"dgn", "terrain_changed", NOOP}, {"dgn", "create_monster", NOOP},
    {"dgn", "create_item", NOOP}, {"dgn", "place_cloud", NOOP},
    {"dgn", "apply_area_cloud", NOOP}, {"dgn", "fprop_changed", NOOP},
    {"dgn", "tile_feat_changed", NOOP}, {"dgn", "tile_floor_changed", NOOP},
    {"dgn", "register_listener", NOOP}, {"dgn", "remove_listener", NOOP},
    {"dgn", "remove_marker", NOOP}, {"dgn", "reset_feature_name_for", NOOP},
    {"dgn", "seen_destroy_feat", NOOP}, {"dgn", "floor_halo", NOOP},
    {"dgn", "apply_tide", NOOP}, {"dgn", "item_property_remove", NOOP},
    {"dgn", "set_map_mask", NOOP}, {"dgn", "register_feature_marker", NOOP},
    {"dgn", "register_lua_marker", NOOP},
    {"dgn", "place_transporter", NOOP}, {"dgn", "reset_level", NOOP},
    {"dgn", "set_random_mon_list", NOOP},
    {"dgn", "mons_from_mid", NOOP}, {"dgn", "mons_at", NOOP},
    {"dgn", "items_at", NOOP}, {"dgn", "marker_at_pos", NOOP},
    {"dgn", "item_from_index", NOOP}, {"dgn", "vault_at", NOOP},
    {"dgn", "last_builder_error", NOOP}, {"dgn", "feature_desc_at", NOOP},
    {"dgn", "in_vault", FALSE_}, {"dgn", "uniq_tag_used", FALSE_},
    {"dgn", "dgn_event_is_position", FALSE_},
    {"dgn", "colour_at", ZERO},
    {"dgn", "fprop_at", ZERO},
    {"dgn", "find_marker_positions_by_prop", EMPTY_TABLE},
    {"dgn", "find_markers_by_prop", EMPTY_TABLE},
    {"dgn", "map_by_name", UNIMPL}, {"dgn", "map_by_place", UNIMPL},
    {"dgn", "map_in_depth", UNIMPL}, {"dgn", "resolve_map", UNIMPL},
    {"dgn", "place_map", UNIMPL}, {"dgn", "reuse_map", UNIMPL},
    {"dgn", "inspect_map", UNIMPL}, {"dgn", "load_des_file", UNIMPL},
    {"dgn", "shop_inventory_at", UNIMPL},
    {"dgn", "random_walk", UNIMPL}, {"dgn", "distance", UNIMPL},
    {"dgn", "mapsize", UNIMPL},
    /* Saving markers. */
    {"file", "marshall", NOOP}, {"file", "marshall_meta", NOOP},
    {"file", "unmarshall_number", ZERO}, {"file", "unmarshall_meta", NOOP},
    {"file", "unmarshall_string", NOOP}, {"file", "unmarshall_boolean", FALSE_},
    {"file", "minor_version", ZERO},
    /* A new game: nothing carried (its item sets: itemset.c). */
    {"items", "inventory", EMPTY_TABLE},
    {"mons", "behaviour", ZERO}, {"colour", "add_colour", ZERO},
    {"view", "update_monsters", NOOP},
    {"wiz", "identify_all_items", NOOP}, {"wiz", "map_level", NOOP},
    {"you", "teleport_to", NOOP}, {"you", "apply_draining", NOOP},
    {"you", "enter_wizard_mode", NOOP}, {"you", "gain_bane", NOOP},
    {"you", "ostracise", NOOP},
};

static int answer_none(lua_State *L)
{
    (void)L;
    return 0;
}

static int answer_false(lua_State *L)
{
    lua_pushboolean(L, 0);
    return 1;
}

static int answer_true(lua_State *L)
{
    lua_pushboolean(L, 1);
    return 1;
}

static int answer_zero(lua_State *L)
{
    lua_pushinteger(L, 0);
    return 1;
}

static int answer_table(lua_State *L)
{
    lua_newtable(L);
    return 1;
}

/* Upvalue 1: "dgn.name". */
static int not_implemented(lua_State *L)
{
    lua_pushfstring(L, "%s: not implemented in vaultfuzz",
                    lua_tostring(L, lua_upvalueindex(1)));
    return vf_bind_des_error(L, lua_tostring(L, -1));
}

static void push_entry(lua_State *L, const entry *e)
{
    static const lua_CFunction answers[] = {
        answer_none, answer_false, answer_true, answer_zero, answer_table};
    if (e->k != UNIMPL) {
        lua_pushcfunction(L, answers[e->k]);
        return;
    }
    lua_pushfstring(L, "%s.%s", e->table, e->name);
    lua_pushcclosure(L, not_implemented, 1);
}

void vf_bind_global_table(lua_State *L, const char *name)
{
    lua_getglobal(L, name);
    if (lua_istable(L, -1)) return;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setglobal(L, name);
}

void vf_bind_open_surface(lua_State *L)
{
    for (size_t i = 0; i < sizeof surface / sizeof *surface; i++) {
        const entry *e = &surface[i];
        vf_bind_global_table(L, e->table);
        lua_getfield(L, -1, e->name);
        int have = !lua_isnil(L, -1);
        lua_pop(L, 1);
        if (!have) {
            push_entry(L, e);
            lua_setfield(L, -2, e->name);
        }
        lua_pop(L, 1);
    }
}
