/* The options of a run: parsed from the command line or from run.txt, and
 * written back in one canonical form. */
#define _XOPEN_SOURCE 700   /* realpath */
#include "cli.h"
#include "vf_shell.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void vf_run_args_init(vf_run_args *a)
{
    memset(a, 0, sizeof *a);
    vf_cli_world_init(&a->w);
    a->count = 10;
    a->seed = 1;
    a->fail_on = VF_SEV_ERROR;
    a->explain = VF_EXPLAIN_FIRST;
    a->shard_i = a->shard_n = 1;
    a->jobs = 0;
    a->timeout = 60;
}

void vf_run_args_free(vf_run_args *a)
{
    vf_cli_world_free(&a->w);
    vf_strlist_free(&a->names);
    vf_strlist_free(&a->tags);
    vf_strlist_free(&a->files);
    vf_strlist_free(&a->owned);
    vf_strlist_free(&a->shown_from);
    vf_strlist_free(&a->shown_to);
}

/* The night's seed: the UTC date as the number YYYYMMDD. */
static unsigned long long nightly_seed(void)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    return (unsigned long long)(tm.tm_year + 1900) * 10000
           + (unsigned long long)(tm.tm_mon + 1) * 100
           + (unsigned long long)tm.tm_mday;
}

static int parse_modes(vf_run_args *a, const char *s)
{
    char *copy = vf_xstrdup(s), *save = NULL;
    int rc = 0;
    a->nmodes = 0;
    for (char *w = strtok_r(copy, ",", &save); w && !rc;
         w = strtok_r(NULL, ",", &save)) {
        vf_mode m;
        if (vf_mode_parse(w, &m) || a->nmodes == VF_RUN_MAX_MODES) rc = -1;
        for (int i = 0; !rc && i < a->nmodes; i++)
            if (a->modes[i] == m) rc = -1;
        if (!rc) a->modes[a->nmodes++] = m;
    }
    free(copy);
    return rc || !a->nmodes ? -1 : 0;
}

static int parse_shard(vf_run_args *a, const char *s)
{
    int i, n;
    char tail;
    if (sscanf(s, "%d/%d%c", &i, &n, &tail) != 2 || n < 1 || i < 1 || i > n)
        return -1;
    a->shard_i = i;
    a->shard_n = n;
    return 0;
}

const vf_opt vf_run_options[] = {
    /* what the run does: stored in run.txt */
    {"--all", VF_OPT_FLAG}, {"--tag", VF_OPT_WORD}, {"--file", VF_OPT_PATH},
    {"--count", VF_OPT_WORD}, {"--seed", VF_OPT_WORD},
    {"--mode", VF_OPT_MODES}, {"--layouts", VF_OPT_MODES},
    {"--no-rotate", VF_OPT_FLAG}, {"--opacity", VF_OPT_FLAG},
    {"--force", VF_OPT_FLAG}, {"--dump", VF_OPT_FLAG},
    {"--shard", VF_OPT_WORD}, {"--fail-on", VF_OPT_SEV},
    {"--veto-error", VF_OPT_WORD}, {"--veto-warning", VF_OPT_WORD},
    {"--stress-warning", VF_OPT_WORD}, {"--until-settled", VF_OPT_WORD},
    {"--explain", VF_OPT_EXPLAIN}, {"--accept", VF_OPT_PATH},
    {"--changed-since", VF_OPT_WORD}, VF_CLI_WORLD_OPTS,
    /* how it runs */
    {"-j", VF_OPT_WORD}, {"--jobs", VF_OPT_WORD}, {"--timeout", VF_OPT_WORD},
    {"--out", VF_OPT_PATH}, {"--baseline", VF_OPT_PATH},
    {"--resume", VF_OPT_PATH}, {"--progress", VF_OPT_FLAG},
    {"--verbose", VF_OPT_FLAG}, {"--format", VF_OPT_FORMAT},
    {"--source-url", VF_OPT_WORD},
    {"--help", VF_OPT_FLAG}, {"-h", VF_OPT_FLAG},
    {NULL, 0}};

/* vf_run_options from here on say how the run goes, not what it does. */
static int first_exec_opt(void)
{
    int k = 0;
    while (strcmp(vf_run_options[k].name, "-j")) k++;
    return k;
}

