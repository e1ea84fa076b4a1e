/* The default meaning of map glyphs (§3). */
#include "vf_glyph.h"

#include <string.h>

static vf_feat wall_or_stair(int g)
{
    switch (g) {
    case 'x': return VF_F_ROCK_WALL;
    case 'X': return VF_F_PERMAROCK_WALL;
    case 'c': return VF_F_STONE_WALL;
    case 'v': return VF_F_METAL_WALL;
    case 'b': return VF_F_CRYSTAL_WALL;
    case 'm': return VF_F_CLEAR_ROCK_WALL;
    case 'n': return VF_F_CLEAR_STONE_WALL;
    case 'o': return VF_F_CLEAR_PERMAROCK_WALL;
    case 't': return VF_F_TREE;
    case '+': return VF_F_CLOSED_DOOR;
    case '=': return VF_F_RUNED_CLEAR_DOOR;
    case '<': return VF_F_ESCAPE_HATCH_UP;
    case '>': return VF_F_ESCAPE_HATCH_DOWN;
    case '{': return VF_F_STONE_STAIRS_UP_I;
    case '(': return VF_F_STONE_STAIRS_UP_II;
    case '[': return VF_F_STONE_STAIRS_UP_III;
    case '}': return VF_F_STONE_STAIRS_DOWN_I;
    case ')': return VF_F_STONE_STAIRS_DOWN_II;
    case ']': return VF_F_STONE_STAIRS_DOWN_III;
    default: return VF_F_NONE;
    }
}

static vf_feat other_feature(int g)
{
    switch (g) {
    case 'w': return VF_F_DEEP_WATER;
    case 'W': return VF_F_SHALLOW_WATER;
    case 'l': return VF_F_LAVA;
    case 'A': return VF_F_STONE_ARCH;
    case 'I': return VF_F_ORCISH_IDOL;
    case 'G': return VF_F_GRANITE_STATUE;
    case 'T': return VF_F_FOUNTAIN_BLUE;
    case 'U': return VF_F_FOUNTAIN_SPARKLING;
    case 'V': return VF_F_DRY_FOUNTAIN;
    case 'Y': return VF_F_FOUNTAIN_BLOOD;
    case 'B': case 'C': return VF_F_UNKNOWN_ALTAR;
    default: return VF_F_NONE;
    }
}

vf_feat vf_glyph_feature(int glyph)
{
    if (glyph == ' ') return VF_F_NONE;
    vf_feat f = wall_or_stair(glyph);
    if (f == VF_F_NONE) f = other_feature(glyph);
    return f == VF_F_NONE ? VF_F_FLOOR : f;
}

static int is_item(int g)
{
    return (g >= 'd' && g <= 'k') || (g && strchr("$%*|", g));
}

unsigned vf_glyph_flags(int glyph)
{
    int g = glyph;
    unsigned f = 0;
    if (g == '@' || g == '=' || g == '+') f |= VF_GL_EXIT;
    if (g == '^') f |= VF_GL_TRAP;
    if (g == 'B' || g == 'C') f |= VF_GL_ALTAR;
    if (g >= '0' && g <= '9') f |= VF_GL_MONSTER;
    if (is_item(g)) f |= VF_GL_ITEM;
    if (g && strchr("xcbvtX", g)) f |= VF_GL_SOLID_BORDER;
    if (!f && g != ' ' && g != '.' && vf_glyph_feature(g) == VF_F_FLOOR)
        f |= VF_GL_PLAIN;
    if (g == 'w' || g == 'O' || (g && strchr(".+=@{}()[]<>BC^TUVY", g)) ||
        (f & (VF_GL_MONSTER | VF_GL_ITEM)))
        f |= VF_GL_TRAVERSABLE;
    return f;
}
