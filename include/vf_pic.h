/* vf_pic: a picture of a level or of a vault, as the HTML report draws
 * it: a grid of cell classes (wall, floor, water...; what stands on a cell
 * wins over what it stands on) with the cells of each finding marked and
 * the finding's letter and label kept.
 *
 * Pictures are plain data, made from a case's dump (vf_dumpread.h) and
 * drawn by vf_svg.h; the classes are few so a picture stays small. */
#ifndef VF_PIC_H
#define VF_PIC_H

#include <stdint.h>

#include "vf_feature.h"

typedef enum vf_pic_cat {
    VF_PC_NONE = 0,     /* not part of the picture (a vault's ' ') */
    VF_PC_WALL, VF_PC_FLOOR, VF_PC_WATER, VF_PC_DEEP, VF_PC_LAVA,
    VF_PC_TREE, VF_PC_DOOR, VF_PC_STAIRS, VF_PC_TRAP, VF_PC_ALTAR,
    VF_PC_SOLID,        /* statues, grates, idols: solid, not walls */
    VF_PC_OTHER,        /* any other feature (fountains, shops...) */
    VF_PC_EXIT,         /* a vault's exit glyph ('@', '=', '+') */
    VF_PC_ITEM, VF_PC_MONSTER,
    VF_PC_COUNT
} vf_pic_cat;

#define VF_PIC_MAX_FINDINGS 53   /* 'A'-'Z', 'a'-'z', '?' (vf_conn_letter) */

typedef struct vf_pic_finding {
    char letter;
    char *label;        /* owned: "isolated_zones+stairless_zone: ..." */
} vf_pic_finding;

typedef struct vf_pic {
    int w, h;
    int x0, y0;         /* where the picture's (0,0) lies on the level */
    int vx, vy, vw, vh; /* the vault's rectangle in the picture (vw 0:
                         * none), drawn as a dashed frame */
    uint8_t *cat;       /* owned, w * h vf_pic_cat, row by row */
    uint8_t *mark;      /* owned, w * h: 0, or finding index + 1 */
    uint8_t *cause;     /* owned, w * h: 1 on a cell of a cause (the
                         * vault's choice that breaks the case) */
    int nfind;
    vf_pic_finding find[VF_PIC_MAX_FINDINGS];
} vf_pic;

/* A w x h picture of VF_PC_NONE, no findings. Free with vf_pic_free. */
void vf_pic_init(vf_pic *p, int w, int h);
void vf_pic_free(vf_pic *p);

static inline int vf_pic_at(const vf_pic *p, int x, int y)
{
    return p->cat[y * p->w + x];
}

/* The class of a level feature, and of a vault glyph as it stands in
 * the resolved map (monster and item glyphs included). */
vf_pic_cat vf_pic_feature_cat(vf_feat f);
vf_pic_cat vf_pic_glyph_cat(int glyph);

/* The class's name for a legend ("wall", "deep water"...): a static
 * string. */
const char *vf_pic_cat_name(vf_pic_cat c);

/* The part of src inside x..x+w-1, y..y+h-1 (clamped to src), into *out
 * (initialised here), findings and offsets kept. */
void vf_pic_crop(const vf_pic *src, int x, int y, int w, int h,
                 vf_pic *out);

/* Cells x..x+w-1, y..y+h-1 of a picture. */
typedef struct vf_pic_rect {
    int x, y, w, h;
} vf_pic_rect;

/* The rectangle a report shows of a level: the box round the vault (w 0
 * when it was not placed) and the marked cells, grown by margin and
 * clamped to the picture. */
vf_pic_rect vf_pic_focus(const vf_pic *p, vf_pic_rect vault, int margin);

#endif
