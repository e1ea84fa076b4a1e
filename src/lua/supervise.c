/* What a supervised command's process tells its supervisor when vault Lua
 * is stuck where nothing can stop it, and which subjects it must not run
 * again (vf_lua.h, vf_lua_supervise).
 *
 * The record is one line on a pipe: "stuck\tPID\tWHAT\tNAME\tFILE\tLINE\n",
 * written from the CPU timer's signal handler with write(2) alone. The pid
 * tells the command's own process from its workers, which inherit the pipe
 * but whose last resort is theirs to report (run records it as a
 * timeout). Before any Lua runs, "lua\tPID\tVERSION\n" says the command
 * needs the other interpreter (vf_lua_report_handover). */
#include "supervise.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Set once, before the command runs anything (vf_lua_supervise): a
 * process has one supervisor, as it has one set of signal handlers. */
static struct {
    int fd;                       /* -1: not supervised */
    pid_t pid;                    /* the supervised process */
    const vf_lua_subject *skip;   /* borrowed from the supervisor's copy */
    size_t nskip;
} supervision = {-1, 0, NULL, 0};

void vf_lua_supervise(int report_fd, const vf_lua_subject *skip,
                      size_t nskip)
{
    supervision.fd = report_fd;
    supervision.pid = getpid();
    supervision.skip = skip;
    supervision.nskip = nskip;
}

static int same_str(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

int vf_lua_subject_is(const vf_lua_subject *s, const char *what,
                      const char *name, const char *file, int line)
{
    return s->line == line && same_str(s->what, what)
           && same_str(s->name, name) && same_str(s->file, file);
}

int vf_lua_skipped(const char *what, const char *name, const char *file,
                   int line)
{
    for (size_t i = 0; i < supervision.nskip; i++)
        if (vf_lua_subject_is(&supervision.skip[i], what, name, file, line))
            return 1;
    return 0;
}

/* write(2) of s, stopping at a tab or newline so a field stays one. */
static void put_field(int fd, const char *s)
{
    size_t n = 0;
    while (s && s[n] && s[n] != '\t' && s[n] != '\n') n++;
    if (n) {
        ssize_t k = write(fd, s, n);
        (void)k;
    }
}

static void put_raw(int fd, const char *s, size_t n)
{
    ssize_t k = write(fd, s, n);
    (void)k;
}

static void put_uint(int fd, unsigned long v)
{
    char buf[24], *p = buf + sizeof buf;
    do *--p = (char)('0' + v % 10); while ((v /= 10) && p > buf);
    ssize_t k = write(fd, p, (size_t)(buf + sizeof buf - p));
    (void)k;
}

int vf_lua_report_stuck(const char *what, const char *name, const char *file,
                        int line)
{
    if (supervision.fd < 0 || getpid() != supervision.pid) return 0;
    int fd = supervision.fd;
    put_raw(fd, "stuck\t", 6);
    put_uint(fd, (unsigned long)supervision.pid);
    put_raw(fd, "\t", 1);
    put_field(fd, what);
    put_raw(fd, "\t", 1);
    put_field(fd, name);
    put_raw(fd, "\t", 1);
    put_field(fd, file);
    put_raw(fd, "\t", 1);
    put_uint(fd, line > 0 ? (unsigned long)line : 0);
    put_raw(fd, "\n", 1);
    return 1;
}

int vf_lua_report_handover(int version)
{
    if (supervision.fd < 0 || getpid() != supervision.pid) return 0;
    int fd = supervision.fd;
    put_raw(fd, "lua\t", 4);
    put_uint(fd, (unsigned long)supervision.pid);
    put_raw(fd, "\t", 1);
    put_uint(fd, (unsigned long)version);
    put_raw(fd, "\n", 1);
    return 1;
}

/* The rest of the first line of buf that starts with head, or NULL;
 * *stop is set to its end. */
static const char *find_record(const char *buf, size_t len, const char *head,
                               const char **stop)
{
    size_t hn = strlen(head);
    for (const char *p = buf, *end = buf + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        *stop = nl ? nl : end;
        if ((size_t)(*stop - p) > hn && !memcmp(p, head, hn)) return p + hn;
        p = nl ? nl + 1 : end;
    }
    return NULL;
}

int vf_lua_handover_record(const char *buf, size_t len, long pid)
{
    char head[40];
    snprintf(head, sizeof head, "lua\t%ld\t", pid);
    const char *stop, *v = find_record(buf, len, head, &stop);
    return v ? atoi(v) : 0;
}

/* The next tab-separated field of *p, copied (NULL when empty). */
static char *take_field(const char **p, const char *end)
{
    const char *s = *p, *e = s;
    while (e < end && *e != '\t' && *e != '\n') e++;
    *p = e < end ? e + 1 : e;
    if (e == s) return NULL;
    char *v = vf_xmalloc((size_t)(e - s) + 1);
    memcpy(v, s, (size_t)(e - s));
    v[e - s] = '\0';
    return v;
}

int vf_lua_stuck_record(const char *buf, size_t len, long pid,
                        vf_lua_subject *out)
{
    char head[40];
    snprintf(head, sizeof head, "stuck\t%ld\t", pid);
    const char *stop, *q = find_record(buf, len, head, &stop);
    if (!q) return 0;
    out->what = take_field(&q, stop);
    out->name = take_field(&q, stop);
    out->file = take_field(&q, stop);
    char *line = take_field(&q, stop);
    out->line = line ? atoi(line) : 0;
    free(line);
    return out->what != NULL;
}

void vf_lua_subject_free(vf_lua_subject *s)
{
    free(s->what);
    free(s->name);
    free(s->file);
    memset(s, 0, sizeof *s);
}
