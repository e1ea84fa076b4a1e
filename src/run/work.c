/* A worker's tasks: examine a map, run a case, write its dump. */
#include "vf_work.h"
#include "vf_gamelayout.h"
#include "vf_explain.h"
#include "vf_gz.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void vf_work_free(vf_work *w)
{
    if (w->cases) vf_case_release(w->cases);
    free(w->cases);
    w->cases = NULL;
    vf_gamelayouts_free(w->game_layouts);
    w->game_layouts = NULL;
    free(w->map_place);
    free(w->have_place);
    if (w->subvault_tags) vf_strlist_free(w->subvault_tags);
    free(w->subvault_tags);
    w->subvault_tags = NULL;
    w->map_place = NULL;
    w->have_place = NULL;
}

/* The place is worked out once per map and process: it depends on the
 * map alone. vf_engine_map_place reads the engine's place, so that is
 * w->place while it runs. */
void vf_work_map_place(vf_work *w, size_t map, vf_place *out)
{
    *out = w->place;
    if (!w->map_places) return;
    if (!w->map_place) {
        w->map_place = vf_xcalloc(w->set->nmaps, sizeof *w->map_place);
        w->have_place = vf_xcalloc(w->set->nmaps, 1);
    }
    if (!w->have_place[map]) {
        vf_place was = *vf_engine_place(w->engine);
        vf_engine_set_place(w->engine, &w->place);
        vf_engine_map_place(w->engine, &w->set->maps[map],
                            &w->map_place[map]);
        vf_engine_set_place(w->engine, &was);
        w->have_place[map] = 1;
    }
    *out = w->map_place[map];
}

/* The engine told the level a case of map runs at (see vf_work). */
static void set_place(vf_work *w, size_t map)
{
    vf_place p;
    vf_work_map_place(w, map, &p);
    vf_engine_set_place(w->engine, &p);
}

static int tagged(const vf_run_spec *s, const vf_mapinfo *i)
{
    for (size_t k = 0; k < s->ntags; k++)
        if (vf_mapinfo_has_tag(i, s->tags[k], strlen(s->tags[k]))) return 1;
    return !s->ntags;
}

/* Whether the game only ever places i inside another map: the level
 * builder picks maps by PLACE or by DEPTH (maps.cc map_selector::accept),
 * so one with neither is chosen only by tag; and one of its tags is one
 * a SUBVAULT asks for. (Others chosen by tag -- arrival vaults, serial
 * vaults, shops -- go on levels of their own and are run.) */
static int subvault_only(vf_work *w, const vf_mapinfo *i)
{
    if (i->depths.n || i->places.n) return 0;
    if (!w->subvault_tags) {
        w->subvault_tags = vf_xcalloc(1, sizeof *w->subvault_tags);
        vf_desset_subvault_tags(w->set, w->subvault_tags);
    }
    for (size_t k = 0; k < w->subvault_tags->n; k++) {
        const char *t = w->subvault_tags->v[k];
        if (vf_mapinfo_has_tag(i, t, strlen(t))) return 1;
    }
    return 0;
}

/* placement.lua's reasons to leave a map out, in its order, then ours. */
static vf_map_status skip_status(vf_work *w, const vf_mapinfo *i)
{
    if (w->spec->opts.opacity && vf_mapinfo_has_tag(i, "transparent", 11))
        return VF_MAP_TRANSPARENT;
    if (w->spec->force) return VF_MAP_RUN;
    if (vf_mapinfo_has_tag(i, "removed", 7)) return VF_MAP_REMOVED;
    if (vf_mapinfo_has_tag(i, "unrand", 6)) return VF_MAP_UNRAND;
    /* placement.lua skips encompass maps too; they run here, each as the
     * level it is (the portals' levels, Necropolis, a branch's end). */
    if (subvault_only(w, i)) return VF_MAP_SUBVAULT_ONLY;
    return VF_MAP_RUN;
}

void vf_work_examine(vf_work *w, size_t map, vf_map_rec *out)
{
    const vf_mapdef *def = &w->set->maps[map];
    vf_sbuf err = VF_SBUF_INIT;
    const vf_mapinfo *i = vf_catalog_info(w->catalog, def, &err);
    memset(out, 0, sizeof *out);
    out->index = map;
    out->line = def->line;
    out->name = vf_xstrdup(def->name);
    out->file = vf_xstrdup(w->set->files[def->file].path);
    if (i && !tagged(w->spec, i)) {
        out->status = VF_MAP_UNSELECTED;
        out->message = vf_xstrdup("");
    } else if (!i || i->problem) {
        out->status = VF_MAP_LOAD_ERROR;
        out->message = i ? vf_xstrdup(i->problem) : vf_sbuf_take(&err);
    } else {
        out->status = skip_status(w, i);
        out->message = vf_xstrdup("");
    }
    vf_sbuf_free(&err);
}