/* A percentage in (0, 100] as a share into *to. */
static int percent(const char *arg, double *to)
{
    char *end;
    double v = strtod(arg, &end);
    if (!*arg || *end || !(v > 0) || v > 100) return -1;
    *to = v / 100;
    return 0;
}

/* A share as the percentage it was given in ("12.5"). */
static void push_percent(vf_strlist *out, const char *opt, double share)
{
    char buf[32];
    if (!(share > 0)) return;
    snprintf(buf, sizeof buf, "%g", share * 100);
    vf_strlist_push(out, vf_xstrdup(opt));
    vf_strlist_push(out, vf_xstrdup(buf));
}

/* --explain's values, the default first. */
static const struct {
    const char *name;
    int explain;
} explains[] = {{"first", VF_EXPLAIN_FIRST}, {"all", VF_EXPLAIN_ALL},
                {"none", VF_EXPLAIN_NONE}};

const char *vf_run_explain_name(int i)
{
    int n = (int)(sizeof explains / sizeof *explains);
    return i >= 0 && i < n ? explains[i].name : NULL;
}

static int parse_explain(const char *arg, int *to)
{
    for (int i = 0; vf_run_explain_name(i); i++)
        if (!strcmp(arg, explains[i].name)) {
            *to = explains[i].explain;
            return 0;
        }
    return -1;
}

/* One option of what the run does. Returns 0, or -1 with *why set. */
static int run_opt(vf_run_args *a, const char *o, const char *arg,
                   const char **why)
{
    unsigned long long v;
    if (vf_cli_world_opt(&a->w, o, arg)) return 0;
    if (!strcmp(o, "--all")) return 0;
    if (!strcmp(o, "--tag")) vf_strlist_push(&a->tags, vf_xstrdup(arg));
    else if (!strcmp(o, "--file")) vf_strlist_push(&a->files, vf_xstrdup(arg));
    else if (!strcmp(o, "--count")) {
        if (vf_cli_unumber(arg, UINT32_MAX, &v) || !v)
            return *why = "a count", -1;
        a->count = (unsigned long)v;
    } else if (!strcmp(o, "--seed")) {
        a->nightly = !strcmp(arg, "nightly");
        if (a->nightly) a->seed = nightly_seed();
        else if (vf_cli_unumber(arg, ULLONG_MAX, &a->seed))
            return *why = "a number or 'nightly'", -1;
    } else if (!strcmp(o, "--mode") || !strcmp(o, "--layouts")) {
        a->modes_default = 0;
        if (parse_modes(a, arg))
            return *why = "distinct names of empty, fill, rooms, caves, "
                          "city, open, cross, game", -1;
    } else if (!strcmp(o, "--shard")) {
        if (parse_shard(a, arg)) return *why = "I/N, 1 <= I <= N", -1;
    } else if (!strcmp(o, "--fail-on")) {
        if (vf_sev_parse(arg, &a->fail_on) || a->fail_on == VF_SEV_OK)
            return *why = "error, warning or note", -1;
    } else if (!strcmp(o, "--veto-error") || !strcmp(o, "--veto-warning")
               || !strcmp(o, "--stress-warning")) {
        double *to = o[2] == 's' ? &a->grade.stress_warning
                     : o[7] == 'e' ? &a->grade.veto_error
                                   : &a->grade.veto_warning;
        if (percent(arg, to)) return *why = "a percentage above 0, to 100", -1;
    } else if (!strcmp(o, "--until-settled")) {
        if (vf_cli_unumber(arg, 1000000, &v))
            return *why = "iterations to add", -1;
        a->settle = (unsigned long)v;
    } else if (!strcmp(o, "--explain")) {
        if (parse_explain(arg, &a->explain))
            return *why = "first, all or none", -1;
    } else if (!strcmp(o, "--accept")) {
        a->accept = arg;
    } else if (!strcmp(o, "--changed-since")) {
        a->changed_since = arg;
    } else if (!strcmp(o, "--no-rotate")) a->no_rotate = 1;
    else if (!strcmp(o, "--opacity")) a->opacity = 1;
    else if (!strcmp(o, "--force")) a->force = 1;
    else if (!strcmp(o, "--dump")) a->dump = 1;
    return 0;
}

