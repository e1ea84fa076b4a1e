/* Run parameters: repro commands and dump names. */
#include "vf_runspec.h"
#include "vf_rng.h"
#include "vf_shell.h"

#include <string.h>

int vf_run_mode_index(const vf_run_spec *s, vf_mode mode)
{
    for (int i = 0; i < s->nmodes; i++)
        if (s->modes[i] == mode) return i;
    return -1;
}

void vf_run_repro(const vf_run_spec *s, const char *map, vf_mode mode,
                  uint32_t iter, vf_sbuf *out)
{
    vf_run_repro_why(s, map, mode, iter, 0, out);
}

void vf_run_repro_why(const vf_run_spec *s, const char *map, vf_mode mode,
                      uint32_t iter, int why, vf_sbuf *out)
{
    /* A name starting with '-' would read as an option: it goes last,
     * after "--". */
    int dash = map[0] == '-';
    vf_sbuf_adds(out, "vaultfuzz repro");
    if (!dash) vf_sbuf_addc(out, ' '), vf_shell_quote(out, map);
    vf_sbuf_printf(out, " --seed %llu --iter %lu --mode %s",
                   (unsigned long long)s->seed, (unsigned long)iter,
                   vf_mode_name(mode));
    if (s->opts.no_rotate) vf_sbuf_adds(out, " --no-rotate");
    if (s->opts.opacity) vf_sbuf_adds(out, " --opacity");
    if (why) vf_sbuf_adds(out, " --why");
    if (s->world && *s->world) vf_sbuf_printf(out, " %s", s->world);
    if (s->des && *s->des) vf_sbuf_printf(out, " %s", s->des);
    if (dash) vf_sbuf_adds(out, " -- "), vf_shell_quote(out, map);
}

void vf_run_lint_command(const vf_run_spec *s, const char *file,
                         vf_sbuf *out)
{
    vf_sbuf_adds(out, "vaultfuzz lint");
    if (s->world && *s->world) vf_sbuf_printf(out, " %s", s->world);
    vf_sbuf_adds(out, " --des ");
    vf_shell_quote(out, file);
}

void vf_run_dump_path(const char *map, vf_mode mode, uint32_t iter,
                      vf_sbuf *out)
{
    static const char safe[] = "abcdefghijklmnopqrstuvwxyz"
                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.";
    vf_sbuf_adds(out, "dumps/");
    int changed = 0;
    for (const char *p = map; *p; p++) {
        int ok = strchr(safe, *p) && !(p == map && *p == '.');
        vf_sbuf_addc(out, ok ? *p : '_');
        changed |= !ok;
    }
    if (changed)
        vf_sbuf_printf(out, "-%08llx", (unsigned long long)
                       (vf_hash(VF_HASH_INIT, map, strlen(map)) >> 32));
    vf_sbuf_printf(out, ".%s.%lu.txt.gz", vf_mode_name(mode),
                   (unsigned long)iter);
}

void vf_run_path_shown(const vf_run_spec *s, const char *path, vf_sbuf *out)
{
    size_t best = 0, at = 0;
    for (size_t i = 0; i < s->nshown; i++) {
        size_t n = strlen(s->shown_from[i]);
        if (n > best && !strncmp(path, s->shown_from[i], n)
            && (path[n] == '/' || !path[n]))
            best = n, at = i;
    }
    if (!best) {
        vf_sbuf_adds(out, path);
        return;
    }
    vf_sbuf_adds(out, s->shown_to[at]);
    vf_sbuf_adds(out, path + best);
}
