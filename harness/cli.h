/* The command-line driver: shared pieces of the vaultfuzz commands. */
#ifndef VF_CLI_H
#define VF_CLI_H

#include <stdio.h>

#include "vf_des.h"
#include "vf_engine.h"
#include "vf_gamesrc.h"
#include "vf_report.h"
#include "vf_fs.h"
#include "vf_rundir.h"
#include "vf_runspec.h"
#include "vf_tally.h"

/* Exit statuses every command uses. */
enum { VF_EXIT_OK = 0, VF_EXIT_FOUND = 1, VF_EXIT_USAGE = 2,
       VF_EXIT_INPUT = 3 };

/* Where a command writes; tests pass memory streams. */
typedef struct vf_cli {
    FILE *out;
    FILE *err;
    int color;   /* out paints severities for a terminal (color.h) */
    double started;   /* vf_cli_now() when the user's command began, before
                       * any attempt of a supervised one (guard.h): what a
                       * --seconds budget counts from */
} vf_cli;

/* Runs "vaultfuzz ARGS..." and returns the exit status. */
int vf_cli_main(int argc, char **argv, FILE *out, FILE *err);

/* What an option's value is. The parser asks only whether there is one;
 * 'vaultfuzz complete' offers what fits (cmd_complete.c). */
typedef enum vf_optval {
    VF_OPT_FLAG,      /* no value */
    VF_OPT_WORD,      /* a free value: a number, a seed, a place, a revision */
    VF_OPT_PATH,      /* a file or a directory */
    VF_OPT_MODE,      /* one mode name (vf_mode_name) */
    VF_OPT_MODES,     /* mode names, comma separated */
    VF_OPT_SEV,       /* a severity above ok (vf_sev_name) */
    VF_OPT_EXPLAIN,   /* vf_run_explain_name's */
    VF_OPT_FORMAT,    /* one of the command's formats (vf_cli_cmd) */
    VF_OPT_GAMEVER,   /* a release the name tables cover, or trunk */
    VF_OPT_COLOR,     /* vf_color_name's (--color, every command's) */
} vf_optval;

/* One option a command accepts. */
typedef struct vf_opt {
    const char *name;   /* "--des" */
    vf_optval value;    /* VF_OPT_FLAG: it takes none */
} vf_opt;

/* Walks argv[1..]: returns the index of the next option in opts (with *arg
 * set when it takes one), -1 at the end, or -2 after printing a usage error.
 * Positional arguments are collected into pos (if not NULL). */
typedef struct vf_argv {
    int argc, i;
    char **argv;
    int rest;     /* past "--": every argument is a name, not an option */
} vf_argv;
int vf_cli_next_opt(vf_cli *cli, const char *cmd, vf_argv *a,
                    const vf_opt *opts, const char **arg, vf_strlist *pos);

/* What a command's words other than its options name, for completion. */
enum {
    VF_CLI_ARG_MAP = 1,     /* a map of the line's .des set */
    VF_CLI_ARG_FILE = 2,    /* a file or a directory */
    VF_CLI_ARG_TOPIC = 4,   /* a command, or "kinds" (help's) */
};

/* One command: what dispatch runs, what the usage lists, what
 * 'vaultfuzz complete' offers. */
typedef struct vf_cli_cmd {
    const char *name;
    int (*run)(vf_cli *cli, int argc, char **argv);   /* argv[0]: name */
    const vf_opt *opts;     /* its options, ending with a NULL name */
    const char *about;      /* its entry in the usage; NULL: not listed */
    const char *formats;    /* --format's values, blank-separated */
    unsigned args;          /* what its other words name: VF_CLI_ARG_* */
    int runs_lua;           /* runs vault Lua: in a supervised child
                             * (guard.h) */
} vf_cli_cmd;

/* Every command, in the usage's order; a NULL name ends it. */
extern const vf_cli_cmd vf_cli_commands[];
/* The command called name (--help and -h are help, --version version),
 * or NULL. */
const vf_cli_cmd *vf_cli_command(const char *name);

/* Seconds on the monotonic clock: for a command's own time budget. */
double vf_cli_now(void);

