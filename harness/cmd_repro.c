/* vaultfuzz repro: replays one case of a run, from its dump or its
 * command, and writes the same dump again. */
#include "cli.h"
#include "vf_explain.h"
#include "vf_gz.h"
#include "vf_html.h"
#include "vf_shell.h"
#include "vf_work.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char repro_usage[] =
    "usage: vaultfuzz repro DUMP.txt.gz [--dump OUT] [--html OUT]\n"
    "       vaultfuzz repro MAP [--seed S] [--iter N] [--mode M]\n"
    "                           [--no-rotate] [--opacity] [--why]\n"
    "                           [--dump OUT] [--html OUT]\n"
    "                           [--des PATH]... [--crawl-dir DIR]\n"
    "                           [--place BRANCH:DEPTH]\n"
    "\n"
    "Runs one case of a run again, in this process: the case a dump\n"
    "describes (its repro: line), or the one the options name (the command\n"
    "a report prints). Prints the case's dump -- verdict, level, legend,\n"
    "zones, the resolved vault -- and, from a dump, whether the verdict is\n"
    "the same.\n"
    "\n"
    "  --dump OUT   also write the dump to OUT (gzipped when OUT ends in\n"
    "               .gz): byte for byte the dump the run wrote\n"
    "  --why        the dump also says why the case fails (as 'vaultfuzz\n"
    "               explain', with a run's budget of replays) and draws the\n"
    "               finding on the vault's MAP block: a run's dump of a case\n"
    "               it explained does, and its repro command says --why\n"
    "  --html OUT   also draw the case into OUT, a page as report.html\n"
    "               draws it: the level round the vault, the findings\n"
    "               outlined and lettered, the resolved vault, the dump\n"
    "  --seed S     base seed (default 1)\n"
    "  --iter N     iteration (default 0)\n"
    "  --mode M     layout (default empty)\n"
    VF_CLI_WORLD_HELP
    "\n"
    "Exit status: 0 when the case is ok, 1 when it fails, 2 on bad usage,\n"
    "an unreadable dump or an unknown map.\n";

typedef struct repro_args {
    vf_run_args a;
    unsigned long iter;
    const char *dump_out;
    const char *html_out;      /* --html OUT */
    vf_strlist pos;
    int explain;               /* vaultfuzz explain: causes, no dump */
    int why;                   /* --why: the dump says why the case fails
                                * (explained with the run's budget), as
                                * the run's dump of a case it explained */
    double seconds;            /* explain --seconds: the whole command's */
    double deadline;           /* vf_cli_now() when it runs out */
} repro_args;

static const char explain_usage[] =
    "usage: vaultfuzz explain DUMP.txt.gz [--seconds S]\n"
    "       vaultfuzz explain MAP [--seed S] [--iter N] [--mode M]\n"
    "                             [--no-rotate] [--opacity] [--des PATH]...\n"
    "                             [--crawl-dir DIR] [--place BRANCH:DEPTH]\n"
    "                             [--seconds S]\n"
    "\n"
    "Why one case fails: runs it with each random choice of the vault\n"
    "logged (every SUBST and NSUBST glyph of every MAP cell, where each\n"
    "SHUFFLE sent each glyph, each KFEAT, KMONS and MONS slot pick, the\n"
    "map each SUBVAULT drew and that subvault's own choices, at its own\n"
    "file and line, each number the vault's own Lua drew, the mirror and\n"
    "rotation flips), then again with each choice alone forced to each\n"
    "other value it could take; a replay in which other draws moved too\n"
    "tests nothing and is set aside. A choice whose change lowers the\n"
    "case's severity is a cause; each is printed as FILE:LINE:COLUMN:\n"
    "severity: what, at the MAP cell in the .des file (or the call's or\n"
    "Lua's line), the form compilers use, so an editor jumps to it; the\n"
    "causes that make the case ok first. When no single change does, the\n"
    "smallest set of changes that does together is looked for (delta\n"
    "debugging); when none does, the map fails as written.\n"
    "\n"
    "  --seconds S  the time the whole command may take (default 60):\n"
    "               the replays are as many as fit, and the choices left\n"
    "               untried are said\n"
    "\n"
    "Exit status: 0 when the case is ok, 1 when it fails, 2 on bad usage,\n"
    "an unreadable dump or an unknown map.\n";

/* Replays the explanation of a case needs (each a whole case), and the
 * time explain may take in all unless --seconds says. */
#define EXPLAIN_BUDGET 4000
#define EXPLAIN_SECONDS 60.0

