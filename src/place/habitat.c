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

/* ---- monsters that never leave their cell -------------------------------- */

/* The monsters the game flags M_STATIONARY (their dat/mons YAML flags
 * list "stationary", mon-flags.h's M_STATIONARY), by the name a spec
 * gives; firewood as mons_class_is_firewood has it: stationary, flagged
 * no_threat, neither a tentacle nor a segment nor a test monster. */
static const struct {
    const char *name;
    int firewood;
} stayers[] = {
    {"aspiring flesh", 0}, {"ballistomycete", 0}, {"blazeheart core", 0},
    {"block of ice", 1}, {"boundless tesseract", 0}, {"briar patch", 1},
    {"burstshroom", 0}, {"bush", 1}, {"demonic plant", 1},
    {"diamond obelisk", 1}, {"diamond sawblade", 0},
    {"dormant clockwork bee", 0}, {"eldritch tentacle", 0},
    {"eldritch tentacle segment", 0}, {"fulminant prism", 0},
    {"fungus", 1}, {"god wrath avatar", 1}, {"hellfire mortar", 0},
    {"hoarfrost cannon", 0}, {"ice statue", 0}, {"lightning spire", 0},
    {"obsidian statue", 0}, {"oklob plant", 0}, {"oklob sapling", 0},
    {"orange crystal statue", 0}, {"petrified flower", 1},
    {"pile of debris", 1}, {"pile of flesh", 1}, {"pillar of rime", 1},
    {"pillar of salt", 1}, {"plant", 1}, {"roxanne", 0},
    {"sacred lotus", 1}, {"scrub nettle", 0}, {"seismosaurus egg", 0},
    {"shadow prism", 0}, {"shadow turret", 0}, {"snaplasher vine", 0},
    {"snaplasher vine segment", 0}, {"splinterfrost barricade", 1},
    {"stack of scrap", 1}, {"starflower", 0}, {"starspawn tentacle", 0},
    {"starspawn tentacle segment", 0}, {"statue", 0},
    {"strange machine", 0}, {"tentacle", 0}, {"tentacle segment", 0},
    {"test spawner", 0}, {"test statue", 0}, {"toadstool", 1},
    {"training dummy", 0}, {"withered plant", 1},
};

/* The words of a spec that are no part of the monster's name: the flags
 * mons_list::parse_mons_spec strips (tags with a ':' go too). */
static int spec_flag(const char *w, size_t n)
{
    static const char *const flags[] = {
        "generate_awake", "patrolling", "band", "seen", "always_corpse",
        "never_corpse", "god_gift", "name_suffix", "n_suf",
        "name_adjective", "n_adj", "name_replace", "n_rpl",
        "name_definite", "n_the", "name_descriptor", "n_des",
        "name_species", "n_spe", "name_zombie", "n_zom", "name_nocorpse",
        "n_noc", NULL};
    if (memchr(w, ':', n)) return 1;
    for (int i = 0; flags[i]; i++)
        if (strlen(flags[i]) == n && !strncasecmp(flags[i], w, n)) return 1;
    return 0;
}

/* The monster name of one alternative of a spec (its part before any
 * ';', flags and tags dropped, '_' read as ' ', lower case) into buf. */
static void spec_name(const char *spec, char *buf, size_t len)
{
    size_t o = 0;
    const char *p = spec;
    while (*p && *p != ';') {
        while (*p == ' ' || *p == '\t') p++;
        const char *w = p;
        while (*p && *p != ';' && *p != ' ' && *p != '\t') p++;
        size_t n = (size_t)(p - w);
        if (!n || spec_flag(w, n)) continue;
        for (size_t i = 0; i <= n && o + 1 < len; i++)
            buf[o++] = i == n ? ' '
                       : w[i] == '_' ? ' '
                       : (char)tolower((unsigned char)w[i]);
    }
    while (o && buf[o - 1] == ' ') o--;
    buf[o] = '\0';
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && !strcmp(s + n - t, tail);
}

unsigned vf_place_monster_stays(const char *spec)
{
    char name[96];
    if (!spec) return 0;
    spec_name(spec, name, sizeof name);
    /* mons_by_name's "<shape>-shaped pillar of salt" and "...block of
     * ice": the same stationary monsters, shaped. */
    if (ends_with(name, "-shaped pillar of salt")
        || ends_with(name, "-shaped block of ice"))
        return VF_CELL_STATIC_MONSTER | VF_CELL_FIREWOOD;
    for (size_t i = 0; i < sizeof stayers / sizeof *stayers; i++)
        if (!strcmp(name, stayers[i].name))
            return VF_CELL_STATIC_MONSTER
                   | (stayers[i].firewood ? VF_CELL_FIREWOOD : 0);
    return 0;
}