/* How many replays (whole cases) fit in seconds when one takes
 * per_case: at most cap, 0 when not even one does. A time budget made a
 * replay budget, so explain's own accounting says what was left out. */
size_t vf_cli_replays_within(double seconds, double per_case, size_t cap);

/* s as an unsigned decimal number no larger than max: digits only (no
 * sign, no blanks: strtoull would wrap "-1" to 2^64-1). Returns 0, or -1. */
int vf_cli_unumber(const char *s, unsigned long long max,
                   unsigned long long *v);

/* Initialises set and d, then loads the --des paths (corpus/ when none
 * were given) into set, messages to d. The caller frees both. Returns the
 * number of errors. */
size_t vf_cli_load(const vf_strlist *des, vf_desset *set, vf_diag *d);

/* The path of this binary's own data NAME ("corpus", "dlua"), appended
 * to out: installed, PREFIX/share/vaultfuzz/NAME beside the binary;
 * else ./NAME from the top of a source tree; else NAME in the sources
 * it was built from (datadir.c). */
void vf_cli_data_path(const char *name, vf_sbuf *out);

/* What a command that runs vault Lua is given: the maps, and the library
 * and place to run them with (--des, --crawl-dir, --place). */
typedef struct vf_cli_world {
    vf_strlist des;            /* --des values */
    const char *crawl_dir;     /* --crawl-dir, or NULL (borrowed) */
    const char *place;         /* --place, or NULL for the default */
    const char *game_version;  /* --game-version, or NULL to detect */
    const char *game_names;    /* --game-names FILE, or NULL */
    const char *lua_seconds;   /* --lua-seconds, or NULL for the default */
    const char *lua_instructions;   /* --lua-instructions, or NULL */
    const char *lua;           /* --lua 5.1|5.4, or NULL: the game's */
    int lua_want;              /* after load: 51 or 54 (vf_cli_world_lua) */
    char lua_why[128];         /* why, for lint to print */
    char gamever_why[160];     /* how the version was chosen, for lint
                                * to print */
    char *crawl_dat;           /* resolved from crawl_dir */
    vf_gamesrc *gamesrc;       /* the checkout's own name tables, read
                                * from its C++ source beside dat/, and
                                * the names of --game-names; or NULL.
                                * Owned; cfg.game borrows it */
    vf_sbuf gamesrc_note;      /* what they hold, for lint to print */
    vf_engine_config cfg;      /* ready for vf_engine_new after load; its
                                * game (after load: the version and the
                                * tables above) is the one the maps are
                                * read as */
    char *dlua;                /* our library's directory (owned) */
    int game_layouts;          /* set before load by the commands that
                                * run cases: with a checkout, its layout
                                * maps load too, whatever --des names */
    size_t given_maps;         /* after load: the maps of the paths given
                                * (the first of the set); the checkout's
                                * layout maps follow them, not selected */
} vf_cli_world;

#define VF_CLI_WORLD_OPTS {"--des", VF_OPT_PATH}, \
    {"--crawl-dir", VF_OPT_PATH}, {"--place", VF_OPT_WORD}, \
    {"--game-version", VF_OPT_GAMEVER}, {"--game-names", VF_OPT_PATH}, \
    {"--lua-seconds", VF_OPT_WORD}, \
    {"--lua-instructions", VF_OPT_WORD}, {"--lua", VF_OPT_WORD}
