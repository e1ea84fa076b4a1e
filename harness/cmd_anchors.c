/* vaultfuzz anchors: our verdicts beside the game's own placement.lua
 * results (../shared/anchors/), vault by vault. */
#include "cli.h"
#include "vf_case.h"
#include "vf_severity.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char anchors_usage[] =
    "usage: vaultfuzz anchors CSV [--count N] [--seed S] [--des PATH]...\n"
    "                            [--crawl-dir DIR] [--place BRANCH:DEPTH]\n"
    "\n"
    "Reads a results file of the game's scripts/placement.lua\n"
    "(map_name,iterations,failures,min_zones,max_zones,status,error) and\n"
    "runs each vault it tested the way the script does: mode empty, no\n"
    "rotation or mirroring, N iterations (default: the file's), at the\n"
    "place the file was made at (default D:1, the script's), subvaults\n"
    "chosen whatever their DEPTH (the script's builder_ignore_depth), no\n"
    "game set up (no unique ever made, as under the game's -script). A\n"
    "case fails\n"
    "as in the script when the vault does not resolve or place, or the\n"
    "level has other than one zone. Prints each vault where the game and\n"
    "vaultfuzz disagree (one fails in no case, the other in some), then a\n"
    "summary. The game's random numbers are not ours: compare rates, not\n"
    "cases.\n"
    "\n"
    "  --count N    iterations per vault (default: as in the file)\n"
    "  --seed S     base seed (default 1)\n"
    VF_CLI_WORLD_HELP
    "\n"
    "Exit status: 0 when every tested vault agrees, 1 when some do not, 2\n"
    "on bad usage.\n";

typedef struct anchor {
    char *name;
    int iterations, failures;
    char status[16];
} anchor;

typedef struct tally {
    int both_ok, both_fail, game_only, ours_only, missing, skipped, excused;
    int game[2][VF_SEV_COUNT];   /* [the game failed][our map severity] */
} tally;

/* Vaults placement.lua reports ok whatever their zones (its
 * force_connectivity_ok list: Abyss and Vaults placement, vetoes used for
 * weighting). Its results say nothing about their connectivity. */
static const char *const excused[] = {
    "hangedman_abyss_lost_library", "hangedman_abyss_batty_box",
    "hangedman_relentless_pull", "hangedman_steaming_rock",
    "hangedman_illusive_loot", "hangedman_abyss_town",
    "nicolae_vaults_bisected_inception", "nicolae_vaults_inception_statues",
    "nicolae_vaults_inception_scallops", "nicolae_vaults_inception_network",
    "nicolae_vaults_inception_corners", "minmay_lair_entry_lava",
    "hangedman_spider_tarantella_strand", NULL,
};

static int is_excused(const char *name)
{
    for (int i = 0; excused[i]; i++)
        if (!strcmp(excused[i], name)) return 1;
    return 0;
}

/* Where each column we read is: results files differ (the extended one
 * starts with an index and has more columns). */
typedef struct columns {
    int name, iterations, failures, status, n;
} columns;

#define MAX_FIELDS 16

/* Splits one CSV line in place (no quoted fields in these files). */
static int split(char *line, char **f)
{
    int n = 0;
    for (char *p = line; n < MAX_FIELDS;) {
        f[n++] = p;
        p = strchr(p, ',');
        if (!p) break;
        *p++ = '\0';
    }
    return n;
}

static int read_header(char *line, columns *c)
{
    char *f[MAX_FIELDS];
    int n = split(line, f);
    *c = (columns){-1, -1, -1, -1, 0};
    for (int i = 0; i < n; i++) {
        if (!strcmp(f[i], "map_name")) c->name = i;
        if (!strcmp(f[i], "iterations")) c->iterations = i;
        if (!strcmp(f[i], "failures")) c->failures = i;
        if (!strcmp(f[i], "status")) c->status = i;
        if (i >= c->n) c->n = i + 1;
    }
    return c->name < 0 || c->iterations < 0 || c->failures < 0 ||
           c->status < 0 ? -1 : 0;
}

