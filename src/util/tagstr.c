/* Tag words inside spec strings, removed in place as the game reads them. */
#include "vf_tagstr.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int is_trim_char(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void vf_tag_trim(char *s)
{
    size_t n = strlen(s), a = 0;
    while (a < n && is_trim_char(s[a])) a++;
    while (n > a && is_trim_char(s[n - 1])) n--;
    memmove(s, s + a, n - a);
    s[n - a] = 0;
}

int vf_tag_parse_int(const char *s, int *out)
{
    if (!s || !*s) return 0;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno || v < INT_MIN || v > INT_MAX) return 0;
    *out = (int)v;
    return 1;
}

/* Removes n bytes at s + at (fewer if the string is shorter), then trims. */
static void erase_trim(char *s, size_t at, size_t n)
{
    size_t len = strlen(s);
    if (at + n > len) n = len - at;
    memmove(s + at, s + at + n, len - at - n + 1);
    vf_tag_trim(s);
}

int vf_tag_strip(char *s, const char *tag)
{
    size_t t = strlen(tag), len = strlen(s);
    if (!strcmp(s, tag)) {
        s[0] = 0;
        return 1;
    }
    if (!len) return 0;   /* the search below starts at s + 1 */
    /* Looks for " tag " (inner), then "tag " at the start, then " tag" as
     * the first such occurrence ending the string. */
    for (const char *p = s; (p = strstr(p, tag)) != NULL; p++) {
        if (p > s && p[-1] == ' ' && p[t] == ' ') {
            erase_trim(s, (size_t)(p - s) - 1, t + 1);
            return 1;
        }
    }
    if (!strncmp(s, tag, t) && s[t] == ' ') {
        erase_trim(s, 0, t + 1);
        return 1;
    }
    for (const char *p = s + 1; (p = strstr(p, tag)) != NULL; p++) {
        if (p[-1] != ' ') continue;
        if ((size_t)(p - s) + t == len) {
            erase_trim(s, (size_t)(p - s) - 1, t + 1);
            return 1;
        }
        return 0;   /* the game checks only the first " tag" */
    }
    return 0;
}

int vf_tag_strip_prefix(char *s, const char *prefix, vf_sbuf *arg)
{
    size_t plen = strlen(prefix);
    char *p = strstr(s, prefix);
    while (p && p != s && !isspace((unsigned char)p[-1]))
        p = strstr(p + 1, prefix);
    vf_sbuf_reset(arg);
    if (!p) return 0;
    char *space = strchr(p, ' ');
    size_t end = space ? (size_t)(space - s) : strlen(s);
    size_t at = (size_t)(p - s);
    /* The argument is what lies between the prefix and the next space; a
     * prefix running past that space yields nothing, as substr would. */
    if (end > at + plen) vf_sbuf_add(arg, p + plen, end - at - plen);
    erase_trim(s, at, end - at + 1);
    return 1;
}

int vf_tag_strip_number(char *s, const char *prefix, int *out)
{
    vf_sbuf arg = VF_SBUF_INIT;
    int ok = vf_tag_strip_prefix(s, prefix, &arg) && arg.len &&
             vf_tag_parse_int(arg.s, out);
    vf_sbuf_free(&arg);
    return ok;
}

int vf_tag_find_weight(char *s, int *out)
{
    return vf_tag_strip_number(s, "weight:", out) ||
           vf_tag_strip_number(s, "w:", out);
}

int vf_tag_weight_entry(char *v, int *weight)
{
    for (char *p = v; *p; p++) *p = (char)tolower((unsigned char)*p);
    if (vf_tag_find_weight(v, weight)) return 0;
    *weight = 10;
    char *colon = strchr(v, ':');
    if (!colon) return 0;
    if (!vf_tag_parse_int(colon + 1, weight) || *weight <= 0) return -1;
    *colon = 0;
    vf_tag_trim(v);
    return 0;
}