#define VF_CLI_WORLD_HELP \
    "  --des PATH   a .des file or a directory (repeatable; default\n" \
    "               corpus/, or the checkout's dat/des with --crawl-dir)\n" \
    "  --crawl-dir DIR  a crawl checkout (its crawl-ref/source or dat):\n" \
    "               run the game's own Lua library from dat/dlua; with\n" \
    "               the game's C++ source beside dat/, use its name\n" \
    "               tables (features, traps, shops, KPROP, branches)\n" \
    "  --place BRANCH:DEPTH  the level vault Lua asks about, for every\n" \
    "               map (default: " VF_PLACE_DEFAULT ", or for a map whose\n" \
    "               PLACE or DEPTH exclude it, the first level they allow)\n" \
    "  --game-version V  read the vaults as the game at release V does\n" \
    "               (0.25 to 0.34, or trunk; default: told from the\n" \
    "               checkout's files, trunk without a checkout)\n" \
    "  --game-names FILE  names the game has beyond the tables in force\n" \
    "               (a fork's own, when its checkout has no C++ source),\n" \
    "               one a line: 'feature NAME like KNOWN' (behaves as the\n" \
    "               feature KNOWN), 'trap NAME', 'shop NAME' or 'fprop\n" \
    "               NAME'; '#' starts a comment\n" \
    "  --lua 5.1|5.4  run vault Lua under this interpreter (default: the\n" \
    "               game's at its version: 5.4 for trunk and 0.34 on, 5.1\n" \
    "               before)\n" \
    "  --lua-instructions N  Lua instructions one resolve may run, load-\n" \
    "               time runs included, C work counted in (default\n" \
    "               200000000): past it the resolve fails with\n" \
    "               \"instruction budget exceeded\", on every machine alike\n" \
    "  --lua-seconds S  CPU seconds one resolve may take, the last resort\n" \
    "               for slow C functions (default 5; 0: no limit): past\n" \
    "               it the case is lua_timeout, which depends on the\n" \
    "               machine\n"

/* ---- the Lua interpreter (lua_choice.c) ----------------------------------
 *
 * Each binary has one interpreter: vaultfuzz Lua 5.1, vaultfuzz-lua5.4
 * Lua 5.4, side by side. A command whose game (or --lua) needs the other
 * hands its command line to the other binary before any Lua runs. */
#define VF_CLI_LUA51_EXE "vaultfuzz"
#define VF_CLI_LUA54_EXE "vaultfuzz-lua5.4"

/* Lets commands hand over (main.c): the command line to run again. */
void vf_cli_lua_allow_handover(int argc, char **argv);
/* This binary's interpreter as run.txt and summary.json record it:
 * "5.1" or "5.4". */
const char *vf_cli_lua_name(void);
/* "5.1" or "5.4" as 51 or 54; 0 for anything else. */
int vf_cli_lua_parse(const char *text);
/* After the world's game version is known: its interpreter into
 * w->lua_want and w->lua_why; when it is not this binary's, hands the
 * command over (never returns) if allowed, else goes on with this one.
 * Returns -1 after a usage error or a failed hand-over (said on err). */
int vf_cli_world_lua(vf_cli *cli, const char *cmd, vf_cli_world *w);
/* Runs the command line again with the binary that has version (51 or
 * 54); returns only when it cannot, with the status to exit with. */
int vf_cli_lua_exec(int version, FILE *err);
/* lint's line: "interpreter: Lua 5.4.6 (the game at trunk runs Lua 5.4)". */
void vf_cli_lua_say(const vf_cli_world *w, FILE *out);

void vf_cli_world_init(vf_cli_world *w);
void vf_cli_world_free(vf_cli_world *w);
/* Takes option name's value when it is one of VF_CLI_WORLD_OPTS; returns
 * 1 if it was, 0 if not. */
int vf_cli_world_opt(vf_cli_world *w, const char *name, const char *arg);
/* Resolves --crawl-dir and --place into w->cfg, sets the game version in
 * as w->cfg.game (--game-version, else the checkout's, else trunk) and
 * the checkout's own name tables when it has its C++ source, with the
 * names of --game-names on top, and loads the maps as that game
 * into set (initialised here; messages to d, also initialised). Returns
 * the number of load errors, or -1 after printing a usage error. */
long vf_cli_world_load(vf_cli *cli, const char *cmd, vf_cli_world *w,
                       vf_desset *set, vf_diag *d);

/* Without --place, puts e at a level def can be placed on (its DEPTH, or
 * PLACE), so its Lua runs where the game would run it; with --place, the
 * given level stays. */
void vf_cli_world_map_place(const vf_cli_world *w, vf_engine *e,
                            const vf_mapdef *def);


/* A --des naming a checkout's dat/des (its sibling dat/dlua holding the
 * game's library): the dat directory, as --crawl-dir would give; else
 * NULL. The game reads its maps with that library (maps.cc read_maps runs
 * dlua/loadmaps.lua), so they are run with it. */
char *vf_cli_dat_of_des(const char *des);

