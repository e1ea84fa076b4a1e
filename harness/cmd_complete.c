/* vaultfuzz complete INDEX WORD0 WORD1 ...: what a shell may put for word
 * INDEX of the command line WORD0 WORD1 ..., one candidate a line, made
 * from the tables the commands parse with (vf_cli_commands and each
 * command's options). Two lines stand for what the shell does itself:
 * ":files" (complete a file name) and ":none" (a free value, nothing to
 * offer). Not in the usage: harness/completion/ calls it. */
#include "cli.h"
#include "color.h"
#include "vf_case.h"
#include "vf_gamever.h"
#include "vf_severity.h"

#include <stdlib.h>
#include <string.h>

/* The line as its command will parse it: every word but the one
 * completed, bash's "--opt" "=" "VALUE" joined, --color (any command's)
 * and its value left out. */
typedef struct line {
    vf_strlist words;
    size_t at;                /* how many come before the word completed */
    int named;                /* a word before it is not an option */
    const vf_cli_cmd *cmd;    /* the first such, the command, or NULL */
    size_t cmd_at;
    int rest;                 /* a "--" between it and the word completed */
} line;

/* Where candidates go: each one beginning with typed, after lead (what
 * the shell's word held before the value: "--mode=", "rooms,"). */
typedef struct offer {
    FILE *out;
    const char *lead, *typed;
} offer;

static const vf_opt color_opt[] = {{"--color", VF_OPT_COLOR}, {NULL, 0}};

static void put_n(const offer *o, const char *cand, size_t n)
{
    size_t t = strlen(o->typed);
    if (t <= n && !strncmp(cand, o->typed, t))
        fprintf(o->out, "%s%.*s\n", o->lead, (int)n, cand);
}

static void put(const offer *o, const char *cand)
{
    put_n(o, cand, strlen(cand));
}

/* Joins w[i] to the word before it when bash split "--opt=VALUE" there. */
static int joins(const char *last, const char *w)
{
    if (!last || last[0] != '-') return 0;
    if (!strcmp(w, "=")) return !strchr(last, '=');
    return last[strlen(last) - 1] == '=';
}

static void line_push(line *l, int before, char *word)
{
    vf_strlist_push(&l->words, word);
    l->at += before;
}

static void line_read(line *l, int n, char **w, int cword)
{
    memset(l, 0, sizeof *l);
    int skip = 0;
    for (int i = 1; i < n; i++) {
        char **last = l->words.n ? &l->words.v[l->words.n - 1] : NULL;
        if (i == cword) {
            skip = 0;
        } else if (skip) {
            skip = !strcmp(w[i], "=");   /* bash's "--color" "=" "WHEN" */
        } else if (i - 1 != cword && last && joins(*last, w[i])) {
            vf_sbuf s = VF_SBUF_INIT;
            vf_sbuf_printf(&s, "%s%s", *last, w[i]);
            free(*last);
            *last = vf_sbuf_take(&s);
        } else if (!strcmp(w[i], "--color")) {
            skip = 1;
        } else if (strncmp(w[i], "--color=", 8)) {
            line_push(l, i < cword, vf_xstrdup(w[i]));
        }
    }
    size_t i = 0;
    while (i < l->at && l->words.v[i][0] == '-') i++;
    if (i == l->at) return;
    l->named = 1;
    l->cmd = vf_cli_command(l->words.v[i]);
    l->cmd_at = i;
    while (++i < l->at) l->rest |= !strcmp(l->words.v[i], "--");
}

/* The option called name[0..n) of opts or --color, or NULL. */
static const vf_opt *find_opt(const vf_opt *opts, const char *name, size_t n)
{
    for (int pass = 0; pass < 2; pass++, opts = color_opt)
        for (int k = 0; opts && opts[k].name; k++)
            if (strlen(opts[k].name) == n && !strncmp(opts[k].name, name, n))
                return &opts[k];
    return NULL;
}

/* The option whose value word cword is ("--opt VALUE", "--opt=VALUE", or
 * bash's "--opt" "=" "VALUE", where bash replaces only VALUE), with o's
 * lead and typed set; or NULL. */
static const vf_opt *value_of(const vf_opt *opts, char **w, int cword,
                              offer *o, vf_sbuf *lead)
{
    const char *cur = w[cword], *eq = strchr(cur, '=');
    const vf_opt *opt = NULL;
    o->typed = cur;
    if (cur[0] == '-' && eq) {
        opt = find_opt(opts, cur, (size_t)(eq - cur));
        vf_sbuf_add(lead, cur, (size_t)(eq - cur + 1));
        o->typed = eq + 1;
    } else if (!strcmp(cur, "=") && cword > 1) {
        /* bash: "--opt=" split, readline completing what follows "=" */
        opt = find_opt(opts, w[cword - 1], strlen(w[cword - 1]));
        o->typed = "";
    } else if (cword > 1) {
        int at = cword - 1 - (cword > 2 && !strcmp(w[cword - 1], "="));
        opt = find_opt(opts, w[at], strlen(w[at]));
    }
    o->lead = vf_sbuf_str(lead);
    return opt && opt->value ? opt : NULL;
}

/* Mode names for a comma-separated list: those not in it yet. */
static void put_modes(const offer *o)
{
    const char *comma = strrchr(o->typed, ',');
    vf_sbuf lead = VF_SBUF_INIT;
    vf_sbuf_printf(&lead, "%s%.*s", o->lead,
                   comma ? (int)(comma + 1 - o->typed) : 0, o->typed);
    offer rest = {o->out, vf_sbuf_str(&lead), comma ? comma + 1 : o->typed};
    for (int m = 0; m < VF_MODE_COUNT; m++) {
        const char *name = vf_mode_name((vf_mode)m);
        size_t n = strlen(name);
        const char *p = o->typed;
        int listed = 0;
        for (; comma && p <= comma; p += strcspn(p, ",") + 1)
            listed |= strcspn(p, ",") == n && !strncmp(p, name, n);
        if (!listed) put(&rest, name);
    }
    vf_sbuf_free(&lead);
}

