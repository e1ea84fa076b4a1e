/* A command that runs vault Lua runs in a child process, supervised.
 *
 * Vault Lua stuck in a C function (a pathological string pattern) cannot
 * be stopped inside the process that runs it: the CPU timer's last resort
 * ends that process (vf_lua.h). Were that the process the user started,
 * one hostile map would end the command with no report for every other
 * map. So the command runs in a child; when the child takes the last
 * resort, it has told this process which map was stuck (a record on a
 * pipe), and the command runs again with that map skipped -- its error at
 * its own line, every other map judged as before. What the child printed
 * is kept aside and shown only from the attempt that finished, so no line
 * is printed twice. */
#define _GNU_SOURCE
#include "guard.h"
#include "color.h"
#include "vf_lua.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* At most this many stuck maps in one command: past it, the input is
 * more hostile than useful, and the command stops with the last one. */
#define GUARD_MAX_SKIPS 64

/* The child a signal to this process is passed on to. A handler can use
 * nothing else: the one piece of state outside vf_guard. */
static volatile pid_t guarded_child;

static void pass_on(int sig)
{
    if (guarded_child > 0) kill(guarded_child, sig);
}

static const int stop_sigs[3] = {SIGINT, SIGTERM, SIGHUP};

/* Holds the stop signals back (or lets them through again): around the
 * fork, so one that comes before the child is known is passed on once it
 * is, and not lost. */
static void hold_stops(int how)
{
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < 3; i++) sigaddset(&set, stop_sigs[i]);
    sigprocmask(how, &set, NULL);
}

/* Signals asking the command to stop go on to the child, which knows how
 * to stop cleanly ('run' keeps what it has). One this process was started
 * ignoring (a background job's SIGINT) stays ignored. */
static void catch_stops(struct sigaction old[3])
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = pass_on;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (int i = 0; i < 3; i++) {
        sigaction(stop_sigs[i], NULL, &old[i]);
        if (old[i].sa_handler != SIG_IGN) sigaction(stop_sigs[i], &sa, NULL);
    }
}

static void release_stops(const struct sigaction old[3])
{
    for (int i = 0; i < 3; i++) sigaction(stop_sigs[i], &old[i], NULL);
    guarded_child = 0;
}

/* One attempt's plumbing: the record pipe and where output is kept. */
typedef struct attempt {
    int pipe[2];
    FILE *out, *err;      /* kept output; err NULL: straight through */
} attempt;

static int attempt_open(attempt *a, FILE *err, vf_sbuf *why)
{
    memset(a, 0, sizeof *a);
    a->pipe[0] = a->pipe[1] = -1;
    if (pipe(a->pipe) || !(a->out = tmpfile())) {
        vf_sbuf_printf(why, "cannot set up a child process: %s",
                       strerror(errno));
        return -1;
    }
    /* The child's record must never block its signal handler. */
    fcntl(a->pipe[1], F_SETFL, O_NONBLOCK);
    fcntl(a->pipe[0], F_SETFL, O_NONBLOCK);
    /* An error stream with no descriptor (a test's memory stream) is
     * the child's own copy: keep what it writes. */
    if (fileno(err) < 0 && !(a->err = tmpfile())) {
        vf_sbuf_printf(why, "cannot set up a child process: %s",
                       strerror(errno));
        return -1;
    }
    return 0;
}

static void attempt_close(attempt *a)
{
    if (a->pipe[0] >= 0) close(a->pipe[0]);
    if (a->pipe[1] >= 0) close(a->pipe[1]);
    if (a->out) fclose(a->out);
    if (a->err) fclose(a->err);
}

/* The words of the command each attempt runs. */
typedef struct command {
    int argc;
    char **argv;
} command;

/* The child: the command, its output into the attempt's files, the
 * signals as they were before the supervisor caught them (old). Never
 * returns. */
static void child_run(const vf_guard *g, const attempt *a, pid_t parent,
                      const struct sigaction old[3], FILE *err,
                      const command *cmd)
{
    release_stops(old);
    hold_stops(SIG_UNBLOCK);
    prctl(PR_SET_PDEATHSIG, SIGKILL);   /* dies with its supervisor */
    if (getppid() != parent) _exit(VF_EXIT_USAGE);
    close(a->pipe[0]);
    vf_lua_supervise(a->pipe[1], g->skip, g->nskip);
    FILE *painted = g->color ? vf_color_stream(a->out) : NULL;
    vf_cli cli = {painted ? painted : a->out, a->err ? a->err : err,
                  !!painted, g->started};
    int rc = g->run(&cli, cmd->argc, cmd->argv);
    if (painted) fclose(painted);
    fflush(a->out);
    fflush(cli.err);
    _exit(rc);
}

/* Copies what the file holds to to. */
static void copy_out(FILE *from, FILE *to)
{
    char buf[8192];
    size_t n;
    rewind(from);
    while ((n = fread(buf, 1, sizeof buf, from)) > 0) fwrite(buf, 1, n, to);
    fflush(to);
}

/* What the pipe holds now (the child has exited: nothing more comes). */
static void read_records(int fd, vf_sbuf *into)
{
    char buf[4096];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0)
        vf_sbuf_add(into, buf, (size_t)n);
}

/* Only a map or a file's prelude can be left out; stuck library Lua
 * would be stuck again whatever is skipped. */
