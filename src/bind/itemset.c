/* The game's item sets (item-prop.cc item_sets, initialise_item_sets): a
 * new game picks one member of each set, uniformly, and only that one is
 * ever generated. A vault asks with items.pickable("box of beasts") -- is
 * it the one this game picked? -- and vetoes itself or swaps its loot by
 * the answer, so each case draws its game's picks from the case's game
 * (vf_bind_game) and a vault that checks sees both answers over its
 * cases. The sets changed between releases; each row says when it held. */
#include "bind_int.h"
#include "vf_gamever.h"

#include <lauxlib.h>
#include <string.h>

typedef struct item_set {
    int since, until;             /* releases it holds for (vf_gamever) */
    const char *members[4];       /* item spec names, NULL-ended */
} item_set;

static const item_set item_sets[] = {
    {29, VF_GV_TRUNK, {"wand of charming", "wand of paralysis"}},
    {29, VF_GV_TRUNK, {"wand of acid", "wand of light",
                       "wand of quicksilver"}},
    {29, 31, {"wand of iceblast", "wand of roots"}},
    {32, VF_GV_TRUNK, {"wand of iceblast", "wand of roots",
                       "wand of warping"}},
    {29, 29, {"scroll of fog", "scroll of butterflies"}},
    {30, VF_GV_TRUNK, {"scroll of summoning", "scroll of butterflies"}},
    {30, VF_GV_TRUNK, {"condenser vane", "tin of tremorstones"}},
    {31, VF_GV_TRUNK, {"box of beasts", "sack of spiders"}},
    {32, VF_GV_TRUNK, {"phial of floods", "gravitambourine"}},
};
#define NSETS (sizeof item_sets / sizeof *item_sets)

/* Whether spec names member: the name, then the end or the spec's other
 * words (" charges:9 w:30"). */
static int names(const char *spec, const char *member)
{
    while (*spec == ' ') spec++;
    size_t n = strlen(member);
    return !strncmp(spec, member, n) && (spec[n] == '\0' || spec[n] == ' ');
}

/* 1 when spec is in a set of the engine's game version and not the member
 * the case's game picked, else 0. question: the binding asking. */
static int excluded(lua_State *L, const char *spec, const char *question)
{
    int ver = vf_game_ver(vf_bind_game_of(L));
    for (size_t i = 0; i < NSETS; i++) {
        const item_set *s = &item_sets[i];
        if (ver < s->since || ver > s->until) continue;
        int n = 0, at = -1;
        for (; n < 4 && s->members[n]; n++)
            if (names(spec, s->members[n])) at = n;
        if (at < 0) continue;
        uint64_t pick = vf_seed_mix(vf_bind_game_ask(L, question) ^
                                    (0x69736574ULL + i));
        return (int)(pick % (uint64_t)n) != at;
    }
    return 0;
}

static int items_pickable(lua_State *L)
{
    lua_pushboolean(L, !excluded(L, luaL_checkstring(L, 1),
                                  "items.pickable"));
    return 1;
}

static int items_excluded_from_set(lua_State *L)
{
    lua_pushboolean(L, excluded(L, luaL_checkstring(L, 1),
                                 "items.excluded_from_set"));
    return 1;
}

static const luaL_Reg items_fns[] = {
    {"pickable", items_pickable},
    {"excluded_from_set", items_excluded_from_set}, {NULL, NULL}};

void vf_bind_open_items(lua_State *L)
{
    vf_lua_register(L, "items", items_fns);
    lua_pop(L, 1);
}
