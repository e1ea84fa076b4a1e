/* vaultfuzz show: one map resolved for one case. */
#include "cli.h"
#include "vf_engine.h"

#include <stdlib.h>
#include <string.h>

static const char show_usage[] =
    "usage: vaultfuzz show MAP [--seed S] [--iter N] [--des PATH]...\n"
    "                          [--crawl-dir DIR] [--place BRANCH:DEPTH]\n"
    "\n"
    "Resolves MAP as the game does when it places it (veto, Lua, SUBST,\n"
    "NSUBST, SHUFFLE, CLEAR, validate; up to 25 attempts) for the case\n"
    "(S, MAP, N) and prints the glyphs, orientation, tags, keyed specs and\n"
    "slots. The case's seed is derived from S, the map's name and N\n"
    "(see include/vf_rng.h), so any case replays alone.\n"
    "\n"
    "  --seed S     base seed (default 1)\n"
    "  --iter N     iteration (default 0)\n"
    VF_CLI_WORLD_HELP
    "\n"
    "Exit status: 0 when the map resolved, 1 when it did not (Lua error,\n"
    "validate or veto), 2 on bad usage or an unknown map.\n";

static const char *const status_names[] = {
    "resolved", "lua_error", "validate_failed", "vetoed"};

static void print_map(vf_cli *cli, const vf_rmap *m)
{
    fprintf(cli->out, "size: %dx%d\n", m->grid.w, m->grid.h);
    fprintf(cli->out, "orient: %s\n", m->orient ? m->orient : "-");
    const char *t = vf_sbuf_str(&m->tags);
    size_t n = strlen(t);
    while (n && t[n - 1] == ' ') n--;
    while (n && *t == ' ') t++, n--;
    fprintf(cli->out, "tags: %.*s\n", (int)n, t);
    for (int g = 0; g < 256; g++) {
        const char *kinds[3] = {m->kfeat[g], m->kmons[g], m->kitem[g]};
        const char *names[3] = {"kfeat", "kmons", "kitem"};
        for (int k = 0; k < 3; k++)
            if (kinds[k])
                fprintf(cli->out, "%s: %c %c %s\n", names[k], g,
                        (m->keyfix[g] & (1 << k)) ? ':' : '=', kinds[k]);
        if (m->kmask[g].len)
            fprintf(cli->out, "kmask: %c = %s\n", g, m->kmask[g].s);
    }
    for (size_t i = 0; i < m->mons.n; i++)
        fprintf(cli->out, "mons %zu: %s\n", i + 1, m->mons.v[i]);
    for (size_t i = 0; i < m->items.n; i++)
        fprintf(cli->out, "item %c: %s\n", (int)('d' + i), m->items.v[i]);
    for (size_t i = 0; i < m->kprops.n; i++)
        fprintf(cli->out, "kprop: %s\n", m->kprops.v[i]);
    for (size_t i = 0; i < m->markers.n; i++)
        fprintf(cli->out, "marker: %s\n", m->markers.v[i]);
    for (size_t i = 0; i < m->subvaults.n; i++)
        fprintf(cli->out, "subvault (not yet placed): %s\n",
                m->subvaults.v[i]);
    fputs("\n", cli->out);
    for (int y = 0; y < m->grid.h; y++)
        fprintf(cli->out, "%.*s\n", m->grid.len[y], vf_grid_row(&m->grid, y));
}

int vf_cmd_show(vf_cli *cli, int argc, char **argv)
{
    static const vf_opt opts[] = {{"--seed", 1}, {"--iter", 1},
                                  VF_CLI_WORLD_OPTS,
                                  {"--help", 0}, {"-h", 0}, {NULL, 0}};
    vf_argv a = {argc, 0, argv};
    vf_strlist names = {0};
    vf_cli_world w;
    vf_cli_world_init(&w);
    unsigned long long seed = 1;
    unsigned long iter = 0;
    int k, rc = VF_EXIT_USAGE;
    const char *arg;
    char *end;
    while ((k = vf_cli_next_opt(cli, "show", &a, opts, &arg, &names)) >= 0) {
        if (k == 0 || k == 1) {
            unsigned long long v = strtoull(arg, &end, 10);
            if (*end || !*arg) {
                fprintf(cli->err, "vaultfuzz show: %s needs a number, not "
                        "'%s'\n", opts[k].name, arg);
                k = -2;
                break;
            }
            if (k == 0) seed = v;
            else iter = (unsigned long)v;
        } else if (!vf_cli_world_opt(&w, opts[k].name, arg)) {
            fputs(show_usage, cli->out);
            rc = VF_EXIT_OK;
            goto out;
        }
    }
    if (k == -2) goto out;
    if (names.n != 1) {
        fprintf(cli->err, "vaultfuzz show: name one map (see --help)\n");
        goto out;
    }

    vf_desset set;
    vf_diag d;
    vf_sbuf err = VF_SBUF_INIT;
    if (vf_cli_world_load(cli, "show", &w, &set, &d) < 0) {
        vf_desset_free(&set);
        vf_diag_free(&d);
        goto out;
    }
    const vf_mapdef *def = vf_desset_find(&set, names.v[0]);
    vf_engine *e = def ? vf_engine_new(&set, &w.cfg, &d, &err) : NULL;
    vf_diag_print(&d, cli->err);
    if (!def) {
        fprintf(cli->err, "vaultfuzz show: no map named '%s'\n", names.v[0]);
    } else if (!e) {
        fprintf(cli->err, "vaultfuzz show: %s\n", vf_sbuf_str(&err));
    } else {
        uint64_t cs = vf_seed_case(seed, def->name, (uint32_t)iter);
        vf_rmap m;
        vf_rmap_init(&m, def, NULL);
        int attempts;
        vf_resolve_status st = vf_engine_resolve(e, def, cs, 0, &m,
                                                 &attempts, &err);
        char place[64];
        vf_place_describe(&w.cfg.place, place, sizeof place);
        fprintf(cli->out, "map: %s (%s:%d)\ncase: seed %llu, iteration %lu "
                "(case seed %llu)\nplace: %s\nresult: %s after %d attempt%s\n",
                def->name, set.files[def->file].path, def->line, seed, iter,
                (unsigned long long)cs, place, status_names[st], attempts,
                attempts == 1 ? "" : "s");
        if (st == VF_LUA_ERROR)
            fprintf(cli->out, "error: %s\n", vf_sbuf_str(&err));
        if (st == VF_RESOLVED) print_map(cli, &m);
        rc = st == VF_RESOLVED ? VF_EXIT_OK : VF_EXIT_FOUND;
        vf_rmap_free(&m);
    }
    vf_engine_free(e);
    vf_sbuf_free(&err);
    vf_diag_free(&d);
    vf_desset_free(&set);
out:
    vf_cli_world_free(&w);
    vf_strlist_free(&names);
    return rc;
}
