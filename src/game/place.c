/* The branch table and places (BRANCH:DEPTH). */
#include "vf_place.h"
#include "vf_gamesrc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The game's branches: abbreviation, names, parent, number of levels,
 * absolute depth offset (level n of a branch is at offset + n), and the
 * two branch-data.h flags the connectivity checks read: no_x_level_travel
 * (the portal branches, the Abyss and Pandemonium) and islanded (Tomb),
 * and the levels of the parent its entrance is drawn among (-1: none). */
static const vf_branch branches[] = {
    {"D", "Dungeon", "the Dungeon", -1, 15, 0, 0, 0, -1, -1},
    {"Temple", "Temple", "the Ecumenical Temple", 0, 1, 5, 0, 0, 4, 7},
    {"Orc", "Orcish Mines", "the Orcish Mines", 0, 2, 10, 0, 0, 9, 12},
    {"Elf", "Elven Halls", "the Elven Halls", 2, 3, 15, 0, 0, 2, 2},
    {"Dwarf", "Dwarven Hall", "the Dwarven Hall", 3, 0, 17, 0, 0, -1, -1},
    {"Lair", "Lair", "the Lair of Beasts", 0, 5, 10, 0, 0, 8, 11},
    {"Swamp", "Swamp", "the Swamp", 5, 4, 15, 0, 0, 2, 3},
    {"Shoals", "Shoals", "the Shoals", 5, 4, 15, 0, 0, 2, 3},
    {"Snake", "Snake Pit", "the Snake Pit", 5, 4, 15, 0, 0, 2, 3},
    {"Spider", "Spider Nest", "the Spider Nest", 5, 4, 15, 0, 0, 2, 3},
    {"Slime", "Slime Pits", "the Pits of Slime", 5, 5, 17, 0, 0, 4, 5},
    {"Vaults", "Vaults", "the Vaults", 0, 5, 19, 0, 0, 13, 14},
    {"Blade", "Hall of Blades", "the Hall of Blades", 11, 1, 21, 0, 0, 3, 4},
    {"Crypt", "Crypt", "the Crypt", 11, 3, 19, 0, 0, 2, 3},
    {"Tomb", "Tomb", "the Tomb of the Ancients", 13, 3, 21, 0, 1, 3, 3},
    {"Hell", "Hell", "the Vestibule of Hell", -1, 1, 27, 0, 0, -1, -1},
    {"Dis", "Dis", "the Iron City of Dis", 15, 7, 28, 0, 0, 1, 1},
    {"Geh", "Gehenna", "Gehenna", 15, 7, 28, 0, 0, 1, 1},
    {"Coc", "Cocytus", "Cocytus", 15, 7, 28, 0, 0, 1, 1},
    {"Tar", "Tartarus", "Tartarus", 15, 7, 28, 0, 0, 1, 1},
    {"Zot", "Zot", "the Realm of Zot", 24, 5, 27, 0, 0, 4, 4},
    {"Forest", "Forest", "the Enchanted Forest", 11, 5, 19, 0, 0, 2, 3},
    {"Abyss", "Abyss", "the Abyss", -1, 7, 24, 1, 0, -1, -1},
    {"Pan", "Pandemonium", "Pandemonium", -1, 1, 24, 1, 0, -1, -1},
    {"Depths", "Depths", "the Depths", 0, 4, 22, 0, 0, 15, 15},
    {"Zig", "Ziggurat", "a ziggurat", 24, 27, 27, 1, 0, 1, 4},
    {"Lab", "Labyrinth", "a Labyrinth", -1, 1, 15, 1, 0, -1, -1},
    {"Bazaar", "Bazaar", "a bazaar", -1, 1, 18, 1, 0, -1, -1},
    {"Trove", "Trove", "a treasure trove", -1, 1, 18, 1, 0, -1, -1},
    {"Sewer", "Sewer", "a sewer", -1, 1, 4, 1, 0, -1, -1},
    {"Ossuary", "Ossuary", "an ossuary", -1, 1, 6, 1, 0, -1, -1},
    {"Bailey", "Bailey", "a bailey", -1, 1, 11, 1, 0, -1, -1},
    {"Gauntlet", "Gauntlet", "a Gauntlet", -1, 1, 15, 1, 0, -1, -1},
    {"IceCv", "Ice Cave", "an ice cave", -1, 1, 15, 1, 0, -1, -1},
    {"Volcano", "Volcano", "a volcano", -1, 1, 14, 1, 0, -1, -1},
    {"WizLab", "Wizlab", "a wizard's laboratory", -1, 1, 24, 1, 0, -1, -1},
    {"Desolation", "Desolation", "the Desolation of Salt", -1, 1, 20, 1, 0,
     -1, -1},
    {"Arena", "Arena", "the Arena", -1, 1, 0, 1, 0, -1, -1},
    {"Crucible", "Crucible", "the Crucible of Flesh", -1, 1, 0, 1, 0, -1, -1},
    {"Necropolis", "Necropolis", "the Necropolis", -1, 1, 0, 1, 0, -1, -1},
    {"Gulch", "Gulch", "a gutter gulch", -1, 1, 20, 1, 0, -1, -1},
};

