/* vf_feature (src/game/): the dungeon features a vault may name (KFEAT,
 * "feat:" markers), by the names the game's dungeon_feature_by_name
 * accepts.
 *
 * A feature is a small positive id, vaultfuzz's own (not the game's enum
 * value); 0 means "no such feature". The table holds every name of the
 * game's feature table for this version (TAG_MAJOR_VERSION 34, so the
 * legacy names still load), in the game's order. Two quirks are the game's:
 * "unseen" is a name but its feature is the "no feature" value, so naming
 * it is an error; and the altar of a god the game has disabled (Pakellas)
 * is looked up as plain floor. */
#ifndef VF_FEATURE_H
#define VF_FEATURE_H

#include "vf_gamever.h"

/* Every feature, in the game's table order. */
typedef enum vf_feat {
    VF_F_NONE = 0,
    VF_F_EXPLORE_HORIZON, VF_F_TRAVEL_TRAIL, VF_F_CLOSED_DOOR,
    VF_F_RUNED_DOOR, VF_F_SEALED_DOOR, VF_F_SEALED_CLEAR_DOOR,
    VF_F_CLOSED_CLEAR_DOOR, VF_F_RUNED_CLEAR_DOOR, VF_F_TREE, VF_F_MANGROVE,
    VF_F_DEMONIC_TREE, VF_F_PETRIFIED_TREE, VF_F_METAL_WALL,
    VF_F_CRYSTAL_WALL, VF_F_ROCK_WALL, VF_F_SLIMY_WALL, VF_F_STONE_WALL,
    VF_F_PERMAROCK_WALL, VF_F_CLEAR_ROCK_WALL, VF_F_CLEAR_STONE_WALL,
    VF_F_CLEAR_PERMAROCK_WALL, VF_F_IRON_GRATE, VF_F_OPEN_SEA,
    VF_F_ENDLESS_LAVA, VF_F_ENDLESS_SALT, VF_F_ORCISH_IDOL, VF_F_METAL_STATUE,
    VF_F_GRANITE_STATUE, VF_F_ZOT_STATUE, VF_F_MALIGN_GATEWAY, VF_F_LAVA,
    VF_F_DEEP_WATER, VF_F_SHALLOW_WATER, VF_F_TOXIC_BOG, VF_F_MUD,
    VF_F_MOULD_PATCH, VF_F_FLOOR, VF_F_ORB_DAIS, VF_F_BADLY_SEALED_DOOR,
    VF_F_EXPIRED_PORTAL, VF_F_BROKEN_DOOR, VF_F_BROKEN_CLEAR_DOOR,
    VF_F_OPEN_DOOR, VF_F_OPEN_CLEAR_DOOR, VF_F_TRAP_MECHANICAL, VF_F_TRAP_NET,
    VF_F_TRAP_PRESSURE_PLATE, VF_F_TRAP_DISPERSAL, VF_F_TRAP_TELEPORT,
    VF_F_TRAP_TELEPORT_PERMANENT, VF_F_TRAP_SHADOW, VF_F_TRAP_SHADOW_DORMANT,
    VF_F_TRAP_TYRANT, VF_F_TRAP_ARCHMAGE, VF_F_TRAP_HARLEQUIN,
    VF_F_TRAP_DEVOURER, VF_F_TRAP_ALARM, VF_F_TRAP_ZOT,
    VF_F_PASSAGE_OF_GOLUBRIA, VF_F_SHAFT, VF_F_WEB,
    VF_F_TRAP_DISPERSAL_INACTIVE, VF_F_UNDISCOVERED_TRAP, VF_F_ENTER_SHOP,
    VF_F_ABANDONED_SHOP, VF_F_STONE_ARCH, VF_F_UNKNOWN_PORTAL,
    VF_F_STONE_STAIRS_DOWN_I, VF_F_STONE_STAIRS_DOWN_II,
    VF_F_STONE_STAIRS_DOWN_III, VF_F_STONE_STAIRS_UP_I,
    VF_F_STONE_STAIRS_UP_II, VF_F_STONE_STAIRS_UP_III, VF_F_ESCAPE_HATCH_DOWN,
    VF_F_ESCAPE_HATCH_UP, VF_F_EXIT_LABYRINTH, VF_F_ENTER_LABYRINTH,
    VF_F_ENTER_DIS, VF_F_EXIT_DIS, VF_F_ENTER_GEHENNA, VF_F_EXIT_GEHENNA,
    VF_F_ENTER_COCYTUS, VF_F_EXIT_COCYTUS, VF_F_ENTER_TARTARUS,
    VF_F_EXIT_TARTARUS, VF_F_ENTER_HELL, VF_F_EXIT_HELL, VF_F_ENTER_ABYSS,
    VF_F_EXIT_THROUGH_ABYSS, VF_F_EXIT_ABYSS, VF_F_ENTER_PANDEMONIUM,
    VF_F_TRANSIT_PANDEMONIUM, VF_F_EXIT_PANDEMONIUM, VF_F_ENTER_VAULTS,
    VF_F_EXIT_VAULTS, VF_F_ENTER_ZOT, VF_F_EXIT_ZOT, VF_F_ENTER_PORTAL_VAULT,
    VF_F_ENTER_ZIGGURAT, VF_F_ENTER_BAZAAR, VF_F_ENTER_TROVE,
    VF_F_ENTER_NECROPOLIS, VF_F_ENTER_SEWER, VF_F_ENTER_OSSUARY,
    VF_F_ENTER_BAILEY, VF_F_ENTER_GAUNTLET, VF_F_ENTER_ICE_CAVE,
    VF_F_ENTER_VOLCANO, VF_F_ENTER_GULCH, VF_F_ENTER_WIZLAB,
    VF_F_ENTER_DESOLATION, VF_F_ENTER_ARENA, VF_F_ENTER_CRUCIBLE,
    VF_F_EXIT_PORTAL_VAULT, VF_F_EXIT_ZIGGURAT, VF_F_EXIT_BAZAAR,
    VF_F_EXIT_TROVE, VF_F_EXIT_NECROPOLIS, VF_F_EXIT_SEWER, VF_F_EXIT_OSSUARY,
    VF_F_EXIT_BAILEY, VF_F_EXIT_GAUNTLET, VF_F_EXIT_ICE_CAVE,
    VF_F_EXIT_VOLCANO, VF_F_EXIT_GULCH, VF_F_EXIT_WIZLAB,
    VF_F_EXIT_DESOLATION, VF_F_EXIT_ARENA, VF_F_EXIT_CRUCIBLE,
    VF_F_EXIT_DUNGEON, VF_F_ENTER_SLIME_PITS, VF_F_EXIT_SLIME_PITS,
    VF_F_ENTER_ORCISH_MINES, VF_F_EXIT_ORCISH_MINES, VF_F_ENTER_DWARVEN_HALL,
    VF_F_ENTER_FOREST, VF_F_ENTER_HALL_OF_BLADES, VF_F_EXIT_DWARVEN_HALL,
    VF_F_EXIT_FOREST, VF_F_EXIT_HALL_OF_BLADES, VF_F_ENTER_LAIR,
    VF_F_EXIT_LAIR, VF_F_ENTER_CRYPT, VF_F_EXIT_CRYPT, VF_F_ENTER_TEMPLE,
    VF_F_EXIT_TEMPLE, VF_F_ENTER_SNAKE_PIT, VF_F_EXIT_SNAKE_PIT,
    VF_F_ENTER_ELVEN_HALLS, VF_F_EXIT_ELVEN_HALLS, VF_F_ENTER_TOMB,
    VF_F_EXIT_TOMB, VF_F_ENTER_SWAMP, VF_F_EXIT_SWAMP, VF_F_ENTER_SHOALS,
    VF_F_EXIT_SHOALS, VF_F_ENTER_SPIDER_NEST, VF_F_EXIT_SPIDER_NEST,
    VF_F_ENTER_DEPTHS, VF_F_EXIT_DEPTHS, VF_F_UNKNOWN_ALTAR, VF_F_ALTAR_ZIN,
    VF_F_ALTAR_THE_SHINING_ONE, VF_F_ALTAR_KIKUBAAQUDGHA,
    VF_F_ALTAR_YREDELEMNUL, VF_F_ALTAR_XOM, VF_F_ALTAR_VEHUMET,
    VF_F_ALTAR_OKAWARU, VF_F_ALTAR_MAKHLEB, VF_F_ALTAR_SIF_MUNA,
    VF_F_ALTAR_TROG, VF_F_ALTAR_NEMELEX_XOBEH, VF_F_ALTAR_ELYVILON,
    VF_F_ALTAR_LUGONU, VF_F_ALTAR_BEOGH, VF_F_ALTAR_JIYVA, VF_F_ALTAR_FEDHAS,
    VF_F_ALTAR_CHEIBRIADOS, VF_F_ALTAR_ASHENZARI, VF_F_ALTAR_DITHMENOS,
    VF_F_ALTAR_GOZAG, VF_F_ALTAR_QAZLAL, VF_F_ALTAR_RU, VF_F_ALTAR_ECUMENICAL,
    VF_F_ALTAR_PAKELLAS, VF_F_ALTAR_USKAYAW, VF_F_ALTAR_HEPLIAKLQANA,
    VF_F_ALTAR_WU_JIAN, VF_F_ALTAR_IGNIS, VF_F_FOUNTAIN_BLUE,
    VF_F_FOUNTAIN_SPARKLING, VF_F_FOUNTAIN_BLOOD, VF_F_FOUNTAIN_EYES,
    VF_F_DRY_FOUNTAIN, VF_F_NON_FOUNTAIN_BLUE, VF_F_NON_FOUNTAIN_SPARKLING,
    VF_F_NON_FOUNTAIN_BLOOD, VF_F_DECORATIVE_FLOOR, VF_F_RUNELIGHT,
    VF_F_PURIFIED_MUTATION_CATALYST, VF_F_CACHE_OF_BAKED_GOODS,
    VF_F_CACHE_OF_FRUIT, VF_F_CACHE_OF_MEAT, VF_F_TELEPORTER,
    VF_F_TRANSPORTER, VF_F_TRANSPORTER_LANDING, VF_F_SEALED_STAIR_UP,
    VF_F_SEALED_STAIR_DOWN, VF_F_ABYSSAL_STAIR, VF_F_BINDING_SIGIL,
    VF_F_SPIKE_LAUNCHER, VF_F_FRIGID_WALL,
    VF_F_COUNT
} vf_feat;