/* ---- the options of a run (run_args.c) ---------------------------------
 * What the run does (selection, --count, --seed, --mode, --shard, the
 * world...) is kept in run.txt in canonical form, so --resume and merge
 * rebuild the same run; how it runs (-j, --timeout, --out, --resume,
 * --progress) is not. */
typedef struct vf_run_args {
    vf_cli_world w;
    vf_strlist names, tags, files;   /* maps or globs; --tag; --file */
    unsigned long count;
    unsigned long settle;            /* --until-settled */
    int explain;                     /* --explain first (1) or none */
    unsigned long long seed;
    int nightly;                     /* --seed nightly */
    int nmodes;
    vf_mode modes[VF_RUN_MAX_MODES];
    int modes_default;               /* no --layouts: game joins them once
                                      * a checkout is known (canonical) */
    int no_rotate, opacity, force, dump;
    vf_sev fail_on;                  /* --fail-on: what fails the run */
    vf_grade_opts grade;             /* --veto-error, --veto-warning,
                                      * --stress-warning (0: default) */
    const char *accept;              /* --accept FILE, or NULL: the
                                      * vaultfuzz-accept.txt beside the
                                      * .des trees */
    int shard_i, shard_n;
    int run_opts_given;              /* any option of what the run does */
    int jobs;                        /* 0: the number of cores */
    double timeout;
    const char *out, *resume;
    const char *changed_since;       /* --changed-since REV: becomes the
                                      * names of the maps it chooses */
    const char *baseline;            /* --baseline: a previous report,
                                      * for report.html's "new" */
    int names_may_miss;              /* a name no map has is left out, not
                                      * an error (the run at the revision
                                      * a change is judged against) */
    int progress;
    int gnu;                         /* --format gnu: findings as compiler
                                      * lines, not the summary */
    int verbose;                     /* --verbose: the whole summary */
    const char *source_url;          /* --source-url: report.html's links */
    vf_strlist owned;                /* strings the fields above borrow */
    vf_strlist shown_from, shown_to; /* paths made absolute, and as the
                                      * user gave them: what reports show */
} vf_run_args;

/* The texts a vf_run_spec borrows. */
typedef struct vf_run_strings {
    vf_sbuf command, world, des;
} vf_run_strings;

/* The i-th value --explain takes ("first", "all", "none"), or NULL past
 * the last. */
const char *vf_run_explain_name(int i);

void vf_run_args_init(vf_run_args *a);
void vf_run_args_free(vf_run_args *a);
/* Returns 0, 1 after --help (nothing printed), -1 after a usage error. */
int vf_run_args_parse(vf_cli *cli, const char *cmd, int argc, char **argv,
                      vf_run_args *a);
/* Paths made absolute, the default corpus named, --place (when given)
 * written as the game names levels. Returns 0, or -1 after printing a
 * usage error. */
int vf_run_args_canonicalise(vf_cli *cli, const char *cmd, vf_run_args *a);
/* The canonical words of what the run does (--shard only when shard). */
void vf_run_args_words(const vf_run_args *a, int shard, vf_strlist *out);
/* The spec of the run (borrowing a and text; free text after). */
void vf_run_args_spec(const vf_run_args *a, vf_run_spec *s,
                      vf_run_strings *text);
void vf_run_strings_free(vf_run_strings *t);

/* ---- report directories (report_dir.c) --------------------------------- */

/* reports/<UTC time>-<seed>[-shardIofN][-K], K when the name is taken. */
void vf_cli_out_default(unsigned long long seed, int shard_i, int shard_n,
                        vf_sbuf *out);
/* Creates out and out/dumps; out must not hold a run already. Returns 0,
 * or -1 after printing why. */
int vf_cli_out_make(vf_cli *cli, const char *cmd, const char *out);
/* Locks out for one run (a POSIX lock on out/lock): returns the
 * descriptor that holds it, to close when the run ends, or -1 after
 * printing why -- another process running on out now, --resume
 * included. */
int vf_cli_out_lock(vf_cli *cli, const char *cmd, const char *out);
/* Points reports/latest at out (atomically; quietly does nothing when it
 * cannot). */