#define CASE_OPTS {"--seed", VF_OPT_WORD}, {"--iter", VF_OPT_WORD}, \
    {"--mode", VF_OPT_MODE}, {"--no-rotate", VF_OPT_FLAG}, \
    {"--opacity", VF_OPT_FLAG}
const vf_opt vf_repro_options[] = {
    CASE_OPTS, {"--dump", VF_OPT_PATH}, {"--why", VF_OPT_FLAG},
    {"--html", VF_OPT_PATH}, VF_CLI_WORLD_OPTS, {"--help", VF_OPT_FLAG},
    {"-h", VF_OPT_FLAG}, {NULL, 0}};
const vf_opt vf_explain_options[] = {
    CASE_OPTS, {"--seconds", VF_OPT_WORD}, VF_CLI_WORLD_OPTS,
    {"--help", VF_OPT_FLAG}, {"-h", VF_OPT_FLAG}, {NULL, 0}};

/* Returns 0, 1 after --help, -1 after a usage error. */
static int parse(vf_cli *cli, int argc, char **argv, repro_args *r)
{
    const vf_opt *opts = r->explain ? vf_explain_options : vf_repro_options;
    vf_argv av = {argc, 0, argv, 0};
    const char *arg;
    int k;
    while ((k = vf_cli_next_opt(cli, r->explain ? "explain" : "repro", &av,
                                opts, &arg, &r->pos)) >= 0) {
        const char *o = opts[k].name;
        if (!strcmp(o, "--seed") || !strcmp(o, "--iter")) {
            unsigned long long v;
            unsigned long long max = o[2] == 'i' ? UINT32_MAX : ULLONG_MAX;
            if (vf_cli_unumber(arg, max, &v)) {
                fprintf(cli->err, "vaultfuzz repro: %s needs a number from 0 "
                        "to %llu, not '%s'\n", o, max, arg);
                return -1;
            }
            if (o[2] == 's') r->a.seed = v;
            else r->iter = (unsigned long)v;
        } else if (!strcmp(o, "--mode")) {
            if (vf_mode_parse(arg, &r->a.modes[0])) {
                fprintf(cli->err, "vaultfuzz repro: unknown mode '%s'\n", arg);
                return -1;
            }
        } else if (!strcmp(o, "--no-rotate")) {
            r->a.no_rotate = 1;
        } else if (!strcmp(o, "--opacity")) {
            r->a.opacity = 1;
        } else if (!strcmp(o, "--dump")) {
            r->dump_out = arg;
        } else if (!strcmp(o, "--why")) {
            r->why = 1;
        } else if (!strcmp(o, "--html")) {
            r->html_out = arg;
        } else if (!strcmp(o, "--seconds")) {
            char *end;
            r->seconds = strtod(arg, &end);
            if (!*arg || *end || !(r->seconds > 0)) {
                fprintf(cli->err, "vaultfuzz explain: --seconds needs a "
                        "number of seconds above 0, not '%s'\n", arg);
                return -1;
            }
        } else if (!vf_cli_world_opt(&r->a.w, o, arg)) {
            return 1;
        }
    }
    if (k == -2) return -1;
    if (r->pos.n != 1) {
        fprintf(cli->err, "vaultfuzz repro: name one dump or map (see "
                "--help)\n");
        return -1;
    }
    return 0;
}

/* The value of "key: " at the start of a line of text, or NULL. */
static char *dump_field(const char *text, const char *key)
{
    size_t kl = strlen(key);
    for (const char *s = text; s; s = strchr(s, '\n'), s = s ? s + 1 : s)
        if (!strncmp(s, key, kl)) {
            const char *e = strchr(s, '\n');
            return vf_xstrndup(s + kl, e ? (size_t)(e - s - kl)
                                         : strlen(s + kl));
        }
    return NULL;
}

