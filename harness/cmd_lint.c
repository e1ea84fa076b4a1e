/* vaultfuzz lint: load, compile, run each map's Lua, report. */
#include "cli.h"
#include "vf_gamever.h"
#include "vf_mapcheck.h"
#include "vf_sarif.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char lint_usage[] =
    "usage: vaultfuzz lint [--des PATH]... [--crawl-dir DIR] [--place P]\n"
    "                      [--game-version V] [--game-names FILE]\n"
    "                      [--seeds N] [--no-lua] [--stats]\n"
    "                      [--format text|sarif]\n"
    "\n"
    "Loads .des files (a directory is searched recursively for *.des, in the\n"
    "game's order), compiles every Lua chunk, then runs each map's Lua as\n"
    "the game does when it loads maps (is_validating() true) and applies\n"
    "the game's load-time checks to the result (size for the orientation,\n"
    "a possible exit, DEPTH/PLACE/tag, temple altars), and prints each\n"
    "problem as 'file:line: map NAME: what is wrong', then a summary.\n"
    "\n"
    VF_CLI_WORLD_HELP
    "  --seeds N    also resolve every map as at placement for seeds 1..N\n"
    "               (without --place, each at a level its PLACE or DEPTH\n"
    "               admits) and report its Lua errors as warnings (the\n"
    "               game loads such a map; it fails when placed)\n"
    "  --no-lua     load and compile only: no Lua run, so no load-time\n"
    "               checks either (they judge what the Lua built; the\n"
    "               game's Lua library is needed to run the game's own\n"
    "               vaults: see --crawl-dir)\n"
    "  --stats      also print the Lua calls the headers generate, by kind\n"
    "  --format F   text (default), or sarif: the problems as a SARIF 2.1.0\n"
    "               log on stdout (each at its file:line, for code\n"
    "               scanning), the summary on stderr\n"
    "\n"
    "Exit status: 0 when no errors were found (nothing the game would refuse\n"
    "to load), 1 otherwise, 2 on bad usage.\n";

/* The problems as SARIF: a result per problem at its file and line,
 * problems about no file as notifications. */
static void print_sarif(vf_cli *cli, const vf_desset *set, const vf_diag *d)
{
    static const vf_sarif_rule rules[] = {
        {"lint_error", "The game would refuse to load this, or the file "
         "cannot be read.", NULL},
        {"lint_warning", "The game loads this, but it fails or misleads "
         "when used.", NULL},
    };
    const char **files = vf_xcalloc(set->nfiles + 1, sizeof *files);
    const char **notes = vf_xcalloc(d->n + 1, sizeof *notes);
    size_t nnotes = 0;
    for (size_t i = 0; i < set->nfiles; i++) files[i] = set->files[i].path;
    vf_sbuf b = VF_SBUF_INIT;
    vf_sarif w;
    vf_sarif_begin(&w, &b, rules, 2, vf_sarif_base(files, set->nfiles));
    for (size_t i = 0; i < d->n; i++) {
        const vf_diag_entry *e = &d->v[i];
        if (!e->file) {
            notes[nnotes++] = e->msg;
            continue;
        }
        vf_sbuf msg = VF_SBUF_INIT;   /* where it is, the location says */
        if (e->map) vf_sbuf_printf(&msg, "map %s: ", e->map);
        vf_sbuf_adds(&msg, e->msg);
        int warn = e->sev == VF_WARNING;
        vf_sarif_result r = {warn, warn ? "warning" : "error", msg.s,
                             {e->file, e->line, 0, NULL}, e->map, NULL, 0,
                             NULL, NULL, NULL};
        vf_sarif_add(&w, &r);
        vf_sbuf_free(&msg);
    }
    vf_sarif_end(&w, 1, notes, nnotes);
    fputs(vf_sbuf_str(&b), cli->out);
    vf_sbuf_free(&b);
    free(notes);
    free(files);
}

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

typedef struct lua_tally {
    int ran;
    size_t maps, resolves, lua_errors, validate_failed, vetoed;
} lua_tally;

/* What each map's Lua run works with. */
typedef struct lua_run {
    const vf_cli_world *w;
    vf_engine *e;
    const vf_desset *set;
    unsigned long seeds;     /* placement seeds per map */
    vf_diag *d;
    lua_tally *t;
} lua_run;

/* One map: the load-time run, then placement for seeds 1..seeds. A map
 * reports each distinct placement error once, with how often it came. */
