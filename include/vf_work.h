/* vf_work: what a run does with a map and a case -- examine a map (in the
 * parent, from the maps' index), run a case and write the dump of a
 * failing one (in a worker) -- and the task line a worker is handed:
 *
 *   "C <map index> <layout> <iter>"    one case (layout: index into
 *                                      spec->modes)
 *   "E <map index> <layout> <iter>"    why that case fails (vf_explain.h),
 *                                      with the rule of its causes over
 *                                      the layout's cases (vf_rule)
 *   "e <map index> <layout> <iter>"    the same without the rule
 *
 * answered with its journal line (vf_journal.h: C, or X). repro runs a case
 * through the same code, so its dump is the worker's byte for byte. */
#ifndef VF_WORK_H
#define VF_WORK_H

#include "vf_conn.h"
#include "vf_catalog.h"
#include "vf_dump.h"
#include "vf_explain.h"
#include "vf_engine.h"
#include "vf_journal.h"
#include "vf_runspec.h"

typedef struct vf_work {
    const vf_run_spec *spec;   /* all borrowed */
    const vf_desset *set;
    vf_engine *engine;
    vf_catalog *catalog;       /* the maps' index (examine only) */
    const char *out_dir;       /* the report directory (dumps/ inside) */
    /* Test-only hooks, for the tests of crash and timeout handling: a
     * case of the map named crash_map calls abort(), one of hang_map
     * never returns, one of kill_map raises SIGKILL in its worker (as the
     * out-of-memory killer would) on an attempt below kill_attempts (0:
     * every attempt). NULL in real runs. */
    const char *crash_map, *hang_map, *kill_map;
    unsigned kill_attempts;
    /* The task's attempt: 0, or 1 when it runs again after its worker was
     * killed from outside (the task line says which). */
    unsigned attempt;
    /* Where cases run: with map_places (no --place), each map at a level
     * its PLACE or DEPTH admits (vf_engine_map_place from place, as check
     * and show do); else at place. Maps examine at place. */
    int map_places;
    vf_place place;
    /* Workspace, owned; made on first use. */
    vf_case *cases;            /* where its cases run, with their caches */
    vf_place *map_place;       /* per map, once found ... */
    unsigned char *have_place; /* ... as these say */
    vf_strlist *subvault_tags; /* vf_desset_subvault_tags of set */
    vf_gamelayouts *game_layouts;  /* built layouts of mode game, made
                                    * before the workers fork to be
                                    * shared; NULL: the case's own */
} vf_work;

/* Which case: a map of the set, a layout (mode), an iteration. */
typedef struct vf_work_key {
    size_t map;
    vf_mode mode;
    uint32_t iter;
} vf_work_key;

void vf_work_free(vf_work *w);   /* frees the workspace only */

/* The level cases of map run at (see map_places above); kept per map,
 * in w's workspace. */
void vf_work_map_place(vf_work *w, size_t map, vf_place *out);

/* The vf_pool_fn: answers one task line with a journal line. */
void vf_work_task(void *w, const char *task, vf_sbuf *reply);

/* What the run does with the map, into *out (owned by the caller): from
 * its index entry -- its Lua run as at load (seed vf_seed_case(0, name,
 * 0), as lint does) and the game's load-time checks; a map failing either
 * is a load error -- then --tag and placement.lua's skip rules. */
void vf_work_examine(vf_work *w, size_t map, vf_map_rec *out);

/* Runs a case into *rec (its message owned by the caller); appends its
 * dump to dump unless dump is NULL, or only_failing and the case is ok. */
void vf_work_case(vf_work *w, const vf_work_key *k, vf_case_rec *rec,
                  vf_sbuf *dump, int only_failing);

/* Replays a run's explanation may take (about a second on the largest
 * maps); `vaultfuzz explain` gives more. */
#define VF_WORK_EXPLAIN_BUDGET 400

/* Why a case fails (vf_explain, the run's budget) into *x (free it with
 * vf_explanation_free), then the case run again into *rec (its message
 * owned by the caller) and its dump, with why, appended to dump. */
void vf_work_explain(vf_work *w, const vf_work_key *k, vf_case_rec *rec,
                     vf_sbuf *dump, vf_explanation *x);

/* The dump of a case whose worker died: the header of rec, no level. */
void vf_work_dead_dump(const vf_work *w, const vf_case_rec *rec,
                       vf_sbuf *dump);

/* Writes the dump of rec's case (its map, mode and iteration) under
 * w->out_dir at vf_run_dump_path. Returns 0, or -1 with a reason. */
int vf_work_write_dump(const vf_work *w, const vf_case_rec *rec,
                       const vf_sbuf *dump, char *err, size_t errlen);

#endif