/* The dump's repro line parsed into r (keeping r's --dump). */
static int from_dump(vf_cli *cli, const char *path, repro_args *r,
                     char **verdict)
{
    char *text, why[512];
    size_t len;
    if (vf_gz_read(path, (size_t)1 << 26, &text, &len, why, sizeof why)) {
        fprintf(cli->err, "vaultfuzz repro: %s\n", why);
        return -1;
    }
    char *line = dump_field(text, "repro: ");
    *verdict = dump_field(text, "verdict: ");
    free(text);
    vf_strlist words = {0};
    int rc = -1;
    if (!line || vf_shell_split(line, &words) || words.n < 3
        || strcmp(words.v[0], "vaultfuzz") || strcmp(words.v[1], "repro"))
        fprintf(cli->err, "vaultfuzz repro: %s: no repro command in it (not "
                "a vaultfuzz dump?)\n", path);
    else {
        vf_strlist_free(&r->pos);
        /* argv[0] is "repro"; the values stay in a.owned. The line is a
         * repro command, read with repro's options. */
        int explain = r->explain;
        r->explain = 0;
        rc = parse(cli, (int)words.n - 1, words.v + 1, r) ? -1 : 0;
        r->explain = explain;
        for (size_t i = 0; i < words.n; i++)
            vf_strlist_push(&r->a.owned, words.v[i]);
        free(words.v);
        words.v = NULL;
        words.n = 0;
    }
    vf_strlist_free(&words);
    free(line);
    return rc;
}

static int write_dump(vf_cli *cli, const char *path, const vf_sbuf *dump)
{
    char why[512];
    size_t n = strlen(path);
    int rc = n > 3 && !strcmp(path + n - 3, ".gz")
             ? vf_gz_write(path, vf_sbuf_str(dump), dump->len, why, sizeof why)
             : vf_fs_write_atomic(path, vf_sbuf_str(dump), dump->len, why,
                                  sizeof why);
    if (rc) fprintf(cli->err, "vaultfuzz repro: %s\n", why);
    return rc;
}

/* The case drawn as a page (vf_html_case), read as game g. */
static int write_html(vf_cli *cli, const vf_game *g, const char *path,
                      const vf_sbuf *dump)
{
    char why[512];
    vf_sbuf page = VF_SBUF_INIT;
    vf_html_case(&page, g, vf_sbuf_str(dump));
    int rc = vf_fs_write_atomic(path, page.s, page.len, why, sizeof why);
    if (rc) fprintf(cli->err, "vaultfuzz repro: %s\n", why);
    vf_sbuf_free(&page);
    return rc;
}

static void compare(vf_cli *cli, const char *was, const vf_sbuf *dump)
{
    char *now = dump_field(dump->s, "verdict: ");
    if (!strcmp(was, now))
        fprintf(cli->out, "\nrepro: the same verdict as the dump (%s)\n", now);
    else
        fprintf(cli->out, "\nrepro: the verdict differs: the dump says %s, "
                "now %s\n", was, now);
    free(now);
}

/* vaultfuzz explain: the case's causes, as compiler lines. */
static int explain(vf_cli *cli, const repro_args *r, vf_engine *e,
                   const vf_desset *set, const vf_mapdef *def)
{
    vf_case_opts o = {.mode = r->a.modes[0], .seed = r->a.seed,
                      .no_rotate = r->a.no_rotate, .opacity = r->a.opacity};
    vf_cli_world_map_place(&r->a.w, e, def);
    vf_case k;
    vf_case_init(&k, e, &o);
    /* One case timed first: the replays the rest of --seconds holds. */
    double t0 = vf_cli_now();
    vf_verdict probe;
    vf_case_run(&k, def, (uint32_t)r->iter, &probe);
    double per_case = vf_cli_now() - t0;
    size_t budget = vf_cli_replays_within(r->deadline - vf_cli_now()
                                          - per_case, per_case,
                                          EXPLAIN_BUDGET);
    vf_explanation x;
    vf_explain(&k, def, (uint32_t)r->iter, budget, &x);
    vf_sbuf out = VF_SBUF_INIT;
    vf_sbuf_printf(&out, "explain: %s, seed %llu, iteration %lu, layout %s: "
                   "%s; %zu choices, %zu replays", def->name, r->a.seed,
                   r->iter, vf_mode_name(o.mode), vf_sev_name(x.sev),
                   x.nchoices, x.replays);
    if (budget < EXPLAIN_BUDGET)
        vf_sbuf_printf(&out, " (--seconds %g allowed %zu)", r->seconds,
                       budget);
    vf_sbuf_addc(&out, '\n');
    vf_explain_lines(&x, set->files[def->file].path, def->name, &out);
    fputs(out.s, cli->out);
    int rc = x.sev > VF_SEV_OK ? VF_EXIT_FOUND : VF_EXIT_OK;
    vf_sbuf_free(&out);
    vf_explanation_free(&x);
    vf_case_release(&k);
    return rc;
}

/* A path the user meant as a dump: it names a .txt.gz, .txt or .gz
 * file, or a directory. Map names hold neither. */
