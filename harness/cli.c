/* vaultfuzz: command dispatch and the options every command shares.
 *
 * Two commands are not in the usage: version (as --version), and
 * complete, which the shell completions call (harness/completion/):
 * 'vaultfuzz complete INDEX WORD0 WORD1 ...' prints the candidates for
 * word INDEX of that command line, one a line, from the tables below and
 * each command's options (cmd_complete.c). */
#define _XOPEN_SOURCE 700   /* realpath */
#include "cli.h"
#include "guard.h"
#include "color.h"
#include "vf_fs.h"
#include "vf_version.h"
#include "vf_gamever.h"
#include "vf_verdict.h"

#include <ctype.h>
#include <time.h>
#include <limits.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The usage, its list of commands made from vf_cli_commands. */
static const char usage_head[] =
    "usage: vaultfuzz COMMAND [OPTIONS]\n"
    "\n"
    "Finds Dungeon Crawl Stone Soup vaults that can cut off part of a level.\n"
    "\n"
    "commands:\n";
static const char usage_tail[] =
    "\n"
    "Each command takes --help. The default --des is corpus/. Every command\n"
    "takes --color auto|always|never: severities and the lettered findings\n"
    "of check and test in colour on standard output (auto: when it is a\n"
    "terminal, TERM is not dumb and NO_COLOR is unset or empty).\n";

int vf_cli_next_opt(vf_cli *cli, const char *cmd, vf_argv *a,
                    const vf_opt *opts, const char **arg, vf_strlist *pos)
{
    while (++a->i < a->argc) {
        char *s = a->argv[a->i];
        if (!a->rest && !strcmp(s, "--")) {
            a->rest = 1;    /* names that look like options follow */
            continue;
        }
        if (a->rest || s[0] != '-' || !s[1]) {
            if (!pos) {
                fprintf(cli->err, "vaultfuzz %s: unexpected argument '%s' "
                        "(see --help)\n", cmd, s);
                return -2;
            }
            vf_strlist_push(pos, vf_xstrdup(s));
            continue;
        }
        const char *eq = strchr(s, '=');
        size_t n = eq ? (size_t)(eq - s) : strlen(s);
        for (int k = 0; opts[k].name; k++) {
            if (strlen(opts[k].name) != n || strncmp(opts[k].name, s, n))
                continue;
            *arg = NULL;
            if (opts[k].value) {
                if (eq) *arg = eq + 1;
                else if (a->i + 1 < a->argc) *arg = a->argv[++a->i];
                else {
                    fprintf(cli->err, "vaultfuzz %s: %s needs a value\n", cmd,
                            opts[k].name);
                    return -2;
                }
            } else if (eq) {
                fprintf(cli->err, "vaultfuzz %s: %s takes no value\n", cmd,
                        opts[k].name);
                return -2;
            }
            return k;
        }
        /* "-j2": a one-letter option with its value attached. */
        for (int k = 0; s[1] != '-' && s[2] && opts[k].name; k++)
            if (opts[k].value && strlen(opts[k].name) == 2
                && opts[k].name[1] == s[1]) {
                *arg = s + 2;
                return k;
            }
        fprintf(cli->err, "vaultfuzz %s: unknown option '%s' (see --help)\n",
                cmd, s);
        return -2;
    }
    return -1;
}

int vf_cli_unumber(const char *s, unsigned long long max,
                   unsigned long long *v)
{
    if (!isdigit((unsigned char)s[0])) return -1;
    char *end;
    errno = 0;
    *v = strtoull(s, &end, 10);
    return !*end && !errno && *v <= max ? 0 : -1;
}

size_t vf_cli_load(const vf_strlist *des, vf_desset *set, vf_diag *d)
{
    vf_desset_init(set);
    vf_diag_init(d);
    if (des->n) return vf_des_load_paths(set, des->v, des->n, d);
    vf_sbuf def = VF_SBUF_INIT;
    vf_cli_data_path("corpus", &def);
    size_t rc = vf_des_load_paths(set, &def.s, 1, d);
    vf_sbuf_free(&def);
    return rc;
}

