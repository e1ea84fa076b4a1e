/* Level ranges (DEPTH:, PLACE:, default-depth), as the game's level_range
 * and depth_ranges read and match them. */
#include "vf_place.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The game's stand-in for "the bottom of the branch". */
#define RANGE_END 100

typedef struct range {
    int branch;      /* -1: any branch, by absolute depth */
    int lo, hi;
    int deny;
} range;

/* A whole-string integer; 0 when s is not one (0 is never a valid depth). */
static int whole_int(const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    return !*s || *end ? 0 : (int)v;
}

static int depth_range(const char *s, range *r, char *why, size_t whylen)
{
    const char *dash = strchr(s, '-');
    if (!strcmp(s, "*")) {
        r->lo = 1, r->hi = RANGE_END;
    } else if (!strcmp(s, "$")) {
        r->lo = r->hi = RANGE_END;
    } else if (!dash) {
        r->lo = r->hi = whole_int(s);
        if (!r->lo) goto bad;
    } else {
        char head[32];
        size_t n = (size_t)(dash - s);
        if (n >= sizeof head) goto bad;
        memcpy(head, s, n);
        head[n] = 0;
        r->lo = whole_int(head);
        r->hi = !dash[1] || !strcmp(dash + 1, "$") ? RANGE_END
                                                   : whole_int(dash + 1);
        if (!r->lo || !r->hi || r->lo > r->hi) goto bad;
    }
    return 0;
bad:
    snprintf(why, whylen, "Bad depth: %s", s);
    return -1;
}

static int branch_by_abbrev(const char *name)
{
    for (size_t i = 0; i < vf_branch_count(); i++)
        if (!strcmp(vf_branch_get((int)i)->abbrev, name)) return (int)i;
    return -1;
}

/* The branch half of "Br:depths" (or a bare "Br", whole branch). */
static int set_branch(range *r, const char *br, char *why, size_t whylen)
{
    if (!strcmp(br, "any") || !strcmp(br, "Any")) {
        r->branch = -1;
    } else if ((r->branch = branch_by_abbrev(br)) < 0) {
        snprintf(why, whylen, "Unknown branch: '%s'", br);
        return -1;
    }
    if (r->hi < r->lo || r->hi <= 0) {
        snprintf(why, whylen, "Level-range %s:%d-%d is malformed", br, r->lo,
                 r->hi);
        return -1;
    }
    return 0;
}

/* Copies s[0..n) into buf without surrounding blanks. */
static char *trimmed(char *buf, size_t cap, const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s)) s++, n--;
    while (n && isspace((unsigned char)s[n - 1])) n--;
    if (n >= cap) n = cap - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
    return buf;
}

/* One comma-separated piece (not empty, blanks trimmed). */
static int parse_piece(const char *piece, range *r, char *why, size_t whylen)
{
    char rest[128], br[64], depth[64];
    memset(r, 0, sizeof *r);
    r->branch = -1;
    if (!strcmp(piece, "*")) {
        r->lo = 0, r->hi = RANGE_END;
        return 0;
    }
    const char *p = piece;
    if (*p == '!') {
        r->deny = 1;
        p = trimmed(rest, sizeof rest, p + 1, strlen(p + 1));
    }
    const char *colon = strchr(p, ':');
    if (colon) {
        trimmed(br, sizeof br, p, (size_t)(colon - p));
        trimmed(depth, sizeof depth, colon + 1, strlen(colon + 1));
        return depth_range(depth, r, why, whylen) ||
               set_branch(r, br, why, whylen) ? -1 : 0;
    }
    if (isdigit((unsigned char)*p)) return depth_range(p, r, why, whylen);
    r->lo = 1, r->hi = RANGE_END;
    return set_branch(r, p, why, whylen);
}

static int range_matches(const range *r, const vf_place *p)
{
    if (r->branch < 0) {
        int x = vf_place_absdepth(p);
        return x >= r->lo && x <= r->hi;
    }
    int bottom = vf_branch_get(r->branch)->depth;
    return r->branch == p->branch &&
           (p->depth >= r->lo || (r->lo == RANGE_END && p->depth == bottom)) &&
           p->depth <= r->hi;
}

int vf_place_in_ranges(const vf_place *p, const char *s, char *why,
                       size_t whylen)
{
    int matched = 0, denied = 0;
    for (;;) {
        size_t n = strcspn(s, ",");
        char piece[128];
        range r;
        /* Empty pieces are dropped, as the game's split does. */
        if (*trimmed(piece, sizeof piece, s, n)) {
            if (parse_piece(piece, &r, why, whylen)) return -1;
            if (range_matches(&r, p)) {
                if (r.deny) denied = 1;
                else matched = 1;
            }
        }
        if (!s[n]) break;
        s += n + 1;
    }
    return matched && !denied;
}

int vf_place_first_in(const char *s, vf_place *out)
{
    char why[128];
    for (size_t b = 0; b < vf_branch_count(); b++)
        for (int d = 1; d <= vf_branch_get((int)b)->depth; d++) {
            vf_place p = {(int)b, d};
            int in = vf_place_in_ranges(&p, s, why, sizeof why);
            if (in < 0) return -1;
            if (in) {
                *out = p;
                return 0;
            }
        }
    return -1;
}
