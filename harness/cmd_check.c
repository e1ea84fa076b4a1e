/* vaultfuzz check: one case placed on a level and judged. */
#include "cli.h"
#include "color.h"
#include "vf_case.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char check_usage[] =
    "usage: vaultfuzz check MAP [--seed S] [--iter N] [--mode M]\n"
    "                           [--no-rotate] [--opacity] [--des PATH]...\n"
    "                           [--crawl-dir DIR] [--place BRANCH:DEPTH]\n"
    "\n"
    "Resolves MAP for the case (S, MAP, N), places it on a level the way\n"
    "the game's placement.lua does (no collision check, no exits), judges\n"
    "the level and prints the verdict and the level, failing zones\n"
    "marked.\n"
    "\n"
    "  --seed S     base seed (default 1)\n"
    "  --iter N     iteration (default 0)\n"
    "  --mode M     empty: floor inside a rock border (default); fill: all\n"
    "               rock (minivaults never place there); rooms, caves,\n"
    "               city, open, cross: a synthetic layout built round the\n"
    "               vault as the game builds a level (collision checked,\n"
    "               exits connected, stairs placed); game: one of the\n"
    "               checkout's own layout maps, drawn for the level\n"
    "  --no-rotate  tag the map no_rotate no_vmirror no_hmirror\n"
    "               no_pool_fixup, as placement.lua does\n"
    "  --opacity    treat the vault as transparent (placement.lua -opacity)\n"
    VF_CLI_WORLD_HELP
    "\n"
    "Exit status: 0 when the case is ok, 1 when it failed, 2 on bad usage\n"
    "or an unknown map, 3 when the case was not tried (no level built for\n"
    "it: its layout tags keep it out, or no layout map takes it).\n";

typedef struct check_args {
    unsigned long long seed;
    unsigned long iter;
    vf_case_opts opts;
} check_args;

/* --seed takes any 64-bit number, --iter a case's 32-bit iteration. */
static int number(vf_cli *cli, const char *opt, const char *arg,
                  unsigned long long *v)
{
    unsigned long long max = opt[2] == 'i' ? UINT32_MAX : ULLONG_MAX;
    if (!vf_cli_unumber(arg, max, v)) return 0;
    fprintf(cli->err, "vaultfuzz check: %s needs a number from 0 to %llu, "
            "not '%s'\n", opt, max, arg);
    return -1;
}

const vf_opt vf_check_options[] = {
    {"--seed", VF_OPT_WORD}, {"--iter", VF_OPT_WORD}, {"--mode", VF_OPT_MODE},
    {"--no-rotate", VF_OPT_FLAG}, {"--opacity", VF_OPT_FLAG},
    VF_CLI_WORLD_OPTS, {"--help", VF_OPT_FLAG}, {"-h", VF_OPT_FLAG},
    {NULL, 0}};

/* Returns 0, 1 after --help, or -1 on a usage error. */
static int parse(vf_cli *cli, int argc, char **argv, check_args *c,
                 vf_cli_world *w, vf_strlist *names)
{
    const vf_opt *opts = vf_check_options;
    vf_argv a = {argc, 0, argv, 0};
    const char *arg;
    unsigned long long v;
    int k;
    while ((k = vf_cli_next_opt(cli, "check", &a, opts, &arg, names)) >= 0) {
        const char *o = opts[k].name;
        if (!strcmp(o, "--seed") || !strcmp(o, "--iter")) {
            if (number(cli, o, arg, &v)) return -1;
            if (o[2] == 's') c->seed = v;
            else c->iter = (unsigned long)v;
        } else if (!strcmp(o, "--mode")) {
            if (vf_mode_parse(arg, &c->opts.mode)) {
                fprintf(cli->err, "vaultfuzz check: unknown mode '%s' (empty, "
                        "fill, rooms, caves, city, open, cross or game)\n",
                        arg);
                return -1;
            }
        } else if (!strcmp(o, "--no-rotate")) {
            c->opts.no_rotate = 1;
        } else if (!strcmp(o, "--opacity")) {
            c->opts.opacity = 1;
        } else if (!vf_cli_world_opt(w, o, arg)) {
            fputs(check_usage, cli->out);
            return 1;
        }
    }
    if (k == -2) return -1;
    if (names->n != 1) {
        fprintf(cli->err, "vaultfuzz check: name one map (see --help)\n");
        return -1;
    }
    return 0;
}

/* "verdict: error (stairless_zone error, tele_closet_walk note)". */
static void print_kinds(vf_cli *cli, const vf_verdict *v)
{
    if (v->not_tried) {   /* no level built: never ok (why: below) */
        fputs("verdict: not tried\n", cli->out);
        return;
    }
    if (!v->kinds) {
        fputs("verdict: ok\n", cli->out);
        return;
    }
    fprintf(cli->out, "verdict: %s (",
            vf_sev_name(vf_sev_of(v->kinds, v->warning, v->error)));
    const char *sep = "";
    for (int i = 0; i < VF_V_COUNT_KINDS; i++) {
        unsigned b = 1u << i;
        if (!(v->kinds & b)) continue;
        fprintf(cli->out, "%s%s %s", sep, vf_verdict_kind_name(b),
                vf_sev_name(vf_sev_kind(b, v->kinds, v->warning, v->error)));
        sep = ", ";
    }
    fputs(")\n", cli->out);
}

