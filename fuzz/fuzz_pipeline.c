/* libFuzzer target: the whole pipeline a run takes (make fuzz). The input
 * is a .des file. With layout maps beside it (our own two, or one file
 * of the game's dat/des/builder/layout*.des, picked by the input's
 * length, under $VF_FUZZ_CRAWL_DIR), the maps' index
 * is built, the input's first maps examined and run in three layouts --
 * empty, one synthetic layout, game -- through the worker's task lines
 * and the journal's records, the first failure explained, and every
 * report written into a temporary directory: the summaries, JSON, JSONL,
 * CSV, JUnit, SARIF, HTML and the gnu lines. Each file is then checked
 * (fuzz_check.h): JSON, SARIF, JUnit and HTML well-formed UTF-8 with no
 * ESC byte, no line of what a terminal shows starting with "::" (and,
 * with VF_FUZZ_STRICT=1, no ESC byte in the text files either). It all
 * runs in a forked child (fuzz_fork.h). */
#include "fuzz_check.h"
#include "fuzz_fork.h"
#include "fuzz_map.h"
#include "vf_catalog.h"
#include "vf_html.h"
#include "vf_journal.h"
#include "vf_level.h"
#include "vf_report.h"
#include "vf_tally.h"
#include "vf_work.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Everything one input's run holds. */
typedef struct pline {
    const char *text;
    size_t n;
    char dir[64];            /* the report directory */
    vf_desset set;
    vf_diag d;
    vf_engine_config cfg;
    vf_catalog *catalog;
    vf_engine *e;
    vf_run_spec spec;
    vf_tally t;
    vf_work w;
    vf_strlist input;        /* problems loading, as a run reports them */
} pline;

/* Cell (x, y) of our layout kind k: 'o' open floor inside a rock
 * border, '+' two corridors crossing. */
static char cell(char k, int x, int y)
{
    int inside = x >= 3 && x < VF_GXM - 3 && y >= 3 && y < VF_GYM - 3;
    int cross = y == VF_GYM / 2 || x == VF_GXM / 2;
    return inside && (k == 'o' || cross) ? '.' : 'x';
}

/* An encompass layout map of the level's size. */
static void layout_map(vf_sbuf *b, const char *name, char kind,
                       const char *type)
{
    vf_sbuf_printf(b, "NAME: %s\nDEPTH: D, Lair\nWEIGHT: 10\nORIENT: "
                   "encompass\nTAGS: overwritable layout allow_dup unrand "
                   "layout_type_%s\nMAP\n", name, type);
    for (int i = 0; i < VF_GXM * VF_GYM; i++) {
        vf_sbuf_addc(b, cell(kind, i % VF_GXM, i / VF_GXM));
        if (i % VF_GXM == VF_GXM - 1) vf_sbuf_addc(b, '\n');
    }
    vf_sbuf_adds(b, "ENDMAP\n");
}

/* Our own layout maps, made once (before any child: kept for the
 * process). */
static const char *our_layouts(void)
{
    static char *ours;
    if (!ours) {
        vf_sbuf b = VF_SBUF_INIT;
        layout_map(&b, "fuzz_lay_open", 'o', "open");
        layout_map(&b, "fuzz_lay_cross", '+', "narrow");
        ours = vf_sbuf_take(&b);
    }
    return ours;
}

/* Mode game's layout maps: the checkout's, else two of our own. */
static void load_layouts(pline *p)
{
    const char *dat = vf_fuzz_crawl_dat();
    if (dat) {
        vf_sbuf dir = VF_SBUF_INIT;
        vf_strlist files = {0};
        vf_sbuf_printf(&dir, "%s/des/builder", dat);
        vf_fs_expand(dir.s, ".des", &files, &p->d);
        size_t k = 0;
        for (size_t i = 0; i < files.n; i++)
            if (strstr(files.v[i], "/layout")) files.v[k++] = files.v[i];
            else free(files.v[i]);
        files.n = k;
        /* One file's maps: the index of all of them would take a third
         * of a second an input. */
        if (k) vf_des_load_file(&p->set, files.v[p->n / 7 % k], &p->d);
        vf_strlist_free(&files);
        vf_sbuf_free(&dir);
        return;
    }
    const char *ours = our_layouts();
    vf_des_load_buffer(&p->set, "fuzz_layouts.des", ours, strlen(ours),
                       &p->d);
}

/* The input as a file in the report's directory (so the reports' paths
 * resolve), loaded first: its maps are the first indices. */
