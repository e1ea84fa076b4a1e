/* The map parameter the game places a map under when it draws the map by
 * a tag that tells the map how to build itself: an overflow temple
 * (dungeon.cc _build_overflow_temples: "temple_overflow_generic_N", or
 * "temple_overflow_N" followed by its gods' tags) or a Temple map
 * ("temple_altars_N", _builder_normal). Maps read it with
 * dgn.map_parameters (get_overflow_altar_count, get_altar_count). */
#include "engine_int.h"

#include <ctype.h>
#include <string.h>

#define GENERIC "temple_overflow_generic_"
#define OVERFLOW "temple_overflow_"
#define ALTARS "temple_altars_"

/* Whether word (n bytes) is prefix followed by digits only. */
static int numbered(const char *word, size_t n, const char *prefix)
{
    size_t p = strlen(prefix);
    if (n <= p || strncmp(word, prefix, p)) return 0;
    for (size_t i = p; i < n; i++)
        if (!isdigit((unsigned char)word[i])) return 0;
    return 1;
}

/* The pick-th word of tags (" a b ") that is prefix plus a number, or the
 * number of such words when pick < 0. */
static size_t numbered_word(const char *tags, const char *prefix, long pick,
                            const char **at, size_t *len)
{
    size_t count = 0;
    for (const char *s = tags; *s;) {
        s += strspn(s, " ");
        size_t n = strcspn(s, " ");
        if (n && numbered(s, n, prefix)) {
            if (pick >= 0 && (size_t)pick == count) {
                *at = s;
                *len = n;
            }
            count++;
        }
        s += n;
    }
    return count;
}

/* Appends one word of tags numbered under prefix, drawn by game; 1 when
 * the map has such a word. */
static int draw_word(const char *tags, const char *prefix, uint64_t game,
                     vf_sbuf *out)
{
    size_t n = numbered_word(tags, prefix, -1, NULL, NULL), len = 0;
    const char *at = NULL;
    if (!n) return 0;
    numbered_word(tags, prefix, (long)(game % n), &at, &len);
    vf_sbuf_add(out, at, len);
    return 1;
}

/* The gods' tags of a specialised overflow temple, after its count. */
static void god_words(const char *tags, vf_sbuf *out)
{
    size_t p = strlen(OVERFLOW);
    for (const char *s = tags; *s;) {
        s += strspn(s, " ");
        size_t n = strcspn(s, " ");
        if (n > p && !strncmp(s, OVERFLOW, p) && !numbered(s, n, OVERFLOW) &&
            strncmp(s, GENERIC, strlen(GENERIC))) {
            vf_sbuf_addc(out, ' ');
            vf_sbuf_add(out, s, n);
        }
        s += n;
    }
}

int vf_engine_drawn_param(const char *tags, uint64_t game, vf_sbuf *out)
{
    if (!tags) return 0;
    if (draw_word(tags, GENERIC, game, out)) return 1;
    if (draw_word(tags, OVERFLOW, game, out)) {
        god_words(tags, out);
        return 1;
    }
    return draw_word(tags, ALTARS, game, out);
}
