/* Dungeon feature names, as the game's feature table spells them for vault
 * authors. The order follows the game's table, so a name listed twice there
 * resolves to its first row, as dungeon_feature_by_name does. */
#include "vf_feature.h"

#include <string.h>

static const char *const names[] = {
    NULL,   /* id 0: no feature ("unseen" in the game) */
    /* doors, trees, walls */
    "explore_horizon", "travel_trail", "closed_door", "runed_door",
    "sealed_door", "sealed_clear_door", "closed_clear_door",
    "runed_clear_door", "tree", "mangrove", "demonic_tree", "petrified_tree",
    "metal_wall", "crystal_wall", "rock_wall", "slimy_wall", "stone_wall",
    "permarock_wall", "clear_rock_wall", "clear_stone_wall",
    "clear_permarock_wall", "iron_grate", "open_sea", "endless_lava",
    "endless_salt", "orcish_idol", "metal_statue", "granite_statue",
    "zot_statue", "malign_gateway",
    /* liquids and floors */
    "lava", "deep_water", "shallow_water", "toxic_bog", "mud", "mould_patch",
    "floor", "orb dais", "badly_sealed_door", "expired_portal",
    "broken_door", "broken_clear_door", "open_door", "open_clear_door",
    /* traps (three legacy traps share one name) */
    "trap_mechanical", "trap_net", "trap_pressure_plate", "trap_dispersal",
    "trap_teleport", "trap_teleport_permanent", "trap_shadow",
    "trap_shadow_dormant", "trap_tyrant", "trap_archmage", "trap_harlequin",
    "trap_devourer", "trap_alarm", "trap_zot", "passage of golubria",
    "shaft", "web", "trap_dispersal_inactive", "undiscovered_trap",
    /* shops, arches, stairs */
    "enter_shop", "abandoned_shop", "stone_arch", "unknown_portal",
    "stone_stairs_down_i", "stone_stairs_down_ii", "stone_stairs_down_iii",
    "stone_stairs_up_i", "stone_stairs_up_ii", "stone_stairs_up_iii",
    "escape_hatch_down", "escape_hatch_up", "exit_labyrinth",
    "enter_labyrinth",
    /* portals */
    "enter_dis", "exit_dis", "enter_gehenna", "exit_gehenna",
    "enter_cocytus", "exit_cocytus", "enter_tartarus", "exit_tartarus",
    "enter_hell", "exit_hell", "enter_abyss", "exit_through_abyss",
    "exit_abyss", "enter_pandemonium", "transit_pandemonium",
    "exit_pandemonium", "enter_vaults", "exit_vaults", "enter_zot",
    "exit_zot", "enter_portal_vault", "enter_ziggurat", "enter_bazaar",
    "enter_trove", "enter_necropolis", "enter_sewer", "enter_ossuary",
    "enter_bailey", "enter_gauntlet", "enter_ice_cave", "enter_volcano",
    "enter_gulch", "enter_wizlab", "enter_desolation", "enter_arena",
    "enter_crucible", "exit_portal_vault", "exit_ziggurat", "exit_bazaar",
    "exit_trove", "exit_necropolis", "exit_sewer", "exit_ossuary",
    "exit_bailey", "exit_gauntlet", "exit_ice_cave", "exit_volcano",
    "exit_gulch", "exit_wizlab", "exit_desolation", "exit_arena",
    "exit_crucible",
    /* branch stairs */
    "exit_dungeon", "enter_slime_pits", "exit_slime_pits",
    "enter_orcish_mines", "exit_orcish_mines", "enter_dwarven_hall",
    "enter_forest", "enter_hall_of_blades", "exit_dwarven_hall",
    "exit_forest", "exit_hall_of_blades", "enter_lair", "exit_lair",
    "enter_crypt", "exit_crypt", "enter_temple", "exit_temple",
    "enter_snake_pit", "exit_snake_pit", "enter_elven_halls",
    "exit_elven_halls", "enter_tomb", "exit_tomb", "enter_swamp",
    "exit_swamp", "enter_shoals", "exit_shoals", "enter_spider_nest",
    "exit_spider_nest", "enter_depths", "exit_depths",
    /* altars */
    "unknown_altar", "altar_zin", "altar_the_shining_one",
    "altar_kikubaaqudgha", "altar_yredelemnul", "altar_xom",
    "altar_vehumet", "altar_okawaru", "altar_makhleb", "altar_sif_muna",
    "altar_trog", "altar_nemelex_xobeh", "altar_elyvilon", "altar_lugonu",
    "altar_beogh", "altar_jiyva", "altar_fedhas", "altar_cheibriados",
    "altar_ashenzari", "altar_dithmenos", "altar_gozag", "altar_qazlal",
    "altar_ru", "altar_ecumenical", "altar_pakellas", "altar_uskayaw",
    "altar_hepliaklqana", "altar_wu_jian", "altar_ignis",
    /* fountains and the rest */
    "fountain_blue", "fountain_sparkling", "fountain_blood",
    "fountain_eyes", "dry_fountain", "non-fountain_blue",
    "non-fountain_sparkling", "non-fountain_blood", "decorative_floor",
    "runelight", "purified_mutation_catalyst", "cache_of_baked_goods",
    "cache_of_fruit", "cache_of_meat", "teleporter", "transporter",
    "transporter_landing", "sealed_stair_up", "sealed_stair_down",
    "abyssal_stair", "binding_sigil", "spike_launcher", "frigid wall",
};

