/* Dungeon feature names, as the game's feature table spells them for vault
 * authors. The order follows the game's table, so a name listed twice there
 * resolves to its first row, as dungeon_feature_by_name does. Each row says
 * the release its name first held for (none: 0.25 or earlier, see
 * vf_gamever.h); names a later version changed are in older_names. */
#include "vf_feature.h"
#include "vf_gamesrc.h"
#include "vf_gamever.h"

#include <string.h>

#define FP_SOLID VF_FP_SOLID
#define FP_OPAQUE VF_FP_OPAQUE
#define FP_WALL VF_FP_WALL
#define FP_DOOR VF_FP_DOOR
#define FP_SEALED VF_FP_SEALED
#define FP_TRAP VF_FP_TRAP
#define FP_NO_TRAVEL VF_FP_NO_TRAVEL
#define FP_DEEP VF_FP_DEEP
#define FP_LAVA VF_FP_LAVA
#define FP_WATER VF_FP_WATER
#define FP_TREE VF_FP_TREE
#define FP_STAIR_UP VF_FP_STAIR_UP
#define FP_STAIR_DOWN VF_FP_STAIR_DOWN
#define FP_HATCH VF_FP_HATCH
#define FP_EXIT VF_FP_EXIT
#define FP_STAIR VF_FP_STAIR

