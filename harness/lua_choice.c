/* Which Lua interpreter runs a command's vault Lua: --lua's, else the one
 * the checkout's Makefile builds its game with, else the one the game at
 * the checkout's version uses (vf_gamever_lua).
 *
 * Lua 5.1 and Lua 5.4 export the same names, so one process never maps
 * both: vaultfuzz links 5.1, vaultfuzz-lua5.4 links 5.4, each built from
 * the same sources, and they live side by side (the top of the tree,
 * PREFIX/bin). A command whose game needs the other interpreter learns so
 * when it loads its world, before any Lua state exists; the binary beside
 * /proc/self/exe that has it then runs the same command line. Under the
 * supervisor (guard.c) the command's child asks the supervisor to do it
 * (a record on its pipe), so the command ends up a process tree of the
 * one binary. Only the real entry point (main.c) allows this: the tests'
 * in-process commands run with the interpreter their binary has. */
#define _XOPEN_SOURCE 700   /* readlink */
#include "cli.h"
#include "vf_fs.h"
#include "vf_gamever.h"
#include "vf_lua.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Set in a process that was handed over, so a second hand-over (which
 * would mean the two binaries disagree) is an error, not a loop. */
#define HANDED_OVER_ENV "VAULTFUZZ_LUA_HANDED_OVER"

/* The command line as main() got it (a copy of the pointers: the colour
 * option is taken out of argv later), when hand-over is allowed. */
static struct {
    int argc;
    char **argv;
} launch;

void vf_cli_lua_allow_handover(int argc, char **argv)
{
    launch.argc = argc;
    launch.argv = vf_xcalloc((size_t)argc + 1, sizeof *launch.argv);
    memcpy(launch.argv, argv, (size_t)argc * sizeof *argv);
}

const char *vf_cli_lua_name(void)
{
    return vf_lua_version() == 54 ? "5.4" : "5.1";
}

int vf_cli_lua_parse(const char *text)
{
    if (!strcmp(text, "5.1")) return 51;
    if (!strcmp(text, "5.4")) return 54;
    return 0;
}

/* The binary that has version, beside this one, into out. */
static void sibling_path(int version, vf_sbuf *out)
{
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(self, '/');
    if (slash) vf_sbuf_add(out, self, (size_t)(slash - self + 1));
    vf_sbuf_adds(out, version == 54 ? VF_CLI_LUA54_EXE : VF_CLI_LUA51_EXE);
}

int vf_cli_lua_exec(int version, FILE *err)
{
    vf_sbuf path = VF_SBUF_INIT;
    sibling_path(version, &path);
    char want[8];
    snprintf(want, sizeof want, "%d", version);
    setenv(HANDED_OVER_ENV, want, 1);
    fflush(NULL);
    if (launch.argv) {   /* allowed: main.c kept the command line */
        launch.argv[0] = path.s;
        execv(path.s, launch.argv);
    }
    fprintf(err, "vaultfuzz: this game runs its vault Lua under Lua %d.%d, "
            "which this binary (%s) does not have, and %s cannot be run "
            "(make builds it beside ./vaultfuzz, make install installs it "
            "beside vaultfuzz); --lua %d.%d runs the command under this "
            "binary's Lua anyway\n", version / 10, version % 10,
            vf_lua_release(), path.s, vf_lua_version() / 10,
            vf_lua_version() % 10);
    vf_sbuf_free(&path);
    return VF_EXIT_USAGE;
}

/* Hands the command to the binary with version: asks the supervisor, or
 * runs it here. Returns only on failure (the status to exit with). */
static int hand_over(int version, FILE *err)
{
    if (getenv(HANDED_OVER_ENV)) {
        fprintf(err, "vaultfuzz: handed over to this binary (%s) for Lua "
                "%d.%d, which it does not have\n", vf_lua_release(),
                version / 10, version % 10);
        return VF_EXIT_USAGE;
    }
    if (vf_lua_report_handover(version)) {
        fflush(NULL);
        _exit(VF_EXIT_USAGE);   /* the supervisor runs the other binary */
    }
    return vf_cli_lua_exec(version, err);
}

/* The Lua a checkout's own Makefile builds its game with, when it sits
 * beside dat/ (the pkg-config probe the game's Makefile makes first:
 * "$(PKGCONFIG) lua5.4 --exists"); 0 when there is none or it names
 * neither. A fork that kept Lua 5.1 past 0.34, or moved early, says so
 * there. */
static int makefile_lua(const char *crawl_dat)
{
    if (!crawl_dat) return 0;
    /* dat's parent by name: dat may be a link into another tree. */
    size_t n = strlen(crawl_dat);
    while (n > 1 && crawl_dat[n - 1] == '/') n--;
    while (n > 0 && crawl_dat[n - 1] != '/') n--;
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%.*sMakefile", (int)n, crawl_dat);
    char *text = NULL, why[160];
    size_t len;
    int v = 0;
    if (vf_fs_read(path.s, (size_t)4 << 20, &text, &len, why, sizeof why)
        == 0) {
        const char *p51 = strstr(text, "lua5.1 --exists");
        const char *p54 = strstr(text, "lua5.4 --exists");
        v = p54 && (!p51 || p54 < p51) ? 54 : p51 ? 51 : 0;
    }
    free(text);
    vf_sbuf_free(&path);
    return v;
}

int vf_cli_world_lua(vf_cli *cli, const char *cmd, vf_cli_world *w)
{
    int ver = w->cfg.game.ver;
    int game = vf_gamever_lua(ver), made = makefile_lua(w->crawl_dat);
    w->lua_want = w->lua ? vf_cli_lua_parse(w->lua) : made ? made : game;
    if (!w->lua_want) {
        fprintf(cli->err, "vaultfuzz %s: --lua %s: 5.1 or 5.4\n", cmd,
                w->lua);
        return -1;
    }
    if (made)
        snprintf(w->lua_why, sizeof w->lua_why, "%sthe checkout's Makefile "
                 "builds its game with Lua %d.%d", w->lua ? "--lua; " : "",
                 made / 10, made % 10);
    else
        snprintf(w->lua_why, sizeof w->lua_why, "%sthe game at %s runs Lua "
                 "%d.%d", w->lua ? "--lua; " : "", vf_gamever_name(ver),
                 game / 10, game % 10);
    if (w->lua_want == vf_lua_version()) return 0;
    if (launch.argv) return hand_over(w->lua_want, cli->err) ? -1 : 0;
    /* In-process (the tests): this binary's Lua, and saying so. */
    size_t n = strlen(w->lua_why);
    snprintf(w->lua_why + n, sizeof w->lua_why - n, "; this process has "
             "only its own");
    return 0;
}

void vf_cli_lua_say(const vf_cli_world *w, FILE *out)
{
    fprintf(out, "interpreter: %s (%s)\n", vf_lua_release(), w->lua_why);
}
