/* vaultfuzz list: one line per map. */
#include "cli.h"
#include "vf_json.h"

#include <string.h>

static const char list_usage[] =
    "usage: vaultfuzz list [--des PATH]... [--format text|json]\n"
    "\n"
    "Prints one line per map: name, file:line, ORIENT and TAGS as written\n"
    "(before any Lua runs), and the MAP block's width x height. Text columns\n"
    "are separated by TABs, '-' marks a missing value. Problems found while\n"
    "loading go to standard error.\n"
    "\n"
    "  --des PATH      a .des file or a directory (repeatable; default "
    "corpus/)\n"
    "  --format FMT    text (default) or json (one array of objects)\n"
    "\n"
    "Exit status: 0 when every file loaded cleanly, 1 otherwise, 2 on bad\n"
    "usage.\n";

static void text_row(vf_sbuf *b, const vf_desset *set, const vf_mapdef *m)
{
    vf_sbuf_printf(b, "%s\t%s:%d\t%s\t%s\t%dx%d\n", m->name,
                   set->files[m->file].path, m->line,
                   m->orient ? m->orient : "-", m->tags ? m->tags : "-",
                   m->width, m->height);
}

static void json_row(vf_sbuf *b, const vf_desset *set, const vf_mapdef *m,
                     int last)
{
    vf_sbuf_adds(b, "  {\"name\": ");
    vf_json_cstr(b, m->name);
    vf_sbuf_adds(b, ", \"file\": ");
    vf_json_cstr(b, set->files[m->file].path);
    vf_sbuf_printf(b, ", \"line\": %d, \"orient\": ", m->line);
    vf_json_cstr(b, m->orient);
    vf_sbuf_adds(b, ", \"tags\": [");
    const char *t = m->tags;
    while (t && *t) {
        const char *sp = strchr(t, ' ');
        size_t n = sp ? (size_t)(sp - t) : strlen(t);
        if (t != m->tags) vf_sbuf_adds(b, ", ");
        vf_json_str(b, t, n);
        t += n + (sp != NULL);
    }
    vf_sbuf_printf(b, "], \"width\": %d, \"height\": %d}%s\n", m->width,
                   m->height, last ? "" : ",");
}

const vf_opt vf_list_options[] = {
    {"--des", VF_OPT_PATH}, {"--format", VF_OPT_FORMAT},
    {"--help", VF_OPT_FLAG}, {"-h", VF_OPT_FLAG}, {NULL, 0}};

int vf_cmd_list(vf_cli *cli, int argc, char **argv)
{
    const vf_opt *opts = vf_list_options;
    vf_argv a = {argc, 0, argv, 0};
    vf_strlist des = {0};
    int json = 0, k;
    const char *arg;
    while ((k = vf_cli_next_opt(cli, "list", &a, opts, &arg, NULL)) >= 0) {
        if (k == 0) {
            vf_strlist_push(&des, vf_xstrdup(arg));
        } else if (k == 1) {
            if (strcmp(arg, "text") && strcmp(arg, "json")) {
                fprintf(cli->err, "vaultfuzz list: --format is text or json, "
                        "not '%s'\n", arg);
                k = -2;
                break;
            }
            json = !strcmp(arg, "json");
        } else {
            fputs(list_usage, cli->out);
            vf_strlist_free(&des);
            return VF_EXIT_OK;
        }
    }
    if (k == -2) {
        vf_strlist_free(&des);
        return VF_EXIT_USAGE;
    }

    vf_desset set;
    vf_diag d;
    vf_cli_load(&des, &set, &d);
    vf_diag_print(&d, cli->err);
    vf_sbuf b = VF_SBUF_INIT;
    if (json) vf_sbuf_adds(&b, "[\n");
    for (size_t i = 0; i < set.nmaps; i++) {
        if (json) json_row(&b, &set, &set.maps[i], i + 1 == set.nmaps);
        else text_row(&b, &set, &set.maps[i]);
    }
    if (json) vf_sbuf_adds(&b, "]\n");
    fputs(vf_sbuf_str(&b), cli->out);
    int rc = d.errors ? VF_EXIT_FOUND : VF_EXIT_OK;
    vf_sbuf_free(&b);
    vf_diag_free(&d);
    vf_desset_free(&set);
    vf_strlist_free(&des);
    return rc;
}