/* One option of how it runs. */
static int exec_opt(vf_run_args *a, const char *o, const char *arg,
                    const char **why)
{
    unsigned long long v;
    if (!strcmp(o, "-j") || !strcmp(o, "--jobs")) {
        if (vf_cli_unumber(arg, 1024, &v) || !v) return *why = "1 to 1024", -1;
        a->jobs = (int)v;
    } else if (!strcmp(o, "--timeout")) {
        char *end;
        a->timeout = strtod(arg, &end);
        if (*end || !*arg || a->timeout < 0)
            return *why = "seconds (0: no limit)", -1;
    } else if (!strcmp(o, "--out")) a->out = arg;
    else if (!strcmp(o, "--resume")) a->resume = arg;
    else if (!strcmp(o, "--baseline")) a->baseline = arg;
    else if (!strcmp(o, "--progress")) a->progress = 1;
    else if (!strcmp(o, "--verbose")) a->verbose = 1;
    else if (!strcmp(o, "--source-url")) a->source_url = arg;
    else if (!strcmp(o, "--format")) {
        if (strcmp(arg, "text") && strcmp(arg, "gnu"))
            return *why = "text or gnu", -1;
        a->gnu = !strcmp(arg, "gnu");
    }
    return 0;
}

int vf_run_args_parse(vf_cli *cli, const char *cmd, int argc, char **argv,
                      vf_run_args *a)
{
    vf_argv av = {argc, 0, argv, 0};
    const char *arg, *why = NULL;
    int k;
    /* By default placement.lua's level and every layout; a map is tried
     * in those its layout tags admit (vf_mode_admits). */
    if (!a->nmodes) {
        a->modes_default = 1;
        for (int m = 0; m < VF_MODE_COUNT; m++)
            if (m != VF_MODE_FILL && m != VF_MODE_GAME)
                a->modes[a->nmodes++] = (vf_mode)m;
    }
    const vf_opt *opts = vf_run_options;
    while ((k = vf_cli_next_opt(cli, cmd, &av, opts, &arg, &a->names)) >= 0) {
        const char *o = opts[k].name;
        if (!strcmp(o, "--help") || !strcmp(o, "-h")) return 1;
        int what = k < first_exec_opt();
        int rc = what ? run_opt(a, o, arg, &why) : exec_opt(a, o, arg, &why);
        a->run_opts_given |= what;
        if (rc) {
            fprintf(cli->err, "vaultfuzz %s: %s needs %s, not '%s'\n", cmd,
                    o, why, arg);
            return -1;
        }
    }
    if (a->names.n) a->run_opts_given = 1;
    /* A shard sees part of each map's cases: it cannot tell which to
     * explain, so shards do not (a merged report has no explanations). */
    if (a->shard_n > 1) a->explain = VF_EXPLAIN_NONE;
    if (k != -2 && a->settle && a->shard_n > 1) {
        /* Which maps are unsettled needs all of a map's cases at hand. */
        fprintf(cli->err, "vaultfuzz %s: --until-settled cannot go with "
                "--shard (a shard sees part of each map's cases)\n", cmd);
        return -1;
    }
    if (k != -2 && (unsigned long long)a->count + a->settle > UINT32_MAX) {
        fprintf(cli->err, "vaultfuzz %s: --count and --until-settled add "
                "up to too many iterations\n", cmd);
        return -1;
    }
    return k == -2 ? -1 : 0;
}

/* ---- the canonical form ------------------------------------------------- */

static char *absolute(const char *path)
{
    char *r = realpath(path, NULL);
    return r ? r : vf_xstrdup(path);
}

/* Reports show paths under abs as the user gave them, under given. */
static void shown_as(vf_run_args *a, const char *abs, const char *given)
{
    if (!strcmp(abs, given)) return;
    vf_strlist_push(&a->shown_from, vf_xstrdup(abs));
    vf_strlist_push(&a->shown_to, vf_xstrdup(given));
}

