/* Pictures as inline SVG: runs of cells, findings outlined. */
#include "vf_esc.h"
#include "vf_svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const colours[VF_PC_COUNT] = {
    "none", "#5c5048", "#ece6d6", "#9fd0f0", "#2c64a8", "#ff7a00",
    "#2f8a3a", "#a86a22", "#6a3cc0", "#a0a000", "#e8e080", "#8c8c8c",
    "#a0a0c8", "#ffd000", "#00b8c8", "#d01818"};

void vf_svg_style(vf_sbuf *b)
{
    for (int c = 1; c < VF_PC_COUNT; c++)
        vf_sbuf_printf(b, ".c%d{fill:%s}", c, colours[c]);
    vf_sbuf_adds(b, "\n.fz{fill:rgba(255,0,200,.3)}"
                 ".vr{fill:none;stroke:#06c;stroke-width:.2;"
                 "stroke-dasharray:.5 .3}"
                 ".fo{fill:none;stroke:#000;stroke-width:.3}"
                 ".fl{font:bold .9px sans-serif;fill:#000;stroke:#fff;"
                 "stroke-width:.2px;paint-order:stroke;text-anchor:middle}"
                 ".cz{fill:none;stroke:#e00;stroke-width:.25}\n");
}

static void swatch(vf_sbuf *b, const char *cls, const char *name)
{
    vf_sbuf_printf(b, "<li><svg width=\"12\" height=\"12\" viewBox=\"0 0 1 "
                   "1\" aria-hidden=\"true\"><rect class=\"%s\" width=\"1\" "
                   "height=\"1\"/></svg> %s</li>", cls, name);
}

void vf_svg_legend(vf_sbuf *b)
{
    vf_sbuf_adds(b, "<ul class=\"legend\">");
    for (int c = 1; c < VF_PC_COUNT; c++) {
        char cls[16];
        snprintf(cls, sizeof cls, "c%d", c);
        swatch(b, cls, vf_pic_cat_name((vf_pic_cat)c));
    }
    swatch(b, "fz", "a finding's cells (outlined, lettered)");
    vf_sbuf_adds(b, "<li><svg width=\"12\" height=\"12\" viewBox=\"0 0 1 1\" "
                 "aria-hidden=\"true\"><path class=\"cz\" d=\"M.2 .2L.8 .8M.8 "
                 ".2L.2 .8\"/></svg> a cell of the cause: the vault's choice "
                 "that breaks the case</li>");
    vf_sbuf_adds(b, "<li><svg width=\"12\" height=\"12\" viewBox=\"0 0 1 1\" "
                 "aria-hidden=\"true\"><rect class=\"vr\" x=\".1\" y=\".1\" "
                 "width=\".8\" height=\".8\"/></svg> the vault's "
                 "rectangle</li>");
    vf_sbuf_adds(b, "</ul>\n");
}

/* Rectangles covering the cells whose value is want, as path data:
 * greedy, a run along the row grown down over the rows below while they
 * hold the same run, so a large room or wall is a handful of rectangles.
 * used (w * h bytes) marks the cells already covered. */
static void rects(vf_sbuf *b, const vf_pic *p, const uint8_t *v, int want,
                  uint8_t *used)
{
    memset(used, 0, (size_t)p->w * p->h);
    for (int y = 0; y < p->h; y++)
        for (int x = 0; x < p->w; x++) {
            if (v[y * p->w + x] != want || used[y * p->w + x]) continue;
            int x1 = x, y1 = y + 1;
            while (x1 < p->w && v[y * p->w + x1] == want
                   && !used[y * p->w + x1])
                x1++;
            for (int ok = 1; ok && y1 < p->h; y1 += ok)
                for (int i = x; i < x1 && ok; i++)
                    ok = v[y1 * p->w + i] == want && !used[y1 * p->w + i];
            for (int r = y; r < y1; r++)
                memset(used + r * p->w + x, 1, (size_t)(x1 - x));
            vf_sbuf_printf(b, "M%d %dh%dv%dH%dz", x, y, x1 - x, y1 - y, x);
        }
}

/* The class drawn as the picture's background: the commonest, when
 * every cell has one (a vault's blanks must stay blank); else 0. */
static int background(const vf_pic *p)
{
    size_t n[VF_PC_COUNT] = {0};
    for (int i = 0; i < p->w * p->h; i++) n[p->cat[i]]++;
    if (n[VF_PC_NONE]) return 0;
    int best = 1;
    for (int c = 2; c < VF_PC_COUNT; c++)
        if (n[c] > n[best]) best = c;
    return best;
}

static int marked(const vf_pic *p, int x, int y, int k)
{
    return x >= 0 && y >= 0 && x < p->w && y < p->h
           && p->mark[y * p->w + x] == k;
}

