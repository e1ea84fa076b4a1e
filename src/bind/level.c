/* The level being built: the you table and the dgn level queries answer
 * from the case's place (--place), as for a fresh character arriving
 * there. Questions about a game in progress get the answers of a new
 * game (no god, no mutations), but for the choices a game makes at its
 * start or along the way that vaults veto by (branch entrances, the
 * Zot orb, runes, uniques met, skills, item sets): those are drawn per
 * case's game, and recorded as asked (vf_bind_game_ask). */
#include "bind_int.h"
#include "engine/engine_int.h"
#include "vf_feature.h"
#include "vf_place.h"
#include "vf_rng.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

static const vf_lua_slot place_slot = {"the place of the case's level"};
static const vf_lua_slot game_slot = {"the case's game seed"};

#define GXM VF_GXM
#define GYM VF_GYM

/* The place, and how often the bindings read more of it than its branch:
 * a map whose resolve never did built the same at every depth of its
 * branch (mode game keeps such a layout once per branch,
 * vf_bind_place_reads). */
typedef struct place_box {
    vf_place p;
    unsigned long reads;
} place_box;

static place_box *box_of(lua_State *L)
{
    vf_lua_slot_get(L, &place_slot);
    place_box *b = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return b;
}

void vf_bind_set_place(lua_State *L, const vf_place *p)
{
    place_box *b = box_of(L);
    if (!b) {
        b = lua_newuserdata(L, sizeof *b);
        b->reads = 0;
        vf_lua_slot_set(L, &place_slot);
    }
    b->p = *p;
}

const vf_place *vf_bind_place(lua_State *L)
{
    place_box *b = box_of(L);
    if (!b) luaL_error(L, "no place set for this level");
    b->reads++;
    return &b->p;
}

int vf_bind_branch(lua_State *L)
{
    return vf_bind_place_peek(L)->branch;
}

const vf_place *vf_bind_place_peek(lua_State *L)
{
    place_box *b = box_of(L);
    if (!b) luaL_error(L, "no place set for this level");
    return &b->p;
}

unsigned long vf_bind_place_reads(lua_State *L)
{
    place_box *b = box_of(L);
    return b ? b->reads : 0;
}

/* The game the case's level belongs to: the choices a new game makes once
 * (which of Swamp/Shoals and Snake/Spider exist, the orbs of Zot), drawn
 * from the case seed apart from the case's own generator, so they vary
 * from case to case without moving any other draw. */
void vf_bind_set_game(lua_State *L, uint64_t game)
{
    lua_pushnumber(L, (lua_Number)(game >> 11));   /* exact in a double */
    vf_lua_slot_set(L, &game_slot);
}

/* The game-state questions asked since the last vf_bind_game_forget: a
 * registry table of names, so a veto can say what it read. */
static const vf_lua_slot asked_slot = {"the game-state questions asked"};

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

uint64_t vf_bind_game_ask(lua_State *L, const char *question)
{
    vf_lua_slot_table(L, &asked_slot);
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, question);
    lua_pop(L, 1);
    return vf_bind_game(L);
}

void vf_bind_game_forget(lua_State *L)
{
    lua_pushnil(L);
    vf_lua_slot_set(L, &asked_slot);
}

void vf_bind_game_asked(lua_State *L, vf_strlist *out)
{
    vf_lua_slot_get(L, &asked_slot);
    if (lua_istable(L, -1)) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            lua_pop(L, 1);
            if (lua_type(L, -1) == LUA_TSTRING)
                vf_strlist_push(out, vf_xstrdup(lua_tostring(L, -1)));
        }
    }
    lua_pop(L, 1);
    if (out->n > 1) qsort(out->v, out->n, sizeof *out->v, by_text);
}

const vf_game *vf_bind_game_of(lua_State *L)
{
    vf_engine *e = vf_engine_of(L);
    return e ? &e->cfg.game : NULL;
}

uint64_t vf_bind_game(lua_State *L)
{
    vf_lua_slot_get(L, &game_slot);
    uint64_t g = (uint64_t)lua_tonumber(L, -1);
    lua_pop(L, 1);
    return g;
}

static const vf_branch *here(lua_State *L)
{
    return vf_branch_get(vf_bind_game_of(L), vf_bind_branch(L));
}

