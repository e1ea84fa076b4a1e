/* Levels: set-up and ASCII rendering. */
#include "vf_level.h"
#include "vf_glyph.h"

#include <string.h>

void vf_level_init(vf_level *l, const vf_game *g, const vf_place *p,
                   vf_feat fill)
{
    memset(l, 0, sizeof *l);
    memset(l->feat, fill, sizeof l->feat);
    l->game = g;
    l->place = *p;
}

void vf_level_init_empty(vf_level *l, const vf_game *g, const vf_place *p)
{
    vf_level_init(l, g, p, VF_F_ROCK_WALL);
    for (int y = 1; y < VF_GYM - 1; y++)
        memset(&l->feat[y][1], VF_F_FLOOR, VF_GXM - 2);
}

uint64_t vf_level_transporter_name(const char *name)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        h = (h ^ *p) * 0x100000001b3u;
    return h;
}

/* The first destination named name, as an index + 1; 0 when none. The
 * game keeps the first of several (and reports the rest as errors). */
static int destination(const vf_level *l, uint64_t name)
{
    for (int i = 0; i < l->ntransporters; i++)
        if (l->transporters[i].dest && l->transporters[i].name == name)
            return i + 1;
    return 0;
}

static void pair_transporters(vf_level *l)
{
    for (int i = 0; i < l->ntransporters; i++) {
        vf_level_transporter *t = &l->transporters[i];
        if (t->dest || t->to) continue;
        int d = destination(l, t->name);
        if (!d) continue;
        const vf_level_transporter *to = &l->transporters[d - 1];
        t->to = (uint8_t)d;
        l->feat[t->y][t->x] = VF_F_TRANSPORTER;
        l->feat[to->y][to->x] = VF_F_TRANSPORTER_LANDING;
    }
}

void vf_level_add_transporter(vf_level *l, int x, int y, int dest,
                              uint64_t name)
{
    if (!vf_level_in_bounds(x, y)
        || l->ntransporters >= VF_LEVEL_MAX_TRANSPORTERS)
        return;
    vf_level_transporter *t = &l->transporters[l->ntransporters++];
    t->name = name;
    t->x = (uint8_t)x;
    t->y = (uint8_t)y;
    t->dest = (uint8_t)!!dest;
    t->to = 0;
    pair_transporters(l);
}

/* Features no map glyph makes, by kind. */
static int other_char(vf_feat f)
{
    unsigned p = vf_feature_props(f);
    const char *name = vf_feature_name(f);
    if (p & VF_FP_TRAP) return '^';
    if (p & VF_FP_WALL) return 'x';
    if (p & VF_FP_TREE) return 't';
    if (p & VF_FP_DOOR) return p & VF_FP_OPAQUE ? '+' : '=';
    if (p & VF_FP_DEEP) return 'w';
    if (p & VF_FP_LAVA) return 'l';
    if (p & VF_FP_WATER) return 'W';
    if (p & VF_FP_STAIR) return strncmp(name, "exit", 4) ? '>' : '<';
    if (!strncmp(name, "altar_", 6)) return '_';
    if (!strncmp(name, "open_", 5) || !strncmp(name, "broken_", 7))
        return '\'';
    if (p & VF_FP_SOLID) return 'G';
    return '.';
}

int vf_level_feature_char(vf_feat f)
{
    static const char glyphs[] = "xXcvbmnot+=wWl<>{([})]AIGTUVY";
    if (f == VF_F_FLOOR) return '.';
    if (f == VF_F_UNKNOWN_ALTAR) return '_';
    for (const char *g = glyphs; *g; g++)
        if (vf_glyph_feature(*g) == f) return *g;
    return other_char(f);
}

void vf_level_ascii(const vf_level *l, char *buf)
{
    /* Each kind of feature looked up once: a level holds a dozen. */
    char ch[256] = {0};
    char *o = buf;
    for (int y = 0; y < VF_GYM; y++) {
        for (int x = 0; x < VF_GXM; x++) {
            uint8_t f = l->feat[y][x];
            if (!ch[f]) ch[f] = (char)vf_level_feature_char((vf_feat)f);
            *o++ = ch[f];
        }
        *o++ = '\n';
    }
    *o = '\0';
}
