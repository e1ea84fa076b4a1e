/* The game's name tables that changed between releases, as facts: each
 * name with the first and last version that accepts it. Read from the
 * game's source at every tag from 0.25 to trunk (describe.cc/traps.cc
 * trap_names[] and trap_feature, shopping.cc shop_types[], fprop.cc
 * str_to_fprop), built as the releases were (TAG_MAJOR_VERSION 34, so the
 * legacy names are in). The feature names themselves are in
 * src/game/feature.c, with the version each appeared in. */
#include "vf_gamever.h"
#include "vf_feature.h"
#include "vf_gamesrc.h"

#include <string.h>

#define T VF_GV_TRUNK
#define L VF_GV_LATEST

typedef struct range {
    int first, last;
} range;

static int holds(range r, int ver)
{
    return ver >= r.first && ver <= r.last;
}

/* Trap names (str_to_trap compares lower-cased), and the feature
 * trap_feature gives each. Trunk replaced trap types by features
 * (8d147f2b99), so it has none. The mechanical kinds of old (dart, arrow,
 * blade, needle, gas) all map to features named "trap_mechanical". */
static const struct trapname {
    const char *name;
    int feat;
    range r;
} traps[] = {
    {"dart", VF_F_TRAP_MECHANICAL, {25, 32}},
    {"arrow", VF_F_TRAP_MECHANICAL, {25, 32}},
    {"spear", VF_F_TRAP_MECHANICAL, {25, L}},
    {"blade", VF_F_TRAP_MECHANICAL, {25, 32}},
    {"bolt", VF_F_TRAP_MECHANICAL, {25, L}},
    {"needle", VF_F_TRAP_MECHANICAL, {25, 32}},
    {"gas", VF_F_TRAP_MECHANICAL, {25, L}},
    {"harlequin's", VF_F_TRAP_HARLEQUIN, {33, L}},
    {"archmage's", VF_F_TRAP_ARCHMAGE, {33, L}},
    {"tyrant's", VF_F_TRAP_TYRANT, {33, L}},
    {"devourer's", VF_F_TRAP_DEVOURER, {33, L}},
    {"permanent teleport", VF_F_TRAP_TELEPORT_PERMANENT, {25, L}},
    {"alarm", VF_F_TRAP_ALARM, {25, L}},
    {"net", VF_F_TRAP_NET, {25, L}},
    {"zot", VF_F_TRAP_ZOT, {25, L}},
    {"shaft", VF_F_SHAFT, {25, L}},
    {"passage", VF_F_PASSAGE_OF_GOLUBRIA, {25, L}},
    {"pressure plate", VF_F_TRAP_PRESSURE_PLATE, {25, L}},
    {"web", VF_F_WEB, {25, L}},
    {"teleport", VF_F_TRAP_TELEPORT, {25, L}},
    {"shadow", VF_F_TRAP_SHADOW, {25, L}},
    {"dormant shadow", VF_F_TRAP_SHADOW_DORMANT, {25, L}},
    {"dispersal", VF_F_TRAP_DISPERSAL, {25, L}},
};

int vf_gamever_has_trap_names(const vf_game *g)
{
    return vf_gamesrc_has(vf_game_src(g), VF_GS_TRAPS) || vf_game_ver(g) <= L;
}

/* A trap the checkout's own trap_names[] lists: the feature ours gives
 * that name at any release, else a plain trap (a fork's own kind). */
static int source_trap(const vf_gamesrc *s, const char *name)
{
    if (!vf_gamesrc_lists(s, VF_GS_TRAPS, name)) return 0;
    for (size_t i = 0; i < sizeof traps / sizeof *traps; i++)
        if (!strcmp(traps[i].name, name)) return traps[i].feat;
    return VF_F_TRAP_MECHANICAL;
}

int vf_gamever_strips_known(int ver)
{
    return ver == 25;
}

int vf_gamever_trap(const vf_game *g, const char *name)
{
    const vf_gamesrc *s = vf_game_src(g);
    if (!vf_gamever_has_trap_names(g)) return 0;
    if (!strcmp(name, "random") || !strcmp(name, "any"))
        return VF_GV_RANDOM_TRAP;
    if (vf_gamesrc_declared(s, VF_GS_TRAPS, name))
        return VF_F_TRAP_MECHANICAL;   /* a kind of the game's own */
    if (vf_gamesrc_has(s, VF_GS_TRAPS)) return source_trap(s, name);
    for (size_t i = 0; i < sizeof traps / sizeof *traps; i++)
        if (holds(traps[i].r, vf_game_ver(g)) && !strcmp(traps[i].name, name))
            return traps[i].feat;
    return 0;
}