/* The branch named by argument idx (the game's abbreviations), or the
 * current one when absent. */
static int branch_arg(lua_State *L, int idx)
{
    if (lua_isnoneornil(L, idx)) return vf_bind_branch(L);
    const char *name = luaL_checkstring(L, idx);
    const vf_game *g = vf_bind_game_of(L);
    for (size_t i = 0; i < vf_branch_count(g); i++)
        if (!strcmp(vf_branch_get(g, (int)i)->abbrev, name)) return (int)i;
    return luaL_argerror(L, idx, "No such branch");
}

static int push_place(lua_State *L, const vf_place *p)
{
    char buf[64];
    vf_place_describe(vf_bind_game_of(L), p, buf, sizeof buf);
    lua_pushstring(L, buf);
    return 1;
}

/* ---- you ---------------------------------------------------------------- */

static int you_where(lua_State *L)
{
    return push_place(L, vf_bind_place(L));
}

static int you_branch(lua_State *L)
{
    lua_pushstring(L, here(L)->abbrev);
    return 1;
}

static int you_depth(lua_State *L)
{
    lua_pushinteger(L, vf_bind_place(L)->depth);
    return 1;
}

static int you_absdepth(lua_State *L)
{
    const vf_place *p = vf_bind_place(L);
    lua_pushinteger(L, vf_place_absdepth(vf_bind_game_of(L), p));
    return 1;
}

static int you_depth_fraction(lua_State *L)
{
    const vf_place *p = vf_bind_place(L);
    int levels = here(L)->depth;
    lua_pushnumber(L, levels <= 1 ? 1.0
                   : (double)(p->depth - 1) / (double)(levels - 1));
    return 1;
}

static int you_at_branch_bottom(lua_State *L)
{
    lua_pushboolean(L, vf_bind_place(L)->depth == here(L)->depth);
    return 1;
}

static int you_in_branch(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    int br = vf_branch_find(vf_bind_game_of(L), name);
    if (br < 0) {
        lua_pushfstring(L, "'%s' matches no branches.", name);
        return luaL_argerror(L, 1, lua_tostring(L, -1));
    }
    lua_pushboolean(L, br == vf_bind_branch(L));
    return 1;
}

static int you_is_level_on_stack(lua_State *L)
{
    luaL_checkstring(L, 1);
    lua_pushboolean(L, 0);
    return 1;
}

/* A new character: these take a name (a rune, unique, mutation, skill)
 * and answer none. */
static int you_none_false(lua_State *L)
{
    lua_pushboolean(L, 0);
    return 1;
}

static int you_none_zero(lua_State *L)
{
    lua_pushinteger(L, 0);
    return 1;
}

static int you_god(lua_State *L)
{
    lua_pushstring(L, "No God");
    return 1;
}

static int you_species(lua_State *L)
{
    lua_pushstring(L, "Human");
    return 1;
}

static int you_genus(lua_State *L)
{
    lua_pushstring(L, "human");
    return 1;
}

static int you_name(lua_State *L)
{
    lua_pushstring(L, "vaultfuzz");
    return 1;
}

static int you_pos(lua_State *L)
{
    lua_pushinteger(L, 0);
    lua_pushinteger(L, 0);
    return 2;
}

/* Pandemonium's runes (the lords' and the demonic ones) a game may hold
 * by the time it stands there: each drawn from the case's game, one game
 * in two, so a vault that checks one (a lord's map vetoed until its rune
 * is held: builder/uniques.des) sees both answers over its cases. Other
 * runes, and every rune elsewhere, are not held (a new character). */
static int you_have_rune(lua_State *L)
{
    static const char *const pan[] = {"demonic", "fiery", "dark", "glowing",
                                      "magical"};
    const char *name = luaL_checkstring(L, 1);
    int held = 0;
    const vf_branch *b = here(L);
    /* Mixed apart from the bits the branch pairs and the orbs read. */
    for (int i = 0; b && !strcmp(b->abbrev, "Pan") && i < 5; i++)
        if (!strcmp(name, pan[i]))
            held = vf_seed_mix(vf_bind_game_ask(L, "you.have_rune")
                               ^ (0x72756e65ULL + i)) & 1;
    lua_pushboolean(L, held);
    return 1;
}