static size_t load(pline *p)
{
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%s/fuzz.des", p->dir);
    FILE *f = fopen(path.s, "wb");
    if (f) {
        fwrite(p->text, 1, p->n, f);
        fclose(f);
    }
    vf_des_load_buffer(&p->set, path.s, p->text, p->n, &p->d);
    vf_sbuf_free(&path);
    size_t given = p->set.nmaps;
    load_layouts(p);
    for (size_t i = 0; i < p->d.n; i++) {
        if (p->d.v[i].sev != VF_ERROR) continue;
        vf_sbuf b = VF_SBUF_INIT;
        vf_diag_format(&p->d.v[i], &b);
        vf_strlist_push(&p->input, vf_sbuf_take(&b));
    }
    return given < VF_FUZZ_MAPS ? given : VF_FUZZ_MAPS;
}

/* The run's parameters: one iteration in three layouts, the second
 * picked by the input's length; each map's first failure explained. */
static void make_spec(pline *p)
{
    static const char *const shown_from[] = {"/tmp"};
    static const char *const shown_to[] = {"TMP"};
    vf_run_spec *s = &p->spec;
    memset(s, 0, sizeof *s);
    s->seed = 1;
    s->count = 1;
    s->nmodes = 3;
    s->modes[0] = VF_MODE_EMPTY;
    s->modes[1] = (vf_mode)(VF_MODE_FILL + p->n % (VF_MODE_GAME - 1));
    s->modes[2] = VF_MODE_GAME;
    s->explain = VF_EXPLAIN_FIRST;
    s->fail_on = VF_SEV_WARNING;
    s->shard_i = s->shard_n = 1;
    s->command = "vaultfuzz run --des fuzz.des";
    s->world = "";
    s->des = "--des fuzz.des";
    s->shown_from = shown_from;
    s->shown_to = shown_to;
    s->nshown = 1;
}

/* A task line through the worker's code, its journal line read back into
 * the tally as the run's parent reads it. */
static void task(pline *p, char kind, uint64_t id)
{
    char line[64];
    snprintf(line, sizeof line, "%c %zu %d %lu", kind, VF_CASE_MAP(id),
             VF_CASE_MODE(id), (unsigned long)VF_CASE_ITER(id));
    vf_sbuf reply = VF_SBUF_INIT;
    vf_work_task(&p->w, line, &reply);
    vf_map_rec m;
    vf_case_rec c;
    vf_explain_rec x;
    if (kind == 'C' && vf_journal_parse(vf_sbuf_str(&reply), &m, &c) == 'C') {
        vf_tally_add_case(&p->t, &c);
        vf_case_rec_free(&c);
    } else if (kind == 'e' && vf_journal_parse_explain(reply.s, &x)) {
        vf_tally_add_explain(&p->t, &x);
        vf_explain_rec_free(&x);
    } else {
        fprintf(stderr, "fuzz: task '%s' answered '%s'\n", line, reply.s);
        abort();
    }
    vf_sbuf_free(&reply);
}

/* Examine, every case, then the first explanation. */
static void run_cases(pline *p, size_t nsel)
{
    for (size_t i = 0; i < nsel; i++) {
        vf_map_rec m;
        vf_work_examine(&p->w, i, &m);
        vf_tally_add_map(&p->t, &m);
        vf_map_rec_free(&m);
    }
    uint64_t *ids;
    size_t n;
    vf_tally_cases(&p->t, &ids, &n);
    for (size_t i = 0; i < n; i++) task(p, 'C', ids[i]);
    free(ids);
    vf_tally_explains(&p->t, &ids, &n);
    if (n) task(p, 'e', ids[0] & ~(VF_EXPLAIN_TASK | VF_EXPLAIN_NO_RULE));
    free(ids);
}