static const struct feature {
    const char *name;
    unsigned props;
    int since;     /* first version with this name; 0: the oldest */
} feats[VF_F_COUNT] = {
    [VF_F_EXPLORE_HORIZON] = {"explore_horizon", 0},
    [VF_F_TRAVEL_TRAIL] = {"travel_trail", 0},
    [VF_F_CLOSED_DOOR] = {"closed_door", FP_SOLID|FP_OPAQUE|FP_DOOR},
    [VF_F_RUNED_DOOR] = {"runed_door", FP_SOLID|FP_OPAQUE|FP_DOOR},
    [VF_F_SEALED_DOOR] = {"sealed_door", FP_SOLID|FP_OPAQUE|FP_DOOR|FP_SEALED},
    [VF_F_SEALED_CLEAR_DOOR] =
        {"sealed_clear_door", FP_SOLID|FP_DOOR|FP_SEALED},
    [VF_F_CLOSED_CLEAR_DOOR] = {"closed_clear_door", FP_SOLID|FP_DOOR},
    [VF_F_RUNED_CLEAR_DOOR] = {"runed_clear_door", FP_SOLID|FP_DOOR},
    [VF_F_TREE] = {"tree", FP_SOLID|FP_OPAQUE|FP_TREE},
    [VF_F_MANGROVE] = {"mangrove", FP_SOLID|FP_OPAQUE|FP_WATER|FP_TREE, 27},
    [VF_F_DEMONIC_TREE] = {"demonic_tree", FP_SOLID|FP_OPAQUE|FP_TREE, 27},
    [VF_F_PETRIFIED_TREE] =
        {"petrified_tree", FP_SOLID|FP_OPAQUE|FP_TREE, 27},
    [VF_F_METAL_WALL] = {"metal_wall", FP_SOLID|FP_OPAQUE|FP_WALL},
    [VF_F_CRYSTAL_WALL] = {"crystal_wall", FP_SOLID|FP_OPAQUE|FP_WALL},
    [VF_F_ROCK_WALL] = {"rock_wall", FP_SOLID|FP_OPAQUE|FP_WALL},
    [VF_F_SLIMY_WALL] = {"slimy_wall", FP_SOLID|FP_OPAQUE|FP_WALL},
    [VF_F_STONE_WALL] = {"stone_wall", FP_SOLID|FP_OPAQUE|FP_WALL},
    [VF_F_PERMAROCK_WALL] = {"permarock_wall", FP_SOLID|FP_OPAQUE|FP_WALL},
    [VF_F_CLEAR_ROCK_WALL] = {"clear_rock_wall", FP_SOLID|FP_WALL},
    [VF_F_CLEAR_STONE_WALL] = {"clear_stone_wall", FP_SOLID|FP_WALL},
    [VF_F_CLEAR_PERMAROCK_WALL] = {"clear_permarock_wall", FP_SOLID|FP_WALL},
    [VF_F_IRON_GRATE] = {"iron_grate", FP_SOLID},
    [VF_F_OPEN_SEA] = {"open_sea", FP_SOLID|FP_WALL|FP_DEEP|FP_WATER},
    [VF_F_ENDLESS_LAVA] = {"endless_lava", FP_SOLID|FP_WALL|FP_LAVA},
    [VF_F_ENDLESS_SALT] = {"endless_salt", FP_SOLID|FP_WALL},
    [VF_F_ORCISH_IDOL] = {"orcish_idol", FP_SOLID},
    [VF_F_METAL_STATUE] = {"metal_statue", FP_SOLID, 32},
    [VF_F_GRANITE_STATUE] = {"granite_statue", FP_SOLID},
    [VF_F_ZOT_STATUE] = {"zot_statue", FP_SOLID, 34},
    [VF_F_MALIGN_GATEWAY] = {"malign_gateway", FP_SOLID},
    [VF_F_LAVA] = {"lava", FP_LAVA},
    [VF_F_DEEP_WATER] = {"deep_water", FP_DEEP|FP_WATER},
    [VF_F_SHALLOW_WATER] = {"shallow_water", FP_WATER},
    [VF_F_TOXIC_BOG] = {"toxic_bog", FP_WATER},
    [VF_F_MUD] = {"mud", 0, 31},
    [VF_F_MOULD_PATCH] = {"mould_patch", 0, VF_GV_TRUNK},
    [VF_F_FLOOR] = {"floor", 0},
    [VF_F_ORB_DAIS] = {"orb dais", 0, 32},
    [VF_F_BADLY_SEALED_DOOR] = {"badly_sealed_door", 0},
    [VF_F_EXPIRED_PORTAL] = {"expired_portal", 0},
    [VF_F_BROKEN_DOOR] = {"broken_door", 0, 28},
    [VF_F_BROKEN_CLEAR_DOOR] = {"broken_clear_door", 0, 28},
    [VF_F_OPEN_DOOR] = {"open_door", 0},
    [VF_F_OPEN_CLEAR_DOOR] = {"open_clear_door", 0},
    [VF_F_TRAP_MECHANICAL] = {"trap_mechanical", FP_TRAP},
    [VF_F_TRAP_NET] = {"trap_net", FP_TRAP, VF_GV_TRUNK},
    [VF_F_TRAP_PRESSURE_PLATE] =
        {"trap_pressure_plate", FP_TRAP, VF_GV_TRUNK},
    [VF_F_TRAP_DISPERSAL] = {"trap_dispersal", FP_TRAP|FP_NO_TRAVEL},
    [VF_F_TRAP_TELEPORT] = {"trap_teleport", FP_TRAP},
    [VF_F_TRAP_TELEPORT_PERMANENT] =
        {"trap_teleport_permanent", FP_TRAP|FP_NO_TRAVEL},
    [VF_F_TRAP_SHADOW] = {"trap_shadow", FP_TRAP},
    [VF_F_TRAP_SHADOW_DORMANT] = {"trap_shadow_dormant", FP_TRAP},
    [VF_F_TRAP_TYRANT] = {"trap_tyrant", FP_TRAP, 33},
    [VF_F_TRAP_ARCHMAGE] = {"trap_archmage", FP_TRAP, 33},
    [VF_F_TRAP_HARLEQUIN] = {"trap_harlequin", FP_TRAP, 33},
    [VF_F_TRAP_DEVOURER] = {"trap_devourer", FP_TRAP, 33},
    [VF_F_TRAP_ALARM] = {"trap_alarm", FP_TRAP},
    [VF_F_TRAP_ZOT] = {"trap_zot", FP_TRAP},
    [VF_F_PASSAGE_OF_GOLUBRIA] = {"passage of golubria", 0},
    [VF_F_SHAFT] = {"shaft", FP_TRAP},
    [VF_F_WEB] = {"web", FP_TRAP, VF_GV_TRUNK},
    [VF_F_TRAP_DISPERSAL_INACTIVE] = {"trap_dispersal_inactive", 0, 34},
    [VF_F_UNDISCOVERED_TRAP] = {"undiscovered_trap", 0},
    [VF_F_ENTER_SHOP] = {"enter_shop", 0},
    [VF_F_ABANDONED_SHOP] = {"abandoned_shop", 0},
    [VF_F_STONE_ARCH] = {"stone_arch", 0},
    [VF_F_UNKNOWN_PORTAL] = {"unknown_portal", 0},
    [VF_F_STONE_STAIRS_DOWN_I] =
        {"stone_stairs_down_i", FP_STAIR_DOWN|FP_STAIR},
    [VF_F_STONE_STAIRS_DOWN_II] =
        {"stone_stairs_down_ii", FP_STAIR_DOWN|FP_STAIR},
    [VF_F_STONE_STAIRS_DOWN_III] =
        {"stone_stairs_down_iii", FP_STAIR_DOWN|FP_STAIR},
    [VF_F_STONE_STAIRS_UP_I] = {"stone_stairs_up_i", FP_STAIR_UP|FP_STAIR},
    [VF_F_STONE_STAIRS_UP_II] = {"stone_stairs_up_ii", FP_STAIR_UP|FP_STAIR},
    [VF_F_STONE_STAIRS_UP_III] = {"stone_stairs_up_iii", FP_STAIR_UP|FP_STAIR},
    [VF_F_ESCAPE_HATCH_DOWN] = {"escape_hatch_down", FP_HATCH|FP_STAIR},
    [VF_F_ESCAPE_HATCH_UP] = {"escape_hatch_up", FP_HATCH|FP_STAIR},
    [VF_F_EXIT_LABYRINTH] = {"exit_labyrinth", FP_STAIR},
    [VF_F_ENTER_LABYRINTH] = {"enter_labyrinth", FP_STAIR},
    [VF_F_ENTER_DIS] = {"enter_dis", FP_STAIR},
    [VF_F_EXIT_DIS] = {"exit_dis", FP_EXIT|FP_STAIR, 28},
    [VF_F_ENTER_GEHENNA] = {"enter_gehenna", FP_STAIR},
    [VF_F_EXIT_GEHENNA] = {"exit_gehenna", FP_EXIT|FP_STAIR, 28},
    [VF_F_ENTER_COCYTUS] = {"enter_cocytus", FP_STAIR},
    [VF_F_EXIT_COCYTUS] = {"exit_cocytus", FP_EXIT|FP_STAIR, 28},
    [VF_F_ENTER_TARTARUS] = {"enter_tartarus", FP_STAIR},
    [VF_F_EXIT_TARTARUS] = {"exit_tartarus", FP_EXIT|FP_STAIR, 28},
    [VF_F_ENTER_HELL] = {"enter_hell", FP_STAIR},
    [VF_F_EXIT_HELL] = {"exit_hell", FP_STAIR},
    [VF_F_ENTER_ABYSS] = {"enter_abyss", FP_STAIR},
    [VF_F_EXIT_THROUGH_ABYSS] = {"exit_through_abyss", FP_STAIR},
    [VF_F_EXIT_ABYSS] = {"exit_abyss", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_PANDEMONIUM] = {"enter_pandemonium", FP_STAIR},
    [VF_F_TRANSIT_PANDEMONIUM] = {"transit_pandemonium", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_PANDEMONIUM] = {"exit_pandemonium", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_VAULTS] = {"enter_vaults", FP_STAIR},
    [VF_F_EXIT_VAULTS] = {"exit_vaults", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_ZOT] = {"enter_zot", FP_STAIR},
    [VF_F_EXIT_ZOT] = {"exit_zot", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_PORTAL_VAULT] = {"enter_portal_vault", FP_STAIR},
    [VF_F_ENTER_ZIGGURAT] = {"enter_ziggurat", FP_STAIR},
    [VF_F_ENTER_BAZAAR] = {"enter_bazaar", FP_STAIR},
    [VF_F_ENTER_TROVE] = {"enter_trove", FP_STAIR},
    [VF_F_ENTER_NECROPOLIS] = {"enter_necropolis", FP_STAIR, 33},
    [VF_F_ENTER_SEWER] = {"enter_sewer", FP_STAIR},
    [VF_F_ENTER_OSSUARY] = {"enter_ossuary", FP_STAIR},
    [VF_F_ENTER_BAILEY] = {"enter_bailey", FP_STAIR},
    [VF_F_ENTER_GAUNTLET] = {"enter_gauntlet", FP_STAIR},
    [VF_F_ENTER_ICE_CAVE] = {"enter_ice_cave", FP_STAIR},
    [VF_F_ENTER_VOLCANO] = {"enter_volcano", FP_STAIR},
    [VF_F_ENTER_GULCH] = {"enter_gulch", FP_STAIR, VF_GV_TRUNK},
    [VF_F_ENTER_WIZLAB] = {"enter_wizlab", FP_STAIR},
    [VF_F_ENTER_DESOLATION] = {"enter_desolation", FP_STAIR},
    [VF_F_ENTER_ARENA] = {"enter_arena", FP_STAIR, 28},
    [VF_F_ENTER_CRUCIBLE] = {"enter_crucible", FP_STAIR, 32},
    [VF_F_EXIT_PORTAL_VAULT] = {"exit_portal_vault", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_ZIGGURAT] = {"exit_ziggurat", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_BAZAAR] = {"exit_bazaar", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_TROVE] = {"exit_trove", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_NECROPOLIS] = {"exit_necropolis", FP_EXIT|FP_STAIR, 33},
    [VF_F_EXIT_SEWER] = {"exit_sewer", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_OSSUARY] = {"exit_ossuary", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_BAILEY] = {"exit_bailey", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_GAUNTLET] = {"exit_gauntlet", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_ICE_CAVE] = {"exit_ice_cave", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_VOLCANO] = {"exit_volcano", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_GULCH] = {"exit_gulch", FP_EXIT|FP_STAIR, VF_GV_TRUNK},
    [VF_F_EXIT_WIZLAB] = {"exit_wizlab", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_DESOLATION] = {"exit_desolation", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_ARENA] = {"exit_arena", FP_EXIT|FP_STAIR, 28},
    [VF_F_EXIT_CRUCIBLE] = {"exit_crucible", FP_EXIT|FP_STAIR, 32},
    [VF_F_EXIT_DUNGEON] = {"exit_dungeon", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_SLIME_PITS] = {"enter_slime_pits", FP_STAIR},
    [VF_F_EXIT_SLIME_PITS] = {"exit_slime_pits", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_ORCISH_MINES] = {"enter_orcish_mines", FP_STAIR},
    [VF_F_EXIT_ORCISH_MINES] = {"exit_orcish_mines", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_DWARVEN_HALL] = {"enter_dwarven_hall", FP_STAIR},
    [VF_F_ENTER_FOREST] = {"enter_forest", FP_STAIR},
    [VF_F_ENTER_HALL_OF_BLADES] = {"enter_hall_of_blades", FP_STAIR},
    [VF_F_EXIT_DWARVEN_HALL] = {"exit_dwarven_hall", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_FOREST] = {"exit_forest", FP_EXIT|FP_STAIR},
    [VF_F_EXIT_HALL_OF_BLADES] = {"exit_hall_of_blades", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_LAIR] = {"enter_lair", FP_STAIR},
    [VF_F_EXIT_LAIR] = {"exit_lair", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_CRYPT] = {"enter_crypt", FP_STAIR},
    [VF_F_EXIT_CRYPT] = {"exit_crypt", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_TEMPLE] = {"enter_temple", FP_STAIR},
    [VF_F_EXIT_TEMPLE] = {"exit_temple", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_SNAKE_PIT] = {"enter_snake_pit", FP_STAIR},
    [VF_F_EXIT_SNAKE_PIT] = {"exit_snake_pit", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_ELVEN_HALLS] = {"enter_elven_halls", FP_STAIR},
    [VF_F_EXIT_ELVEN_HALLS] = {"exit_elven_halls", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_TOMB] = {"enter_tomb", FP_STAIR},
    [VF_F_EXIT_TOMB] = {"exit_tomb", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_SWAMP] = {"enter_swamp", FP_STAIR},
    [VF_F_EXIT_SWAMP] = {"exit_swamp", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_SHOALS] = {"enter_shoals", FP_STAIR},
    [VF_F_EXIT_SHOALS] = {"exit_shoals", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_SPIDER_NEST] = {"enter_spider_nest", FP_STAIR},
    [VF_F_EXIT_SPIDER_NEST] = {"exit_spider_nest", FP_EXIT|FP_STAIR},
    [VF_F_ENTER_DEPTHS] = {"enter_depths", FP_STAIR},
    [VF_F_EXIT_DEPTHS] = {"exit_depths", FP_EXIT|FP_STAIR},
    [VF_F_UNKNOWN_ALTAR] = {"unknown_altar", 0},
    [VF_F_ALTAR_ZIN] = {"altar_zin", 0},
    [VF_F_ALTAR_THE_SHINING_ONE] = {"altar_the_shining_one", 0},
    [VF_F_ALTAR_KIKUBAAQUDGHA] = {"altar_kikubaaqudgha", 0},
    [VF_F_ALTAR_YREDELEMNUL] = {"altar_yredelemnul", 0},
    [VF_F_ALTAR_XOM] = {"altar_xom", 0},
    [VF_F_ALTAR_VEHUMET] = {"altar_vehumet", 0},
    [VF_F_ALTAR_OKAWARU] = {"altar_okawaru", 0},
    [VF_F_ALTAR_MAKHLEB] = {"altar_makhleb", 0},
    [VF_F_ALTAR_SIF_MUNA] = {"altar_sif_muna", 0},
    [VF_F_ALTAR_TROG] = {"altar_trog", 0},
    [VF_F_ALTAR_NEMELEX_XOBEH] = {"altar_nemelex_xobeh", 0},
    [VF_F_ALTAR_ELYVILON] = {"altar_elyvilon", 0},
    [VF_F_ALTAR_LUGONU] = {"altar_lugonu", 0},
    [VF_F_ALTAR_BEOGH] = {"altar_beogh", 0},
    [VF_F_ALTAR_JIYVA] = {"altar_jiyva", 0},
    [VF_F_ALTAR_FEDHAS] = {"altar_fedhas", 0},
    [VF_F_ALTAR_CHEIBRIADOS] = {"altar_cheibriados", 0},
    [VF_F_ALTAR_ASHENZARI] = {"altar_ashenzari", 0},
    [VF_F_ALTAR_DITHMENOS] = {"altar_dithmenos", 0},
    [VF_F_ALTAR_GOZAG] = {"altar_gozag", 0},
    [VF_F_ALTAR_QAZLAL] = {"altar_qazlal", 0},
    [VF_F_ALTAR_RU] = {"altar_ru", 0},
    [VF_F_ALTAR_ECUMENICAL] = {"altar_ecumenical", 0},
    [VF_F_ALTAR_PAKELLAS] = {"altar_pakellas", 0},
    [VF_F_ALTAR_USKAYAW] = {"altar_uskayaw", 0},
    [VF_F_ALTAR_HEPLIAKLQANA] = {"altar_hepliaklqana", 0},
    [VF_F_ALTAR_WU_JIAN] = {"altar_wu_jian", 0},
    [VF_F_ALTAR_IGNIS] = {"altar_ignis", 0, 28},
    [VF_F_FOUNTAIN_BLUE] = {"fountain_blue", 0},
    [VF_F_FOUNTAIN_SPARKLING] = {"fountain_sparkling", 0},
    [VF_F_FOUNTAIN_BLOOD] = {"fountain_blood", 0},
    [VF_F_FOUNTAIN_EYES] = {"fountain_eyes", 0, 33},
    [VF_F_DRY_FOUNTAIN] = {"dry_fountain", 0},
    [VF_F_NON_FOUNTAIN_BLUE] = {"non-fountain_blue", 0},
    [VF_F_NON_FOUNTAIN_SPARKLING] = {"non-fountain_sparkling", 0},
    [VF_F_NON_FOUNTAIN_BLOOD] = {"non-fountain_blood", 0},
    [VF_F_DECORATIVE_FLOOR] = {"decorative_floor", 0, 33},
    [VF_F_RUNELIGHT] = {"runelight", 0, 29},
    [VF_F_PURIFIED_MUTATION_CATALYST] =
        {"purified_mutation_catalyst", 0, VF_GV_TRUNK},
    [VF_F_CACHE_OF_BAKED_GOODS] = {"cache_of_baked_goods", 0, 34},
    [VF_F_CACHE_OF_FRUIT] = {"cache_of_fruit", 0, 34},
    [VF_F_CACHE_OF_MEAT] = {"cache_of_meat", 0, 34},
    [VF_F_TELEPORTER] = {"teleporter", FP_NO_TRAVEL},
    [VF_F_TRANSPORTER] = {"transporter", 0},
    [VF_F_TRANSPORTER_LANDING] = {"transporter_landing", 0},
    [VF_F_SEALED_STAIR_UP] = {"sealed_stair_up", 0},
    [VF_F_SEALED_STAIR_DOWN] = {"sealed_stair_down", 0},
    [VF_F_ABYSSAL_STAIR] = {"abyssal_stair", FP_STAIR},
    [VF_F_BINDING_SIGIL] = {"binding_sigil", 0, 31},
    [VF_F_SPIKE_LAUNCHER] =
        {"spike_launcher", FP_SOLID|FP_OPAQUE|FP_WALL, 33},
    [VF_F_FRIGID_WALL] = {"frigid wall", FP_SOLID|FP_OPAQUE|FP_WALL, 33},
};