/* Whether a unique was already made this game (you.unique_creatures):
 * drawn for each name from the case's game, one game in two, so a map
 * that vetoes itself or leaves a unique out once it was met (Sigmund,
 * the Enchantress, the Pan lords) sees both answers over its cases; never
 * with no game set up (the engine's no_game, as placement.lua runs). */
static int you_uniques(lua_State *L)
{
    size_t n;
    const char *name = luaL_checklstring(L, 1, &n);
    if (vf_engine_of(L)->cfg.no_game) {
        lua_pushboolean(L, 0);
        return 1;
    }
    uint64_t h = vf_seed_mix(vf_bind_game_ask(L, "you.uniques")
                             ^ 0x756e697175ULL /* "uniqu" */
                             ^ vf_hash(VF_HASH_INIT, name, n));
    lua_pushboolean(L, (int)(h & 1));
    return 1;
}

/* A character's trained skill, as the case's game drew it: untrained in
 * one game of two, else 1 to 15 (a level deep enough for a trove or a
 * portal), so a map that vetoes itself for a skill (pf_index_trove_rutra:
 * Stealth below 1) is weight control over its cases, never dead. */
static int you_base_skill(lua_State *L)
{
    size_t n;
    const char *name = luaL_checklstring(L, 1, &n);
    uint64_t h = vf_seed_mix(vf_bind_game_ask(L, "you.base_skill")
                             ^ 0x736b696c6cULL /* "skill" */
                             ^ vf_hash(VF_HASH_INIT, name, n));
    lua_pushinteger(L, h & 1 ? 0 : (lua_Integer)(1 + (h >> 1) % 15));
    return 1;
}

static const luaL_Reg you_fns[] = {
    {"where", you_where}, {"branch", you_branch}, {"depth", you_depth},
    {"absdepth", you_absdepth}, {"depth_fraction", you_depth_fraction},
    {"at_branch_bottom", you_at_branch_bottom},
    {"in_branch", you_in_branch},
    {"is_level_on_stack", you_is_level_on_stack},
    {"god", you_god}, {"race", you_species}, {"species", you_species},
    {"genus", you_genus}, {"monster", you_genus}, {"name", you_name},
    {"pos", you_pos},
    {"have_rune", you_have_rune}, {"uniques", you_uniques},
    {"unrands", you_none_false}, {"have_orb", you_none_false},
    {"silenced", you_none_false}, {"see_cell", you_none_false},
    {"hear_pos", you_none_false}, {"taking_stairs", you_none_false},
    {"mutation", you_none_zero}, {"get_base_mutation_level", you_none_zero},
    {"base_skill", you_base_skill}, {"zigs_completed", you_none_zero},
    {"num_runes", you_none_zero}, {"turns", you_none_zero},
    {"piety_rank", you_none_zero}, {"xl_to_remove_bane", you_none_zero},
    {NULL, NULL}};

/* ---- dgn: branches, levels, bounds -------------------------------------- */

static int dgn_br_depth(lua_State *L)
{
    int b = branch_arg(L, 1);
    lua_pushinteger(L, vf_branch_get(vf_bind_game_of(L), b)->depth);
    return 1;
}

/* Every branch exists in the dungeon vaultfuzz imagines. */
/* Of Lair's two pairs of sub-branches a game has one each. The place's
 * own branch always exists; otherwise the game's draw decides. */
static int exists_in_pair(lua_State *L, int b, const char *one,
                          const char *other, unsigned bit)
{
    int here_b = vf_bind_branch(L);
    const vf_game *g = vf_bind_game_of(L);
    int i = vf_branch_find(g, one), j = vf_branch_find(g, other);
    if (here_b == i || here_b == j) return b == here_b;
    int first = (vf_bind_game_ask(L, "dgn.br_exists") >> bit & 1) == 0;
    return b == i ? first : !first;
}

static int branch_exists(lua_State *L, int b)
{
    const vf_game *g = vf_bind_game_of(L);
    if (b == vf_branch_find(g, "Swamp") || b == vf_branch_find(g, "Shoals"))
        return exists_in_pair(L, b, "Swamp", "Shoals", 0);
    if (b == vf_branch_find(g, "Snake") || b == vf_branch_find(g, "Spider"))
        return exists_in_pair(L, b, "Snake", "Spider", 1);
    return 1;
}

