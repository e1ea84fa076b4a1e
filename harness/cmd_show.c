/* vaultfuzz show: one map resolved for one case. */
#include "cli.h"
#include "vf_engine.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char show_usage[] =
    "usage: vaultfuzz show MAP [--seed S] [--iter N] [--des PATH]...\n"
    "                          [--crawl-dir DIR] [--place BRANCH:DEPTH]\n"
    "\n"
    "Resolves MAP as the game does when it places it (veto, Lua, SUBST,\n"
    "NSUBST, SHUFFLE, CLEAR, validate; up to 25 attempts) for the case\n"
    "(S, MAP, N) and prints the glyphs, orientation, tags, keyed specs\n"
    "(with the alternative a ':' spec drew), slots, overlays in brief,\n"
    "markers (x,y after any mirroring or rotation) and the subvaults merged\n"
    "(their cells print with the subvault's own glyphs). The case's seed is\n"
    "derived from S, the map's name and N (see include/vf_rng.h), so any\n"
    "case replays alone.\n"
    "\n"
    "  --seed S     base seed (default 1)\n"
    "  --iter N     iteration (default 0)\n"
    VF_CLI_WORLD_HELP
    "\n"
    "Exit status: 0 when the map resolved, 1 when it did not (Lua error,\n"
    "validate or veto), 2 on bad usage or an unknown map.\n";

static const char *const status_names[] = {
    "resolved", "lua_error", "validate_failed", "vetoed"};

/* " w:N" when an alternative's weight is not the default. */
static void print_weight(vf_cli *cli, int w)
{
    if (w != 10) fprintf(cli->out, " w:%d", w);
}

static void print_feat(vf_cli *cli, int g, const vf_featspec *f)
{
    if (!f->n && !f->fixed) return;
    fprintf(cli->out, "kfeat: %c %c", g, f->fixed ? ':' : '=');
    vf_sbuf b = VF_SBUF_INIT;
    for (int i = 0; i < f->n; i++) {
        vf_sbuf_reset(&b);
        vf_featalt_describe(&f->alt[i], &b);
        fprintf(cli->out, "%s %s", i ? " /" : "", vf_sbuf_str(&b));
        print_weight(cli, f->alt[i].weight);
        if (f->alt[i].mimic) fprintf(cli->out, " mimic:%d", f->alt[i].mimic);
        if (f->alt[i].no_mimic) fputs(" no_mimic", cli->out);
    }
    /* A ':' spec: the alternative drawn at the call. */
    if (f->fixed) {
        vf_sbuf_reset(&b);
        if (f->pick >= 0) vf_featalt_describe(&f->alt[f->pick], &b);
        fprintf(cli->out, "  -> %s", f->pick >= 0 ? b.s : "glyph .");
    }
    vf_sbuf_free(&b);
    fputc('\n', cli->out);
}

static void print_list(vf_cli *cli, const char *what, int g,
                       const vf_speclist *l)
{
    if (!l->n) return;
    fprintf(cli->out, "%s: %c %c", what, g, l->fixed ? ':' : '=');
    for (int i = 0; i < l->n; i++) {
        const vf_specslot *s = &l->slot[i];
        fputs(i ? "," : "", cli->out);
        for (int k = 0; k < s->n; k++)
            fprintf(cli->out, "%s %s", k ? " /" : "", s->alt[k].text);
        if (l->fixed)
            fprintf(cli->out, "  -> %s",
                    s->pick >= 0 ? s->alt[s->pick].text : "random");
    }
    fputc('\n', cli->out);
}

static void print_mask(vf_cli *cli, int g, vf_kmask mask)
{
    if (!mask.set && !mask.unset) return;
    fprintf(cli->out, "kmask: %c =", g);
    for (unsigned bit = 1; bit <= VF_MMT_NO_TRAP; bit <<= 1) {
        if (mask.set & bit) fprintf(cli->out, " %s", vf_kmask_flag_name(bit));
        if (mask.unset & bit)
            fprintf(cli->out, " !%s", vf_kmask_flag_name(bit));
    }
    fputc('\n', cli->out);
}

static void print_keyed(vf_cli *cli, const vf_rmap *m)
{
    for (int g = 0; g < 256; g++) {
        const vf_keyspec *k = vf_rmap_keyspec(m, g);
        if (!k) continue;
        print_feat(cli, g, &k->feat);
        print_list(cli, "kmons", g, &k->mons);
        print_list(cli, "kitem", g, &k->items);
        print_mask(cli, g, k->mask);
    }
}

