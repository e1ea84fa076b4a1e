/* Monsters that cannot stand on the cell a vault gives them: the game
 * turns the cell into the monster's own terrain when it places the
 * monster (dgn_place_monster), which can join or cut off zones. */
#include "place_int.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* The monsters whose habitat has no dry land (the game's monster data:
 * water, deep water and lava dwellers that do not fly). */
static const struct {
    const char *name;
    vf_feat home;        /* what the cell becomes */
    int shallow_ok;      /* shallow water is habitable too */
} dwellers[] = {
    {"electric eel", VF_F_DEEP_WATER, 1},
    {"elemental wellspring", VF_F_DEEP_WATER, 1},
    {"sacred lotus", VF_F_DEEP_WATER, 1},
    {"kraken", VF_F_DEEP_WATER, 0},
    {"lava snake", VF_F_LAVA, 0},
    {"hellfire mortar", VF_F_LAVA, 0},
};

/* Whether word (lower case) occurs in s as whole words (case-insensitive).
 * The first letter is tested inline: this runs for every monster cell. */
static int has_words(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = s; *p; p++) {
        if (tolower((unsigned char)*p) != word[0] || strncasecmp(p, word, n))
            continue;
        int before = p == s || !isalnum((unsigned char)p[-1]);
        int after = !isalnum((unsigned char)p[n]);
        if (before && after) return 1;
    }
    return 0;
}

/* Undead and spectral versions of a dweller walk on land. */
static int changed_body(const char *s)
{
    static const char *const kinds[] = {"zombie", "skeleton", "simulacrum",
                                        "spectral", NULL};
    for (int i = 0; kinds[i]; i++)
        if (has_words(s, kinds[i])) return 1;
    return 0;
}

vf_feat vf_place_monster_terrain(const char *spec, vf_feat here)
{
    if (!spec || changed_body(spec)) return here;
    for (size_t i = 0; i < sizeof dwellers / sizeof *dwellers; i++) {
        if (!has_words(spec, dwellers[i].name)) continue;
        if (here == dwellers[i].home) return here;
        if (dwellers[i].shallow_ok && here == VF_F_SHALLOW_WATER) return here;
        return dwellers[i].home;
    }
    return here;
}
