/* Zone counts (§4.3): the game's _process_disconnected_zones and the two
 * counts built on it. */
#include "conn_int.h"

int vf_conn_zones(const vf_level *l, vf_conn_pred grow, vf_conn_pred seed,
                  vf_conn_exits e)
{
    cn_classes k;
    cn_planes pl;
    cn_bits set, seeds, exits;
    cn_lab lab;
    cn_classes_init(&k, l);
    unsigned eb = cn_exit_bits(&k, e);
    cn_planes_build(&pl, &k, l,
                    cn_pred_classes(grow) | cn_pred_classes(seed) | eb,
                    cn_pred_needs(grow) | cn_pred_needs(seed));
    cn_pred_set(&pl, l, grow, &set);
    if (seed != grow) cn_pred_set(&pl, l, seed, &seeds);
    if (eb) cn_class_set(&pl, eb, &exits);
    return cn_count(&lab, &set, seed != grow ? &seeds : NULL,
                    eb ? &exits : NULL);
}

int vf_conn_count_zones(const vf_level *l, int stairless)
{
    return vf_conn_zones(l, VF_CP_PASSABLE, VF_CP_PASSABLE,
                         stairless ? VF_CE_HATCHES : VF_CE_ALL_ZONES);
}

int vf_conn_count_tele_zones(const vf_level *l, int stairless)
{
    return vf_conn_zones(l, VF_CP_TELE_CONNECTED, VF_CP_TELE_CONNECTED,
                         stairless ? VF_CE_HATCHES : VF_CE_ALL_ZONES);
}

int vf_conn_zones_beyond_vaults(const vf_level *l, int small,
                                vf_conn_memo *memo)
{
    cn_classes k;
    cn_planes pl;
    cn_bits pass, outside;
    cn_lab lab;
    cn_classes_init(&k, l);
    cn_planes_build(&pl, &k, l, cn_pred_classes(VF_CP_PASSABLE),
                    cn_pred_needs(VF_CP_PASSABLE));
    cn_pred_set(&pl, l, VF_CP_PASSABLE, &pass);
    for (int y = 0; y < VF_GYM; y++) {
        uint64_t v[2];
        cn_nonzero_row(l->vault[y], v);
        outside.w[y][0] = pass.w[y][0] & ~v[0];
        outside.w[y][1] = pass.w[y][1] & ~v[1];
    }
    const cn_lab *b = cn_memo_label(memo, &lab, &pass);
    int zones = 0;
    for (int c = 0; c < b->ncomp; c++)
        zones += cn_comp_count(b, c, &outside) > small;
    return zones;
}