#define NFEAT ((int)(sizeof names / sizeof *names) - 1)

/* Altars of gods the game has disabled: looked up as floor. */
static const char *const disabled_altars[] = {"altar_pakellas", NULL};

static int find(const char *name)
{
    for (int i = 1; i <= NFEAT; i++)
        if (!strcmp(names[i], name)) return i;
    return 0;
}

int vf_feature_by_name(const char *name)
{
    for (int i = 0; disabled_altars[i]; i++)
        if (!strcmp(disabled_altars[i], name)) return find("floor");
    return find(name);
}

const char *vf_feature_name(int id)
{
    return id >= 1 && id <= NFEAT ? names[id] : NULL;
}

int vf_feature_count(void)
{
    return NFEAT;
}

/* §3: the terrain of each glyph with a meaning; every other byte is floor.
 * 't' is the plain tree (the game varies it by branch), 'C' the first
 * altar (the game draws a random one). */
static const struct { char glyph; const char *name; } glyph_terrain[] = {
    {'x', "rock_wall"}, {'X', "permarock_wall"}, {'c', "stone_wall"},
    {'v', "metal_wall"}, {'b', "crystal_wall"}, {'m', "clear_rock_wall"},
    {'n', "clear_stone_wall"}, {'o', "clear_permarock_wall"}, {'t', "tree"},
    {'+', "closed_door"}, {'=', "runed_clear_door"}, {'w', "deep_water"},
    {'W', "shallow_water"}, {'l', "lava"}, {'>', "escape_hatch_down"},
    {'<', "escape_hatch_up"}, {'}', "stone_stairs_down_i"},
    {'{', "stone_stairs_up_i"}, {')', "stone_stairs_down_ii"},
    {'(', "stone_stairs_up_ii"}, {']', "stone_stairs_down_iii"},
    {'[', "stone_stairs_up_iii"}, {'A', "stone_arch"}, {'C', "altar_zin"},
    {'I', "orcish_idol"}, {'G', "granite_statue"}, {'T', "fountain_blue"},
    {'U', "fountain_sparkling"}, {'V', "dry_fountain"},
    {'Y', "fountain_blood"}, {'\0', "rock_wall"},
};

int vf_feature_of_glyph(int glyph)
{
    for (size_t i = 0; i < sizeof glyph_terrain / sizeof *glyph_terrain; i++)
        if (glyph_terrain[i].glyph == glyph)
            return find(glyph_terrain[i].name);
    return find("floor");
}
