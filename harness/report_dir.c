/* Report directories on the command line: making one, pointing
 * reports/latest at it, reading one back, printing its summary. */
#include "cli.h"
#include "vf_shell.h"
#include "vf_report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void vf_cli_out_default(unsigned long long seed, int shard_i, int shard_n,
                        vf_sbuf *out)
{
    time_t t = time(NULL);
    struct tm tm;
    char stamp[32];
    gmtime_r(&t, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    vf_sbuf_printf(out, "reports/%s-%llu", stamp, seed);
    if (shard_n > 1) vf_sbuf_printf(out, "-shard%dof%d", shard_i, shard_n);
    /* Two runs in the same second: the second gets "-2". */
    size_t len = out->len;
    struct stat st;
    for (int n = 2; !stat(out->s, &st); n++) {
        out->len = len;
        out->s[len] = '\0';
        vf_sbuf_printf(out, "-%d", n);
    }
}

void vf_cli_out_latest(const char *out)
{
    const char *base = strrchr(out, '/');
    vf_sbuf tmp = VF_SBUF_INIT;
    vf_sbuf_printf(&tmp, "reports/latest.tmp.%ld", (long)getpid());
    if (!symlink(base ? base + 1 : out, tmp.s)
        && rename(tmp.s, "reports/latest"))
        unlink(tmp.s);
    vf_sbuf_free(&tmp);
}

int vf_cli_out_make(vf_cli *cli, const char *cmd, const char *out)
{
    char why[512];
    vf_sbuf p = VF_SBUF_INIT;
    vf_sbuf_printf(&p, "%s/%s", out, VF_RUNDIR_RUN);
    struct stat st;
    int rc = 0;
    if (!stat(p.s, &st)) {
        fprintf(cli->err, "vaultfuzz %s: %s holds a run already (finish it "
                "with 'vaultfuzz run --resume %s', or choose another "
                "--out)\n", cmd, out, out);
        rc = -1;
    }
    vf_sbuf_reset(&p);
    vf_sbuf_printf(&p, "%s/%s", out, VF_RUNDIR_DUMPS);
    if (!rc && vf_fs_mkdirs(p.s, why, sizeof why)) {
        fprintf(cli->err, "vaultfuzz %s: %s\n", cmd, why);
        rc = -1;
    }
    vf_sbuf_free(&p);
    return rc;
}

/* What to run next: the first error's (else warning's) case explained,
 * from its dump. */
static void next_commands(vf_cli *cli, const char *out, const vf_tally *t)
{
    for (int sev = VF_SEV_ERROR; sev >= VF_SEV_WARNING; sev--)
        for (size_t i = 0; i < t->nmaps; i++) {
            const vf_tally_map *m = &t->maps[i];
            if (!vf_tally_map_failing(m) || m->sev != (vf_sev)sev
                || m->rec.status != VF_MAP_RUN)
                continue;
            const vf_case_rec *f = &t->fails[m->first];
            vf_sbuf p = VF_SBUF_INIT, cmd = VF_SBUF_INIT;
            vf_sbuf_printf(&p, "%s/", out);
            vf_run_dump_path(m->rec.name, f->mode, f->iter, &p);
            vf_shell_quote(&cmd, p.s);
            fprintf(cli->out, "next: vaultfuzz explain %s   (why %s fails "
                    "there)\n", cmd.s, m->rec.name);
            vf_sbuf_free(&p);
            vf_sbuf_free(&cmd);
            return;
        }
}

int vf_cli_report(vf_cli *cli, const char *cmd, const char *out,
                  const vf_report_in *in, const vf_cli_report_opts *o)
{
    vf_sbuf err = VF_SBUF_INIT, sum = VF_SBUF_INIT;
    if (vf_report_write(out, in, &err)) {
        fprintf(cli->err, "vaultfuzz %s: %s\n", cmd, vf_sbuf_str(&err));
        vf_sbuf_free(&err);
        return VF_EXIT_USAGE;
    }
    if (vf_cli_html(cli, cmd, out, in, o->baseline, o->source_url))
        return VF_EXIT_USAGE;
    if (o->gnu) {
        vf_report_gnu(&sum, in);
        fputs(vf_sbuf_str(&sum), cli->out);
    } else {
        if (o->verbose) vf_report_summary(&sum, in);
        else vf_report_summary_short(&sum, in);
        fprintf(cli->out, "%sreport: %s (report.html; summary.txt holds "
                "every map)\n", sum.s, out);
        next_commands(cli, out, in->t);
    }
    vf_sbuf_free(&sum);
    return vf_report_exit_status(in);
}

int vf_cli_args_from_rundir(vf_cli *cli, const char *cmd,
                            const vf_rundir *d, vf_run_args *a)
{
    vf_strlist argv = {0};
    vf_strlist_push(&argv, vf_xstrdup(cmd));
    for (size_t i = 0; i < d->args.n; i++)
        vf_strlist_push(&argv, vf_xstrdup(d->args.v[i]));
    vf_run_args_free(a);   /* set afresh: what it owns goes */
    vf_run_args_init(a);
    int rc = vf_run_args_parse(cli, cmd, (int)argv.n, argv.v, a);
    /* Option values point into argv: a keeps it. */
    for (size_t i = 0; i < argv.n; i++) vf_strlist_push(&a->owned, argv.v[i]);
    free(argv.v);
    return rc ? -1 : 0;
}

int vf_cli_report_load(vf_cli *cli, const char *cmd, const char *dir,
                       vf_cli_rdir *r)
{
    vf_sbuf err = VF_SBUF_INIT;
    size_t valid;
    memset(r, 0, sizeof *r);
    vf_run_args_init(&r->a);
    int rc = vf_rundir_read(dir, &r->d, &err);
    if (!rc && vf_cli_args_from_rundir(cli, cmd, &r->d, &r->a))
        vf_sbuf_printf(&err, "%s/%s: options that do not parse", dir,
                       VF_RUNDIR_RUN), rc = -1;
    if (!rc) {
        vf_run_args_spec(&r->a, &r->spec, &r->text);
        r->spec.game = r->d.game[0] ? r->d.game : NULL;
        r->spec.lua = r->d.lua[0] ? r->d.lua : NULL;
        vf_tally_init(&r->t, &r->spec, r->d.nmaps, r->d.nselected);
        rc = vf_rundir_load(dir, &r->t, &valid, &err);
    }
    if (rc) fprintf(cli->err, "vaultfuzz %s: %s\n", cmd, vf_sbuf_str(&err));
    vf_sbuf_free(&err);
    return rc;
}

void vf_cli_report_free(vf_cli_rdir *r)
{
    if (r->t.maps) vf_tally_free(&r->t);
    vf_run_strings_free(&r->text);
    vf_run_args_free(&r->a);
    vf_rundir_free(&r->d);
}

void vf_cli_report_judge(vf_cli_rdir *r)
{
    vf_accept acc;
    vf_strlist problems = {0};
    vf_cli_accept(&r->a, &acc, &problems);
    vf_tally_judge(&r->t, &acc);
    vf_accept_free(&acc);
    vf_strlist_free(&problems);
}

/* path, when it is a directory, else the directory it lies in. */
static void dir_of(const char *path, vf_sbuf *out)
{
    struct stat st;
    const char *slash = strrchr(path, '/');
    if (!stat(path, &st) && S_ISDIR(st.st_mode)) vf_sbuf_adds(out, path);
    else if (slash) vf_sbuf_add(out, path, (size_t)(slash - path));
    else vf_sbuf_adds(out, ".");
}

static void accept_file(const char *path, vf_accept *acc, vf_strlist *input)
{
    vf_sbuf err = VF_SBUF_INIT;
    if (vf_accept_load(acc, path, &err)) {
        for (char *s = err.s, *nl; s && *s; s = nl) {
            nl = strchr(s, '\n');
            if (nl) *nl++ = '\0';
            vf_strlist_push(input, vf_xstrdup(s));
        }
    }
    vf_sbuf_free(&err);
}

void vf_cli_accept(const vf_run_args *a, vf_accept *acc, vf_strlist *input)
{
    vf_accept_init(acc);
    if (a->accept) {
        accept_file(a->accept, acc, input);
        return;
    }
    vf_strlist seen = {0};
    for (size_t i = 0; i < a->w.des.n; i++) {
        vf_sbuf p = VF_SBUF_INIT;
        dir_of(a->w.des.v[i], &p);
        vf_sbuf_adds(&p, "/" VF_ACCEPT_FILE);
        int dup = 0;
        for (size_t k = 0; k < seen.n && !dup; k++)
            dup = !strcmp(seen.v[k], p.s);
        struct stat st;
        if (!dup && !stat(p.s, &st)) accept_file(p.s, acc, input);
        vf_strlist_push(&seen, vf_sbuf_take(&p));
    }
    vf_strlist_free(&seen);
}

int vf_cli_out_lock(vf_cli *cli, const char *cmd, const char *out)
{
    vf_sbuf p = VF_SBUF_INIT;
    vf_sbuf_printf(&p, "%s/lock", out);
    int fd = open(p.s, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    /* A POSIX record lock: held by this process alone (not the workers it
     * forks), gone the moment it dies, however it dies. */
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fd < 0) {
        fprintf(cli->err, "vaultfuzz %s: %s: %s\n", cmd, p.s,
                strerror(errno));
    } else if (fcntl(fd, F_SETLK, &fl)) {
        fprintf(cli->err, "vaultfuzz %s: a run is writing %s now (wait "
                "for it to end, or stop it; then 'vaultfuzz run --resume "
                "%s' finishes it)\n", cmd, out, out);
        close(fd);
        fd = -1;
    }
    vf_sbuf_free(&p);
    return fd;
}