void vf_cli_world_init(vf_cli_world *w)
{
    memset(w, 0, sizeof *w);
    vf_sbuf dlua = VF_SBUF_INIT;
    vf_cli_data_path("dlua", &dlua);
    w->dlua = vf_sbuf_take(&dlua);
    vf_engine_config_init(&w->cfg, w->dlua);
}

void vf_cli_world_free(vf_cli_world *w)
{
    vf_strlist_free(&w->des);
    free(w->crawl_dat);
    free(w->dlua);
    w->dlua = NULL;
    vf_gamesrc_free(w->gamesrc);
    w->gamesrc = NULL;
    w->cfg.game.src = NULL;
    vf_sbuf_free(&w->gamesrc_note);
}

int vf_cli_world_opt(vf_cli_world *w, const char *name, const char *arg)
{
    if (!strcmp(name, "--des")) vf_strlist_push(&w->des, vf_xstrdup(arg));
    else if (!strcmp(name, "--crawl-dir")) w->crawl_dir = arg;
    else if (!strcmp(name, "--place")) w->place = arg;
    else if (!strcmp(name, "--game-version")) w->game_version = arg;
    else if (!strcmp(name, "--game-names")) w->game_names = arg;
    else if (!strcmp(name, "--lua-seconds")) w->lua_seconds = arg;
    else if (!strcmp(name, "--lua-instructions")) w->lua_instructions = arg;
    else if (!strcmp(name, "--lua")) w->lua = arg;
    else return 0;
    return 1;
}

char *vf_cli_dat_of_des(const char *des)
{
    size_t n = strlen(des);
    while (n > 1 && des[n - 1] == '/') n--;
    if (n < 3 || strncmp(des + n - 3, "des", 3) ||
        (n > 3 && des[n - 4] != '/'))
        return NULL;
    char *parent = n > 4 ? vf_xstrndup(des, n - 4) : vf_xstrdup(".");
    vf_sbuf lib = VF_SBUF_INIT;
    vf_sbuf_printf(&lib, "%s/dlua/dungeon.lua", parent);
    struct stat st;
    int found = stat(lib.s, &st) == 0 && S_ISREG(st.st_mode);
    vf_sbuf_free(&lib);
    if (found) return parent;
    free(parent);
    return NULL;
}

/* The game version the maps are read as, into w->cfg.game:
 * --game-version, else the checkout's (from its files), else trunk (our
 * own corpus is written for it). Returns -1 after a usage error. */
static int world_gamever(vf_cli *cli, const char *cmd, vf_cli_world *w)
{
    vf_sbuf why = VF_SBUF_INIT;
    int *ver = &w->cfg.game.ver;
    if (w->game_version) {
        *ver = vf_gamever_parse(w->game_version, &why);
        if (!*ver) {
            fprintf(cli->err, "vaultfuzz %s: --game-version: %s\n", cmd,
                    vf_sbuf_str(&why));
            vf_sbuf_free(&why);
            return -1;
        }
        vf_sbuf_adds(&why, "--game-version");
    } else if (w->crawl_dat) {
        *ver = vf_gamever_detect(w->crawl_dat, &why);
    } else {
        *ver = VF_GV_TRUNK;
        vf_sbuf_adds(&why, "no checkout");
    }
    snprintf(w->gamever_why, sizeof w->gamever_why, "%s", vf_sbuf_str(&why));
    vf_sbuf_free(&why);
    return 0;
}

/* The checkout's own name tables, when its C++ source lies beside dat/:
 * they win over ours (a fork's names). */
