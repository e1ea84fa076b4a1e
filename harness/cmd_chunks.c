/* vaultfuzz chunks: the Lua the game generates for each map. */
#include "cli.h"

#include <string.h>

static const char chunks_usage[] =
    "usage: vaultfuzz chunks [--des PATH]... [MAP]...\n"
    "\n"
    "Prints the Lua chunks the game builds for each map (all maps, or those\n"
    "named), then each file's global prelude, as:\n"
    "\n"
    "  @@ map NAME FILE:LINE\n"
    "  @@ chunk KIND FIRST      (prelude, mapchunk, main, validate, veto,\n"
    "  TEXT                     epilogue; chunk line N is .des line\n"
    "  @@ end                   FIRST + N - 1)\n"
    "  @@ prelude FILE          (then one main chunk: the global prelude)\n"
    "\n"
    "Empty chunks are left out. Load problems go to standard error.\n"
    "\n"
    "  --des PATH   a .des file or a directory (repeatable; default corpus/)\n";

static void put_chunk(FILE *out, const vf_chunk *c, const char *kind)
{
    fprintf(out, "@@ chunk %s %d\n", kind, c->first);
    fwrite(vf_sbuf_str(&c->text), 1, c->text.len, out);
    fputs("\n@@ end\n", out);
}

static int wanted(const vf_strlist *names, const char *name)
{
    if (!names->n) return 1;
    for (size_t i = 0; i < names->n; i++)
        if (!strcmp(names->v[i], name)) return 1;
    return 0;
}

const vf_opt vf_chunks_options[] = {
    {"--des", VF_OPT_PATH}, {"--help", VF_OPT_FLAG}, {"-h", VF_OPT_FLAG},
    {NULL, 0}};

int vf_cmd_chunks(vf_cli *cli, int argc, char **argv)
{
    const vf_opt *opts = vf_chunks_options;
    vf_argv a = {argc, 0, argv, 0};
    vf_strlist des = {0}, names = {0};
    int k;
    const char *arg;
    while ((k = vf_cli_next_opt(cli, "chunks", &a, opts, &arg, &names)) >= 0) {
        if (k == 0) {
            vf_strlist_push(&des, vf_xstrdup(arg));
            continue;
        }
        fputs(chunks_usage, cli->out);
        break;
    }
    int rc = k == -2 ? VF_EXIT_USAGE : VF_EXIT_OK;
    if (k != -1) goto out;

    vf_desset set;
    vf_diag d;
    vf_cli_load(&des, &set, &d);
    vf_diag_print(&d, cli->err);
    for (size_t f = 0; f < set.nfiles; f++) {
        const vf_desfile *file = &set.files[f];
        for (size_t i = 0; i < file->nmaps; i++) {
            const vf_mapdef *m = &set.maps[file->first_map + i];
            if (!wanted(&names, m->name)) continue;
            fprintf(cli->out, "@@ map %s %s:%d\n", m->name, file->path,
                    m->line);
            for (int c = 0; c < VF_CHUNK_KINDS; c++)
                if (m->chunk[c].first)
                    put_chunk(cli->out, &m->chunk[c], vf_chunk_names[c]);
        }
        if (!names.n && file->prelude.first) {
            fprintf(cli->out, "@@ prelude %s\n", file->path);
            put_chunk(cli->out, &file->prelude, "main");
        }
    }
    for (size_t i = 0; i < names.n; i++)
        if (!vf_desset_find(&set, names.v[i])) {
            fprintf(cli->err, "vaultfuzz chunks: no map named '%s'\n",
                    names.v[i]);
            d.errors++;
        }
    rc = d.errors ? VF_EXIT_FOUND : VF_EXIT_OK;
    vf_diag_free(&d);
    vf_desset_free(&set);
out:
    vf_strlist_free(&des);
    vf_strlist_free(&names);
    return rc;
}