static int dgn_br_exists(lua_State *L)
{
    lua_pushboolean(L, branch_exists(L, branch_arg(L, 1)));
    return 1;
}

/* What the game's level_name makes of a branch with no entrance this game
 * (a cleared level_id: the Dungeon at depth -1, level-id.h clear()). */
static const char no_level[] = "D:-1";

/* A level is a "BRANCH:DEPTH" string here (the game uses a userdata that
 * only these functions read). The entrance: a level of the parent drawn
 * once per game from the branch's range (ng-init-branches.cc
 * create_brentry), or none for a branch without one or left out of this
 * game. */
static int dgn_br_entrance(lua_State *L)
{
    int i = branch_arg(L, 1);
    const vf_game *g = vf_bind_game_of(L);
    const vf_branch *b = vf_branch_get(g, i);
    if (b->parent < 0 || b->mindepth < 1 || b->maxdepth < b->mindepth ||
        !branch_exists(L, i)) {
        lua_pushstring(L, no_level);
        return 1;
    }
    const vf_branch *p = vf_branch_get(g, b->parent);
    uint64_t h = vf_seed_mix(vf_bind_game_ask(L, "dgn.br_entrance")
                             ^ (0x656e747279ULL + (unsigned)i));
    int d = b->mindepth + (int)(h % (uint64_t)(b->maxdepth - b->mindepth + 1));
    vf_place at = {b->parent, d < p->depth ? d : p->depth};
    return push_place(L, &at);
}

static int level_arg(lua_State *L, int idx, vf_place *out)
{
    char why[160];
    const char *s = luaL_checkstring(L, idx);
    if (vf_place_parse(vf_bind_game_of(L), s, out, why, sizeof why))
        return luaL_error(L, "%s", why);
    return 0;
}

/* A level read back: the cleared level of a missing entrance passes
 * through as it is, as the game's describe() gives it. */
static int push_level_arg(lua_State *L, int idx)
{
    vf_place p;
    if (lua_type(L, idx) == LUA_TSTRING &&
        !strcmp(lua_tostring(L, idx), no_level)) {
        lua_pushstring(L, no_level);
        return 1;
    }
    level_arg(L, idx, &p);
    return push_place(L, &p);
}

static int dgn_level_id(lua_State *L)
{
    if (!lua_isnoneornil(L, 1)) return push_level_arg(L, 1);
    return push_place(L, vf_bind_place(L));
}

static int dgn_level_name(lua_State *L)
{
    return push_level_arg(L, 1);
}

static int dgn_is_descent(lua_State *L)
{
    lua_pushboolean(L, 0);
    return 1;
}

/* The orbs guarding Zot: one of three per game. */
static int dgn_zot_orb_type(lua_State *L)
{
    static const char *const orbs[] = {"orb of fire", "orb of winter",
                                       "orb of entropy"};
    lua_pushstring(L, orbs[(vf_bind_game_ask(L, "dgn.zot_orb_type") >> 2) % 3]);
    return 1;
}

/* The map parameters in force: a list the game pushes to for one
 * placing and pops after it (maps.cc dgn_map_parameters), kept in the
 * registry. */
static const vf_lua_slot params_slot = {"the map parameters in force"};

static void push_params(lua_State *L)
{
    vf_lua_slot_table(L, &params_slot);
}

int vf_bind_params_push(lua_State *L, const char *param)
{
    push_params(L);
    int n = (int)vf_lua_rawlen(L, -1);
    lua_pushstring(L, param);
    lua_rawseti(L, -2, n + 1);
    lua_pop(L, 1);
    return n;
}

void vf_bind_params_restore(lua_State *L, int n)
{
    push_params(L);
    for (int i = (int)vf_lua_rawlen(L, -1); i > n; i--) {
        lua_pushnil(L);
        lua_rawseti(L, -2, i);
    }
    lua_pop(L, 1);
}

void vf_bind_params_copy(lua_State *L)
{
    push_params(L);
    int n = (int)vf_lua_rawlen(L, -1);
    lua_createtable(L, n, 0);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, -2, i);
        lua_rawseti(L, -2, i);
    }
    lua_remove(L, -2);
}

