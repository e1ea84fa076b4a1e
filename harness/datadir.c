/* Where this binary finds its own data, dlua/ and corpus/: installed
 * (make install), beside it as PREFIX/share/vaultfuzz, found from
 * /proc/self/exe so a DESTDIR copy or a moved PREFIX finds its own; in
 * a source tree, ./corpus and ./dlua when run from the top; else the
 * source tree it was built from (VF_SOURCE_DIR). */
#define _XOPEN_SOURCE 700   /* readlink */
#include "cli.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef VF_SOURCE_DIR
#define VF_SOURCE_DIR "."
#endif

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* EXE/../../share/vaultfuzz when it holds dlua/, into out. */
static int installed(vf_sbuf *out)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return 0;
    exe[n] = '\0';
    for (int up = 0; up < 2; up++) {   /* PREFIX/bin/vaultfuzz -> PREFIX */
        char *slash = strrchr(exe, '/');
        if (!slash) return 0;
        *slash = '\0';
    }
    vf_sbuf dlua = VF_SBUF_INIT;
    vf_sbuf_printf(&dlua, "%s/share/vaultfuzz/dlua", exe);
    int found = is_dir(dlua.s);
    if (found) vf_sbuf_printf(out, "%s/share/vaultfuzz", exe);
    vf_sbuf_free(&dlua);
    return found;
}

void vf_cli_data_path(const char *name, vf_sbuf *out)
{
    if (installed(out)) vf_sbuf_printf(out, "/%s", name);
    else if (is_dir("corpus")) vf_sbuf_adds(out, name);
    else vf_sbuf_printf(out, "%s/%s", VF_SOURCE_DIR, name);
}