static void world_source(vf_cli_world *w)
{
    if (!w->crawl_dat) return;
    size_t n = strlen(w->crawl_dat);
    while (n > 1 && w->crawl_dat[n - 1] == '/') n--;
    char *source = n > 4 && !strncmp(w->crawl_dat + n - 4, "/dat", 4)
                       ? vf_xstrndup(w->crawl_dat, n - 4) : NULL;
    if (!source) return;
    w->gamesrc = vf_gamesrc_read(source, &w->gamesrc_note);
    free(source);
}

/* The names the game has, into w->cfg.game after its version: the
 * source's tables, then --game-names on top (its KNOWN features looked
 * up in those tables). Returns -1 after a usage error. */
static int world_gamesrc(vf_cli *cli, const char *cmd, vf_cli_world *w)
{
    world_source(w);
    w->cfg.game.src = w->gamesrc;
    if (!w->game_names) return 0;
    vf_sbuf err = VF_SBUF_INIT;
    int rc = vf_gamesrc_read_names(&w->gamesrc, w->cfg.game.ver,
                                   w->game_names, &w->gamesrc_note, &err);
    w->cfg.game.src = w->gamesrc;
    if (rc)
        fprintf(cli->err, "vaultfuzz %s: --game-names %s\n", cmd,
                vf_sbuf_str(&err));
    vf_sbuf_free(&err);
    return rc;
}

/* --lua-seconds: a finite number >= 0 into l (0: no limit). */
static int world_seconds(const char *arg, vf_lua_limits *l)
{
    char *end;
    double s = strtod(arg, &end);
    if (!*arg || *end || !(s >= 0) || s > 1e6) return -1;
    l->seconds = s > 0 ? s : -1;
    return 0;
}

/* --lua-instructions: a count >= 1 into l, the memory cap at its default
 * unless set (an engine takes both defaults only when neither is). */
static int world_instructions(const char *arg, vf_lua_limits *l)
{
    unsigned long long n;
    if (vf_cli_unumber(arg, ULONG_MAX, &n) || !n) return -1;
    l->instructions = (unsigned long)n;
    if (!l->memory) l->memory = VF_LUA_DEFAULT_MEMORY;
    return 0;
}

/* The real paths of set's files, into out (owned by it). */
static void real_paths(const vf_desset *set, vf_strlist *out)
{
    for (size_t i = 0; i < set->nfiles; i++) {
        char *r = realpath(set->files[i].path, NULL);
        if (r) vf_strlist_push(out, r);
    }
}

/* Whether path's real path is one of have. */
static int holds_path(const vf_strlist *have, const char *path)
{
    char *want = realpath(path, NULL);
    int hit = 0;
    for (size_t i = 0; want && !hit && i < have->n; i++)
        hit = !strcmp(have->v[i], want);
    free(want);
    return hit;
}

/* The checkout's layout maps (dat/des/builder), after the maps of the
 * paths given, each file unless those held it already: a case of mode
 * game draws the game's own layouts whatever --des names. Returns the
 * load errors. */
static long world_layouts(vf_cli_world *w, vf_desset *set, vf_diag *d)
{
    w->given_maps = set->nmaps;
    if (!w->game_layouts || !w->crawl_dat || !w->des.n) return 0;
    vf_sbuf dir = VF_SBUF_INIT;
    vf_sbuf_printf(&dir, "%s/des/builder", w->crawl_dat);
    vf_strlist files = {0};
    struct stat st;
    long errors = stat(dir.s, &st) || !S_ISDIR(st.st_mode)
                  ? 0 : vf_fs_expand(dir.s, ".des", &files, d);
    vf_strlist have = {0};
    real_paths(set, &have);
    for (size_t i = 0; i < files.n; i++)
        if (!holds_path(&have, files.v[i]))
            errors += (long)vf_des_load_file(set, files.v[i], d);
    vf_strlist_free(&have);
    vf_strlist_free(&files);
    vf_sbuf_free(&dir);
    return errors;
}