void vf_bind_params_set(lua_State *L)
{
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lua_newtable(L);
    }
    vf_lua_slot_set(L, &params_slot);
}

/* A fresh copy each call, as the game's clua_stringtable makes. */
static int dgn_map_parameters(lua_State *L)
{
    vf_bind_params_copy(L);
    return 1;
}

static int dgn_max_bounds(lua_State *L)
{
    lua_pushinteger(L, GXM);
    lua_pushinteger(L, GYM);
    return 2;
}

static int dgn_in_bounds(lua_State *L)
{
    int x = vf_lua_checkint(L, 1), y = vf_lua_checkint(L, 2);
    lua_pushboolean(L, x > 0 && x < GXM - 1 && y > 0 && y < GYM - 1);
    return 1;
}

/* Event types as the game numbers them (markers ask at creation). */
static const char *const event_names[] = {
    "none", "turn", "mons_move", "player_move", "leave_level",
    "entering_level", "entered_level", "player_los", "player_climb",
    "monster_dies", "item_pickup", "item_moved", "feat_change", "unused",
    "door_opened", "door_closed", "hp_warning", "pressure_plate"};

#define NEVENTS (sizeof event_names / sizeof *event_names)

static int dgn_event_type(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TSTRING) {
        const char *s = lua_tostring(L, 1);
        for (size_t i = 0; i < NEVENTS; i++)
            if (!strcmp(s, event_names[i])) {
                lua_pushinteger(L, i ? 1L << (i - 1) : 0);
                return 1;
            }
        lua_pushinteger(L, 0);
    } else if (lua_type(L, 1) == LUA_TNUMBER) {
        unsigned long mask = (unsigned long)vf_lua_toint(L, 1);
        size_t i = 1;
        while (i < NEVENTS && !(mask & (1UL << (i - 1)))) i++;
        lua_pushstring(L, event_names[i < NEVENTS ? i : 0]);
    } else {
        lua_pushnil(L);
    }
    return 1;
}

/* dgn.monster_spec(s): the game parses s into a spec for create_monster,
 * a play-time call; the text stands in for it. */
static int dgn_monster_spec(lua_State *L)
{
    luaL_checkstring(L, 1);
    lua_settop(L, 1);
    return 1;
}

static int dgn_max_monsters(lua_State *L)
{
    lua_pushinteger(L, 700);
    return 1;
}

static int dgn_get_floor_colour(lua_State *L)
{
    lua_pushstring(L, "lightgrey");
    return 1;
}

/* Feature numbers are vaultfuzz's ids (vf_feature.h), in the game's order;
 * vault Lua only passes them back. Unknown names are 0, as in the game. */
static int dgn_feature_number(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    lua_pushinteger(L, vf_feature_by_name(vf_bind_game_of(L), name));
    return 1;
}

static int dgn_feature_name(lua_State *L)
{
    const char *name = vf_feature_name(vf_lua_checkint(L, 1));
    lua_pushstring(L, name ? name : "unseen");
    return 1;
}

static const luaL_Reg dgn_level_fns[] = {
    {"feature_number", dgn_feature_number},
    {"feature_name", dgn_feature_name},
    {"dgn_event_type", dgn_event_type}, {"monster_spec", dgn_monster_spec},
    {"max_monsters", dgn_max_monsters},
    {"get_floor_colour", dgn_get_floor_colour},
    {"br_depth", dgn_br_depth}, {"br_exists", dgn_br_exists},
    {"br_entrance", dgn_br_entrance}, {"level_id", dgn_level_id},
    {"level_name", dgn_level_name}, {"is_descent", dgn_is_descent},
    {"zot_orb_type", dgn_zot_orb_type}, {"max_bounds", dgn_max_bounds},
    {"map_parameters", dgn_map_parameters},
    {"builder_bounds", dgn_max_bounds}, {"in_bounds", dgn_in_bounds},
    {NULL, NULL}};

void vf_bind_open_level(lua_State *L)
{
    vf_lua_register(L, "you", you_fns);
    lua_pop(L, 1);
    vf_lua_register(L, "dgn", dgn_level_fns);
    lua_pop(L, 1);
}
