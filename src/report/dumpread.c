/* A case's dump read back into the pictures the HTML report draws. The
 * dump's sections are found by their headings (src/run/dump.c writes
 * them); a section missing or cut short leaves its part of the picture
 * empty. */
#include "vf_dumpread.h"
#include "vf_feature.h"
#include "vf_gz.h"
#include "vf_level.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The dump as lines (pointers into a copy of the text). */
typedef struct lines {
    char *buf;
    char **v;
    int n;
} lines;

static void split(const char *text, lines *L)
{
    L->buf = vf_xstrdup(text);
    int cap = 16;
    L->v = vf_xmalloc(cap * sizeof *L->v);
    L->n = 0;
    for (char *s = L->buf; *s;) {
        char *nl = strchr(s, '\n');
        if (nl) *nl = '\0';
        if (L->n == cap) L->v = vf_xrealloc(L->v, (cap *= 2) * sizeof *L->v);
        L->v[L->n++] = s;
        if (!nl) break;
        s = nl + 1;
    }
}

/* The index of the first line from `from` starting with prefix, or -1. */
static int find(const lines *L, int from, const char *prefix)
{
    size_t n = strlen(prefix);
    for (int i = from < 0 ? 0 : from; i < L->n; i++)
        if (!strncmp(L->v[i], prefix, n)) return i;
    return -1;
}

/* The legend's characters: each with the class of its first feature
 * (game g names them), else of the character read as a map glyph. */
static void legend(const lines *L, const vf_game *g, uint8_t cat[256])
{
    for (int c = 0; c < 256; c++) cat[c] = (uint8_t)vf_pic_glyph_cat(c);
    cat['.'] = VF_PC_FLOOR;
    cat['_'] = VF_PC_ALTAR;
    cat['\''] = VF_PC_DOOR;
    int i = find(L, 0, "legend:");
    for (i = i < 0 ? L->n : i + 1; i < L->n; i++) {
        const char *s = L->v[i];
        if (strncmp(s, "  ", 2) || !s[2] || strncmp(s + 3, "  ", 2)) break;
        char name[64];
        if (sscanf(s + 5, "%63[^,]", name) != 1) continue;
        int f = vf_feature_by_name(g, name);
        if (f) cat[(unsigned char)s[2]] = (uint8_t)vf_pic_feature_cat(f);
    }
}

/* "monsters: 2 at (12,4) (13,4)": those cells of plane (a w x h byte
 * array of p's) become value. */
static void cells_at(const lines *L, const char *prefix, uint8_t *plane,
                     uint8_t value, const vf_pic *p)
{
    int i = find(L, 0, prefix);
    if (i < 0) return;
    const char *s = strstr(L->v[i], " at ");
    for (s = s ? strchr(s, '(') : NULL; s; s = strchr(s + 1, '(')) {
        int x, y;
        if (sscanf(s, "(%d,%d)", &x, &y) == 2 && x >= 0 && x < p->w
            && y >= 0 && y < p->h)
            plane[y * p->w + x] = value;
    }
}

static int letter_index(int c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    return c == '?' ? 52 : -1;
}

/* The findings' letters where they differ from the level, and a label
 * per finding: its line, and what its severity means when the dump says. */
static void findings(const lines *L, const char *const *rows, vf_pic *p)
{
    int i = find(L, 0, "findings on the level");
    if (i < 0 || i + 1 + VF_GYM >= L->n) return;
    const char *const *over = (const char *const *)L->v + i + 2;
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM && over[y][x] && rows[y][x]; x++) {
            int k = letter_index((unsigned char)over[y][x]);
            if (k >= 0 && over[y][x] != rows[y][x])
                p->mark[y * p->w + x] = (uint8_t)(k + 1);
        }
    int meaning = find(L, i, "what each finding means:");
    for (int j = i + 2 + VF_GYM; j < L->n && p->nfind < VF_PIC_MAX_FINDINGS;
         j++) {
        const char *s = L->v[j];
        if (letter_index((unsigned char)s[0]) < 0 || s[1] != ' ') break;
        vf_sbuf label = VF_SBUF_INIT;
        vf_sbuf_adds(&label, s + 2);
        for (int m = meaning < 0 ? L->n : meaning + 1;
             m < L->n && !strncmp(L->v[m], "  ", 2); m++)
            if (strlen(L->v[m]) > 5 && L->v[m][2] == s[0]
                && L->v[m][3] == ' ') {
                vf_sbuf_printf(&label, " -- %s", L->v[m] + 5);
                break;
            }
        p->find[p->nfind].letter = s[0];
        p->find[p->nfind++].label = vf_sbuf_take(&label);
    }
}

