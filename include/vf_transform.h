/* vf_transform: SUBST, NSUBST, SHUFFLE and CLEAR on a grid (§5.2-§5.4).
 *
 * Each takes the spec string exactly as the header generated it (the
 * argument of subst("...")), applies it at once with draws from r, and
 * returns 0, or -1 with the game's message appended to err (the grid is
 * then unchanged). */
#ifndef VF_TRANSFORM_H
#define VF_TRANSFORM_H

#include <stddef.h>

#include "vf_choice.h"
#include "vf_grid.h"
#include "vf_rng.h"
#include "vf_sbuf.h"

/* A weighted glyph choice: "x." (10 each), "W:20 .", "a:5". */
typedef struct vf_glyph_choice {
    unsigned char glyph[256];
    int weight[256];
    int n;
    int fixed;       /* ':' form: the first draw is kept */
    int frozen;      /* the kept glyph, or -1 */
} vf_glyph_choice;

/* Parses a replacement list. Returns 0 or -1 with a message. */
int vf_glyph_choice_parse(vf_glyph_choice *c, const char *s, size_t n,
                          int fixed, vf_sbuf *err);
/* Draws one glyph (weighted reservoir, as the game's subst_spec::value). */
int vf_glyph_choice_draw(vf_glyph_choice *c, vf_rng *r);

int vf_subst(vf_grid *g, const char *spec, size_t n, vf_rng *r, vf_sbuf *err);
int vf_nsubst(vf_grid *g, const char *spec, size_t n, vf_rng *r,
              vf_sbuf *err);

/* Where a transform's choices go (vf_choice.h): the log, and the .des
 * line of the call. */
typedef struct vf_choice_site {
    vf_choices *choices;
    int line;
} vf_choice_site;

/* The same, each cell's glyph a choice made through site (NULL: as
 * above): logged, and forced on a replay. The draws are the same. */
int vf_subst_at(vf_grid *g, const char *spec, size_t n, vf_rng *r,
                const vf_choice_site *site, vf_sbuf *err);
int vf_nsubst_at(vf_grid *g, const char *spec, size_t n, vf_rng *r,
                 const vf_choice_site *site, vf_sbuf *err);
int vf_shuffle(vf_grid *g, const char *spec, size_t n, vf_rng *r,
               vf_sbuf *err);
/* SHUFFLE with where each glyph (or block, by its first glyph) went a
 * choice through site; a forced one swaps with the glyph that went there
 * instead. The draws are the same. */
int vf_shuffle_at(vf_grid *g, const char *spec, size_t n, vf_rng *r,
                  const vf_choice_site *site, vf_sbuf *err);
int vf_clear(vf_grid *g, const char *spec, size_t n, vf_sbuf *err);

#endif
