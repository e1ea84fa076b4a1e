/* vf_feature: the dungeon features a vault may name (KFEAT, "feat:"
 * markers), by the names the game's dungeon_feature_by_name accepts.
 *
 * A feature is a small positive id, vaultfuzz's own (not the game's enum
 * value); 0 means "no such feature". The table holds every name of the
 * game's feature table for this version (TAG_MAJOR_VERSION 34, so the
 * legacy names still load), in the game's order. Two quirks are the game's:
 * "unseen" is a name but its feature is the "no feature" value, so naming
 * it is an error; and the altar of a god the game has disabled (Pakellas)
 * is looked up as plain floor. */
#ifndef VF_FEATURE_H
#define VF_FEATURE_H

/* The id for a name, or 0 when the game knows no such feature. */
int vf_feature_by_name(const char *name);

/* The name of an id (a static string), or NULL for an unknown id. */
const char *vf_feature_name(int id);

/* The terrain a map glyph stands for by itself (dcss-compat.md §3, the
 * game's _glyph_to_feat): the wall, door, liquid, stair, statue or
 * fountain it names, else floor. Placement adds the rest (traps for '^',
 * monsters, items); 'C' gives the first altar where the game draws one. */
int vf_feature_of_glyph(int glyph);

/* Number of ids: valid ids are 1..vf_feature_count(). */
int vf_feature_count(void);

#endif
