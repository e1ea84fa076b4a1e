/* Cell sets as bitmaps: the planes of a level in one pass, and the
 * predicates over them.
 *
 * A row's feature planes are built a kind of feature at a time, sixteen
 * cells to a comparison (a row holds a few kinds, and most rows repeat
 * the one above), its mask, property and content planes eight or four
 * cells per machine word, so a row costs about as much as its kinds of
 * feature, not its cells. Every predicate is then cn_ok written out over
 * bits (conn_int.h), T being travel_ok:
 *
 *   passable            PM | (T & ~O)      PM: MMT_PASSABLE, O: MMT_OPAQUE
 *   passable_traps      passable | (TRAP & ~O)
 *   ever_passable       passable | (EVER & ~O)
 *   tele_connected      (T & ~NT) | (T & SOLID & NT & ~VN)
 *                       NT: no_tele_into, VN: the cell's vault tagged
 *                       no_tele_into
 *   closet walk / fly   T | TRAP (| FLY)
 *   tele targets        ~NT & ~SOLID (& ~FLY)
 *   travel_ok           T
 */
#include "conn_int.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

_Static_assert(VF_GXM % 16 == 0 && VF_GXM <= 128, "two words a row");
/* Cell x is bit x: a word loaded from a row holds its first cell in its
 * low byte. */
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "vf_conn's bitmaps assume a little-endian machine"
#endif

#define BYTES 0x0101010101010101u
#define LANES16 0x0001000100010001u
#define LANES32 0x0000000100000001u