#define NFEAT (VF_F_COUNT - 1)

/* Names of features that a later version spells differently or dropped,
 * with the versions that accept them (trunk's trap rename made "trap_web"
 * plain "web"; the food caches were spelled with blanks at first). */
static const struct older_name {
    const char *name;
    int id, first, last;
} older_names[] = {
    {"trap_web", VF_F_WEB, VF_GV_OLDEST, VF_GV_LATEST},
    {"cache of fruit", VF_F_CACHE_OF_FRUIT, 32, 33},
    {"cache of meat", VF_F_CACHE_OF_MEAT, 32, 33},
    {"cache of baked goods", VF_F_CACHE_OF_BAKED_GOODS, 33, 33},
};

/* Altars of gods the game has disabled: looked up as floor. */
static const char *const disabled_altars[] = {"altar_pakellas", NULL};

static int find(const char *name, int ver)
{
    for (int i = 1; i <= NFEAT; i++)
        if (feats[i].since <= ver && !strcmp(feats[i].name, name)) return i;
    for (size_t i = 0; i < sizeof older_names / sizeof *older_names; i++) {
        const struct older_name *o = &older_names[i];
        if (ver >= o->first && ver <= o->last && !strcmp(o->name, name))
            return o->id;
    }
    return 0;
}

/* Our id for a name at any version, or for the feature the source's enum
 * name stands for (DNGN_ROCK_WALL: "rock_wall"), when a fork renamed it. */