static void to_rec(const vf_verdict *v, const vf_work_key *k,
                   vf_case_rec *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->map = k->map;
    rec->mode = k->mode;
    vf_case_layout_label(k->mode, v->layout, rec->layout,
                         sizeof rec->layout);
    rec->iter = k->iter;
    rec->kinds = v->kinds;
    rec->not_tried = v->not_tried && !v->kinds;
    rec->warning = v->warning;
    rec->error = v->error;
    rec->seed = v->seed;
    rec->attempts = v->attempts;
    rec->builds = v->builds;
    rec->vetoed_builds = v->vetoed_builds;
    if (v->placed.vault >= 0) {
        rec->placed = 1;
        rec->x = v->placed.x;
        rec->y = v->placed.y;
        rec->w = v->placed.w;
        rec->h = v->placed.h;
        rec->exits = v->placed.exits;
        rec->connected = v->placed.connected;
    }
    rec->message = vf_xstrdup(v->message);
}

static vf_dump_in dump_in(const vf_work *w, const vf_case_rec *rec)
{
    const vf_mapdef *def = &w->set->maps[rec->map];
    vf_dump_in in = {.spec = w->spec, .map = def->name,
                     .file = w->set->files[def->file].path,
                     .line = def->line, .rec = rec};
    return in;
}

/* w's case, set for a case of map in mode: made on first use (its
 * caches kept from case to case), the engine at the map's place. */
static vf_case *case_setup(vf_work *w, size_t map, vf_mode mode)
{
    if (!w->cases) {
        vf_case_opts o = {.seed = w->spec->seed,
                          .no_rotate = w->spec->opts.no_rotate,
                          .opacity = w->spec->opts.opacity,
                          .keep_layouts = 1,
                          .game_layouts = w->game_layouts};
        w->cases = vf_xmalloc(sizeof *w->cases);
        vf_case_init(w->cases, w->engine, &o);
    }
    set_place(w, map);
    w->cases->opts.mode = mode;
    return w->cases;
}

/* The test-only hooks of vf_work, for a case of def. */
static void test_hooks(const vf_work *w, const vf_mapdef *def)
{
    if (w->crash_map && !strcmp(def->name, w->crash_map)) abort();
    if (w->kill_map && !strcmp(def->name, w->kill_map)
        && (!w->kill_attempts || w->attempt < w->kill_attempts))
        raise(SIGKILL);
    while (w->hang_map && !strcmp(def->name, w->hang_map)) pause();
}

/* vf_work_case, the dump with why (NULL: none). */
static void case_dump(vf_work *w, const vf_work_key *k, vf_case_rec *rec,
                      vf_sbuf *dump, int only_failing,
                      const vf_explanation *why)
{
    const vf_mapdef *def = &w->set->maps[k->map];
    test_hooks(w, def);
    vf_case *c = case_setup(w, k->map, k->mode);
    vf_verdict v;
    vf_case_run(c, def, k->iter, &v);
    to_rec(&v, k, rec);
    if (dump && (rec->kinds || !only_failing)) {
        vf_dump_in in = dump_in(w, rec);
        in.v = &v;
        in.level = c->level;
        in.rmap = &c->map;
        in.report = c->report;
        in.why = why;
        vf_dump_text(dump, &in);
    }
}

void vf_work_case(vf_work *w, const vf_work_key *k, vf_case_rec *rec,
                  vf_sbuf *dump, int only_failing)
{
    case_dump(w, k, rec, dump, only_failing, NULL);
}

void vf_work_explain(vf_work *w, const vf_work_key *k, vf_case_rec *rec,
                     vf_sbuf *dump, vf_explanation *x)
{
    vf_case *c = case_setup(w, k->map, k->mode);
    vf_explain(c, &w->set->maps[k->map], k->iter, VF_WORK_EXPLAIN_BUDGET, x);
    case_dump(w, k, rec, dump, 0, x);
}

void vf_work_dead_dump(const vf_work *w, const vf_case_rec *rec,
                       vf_sbuf *dump)
{
    vf_dump_in in = dump_in(w, rec);
    vf_dump_text(dump, &in);
}

int vf_work_write_dump(const vf_work *w, const vf_case_rec *rec,
                       const vf_sbuf *dump, char *err, size_t errlen)
{
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%s/", w->out_dir);
    vf_run_dump_path(w->set->maps[rec->map].name, rec->mode, rec->iter,
                     &path);
    int rc = vf_gz_write(path.s, vf_sbuf_str(dump), dump->len, err, errlen);
    vf_sbuf_free(&path);
    return rc;
}