static inline uint64_t load8(const void *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* Packs bit 0 of each byte (of each 16-bit, 32-bit lane) into the low
 * bits, lane order kept. */
static inline uint64_t pack8(uint64_t x)
{
    return (x * 0x0102040810204080u) >> 56;
}

static inline uint64_t pack16(uint64_t x)
{
    return ((x * 0x0001000200040008u) >> 48) & 0xf;
}

static inline uint64_t pack32(uint64_t x)
{
    return ((x * 0x0000000100000002u) >> 32) & 0x3;
}

/* Sixteen bytes, compared lane by lane (a GCC and Clang vector type:
 * plain SSE2 on x86-64, NEON on arm64). */
typedef uint8_t v16 __attribute__((vector_size(16)));

static inline v16 load16(const void *p)
{
    v16 v;
    memcpy(&v, p, 16);
    return v;
}

/* One bit per lane of a comparison result (lanes 0 or 0xff): x86-64's
 * byte mask instruction, else two packing multiplies. */
static inline uint64_t lane_bits(v16 m)
{
#ifdef __SSE2__
    return (uint64_t)(unsigned)_mm_movemask_epi8((__m128i)m);
#else
    uint64_t w[2];
    memcpy(w, &m, 16);
    return pack8(w[0] & BYTES) | pack8(w[1] & BYTES) << 8;
#endif
}

/* Bits a..b-1 of a row. */
static inline void range(int a, int b, uint64_t r[2])
{
    cn_row_range(a, b - 1, r);
}

/* Whether any of n bytes at p is set. */
static inline int any_set(const void *p, int n)
{
    v16 acc = {0};
    for (int i = 0; i < n; i += 16) acc |= load16((const uint8_t *)p + i);
    uint64_t w[2];
    memcpy(w, &acc, 16);
    return (w[0] | w[1]) != 0;
}

/* Bits of a row that are cells (x < VF_GXM): what a negation keeps. */
static inline uint64_t row_cells(int i)
{
    return i == 0 ? ~(uint64_t)0 : ~(uint64_t)0 >> (128 - VF_GXM);
}

/* The cells of a row holding feature f. */
static inline void feature_cells(const uint8_t *row, uint8_t f,
                                 uint64_t out[2])
{
    const v16 id = (v16){0} + f;
    uint64_t lo = 0, hi = 0;   /* in registers: the loop unrolls */
    for (int i = 0; i < VF_GXM / 16; i++) {
        uint64_t b = lane_bits(load16(row + 16 * i) == id);
        if (i < 4) lo |= b << (16 * i);
        else hi |= b << (16 * (i - 4));
    }
    out[0] = lo;
    out[1] = hi;
}

/* Row y's class planes (those of the bits in want), one feature at a
 * time: a row holds a few kinds of feature however many runs a cave's
 * row breaks into, and sixteen cells are compared at once. */
static void class_row(uint64_t (*pw)[2], cn_classes *k, const uint8_t *row,
                      unsigned want)
{
    uint64_t left[2] = {~(uint64_t)0, row_cells(1)};   /* not yet met */
    for (unsigned wb = want; wb; wb &= wb - 1) {
        int b = __builtin_ctz(wb);
        pw[b][0] = pw[b][1] = 0;
    }
    while (left[0] | left[1]) {
        int x = left[0] ? __builtin_ctzll(left[0])
                        : 64 + __builtin_ctzll(left[1]);
        uint64_t eq[2];
        feature_cells(row, row[x], eq);
        left[0] &= ~eq[0];
        left[1] &= ~eq[1];
        for (unsigned cb = cn_class(k, row[x]) & want; cb; cb &= cb - 1) {
            int b = __builtin_ctz(cb);
            pw[b][0] |= eq[0];
            pw[b][1] |= eq[1];
        }
    }
}

/* Bit b of each 16-bit lane of w, packed, at cell at. */
#define LANE16(w, b) (pack16(((w) >> __builtin_ctz(b)) & LANES16))

/* Row y's mask planes (the four from CN_PL_PASSMASK); four cells a
 * word. */
static void mask_row(uint64_t (*pw)[2], const uint16_t *m)
{
    memset(&pw[CN_PL_PASSMASK], 0, 4 * sizeof *pw);
    if (!any_set(m, VF_GXM * 2)) return;
    for (int i = 0; i < VF_GXM / 4; i++) {
        uint64_t w = load8(m + 4 * i);
        int at = 4 * i, h = at >> 6, s = at & 63;
        if (!w) continue;
        pw[CN_PL_PASSMASK][h] |= LANE16(w, VF_MMT_PASSABLE) << s;
        pw[CN_PL_OPAQUE][h] |= LANE16(w, VF_MMT_OPAQUE) << s;
        pw[CN_PL_NOCLOSET][h] |= LANE16(w, VF_MMT_NO_TELE_CLOSET) << s;
        pw[CN_PL_VAULTMASK][h] |= LANE16(w, VF_MMT_VAULT) << s;
    }
}

/* Row y's no_tele_into plane; two cells a word. */
static void prop_row(uint64_t (*pw)[2], const uint32_t *p)
{
    memset(&pw[CN_PL_NOTELE], 0, sizeof *pw);
    if (!any_set(p, VF_GXM * 4)) return;
    for (int i = 0; i < VF_GXM / 2; i++) {
        uint64_t w = load8(p + 2 * i);
        int at = 2 * i;
        pw[CN_PL_NOTELE][at >> 6] |=
            pack32((w >> __builtin_ctz(VF_FPROP_NO_TELE_INTO)) & LANES32)
            << (at & 63);
    }
}

/* Row y's content planes (the four from CN_PL_ITEM); eight cells a
 * word. */
static void content_row(uint64_t (*pw)[2], const uint8_t *c)
{
    memset(&pw[CN_PL_ITEM], 0, 4 * sizeof *pw);
    if (!any_set(c, VF_GXM)) return;
    for (int i = 0; i < VF_GXM / 8; i++) {
        uint64_t w = load8(c + 8 * i);
        int at = 8 * i, h = at >> 6, s = at & 63;
        if (!w) continue;
        pw[CN_PL_ITEM][h] |=
            pack8((w >> __builtin_ctz(VF_CELL_ITEM)) & BYTES) << s;
        pw[CN_PL_MONSTER][h] |=
            pack8((w >> __builtin_ctz(VF_CELL_MONSTER)) & BYTES) << s;
        if (!(w & (BYTES * (VF_CELL_STATIC_MONSTER | VF_CELL_FIREWOOD))))
            continue;
        pw[CN_PL_STATIC][h] |=
            pack8((w >> __builtin_ctz(VF_CELL_STATIC_MONSTER)) & BYTES) << s;
        pw[CN_PL_FIREWOOD][h] |=
            pack8((w >> __builtin_ctz(VF_CELL_FIREWOOD)) & BYTES) << s;
    }
}

/* Whether n bytes at a and b are equal (n a multiple of 16). */
static inline int same(const void *a, const void *b, int n)
{
    v16 acc = {0};
    for (int i = 0; i < n; i += 16)
        acc |= load16((const uint8_t *)a + i) ^ load16((const uint8_t *)b + i);
    uint64_t w[2];
    memcpy(w, &acc, 16);
    return !(w[0] | w[1]);
}

void cn_planes_build(cn_planes *pl, cn_classes *k, const vf_level *l,
                     unsigned classes, unsigned need)
{
    classes &= (1u << CN_NCLASS) - 1;
    /* Ids past nvaults read as untagged. */
    memset(pl->notele, 0, sizeof pl->notele);
    for (int i = 0; i < l->nvaults && i < 255; i++)
        pl->notele[i + 1] = (uint8_t)!!l->vaults[i].no_tele_into;
    for (int y = 0; y < VF_GYM; y++) {
        uint64_t (*pw)[2] = pl->w[y];
        /* Most rows of a level repeat the one above. */
        if (y && same(l->feat[y], l->feat[y - 1], sizeof l->feat[y]))
            memcpy(pw, pl->w[y - 1], CN_NCLASS * sizeof *pw);
        else
            class_row(pw, k, l->feat[y], classes);
        if (need & CN_NEED_MASK) mask_row(pw, l->mask[y]);
        if (need & CN_NEED_PROP) prop_row(pw, l->prop[y]);
        if (need & CN_NEED_CONTENT) content_row(pw, l->content[y]);
    }
}

unsigned cn_pred_classes(vf_conn_pred p)
{
    switch (p) {
    case VF_CP_TRAVEL_OK:
    case VF_CP_PASSABLE: return CN_TRAVEL;
    case VF_CP_PASSABLE_TRAPS:
    case VF_CP_CLOSET_WALK: return CN_TRAVEL | CN_TRAP;
    case VF_CP_EVER_PASSABLE: return CN_TRAVEL | CN_EVER;
    case VF_CP_TELE_CONNECTED: return CN_TRAVEL | CN_SOLID;
    case VF_CP_CLOSET_FLY: return CN_TRAVEL | CN_TRAP | CN_FLY;
    case VF_CP_TELE_TARGET_WALK: return CN_SOLID | CN_FLY;
    case VF_CP_TELE_TARGET_FLY: return CN_SOLID;
    default: return 0;
    }
}

unsigned cn_pred_needs(vf_conn_pred p)
{
    switch (p) {
    case VF_CP_PASSABLE:
    case VF_CP_PASSABLE_TRAPS:
    case VF_CP_EVER_PASSABLE: return CN_NEED_MASK;
    case VF_CP_TELE_CONNECTED:
    case VF_CP_TELE_TARGET_WALK:
    case VF_CP_TELE_TARGET_FLY: return CN_NEED_PROP;
    default: return 0;
    }
}

/* Word i of row y under p; reads only the planes p needs
 * (cn_pred_classes, cn_pred_needs). */
static inline __attribute__((always_inline)) uint64_t pred_word(
    const cn_planes *pl, const vf_level *l, vf_conn_pred p, int y, int i)
{
    const uint64_t (*pw)[2] = pl->w[y];
#define PL(b) pw[b][i]
#define OPEN (~PL(CN_PL_OPAQUE) & row_cells(i))
#define PASS (PL(CN_PL_PASSMASK) | (PL(CN_B_TRAVEL) & OPEN))
#define LAND (~PL(CN_PL_NOTELE) & ~PL(CN_B_SOLID) & row_cells(i))
    switch (p) {
    case VF_CP_TRAVEL_OK: return PL(CN_B_TRAVEL);
    case VF_CP_PASSABLE: return PASS;
    case VF_CP_PASSABLE_TRAPS: return PASS | (PL(CN_B_TRAP) & OPEN);
    case VF_CP_EVER_PASSABLE: return PASS | (PL(CN_B_EVER) & OPEN);
    case VF_CP_TELE_CONNECTED: {
        uint64_t t = PL(CN_B_TRAVEL), nt = PL(CN_PL_NOTELE);
        /* Solid doors stay in unless their whole vault is no_tele_into. */
        uint64_t keep = t & PL(CN_B_SOLID) & nt;
        for (uint64_t w = keep; w; w &= w - 1)
            if (pl->notele[l->vault[y][64 * i + __builtin_ctzll(w)]])
                keep &= ~(w & -w);
        return (t & ~nt) | keep;
    }
    case VF_CP_CLOSET_WALK: return PL(CN_B_TRAVEL) | PL(CN_B_TRAP);
    case VF_CP_CLOSET_FLY:
        return PL(CN_B_TRAVEL) | PL(CN_B_TRAP) | PL(CN_B_FLY);
    case VF_CP_TELE_TARGET_WALK: return LAND & ~PL(CN_B_FLY);
    case VF_CP_TELE_TARGET_FLY: return LAND;
    default: return 0;
    }
#undef PL
#undef OPEN
#undef PASS
#undef LAND
}

static inline __attribute__((always_inline)) void
pred_rows(const cn_planes *pl, const vf_level *l, vf_conn_pred p,
          cn_bits *out)
{
    for (int y = 0; y < VF_GYM; y++)
        for (int i = 0; i < 2; i++) out->w[y][i] = pred_word(pl, l, p, y, i);
}

/* One loop per predicate, so none decides per word. */
void cn_pred_set(const cn_planes *pl, const vf_level *l, vf_conn_pred p,
                 cn_bits *out)
{
    switch (p) {
#define CASE(P) case P: pred_rows(pl, l, P, out); break
    CASE(VF_CP_TRAVEL_OK);
    CASE(VF_CP_PASSABLE);
    CASE(VF_CP_PASSABLE_TRAPS);
    CASE(VF_CP_EVER_PASSABLE);
    CASE(VF_CP_TELE_CONNECTED);
    CASE(VF_CP_CLOSET_WALK);
    CASE(VF_CP_CLOSET_FLY);
    CASE(VF_CP_TELE_TARGET_WALK);
    CASE(VF_CP_TELE_TARGET_FLY);
#undef CASE
    default: memset(out, 0, sizeof *out);
    }
}

void cn_class_set(const cn_planes *pl, unsigned bits, cn_bits *out)
{
    memset(out, 0, sizeof *out);
    for (unsigned c = bits & ((1u << CN_NCLASS) - 1); c; c &= c - 1) {
        int b = __builtin_ctz(c);
        for (int y = 0; y < VF_GYM; y++)
            for (int i = 0; i < 2; i++) out->w[y][i] |= pl->w[y][b][i];
    }
}

void cn_vault_row(const vf_level *l, int v, int y, uint64_t out[2])
{
    const vf_level_vault *vt = &l->vaults[v];
    const v16 id = (v16){0} + (uint8_t)(v + 1);
    uint64_t m[2] = {0, 0}, r[2];
    int x0 = vt->x < 0 ? 0 : vt->x;
    int x1 = vt->x + vt->w > VF_GXM ? VF_GXM : vt->x + vt->w;
    out[0] = out[1] = 0;
    if (y < vt->y || y >= vt->y + vt->h || x0 >= x1) return;
    for (int i = 0; i < VF_GXM / 16; i++)
        m[i >> 2] |= lane_bits(load16(l->vault[y] + 16 * i) == id)
                     << (16 * (i & 3));
    range(x0, x1, r);
    out[0] = m[0] & r[0];
    out[1] = m[1] & r[1];
}

void cn_nonzero_row(const uint8_t *row, uint64_t out[2])
{
    static const v16 zero = {0};
    out[0] = out[1] = 0;
    for (int i = 0; i < VF_GXM / 16; i++)
        out[i >> 2] |= lane_bits(load16(row + 16 * i) != zero)
                       << (16 * (i & 3));
}

void cn_nonzero_row16(const uint16_t *row, uint64_t out[2])
{
    out[0] = out[1] = 0;
    for (int i = 0; i < VF_GXM / 16; i++) {
        const uint16_t *p = row + 16 * i;
#ifdef __SSE2__
        /* Zero lanes as 0xffff, packed to a byte each (-1 stays -1). */
        const __m128i z = _mm_setzero_si128();
        __m128i a = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)p), z);
        __m128i b = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(p + 8)),
                                    z);
        uint64_t bits = ~(unsigned)_mm_movemask_epi8(_mm_packs_epi16(a, b))
                        & 0xffffu;
#else
        uint64_t bits = 0;
        for (int k = 0; k < 16; k++) bits |= (uint64_t)(p[k] != 0) << k;
#endif
        out[i >> 2] |= bits << (16 * (i & 3));
    }
}

void cn_row_spread(const uint64_t m[2], uint64_t out[2])
{
    uint64_t lo = m[0] | m[0] << 1 | m[0] >> 1 | m[1] << 63;
    uint64_t hi = m[1] | m[1] << 1 | m[1] >> 1 | m[0] >> 63;
    out[0] = lo;
    out[1] = hi & row_cells(1);
}