/* shop_types[]: food and gadget shops went in 0.27, their slots renamed
 * "removed ..." (still accepted, as names). */
static const struct named {
    const char *name;
    range r;
} shops[] = {
    {"weapon", {25, T}}, {"armour", {25, T}}, {"antique weapon", {25, T}},
    {"antique armour", {25, T}}, {"antiques", {25, T}},
    {"jewellery", {25, T}}, {"gadget", {25, 26}},
    {"removed gadget", {27, T}}, {"book", {25, T}}, {"food", {25, 26}},
    {"removed food", {27, T}}, {"distillery", {25, T}}, {"scroll", {25, T}},
    {"general", {25, T}}, {"random", {25, T}}, {"any", {25, T}},
};

static int named_holds(const struct named *t, size_t n, const char *name,
                       int ver)
{
    for (size_t i = 0; i < n; i++)
        if (holds(t[i].r, ver) && !strcmp(t[i].name, name)) return 1;
    return 0;
}

/* 1 when s declares name in table t; else with the checkout's own table
 * t, whether it lists name (or, for shops, says "random" or "any"); -1
 * without one. */
static int source_lists(const vf_gamesrc *s, vf_gs_table t, const char *name)
{
    if (vf_gamesrc_declared(s, t, name)) return 1;
    if (!vf_gamesrc_has(s, t)) return -1;
    if (t == VF_GS_SHOPS && (!strcmp(name, "random") || !strcmp(name, "any")))
        return 1;
    return vf_gamesrc_lists(s, t, name);
}

int vf_gamever_shop_type(const vf_game *g, const char *type)
{
    int from_source = source_lists(vf_game_src(g), VF_GS_SHOPS, type);
    if (from_source >= 0) return from_source;
    return named_holds(shops, sizeof shops / sizeof *shops, type,
                       vf_game_ver(g));
}

/* str_to_fprop: no_submerge went in 0.26, no_automap came in 0.33. */
static const struct named fprops[] = {
    {"bloody", {25, T}}, {"highlight", {25, T}}, {"no_cloud_gen", {25, T}},
    {"no_tele_into", {25, T}}, {"no_tide", {25, T}},
    {"no_submerge", {25, 25}}, {"no_jiyva", {25, T}},
    {"no_automap", {33, T}},
};

int vf_gamever_fprop(const vf_game *g, const char *name)
{
    int from_source = source_lists(vf_game_src(g), VF_GS_FPROPS, name);
    if (from_source >= 0) return from_source;
    return named_holds(fprops, sizeof fprops / sizeof *fprops, name,
                       vf_game_ver(g));
}

/* The gods str_to_god finds (god_name, lower-cased, matched whole), and
 * which of them is_unavailable_god calls unavailable at the start of a
 * game: Pakellas, disabled in every release built with tag version 34.
 * (Jiyva and Ignis become unavailable only when they die in play.) */
static const struct god {
    const char *name;
    int disabled;
    range r;
} gods[] = {
    {"zin", 0, {25, T}}, {"the shining one", 0, {25, T}},
    {"kikubaaqudgha", 0, {25, T}}, {"yredelemnul", 0, {25, T}},
    {"xom", 0, {25, T}}, {"vehumet", 0, {25, T}}, {"okawaru", 0, {25, T}},
    {"makhleb", 0, {25, T}}, {"sif muna", 0, {25, T}}, {"trog", 0, {25, T}},
    {"nemelex xobeh", 0, {25, T}}, {"elyvilon", 0, {25, T}},
    {"lugonu", 0, {25, T}}, {"beogh", 0, {25, T}}, {"jiyva", 0, {25, T}},
    {"fedhas", 0, {25, T}}, {"cheibriados", 0, {25, T}},
    {"ashenzari", 0, {25, T}}, {"dithmenos", 0, {25, T}},
    {"gozag", 0, {25, T}}, {"qazlal", 0, {25, T}}, {"ru", 0, {25, T}},
    {"pakellas", 1, {25, T}}, {"uskayaw", 0, {25, T}},
    {"hepliaklqana", 0, {25, T}}, {"wu jian", 0, {25, T}},
    {"ignis", 0, {28, T}},
};

int vf_gamever_god(const char *name, int ver)
{
    for (size_t i = 0; i < sizeof gods / sizeof *gods; i++)
        if (holds(gods[i].r, ver) && !strcmp(gods[i].name, name))
            return gods[i].disabled;
    return -1;
}