static void level(const lines *L, const vf_game *g, vf_dumpread *d)
{
    int i = find(L, 0, "level (");
    if (i < 0 || i + VF_GYM >= L->n) return;
    const char *const *rows = (const char *const *)L->v + i + 1;
    uint8_t cat[256];
    legend(L, g, cat);
    vf_pic_free(&d->level);
    vf_pic_init(&d->level, VF_GXM, VF_GYM);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM && rows[y][x]; x++)
            d->level.cat[y * VF_GXM + x] = cat[(unsigned char)rows[y][x]];
    cells_at(L, "items:", d->level.cat, VF_PC_ITEM, &d->level);
    cells_at(L, "monsters:", d->level.cat, VF_PC_MONSTER, &d->level);
    findings(L, rows, &d->level);
    cells_at(L, "cause cells:", d->level.cause, 1, &d->level);
    d->has_level = 1;
}

/* The resolved vault: its heading gives its size ("resolved vault NAME
 * (WxH, ..."), and its rows follow, up to the blank line that ends the
 * section (the why section and the MAP view come after). A row longer
 * than the size, or rows past it, are not the vault's: the picture
 * keeps the size the heading gives. */
static void vault(const lines *L, vf_dumpread *d)
{
    int i = find(L, 0, "resolved vault ");
    if (i < 0) return;
    const char *size = strchr(L->v[i], '(');
    int w = 0, h = 0;
    if (!size || sscanf(size, "(%dx%d", &w, &h) != 2 || w <= 0 || h <= 0
        || w > VF_GXM || h > VF_GYM)
        return;
    int rows = 0;
    while (rows < h && i + 1 + rows < L->n && *L->v[i + 1 + rows]) rows++;
    vf_pic_free(&d->vault);
    vf_pic_init(&d->vault, w, h);
    for (int y = 0; y < rows; y++) {
        const char *s = L->v[i + 1 + y];
        for (int x = 0; x < w && s[x]; x++)
            d->vault.cat[y * w + x] =
                (uint8_t)vf_pic_glyph_cat((unsigned char)s[x]);
    }
    d->has_vault = 1;
}

/* What the level shows on the vault's cells, onto the vault picture:
 * the findings' marks and labels, and the causes' cells. */
static void vault_marks(vf_dumpread *d)
{
    vf_pic *v = &d->vault;
    const vf_pic *l = &d->level;
    if (!d->has_vault || !d->has_level || !d->placed) return;
    for (int y = 0; y < v->h; y++)
        for (int x = 0; x < v->w; x++) {
            int lx = d->vx + x, ly = d->vy + y;
            if (lx < 0 || ly < 0 || lx >= l->w || ly >= l->h) continue;
            v->mark[y * v->w + x] = l->mark[ly * l->w + lx];
            v->cause[y * v->w + x] = l->cause[ly * l->w + lx];
        }
    v->nfind = l->nfind;
    for (int k = 0; k < l->nfind; k++) {
        v->find[k].letter = l->find[k].letter;
        v->find[k].label = vf_xstrdup(l->find[k].label);
    }
}

void vf_dumpread_text(const vf_game *g, const char *text, vf_dumpread *out)
{
    memset(out, 0, sizeof *out);
    vf_pic_init(&out->level, 0, 0);
    vf_pic_init(&out->vault, 0, 0);
    lines L;
    split(text, &L);
    int i = find(&L, 0, "placed: ");
    out->placed = i >= 0 && sscanf(L.v[i], "placed: %dx%d at (%d,%d)",
                                   &out->vw, &out->vh, &out->vx,
                                   &out->vy) == 4;
    i = find(&L, 0, "place: ");
    if (i >= 0) snprintf(out->place, sizeof out->place, "%s", L.v[i] + 7);
    level(&L, g, out);
    if (out->placed) {
        out->level.vx = out->vx;
        out->level.vy = out->vy;
        out->level.vw = out->vw;
        out->level.vh = out->vh;
    }
    vault(&L, out);
    vault_marks(out);
    free(L.v);
    free(L.buf);
}

int vf_dumpread_file(const vf_game *g, const char *path, vf_dumpread *out,
                     vf_sbuf *err)
{
    char *text = NULL, why[512];
    size_t len;
    if (vf_gz_read(path, (size_t)64 << 20, &text, &len, why, sizeof why)) {
        memset(out, 0, sizeof *out);
        vf_pic_init(&out->level, 0, 0);
        vf_pic_init(&out->vault, 0, 0);
        vf_sbuf_adds(err, why);
        return -1;
    }
    vf_dumpread_text(g, text, out);
    free(text);
    return 0;
}

void vf_dumpread_free(vf_dumpread *d)
{
    vf_pic_free(&d->level);
    vf_pic_free(&d->vault);
}
