/* vf_verdict: the kinds of thing that can go wrong in a case, in one
 * table: each kind's name (as reports and journals spell it), what it
 * means, the game's rule it mirrors, and how it ranks (vf_severity.h does
 * the ranking; this says it in words for SARIF rules and `help kinds`).
 * A case's verdict is a set of these, as bits. Static data only. */
#ifndef VF_VERDICT_H
#define VF_VERDICT_H

/* X(ID, name, meaning, rule, ranks), in bit order. */
#define VF_VERDICT_KINDS(X)                                                 \
    X(LUA_ERROR, "lua_error",                                               \
      "The map's Lua raised an error while it was resolved.",               \
      "maps.cc: a map whose Lua fails is not placed; the game picks "       \
      "another",                                                            \
      "error: the roll never places the map")                               \
    X(VALIDATE_FAILED, "validate_failed",                                   \
      "The map's validation failed in all its tries.",                      \
      "mapdef.cc: a map whose validate hook fails is resolved again, "      \
      "then dropped",                                                       \
      "error: the roll never places the map")                               \
    X(VETOED, "vetoed", "The map vetoed itself.",                           \
      "mapdef.cc: a map's veto hook makes the game pick another map",       \
      "note (weight control); an error when every case is vetoed")          \
    X(PLACE_FAILED, "place_failed",                                         \
      "The map could not be placed on the level.",                          \
      "dungeon.cc: a vault with no room is not placed; a minivault is "     \
      "skipped (_build_secondary_vault)",                                   \
      "error; a note in our synthetic layouts")                             \
    X(EXIT_UNCONNECTED, "exit_unconnected",                                 \
      "None of the vault's exits could reach floor.",                       \
      "dungeon.cc: exits are joined to the layout; a level whose vault "    \
      "stays apart is built again",                                         \
      "error on the empty level; a note in a layout (the level is built "   \
      "again)")                                                             \
    X(ISOLATED_ZONES, "isolated_zones",                                     \
      "The level splits into zones that do not reach each other.",          \
      "scripts/placement.lua wants one zone; dungeon.cc "                   \
      "_dgn_verify_connectivity vetoes a minivault that adds a zone, and "  \
      "_build_vault_impl a Pandemonium level in more than one",             \
      "a zone without stairs as a stairless zone; a veto for a "            \
      "minivault and in Pandemonium; a warning on the empty level when "    \
      "each zone has stairs; nothing in a layout")                          \
    X(STAIRLESS_ZONE, "stairless_zone", "A zone of the level has no stairs.", \
      "dungeon.cc _dgn_verify_connectivity: \"Isolated areas with no "      \
      "stairs\", once _fill_small_disconnected_zones has filled zones of "  \
      "at most 10 cells with no vault cell",                                \
      "a veto when the game does not fill it; a warning when filled but "   \
      "holding something; where the game does not check (Pan, portals, "   \
      "Tomb), a warning when it holds something; nothing in the Abyss")     \
    X(ISOLATED_AREA, "isolated_area",                                       \
      "An area of the level cannot be reached from the stairs.",            \
      "the same check, with zones grown through deep water and lava",       \
      "as stairless_zone")                                                  \
    X(TRAP_POCKET, "trap_pocket",                                           \
      "A pocket is reachable only across a trap.",                          \
      "the same check with traps counted as floor: zones joined only "      \
      "across traps",                                                       \
      "as stairless_zone")                                                  \
    X(TELE_CLOSET_WALK, "tele_closet_walk",                                 \
      "A teleport closet: a player teleported there cannot walk out.",      \
      "dungeon.cc _count_tele_closets: trunk masks closets against "        \
      "teleports; older versions, and branches the game does not check, "   \
      "leave them",                                                         \
      "an error where the game leaves it (a warning in a rare roll); "      \
      "masked, a note, or a warning when stairs, an altar or a portal "     \
      "are shut in; nothing in the Abyss")                                  \
    X(TELE_CLOSET_FLY, "tele_closet_fly",                                   \
      "A teleport closet: a player teleported there cannot fly out.",       \
      "as tele_closet_walk, flying over deep water and lava",               \
      "as tele_closet_walk")                                                \
    X(INTERIOR_POCKET, "interior_pocket",                                   \
      "Part of the vault its exits do not reach.",                          \
      "beyond the game: the vault's own cells its exits do not reach",      \
      "a warning when it holds something or is larger than 3 cells; a "     \
      "note on the vault's edge or when small and empty; inside a masked "  \
      "closet, as that closet, or a warning when it holds items; a note "   \
      "when every case has it (the design)")                                \
    X(FILLED_ZONE, "filled_zone",                                           \
      "A small stairless zone the game fills with rock.",                   \
      "dungeon.cc _fill_small_disconnected_zones",                          \
      "note")                                                               \
    X(LEVEL_VETOED, "level_vetoed",                                         \
      "The game throws the level away and builds another.",                 \
      "dungeon.cc _dgn_verify_connectivity and the layout's exit joining: " \
      "the vault silently loses that share of its placements",              \
      "by the share of builds vetoed (vf_grade_veto): an error from 15% "   \
      "on the empty level or in the game's layouts and all layouts, or "    \
      "50% in the game's; a warning from 5%; else a note")                  \
    X(LUA_TIMEOUT, "lua_timeout",                                           \
      "The map's Lua ran past the CPU-time last resort (--lua-seconds) "    \
      "before its instruction budget: slow C functions, such as a string "  \
      "pattern that backtracks. How far it got depends on the machine.",   \
      "none: the game has no time limit; it would stall while it builds "   \
      "the level",                                                          \
      "error: a map this slow is suspect, though not a Lua error of its "   \
      "own")

/* The kinds' indexes (VF_VK_LUA_ERROR ...) and their count. */
enum {
#define VF_VK_ENUM(id, name, meaning, rule, ranks) VF_VK_##id,
    VF_VERDICT_KINDS(VF_VK_ENUM)
#undef VF_VK_ENUM
    VF_V_COUNT_KINDS
};

/* The kinds as bits (VF_V_LUA_ERROR ...): a case may fail several ways. */
enum {
#define VF_V_BIT(id, name, meaning, rule, ranks) VF_V_##id = 1 << VF_VK_##id,
    VF_VERDICT_KINDS(VF_V_BIT)
#undef VF_V_BIT
};

typedef struct vf_verdict_kind {
    const char *name, *meaning, *rule, *ranks;
} vf_verdict_kind;

/* The table row of kind i (i < VF_V_COUNT_KINDS), or NULL. */
const vf_verdict_kind *vf_verdict_kind_at(int i);

/* The name of one verdict bit ("isolated_zones"), or NULL. */
const char *vf_verdict_kind_name(unsigned bit);

#endif