int vf_run_args_canonicalise(vf_cli *cli, const char *cmd, vf_run_args *a)
{
    vf_place p;
    char why[160], place[64];
    if (a->w.place) {
        /* Before any checkout is read: trunk's branches. */
        if (vf_place_parse(NULL, a->w.place, &p, why, sizeof why)) {
            fprintf(cli->err, "vaultfuzz %s: --place: %s\n", cmd, why);
            return -1;
        }
        vf_place_describe(NULL, &p, place, sizeof place);
        vf_strlist_push(&a->owned, vf_xstrdup(place));
        a->w.place = a->owned.v[a->owned.n - 1];
    }
    if (a->w.crawl_dir) {
        vf_strlist_push(&a->owned, absolute(a->w.crawl_dir));
        shown_as(a, a->owned.v[a->owned.n - 1], a->w.crawl_dir);
        a->w.crawl_dir = a->owned.v[a->owned.n - 1];
    }
    if (a->accept) {
        vf_strlist_push(&a->owned, absolute(a->accept));
        a->accept = a->owned.v[a->owned.n - 1];
    }
    if (a->w.game_names) {   /* workers and repro read the same file */
        vf_strlist_push(&a->owned, absolute(a->w.game_names));
        a->w.game_names = a->owned.v[a->owned.n - 1];
    }
    /* The game's own layouts join the default ones when the game's maps
     * are at hand (and its library to run them). */
    int checkout = a->w.crawl_dir != NULL;
    for (size_t i = 0; !checkout && i < a->w.des.n; i++) {
        char *dat = vf_cli_dat_of_des(a->w.des.v[i]);
        checkout = dat != NULL;
        free(dat);
    }
    if (a->modes_default && checkout && a->nmodes < VF_RUN_MAX_MODES)
        a->modes[a->nmodes++] = VF_MODE_GAME;
    a->modes_default = 0;
    if (!a->w.des.n) {
        /* The default corpus, named: a resumed run must find the same. */
        vf_sbuf err = VF_SBUF_INIT;
        char *dat = a->w.crawl_dir
                    ? vf_engine_find_crawl_dat(a->w.crawl_dir, &err) : NULL;
        vf_sbuf d = VF_SBUF_INIT;
        if (dat) vf_sbuf_printf(&d, "%s/des", dat);
        else vf_cli_data_path("corpus", &d);
        vf_strlist_push(&a->w.des, vf_sbuf_take(&d));
        free(dat);
        vf_sbuf_free(&err);
    }
    for (size_t i = 0; i < a->w.des.n; i++) {
        char *abs = absolute(a->w.des.v[i]);
        shown_as(a, abs, a->w.des.v[i]);
        free(a->w.des.v[i]);
        a->w.des.v[i] = abs;
    }
    return 0;
}

static void push(vf_strlist *l, const char *s)
{
    vf_strlist_push(l, vf_xstrdup(s));
}

static void push_n(vf_strlist *l, const char *opt, unsigned long long v)
{
    char buf[32];
    push(l, opt);
    snprintf(buf, sizeof buf, "%llu", v);
    push(l, buf);
}