static int skippable(const vf_lua_subject *s)
{
    return s->file && (!strcmp(s->what, "map")
                       || !strcmp(s->what, "the load-time run of map")
                       || !strcmp(s->what, "the global prelude"));
}

static int already_skipped(const vf_guard *g, const vf_lua_subject *s)
{
    for (size_t i = 0; i < g->nskip; i++)
        if (vf_lua_subject_is(&g->skip[i], s->what, s->name, s->file,
                              s->line))
            return 1;
    return 0;
}

static void say_stuck(FILE *err, const vf_lua_subject *s, const char *then)
{
    fprintf(err, "vaultfuzz: the Lua of %s%s%s (%s:%d) ran past its time "
            "limit in a C function or a __gc finalizer, where nothing can "
            "stop it; %s\n", s->what, s->name ? " " : "",
            s->name ? s->name : "", s->file ? s->file : "?", s->line, then);
}

/* After a child that exited as the last resort does: 1 if the command
 * should run again with the stuck subject skipped (then added to g), else
 * 0. No record: the status was the command's own (2 is also a usage
 * error). */
static int learn_stuck(vf_guard *g, const vf_sbuf *records, pid_t pid,
                       FILE *err)
{
    vf_lua_subject s;
    if (!vf_lua_stuck_record(vf_sbuf_str(records), records->len, (long)pid,
                             &s))
        return 0;
    if (!skippable(&s) || already_skipped(g, &s)
        || g->nskip >= GUARD_MAX_SKIPS) {
        say_stuck(err, &s, "the command cannot go on without it");
        vf_lua_subject_free(&s);
        return 0;
    }
    say_stuck(err, &s, "the command runs again with it skipped (an error "
              "at its line)");
    g->skip = vf_xrealloc(g->skip, (g->nskip + 1) * sizeof *g->skip);
    g->skip[g->nskip++] = s;
    return 1;
}

/* The command's status from the child's: a signal is said, as a shell
 * would count it. */
static int status_of(int st, FILE *err)
{
    if (WIFEXITED(st)) return WEXITSTATUS(st);
    int sig = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
    fprintf(err, "vaultfuzz: the command's process ended by signal %d "
            "(%s)\n", sig, strsignal(sig));
    return 128 + sig;
}

static int wait_child(pid_t pid)
{
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    return st;
}

/* Runs the command in a child and waits for it, passing the stop signals
 * on meanwhile. Returns its wait status; *pid is the child's, or -1 when
 * none could be made (then said on err). */
static int fork_and_wait(const vf_guard *g, const attempt *a, FILE *err,
                         const command *cmd, pid_t *pid)
{
    struct sigaction old[3];
    catch_stops(old);
    hold_stops(SIG_BLOCK);
    pid_t parent = getpid();
    *pid = fork();
    if (*pid == 0) child_run(g, a, parent, old, err, cmd);
    guarded_child = *pid;
    hold_stops(SIG_UNBLOCK);
    int st = *pid > 0 ? wait_child(*pid) : 0;
    release_stops(old);
    if (*pid < 0)
        fprintf(err, "vaultfuzz: cannot start a child process: %s\n",
                strerror(errno));
    return st;
}

/* One attempt: 1 if it must be made again, else 0 with *rc set. */
static int attempt_run(vf_guard *g, FILE *out, FILE *err,
                       const command *cmd, int *rc)
{
    attempt a;
    vf_sbuf why = VF_SBUF_INIT;
    *rc = VF_EXIT_USAGE;
    if (attempt_open(&a, err, &why)) {
        fprintf(err, "vaultfuzz: %s\n", vf_sbuf_str(&why));
        vf_sbuf_free(&why);
        attempt_close(&a);
        return 0;
    }
    fflush(out);
    fflush(err);
    pid_t pid;
    int st = fork_and_wait(g, &a, err, cmd, &pid);
    if (pid < 0) {
        attempt_close(&a);
        return 0;
    }
    vf_sbuf records = VF_SBUF_INIT;
    read_records(a.pipe[0], &records);
    int lua = vf_lua_handover_record(vf_sbuf_str(&records), records.len,
                                     (long)pid);
    int again = !lua && WIFEXITED(st) && WEXITSTATUS(st) == VF_LUA_EXIT_STUCK
                && learn_stuck(g, &records, pid, err);
    if (lua) {
        attempt_close(&a);
        vf_sbuf_free(&records);
        *rc = vf_cli_lua_exec(lua, err);   /* only when it cannot */
        return 0;
    }
    if (!again) {
        copy_out(a.out, out);
        if (a.err) copy_out(a.err, err);
        *rc = status_of(st, err);
    }
    vf_sbuf_free(&records);
    attempt_close(&a);
    return again;
}

int vf_guard_run(vf_guard *g, FILE *out, FILE *err, int argc, char **argv)
{
    int rc = 0;
    command cmd = {.argc = argc, .argv = argv};
    while (attempt_run(g, out, err, &cmd, &rc))
        ;
    return rc;
}

void vf_guard_free(vf_guard *g)
{
    for (size_t i = 0; i < g->nskip; i++) vf_lua_subject_free(&g->skip[i]);
    free(g->skip);
    g->skip = NULL;
    g->nskip = 0;
}
