/* Whether the game ever puts a map on a layout level as a vault of its
 * own, and what it does when a placed vault's exits do not connect. The
 * layout modes ask before they place a map, so that a way of placing it
 * the game never takes is not tried (and not reported). */
#include "case_int.h"
#include "vf_catalog.h"

#include <stdio.h>
#include <string.h>

static int is_encompass(const vf_mapinfo *i)
{
    return i->orient && !strcmp(i->orient, "encompass");
}

int case_layout_reaches(vf_engine *e, const vf_mapdef *def,
                        const vf_place *p, char *why, size_t n)
{
    vf_sbuf err = VF_SBUF_INIT;
    const vf_catalog *cat = vf_engine_catalog(e, &err);
    const vf_mapinfo *i = cat ? vf_catalog_entry(cat, def) : NULL;
    vf_sbuf_free(&err);
    if (!i) return 1;   /* no index: the placing says what is wrong */
    /* dungeon.cc _build_vault_impl: an encompass map is the whole level
     * (no layout under it, no exits joined, no stairs added): judged on
     * the empty level, where it is placed as that level. */
    if (is_encompass(i)) {
        snprintf(why, n, "not tried: an encompass map is a level of its "
                 "own, with no layout under it; it is judged as that level "
                 "in mode empty");
        return 0;
    }
    /* maps.cc: random_map_for_place wants a PLACE that allows the level,
     * random_map_in_depth (depth_selectable, depth_ranges::is_usable_in:
     * an empty list allows nothing) a DEPTH or the file's default-depth.
     * A map with neither is drawn only by its tags, which for the Vaults
     * rooms only the Vaults layouts ask for (v_layouts.lua's tagged
     * generators; v_rooms.lua make_tagged_room places them as rooms, with
     * a passable mask). Other tag-drawn maps (arrival, branch entries,
     * place_unique...) are the builder's own vaults on a level: tried. */
    vf_place room;
    if (vf_mapinfo_drawn_in(i, &room) == 0) {
        snprintf(why, n, "not tried: the game places it only as a room of "
                 "the Vaults layouts, which draw it by its tag (v_rooms.lua);"
                 " with no DEPTH or PLACE it is never a vault of its own on "
                 "a level (maps.cc random_map_in_depth, "
                 "random_map_for_place)");
        return 0;
    }
    /* maps.cc _random_map_in_list: a map with no weight at the level is
     * skipped by every random pick (by depth, place or tag) unless a
     * CHANCE there puts it in the chance roll; only a name places it
     * (wizard mode, sprint and tutorial maps). */
    if (vf_mapinfo_weight(i, p) <= 0 && vf_mapinfo_chance(i, p) < 0) {
        snprintf(why, n, "not tried: its WEIGHT here is 0, so no random "
                 "pick of the game draws it (maps.cc _random_map_in_list)");
        return 0;
    }
    const vf_mapinfo *enc = vf_catalog_place_encompass(cat, p);
    if (enc && !is_encompass(i)) {
        char where[32];
        vf_place_describe(i->game, p, where, sizeof where);
        snprintf(why, n, "not tried: the game builds %s from an encompass "
                 "map (%s, ...) and places no other vault there (dungeon.cc "
                 "_builder_normal, _build_dungeon_level)", where,
                 enc->def->name);
        return 0;
    }
    return 1;
}

int case_exits_vetoed(const vf_level *l, const vf_placed *pl, char *why,
                      size_t n)
{
    const vf_branch *b = vf_branch_get(l->game, l->place.branch);
    /* dungeon.cc _build_vault_impl: a vault none of whose exits connects
     * vetoes the level ("Failed to connect exits for"), except in the
     * Abyss; the builder then builds another. */
    if (!pl->exits || pl->connected || (b && !strcmp(b->abbrev, "Abyss")))
        return 0;
    snprintf(why, n, "none of the vault's %d exits connects to the layout "
             "(the game vetoes the level and builds another)", pl->exits);
    return 1;
}
