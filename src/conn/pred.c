/* The game's cell predicates (§4.1) and the bitmaps the floods run on. */
#include "conn_int.h"

#include <string.h>

/* feat_is_branch_exit holds only for connected branches: a portal
 * branch's exit (a ziggurat's, a bazaar's...) leads off the level but not
 * up the dungeon, so the game never counts it as an exit stair. Those ids
 * run from exit_portal_vault to exit_crucible in the table; the
 * Labyrinth's exit (feat_is_portal_exit too) lies apart. */
static int portal_exit(int id)
{
    return (id >= VF_F_EXIT_PORTAL_VAULT && id <= VF_F_EXIT_CRUCIBLE)
           || id == VF_F_EXIT_LABYRINTH;
}

/* Every altar, the unknown one included: their ids run together. */
static int is_altar(int id)
{
    return id >= VF_F_UNKNOWN_ALTAR && id <= VF_F_ALTAR_IGNIS;
}

/* A way into a branch or portal: the stairs the game names enter_*
 * (feat_is_branch_entrance, feat_is_portal_entrance, the Abyss, Pan and
 * Hell gates). A shop's entrance is no stair. */
static int is_entry(int id, unsigned props)
{
    return (props & VF_FP_STAIR)
           && !strncmp(vf_feature_name(id), "enter_", 6);
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
    if (is_altar(id)) c |= CN_ALTAR;
    if (is_entry(id, p)) c |= CN_PORTAL;
    if (portal_exit(id)) c |= CN_PORTEXIT;
    else if (p & VF_FP_EXIT) c |= CN_EXIT | CN_UPEXIT;
    if (p & VF_FP_STAIR_UP) c |= CN_EXIT | CN_UPEXIT;
    if (p & VF_FP_STAIR_DOWN) c |= CN_EXIT;
    return c;
}

static int at_branch_bottom(const vf_level *l)
{
    const vf_branch *b = vf_branch_get(l->game, l->place.branch);
    return b && b->depth == l->place.depth;
}

static int in_portal_branch(const vf_level *l)
{
    const vf_branch *b = vf_branch_get(l->game, l->place.branch);
    return b && b->portal;
}

void cn_classes_init(cn_classes *k, const vf_level *l)
{
    memset(k->c, 0xff, sizeof k->c);
    k->bottom = at_branch_bottom(l);
    k->portal = in_portal_branch(l);
}

unsigned cn_class_fill(cn_classes *k, int f)
{
    return k->c[f] = (uint16_t)classes_of(f);
}

/* _process_disconnected_zones's stair_func: _is_upwards_exit_stair at a
 * branch's bottom, else _is_exit_stair with or without hatches.
 *
 * Beyond the game: on a level of a branch that is not connected (a
 * portal's, the Abyss, Pan) _dgn_verify_connectivity runs none of its
 * stairless, isolated-area or closet checks (player_in_connected_branch),
 * so the game has no rule there. vaultfuzz judges such a level as if the
 * way home were its exit stair: the portal's own exit (exit_sewer,
 * exit_bailey...) counts as an upward exit. Without it every portal level
 * would be one closet. */
static unsigned exit_bits(int bottom, int portal, vf_conn_exits e)
{
    unsigned extra = portal ? CN_PORTEXIT : 0;
    if (e == VF_CE_ALL_ZONES) return 0;
    if (bottom) return CN_UPEXIT | extra;
    return (e == VF_CE_HATCHES ? CN_EXIT | CN_HATCH : CN_EXIT) | extra;
}

unsigned cn_exit_bits(const cn_classes *k, vf_conn_exits e)
{
    return exit_bits(k->bottom, k->portal, e);
}

/* _count_tele_closets seeds its flood at _is_exit_stair_or_hatch cells
 * (no branch-bottom rule there) and permanent teleport traps; portal
 * exits as in exit_bits. */
unsigned cn_way_out_bits(const cn_classes *k)
{
    return CN_EXIT | CN_HATCH | CN_PERMTELE | (k->portal ? CN_PORTEXIT : 0);
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
              & exit_bits(at_branch_bottom(l), in_portal_branch(l), e));
}