static int parse_line(char *line, const columns *c, anchor *a)
{
    char *f[MAX_FIELDS];
    if (split(line, f) < c->n) return -1;
    a->name = f[c->name];
    a->iterations = atoi(f[c->iterations]);
    a->failures = atoi(f[c->failures]);
    snprintf(a->status, sizeof a->status, "%s", f[c->status]);
    return 0;
}

/* A case fails placement.lua's way. */
static int script_failure(const vf_verdict *v)
{
    unsigned stop = VF_V_LUA_ERROR | VF_V_VALIDATE_FAILED | VF_V_VETOED |
                    VF_V_PLACE_FAILED;
    return (v->kinds & stop) || v->zones != 1;
}

typedef struct runner {
    vf_engine *e;
    vf_case c;                /* placement.lua's set-up: empty, no rotation */
    unsigned long long seed;
    int count;
} runner;

/* Runs n cases of def: returns how many fail the script's way, with the
 * kinds of the cases that do and the map's severity (vf_tally_judge's
 * rule: the worst case, a veto an error only when every case has one). */
static int our_failures(runner *u, const vf_mapdef *def, int n,
                        unsigned *kinds, vf_sev *sev)
{
    vf_verdict v;
    int fails = 0, vetoed = 0;
    *kinds = 0;
    *sev = VF_SEV_OK;
    for (int i = 0; i < n; i++) {
        vf_case_run(&u->c, def, (uint32_t)i, &v);
        vetoed += !!(v.kinds & VF_V_VETOED);
        vf_sev sv = vf_sev_of(v.kinds, v.warning, v.error);
        if (sv > *sev) *sev = sv;
        if (script_failure(&v)) {
            fails++;
            *kinds |= v.kinds;
        }
    }
    if (n && vetoed == n) *sev = VF_SEV_ERROR;
    return fails;
}

static void print_kinds(vf_cli *cli, unsigned kinds)
{
    for (int i = 0; i < VF_V_COUNT_KINDS; i++)
        if (kinds & (1u << i))
            fprintf(cli->out, " %s", vf_verdict_kind_name(1u << i));
}

static void compare(vf_cli *cli, runner *u, const vf_desset *set,
                    const anchor *a, tally *t)
{
    if (strcmp(a->status, "ok") && strcmp(a->status, "isolated") &&
        strcmp(a->status, "place_failed")) {
        t->skipped++;
        return;
    }
    const vf_mapdef *def = vf_desset_find(set, a->name);
    if (!def) {
        fprintf(cli->out, "%s: not in our corpus\n", a->name);
        t->missing++;
        return;
    }
    int n = u->count ? u->count : a->iterations;
    unsigned kinds;
    vf_sev sev;
    int ours = our_failures(u, def, n, &kinds, &sev);
    int game = a->failures;
    t->game[game > 0][sev]++;
    if ((game > 0) != (sev == VF_SEV_ERROR) && !is_excused(a->name))
        fprintf(cli->out, "%s: game %d/%d (%s), vaultfuzz %s\n", a->name,
                game, a->iterations, a->status, vf_sev_name(sev));
    if (ours && !game && is_excused(a->name)) {
        fprintf(cli->out, "%s: vaultfuzz %d/%d, but placement.lua excuses "
                "it (force_connectivity_ok)\n", a->name, ours, n);
        t->excused++;
        return;
    }
    if (!ours && !game) { t->both_ok++; return; }
    if (ours && game) { t->both_fail++; return; }
    if (game) t->game_only++;
    else t->ours_only++;
    fprintf(cli->out, "%s: game %d/%d (%s), vaultfuzz %d/%d", a->name, game,
            a->iterations, a->status, ours, n);
    print_kinds(cli, kinds);
    fputc('\n', cli->out);
}