void vf_cli_out_latest(const char *out);
/* How a report is written and said. */
typedef struct vf_cli_report_opts {
    int gnu;                 /* --format gnu: findings as compiler lines */
    int verbose;             /* --verbose: the whole summary, not the
                              * short one */
    const char *baseline;    /* a previous report's directory, for
                              * report.html's "new", or NULL */
    const char *source_url;  /* report.html's link template, or NULL */
} vf_cli_report_opts;

/* Writes the report files of in and report.html into out, prints the
 * summary (short unless o->verbose), where the report is and what to run
 * next; returns the exit status (2 when the files cannot be written). */
int vf_cli_report(vf_cli *cli, const char *cmd, const char *out,
                  const vf_report_in *in, const vf_cli_report_opts *o);
/* out/report.html for the judged report in (cmd_html.c): the run's
 * facts from out/run.txt, "new" against baseline (NULL: none; one that
 * cannot be read is left out with a warning). Returns 0, or -1 after
 * printing why. */
int vf_cli_html(vf_cli *cli, const char *cmd, const char *out,
                const vf_report_in *in, const char *baseline,
                const char *source_url);
/* The accept files of a run into acc (initialised here): --accept, or
 * the vaultfuzz-accept.txt in each --des directory (or beside each --des
 * file) that has one. Their bad lines are added to input. */
void vf_cli_accept(const vf_run_args *a, vf_accept *acc, vf_strlist *input);
/* The run's options from its run.txt into a (initialised: what it held is
 * freed first; a keeps the strings). Returns 0, or
 * -1 after printing why. */
int vf_cli_args_from_rundir(vf_cli *cli, const char *cmd,
                            const vf_rundir *d, vf_run_args *a);

/* A report directory read back. */
typedef struct vf_cli_rdir {
    vf_rundir d;
    vf_run_args a;
    vf_run_spec spec;
    vf_run_strings text;
    vf_tally t;
} vf_cli_rdir;
/* Returns 0, or -1 after printing why; free *r either way. */
int vf_cli_report_load(vf_cli *cli, const char *cmd, const char *dir,
                       vf_cli_rdir *r);
void vf_cli_report_free(vf_cli_rdir *r);
/* Judges r's tally (vf_tally_judge) with its run's accept files, as the
 * run did; problems in them are not reported again. */
void vf_cli_report_judge(vf_cli_rdir *r);

/* lint without the game's library (lint_lib.c): the errors of maps and
 * file preludes that need it (dlua_dir/game_library.txt names its files
 * and globals) become one error saying so. */
void vf_lint_group_library(vf_diag *d, const char *dlua_dir);

/* Each command's options, as its parser takes them (ending with a NULL
 * name); explain takes repro's and --seconds. */
extern const vf_opt vf_lint_options[], vf_list_options[],
    vf_chunks_options[], vf_show_options[], vf_check_options[],
    vf_run_options[], vf_repro_options[], vf_explain_options[],
    vf_test_options[], vf_merge_options[], vf_compare_options[],
    vf_html_options[], vf_anchors_options[];

int vf_cmd_run(vf_cli *cli, int argc, char **argv);
int vf_cmd_repro(vf_cli *cli, int argc, char **argv);
int vf_cmd_explain(vf_cli *cli, int argc, char **argv);
int vf_cmd_test(vf_cli *cli, int argc, char **argv);
int vf_cmd_merge(vf_cli *cli, int argc, char **argv);
int vf_cmd_compare(vf_cli *cli, int argc, char **argv);
int vf_cmd_lint(vf_cli *cli, int argc, char **argv);
int vf_cmd_check(vf_cli *cli, int argc, char **argv);
int vf_cmd_anchors(vf_cli *cli, int argc, char **argv);
int vf_cmd_list(vf_cli *cli, int argc, char **argv);
int vf_cmd_chunks(vf_cli *cli, int argc, char **argv);
int vf_cmd_html(vf_cli *cli, int argc, char **argv);
int vf_cmd_show(vf_cli *cli, int argc, char **argv);
/* The candidates for one word of a command line, for the shell
 * completions (cmd_complete.c). */
int vf_cmd_complete(vf_cli *cli, int argc, char **argv);

#endif
