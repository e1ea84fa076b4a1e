/* The command-line driver: shared pieces of the vaultfuzz commands. */
#ifndef VF_CLI_H
#define VF_CLI_H

#include <stdio.h>

#include "vf_des.h"
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

int vf_cmd_lint(vf_cli *cli, int argc, char **argv);
int vf_cmd_list(vf_cli *cli, int argc, char **argv);
int vf_cmd_chunks(vf_cli *cli, int argc, char **argv);
int vf_cmd_show(vf_cli *cli, int argc, char **argv);

#endif