long vf_cli_world_load(vf_cli *cli, const char *cmd, vf_cli_world *w,
                       vf_desset *set, vf_diag *d)
{
    vf_desset_init(set);
    set->game = &w->cfg.game;
    vf_diag_init(d);
    char why[160];
    if (w->lua_seconds && world_seconds(w->lua_seconds, &w->cfg.limits)) {
        fprintf(cli->err, "vaultfuzz %s: --lua-seconds %s: not a number of "
                "seconds (0 for no limit)\n", cmd, w->lua_seconds);
        return -1;
    }
    if (w->lua_instructions
        && world_instructions(w->lua_instructions, &w->cfg.limits)) {
        fprintf(cli->err, "vaultfuzz %s: --lua-instructions %s: not a "
                "number from 1\n", cmd, w->lua_instructions);
        return -1;
    }
    if (w->crawl_dir) {
        vf_sbuf err = VF_SBUF_INIT;
        w->crawl_dat = vf_engine_find_crawl_dat(w->crawl_dir, &err);
        if (!w->crawl_dat) {
            fprintf(cli->err, "vaultfuzz %s: --crawl-dir %s\n", cmd,
                    vf_sbuf_str(&err));
            vf_sbuf_free(&err);
            return -1;
        }
        w->cfg.crawl_dat = w->crawl_dat;
    }
    for (size_t i = 0; !w->crawl_dat && i < w->des.n; i++)
        if ((w->crawl_dat = vf_cli_dat_of_des(w->des.v[i])))
            w->cfg.crawl_dat = w->crawl_dat;
    if (world_gamever(cli, cmd, w) || vf_cli_world_lua(cli, cmd, w)
        || world_gamesrc(cli, cmd, w))
        return -1;
    /* After the tables: a fork's branches are its own. */
    if (w->place &&
        vf_place_parse(&w->cfg.game, w->place, &w->cfg.place, why,
                       sizeof why)) {
        fprintf(cli->err, "vaultfuzz %s: --place: %s\n", cmd, why);
        return -1;
    }
    if (w->des.n) {
        long n = (long)vf_des_load_paths(set, w->des.v, w->des.n, d);
        return n + world_layouts(w, set, d);
    }
    vf_sbuf dir = VF_SBUF_INIT;
    if (w->crawl_dat) vf_sbuf_printf(&dir, "%s/des", w->crawl_dat);
    else vf_cli_data_path("corpus", &dir);
    char *path = dir.s;
    long n = (long)vf_des_load_paths(set, &path, 1, d);
    vf_sbuf_free(&dir);
    w->given_maps = set->nmaps;
    return n;
}

void vf_cli_world_map_place(const vf_cli_world *w, vf_engine *e,
                            const vf_mapdef *def)
{
    vf_place p;
    if (w->place) return;
    vf_engine_set_place(e, &w->cfg.place);   /* no map's choice carries on */
    vf_engine_map_place(e, def, &p);
    vf_engine_set_place(e, &p);
}

static const vf_cli_cmd *find_command(int argc, char **argv, FILE *err);
static int help(vf_cli *cli, int argc, char **argv);
static int version(vf_cli *cli, int argc, char **argv);

static const vf_opt no_options[] = {{NULL, 0}};

/* The continuation of an entry's text in the usage. */
#define MORE "\n          "

