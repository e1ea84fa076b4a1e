/* DEPTH/PLACE range lists (mapdef.cc level_range, depth_ranges). */
#include "vf_depth.h"
#include "vf_tagstr.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The game's strict_aton: the whole string an int, else 0. */
static int strict_int(const char *s)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v > INT_MAX || v < INT_MIN) return 0;
    return (int)v;
}

static int branch_by_abbrev(const vf_game *g, const char *name)
{
    for (int i = 0; (size_t)i < vf_branch_count(g); i++)
        if (!strcmp(vf_branch_get(g, i)->abbrev, name)) return i;
    return -1;
}

/* "N", "N-M", "N-", "N-$", "*", "$" into *lo, *hi. */
static int depth_span(const char *s, int *lo, int *hi, vf_sbuf *err)
{
    if (!strcmp(s, "*") || !strcmp(s, "$")) {
        *lo = *s == '*' ? 1 : VF_BRANCH_END;
        *hi = VF_BRANCH_END;
        return 0;
    }
    const char *hy = strchr(s, '-');
    if (!hy) {
        *lo = *hi = strict_int(s);
        if (*lo) return 0;
    } else {
        char *head = vf_xstrndup(s, (size_t)(hy - s));
        *lo = strict_int(head);
        free(head);
        *hi = !hy[1] || !strcmp(hy + 1, "$") ? VF_BRANCH_END
                                             : strict_int(hy + 1);
        if (*lo && *hi && *lo <= *hi) return 0;
    }
    vf_sbuf_printf(err, "Bad depth: %s", s);
    return -1;
}

/* The branch of a range with its span already read (level_range::set). */
static int set_branch(const vf_game *g, vf_range *r, const char *br,
                      vf_sbuf *err)
{
    if (!strcmp(br, "any") || !strcmp(br, "Any")) {
        r->branch = -1;
    } else if ((r->branch = branch_by_abbrev(g, br)) < 0) {
        vf_sbuf_printf(err, "Unknown branch: '%s'", br);
        return -1;
    }
    if (r->hi < r->lo || r->hi <= 0) {
        vf_sbuf_printf(err, "Level-range %s:%d-%d is malformed", br, r->lo,
                       r->hi);
        return -1;
    }
    return 0;
}

/* One trimmed piece (level_range::parse); s is modified. */
static int parse_piece(const vf_game *g, char *s, vf_range *r, vf_sbuf *err)
{
    memset(r, 0, sizeof *r);
    if (!strcmp(s, "*")) {
        r->lo = 0;
        r->hi = VF_BRANCH_END;
        return set_branch(g, r, "any", err);
    }
    if (*s == '!') {
        r->deny = 1;
        s++;
        vf_tag_trim(s);
    }
    char *colon = strchr(s, ':');
    if (!colon) {
        if (isdigit((unsigned char)*s)) {   /* absolute depths: no checks */
            r->branch = -1;
            return depth_span(s, &r->lo, &r->hi, err);
        }
        r->lo = 1;
        r->hi = VF_BRANCH_END;
        return set_branch(g, r, s, err);
    }
    *colon = 0;
    char *depth = colon + 1;
    vf_tag_trim(s);
    vf_tag_trim(depth);
    if (depth_span(depth, &r->lo, &r->hi, err)) return -1;
    return set_branch(g, r, s, err);
}

static void push(vf_depths *d, const vf_range *r)
{
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 4;
        d->v = vf_xrealloc(d->v, (size_t)d->cap * sizeof *d->v);
    }
    d->v[d->n++] = *r;
}

int vf_depths_add(const vf_game *g, vf_depths *d, const char *s,
                  vf_sbuf *err)
{
    vf_depths parsed = {0};
    int rc = 0;
    for (const char *p = s; rc == 0;) {
        size_t n = strcspn(p, ",");
        char *piece = vf_xstrndup(p, n);
        vf_tag_trim(piece);
        vf_range r;
        if (*piece) {   /* empty pieces are dropped, as split_string does */
            rc = parse_piece(g, piece, &r, err);
            if (rc == 0) push(&parsed, &r);
        }
        free(piece);
        if (!p[n]) break;
        p += n + 1;
    }
    for (int i = 0; rc == 0 && i < parsed.n; i++) push(d, &parsed.v[i]);
    vf_depths_free(&parsed);
    return rc;
}

static int range_match(const vf_game *g, const vf_range *r,
                       const vf_place *p)
{
    if (r->branch < 0) {
        int abs = vf_place_absdepth(g, p);
        return abs >= r->lo && abs <= r->hi;
    }
    return r->branch == p->branch &&
           (p->depth >= r->lo ||
            (r->lo == VF_BRANCH_END &&
             p->depth == vf_branch_get(g, r->branch)->depth)) &&
           p->depth <= r->hi;
}

int vf_depths_match(const vf_game *g, const vf_depths *d, const vf_place *p)
{
    int allowed = 0;
    for (int i = 0; i < d->n; i++) {
        if (!range_match(g, &d->v[i], p)) continue;
        if (d->v[i].deny) return 0;
        allowed = 1;
    }
    return allowed;
}

int vf_depths_first(const vf_game *g, const vf_depths *d, vf_place *out)
{
    for (int b = 0; (size_t)b < vf_branch_count(g); b++)
        for (int lv = 1; lv <= vf_branch_get(g, b)->depth; lv++) {
            vf_place p = {b, lv};
            if (vf_depths_match(g, d, &p)) {
                *out = p;
                return 0;
            }
        }
    return -1;
}

void vf_depths_copy(vf_depths *dst, const vf_depths *src)
{
    dst->n = 0;
    for (int i = 0; i < src->n; i++) push(dst, &src->v[i]);
}

void vf_depths_clear(vf_depths *d)
{
    d->n = 0;
}

void vf_depths_free(vf_depths *d)
{
    free(d->v);
    memset(d, 0, sizeof *d);
}

/* ---- depth-dependent values ---------------------------------------------- */

int vf_depth_values_add(const vf_game *g, vf_depth_values *dv,
                        const char *ranges, int value, vf_sbuf *err)
{
    vf_depths where = {0};
    if (vf_depths_add(g, &where, ranges, err)) {
        vf_depths_free(&where);
        return -1;
    }
    if (dv->n == dv->cap) {
        dv->cap = dv->cap ? dv->cap * 2 : 4;
        dv->v = vf_xrealloc(dv->v, (size_t)dv->cap * sizeof *dv->v);
    }
    dv->v[dv->n].where = where;
    dv->v[dv->n++].value = value;
    return 0;
}

int vf_depth_values_get(const vf_game *g, const vf_depth_values *dv,
                        const vf_place *p, int dflt)
{
    for (int i = 0; i < dv->n; i++)
        if (vf_depths_match(g, &dv->v[i].where, p)) return dv->v[i].value;
    return dflt;
}

void vf_depth_values_copy(vf_depth_values *dst, const vf_depth_values *src)
{
    vf_depth_values_free(dst);
    for (int i = 0; i < src->n; i++) {
        vf_depth_values_add(NULL, dst, "", src->v[i].value, NULL);
        vf_depths_copy(&dst->v[i].where, &src->v[i].where);
    }
}

void vf_depth_values_free(vf_depth_values *dv)
{
    for (int i = 0; i < dv->n; i++) vf_depths_free(&dv->v[i].where);
    free(dv->v);
    memset(dv, 0, sizeof *dv);
}