/* The boundary of finding k's cells: horizontal edges merged along rows,
 * vertical ones along columns. */
static void outline(vf_sbuf *b, const vf_pic *p, int k)
{
    for (int side = -1; side <= 1; side += 2)
        for (int y = 0; y < p->h; y++)
            for (int x = 0; x < p->w;) {
                int x1 = x;
                while (x1 < p->w && marked(p, x1, y, k)
                       && !marked(p, x1, y + side, k))
                    x1++;
                if (x1 > x)
                    vf_sbuf_printf(b, "M%d %dh%d", x, y + (side > 0), x1 - x);
                x = x1 > x ? x1 : x + 1;
            }
    for (int side = -1; side <= 1; side += 2)
        for (int x = 0; x < p->w; x++)
            for (int y = 0; y < p->h;) {
                int y1 = y;
                while (y1 < p->h && marked(p, x, y1, k)
                       && !marked(p, x + side, y1, k))
                    y1++;
                if (y1 > y)
                    vf_sbuf_printf(b, "M%d %dv%d", x + (side > 0), y, y1 - y);
                y = y1 > y ? y1 : y + 1;
            }
}

static void finding(vf_sbuf *b, const vf_pic *p, int i, uint8_t *used)
{
    int k = i + 1, fx = -1, fy = -1;
    for (int n = 0; n < p->w * p->h && fx < 0; n++)
        if (p->mark[n] == k) fx = n % p->w, fy = n / p->w;
    if (fx < 0) return;   /* none of its cells in the picture */
    /* The title names its kinds (the label up to ':'); the whole label
     * is for the page to list once, not to repeat in every picture. */
    const char *label = p->find[i].label ? p->find[i].label : "";
    char *kinds = vf_xstrndup(label, strcspn(label, ":"));
    vf_sbuf_printf(b, "<g class=\"finding\"><title>%c ", p->find[i].letter);
    vf_esc_markup(b, kinds);
    free(kinds);
    vf_sbuf_adds(b, "</title><path class=\"fz\" d=\"");
    rects(b, p, p->mark, k, used);
    vf_sbuf_adds(b, "\"/><path class=\"fo\" d=\"");
    outline(b, p, k);
    vf_sbuf_printf(b, "\"/><text class=\"fl\" x=\"%d.5\" y=\"%d.8\">%c"
                   "</text></g>", fx, fy, p->find[i].letter);
}

/* A cross on each cell of a cause. */
static void causes(vf_sbuf *b, const vf_pic *p)
{
    size_t at = b->len;
    vf_sbuf_adds(b, "<path class=\"cz\" d=\"");
    size_t start = b->len;
    for (int y = 0; y < p->h; y++)
        for (int x = 0; x < p->w; x++)
            if (p->cause[y * p->w + x])
                vf_sbuf_printf(b, "M%d.2 %d.2l.6 .6m0 -.6l-.6 .6", x, y);
    if (b->len == start) {
        b->len = at;
        b->s[at] = '\0';
        return;
    }
    vf_sbuf_adds(b, "\"/>");
}

void vf_svg_pic(vf_sbuf *b, const vf_pic *p, int cell, const char *title)
{
    vf_sbuf_printf(b, "<svg "
                   "class=\"pic\" role=\"img\" viewBox=\"0 0 %d %d\" "
                   "width=\"%d\" height=\"%d\"><title>", p->w, p->h,
                   p->w * cell, p->h * cell);
    vf_esc_markup(b, title);
    vf_sbuf_adds(b, "</title>");
    uint8_t *used = vf_xmalloc((size_t)p->w * p->h + 1);
    int bg = background(p);
    if (bg)
        vf_sbuf_printf(b, "<rect class=\"c%d\" width=\"%d\" height=\"%d\"/>",
                       bg, p->w, p->h);
    for (int c = 1; c < VF_PC_COUNT; c++) {
        size_t at = b->len;
        if (c == bg) continue;
        vf_sbuf_printf(b, "<path class=\"c%d\" d=\"", c);
        size_t start = b->len;
        rects(b, p, p->cat, c, used);
        if (b->len == start) {   /* no cell of this class */
            b->len = at;
            b->s[at] = '\0';
            continue;
        }
        vf_sbuf_adds(b, "\"/>");
    }
    if (p->vw > 0 && p->vh > 0)
        vf_sbuf_printf(b, "<rect class=\"vr\" x=\"%d\" y=\"%d\" width=\"%d\" "
                       "height=\"%d\"/>", p->vx, p->vy, p->vw, p->vh);
    causes(b, p);
    for (int i = 0; i < p->nfind; i++) finding(b, p, i, used);
    vf_sbuf_adds(b, "</svg>");
    free(used);
}
