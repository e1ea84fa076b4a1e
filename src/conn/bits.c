/* Cell sets as bitmaps, one predicate at a time.
 *
 * A row is built from its runs of one feature (a level is mostly long
 * runs) and from its mask and property words, eight or four cells per
 * machine word, so a row costs about as much as its runs, not its cells.
 * Every predicate is split the same way: a part that depends on the
 * feature alone -- cn_ok with no mask or property -- and the masks and
 * properties on top:
 *
 *   mask readers        PM | (G1 & ~O)      PM: MMT_PASSABLE, O: MMT_OPAQUE
 *   tele_connected      (G1 & ~NT) | (G2 & NT & ~VN)
 *                       G2: solid and travel_ok, NT: no_tele_into,
 *                       VN: the cell's vault tagged no_tele_into
 *   tele targets        G1 & ~NT
 *   the rest            G1
 *
 * which is cn_ok written out over bits (conn_int.h). */
#include "conn_int.h"

#include <string.h>

_Static_assert(VF_GXM % 16 == 0 && VF_GXM <= 128, "two words a row");
/* Cell x is bit x: a word loaded from a row holds its first cell in its
 * low byte. */
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "vf_conn's bitmaps assume a little-endian machine"
#endif

#define BYTES 0x0101010101010101u
#define HIGH (BYTES << 7)
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

/* One bit per lane of a comparison result (lanes 0 or 0xff). */
static inline uint64_t lane_bits(v16 m)
{
    uint64_t w[2];
    memcpy(w, &m, 16);
    return pack8(w[0] & BYTES) | pack8(w[1] & BYTES) << 8;
}

/* Bit 7 of each byte of x that is not zero. */
static inline uint64_t nonzero_bytes(uint64_t x)
{
    return (x | ((x & ~HIGH) + ~HIGH)) & HIGH;
}

/* The row's run starts: cells whose feature differs from the one on
 * their left, and x = 0. The first sixteen cells by words, the rest by
 * comparing the row with itself one byte to the left (row - 1 is
 * in the row from there on). */
static void run_starts(const uint8_t *row, uint64_t st[2])
{
    static const v16 zero = {0};
    uint64_t f0 = load8(row), f1 = load8(row + 8);
    uint64_t d0 = nonzero_bytes(f0 ^ (f0 << 8));
    uint64_t d1 = nonzero_bytes(f1 ^ ((f1 << 8) | (f0 >> 56)));
    st[0] = pack8(d0 >> 7) | pack8(d1 >> 7) << 8 | 1;
    st[1] = 0;
    for (int i = 1; i < VF_GXM / 16; i++) {
        v16 eq = load16(row + 16 * i) == load16(row + 16 * i - 1);
        st[i >> 2] |= lane_bits(eq == zero) << (16 * (i & 3));
    }
}

