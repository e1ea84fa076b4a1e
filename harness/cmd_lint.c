/* vaultfuzz lint: load, compile, report. */
#include "cli.h"

#include <string.h>

static const char lint_usage[] =
    "usage: vaultfuzz lint [--des PATH]... [--stats]\n"
    "\n"
    "Loads .des files (a directory is searched recursively for *.des, in the\n"
    "game's order), compiles every Lua chunk, and prints each problem as\n"
    "'file:line: map NAME: what is wrong', then a summary.\n"
    "\n"
    "  --des PATH   a .des file or a directory (repeatable; default corpus/)\n"
    "  --stats      also print the Lua calls the headers generate, by kind\n"
    "\n"
    "Exit status: 0 when no errors were found, 1 otherwise, 2 on bad usage.\n";

static void print_stats(vf_cli *cli, const vf_desset *set)
{
    unsigned long total[VF_CALL_KINDS] = {0};
    for (size_t i = 0; i < set->nmaps; i++)
        for (int k = 0; k < VF_CALL_KINDS; k++)
            total[k] += set->maps[i].calls[k];
    fprintf(cli->out, "header calls:\n");
    for (int k = 0; k < VF_CALL_KINDS; k++)
        fprintf(cli->out, "  %-13s %lu\n", vf_call_names[k], total[k]);
}

int vf_cmd_lint(vf_cli *cli, int argc, char **argv)
{
    static const vf_opt opts[] = {
        {"--des", 1}, {"--stats", 0}, {"--help", 0}, {"-h", 0}, {NULL, 0}};
    vf_argv a = {argc, 0, argv};
    vf_strlist des = {0};
    int stats = 0, k, rc;
    const char *arg;
    while ((k = vf_cli_next_opt(cli, "lint", &a, opts, &arg, NULL)) >= 0) {
        if (k == 0) vf_strlist_push(&des, vf_xstrdup(arg));
        else if (k == 1) stats = 1;
        else {
            fputs(lint_usage, cli->out);
            vf_strlist_free(&des);
            return VF_EXIT_OK;
        }
    }
    if (k == -2) {
        vf_strlist_free(&des);
        return VF_EXIT_USAGE;
    }

    vf_desset set;
    vf_diag d;
    vf_cli_load(&des, &set, &d);
    size_t chunks = 0;
    vf_des_compile(&set, &d, &chunks);
    vf_diag_print(&d, cli->out);
    if (stats) print_stats(cli, &set);
    fprintf(cli->out, "lint: %zu files, %zu maps, %zu chunks, %zu errors, "
            "%zu warnings\n", set.nfiles, set.nmaps, chunks, d.errors,
            d.warnings);
    rc = d.errors ? VF_EXIT_FOUND : VF_EXIT_OK;
    vf_diag_free(&d);
    vf_desset_free(&set);
    vf_strlist_free(&des);
    return rc;
}
