/* The game's cell predicates (§4.1) and the bitmaps the floods run on. */
#include "conn_int.h"

#include <string.h>

/* feat_is_branch_exit holds only for connected branches: a portal
 * branch's exit (a ziggurat's, a bazaar's...) leads off the level but not
 * up the dungeon, so the game never counts it as an exit stair. Those ids
 * run from exit_portal_vault to exit_crucible in the table. */
static int portal_exit(int id)
{
    return id >= VF_F_EXIT_PORTAL_VAULT && id <= VF_F_EXIT_CRUCIBLE;
}

static unsigned classes_of(int id)
{
    unsigned p = vf_feature_props(id), c = 0;
    if (id < 1 || id > vf_feature_count()) return 0;
    if (vf_feature_traversable(id)) c |= CN_TRAVEL;
    if (p & VF_FP_TRAP) c |= CN_TRAP;
    if (id == VF_F_DEEP_WATER || id == VF_F_LAVA) c |= CN_EVER;
    if (p & (VF_FP_DEEP | VF_FP_LAVA)) c |= CN_FLY;
    if (p & VF_FP_SOLID) c |= CN_SOLID;
    if (p & VF_FP_HATCH) c |= CN_HATCH;
    if (p & VF_FP_STAIR) c |= CN_STAIR;
    if (id == VF_F_TRAP_TELEPORT_PERMANENT) c |= CN_PERMTELE;
    if ((p & VF_FP_EXIT) && !portal_exit(id)) c |= CN_EXIT | CN_UPEXIT;
    if (p & VF_FP_STAIR_UP) c |= CN_EXIT | CN_UPEXIT;
    if (p & VF_FP_STAIR_DOWN) c |= CN_EXIT;
    return c;
}

static int at_branch_bottom(const vf_place *p)
{
    const vf_branch *b = vf_branch_get(p->branch);
    return b && b->depth == p->depth;
}

void cn_classes_init(cn_classes *k, const vf_level *l)
{
    memset(k->c, 0xff, sizeof k->c);
    k->bottom = at_branch_bottom(&l->place);
}

unsigned cn_class_fill(cn_classes *k, int f)
{
    return k->c[f] = (uint16_t)classes_of(f);
}

static unsigned exit_bits(int bottom, vf_conn_exits e)
{
    if (e == VF_CE_ALL_ZONES) return 0;
    if (bottom) return CN_UPEXIT;
    return e == VF_CE_HATCHES ? CN_EXIT | CN_HATCH : CN_EXIT;
}

unsigned cn_exit_bits(const cn_classes *k, vf_conn_exits e)
{
    return exit_bits(k->bottom, e);
}

static int vault_notele(const vf_level *l, int x, int y)
{
    int v = l->vault[y][x];
    return v > 0 && v <= l->nvaults && l->vaults[v - 1].no_tele_into;
}

int vf_conn_cell(const vf_level *l, vf_conn_pred p, int x, int y)
{
    if (!vf_level_in_bounds(x, y)) return 0;
    return cn_ok(p, classes_of(l->feat[y][x]), l->mask[y][x],
                 l->prop[y][x], vault_notele(l, x, y));
}

int vf_conn_exit_at(const vf_level *l, vf_conn_exits e, int x, int y)
{
    if (!vf_level_in_bounds(x, y)) return 0;
    return !!(classes_of(l->feat[y][x])
              & exit_bits(at_branch_bottom(&l->place), e));
}