/* Every report, written and checked. */
static void reports(pline *p)
{
    vf_report_in in = {&p->t, &p->input, NULL, NULL};
    vf_sbuf err = VF_SBUF_INIT, term = VF_SBUF_INIT;
    if (vf_report_write(p->dir, &in, &err)) {
        fprintf(stderr, "fuzz: reports: %s\n", err.s);
        abort();
    }
    vf_html_in h = {&in, p->dir, "fuzz", 1, 2, NULL, NULL, NULL,
                    "https://example.org/{path}#L{line}", NULL};
    if (vf_html_write(p->dir, &h, &err)) {
        fprintf(stderr, "fuzz: report.html: %s\n", err.s);
        abort();
    }
    /* The text files and the terminal's lines hold map names, paths and
     * calls as the .des file wrote them, so an ESC byte in a NAME: line
     * reaches them: only VF_FUZZ_STRICT=1 holds them to no ESC. */
    const char *strict = getenv("VF_FUZZ_STRICT");
    unsigned text = strict && !strcmp(strict, "1") ? VF_FUZZ_NO_ESC : 0;
    const unsigned escaped = VF_FUZZ_UTF8 | VF_FUZZ_NO_ESC;
    const struct { const char *name; unsigned rules; } files[] = {
        {"summary.txt", VF_FUZZ_NO_CMD | text}, {"summary.json", escaped},
        {"vaults.csv", text}, {"layouts.csv", text},
        {"failures.jsonl", escaped}, {"junit.xml", escaped},
        {"report.sarif", escaped}, {"report.html", escaped},
    };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        vf_fuzz_check_file(p->dir, files[i].name, files[i].rules);
    vf_report_summary_short(&term, &in);
    vf_report_gnu(&term, &in);
    vf_fuzz_check_text("the terminal's summary", term.s, term.len,
                       VF_FUZZ_NO_CMD | text);
    vf_sbuf_free(&term);
    vf_sbuf_free(&err);
}

/* Index, engine, cases, reports; NULL engine: the input's problems are
 * still reported. */
static void run(pline *p)
{
    size_t nsel = load(p);
    vf_fuzz_engine_config(&p->cfg);
    vf_sbuf err = VF_SBUF_INIT;
    p->catalog = vf_catalog_build(&p->set, &p->cfg, 1, &err);
    p->cfg.catalog = p->catalog;
    p->e = p->catalog ? vf_engine_new(&p->set, &p->cfg, &p->d, &err) : NULL;
    make_spec(p);
    vf_tally_init(&p->t, &p->spec, p->set.nmaps, p->e ? nsel : 0);
    p->w = (vf_work){.spec = &p->spec, .set = &p->set, .engine = p->e,
                     .catalog = p->catalog, .out_dir = p->dir,
                     .map_places = 1, .place = p->cfg.place};
    if (p->e) run_cases(p, nsel);
    reports(p);
    vf_work_free(&p->w);
    vf_tally_free(&p->t);
    vf_engine_free(p->e);
    vf_catalog_free(p->catalog);
    vf_sbuf_free(&err);
}

/* Removes dir/sub's files, then dir/sub itself. */
static void remove_dir(const char *dir, const char *sub)
{
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%s%s%s", dir, sub ? "/" : "", sub ? sub : "");
    DIR *dp = opendir(path.s);
    struct dirent *de;
    while (dp && (de = readdir(dp))) {
        if (de->d_name[0] == '.' && (!de->d_name[1] || !strcmp(de->d_name,
                                                               "..")))
            continue;
        vf_sbuf f = VF_SBUF_INIT;
        vf_sbuf_printf(&f, "%s/%s", path.s, de->d_name);
        if (unlink(f.s)) remove_dir(path.s, de->d_name);
        vf_sbuf_free(&f);
    }
    if (dp) closedir(dp);
    rmdir(path.s);
    vf_sbuf_free(&path);
}

static void run_input(void *ctx)
{
    pline *p = ctx;
    vf_desset_init(&p->set);
    p->set.game = vf_fuzz_game();
    vf_diag_init(&p->d);
    run(p);
    vf_strlist_free(&p->input);
    vf_diag_free(&p->d);
    vf_desset_free(&p->set);
}

/* The report directory, with its dumps/ (made before the child, removed
 * after it, however it ended). */
static void make_dir(pline *p)
{
    char why[512];
    snprintf(p->dir, sizeof p->dir, "/tmp/vf-fuzz-XXXXXX");
    vf_sbuf dumps = VF_SBUF_INIT;
    if (!mkdtemp(p->dir)) {
        perror("fuzz: mkdtemp");
        abort();
    }
    vf_sbuf_printf(&dumps, "%s/dumps", p->dir);
    if (vf_fs_mkdirs(dumps.s, why, sizeof why)) {
        fprintf(stderr, "fuzz: %s\n", why);
        abort();
    }
    vf_sbuf_free(&dumps);
}
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = vf_fuzz_text(data, size);
    if (!text) return 0;
    pline p;
    memset(&p, 0, sizeof p);
    p.text = text;
    p.n = size;
    vf_fuzz_crawl_dat();   /* read once, before any child */
    our_layouts();
    make_dir(&p);
    vf_fuzz_isolated(run_input, &p);
    remove_dir(p.dir, NULL);
    free(text);
    return 0;
}