const vf_cli_cmd vf_cli_commands[] = {
    {"lint", vf_cmd_lint, vf_lint_options,
     "load .des files, compile their Lua, report every problem",
     "text sarif", 0, 1},
    {"list", vf_cmd_list, vf_list_options,
     "one line per map: name, place, ORIENT, TAGS, MAP size", "text json",
     0, 1},
    {"chunks", vf_cmd_chunks, vf_chunks_options,
     "the Lua chunks the game generates for each map", NULL,
     VF_CLI_ARG_MAP, 0},
    {"show", vf_cmd_show, vf_show_options,
     "one map resolved for one case (seed, iteration)", NULL,
     VF_CLI_ARG_MAP, 1},
    {"check", vf_cmd_check, vf_check_options,
     "one case placed on a level and judged: verdict and level", NULL,
     VF_CLI_ARG_MAP, 1},
    {"run", vf_cmd_run, vf_run_options,
     "the main job: every case on all cores, a report with dumps",
     "text gnu", VF_CLI_ARG_MAP, 1},
    {"repro", vf_cmd_repro, vf_repro_options,
     "one case of a run again, from its dump or its command", NULL,
     VF_CLI_ARG_MAP | VF_CLI_ARG_FILE, 1},
    {"test", vf_cmd_test, vf_test_options,
     "a vault author's quick loop: lint, run every layout, show" MORE
     "what fails, cropped to the vault, with its causes", NULL,
     VF_CLI_ARG_FILE, 1},
    {"explain", vf_cmd_explain, vf_explain_options,
     "why one case fails: the vault's choice that breaks it, at" MORE
     "its .des line and column", NULL, VF_CLI_ARG_MAP | VF_CLI_ARG_FILE, 1},
    {"merge", vf_cmd_merge, vf_merge_options,
     "shard reports into the report of the whole run", NULL,
     VF_CLI_ARG_FILE, 0},
    {"compare", vf_cmd_compare, vf_compare_options,
     "two reports: new failures, fixed maps, rates that moved", NULL,
     VF_CLI_ARG_FILE, 0},
    {"html", vf_cmd_html, vf_html_options,
     "report.html of a report directory, written again", NULL,
     VF_CLI_ARG_FILE, 0},
    {"anchors", vf_cmd_anchors, vf_anchors_options,
     "compare with the game's own placement.lua results", NULL,
     VF_CLI_ARG_FILE, 1},
    {"help", help, no_options,
     "this text, 'vaultfuzz help COMMAND', or 'help kinds':" MORE
     "the kinds of finding, the game's rule each mirrors, how" MORE
     "each ranks", NULL, VF_CLI_ARG_TOPIC, 0},
    {"version", version, no_options, NULL, NULL, 0, 0},
    {"complete", vf_cmd_complete, no_options, NULL, NULL, 0, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0}};

const vf_cli_cmd *vf_cli_command(const char *name)
{
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) name = "help";
    else if (!strcmp(name, "--version")) name = "version";
    for (const vf_cli_cmd *c = vf_cli_commands; c->name; c++)
        if (!strcmp(c->name, name)) return c;
    return NULL;
}

static void put_usage(FILE *f)
{
    fputs(usage_head, f);
    for (const vf_cli_cmd *c = vf_cli_commands; c->name; c++)
        if (c->about) fprintf(f, "  %-7s %s\n", c->name, c->about);
    fputs(usage_tail, f);
}


/* label and text as lines of at most 76 columns, indented two, the
 * text broken at blanks. */
static void wrapped(FILE *out, const char *label, const char *text)
{
    int col = fprintf(out, "  %s", label), fresh = 1;
    while (*text) {
        size_t n = strcspn(text, " ");
        if (!fresh && col + (int)n + 1 > 76) col = fprintf(out, "\n    ");
        else if (!fresh) col += fprintf(out, " ");
        col += fprintf(out, "%.*s", (int)n, text);
        fresh = 0;
        text += n;
        text += strspn(text, " ");
    }
    fputc('\n', out);
}

/* The table of verdict kinds: what each means, the game's rule it
 * mirrors, how it ranks (vf_verdict.h). */
static void help_kinds(FILE *out)
{
    fputs("The kinds of finding, as reports name them:\n", out);
    for (int i = 0; i < VF_V_COUNT_KINDS; i++) {
        const vf_verdict_kind *k = vf_verdict_kind_at(i);
        fprintf(out, "\n%s\n", k->name);
        wrapped(out, "", k->meaning);
        wrapped(out, "the game: ", k->rule);
        wrapped(out, "ranks: ", k->ranks);
    }
}