static void task_case(vf_work *w, size_t map, int mi, unsigned long iter,
                      vf_sbuf *reply)
{
    vf_case_rec rec;
    vf_sbuf dump = VF_SBUF_INIT;
    vf_work_key k = {.map = map, .mode = w->spec->modes[mi],
                     .iter = (uint32_t)iter};
    vf_work_case(w, &k, &rec, &dump, !w->spec->dump_all);
    if (dump.len) {
        char why[512];
        if (vf_work_write_dump(w, &rec, &dump, why, sizeof why)) {
            vf_sbuf msg = VF_SBUF_INIT;
            vf_sbuf_printf(&msg, "%s%s[no dump: %s]", rec.message,
                           *rec.message ? " " : "", why);
            free(rec.message);
            rec.message = vf_sbuf_take(&msg);
        }
    }
    vf_journal_case_line(reply, &rec);
    vf_case_rec_free(&rec);
    vf_sbuf_free(&dump);
}

/* The explanation as a journal record. */
static void explain_rec(const vf_explanation *x, const vf_work_key *k,
                        vf_explain_rec *out)
{
    static const char *const kinds[] = {"subst", "nsubst", "flip",
                                        "shuffle", "kfeat", "subvault",
                                        "lua", "kmons", "mons"};
    memset(out, 0, sizeof *out);
    out->map = k->map;
    out->mode = k->mode;
    out->iter = k->iter;
    out->nchoices = (long)x->nchoices;
    out->replays = x->replays;
    out->untried = x->untried;
    out->entangled = x->entangled;
    out->map_line = x->map_line;
    out->causes = vf_xmalloc((x->ncauses ? x->ncauses : 1)
                             * sizeof *out->causes);
    for (size_t i = 0; i < x->ncauses; i++) {
        const vf_cause *c = &x->causes[i];
        vf_cause_rec *r = &out->causes[out->ncauses++];
        memset(r, 0, sizeof *r);
        vf_cause_where(x, c, &r->line, &r->column);
        snprintf(r->file, sizeof r->file, "%s", vf_cause_file(c, ""));
        r->call_line = c->choice.line;
        vf_choice_label(&c->choice, c->choice.chose, r->chose,
                        sizeof r->chose);
        vf_choice_label(&c->choice, c->fix, r->fix, sizeof r->fix);
        r->after = c->after;
        r->with = c->with;
        snprintf(r->kind, sizeof r->kind, "%s", kinds[c->choice.kind]);
        r->call = vf_xstrdup(c->choice.call);
    }
}

/* Causes whose rule over the map's cases is worked out (each costs a
 * layout's worth of cases). */
#define RULE_CAUSES 3

static void task_explain(vf_work *w, size_t map, int mi, unsigned long iter,
                         int rule_too, vf_sbuf *reply)
{
    const vf_mapdef *def = &w->set->maps[map];
    vf_work_key k = {.map = map, .mode = w->spec->modes[mi],
                     .iter = (uint32_t)iter};
    vf_explanation x;
    vf_case_rec crec;
    vf_sbuf dump = VF_SBUF_INIT;
    vf_work_explain(w, &k, &crec, &dump, &x);
    /* The case's dump again, now with why (repro writes the same); when
     * it cannot be written, the case's own dump stays. */
    char why[512];
    if (crec.kinds && w->out_dir)
        (void)vf_work_write_dump(w, &crec, &dump, why, sizeof why);
    vf_case_rec_free(&crec);
    vf_sbuf_free(&dump);
    vf_explain_rec rec;
    explain_rec(&x, &k, &rec);
    /* The most decisive causes, over the map's cases in this layout. */
    for (size_t i = 0; rule_too && i < x.ncauses && i < RULE_CAUSES; i++) {
        vf_rule rule;
        vf_explain_rule(w->cases, def, w->spec->count, &x.causes[i].choice,
                        x.sev, &rule);
        rec.causes[i].failing_with = rule.failing_with;
        rec.causes[i].failing = rule.failing;
        rec.causes[i].other_with = rule.other_with;
        rec.causes[i].other = rule.other;
    }
    vf_journal_explain_line(reply, &rec);
    vf_explain_rec_free(&rec);
    vf_explanation_free(&x);
}

void vf_work_task(void *ctx, const char *task, vf_sbuf *reply)
{
    vf_work *w = ctx;
    unsigned long long map = 0;
    unsigned long iter = 0;
    unsigned attempt = 0;
    int mi = 0;
    char kind = 0;
    int ok = sscanf(task, "%c %llu %d %lu %u", &kind, &map, &mi, &iter,
                    &attempt) >= 4
             && map < w->set->nmaps && mi >= 0 && mi < w->spec->nmodes;
    w->attempt = attempt;
    if (ok && (kind == 'E' || kind == 'e'))
        task_explain(w, (size_t)map, mi, iter, kind == 'E', reply);
    else if (ok && kind == 'C')
        task_case(w, (size_t)map, mi, iter, reply);
    else
        vf_sbuf_printf(reply, "? bad task '%s'\n", task);
    /* The pool ends the line itself. */
    if (reply->len && reply->s[reply->len - 1] == '\n')
        reply->s[--reply->len] = '\0';
}