static void run_map(const lua_run *r, const vf_mapdef *def)
{
    const vf_cli_world *w = r->w;
    vf_engine *e = r->e;
    const vf_desset *set = r->set;
    unsigned long seeds = r->seeds;
    vf_diag *d = r->d;
    lua_tally *t = r->t;
    vf_rmap m;
    vf_rmap_init(&m, def, NULL);
    vf_sbuf err = VF_SBUF_INIT, first = VF_SBUF_INIT;
    t->maps++;
    vf_engine_set_place(e, &w->cfg.place);   /* not the last map's level */
    vf_resolve_req load = {.def = def, .seed = vf_seed_case(0, def->name, 0),
                           .validating = 1};
    if (vf_engine_resolve(e, &load, &m, &err) == VF_LUA_ERROR) {
        vf_engine_diag(d, VF_ERROR, set, def, "", vf_sbuf_str(&err));
        t->lua_errors++;
        seeds = 0;   /* the game has no such map to place */
    } else if (vf_mapcheck(&m, vf_engine_is_flag, e, &err)) {
        /* The game refuses to load such a map (§5.7). */
        vf_diag_where at = {.file = set->files[def->file].path,
                            .line = def->line, .map = def->name};
        vf_diag_add(d, VF_ERROR, &at, "%s", vf_sbuf_str(&err));
        seeds = 0;
    }
    unsigned long failed = 0, first_seed = 0;
    if (seeds) vf_cli_world_map_place(w, e, def);
    for (unsigned long s = 1; s <= seeds; s++) {
        vf_sbuf_reset(&err);
        t->resolves++;
        vf_resolve_req rq = {.def = def, .seed = vf_seed_case(s, def->name, 0)};
        switch (vf_engine_resolve(e, &rq, &m, &err)) {
        case VF_LUA_ERROR:
            if (!failed++) {
                first_seed = s;
                vf_sbuf_adds(&first, vf_sbuf_str(&err));
            }
            t->lua_errors++;
            break;
        case VF_VALIDATE_FAILED: t->validate_failed++; break;
        case VF_VETOED: t->vetoed++; break;
        case VF_RESOLVED: break;
        }
    }
    /* The game loads such a map (only read_maps' load-time run can make
     * it refuse one); it fails when a level places it: a warning. */
    if (failed) {
        char what[160];
        snprintf(what, sizeof what, "fails at placement, not at load (%lu "
                 "of %lu seeds, first seed %lu)", failed, seeds, first_seed);
        vf_engine_diag(d, VF_WARNING, set, def, what, vf_sbuf_str(&first));
    }
    vf_sbuf_free(&err);
    vf_sbuf_free(&first);
    vf_rmap_free(&m);
}

static void print_tally(vf_cli *cli, const vf_cli_world *w,
                        const lua_tally *t)
{
    char place[64];
    vf_place_describe(&w->cfg.game, &w->cfg.place, place, sizeof place);
    /* The load-time run is always where the game loads maps (engine). */
    fprintf(cli->out, "lua: %zu maps run as at load, with %s at %s; %zu "
            "placement resolves%s%s: %zu lua errors, %zu validate failures, "
            "%zu vetoes\n", t->maps,
            w->crawl_dat ? "the game's library" : "our dlua/",
            VF_PLACE_LOAD, t->resolves,
            t->resolves && !w->place ? " (each map at a level its PLACE or "
            "DEPTH admits)" : t->resolves ? " at " : "",
            t->resolves && w->place ? place : "", t->lua_errors,
            t->validate_failed, t->vetoed);
}

static void run_lua(vf_cli_world *w, const vf_desset *set,
                    unsigned long seeds, vf_diag *d, lua_tally *t)
{
    vf_sbuf err = VF_SBUF_INIT;
    vf_engine *e = vf_engine_new(set, &w->cfg, d, &err);
    if (!e) {
        const vf_diag_where nowhere = {.file = NULL};
        vf_diag_add(d, VF_ERROR, &nowhere, "%s", vf_sbuf_str(&err));
        vf_diag_add(d, VF_ERROR, &nowhere, "no map's Lua ran: %s did "
                    "not load, so none of the %zu maps was checked past its "
                    "text (in the game no map would load either)",
                    w->crawl_dat ? "the game's Lua library" : "our dlua/",
                    set->nmaps);
        vf_sbuf_free(&err);
        return;
    }
    /* Maps already reported (a chunk that does not compile) are not run:
     * the same error would come back from Lua. */
    char *reported = vf_xcalloc(set->nmaps + 1, 1);
    for (size_t i = 0; i < d->n; i++) {
        const vf_mapdef *def = d->v[i].map ? vf_desset_find(set, d->v[i].map)
                                           : NULL;
        if (def && d->v[i].sev == VF_ERROR) reported[def - set->maps] = 1;
    }
    t->ran = 1;
    lua_run r = {.w = w, .e = e, .set = set, .seeds = seeds, .d = d, .t = t};
    for (size_t i = 0; i < set->nmaps; i++)
        if (!reported[i]) run_map(&r, &set->maps[i]);
    free(reported);
    vf_engine_free(e);
    vf_sbuf_free(&err);
}

