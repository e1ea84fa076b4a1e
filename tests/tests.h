/* The test suites, and helpers they share. */
#ifndef VF_TESTS_H
#define VF_TESTS_H

#include <check.h>

#include "vf_case.h"
#include "vf_des.h"
#include "vf_engine.h"
#include "vf_fs.h"
#include "vf_level.h"
#include "lua/lua_compat.h"

/* What differs by interpreter (an error message's wording, a number
 * turned into text): Lua 5.1's, or Lua 5.4's in the test binary built
 * against it (build/san54). */
#define VF_T_LUA(lua51, lua54) (VF_LUA_54 ? (lua54) : (lua51))

Suite *vf_test_util_suite(void);
Suite *vf_test_golden_suite(void);
Suite *vf_test_lexer_suite(void);
Suite *vf_test_bad_suite(void);
Suite *vf_test_cli_suite(void);
Suite *vf_test_corpus_suite(void);
Suite *vf_test_transform_suite(void);
Suite *vf_test_lua_suite(void);
Suite *vf_test_engine_suite(void);
Suite *vf_test_build_suite(void);
Suite *vf_test_keyed_suite(void);
Suite *vf_test_depth_suite(void);
Suite *vf_test_subvault_suite(void);
Suite *vf_test_glyph_suite(void);
Suite *vf_test_place_suite(void);
Suite *vf_test_layout_suite(void);
Suite *vf_test_caselayout_suite(void);
Suite *vf_test_gamelayout_suite(void);
Suite *vf_test_mapconn_suite(void);
Suite *vf_test_mapcheck_suite(void);
Suite *vf_test_conn_suite(void);
Suite *vf_test_connref_suite(void);
Suite *vf_test_verdicts_suite(void);
Suite *vf_test_severity_suite(void);
Suite *vf_test_explain_suite(void);
Suite *vf_test_run_suite(void);
Suite *vf_test_gamever_suite(void);
Suite *vf_test_gamesrc_suite(void);
Suite *vf_test_robust_suite(void);
Suite *vf_test_sarif_suite(void);
Suite *vf_test_changed_suite(void);
Suite *vf_test_color_suite(void);
Suite *vf_test_html_suite(void);
Suite *vf_test_realcorpus_suite(void);
Suite *vf_test_gamelua_suite(void);
Suite *vf_test_hooks_suite(void);

/* A set loaded from text for one test. */
typedef struct vf_t_loaded {
    vf_desset set;
    vf_diag d;
    size_t errors;
    char *msg;   /* last message formatted by vf_t_msg */
} vf_t_loaded;

void vf_t_init(vf_t_loaded *l);                             /* empty */
void vf_t_load(vf_t_loaded *l, const char *text);           /* as "t.des" */
void vf_t_load_as(vf_t_loaded *l, const char *path, const char *text);
void vf_t_free(vf_t_loaded *l);
const vf_mapdef *vf_t_map(vf_t_loaded *l, const char *name); /* must exist */
const char *vf_t_chunk(vf_t_loaded *l, const char *map, vf_chunk_kind k);
/* Message i as printed ("file:line: map NAME: ..."); valid until next call. */
const char *vf_t_msg(vf_t_loaded *l, size_t i);

/* The .des files of the crawl checkout in $VF_CRAWL_DIR loaded into l
 * (vf_t_free frees them), and its dat directory (malloc'd); NULL after
 * printing "WHAT skipped, VF_CRAWL_DIR not set" when there is none. */
char *vf_t_crawl_load(vf_t_loaded *l, const char *what);

/* An engine on our dlua/ over a set loaded from text, with a map to
 * resolve into; for tests that run vault Lua. */
typedef struct vf_t_eng {
    vf_t_loaded l;
    vf_engine *e;
    vf_rmap m;
    vf_sbuf err;
    vf_case c;       /* cases on e: base seed 1, mode empty, unless the
                      * test sets c.opts */
} vf_t_eng;

/* Loads des as "t.des" (it must load clean) and starts an engine with an
 * instruction budget of instructions per case and a 32 MiB memory cap. */
void vf_t_eng_open(vf_t_eng *x, const char *des, unsigned long instructions);
/* The same with the limits given (vf_engine_config's). */
void vf_t_eng_open_limits(vf_t_eng *x, const char *des,
                          const vf_lua_limits *limits);
/* vf_t_eng_open with the maps read as game g (borrowed: keep it, and its
 * tables, until vf_t_eng_close). */
void vf_t_eng_open_game(vf_t_eng *x, const char *des,
                        unsigned long instructions, const vf_game *g);
void vf_t_eng_close(vf_t_eng *x);
/* Resolves map at placement into x->m for the case (base, map, i); the
 * message of a failure is in x->err. _ok insists it resolved; raised
 * insists on a Lua error (iteration 0) and returns its message. */
vf_resolve_status vf_t_resolve(vf_t_eng *x, const char *map, uint64_t base,
                               int i);
void vf_t_resolve_ok(vf_t_eng *x, const char *map, uint64_t base, int i);
const char *vf_t_raised(vf_t_eng *x, const char *map, uint64_t base);

/* A level drawn in ASCII at (0, 0) over rock, at place ("D:8"). rows:
 * NULL-terminated map glyphs (vf_glyph_feature; '^' is a mechanical trap,
 * items and monsters mark the cell's content). marks: NULL, or rows
 * over the same cells: 'a'-'h' a cell of vault 0-7 masked opaque, 'A'-'H'
 * one not masked opaque, '1'-'8' an exit of vault 0-7 (not opaque,
 * listed in its exits); anything else no vault. Vaults are named "v0"..,
 * their rectangles the box of their marks. */
void vf_t_level(vf_level *l, const char *place, const char *const *rows,
                const char *const *marks);
/* "vaultfuzz ARGS..." run in this process (arguments up to NULL), its
 * output captured. */
typedef struct vf_t_run {
    int rc;
    char *out, *err;
} vf_t_run;
vf_t_run vf_t_vaultfuzz(const char *first, ...);
void vf_t_run_free(vf_t_run *r);

/* The text of a file, which must be readable; the caller frees it. */
char *vf_t_read(const char *path);

/* Asserts a case whose every build the game would veto and that found
 * nothing else, why being in its message. */
void vf_t_vetoed_every_build(const vf_verdict *v, const char *why);

/* Assertions: two files hold the same bytes; two report directories hold
 * the same report files and the same dumps. */
void vf_t_same_bytes(const char *a, const char *b);
void vf_t_same_report(const char *a, const char *b);
/* Writes text into dir/name; removes dir and all below it. */
void vf_t_put(const char *dir, const char *name, const char *text);
void vf_t_rm_tree(const char *dir);
/* The dump file names of a report, sorted (appended to out). */
void vf_t_dumps(const char *dir, vf_strlist *out);

#endif