/* Overlays in brief: how many cells carry each kind, and each KPROP. */
static void print_overlay(vf_cli *cli, const vf_overlay *ov)
{
    if (!ov->cells) return;
    int colour = 0, height = 0, tiles = 0, props[32] = {0};
    for (int i = 0; i < ov->w * ov->h; i++) {
        const vf_ovcell *c = &ov->cells[i];
        colour += c->colour != 0;
        height += c->height != VF_NO_HEIGHT;
        tiles += c->floortile || c->rocktile || c->tile;
        for (int b = 0; b < 32; b++) props[b] += (c->props >> b) & 1;
    }
    for (int b = 0; b < 32; b++)
        if (props[b])
            fprintf(cli->out, "kprop: %s on %d cells\n",
                    vf_fprop_name(1u << b), props[b]);
    fprintf(cli->out, "overlay: colour on %d cells, fheight on %d, tiles on "
            "%d\n", colour, height, tiles);
}

static void print_markers(vf_cli *cli, const vf_rmap *m)
{
    for (size_t i = 0; i < m->nmarkers; i++)
        fprintf(cli->out, "marker: %d,%d %s\n", m->markers[i].x,
                m->markers[i].y,
                m->markers[i].spec ? m->markers[i].spec : "(lua function)");
}

static void print_map(vf_cli *cli, const vf_rmap *m)
{
    fprintf(cli->out, "size: %dx%d\n", m->grid.w, m->grid.h);
    fprintf(cli->out, "orient: %s\n", m->orient ? m->orient : "-");
    const char *t = vf_sbuf_str(&m->tags);
    size_t n = strlen(t);
    while (n && t[n - 1] == ' ') n--;
    while (n && *t == ' ') t++, n--;
    fprintf(cli->out, "tags: %.*s\n", (int)n, t);
    print_keyed(cli, m);
    for (size_t i = 0; i < m->mons.n; i++)
        fprintf(cli->out, "mons %zu: %s\n", i + 1, m->mons.v[i]);
    for (size_t i = 0; i < m->items.n; i++)
        fprintf(cli->out, "item %c: %s\n", (int)('d' + i), m->items.v[i]);
    print_overlay(cli, &m->overlay);
    print_markers(cli, m);
    for (size_t i = 0; i < m->subvaults.n; i++)
        fprintf(cli->out, "subvault (not placed at load time): %s\n",
                m->subvaults.v[i]);
    for (size_t i = 0; i < m->nsvplaces; i++) {
        const vf_svplace *p = &m->svplaces[i];
        fprintf(cli->out, "merged: %s at %d,%d (%dx%d)\n", p->name, p->x,
                p->y, p->w, p->h);
    }
    fputs("\n", cli->out);
    /* Merged cells show their subvault's glyph, not the internal byte. */
    for (int y = 0; y < m->grid.h; y++) {
        for (int x = 0; x < m->grid.len[y]; x++)
            fputc(vf_rmap_glyph(m, x, y), cli->out);
        fputc('\n', cli->out);
    }
}

const vf_opt vf_show_options[] = {
    {"--seed", VF_OPT_WORD}, {"--iter", VF_OPT_WORD}, VF_CLI_WORLD_OPTS,
    {"--help", VF_OPT_FLAG}, {"-h", VF_OPT_FLAG}, {NULL, 0}};

int vf_cmd_show(vf_cli *cli, int argc, char **argv)
{
    const vf_opt *opts = vf_show_options;
    vf_argv a = {argc, 0, argv, 0};
    vf_strlist names = {0};
    vf_cli_world w;
    vf_cli_world_init(&w);
    unsigned long long seed = 1;
    unsigned long iter = 0;
    int k, rc = VF_EXIT_USAGE;
    const char *arg;
    while ((k = vf_cli_next_opt(cli, "show", &a, opts, &arg, &names)) >= 0) {
        if (k == 0 || k == 1) {
            unsigned long long v;
            unsigned long long max = k == 1 ? UINT32_MAX : ULLONG_MAX;
            if (vf_cli_unumber(arg, max, &v)) {
                fprintf(cli->err, "vaultfuzz show: %s needs a number from 0 "
                        "to %llu, not '%s'\n", opts[k].name, max, arg);
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
        vf_cli_world_map_place(&w, e, def);
        uint64_t cs = vf_seed_case(seed, def->name, (uint32_t)iter);
        vf_rmap m;
        vf_rmap_init(&m, def, NULL);
        vf_resolve_status st = vf_engine_resolve(
            e, &(vf_resolve_req){.def = def, .seed = cs}, &m, &err);
        char place[64];
        vf_place_describe(vf_engine_game(e), vf_engine_place(e), place,
                          sizeof place);
        fprintf(cli->out, "map: %s (%s:%d)\ncase: seed %llu, iteration %lu "
                "(case seed %llu)\nplace: %s\nresult: %s after %d attempt%s\n",
                def->name, set.files[def->file].path, def->line, seed, iter,
                (unsigned long long)cs, place,
                st == VF_LUA_ERROR && vf_engine_timed_out(e) ? "lua_timeout"
                : status_names[st], m.attempts,
                m.attempts == 1 ? "" : "s");
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
