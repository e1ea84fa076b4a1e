/* Reading a names file (--game-names, vf_gamesrc.h): the names a game has
 * beyond its tables, declared by the user when the checkout has
 * no C++ source to read them from. */
#include "vf_gamesrc.h"
#include "vf_feature.h"
#include "vf_fs.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define NAMES_MAX_FILE (1u << 20)

/* The kinds a line may declare, as the note counts them. */
static const struct kind {
    const char *word;
    vf_gs_table table;
    const char *one, *many;
} kinds[] = {
    {"feature", VF_GS_FEATURES, "feature", "features"},
    {"trap", VF_GS_TRAPS, "trap", "traps"},
    {"shop", VF_GS_SHOPS, "shop type", "shop types"},
    {"fprop", VF_GS_FPROPS, "fprop", "fprops"},
};

#define NKINDS (sizeof kinds / sizeof *kinds)

/* The blank-separated words of line up to any '#', into words (owned). */
static void split_words(const char *line, size_t n, vf_strlist *words)
{
    const char *end = memchr(line, '#', n);
    if (end) n = (size_t)(end - line);
    for (size_t i = 0; i < n; ) {
        while (i < n && isspace((unsigned char)line[i])) i++;
        size_t start = i;
        while (i < n && !isspace((unsigned char)line[i])) i++;
        if (i > start)
            vf_strlist_push(words, vf_xstrndup(line + start, i - start));
    }
}

/* words[from, to) joined by single blanks, owned; "" when none. */
static char *joined(const vf_strlist *words, size_t from, size_t to)
{
    vf_sbuf b = VF_SBUF_INIT;
    vf_sbuf_adds(&b, "");
    for (size_t i = from; i < to; i++)
        vf_sbuf_printf(&b, "%s%s", i > from ? " " : "", words->v[i]);
    return vf_sbuf_take(&b);
}

/* The index of the last "like" in words past the kind, or 0. */
static size_t like_at(const vf_strlist *words)
{
    for (size_t i = words->n; i-- > 1; )
        if (!strcmp(words->v[i], "like")) return i;
    return 0;
}

/* "feature NAME like KNOWN": NAME declared as the feature KNOWN is in
 * the game of version ver with s's tables, among those declared already
 * and then those tables. */
static int declare_feature(vf_gamesrc *s, int ver, const vf_strlist *words,
                           vf_sbuf *why)
{
    vf_game g = {ver, s};
    size_t like = like_at(words);
    char *name = joined(words, 1, like ? like : words->n);
    char *known = like ? joined(words, like + 1, words->n) : vf_xstrdup("");
    int id = 0;
    if (!*name)
        vf_sbuf_adds(why, "feature: no name");
    else if (!*known)
        vf_sbuf_printf(why, "feature %s: no 'like KNOWN' (the game's "
                       "feature it behaves as)", name);
    else if (!(id = vf_gamesrc_declared(s, VF_GS_FEATURES, known))
             && !(id = vf_feature_by_name(&g, known)))
        vf_sbuf_printf(why, "feature %s: like '%s': the game has no such "
                       "feature", name, known);
    if (id) vf_gamesrc_declare(s, VF_GS_FEATURES, name, id);
    free(name);
    free(known);
    return id ? 0 : -1;
}

/* "trap NAME", "shop NAME", "fprop NAME": NAME is the rest of the line. */
static int declare_listed(vf_gamesrc *s, const struct kind *k,
                          const vf_strlist *words, vf_sbuf *why)
{
    if (words->n < 2) {
        vf_sbuf_printf(why, "%s: no name", k->word);
        return -1;
    }
    if (like_at(words)) {
        vf_sbuf_printf(why, "%s: 'like' is for features only", k->word);
        return -1;
    }
    char *name = joined(words, 1, words->n);
    for (char *c = name; k->table == VF_GS_TRAPS && *c; c++)
        *c = (char)tolower((unsigned char)*c);
    vf_gamesrc_declare(s, k->table, name, 0);
    free(name);
    return 0;
}

/* One line's declaration into s, counted in count[]; nothing for a blank
 * or comment line. Returns 0, or -1 with why. */
static int declare_line(vf_gamesrc *s, int ver, const char *line, size_t n,
                        size_t *count, vf_sbuf *why)
{
    vf_strlist words = {0};
    split_words(line, n, &words);
    int rc = 0;
    if (words.n) {
        size_t k = 0;
        while (k < NKINDS && strcmp(kinds[k].word, words.v[0])) k++;
        if (k == NKINDS)
            vf_sbuf_printf(why, "unknown kind '%s' (feature, trap, shop or "
                           "fprop)", words.v[0]), rc = -1;
        else if (kinds[k].table == VF_GS_FEATURES)
            rc = declare_feature(s, ver, &words, why);
        else
            rc = declare_listed(s, &kinds[k], &words, why);
        if (!rc) count[k]++;
    }
    vf_strlist_free(&words);
    return rc;
}

/* "1 feature, 2 traps declared in PATH", after "; " when note has text. */
static void describe(const size_t *count, const char *path, vf_sbuf *note)
{
    const char *sep = "";
    if (note->len) vf_sbuf_adds(note, "; ");
    for (size_t k = 0; k < NKINDS; k++)
        if (count[k]) {
            vf_sbuf_printf(note, "%s%zu %s", sep, count[k],
                           count[k] == 1 ? kinds[k].one : kinds[k].many);
            sep = ", ";
        }
    vf_sbuf_printf(note, "%s declared in %s", *sep ? "" : "no names", path);
}

int vf_gamesrc_read_names(vf_gamesrc **s, int ver, const char *path,
                          vf_sbuf *note, vf_sbuf *err)
{
    char *text, why[256];
    size_t len;
    if (vf_fs_read(path, NAMES_MAX_FILE, &text, &len, why, sizeof why)) {
        vf_sbuf_printf(err, "%s: %s", path, why);
        return -1;
    }
    if (!*s) *s = vf_gamesrc_new();
    size_t count[NKINDS] = {0}, lineno = 1;
    vf_sbuf line_why = VF_SBUF_INIT;
    int rc = 0;
    for (const char *p = text; !rc && p < text + len; lineno++) {
        const char *eol = memchr(p, '\n', (size_t)(text + len - p));
        size_t n = eol ? (size_t)(eol - p) : (size_t)(text + len - p);
        rc = declare_line(*s, ver, p, n, count, &line_why);
        p += n + 1;
    }
    if (rc)
        vf_sbuf_printf(err, "%s:%zu: %s", path, lineno - 1,
                       vf_sbuf_str(&line_why));
    else
        describe(count, path, note);
    vf_sbuf_free(&line_why);
    free(text);
    return rc;
}
