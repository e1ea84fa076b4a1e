/* Connected components of a cell set, 8-neighbour, by runs: each row's
 * runs of set cells are found with bit tricks, and runs of adjacent rows
 * that touch (diagonally too) are joined in a union-find. A row equal to
 * the one above adds no run: the runs above grow a row taller (a run is a
 * rectangle), since each touches only its own twin. So a flood of a whole
 * level costs a pass over 140 words and a step per distinct run. */
#include "conn_int.h"

static int find(uint16_t *up, int i)
{
    while (up[i] != i) {
        up[i] = up[up[i]];   /* path halving */
        i = up[i];
    }
    return i;
}

/* Joins two sets; the root is the smaller index, so a component's root is
 * its first run in row-major order. */
static void unite(uint16_t *up, int a, int b)
{
    a = find(up, a);
    b = find(up, b);
    if (a < b) up[b] = (uint16_t)a;
    else if (b < a) up[a] = (uint16_t)b;
}

static int ctz(uint64_t w)
{
    return __builtin_ctzll(w);
}

static void push_run(cn_lab *b, int y, int x0, int x1)
{
    int n = b->n++;
    b->y0[n] = b->y1[n] = (uint8_t)y;
    b->x0[n] = (uint8_t)x0;
    b->x1[n] = (uint8_t)x1;
    b->up[n] = (uint16_t)n;
}

/* Appends row y's runs. Starts are set bits whose left neighbour is clear,
 * ends set bits whose right neighbour is clear; they pair up in order,
 * and only a run starting in the low word can end in the high one. */
static void row_runs(cn_lab *b, int y, uint64_t lo, uint64_t hi)
{
    uint64_t s0 = lo & ~(lo << 1), s1 = hi & ~((hi << 1) | (lo >> 63));
    uint64_t e0 = lo & ~((lo >> 1) | (hi << 63)), e1 = hi & ~(hi >> 1);
    for (; s0; s0 &= s0 - 1) {
        int x1;
        if (e0) { x1 = ctz(e0); e0 &= e0 - 1; }
        else { x1 = 64 + ctz(e1); e1 &= e1 - 1; }
        push_run(b, y, ctz(s0), x1);
    }
    for (; s1; s1 &= s1 - 1, e1 &= e1 - 1)
        push_run(b, y, 64 + ctz(s1), 64 + ctz(e1));
}

/* Joins the runs i..ie-1 of one row with the runs j..je-1 of the next
 * that they touch. Runs of a row are sorted and at least one cell apart,
 * so a two-pointer walk finds every touching pair. */
static void join_rows(cn_lab *b, int i, int ie, int j, int je)
{
    while (i < ie && j < je) {
        if (b->x0[i] <= b->x1[j] + 1 && b->x0[j] <= b->x1[i] + 1)
            unite(b->up, i, j);
        if (b->x1[i] < b->x1[j]) i++;
        else j++;
    }
}

static void runs_and_joins(cn_lab *b, const cn_bits *set)
{
    b->n = 0;
    for (int y = 0; y < VF_GYM; y++) {
        const uint64_t *w = set->w[y];
        if (y && w[0] == set->w[y - 1][0] && w[1] == set->w[y - 1][1]) {
            b->rs[y] = b->rs[y - 1];
            b->re[y] = b->re[y - 1];
            for (int s = b->rs[y]; s < b->re[y]; s++) b->y1[s] = (uint8_t)y;
            continue;
        }
        b->rs[y] = (uint16_t)b->n;
        row_runs(b, y, w[0], w[1]);
        b->re[y] = (uint16_t)b->n;
        if (y) join_rows(b, b->rs[y - 1], b->re[y - 1], b->rs[y], b->re[y]);
    }
}

int cn_label(cn_lab *b, const cn_bits *set)
{
    runs_and_joins(b, set);
    b->ncomp = 0;
    for (int i = 0; i < b->n; i++) {
        int r = find(b->up, i);
        if (r == i) b->comp[i] = (uint16_t)b->ncomp++;
        else b->comp[i] = b->comp[r];   /* r < i: numbered already */
    }
    for (int c = 0; c < b->ncomp; c++) b->first[c] = CN_NONE;
    for (int i = b->n - 1; i >= 0; i--) {
        b->next[i] = b->first[b->comp[i]];
        b->first[b->comp[i]] = (uint16_t)i;
    }
    return b->ncomp;
}

static int span_hits(const cn_lab *b, int i, const cn_bits *s)
{
    for (int y = b->y0[i]; y <= b->y1[i]; y++)
        if (cn_row_any(s->w[y], b->x0[i], b->x1[i])) return 1;
    return 0;
}

int cn_count(cn_lab *b, const cn_bits *set, const cn_bits *seed,
             const cn_bits *exits)
{
    runs_and_joins(b, set);
    /* comp[] marks roots here: bit 0 seeded, bit 1 holds an exit. */
    for (int i = 0; i < b->n; i++) b->comp[i] = seed ? 0 : 1;
    for (int i = 0; i < b->n; i++) {
        unsigned m = 0;
        if (seed && span_hits(b, i, seed)) m |= 1;
        if (exits && span_hits(b, i, exits)) m |= 2;
        if (m) b->comp[find(b->up, i)] |= (uint16_t)m;
    }
    int n = 0;
    for (int i = 0; i < b->n; i++)
        if (b->up[i] == i && b->comp[i] == 1) n++;
    return n;
}

int cn_comp_at(const cn_lab *b, int x, int y)
{
    for (int s = b->rs[y]; s < b->re[y]; s++)
        if (b->x0[s] <= x && x <= b->x1[s]) return b->comp[s];
    return -1;
}

int cn_comp_hits(const cn_lab *b, int c, const cn_bits *s)
{
    for (int i = b->first[c]; i != CN_NONE; i = b->next[i])
        if (span_hits(b, i, s)) return 1;
    return 0;
}

int cn_comp_count(const cn_lab *b, int c, const cn_bits *s)
{
    int n = 0;
    for (int i = b->first[c]; i != CN_NONE; i = b->next[i])
        for (int y = b->y0[i]; y <= b->y1[i]; y++)
            n += cn_row_count(s->w[y], b->x0[i], b->x1[i]);
    return n;
}
