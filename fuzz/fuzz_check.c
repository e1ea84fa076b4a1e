/* The report files' invariants, checked on each fuzz input's reports. */
#include "fuzz_check.h"
#include "vf_esc.h"
#include "vf_fs.h"
#include "vf_sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The line of text holding offset at, shown escaped, then abort. */
static void broken(const char *name, const char *text, size_t n, size_t at,
                   const char *rule)
{
    size_t start = at, end = at;
    while (start > 0 && text[start - 1] != '\n') start--;
    while (end < n && text[end] != '\n') end++;
    vf_sbuf line = VF_SBUF_INIT;
    vf_esc_visible(&line, text + start, end - start);
    fprintf(stderr, "fuzz: %s, byte %zu: %s:\n  %s\n", name, at, rule,
            vf_sbuf_str(&line));
    vf_sbuf_free(&line);
    abort();
}

void vf_fuzz_check_text(const char *name, const char *text, size_t n,
                        unsigned rules)
{
    const unsigned char *p = (const unsigned char *)text;
    for (size_t i = 0; i < n;) {
        if (p[i] == 0x1b && (rules & VF_FUZZ_NO_ESC))
            broken(name, text, n, i, "an ESC byte");
        if ((rules & VF_FUZZ_NO_CMD) && (!i || p[i - 1] == '\n')
            && n - i >= 2 && p[i] == ':' && p[i + 1] == ':')
            broken(name, text, n, i, "a line starting with \"::\"");
        size_t len = vf_esc_utf8_len(p + i, n - i);
        if (!len && (rules & VF_FUZZ_UTF8))
            broken(name, text, n, i, "not UTF-8");
        i += len ? len : 1;
    }
}

void vf_fuzz_check_file(const char *dir, const char *name, unsigned rules)
{
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%s/%s", dir, name);
    char *text, why[512];
    size_t n;
    if (vf_fs_read(path.s, (size_t)1 << 30, &text, &n, why, sizeof why)) {
        fprintf(stderr, "fuzz: %s\n", why);
        abort();
    }
    vf_fuzz_check_text(name, text, n, rules);
    free(text);
    vf_sbuf_free(&path);
}