static void print_case(vf_cli *cli, const vf_desset *set,
                       const vf_mapdef *def, const check_args *c,
                       const vf_level *l, const vf_verdict *v)
{
    char place[64];
    vf_place_describe(l->game, &l->place, place, sizeof place);
    fprintf(cli->out, "map: %s (%s:%d)\ncase: seed %llu, iteration %lu "
            "(case seed %llu), mode %s%s%s\nplace: %s\n", def->name,
            set->files[def->file].path, def->line, c->seed, c->iter,
            (unsigned long long)v->seed, vf_mode_name(c->opts.mode),
            c->opts.no_rotate ? ", no rotation" : "",
            c->opts.opacity ? ", opacity" : "", place);
    if (*v->layout) fprintf(cli->out, "layout: game:%s\n", v->layout);
    print_kinds(cli, v);
    if (v->message[0])
        fprintf(cli->out, "%s%s\n", v->not_tried ? "" : "error: ",
                v->message);
    if (v->placed.vault >= 0)
        fprintf(cli->out, "placed: %dx%d at (%d,%d), %d exit%s (%d "
                "connected); %d zone%s%s\n", v->placed.w, v->placed.h,
                v->placed.x, v->placed.y, v->placed.exits,
                v->placed.exits == 1 ? "" : "s", v->placed.connected,
                v->zones, v->zones == 1 ? "" : "s",
                vf_mode_is_layout(c->opts.mode)
                    ? " with the layout's stairs"
                    : c->opts.mode == VF_MODE_FILL ? " in rock (no stair)"
                    : " before the up stair went in");
    vf_sbuf kids = VF_SBUF_INIT;
    vf_case_describe_children(l, v, &kids);
    fputs(vf_sbuf_str(&kids), cli->out);
    vf_sbuf_free(&kids);

}

/* The level with the findings' zones lettered and a legend, or plain
 * when the map never reached the level; on a terminal (color) each
 * letter in its finding's severity's colour. */
static void print_level(const vf_level *l, const vf_conn_report *r,
                        const vf_verdict *v, int color, vf_sbuf *out)
{
    if (l->nvaults) {
        const char **on = color ? vf_color_findings(l, r, &v->judged)
                                : NULL;
        vf_conn_render_marked(l, r, on, VF_COLOR_OFF, out);
        free(on);
        if (r->nfindings) {
            vf_sbuf_adds(out, "what each finding means:\n");
            vf_sev_describe(l, r, &v->judged, out);
        }
        return;
    }
    char ascii[VF_LEVEL_ASCII_SIZE];
    vf_level_ascii(l, ascii);
    vf_sbuf_adds(out, ascii);
}

static int run(vf_cli *cli, const check_args *c, vf_cli_world *w,
               const char *name)
{
    vf_desset set;
    vf_diag d;
    vf_sbuf err = VF_SBUF_INIT;
    int rc = VF_EXIT_USAGE;
    w->game_layouts = 1;
    if (vf_cli_world_load(cli, "check", w, &set, &d) < 0) goto out;
    const vf_mapdef *def = vf_desset_find(&set, name);
    vf_engine *e = def ? vf_engine_new(&set, &w->cfg, &d, &err) : NULL;
    vf_diag_print(&d, cli->err);
    if (!def) {
        fprintf(cli->err, "vaultfuzz check: no map named '%s'\n", name);
    } else if (!e) {
        fprintf(cli->err, "vaultfuzz check: %s\n", vf_sbuf_str(&err));
    } else {
        vf_cli_world_map_place(w, e, def);
        vf_case k;
        vf_sbuf level = VF_SBUF_INIT;
        vf_verdict v;
        vf_case_opts o = c->opts;
        o.seed = c->seed;
        vf_case_init(&k, e, &o);
        vf_case_run(&k, def, (uint32_t)c->iter, &v);
        print_case(cli, &set, def, c, k.level, &v);
        print_level(k.level, k.report, &v, cli->color, &level);
        fprintf(cli->out, "\n%s", vf_sbuf_str(&level));
        /* A case not tried is no pass: the set-up kept it out. */
        rc = v.kinds ? VF_EXIT_FOUND : v.not_tried ? VF_EXIT_INPUT : VF_EXIT_OK;
        vf_sbuf_free(&level);
        vf_case_release(&k);
    }
    vf_engine_free(e);
out:
    vf_sbuf_free(&err);
    vf_diag_free(&d);
    vf_desset_free(&set);
    return rc;
}

int vf_cmd_check(vf_cli *cli, int argc, char **argv)
{
    check_args c = {.seed = 1, .opts = {.mode = VF_MODE_EMPTY}};
    vf_strlist names = {0};
    vf_cli_world w;
    vf_cli_world_init(&w);
    int p = parse(cli, argc, argv, &c, &w, &names);
    int rc = p < 0 ? VF_EXIT_USAGE
             : p > 0 ? VF_EXIT_OK : run(cli, &c, &w, names.v[0]);
    vf_cli_world_free(&w);
    vf_strlist_free(&names);
    return rc;
}