const vf_opt vf_lint_options[] = {
    VF_CLI_WORLD_OPTS, {"--seeds", VF_OPT_WORD}, {"--no-lua", VF_OPT_FLAG},
    {"--stats", VF_OPT_FLAG}, {"--format", VF_OPT_FORMAT},
    {"--help", VF_OPT_FLAG}, {"-h", VF_OPT_FLAG}, {NULL, 0}};

int vf_cmd_lint(vf_cli *cli, int argc, char **argv)
{
    const vf_opt *opts = vf_lint_options;
    vf_argv a = {argc, 0, argv, 0};
    vf_cli_world w;
    vf_cli_world_init(&w);
    int stats = 0, lua = 1, sarif = 0, k, rc = VF_EXIT_USAGE;
    unsigned long seeds = 0;
    const char *arg;
    while ((k = vf_cli_next_opt(cli, "lint", &a, opts, &arg, NULL)) >= 0) {
        if (vf_cli_world_opt(&w, opts[k].name, arg)) continue;
        if (!strcmp(opts[k].name, "--seeds")) {
            unsigned long long v;
            if (!vf_cli_unumber(arg, UINT32_MAX, &v)) {
                seeds = (unsigned long)v;
            } else {
                fprintf(cli->err, "vaultfuzz lint: --seeds needs a number "
                        "from 0 to %lu, not '%s'\n", (unsigned long)UINT32_MAX,
                        arg);
                k = -2;
                break;
            }
        } else if (!strcmp(opts[k].name, "--no-lua")) {
            lua = 0;
        } else if (!strcmp(opts[k].name, "--stats")) {
            stats = 1;
        } else if (!strcmp(opts[k].name, "--format")) {
            sarif = !strcmp(arg, "sarif");
            if (!sarif && strcmp(arg, "text")) {
                fprintf(cli->err, "vaultfuzz lint: --format is text or "
                        "sarif, not '%s'\n", arg);
                k = -2;
                break;
            }
        } else {
            fputs(lint_usage, cli->out);
            vf_cli_world_free(&w);
            return VF_EXIT_OK;
        }
    }
    vf_desset set;
    vf_diag d;
    if (k == -2 || vf_cli_world_load(cli, "lint", &w, &set, &d) < 0) {
        if (k != -2) {
            vf_diag_free(&d);
            vf_desset_free(&set);
        }
        vf_cli_world_free(&w);
        return VF_EXIT_USAGE;
    }
    size_t chunks = 0;
    vf_des_compile(&set, &d, &chunks);
    lua_tally t = {0};
    if (lua) run_lua(&w, &set, seeds, &d, &t);
    if (lua && !w.crawl_dat) vf_lint_group_library(&d, w.cfg.dlua_dir);
    /* With SARIF on stdout, what people read goes to stderr. */
    if (sarif) print_sarif(cli, &set, &d);
    else vf_diag_print(&d, cli->out);
    vf_cli summary = *cli;
    if (sarif) summary.out = cli->err;
    cli = &summary;
    if (stats) print_stats(cli, &set);
    if (t.ran && set.nmaps) print_tally(cli, &w, &t);
    /* The names a map may use are the version's, and those the checkout's
     * source or --game-names add: say which. */
    if (w.crawl_dat || w.game_version || w.game_names)
        fprintf(cli->out, "game version: %s (%s)%s%s\n",
                vf_gamever_name(w.cfg.game.ver), w.gamever_why,
                w.gamesrc ? "; " : "", vf_sbuf_str(&w.gamesrc_note));
    if (t.ran && set.nmaps) vf_cli_lua_say(&w, cli->out);   /* which Lua */
    fprintf(cli->out, "lint: %zu files, %zu maps, %zu chunks, %zu errors, "
            "%zu warnings\n", set.nfiles, set.nmaps, chunks, d.errors,
            d.warnings);
    rc = d.errors ? VF_EXIT_FOUND : VF_EXIT_OK;
    vf_diag_free(&d);
    vf_desset_free(&set);
    vf_cli_world_free(&w);
    return rc;
}
