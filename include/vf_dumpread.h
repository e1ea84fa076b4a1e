/* vf_dumpread: a case's dump (vf_dump.h) read back into pictures, so the
 * HTML report draws a failing case from the dump its worker wrote,
 * without running the case again.
 *
 * Reads the dump's level and legend, where monsters and items stand, the
 * lettered findings with their lines, the vault's rectangle and the
 * resolved vault. Bad or cut text is never fatal: what is missing is left
 * out (has_level 0 when there is no level to draw). */
#ifndef VF_DUMPREAD_H
#define VF_DUMPREAD_H

#include "vf_gamever.h"
#include "vf_pic.h"
#include "vf_sbuf.h"

typedef struct vf_dumpread {
    int has_level;      /* a level and its findings were read */
    char place[32];     /* the level's place ("D:8"), or "" */
    vf_pic level;       /* the whole level, findings marked */
    int placed;         /* the vault's rectangle on the level: */
    int vx, vy, vw, vh;
    int has_vault;
    vf_pic vault;       /* the resolved vault alone */
} vf_dumpread;

/* Reads a dump's text into *out (initialised here; free it with
 * vf_dumpread_free), its legend's feature names as game g (vf_gamever.h;
 * NULL: trunk) names them. */
void vf_dumpread_text(const vf_game *g, const char *text, vf_dumpread *out);

/* The same from a dump file (gzipped or not). Returns 0, or -1 with a
 * reason in err (*out is then empty, still to be freed). */
int vf_dumpread_file(const vf_game *g, const char *path, vf_dumpread *out,
                     vf_sbuf *err);

void vf_dumpread_free(vf_dumpread *d);

#endif