/* The blank-separated words of list. */
static void put_words(const offer *o, const char *list)
{
    while (list && *list) {
        size_t n = strcspn(list, " ");
        put_n(o, list, n);
        list += n + strspn(list + n, " ");
    }
}

static void put_values(const offer *o, const vf_cli_cmd *c, vf_optval v)
{
    int i;
    switch (v) {
    case VF_OPT_FLAG: break;
    case VF_OPT_WORD: fputs(":none\n", o->out); break;
    case VF_OPT_PATH: fputs(":files\n", o->out); break;
    case VF_OPT_MODES: put_modes(o); break;
    case VF_OPT_MODE:
        for (i = 0; i < VF_MODE_COUNT; i++) put(o, vf_mode_name((vf_mode)i));
        break;
    case VF_OPT_SEV:
        for (i = VF_SEV_NOTE; i < VF_SEV_COUNT; i++)
            put(o, vf_sev_name((vf_sev)i));
        break;
    case VF_OPT_EXPLAIN:
        for (i = 0; vf_run_explain_name(i); i++)
            put(o, vf_run_explain_name(i));
        break;
    case VF_OPT_FORMAT: put_words(o, c ? c->formats : NULL); break;
    case VF_OPT_GAMEVER:
        for (i = VF_GV_OLDEST; i <= VF_GV_LATEST; i++)
            put(o, vf_gamever_name(i));
        put(o, vf_gamever_name(VF_GV_TRUNK));
        break;
    case VF_OPT_COLOR:
        for (i = 0; vf_color_name(i); i++) put(o, vf_color_name(i));
        break;
    }
}

/* The commands of the usage. */
static void put_commands(const offer *o)
{
    for (const vf_cli_cmd *c = vf_cli_commands; c->name; c++)
        if (c->about) put(o, c->name);
}

/* The names of the maps the line's world options load, as its command
 * would load them; nothing is said of what fails to load. */
static void put_maps(const offer *o, const line *l)
{
    FILE *quiet = fopen("/dev/null", "w");
    if (!quiet) return;
    const vf_cli_cmd *c = l->cmd;
    vf_cli q = {.out = o->out, .err = quiet, .started = vf_cli_now()};
    vf_cli_world w;
    vf_cli_world_init(&w);
    vf_strlist pos = {0};
    vf_argv a = {(int)(l->words.n - l->cmd_at), 0, l->words.v + l->cmd_at, 0};
    const char *arg;
    int k;
    while ((k = vf_cli_next_opt(&q, c->name, &a, c->opts, &arg, &pos)) != -1)
        if (k >= 0) vf_cli_world_opt(&w, c->opts[k].name, arg);
    vf_desset set;
    vf_diag d;
    if (vf_cli_world_load(&q, c->name, &w, &set, &d) >= 0)
        for (size_t i = 0; i < set.nmaps; i++) put(o, set.maps[i].name);
    vf_diag_free(&d);
    vf_desset_free(&set);
    vf_cli_world_free(&w);
    vf_strlist_free(&pos);
    fclose(quiet);
}

/* A word that is not an option's value. */
static void put_word(const offer *o, const line *l)
{
    const vf_cli_cmd *c = l->cmd;
    if (l->named && !c) return;   /* no such command */
    if (!c) {
        put_commands(o);
        put(o, "--help");
        put(o, "--version");
    } else if (o->typed[0] == '-' && !l->rest) {
        for (int k = 0; c->opts[k].name; k++) put(o, c->opts[k].name);
        put(o, color_opt[0].name);
    } else {
        if (c->args & VF_CLI_ARG_TOPIC) {
            put_commands(o);
            put(o, "kinds");
        }
        if (c->args & VF_CLI_ARG_MAP) put_maps(o, l);
        if (c->args & VF_CLI_ARG_FILE) fputs(":files\n", o->out);
    }
}

static int complete(vf_cli *cli, int n, char **w, int cword)
{
    line l;
    line_read(&l, n, w, cword);
    vf_sbuf lead = VF_SBUF_INIT;
    offer o = {cli->out, "", ""};
    const vf_opt *opt = NULL;
    if (!l.rest)
        opt = value_of(l.cmd ? l.cmd->opts : NULL, w, cword, &o, &lead);
    if (opt) {
        put_values(&o, l.cmd, opt->value);
    } else {
        o.lead = "";
        o.typed = w[cword];
        put_word(&o, &l);
    }
    vf_sbuf_free(&lead);
    vf_strlist_free(&l.words);
    return VF_EXIT_OK;
}

int vf_cmd_complete(vf_cli *cli, int argc, char **argv)
{
    static const char usage[] = "usage: vaultfuzz complete INDEX WORD0 "
        "WORD1 ...  (the candidates for word INDEX, from 1)\n";
    unsigned long long cword;
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(usage, cli->out);
        return VF_EXIT_OK;
    }
    if (argc < 3 || vf_cli_unumber(argv[1], (unsigned)argc - 2, &cword)
        || !cword) {
        fputs(usage, cli->err);
        return VF_EXIT_USAGE;
    }
    /* INDEX just past the words: a new word, empty so far. */
    int n = argc - 2;
    char **w = vf_xcalloc((size_t)n + 1, sizeof *w);
    memcpy(w, argv + 2, (size_t)n * sizeof *w);
    w[n] = "";
    int rc = complete(cli, n + ((int)cword == n), w, (int)cword);
    free(w);
    return rc;
}