/* Bits a..b-1 of a row. */
static inline void range(int a, int b, uint64_t r[2])
{
    uint64_t ge_a0 = a >= 64 ? 0 : ~(uint64_t)0 << a;
    uint64_t ge_a1 = a >= 64 ? ~(uint64_t)0 << (a - 64) : ~(uint64_t)0;
    uint64_t ge_b0 = b >= 64 ? 0 : ~(uint64_t)0 << b;
    uint64_t ge_b1 = b >= 64 ? ~(uint64_t)0 << (b - 64) : ~(uint64_t)0;
    r[0] = ge_a0 & ~ge_b0;
    r[1] = ge_a1 & ~ge_b1;
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

/* One row's cells whose mask has bit, into out; 0 if the row has no mask
 * at all. */
static int mask_row(const uint16_t *m, unsigned bit, uint64_t out[2])
{
    if (!any_set(m, VF_GXM * 2)) return 0;
    for (int i = 0; i < VF_GXM / 4; i++) {
        uint64_t w = load8(m + 4 * i);
        int at = 4 * i;
        if (w)
            out[at >> 6] |= pack16((w >> __builtin_ctz(bit)) & LANES16)
                            << (at & 63);
    }
    return 1;
}

/* One row's mask planes: MMT_PASSABLE into pm, MMT_OPAQUE into o. */
static int mask_planes(const uint16_t *m, uint64_t pm[2], uint64_t o[2])
{
    return mask_row(m, VF_MMT_PASSABLE, pm) && mask_row(m, VF_MMT_OPAQUE, o);
}

void cn_mask_plane(const vf_level *l, unsigned bit, cn_bits *out)
{
    memset(out, 0, sizeof *out);
    for (int y = 0; y < VF_GYM; y++) mask_row(l->mask[y], bit, out->w[y]);
}

/* One row's no_tele_into plane. */
static int prop_plane(const uint32_t *p, uint64_t nt[2])
{
    if (!any_set(p, VF_GXM * 4)) return 0;
    for (int i = 0; i < VF_GXM / 2; i++) {
        uint64_t w = load8(p + 2 * i);
        int at = 2 * i;
        nt[at >> 6] |=
            pack32((w >> __builtin_ctz(VF_FPROP_NO_TELE_INTO)) & LANES32)
            << (at & 63);
    }
    return 1;
}

static inline int reads_mask(vf_conn_pred p)
{
    return p == VF_CP_PASSABLE || p == VF_CP_PASSABLE_TRAPS
           || p == VF_CP_EVER_PASSABLE;
}

static inline int reads_prop(vf_conn_pred p)
{
    return p == VF_CP_TELE_CONNECTED || p == VF_CP_TELE_TARGET_WALK
           || p == VF_CP_TELE_TARGET_FLY;
}

/* Row y under p into out (unless p is VF_CP_COUNT), and the cells whose
 * class has any of xbits into xout. */
static inline __attribute__((always_inline)) void
build_row(cn_classes *k, const vf_level *l, const uint8_t *notele,
          vf_conn_pred p, int y, unsigned xbits, uint64_t out[2],
          uint64_t xout[2])
{
    uint64_t st[2], g1[2] = {0, 0}, g2[2] = {0, 0}, x[2] = {0, 0}, r[2];
    uint8_t at[VF_GXM + 1];
    int n = 0;
    run_starts(l->feat[y], st);
    for (int i = 0; i < 2; i++)
        for (uint64_t w = st[i]; w; w &= w - 1)
            at[n++] = (uint8_t)(64 * i + __builtin_ctzll(w));
    at[n] = VF_GXM;
    for (int j = 0; j < n; j++) {
        int a = at[j], b = at[j + 1];
        unsigned c = cn_class(k, l->feat[y][a]);
        int in1 = p != VF_CP_COUNT && cn_ok(p, c, 0, 0, 0);
        int in2 = p == VF_CP_TELE_CONNECTED && (c & CN_TRAVEL)
                  && (c & CN_SOLID);
        if (in1 | in2 | (int)(c & xbits)) {
            range(a, b, r);
            if (in1) { g1[0] |= r[0]; g1[1] |= r[1]; }
            if (in2) { g2[0] |= r[0]; g2[1] |= r[1]; }
            if (c & xbits) { x[0] |= r[0]; x[1] |= r[1]; }
        }
    }
    if (xout) { xout[0] = x[0]; xout[1] = x[1]; }
    if (p == VF_CP_COUNT) return;
    uint64_t pm[2] = {0, 0}, o[2] = {0, 0}, nt[2] = {0, 0};
    if (reads_mask(p) && mask_planes(l->mask[y], pm, o))
        for (int i = 0; i < 2; i++) g1[i] = pm[i] | (g1[i] & ~o[i]);
    if (reads_prop(p) && prop_plane(l->prop[y], nt)) {
        for (int i = 0; i < 2; i++) {
            uint64_t keep = g2[i] & nt[i];   /* solid doors: per vault */
            g1[i] &= ~nt[i];
            for (uint64_t w = keep; w; w &= w - 1) {
                int cx = 64 * i + __builtin_ctzll(w);
                if (notele[l->vault[y][cx]]) keep &= ~(w & -w);
            }
            if (p == VF_CP_TELE_CONNECTED) g1[i] |= keep;
        }
    }
    out[0] = g1[0];
    out[1] = g1[1];
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

/* Whether row y reads as row y - 1 does under p: then it comes out the
 * same, and most rows of a level repeat the one above. */
static inline __attribute__((always_inline)) int
same_as_above(const vf_level *l, vf_conn_pred p, int y)
{
    return y && same(l->feat[y], l->feat[y - 1], sizeof l->feat[y])
           && (!reads_mask(p)
               || same(l->mask[y], l->mask[y - 1], sizeof l->mask[y]))
           && (!reads_prop(p)
               || same(l->prop[y], l->prop[y - 1], sizeof l->prop[y]))
           && (p != VF_CP_TELE_CONNECTED
               || same(l->vault[y], l->vault[y - 1], sizeof l->vault[y]));
}

static inline __attribute__((always_inline)) void
build_with(cn_classes *k, const vf_level *l, const uint8_t *notele,
           vf_conn_pred p, cn_bits *out, unsigned xbits, cn_bits *xout)
{
    for (int y = 0; y < VF_GYM; y++) {
        if (same_as_above(l, p, y)) {
            if (out) memcpy(out->w[y], out->w[y - 1], sizeof out->w[y]);
            if (xout) memcpy(xout->w[y], xout->w[y - 1], sizeof xout->w[y]);
            continue;
        }
        build_row(k, l, notele, p, y, xbits, out ? out->w[y] : NULL,
                  xout ? xout->w[y] : NULL);
    }
}

void cn_build(cn_classes *k, const vf_level *l, vf_conn_pred p,
              cn_bits *out, unsigned xbits, cn_bits *xout)
{
    /* Per vault id (0 = none): tagged no_tele_into. Ids past nvaults read
     * as untagged. */
    uint8_t notele[256] = {0};
    for (int i = 0; i < l->nvaults && i < 255; i++)
        notele[i + 1] = (uint8_t)!!l->vaults[i].no_tele_into;
    if (!out) p = VF_CP_COUNT;
    switch (p) {
#define CASE(P) case P: build_with(k, l, notele, P, out, xbits, xout); break
    CASE(VF_CP_TRAVEL_OK);
    CASE(VF_CP_PASSABLE);
    CASE(VF_CP_PASSABLE_TRAPS);
    CASE(VF_CP_EVER_PASSABLE);
    CASE(VF_CP_TELE_CONNECTED);
    CASE(VF_CP_CLOSET_WALK);
    CASE(VF_CP_CLOSET_FLY);
    CASE(VF_CP_TELE_TARGET_WALK);
    CASE(VF_CP_TELE_TARGET_FLY);
    default: build_with(k, l, notele, VF_CP_COUNT, NULL, xbits, xout);
#undef CASE
    }
}

void cn_row_range(int x0, int x1, uint64_t m[2])
{
    range(x0, x1 + 1, m);
}

int cn_row_any(const uint64_t row[2], int x0, int x1)
{
    uint64_t m[2];
    cn_row_range(x0, x1, m);
    return ((row[0] & m[0]) | (row[1] & m[1])) != 0;
}

int cn_row_count(const uint64_t row[2], int x0, int x1)
{
    uint64_t m[2];
    cn_row_range(x0, x1, m);
    return __builtin_popcountll(row[0] & m[0])
           + __builtin_popcountll(row[1] & m[1]);
}
