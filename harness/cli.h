/* The command-line driver: shared pieces of the vaultfuzz commands. */
#ifndef VF_CLI_H
#define VF_CLI_H

#include <stdio.h>

#include "vf_des.h"
#include "vf_engine.h"
#include "vf_fs.h"

/* Exit statuses every command uses. */
enum { VF_EXIT_OK = 0, VF_EXIT_FOUND = 1, VF_EXIT_USAGE = 2 };

/* Where a command writes; tests pass memory streams. */
typedef struct vf_cli {
    FILE *out;
    FILE *err;
} vf_cli;

/* Runs "vaultfuzz ARGS..." and returns the exit status. */
int vf_cli_main(int argc, char **argv, FILE *out, FILE *err);

/* One option a command accepts. */
typedef struct vf_opt {
    const char *name;   /* "--des" */
    int has_arg;
} vf_opt;

/* Walks argv[1..]: returns the index of the next option in opts (with *arg
 * set when it takes one), -1 at the end, or -2 after printing a usage error.
 * Positional arguments are collected into pos (if not NULL). */
typedef struct vf_argv {
    int argc, i;
    char **argv;
} vf_argv;
int vf_cli_next_opt(vf_cli *cli, const char *cmd, vf_argv *a,
                    const vf_opt *opts, const char **arg, vf_strlist *pos);

/* Initialises set and d, then loads the --des paths (corpus/ when none
 * were given) into set, messages to d. The caller frees both. Returns the
 * number of errors. */
size_t vf_cli_load(const vf_strlist *des, vf_desset *set, vf_diag *d);

/* The default corpus: ./corpus when present, else the one beside the
 * sources this binary was built from. */
const char *vf_cli_default_corpus(void);

/* What a command that runs vault Lua is given: the maps, and the library
 * and place to run them with (--des, --crawl-dir, --place). */
typedef struct vf_cli_world {
    vf_strlist des;            /* --des values */
    const char *crawl_dir;     /* --crawl-dir, or NULL (borrowed) */
    const char *place;         /* --place, or NULL for the default */
    char *crawl_dat;           /* resolved from crawl_dir */
    vf_engine_config cfg;      /* ready for vf_engine_new after load */
} vf_cli_world;

#define VF_CLI_WORLD_OPTS {"--des", 1}, {"--crawl-dir", 1}, {"--place", 1}
#define VF_CLI_WORLD_HELP \
    "  --des PATH   a .des file or a directory (repeatable; default\n" \
    "               corpus/, or the checkout's dat/des with --crawl-dir)\n" \
    "  --crawl-dir DIR  a crawl checkout (its crawl-ref/source or dat):\n" \
    "               run the game's own Lua library from dat/dlua\n" \
    "  --place BRANCH:DEPTH  the level vault Lua asks about (default " \
    VF_PLACE_DEFAULT ")\n"

void vf_cli_world_init(vf_cli_world *w);
void vf_cli_world_free(vf_cli_world *w);
/* Takes option name's value when it is one of VF_CLI_WORLD_OPTS; returns
 * 1 if it was, 0 if not. */
int vf_cli_world_opt(vf_cli_world *w, const char *name, const char *arg);
/* Resolves --crawl-dir and --place into w->cfg and loads the maps into
 * set (initialised here; messages to d, also initialised). Returns the
 * number of load errors, or -1 after printing a usage error. */
long vf_cli_world_load(vf_cli *cli, const char *cmd, vf_cli_world *w,
                       vf_desset *set, vf_diag *d);

/* Without --place, puts e at a level def can be placed on (its DEPTH, or
 * PLACE), so its Lua runs where the game would run it; with --place, the
 * given level stays. */
void vf_cli_world_map_place(const vf_cli_world *w, vf_engine *e,
                            const vf_mapdef *def);

int vf_cmd_lint(vf_cli *cli, int argc, char **argv);
int vf_cmd_check(vf_cli *cli, int argc, char **argv);
int vf_cmd_anchors(vf_cli *cli, int argc, char **argv);
int vf_cmd_list(vf_cli *cli, int argc, char **argv);
int vf_cmd_chunks(vf_cli *cli, int argc, char **argv);
int vf_cmd_show(vf_cli *cli, int argc, char **argv);

#endif