static int ours_any_version(const char *name, const char *enum_name)
{
    int id = find(name, VF_GV_TRUNK);
    for (int v = VF_GV_OLDEST; !id && v < VF_GV_TRUNK; v++)
        id = find(name, v);
    if (id || strncmp(enum_name, "DNGN_", 5)) return id;
    char lower[128];
    size_t n = 0;
    for (const char *p = enum_name + 5; *p && n + 1 < sizeof lower; p++)
        lower[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    lower[n] = 0;
    return find(lower, VF_GV_TRUNK);
}

/* A feature of a fork's own: the nearest of ours by feature-data.h's
 * flags, so placement and connectivity treat it as that kind of cell. */
static int stand_in(unsigned fft)
{
    if (fft & VF_GS_FFT_TRAP) return VF_F_TRAP_MECHANICAL;
    if (fft & VF_GS_FFT_WALL)
        return fft & VF_GS_FFT_OPAQUE ? VF_F_ROCK_WALL : VF_F_CLEAR_ROCK_WALL;
    if (fft & VF_GS_FFT_SOLID)
        return fft & VF_GS_FFT_OPAQUE ? VF_F_GRANITE_STATUE : VF_F_IRON_GRATE;
    return VF_F_FLOOR;
}

/* The checkout's own table decides which names exist (terrain.cc
 * dungeon_feature_by_name: the first feat_defs row with that vault name;
 * DNGN_UNSEEN is "no feature"). */
static int by_source(const vf_gamesrc *s, const char *name)
{
    const char *enum_name;
    unsigned fft;
    if (!vf_gamesrc_feature(s, name, &enum_name, &fft)) return 0;
    if (!strcmp(enum_name, "DNGN_UNSEEN")) return 0;
    int id = ours_any_version(name, enum_name);
    return id ? id : stand_in(fft);
}

int vf_feature_by_name(const vf_game *g, const char *name)
{
    const vf_gamesrc *s = vf_game_src(g);
    int declared = vf_gamesrc_declared(s, VF_GS_FEATURES, name);
    if (declared) return declared;   /* the user's word for their game */
    for (int i = 0; disabled_altars[i]; i++)
        if (!strcmp(disabled_altars[i], name)) return VF_F_FLOOR;
    if (vf_gamesrc_has(s, VF_GS_FEATURES)) return by_source(s, name);
    return find(name, vf_game_ver(g));
}

const char *vf_feature_name(int id)
{
    return id >= 1 && id <= NFEAT ? feats[id].name : NULL;
}

int vf_feature_count(void)
{
    return NFEAT;
}

unsigned vf_feature_props(int id)
{
    return id >= 1 && id <= NFEAT ? feats[id].props : 0;
}

int vf_feature_traversable(int id)
{
    unsigned p = vf_feature_props(id);
    if (p & (VF_FP_TRAP | VF_FP_NO_TRAVEL)) return 0;
    if (p & VF_FP_DOOR) return !(p & VF_FP_SEALED);
    return !(p & (VF_FP_SOLID | VF_FP_DEEP | VF_FP_LAVA));
}