void vf_run_args_words(const vf_run_args *a, int shard, vf_strlist *out)
{
    for (size_t i = 0; i < a->names.n; i++) push(out, a->names.v[i]);
    for (size_t i = 0; i < a->tags.n; i++)
        push(out, "--tag"), push(out, a->tags.v[i]);
    for (size_t i = 0; i < a->files.n; i++)
        push(out, "--file"), push(out, a->files.v[i]);
    push_n(out, "--count", a->count);
    push_n(out, "--seed", a->seed);
    vf_sbuf m = VF_SBUF_INIT;
    for (int i = 0; i < a->nmodes; i++)
        vf_sbuf_printf(&m, "%s%s", i ? "," : "", vf_mode_name(a->modes[i]));
    push(out, "--mode");
    vf_strlist_push(out, vf_sbuf_take(&m));
    if (a->no_rotate) push(out, "--no-rotate");
    if (a->opacity) push(out, "--opacity");
    if (a->force) push(out, "--force");
    if (a->dump) push(out, "--dump");
    if (a->fail_on != VF_SEV_ERROR)
        push(out, "--fail-on"), push(out, vf_sev_name(a->fail_on));
    push_percent(out, "--veto-error", a->grade.veto_error);
    push_percent(out, "--veto-warning", a->grade.veto_warning);
    push_percent(out, "--stress-warning", a->grade.stress_warning);
    if (a->accept) push(out, "--accept"), push(out, a->accept);
    if (a->settle) push_n(out, "--until-settled", a->settle);
    if (a->explain != VF_EXPLAIN_FIRST)
        push(out, "--explain"),
            push(out, a->explain == VF_EXPLAIN_ALL ? "all" : "none");
    if (shard && a->shard_n > 1) {
        char buf[32];
        snprintf(buf, sizeof buf, "%d/%d", a->shard_i, a->shard_n);
        push(out, "--shard");
        push(out, buf);
    }
    if (a->w.place) push(out, "--place"), push(out, a->w.place);
    if (a->w.game_version)   /* a forced version; a detected one recurs */
        push(out, "--game-version"), push(out, a->w.game_version);
    if (a->w.lua_seconds)    /* what a case may take is what it does */
        push(out, "--lua-seconds"), push(out, a->w.lua_seconds);
    if (a->w.lua_instructions)
        push(out, "--lua-instructions"), push(out, a->w.lua_instructions);
    if (a->w.lua) push(out, "--lua"), push(out, a->w.lua);   /* forced */
    if (a->w.game_names) push(out, "--game-names"), push(out, a->w.game_names);
    if (a->w.crawl_dir) push(out, "--crawl-dir"), push(out, a->w.crawl_dir);
    for (size_t i = 0; i < a->w.des.n; i++)
        push(out, "--des"), push(out, a->w.des.v[i]);
}

static void join(vf_sbuf *b, const vf_strlist *l, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        if (b->len) vf_sbuf_addc(b, ' ');
        vf_shell_quote(b, l->v[i]);
    }
}

/* Whether word is a world option, as vf_run_args_words writes them (all
 * after the run's own): what a case replays with. */
static int world_word(const char *word)
{
    static const char *const world[] = {"--place", "--game-version",
        "--lua-seconds", "--lua-instructions", "--lua", "--game-names",
        "--crawl-dir", "--des", NULL};
    for (int i = 0; world[i]; i++)
        if (!strcmp(word, world[i])) return 1;
    return 0;
}

void vf_run_args_spec(const vf_run_args *a, vf_run_spec *s,
                      vf_run_strings *text)
{
    memset(s, 0, sizeof *s);
    s->seed = a->seed;
    s->count = (uint32_t)a->count;
    s->settle = (uint32_t)a->settle;
    s->nmodes = a->nmodes;
    memcpy(s->modes, a->modes, sizeof s->modes);
    s->opts.no_rotate = a->no_rotate;
    s->opts.opacity = a->opacity;
    s->force = a->force;
    s->fail_on = a->fail_on;
    s->grade = a->grade;
    s->explain = a->explain;
    s->dump_all = a->dump;
    s->shard_i = a->shard_i;
    s->shard_n = a->shard_n;
    s->tags = (const char *const *)a->tags.v;
    s->ntags = a->tags.n;
    s->shown_from = (const char *const *)a->shown_from.v;
    s->shown_to = (const char *const *)a->shown_to.v;
    s->nshown = a->shown_from.n;
    vf_strlist words = {0};
    vf_run_args_words(a, 0, &words);
    vf_sbuf_adds(&text->command, "vaultfuzz run");
    join(&text->command, &words, 0, words.n);
    /* The words after the selection and run options: the world's, from
     * the first given. */
    size_t w = 0;
    while (w < words.n && !world_word(words.v[w])) w++;
    size_t d = w;
    while (d < words.n && strcmp(words.v[d], "--des")) d++;
    join(&text->world, &words, w, d);
    join(&text->des, &words, d, words.n);
    s->command = text->command.s;
    s->world = vf_sbuf_str(&text->world);
    s->des = vf_sbuf_str(&text->des);
    vf_strlist_free(&words);
}

void vf_run_strings_free(vf_run_strings *t)
{
    vf_sbuf_free(&t->command);
    vf_sbuf_free(&t->world);
    vf_sbuf_free(&t->des);
}