#define NBRANCHES (sizeof branches / sizeof *branches)

/* g's branch table: the checkout's own (branch-data.h) when its source
 * was read, else ours. */
static const vf_branch *table(const vf_game *g, size_t *n)
{
    const vf_branch *t = vf_gamesrc_branches(vf_game_src(g), n);
    if (t) return t;
    *n = NBRANCHES;
    return branches;
}

size_t vf_branch_count(const vf_game *g)
{
    size_t n;
    table(g, &n);
    return n;
}

const vf_branch *vf_branch_get(const vf_game *g, int i)
{
    size_t n;
    const vf_branch *t = table(g, &n);
    return i >= 0 && (size_t)i < n ? &t[i] : NULL;
}

int vf_branch_find(const vf_game *g, const char *name)
{
    size_t n;
    const vf_branch *t = table(g, &n);
    for (size_t i = 0; i < n; i++)
        if (!strcasecmp(name, t[i].abbrev) ||
            !strcasecmp(name, t[i].shortname) ||
            !strcasecmp(name, t[i].longname))
            return (int)i;
    return -1;
}

int vf_place_parse(const vf_game *g, const char *s, vf_place *out, char *why,
                   size_t whylen)
{
    char name[64];
    const char *colon = strchr(s, ':');
    size_t n = colon ? (size_t)(colon - s) : strlen(s);
    if (n >= sizeof name) n = sizeof name - 1;
    memcpy(name, s, n);
    name[n] = 0;
    int br = vf_branch_find(g, name);
    if (br < 0) {
        snprintf(why, whylen, "no branch \"%s\" in place \"%s\"", name, s);
        return -1;
    }
    int depth = 1;
    if (colon) {
        char *end;
        long d = strtol(colon + 1, &end, 10);
        if (!strcmp(colon + 1, "$")) {
            d = vf_branch_get(g, br)->depth;
        } else if (end == colon + 1 || *end) {
            snprintf(why, whylen, "bad depth in place \"%s\"", s);
            return -1;
        }
        const vf_branch *b = vf_branch_get(g, br);
        if (d < 1 || d > b->depth) {
            snprintf(why, whylen, "%s has levels 1 to %d, not %ld",
                     b->abbrev, b->depth, d);
            return -1;
        }
        depth = (int)d;
    }
    out->branch = br;
    out->depth = depth;
    return 0;
}

void vf_place_describe(const vf_game *g, const vf_place *p, char *buf,
                       size_t len)
{
    const vf_branch *b = vf_branch_get(g, p->branch);
    if (b->depth == 1) snprintf(buf, len, "%s", b->abbrev);
    else snprintf(buf, len, "%s:%d", b->abbrev, p->depth);
}

int vf_place_absdepth(const vf_game *g, const vf_place *p)
{
    return vf_branch_get(g, p->branch)->absdepth + p->depth;
}
