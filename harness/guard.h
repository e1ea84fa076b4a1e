/* The supervisor of a command that runs vault Lua (guard.c): the command
 * runs in a child process; when vault Lua in it is stuck where nothing
 * can stop it, the command runs again with that map skipped. */
#ifndef VF_GUARD_H
#define VF_GUARD_H

#include <stdio.h>

#include "cli.h"
#include "vf_lua.h"

typedef struct vf_guard {
    int (*run)(vf_cli *cli, int argc, char **argv);   /* the command */
    int color;                  /* paint its output (color.h) */
    double started;             /* vf_cli.started for every attempt */
    vf_lua_subject *skip;       /* learnt stuck subjects; owned */
    size_t nskip;
} vf_guard;

/* Runs g->run(cli, argc, argv) in a child, its output to out and err;
 * returns its exit status (128 + N when signal N ended it). SIGINT,
 * SIGTERM and SIGHUP to this process go on to the child. Free g with
 * vf_guard_free. */
int vf_guard_run(vf_guard *g, FILE *out, FILE *err, int argc, char **argv);
void vf_guard_free(vf_guard *g);

#endif