/* What a feature is, for placement and connectivity (§4.1). */
enum {
    VF_FP_SOLID = 1 << 0,       /* feat_is_solid: walls, trees, closed
                                 * doors, statues, idols, grates */
    VF_FP_OPAQUE = 1 << 1,      /* feat_is_opaque */
    VF_FP_WALL = 1 << 2,        /* a wall proper (FFT_WALL) */
    VF_FP_DOOR = 1 << 3,        /* a closed door of any kind */
    VF_FP_SEALED = 1 << 4,      /* a sealed door: not traversable */
    VF_FP_TRAP = 1 << 5,        /* a trap (not the passage of Golubria) */
    VF_FP_NO_TRAVEL = 1 << 6,   /* permanent teleport or dispersal trap,
                                 * legacy teleporter: travel avoids it */
    VF_FP_DEEP = 1 << 7,        /* deep water, open sea */
    VF_FP_LAVA = 1 << 8,        /* lava, endless lava */
    VF_FP_WATER = 1 << 9,       /* feat_is_water */
    VF_FP_TREE = 1 << 10,
    VF_FP_STAIR_UP = 1 << 11,   /* stone stairs up I-III */
    VF_FP_STAIR_DOWN = 1 << 12, /* stone stairs down I-III */
    VF_FP_HATCH = 1 << 13,      /* escape hatches */
    VF_FP_EXIT = 1 << 14,       /* a way out of the branch: branch and
                                 * portal exits, Pan and Abyss exits (never
                                 * the exit from Hell) */
    VF_FP_STAIR = 1 << 15,      /* feat_is_stair: any stair, hatch, branch
                                 * entry or exit, portal or gate */
};

/* The id for a name, or 0 when game g (vf_gamever.h; NULL: trunk) knows
 * no such feature: the names g declares first, then the checkout's own
 * feature table when g has one, else ours at g's version. */
int vf_feature_by_name(const vf_game *g, const char *name);

/* The name of an id (a static string), or NULL for an unknown id. */
const char *vf_feature_name(int id);

/* Number of ids: valid ids are 1..vf_feature_count(). */
int vf_feature_count(void);

/* The VF_FP_* bits of a feature; 0 for an unknown id. */
unsigned vf_feature_props(int id);

/* feat_is_traversable as the game's connectivity checks use it: a solid
 * floor (not solid, not deep water, not lava) or a closed door that is
 * not sealed; never a trap. */
int vf_feature_traversable(int id);

#endif