static int looks_like_dump(const char *s)
{
    size_t n = strlen(s);
    return strchr(s, '/') || (n > 4 && !strcmp(s + n - 4, ".txt"))
           || (n > 3 && !strcmp(s + n - 3, ".gz"));
}

static int run(vf_cli *cli, repro_args *r, const char *was)
{
    vf_desset set;
    vf_diag d;
    vf_sbuf err = VF_SBUF_INIT;
    int rc = VF_EXIT_USAGE;
    const char *name = r->pos.v[0];
    r->a.w.game_layouts = 1;
    if (vf_run_args_canonicalise(cli, "repro", &r->a)
        || vf_cli_world_load(cli, "repro", &r->a.w, &set, &d) < 0)
        return rc;
    const vf_mapdef *def = vf_desset_find(&set, name);
    vf_engine *e = def ? vf_engine_new(&set, &r->a.w.cfg, &d, &err) : NULL;
    vf_diag_print(&d, cli->err);
    const char *cmd = r->explain ? "explain" : "repro";
    if (!def || !e) {
        if (!def && looks_like_dump(name))
            fprintf(cli->err, "vaultfuzz %s: %s: no such dump file\n", cmd,
                    name);
        else if (!def)
            fprintf(cli->err, "vaultfuzz %s: no map named '%s'\n", cmd,
                    name);
        else
            fprintf(cli->err, "vaultfuzz %s: %s\n", cmd, vf_sbuf_str(&err));
    } else {
        if (r->explain) {
            rc = explain(cli, r, e, &set, def);
            goto done;
        }
        vf_run_spec spec;
        vf_run_strings text = {VF_SBUF_INIT, VF_SBUF_INIT, VF_SBUF_INIT};
        vf_run_args_spec(&r->a, &spec, &text);
        vf_work w = {.spec = &spec, .set = &set, .engine = e,
                     .map_places = !r->a.w.place, .place = r->a.w.cfg.place};
        vf_work_key k = {.map = (size_t)(def - set.maps),
                         .mode = r->a.modes[0], .iter = (uint32_t)r->iter};
        vf_case_rec rec;
        vf_sbuf dump = VF_SBUF_INIT;
        vf_explanation x;
        if (r->why)
            vf_work_explain(&w, &k, &rec, &dump, &x);
        else
            vf_work_case(&w, &k, &rec, &dump, 0);
        if (r->why) vf_explanation_free(&x);
        fputs(dump.s, cli->out);
        if (was) compare(cli, was, &dump);
        rc = rec.kinds ? VF_EXIT_FOUND : VF_EXIT_OK;
        if (r->dump_out && write_dump(cli, r->dump_out, &dump))
            rc = VF_EXIT_USAGE;
        if (r->html_out &&
            write_html(cli, &r->a.w.cfg.game, r->html_out, &dump))
            rc = VF_EXIT_USAGE;
        vf_case_rec_free(&rec);
        vf_sbuf_free(&dump);
        vf_work_free(&w);
        vf_run_strings_free(&text);
    }
done:
    vf_engine_free(e);
    vf_sbuf_free(&err);
    vf_diag_free(&d);
    vf_desset_free(&set);
    return rc;
}

static int is_file(const char *path)
{
    struct stat st;
    return !stat(path, &st) && S_ISREG(st.st_mode);
}

static int repro_or_explain(vf_cli *cli, int argc, char **argv, int explain)
{
    repro_args r;
    memset(&r, 0, sizeof r);
    r.explain = explain;
    r.seconds = EXPLAIN_SECONDS;

    vf_run_args_init(&r.a);
    r.a.nmodes = 1;
    char *was = NULL;
    int p = parse(cli, argc, argv, &r), rc = VF_EXIT_USAGE;
    if (p > 0) {
        fputs(explain ? explain_usage : repro_usage, cli->out);
        rc = VF_EXIT_OK;
    } else if (p == 0) {
        r.deadline = cli->started + r.seconds;   /* loading counts */
        char *path = vf_xstrdup(r.pos.v[0]);
        if (!is_file(path) || !from_dump(cli, path, &r, &was))
            rc = run(cli, &r, was);
        free(path);
    }
    free(was);
    vf_strlist_free(&r.pos);
    vf_run_args_free(&r.a);
    return rc;
}

int vf_cmd_repro(vf_cli *cli, int argc, char **argv)
{
    return repro_or_explain(cli, argc, argv, 0);
}

int vf_cmd_explain(vf_cli *cli, int argc, char **argv)
{
    return repro_or_explain(cli, argc, argv, 1);
}