static int run_file(vf_cli *cli, runner *u, const vf_desset *set, FILE *f)
{
    char line[8192];
    tally t = {0};
    columns c;
    if (!fgets(line, sizeof line, f)) return VF_EXIT_USAGE;
    line[strcspn(line, "\r\n")] = '\0';
    if (read_header(line, &c)) {
        fprintf(cli->err, "vaultfuzz anchors: not a placement.lua results "
                "file (no map_name, iterations, failures, status columns)\n");
        return VF_EXIT_USAGE;
    }
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        anchor a;
        if (parse_line(line, &c, &a) == 0) compare(cli, u, set, &a, &t);
    }
    fprintf(cli->out, "anchors: %d agree ok, %d agree failing, %d fail in "
            "the game only, %d in vaultfuzz only, %d excused by the script, "
            "%d not in our corpus, %d skipped by the script\n", t.both_ok,
            t.both_fail, t.game_only, t.ours_only, t.excused, t.missing,
            t.skipped);
    fprintf(cli->out, "by severity (ours):        error warning    note"
            "      ok\n");
    for (int g = 1; g >= 0; g--)
        fprintf(cli->out, "  %s %7d %7d %7d %7d\n",
                g ? "failing in the game:" : "ok in the game:     ",
                t.game[g][VF_SEV_ERROR], t.game[g][VF_SEV_WARNING],
                t.game[g][VF_SEV_NOTE], t.game[g][VF_SEV_OK]);
    return t.game_only || t.ours_only ? VF_EXIT_FOUND : VF_EXIT_OK;
}

static int run(vf_cli *cli, vf_cli_world *w, runner *u, const char *csv)
{
    vf_desset set;
    vf_diag d;
    vf_sbuf err = VF_SBUF_INIT;
    int rc = VF_EXIT_USAGE;
    FILE *f = fopen(csv, "r");
    if (!f) {
        fprintf(cli->err, "vaultfuzz anchors: cannot read %s\n", csv);
        return rc;
    }
    if (vf_cli_world_load(cli, "anchors", w, &set, &d) >= 0) {
        u->e = vf_engine_new(&set, &w->cfg, &d, &err);
        vf_diag_print(&d, cli->err);
        if (!u->e) {
            fprintf(cli->err, "vaultfuzz anchors: %s\n", vf_sbuf_str(&err));
        } else {
            vf_case_opts o = {.mode = VF_MODE_EMPTY, .seed = u->seed,
                              .no_rotate = 1};
            vf_case_init(&u->c, u->e, &o);
            rc = run_file(cli, u, &set, f);
            vf_case_release(&u->c);
            vf_engine_free(u->e);
        }
    }
    fclose(f);
    vf_sbuf_free(&err);
    vf_diag_free(&d);
    vf_desset_free(&set);
    return rc;
}

const vf_opt vf_anchors_options[] = {
    {"--count", VF_OPT_WORD}, {"--seed", VF_OPT_WORD}, VF_CLI_WORLD_OPTS,
    {"--help", VF_OPT_FLAG}, {"-h", VF_OPT_FLAG}, {NULL, 0}};

int vf_cmd_anchors(vf_cli *cli, int argc, char **argv)
{
    const vf_opt *opts = vf_anchors_options;
    vf_argv a = {argc, 0, argv, 0};
    vf_strlist pos = {0};
    vf_cli_world w;
    vf_cli_world_init(&w);
    w.place = "D:1";
    w.cfg.ignore_depth = 1;   /* placement.lua's builder_ignore_depth */
    w.cfg.no_game = 1;        /* and its -script: no unique ever made */
    runner u = {0};
    u.seed = 1;
    const char *arg;
    int k, rc = VF_EXIT_USAGE;
    while ((k = vf_cli_next_opt(cli, "anchors", &a, opts, &arg, &pos)) >= 0) {
        unsigned long long v;
        if (k <= 1 && vf_cli_unumber(arg, k ? ULLONG_MAX : INT_MAX, &v)) {
            fprintf(cli->err, "vaultfuzz anchors: %s needs a number, not "
                    "'%s'\n", opts[k].name, arg);
            goto out;
        }
        if (k == 0) u.count = (int)v;
        else if (k == 1) u.seed = v;
        else if (!vf_cli_world_opt(&w, opts[k].name, arg)) {
            fputs(anchors_usage, cli->out);
            rc = VF_EXIT_OK;
            goto out;
        }
    }
    if (k == -2) goto out;
    if (pos.n != 1) {
        fprintf(cli->err, "vaultfuzz anchors: give one results file (see "
                "--help)\n");
        goto out;
    }
    rc = run(cli, &w, &u, pos.v[0]);
out:
    vf_cli_world_free(&w);
    vf_strlist_free(&pos);
    return rc;
}
