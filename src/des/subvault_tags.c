/* The tags SUBVAULT asks for: what marks a map as a subvault. */
#include "vf_des.h"
#include "vf_fs.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static void add_once(vf_strlist *out, const char *w, size_t n)
{
    for (size_t i = 0; i < out->n; i++)
        if (strlen(out->v[i]) == n && !strncmp(out->v[i], w, n)) return;
    vf_strlist_push(out, vf_xstrndup(w, n));
}

/* The tags of one "KEYS : tag / tag2:weight" argument, s..end. */
static void spec_tags(const char *s, const char *end, vf_strlist *out)
{
    const char *colon = memchr(s, ':', (size_t)(end - s));
    if (!colon) return;
    for (const char *p = colon + 1; p < end;) {
        while (p < end && (isspace((unsigned char)*p) || *p == '/')) p++;
        const char *w = p;
        while (p < end && !isspace((unsigned char)*p) && *p != '/'
               && *p != ':')
            p++;
        if (p > w) add_once(out, w, (size_t)(p - w));
        if (p < end && *p == ':')   /* a weight: skip it */
            while (p < end && !isspace((unsigned char)*p) && *p != '/') p++;
    }
}

/* Every subvault("...") or subvault('...') call of one chunk's text. */
static void chunk_tags(const char *text, vf_strlist *out)
{
    for (const char *p = text; (p = strstr(p, "subvault(")); ) {
        p += 9;
        while (isspace((unsigned char)*p)) p++;
        char q = *p;
        if (q != '"' && q != '\'') continue;
        const char *end = strchr(p + 1, q);
        if (!end) return;
        spec_tags(p + 1, end, out);
        p = end + 1;
    }
}

void vf_mapdef_subvault_tags(const vf_desset *set, const vf_mapdef *m,
                             vf_strlist *out)
{
    for (int k = 0; k < VF_CHUNK_KINDS; k++)
        chunk_tags(vf_sbuf_str(&m->chunk[k].text), out);
    chunk_tags(vf_sbuf_str(&set->files[m->file].prelude.text), out);
}

void vf_desset_subvault_tags(const vf_desset *set, vf_strlist *out)
{
    for (size_t i = 0; i < set->nmaps; i++)
        for (int k = 0; k < VF_CHUNK_KINDS; k++)
            chunk_tags(vf_sbuf_str(&set->maps[i].chunk[k].text), out);
    for (size_t i = 0; i < set->nfiles; i++)
        chunk_tags(vf_sbuf_str(&set->files[i].prelude.text), out);
}
