/* Pictures of levels and vaults: cell classes, crops. */
#include "vf_pic.h"
#include "vf_glyph.h"
#include "vf_sbuf.h"

#include <stdlib.h>
#include <string.h>

void vf_pic_init(vf_pic *p, int w, int h)
{
    memset(p, 0, sizeof *p);
    p->w = w > 0 ? w : 0;
    p->h = h > 0 ? h : 0;
    size_t n = (size_t)p->w * (size_t)p->h;
    p->cat = vf_xcalloc(n ? n : 1, 1);
    p->mark = vf_xcalloc(n ? n : 1, 1);
    p->cause = vf_xcalloc(n ? n : 1, 1);
}

void vf_pic_free(vf_pic *p)
{
    free(p->cat);
    free(p->mark);
    free(p->cause);
    for (int i = 0; i < p->nfind; i++) free(p->find[i].label);
    memset(p, 0, sizeof *p);
}

vf_pic_cat vf_pic_feature_cat(vf_feat f)
{
    unsigned p = vf_feature_props((int)f);
    const char *name = vf_feature_name((int)f);
    if (f == VF_F_NONE || !name) return VF_PC_NONE;
    if (f == VF_F_FLOOR || f == VF_F_DECORATIVE_FLOOR) return VF_PC_FLOOR;
    if (p & VF_FP_LAVA) return VF_PC_LAVA;
    if (p & VF_FP_DEEP) return VF_PC_DEEP;
    if (p & VF_FP_WATER) return VF_PC_WATER;
    if (p & VF_FP_TREE) return VF_PC_TREE;
    if (p & VF_FP_WALL) return VF_PC_WALL;
    if (p & VF_FP_DOOR || !strncmp(name, "open_", 5)
        || !strncmp(name, "broken_", 7))
        return VF_PC_DOOR;
    if (p & VF_FP_STAIR) return VF_PC_STAIRS;
    if (p & VF_FP_TRAP) return VF_PC_TRAP;
    if (!strncmp(name, "altar_", 6)) return VF_PC_ALTAR;
    if (p & VF_FP_SOLID) return VF_PC_SOLID;
    /* Passable features without a class of their own (shallow mud,
     * arches, expired portals) read as floor; the rest as "other". */
    return vf_feature_traversable((int)f) && !(p & VF_FP_NO_TRAVEL)
               && strncmp(name, "enter_", 6) && strncmp(name, "fountain", 8)
               ? VF_PC_FLOOR : VF_PC_OTHER;
}

vf_pic_cat vf_pic_glyph_cat(int glyph)
{
    unsigned fl = vf_glyph_flags(glyph);
    if (fl & VF_GL_MONSTER) return VF_PC_MONSTER;
    if (fl & VF_GL_ITEM) return VF_PC_ITEM;
    if (fl & VF_GL_EXIT && glyph == '@') return VF_PC_EXIT;
    if (fl & VF_GL_TRAP) return VF_PC_TRAP;
    if (fl & VF_GL_ALTAR) return VF_PC_ALTAR;
    vf_feat f = vf_glyph_feature(glyph);
    if (f == VF_F_NONE) return glyph == ' ' ? VF_PC_NONE : VF_PC_OTHER;
    return vf_pic_feature_cat(f);
}

const char *vf_pic_cat_name(vf_pic_cat c)
{
    static const char *const names[VF_PC_COUNT] = {
        "outside", "wall", "floor", "shallow water", "deep water", "lava",
        "tree", "door", "stairs", "trap", "altar", "statue or grate",
        "other feature", "vault exit", "item", "monster"};
    return c < VF_PC_COUNT ? names[c] : "?";
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void vf_pic_crop(const vf_pic *src, int x, int y, int w, int h,
                 vf_pic *out)
{
    int x1 = clamp(x + w, 0, src->w), y1 = clamp(y + h, 0, src->h);
    x = clamp(x, 0, src->w);
    y = clamp(y, 0, src->h);
    vf_pic_init(out, x1 - x, y1 - y);
    out->x0 = src->x0 + x;
    out->y0 = src->y0 + y;
    out->vx = src->vx - x;
    out->vy = src->vy - y;
    out->vw = src->vw;
    out->vh = src->vh;
    for (int r = 0; r < out->h; r++) {
        memcpy(out->cat + (size_t)r * out->w,
               src->cat + (size_t)(y + r) * src->w + x, (size_t)out->w);
        memcpy(out->mark + (size_t)r * out->w,
               src->mark + (size_t)(y + r) * src->w + x, (size_t)out->w);
        memcpy(out->cause + (size_t)r * out->w,
               src->cause + (size_t)(y + r) * src->w + x, (size_t)out->w);
    }
    out->nfind = src->nfind;
    for (int i = 0; i < src->nfind; i++) {
        out->find[i].letter = src->find[i].letter;
        out->find[i].label = vf_xstrdup(src->find[i].label);
    }
}

vf_pic_rect vf_pic_focus(const vf_pic *p, vf_pic_rect vault, int margin)
{
    int x0 = p->w, y0 = p->h, x1 = -1, y1 = -1;
    if (vault.w > 0 && vault.h > 0) {
        x0 = vault.x;
        y0 = vault.y;
        x1 = vault.x + vault.w - 1;
        y1 = vault.y + vault.h - 1;
    }
    for (int r = 0; r < p->h; r++)
        for (int c = 0; c < p->w; c++) {
            if (!p->mark[r * p->w + c] && !p->cause[r * p->w + c])
                continue;
            x0 = c < x0 ? c : x0;
            x1 = c > x1 ? c : x1;
            y0 = r < y0 ? r : y0;
            y1 = r > y1 ? r : y1;
        }
    if (x1 < 0)   /* nothing to focus on: the whole picture */
        return (vf_pic_rect){.w = p->w, .h = p->h};
    x0 = clamp(x0 - margin, 0, p->w - 1);
    y0 = clamp(y0 - margin, 0, p->h - 1);
    x1 = clamp(x1 + margin, 0, p->w - 1);
    y1 = clamp(y1 + margin, 0, p->h - 1);
    return (vf_pic_rect){.x = x0, .y = y0, .w = x1 - x0 + 1,
                         .h = y1 - y0 + 1};
}
