/* Shell words: quoting and splitting. */
#include "vf_shell.h"

#include <string.h>

static int plain(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    "0123456789_-+./:=,@%", *s))
            return 0;
    return 1;
}

void vf_shell_quote(vf_sbuf *b, const char *s)
{
    if (plain(s)) {
        vf_sbuf_adds(b, s);
        return;
    }
    vf_sbuf_addc(b, '\'');
    for (; *s; s++) {
        if (*s == '\'') vf_sbuf_adds(b, "'\\''");
        else vf_sbuf_addc(b, *s);
    }
    vf_sbuf_addc(b, '\'');
}

/* One word starting at *p (not a blank); returns -1 on an open quote. */
static int word(const char **p, vf_sbuf *w)
{
    const char *s = *p;
    while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
        if (*s == '\'') {
            const char *e = strchr(s + 1, '\'');
            if (!e) return -1;
            vf_sbuf_add(w, s + 1, (size_t)(e - s - 1));
            s = e + 1;
        } else if (*s == '"') {
            for (s++; *s != '"'; s++) {
                if (!*s) return -1;
                if (*s == '\\' && s[1] && strchr("\"\\$`", s[1])) s++;
                vf_sbuf_addc(w, *s);
            }
            s++;
        } else {
            if (*s == '\\' && s[1]) s++;
            vf_sbuf_addc(w, *s++);
        }
    }
    *p = s;
    return 0;
}

int vf_shell_split(const char *line, vf_strlist *out)
{
    const char *s = line;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\n') s++;
        if (!*s) return 0;
        vf_sbuf w = VF_SBUF_INIT;
        if (word(&s, &w)) {
            vf_sbuf_free(&w);
            return -1;
        }
        vf_strlist_push(out, vf_sbuf_take(&w));
    }
}