/* help, --help, -h: the usage; with a command, its --help; with
 * "kinds", the kinds of finding. Only a command's own name goes on, so
 * "help --help" is the usage, not help of help. */
static int help(vf_cli *cli, int argc, char **argv)
{
    const char *topic = argc > 1 ? argv[1] : NULL;
    if (topic && !strcmp(topic, "kinds")) {
        help_kinds(cli->out);
        return VF_EXIT_OK;
    }
    if (topic && topic[0] != '-' && strcmp(topic, "help")) {
        char *sub[] = {"vaultfuzz", argv[1], "--help", NULL};
        const vf_cli_cmd *c = find_command(3, sub, cli->err);
        return c ? c->run(cli, 2, sub + 1) : VF_EXIT_USAGE;
    }
    put_usage(cli->out);
    return VF_EXIT_OK;
}

static int version(vf_cli *cli, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(cli->out, "vaultfuzz %s\n", VF_VERSION);
    return VF_EXIT_OK;
}

double vf_cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

size_t vf_cli_replays_within(double seconds, double per_case, size_t cap)
{
    if (seconds <= 0) return 0;
    if (per_case <= 0) return cap;
    double n = seconds / per_case;
    return n >= (double)cap ? cap : (size_t)n;
}

/* The command argv[1] names, or NULL after saying so on err. */
static const vf_cli_cmd *find_command(int argc, char **argv, FILE *err)
{
    if (argc < 2) {
        put_usage(err);
        return NULL;
    }
    const vf_cli_cmd *c = vf_cli_command(argv[1]);
    if (!c) {
        fprintf(err, "vaultfuzz: unknown command '%s'\n\n", argv[1]);
        put_usage(err);
    }
    return c;
}

/* A command that runs vault Lua runs supervised (guard.h): a map whose
 * Lua cannot be stopped is skipped, not the end of the command. */
static int run_guarded(const vf_cli_cmd *c, const vf_cli *cli, int argc,
                       char **argv)
{
    vf_guard g = {.run = c->run, .color = cli->color,
                  .started = cli->started};
    int rc = vf_guard_run(&g, cli->out, cli->err, argc - 1, argv + 1);
    vf_guard_free(&g);
    return rc;
}

/* --color, wherever it stands, then the command, its output painted when
 * colour is wanted. complete's words are a command line's, --color
 * included: they go to it as they are. */
int vf_cli_main(int argc, char **argv, FILE *out, FILE *err)
{
    double started = vf_cli_now();
    if (argc > 1 && !strcmp(argv[1], "complete")) {
        vf_cli plain = {.out = out, .err = err, .started = vf_cli_now()};
        return vf_cmd_complete(&plain, argc - 1, argv + 1);
    }
    vf_color_mode mode = VF_COLOR_AUTO;
    vf_sbuf why = VF_SBUF_INIT;
    if (vf_color_take_option(&argc, argv, &mode, &why)) {
        fprintf(err, "vaultfuzz: %s\n", vf_sbuf_str(&why));
        vf_sbuf_free(&why);
        return VF_EXIT_USAGE;
    }
    const vf_cli_cmd *c = find_command(argc, argv, err);
    if (!c) return VF_EXIT_USAGE;
    int fd = fileno(out);
    int color = vf_color_wanted(mode, fd >= 0 && isatty(fd), getenv("TERM"),
                                getenv("NO_COLOR"));
    if (c->runs_lua) {
        vf_cli guarded = {.out = out, .err = err, .color = color,
                          .started = started};
        return run_guarded(c, &guarded, argc, argv);
    }
    FILE *painted = color ? vf_color_stream(out) : NULL;
    vf_cli cli = {.out = painted ? painted : out, .err = err,
                  .color = !!painted, .started = started};
    int rc = c->run(&cli, argc - 1, argv + 1);
    if (painted) fclose(painted);
    return rc;
}
