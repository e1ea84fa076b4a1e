/* run --changed-since REV: the maps a change can break, for a pull
 * request's run.
 *
 * Granularity is the .des file: every map of a file that `git diff REV`
 * touches (against the work tree: committed and uncommitted changes of
 * tracked files) is run, not only maps whose lines the hunks meet -- a
 * file's global Lua, its default-depth lines and a deleted line between
 * two maps reach maps the hunks do not. Then, until nothing is added,
 * every map that can draw one of those as a subvault: a map whose
 * SUBVAULT lines or subvault("KEYS : tags") calls (its chunks and its
 * file's prelude; vf_mapdef_subvault_tags) name a tag that a chosen map
 * carries (as the maps' index has it after the load-time run). */
#ifndef VF_CHANGED_H
#define VF_CHANGED_H

#include "vf_catalog.h"
#include "vf_des.h"
#include "vf_diag.h"
#include "vf_fs.h"
#include "vf_sbuf.h"

typedef struct vf_changed {
    char *file;        /* a byte per file of the set: 1 = changed */
    char *map;         /* a byte per map: 1 = to run */
    size_t nfiles, nmaps;       /* files changed, maps to run */
    char *rev;                  /* the revision asked (owned) */
    size_t nsubvault;           /* of those, maps added as parents */
    int lua;                    /* a .lua file changed too (not followed) */
    vf_strlist repos;           /* the work trees asked, each once */
    /* Every file git diff named, as three parallel lists: its work
     * tree (a repos entry), its path there, and both joined. */
    vf_strlist diff_top, diff_name, diff_path;
} vf_changed;

/* Asks git, in the repository of each of the --des paths, which files
 * changed since rev, then chooses the maps of set to run (as above; the
 * index c gives their tags). Fills *ch (the caller frees it with
 * vf_changed_free). Returns 0, or -1 with a message (a path outside any
 * git work tree, a revision git does not know, no git). */
int vf_changed_find(const vf_desset *set, vf_catalog *c,
                    const vf_strlist *des, const char *rev, vf_changed *ch,
                    vf_sbuf *err);
void vf_changed_free(vf_changed *ch);

/* A name the change took from a map it left alone, when the change's map
 * loaded first: the load error went to the untouched map (the later
 * one); it is moved in d to the change's map, so the pull request is
 * what fails. */
void vf_changed_blame_dups(const vf_changed *ch, const vf_desset *set,
                           vf_diag *d);

/* The .des files of set as they were at ch->rev, for the same run there:
 * a tree under dir mirroring each of the --des paths as dir/I/NAME (NAME
 * the path's last part). A file the change left alone is a symbolic link
 * to it, so the checkout's layout maps, loaded by real path, load once;
 * a changed file holds its text at rev (git show); one the change added
 * is absent, one it deleted is back; each path's vaultfuzz-accept.txt is
 * linked. The paths to give as --des go into out (owned by it). Returns
 * 0, or -1 with a message. */
int vf_changed_tree(const vf_changed *ch, const vf_desset *set,
                    const vf_strlist *des, const char *dir, vf_strlist *out,
                    vf_sbuf *err);

#endif
