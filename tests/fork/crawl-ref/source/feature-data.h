// A fork's feature table, cut down: the layout of the game's
// feature-data.h (rows in braces, rows through macros, tag-version blocks).
#pragma once
#include "tag-version.h"

static feature_def feat_defs[] =
{
{
    // feat, name, vaultname
    DNGN_UNSEEN, "", "unseen",
    NUM_DCHAR_TYPES, NUM_DCHAR_TYPES,
    BLACK, DARKGREY, DARKGREY, BLACK, DARKGREY,
    FFT_OPAQUE | FFT_SOLID, MF_UNSEEN,
},
{
    DNGN_ROCK_WALL, "rock wall", "rock_wall",
    DCHAR_WALL, DCHAR_WALL_MAGIC,
    COLOUR_IS(BROWN),
    FFT_OPAQUE | FFT_SOLID | FFT_WALL, MF_WALL,
},
{
    DNGN_FLOOR, "floor", "floor",
    DCHAR_FLOOR, DCHAR_FLOOR_MAGIC,
    COLOUR_IS(LIGHTGREY),
    FFT_NONE, MF_FLOOR,
},
/* The fork's own: a wall of glass trees. */
{
    DNGN_GLASS_THICKET, "glass thicket", "glass_thicket",
    DCHAR_TREE, NUM_DCHAR_TYPES,
    COLOUR_IS(CYAN),
    FFT_SOLID | FFT_WALL, MF_WALL,
},
#if TAG_MAJOR_VERSION > 34
{
    DNGN_FUTURE_THING, "future thing", "future_thing",
    DCHAR_FLOOR, NUM_DCHAR_TYPES,
    COLOUR_IS(LIGHTGREY),
    FFT_NONE, MF_FLOOR,
},
#endif

#define STAIRS_UP(num, num2)\
{\
    DNGN_STONE_STAIRS_UP_##num, "stone staircase leading up", "stone_stairs_up_"#num2,\
    DCHAR_STAIRS_UP, NUM_DCHAR_TYPES,\
    GREEN, GREEN, GREEN, WHITE, WHITE,\
    FFT_NONE, MF_STAIR_UP,\
}

STAIRS_UP(I, i),

#define ALTAR(enum, name, vaultname, colour)\
{\
    enum, name, vaultname,\
    DCHAR_ALTAR, NUM_DCHAR_TYPES,\
    colour, DARKGREY, colour, colour, colour,\
    FFT_NOTABLE, MF_FEATURE,\
}

ALTAR(DNGN_ALTAR_ZIN, "glowing silver altar of Zin", "altar_zin", LIGHTGREY),
ALTAR(DNGN_ALTAR_MOSS, "mossy altar of the Moss", "altar_moss", GREEN),
};
