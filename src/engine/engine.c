/* Resolving maps: the game's run_lua / _resolve_map_lua sequence. */
#include "vf_engine.h"
#include "engine_int.h"
#include "bind/bind_int.h"
#include "vf_fs.h"
#include "vf_gamever.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const vf_lua_slot chunks_slot = {"each chunk's compiled function"};

/* The name a .des file's chunks carry in Lua messages: Lua 5.1 cuts an
 * "@" source name longer than LUA_IDSIZE less " '...' " (60 - 8 = 52)
 * from the left behind "...", so long paths are shortened at a '/' here,
 * keeping the part that says which file it is. */
static const char *chunk_file_name(const char *path)
{
    const char *p = path;
    while (strlen(p) > 52) {
        const char *slash = strchr(p + 1, '/');
        if (!slash) break;
        p = slash + 1;
    }
    return p;
}

/* msg without its leading "NAME:LINE: " when NAME is path or its chunk
 * name: the caller prints path whole, once. *line gets LINE then. */
static const char *strip_own_path(const char *msg, const char *path,
                                  int *line)
{
    const char *name = path;   /* as whole_path wrote it, or as Lua did */
    size_t n = strlen(name);
    if (strncmp(msg, name, n) || msg[n] != ':') {
        name = chunk_file_name(path);
        n = strlen(name);
    }
    if (strncmp(msg, name, n) || msg[n] != ':') return msg;
    char *end;
    long l = strtol(msg + n + 1, &end, 10);
    if (end == msg + n + 1 || end[0] != ':' || end[1] != ' ' || l <= 0)
        return msg;
    *line = (int)l;
    return end + 2;
}

const char *vf_engine_chunk_file(const vf_engine *e, const char *chunk)
{
    for (size_t i = 0; i < e->set->nfiles; i++)
        if (!strcmp(chunk_file_name(e->set->files[i].path), chunk))
            return e->set->files[i].path;
    return chunk;
}

void vf_engine_whole_path(vf_sbuf *err, const char *path)
{
    int line = 0;
    const char *msg = strip_own_path(vf_sbuf_str(err), path, &line);
    if (!line) return;
    vf_sbuf out = VF_SBUF_INIT;
    vf_sbuf_printf(&out, "%s:%d: %s", path, line, msg);
    vf_sbuf_free(err);
    *err = out;
}

/* Runs a file of the library (dungeon.lua) in _G. */
static int run_library_file(vf_engine *e, const char *path, vf_sbuf *err)
{
    char *text, why[256];
    size_t len;
    if (vf_fs_read(path, 1u << 24, &text, &len, why, sizeof why)) {
        vf_sbuf_printf(err, "%s: %s", path, why);
        return -1;
    }
    vf_sbuf name = VF_SBUF_INIT;
    vf_sbuf_printf(&name, "@%s", chunk_file_name(path));
    int rc = vf_lua_load(e->lua, text, len, name.s, err);
    if (rc == 0) rc = vf_lua_pcall(e->lua, 0, 0, err);
    vf_sbuf_free(&name);
    free(text);
    return rc;
}

/* Pushes the compiled function for a chunk, compiling it on first use. The
 * source gets first-1 leading newlines, so Lua's line numbers are the .des
 * file's and errors read "file:line: ...". */
static int push_chunk(vf_engine *e, const vf_chunk *c, const char *file,
                      vf_sbuf *err)
{
    lua_State *L = vf_lua_state(e->lua);
    vf_lua_slot_get(L, &chunks_slot);
    lua_pushlightuserdata(L, (void *)c);
    lua_rawget(L, -2);
    if (!lua_isnil(L, -1)) {
        lua_remove(L, -2);
        return 0;
    }
    lua_pop(L, 1);
    vf_sbuf src = VF_SBUF_INIT, name = VF_SBUF_INIT;
    for (int i = 1; i < c->first; i++) vf_sbuf_addc(&src, '\n');
    vf_sbuf_add(&src, vf_sbuf_str(&c->text), c->text.len);
    vf_sbuf_printf(&name, "@%s", chunk_file_name(file));
    int rc = vf_lua_load(e->lua, vf_sbuf_str(&src), src.len, name.s, err);
    vf_sbuf_free(&src);
    vf_sbuf_free(&name);
    if (rc) {
        lua_pop(L, 1);
        return -1;
    }
    lua_pushlightuserdata(L, (void *)c);
    lua_pushvalue(L, -2);
    lua_rawset(L, -4);
    lua_remove(L, -2);
    return 0;
}

static int run_preludes(vf_engine *e, vf_diag *d)
{
    int errors = 0;
    for (size_t f = 0; f < e->set->nfiles; f++) {
        const vf_desfile *file = &e->set->files[f];
        if (vf_chunk_empty(&file->prelude)) continue;
        vf_sbuf err = VF_SBUF_INIT;
        vf_lua_case_begin(e->lua);
        vf_lua_set_subject(e->lua, "the global prelude", NULL, file->path,
                           file->prelude.first);
        if (push_chunk(e, &file->prelude, file->path, &err) ||
            vf_lua_pcall(e->lua, 0, 0, &err)) {
            int line = file->prelude.first;
            const char *msg = strip_own_path(vf_sbuf_str(&err), file->path,
                                             &line);
            vf_diag_add(d, VF_ERROR,
                        &(vf_diag_where){.file = file->path, .line = line},
                        "global prelude: %s", msg);
            errors++;
        }
        vf_sbuf_free(&err);
    }
    return errors;
}

void vf_engine_config_init(vf_engine_config *c, const char *dlua_dir)
{
    memset(c, 0, sizeof *c);
    c->dlua_dir = dlua_dir;
    c->game = VF_GAME_TRUNK;
    char why[8];
    vf_place_parse(&c->game, VF_PLACE_DEFAULT, &c->place, why, sizeof why);
}

static int is_file(const char *dir, const char *rel)
{
    vf_sbuf p = VF_SBUF_INIT;
    vf_sbuf_printf(&p, "%s/%s", dir, rel);
    struct stat st;
    int ok = stat(p.s, &st) == 0 && S_ISREG(st.st_mode);
    vf_sbuf_free(&p);
    return ok;
}

char *vf_engine_find_crawl_dat(const char *dir, vf_sbuf *err)
{
    vf_sbuf p = VF_SBUF_INIT;
    if (is_file(dir, "dat/dlua/dungeon.lua"))
        vf_sbuf_printf(&p, "%s/dat", dir);
    else if (is_file(dir, "dlua/dungeon.lua"))
        vf_sbuf_adds(&p, dir);
    else if (is_file(dir, "crawl-ref/source/dat/dlua/dungeon.lua"))
        vf_sbuf_printf(&p, "%s/crawl-ref/source/dat", dir);
    else {
        vf_sbuf_printf(err, "%s: not a crawl checkout (no dat/dlua/"
                       "dungeon.lua under it)", dir);
        return NULL;
    }
    return vf_sbuf_take(&p);
}

/* Runs dir/name in _G. */
static int run_our_file(vf_engine *e, const char *dir, const char *name,
                        vf_sbuf *err)
{
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%s/%s", dir, name);
    int rc = run_library_file(e, path.s, err);
    vf_sbuf_free(&path);
    return rc;
}

/* The game's dungeon VM boot (dcss-compat.md §7.6), in its order. */
static const char *const crawl_boot[] = {
    "dlua/util.lua", "dlua/iter.lua", "dlua/init.lua", "dlua/dungeon.lua",
    "dlua/luamark.lua", "dlua/mapinit.lua", NULL};

static int boot_crawl(vf_engine *e, const char *dat, const char *ours,
                      vf_sbuf *err)
{
    lua_State *L = vf_lua_state(e->lua);
    vf_engine_open_library(L, dat, &e->cfg.game);
    lua_newtable(L);
    lua_setglobal(L, "chk_startgame");
    for (int i = 0; crawl_boot[i]; i++) {
        vf_engine_push_require(L, crawl_boot[i]);
        if (vf_lua_pcall(e->lua, 1, 0, err)) return -1;
    }
    /* Ours, on top: the same map environment, made faster. */
    return run_our_file(e, ours, "crawl_env.lua", err);
}

static int boot_ours(vf_engine *e, const char *dlua_dir, vf_sbuf *err)
{
    vf_engine_open_library(vf_lua_state(e->lua), dlua_dir, &e->cfg.game);
    return run_our_file(e, dlua_dir, "dungeon.lua", err);
}

/* The C side of the API, real bindings first, then the rest of the names
 * the game registers (vf_bind_open_surface fills only what is missing). */
static void open_bindings(vf_engine *e, const vf_engine_config *cfg)
{
    lua_State *L = vf_lua_state(e->lua);
    lua_newtable(L);
    vf_lua_slot_set(L, &chunks_slot);
    lua_pushboolean(L, 0);
    vf_lua_slot_set(L, &vf_bind_started);
    vf_lua_set_host(e->lua, e);
    vf_bind_open_maps(L);
    vf_bind_open_dgn(L);
    vf_bind_open_dgn_keyed(L);
    vf_bind_open_dgn_build(L);
    vf_bind_open_dgn_layout(L);
    vf_bind_open_dgn_grd(L);
    vf_bind_open_dgn_conn(L);
    vf_bind_open_crawl(L);
    vf_bind_open_noise(L);
    vf_bind_open_level(L);
    vf_bind_open_items(L);
    vf_bind_open_dgn_subvault(L);
    vf_bind_open_gamequery(L);
    vf_bind_open_surface(L);
    vf_bind_set_place(L, &cfg->place);
    vf_bind_set_rng(L, &e->rng);
    vf_rng_seed(&e->rng, 0);
}

vf_engine *vf_engine_new(const vf_desset *set, const vf_engine_config *cfg,
                         vf_diag *d, vf_sbuf *err)
{
    vf_engine *e = vf_xcalloc(1, sizeof *e);
    e->set = set;
    e->cfg = *cfg;
    vf_lua_limits limits = cfg->limits;
    if (!limits.instructions && !limits.memory) {
        limits.instructions = VF_LUA_DEFAULT_INSTRUCTIONS;
        limits.memory = VF_LUA_DEFAULT_MEMORY;
    }
    e->lua = vf_lua_new(&limits, err);
    if (!e->lua) {
        free(e);
        return NULL;
    }
    open_bindings(e, cfg);
    vf_lua_set_subject(e->lua, "the Lua library", NULL, NULL, 0);
    int rc = run_our_file(e, cfg->dlua_dir, "wrap.lua", err);
    if (rc == 0)
        rc = cfg->crawl_dat ? boot_crawl(e, cfg->crawl_dat, cfg->dlua_dir, err)
                            : boot_ours(e, cfg->dlua_dir, err);
    if (rc) {
        vf_engine_free(e);
        return NULL;
    }
    run_preludes(e, d);
    vf_lua_track_hooks(vf_lua_state(e->lua));
    vf_lua_keep_globals(vf_lua_state(e->lua));
    return e;
}

void vf_engine_free(vf_engine *e)
{
    if (!e) return;
    vf_lua_free(e->lua);
    vf_catalog_free(e->own_catalog);
    vf_used_free(&e->used);
    vf_used_free(&e->level_used);
    vf_strlist_free(&e->nested);
    vf_sbuf_free(&e->hook_err);
    free(e);
}

/* Whether any .des file under dir mentions word (a file that cannot be
 * read mentions nothing). */
static int des_mention(const char *dir, const char *word)
{
    vf_strlist files = {0};
    vf_diag d;
    vf_diag_init(&d);
    vf_fs_expand(dir, ".des", &files, &d);
    int found = 0;
    for (size_t i = 0; i < files.n && !found; i++) {
        char *text, why[64];
        size_t len;
        if (vf_fs_read(files.v[i], 64u << 20, &text, &len, why, sizeof why))
            continue;
        found = strstr(text, word) != NULL;
        free(text);
    }
    vf_strlist_free(&files);
    vf_diag_free(&d);
    return found;
}

int vf_engine_closets_masked(vf_engine *e)
{
    if (!e->closets) {
        vf_sbuf des = VF_SBUF_INIT;
        if (e->cfg.crawl_dat) vf_sbuf_printf(&des, "%s/des", e->cfg.crawl_dat);
        /* Releases up to 0.34 never mask; trunk since 2026-06-28 does,
         * told apart from older trunk by the tag that came with it. */
        e->closets = e->cfg.game.ver < VF_GV_TRUNK ? 2
                     : !e->cfg.crawl_dat
                       || des_mention(des.s, "allow_tele_closets") ? 1 : 2;
        vf_sbuf_free(&des);
    }
    return e->closets == 1;
}

vf_engine *vf_engine_of(lua_State *L)
{
    return vf_lua_host(L);
}

static vf_catalog *catalog_of(vf_engine *e)
{
    if (e->cfg.catalog) return e->cfg.catalog;
    if (!e->own_catalog) e->own_catalog = vf_catalog_new(e->set, &e->cfg);
    return e->own_catalog;
}

const vf_catalog *vf_engine_catalog(vf_engine *e, vf_sbuf *err)
{
    if (e->loading) return NULL;
    vf_catalog *c = catalog_of(e);
    return vf_catalog_complete(c, err) == 0 ? c : NULL;
}

const vf_mapinfo *vf_engine_mapinfo(vf_engine *e, const vf_mapdef *def,
                                    vf_sbuf *err)
{
    return e->loading ? NULL : vf_catalog_info(catalog_of(e), def, err);
}

/* Calls the global Lua function name with the values on the stack top
 * (nargs of them), keeping nres results. */
int vf_engine_call(vf_engine *e, const char *name, int nargs, int nres,
                   vf_sbuf *err)
{
    lua_State *L = vf_lua_state(e->lua);
    lua_getglobal(L, name);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1 + nargs);
        vf_sbuf_printf(err, "the map library has no %s()", name);
        return -1;
    }
    lua_insert(L, -1 - nargs);
    return vf_lua_pcall(e->lua, nargs, nres, err);
}

/* Runs one chunk of def in the map environment. With want_result, the
 * chunk's value is left on the stack (nil for an empty chunk). */
static int run_chunk(vf_engine *e, const vf_mapdef *def, vf_chunk_kind k,
                     int want_result, vf_sbuf *err)
{
    lua_State *L = vf_lua_state(e->lua);
    const vf_chunk *c = &def->chunk[k];
    if (vf_chunk_empty(c)) {
        if (want_result) lua_pushnil(L);
        return 0;
    }
    if (push_chunk(e, c, e->set->files[def->file].path, err)) return -1;
    return vf_engine_call(e, "dgn_run_map", 1, want_result ? 1 : 0, err);
}

/* Runs the map's hooks called name, unless none can exist: none was
 * registered since its attempt began (seq) and no global hook exists. */
static int run_hook(vf_engine *e, const char *name, double seq, vf_sbuf *err)
{
    if (!vf_lua_hooks_since(vf_lua_state(e->lua), seq)) return 0;
    lua_pushstring(vf_lua_state(e->lua), name);
    return vf_engine_call(e, "dgn_map_run_hook", 1, 0, err);
}

/* Makes m the map the chunks and bindings work on. */
int vf_engine_set_map(vf_engine *e, vf_rmap *m, vf_sbuf *err)
{
    e->current = m;
    m->game = &e->cfg.game;
    vf_bind_pushmap(vf_lua_state(e->lua), m);
    return vf_engine_call(e, "dgn_set_map", 1, 0, err);
}

/* One attempt: §2.3 steps 1-5 (and 6 when validating). Returns 1 when
 * validate passed, 0 when it failed, -1 on a Lua error. */
static int attempt(vf_engine *e, const vf_mapdef *def, int validating,
                   vf_rmap *m, const vf_rmap *seed, vf_sbuf *err)
{
    lua_State *L = vf_lua_state(e->lua);
    double seq = vf_lua_hook_seq(L);
    vf_rmap_reset(m);
    if (seed) vf_rmap_seed(m, seed);
    if (vf_engine_set_map(e, m, err)) return -1;
    lua_pushstring(L, def->name);
    if (vf_engine_call(e, "dgn_flush_map_environment_for", 1, 0, err) ||
        run_chunk(e, def, VF_CHUNK_PRELUDE, 0, err) ||
        run_chunk(e, def, VF_CHUNK_MAP, 0, err))
        return -1;
    vf_grid_normalise(&m->grid, ' ');
    if (run_hook(e, "pre_main", seq, err) ||
        run_chunk(e, def, VF_CHUNK_MAIN, 0, err) ||
        run_hook(e, "post_main", seq, err))
        return -1;
    vf_rmap_fixup(m);
    /* A Lua error in validate is a failure at placement, fatal at load. */
    vf_sbuf verr = VF_SBUF_INIT;
    int ok = run_chunk(e, def, VF_CHUNK_VALIDATE, 1, &verr) == 0;
    int pass = ok && (vf_chunk_empty(&def->chunk[VF_CHUNK_VALIDATE]) ||
                      lua_toboolean(L, -1));
    if (ok) lua_pop(L, 1);
    if (validating) {
        if (!ok) {
            vf_sbuf_adds(err, vf_sbuf_str(&verr));
            vf_sbuf_free(&verr);
            return -1;
        }
        pass = 1;
        if (run_hook(e, "pre_epilogue", seq, err) ||
            run_chunk(e, def, VF_CHUNK_EPILOGUE, 0, err) ||
            run_hook(e, "post_epilogue", seq, err)) {
            vf_sbuf_free(&verr);
            return -1;
        }
    }
    vf_sbuf_free(&verr);
    return pass;
}

/* Names the questions about the game a veto asked: drawn once per game,
 * they make the veto weight control across games rather than a fault. */
static void say_game_asked(lua_State *L, vf_sbuf *why)
{
    vf_strlist asked = {0};
    vf_bind_game_asked(L, &asked);
    for (size_t i = 0; i < asked.n; i++)
        vf_sbuf_printf(why, "%s%s", i ? ", " : "; it asks about the "
                       "game, drawn once per game: ", asked.v[i]);
    vf_strlist_free(&asked);
}

/* The veto chunk: true, or a Lua error, vetoes the map (mapdef.cc
 * map_def::test_lua_veto). A veto says so in why, naming the chunk's
 * place in the .des file (its first line, as the game's chunks count
 * them) and the error, if that was the reason. */
static int vetoed(vf_engine *e, const vf_mapdef *def, vf_rmap *m,
                  vf_sbuf *why)
{
    const vf_chunk *c = &def->chunk[VF_CHUNK_VETO];
    if (vf_chunk_empty(c)) return 0;
    lua_State *L = vf_lua_state(e->lua);
    vf_sbuf err = VF_SBUF_INIT;
    int rc = vf_engine_set_map(e, m, &err);
    vf_bind_game_forget(L);
    if (rc == 0) rc = run_chunk(e, def, VF_CHUNK_VETO, 1, &err);
    int veto = rc != 0 || lua_toboolean(L, -1);
    if (rc == 0) lua_pop(L, 1);
    if (veto) {
        vf_sbuf_printf(why, "vetoed by its veto chunk at %s:%d%s%s",
                       e->set->files[def->file].path, c->first,
                       rc ? ", which raised: " : "",
                       rc ? vf_sbuf_str(&err) : "");
        say_game_asked(L, why);
    }
    vf_sbuf_free(&err);
    return veto;
}

/* How run_attempts tries a map: up to attempts times; as_vault: as a
 * vault (the game's _write_vault), each try starting with no subvault
 * chosen -- even inside another map's resolve, as in the game -- and one
 * that passed flipped. load: the load-time sequence (validate_map_def:
 * no veto, validate's answer ignored, the epilogue run, no flips); a map
 * resolved inside another map's load-time run answers is_validating()
 * true but goes through the placement sequence, as in the game. */
typedef struct tries {
    int attempts, as_vault, load;
} tries;

/* Tries of veto, then Lua and validate, as t says; m->attempts gets how
 * many were made. */
static vf_resolve_status run_attempts(vf_engine *e, vf_rmap *m,
                                      const vf_rmap *seed, const tries *t,
                                      vf_sbuf *err)
{
    const vf_mapdef *def = m->def;
    int as_vault = t->as_vault, load = t->load;
    vf_resolve_status st = VF_VALIDATE_FAILED;
    int n = 0;
    while (n < (load ? 1 : t->attempts)) {
        n++;
        if (m->choices) vf_choices_attempt(m->choices);
        if (as_vault) vf_used_truncate(&e->used, 0, 0);
        if (!load && vetoed(e, def, m, err)) {
            st = VF_VETOED;
            break;
        }
        int result = attempt(e, def, load, m, seed, err);
        if (result < 0) {
            st = VF_LUA_ERROR;
            break;
        }
        if (result > 0) {
            st = VF_RESOLVED;
            if (as_vault && !load) vf_rmap_flip_rotate(m);
            break;
        }
    }
    m->attempts = n;
    return st;
}

/* How many hooks called hook (the game's names: "post_place") the map's
 * resolve left registered, with the global ones; 0 when none, or when the
 * library keeps none. */
int vf_engine_hook_count(vf_engine *e, const vf_mapdef *def,
                         const char *hook)
{
    lua_State *L = vf_lua_state(e->lua);
    if (!vf_lua_hooks_since(L, e->resolve_seq)) return 0;
    lua_getglobal(L, "dgn_map_hook_count");
    int have = lua_isfunction(L, -1);
    lua_pop(L, 1);
    if (!have) return 0;
    vf_sbuf ignore = VF_SBUF_INIT;
    lua_pushstring(L, def->name);
    lua_pushstring(L, hook);
    int n = 0;
    if (vf_engine_call(e, "dgn_map_hook_count", 2, 1, &ignore) == 0) {
        n = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    vf_sbuf_free(&ignore);
    return n;
}

/* Drops the environment of the map named name. */
void vf_engine_flush_env(vf_engine *e, const char *name)
{
    vf_sbuf ignore = VF_SBUF_INIT;
    lua_pushstring(vf_lua_state(e->lua), name);
    vf_engine_call(e, "dgn_flush_map_environment_for", 1, 0, &ignore);
    vf_sbuf_free(&ignore);
}

/* The case's map parameters: none, or the one the game places the map
 * under when it draws the map by its tags (drawn.c). */
static void set_drawn_param(lua_State *L, const vf_mapinfo *info,
                            uint64_t draw)
{
    vf_sbuf p = VF_SBUF_INIT;
    vf_bind_params_restore(L, 0);
    if (info && vf_engine_drawn_param(info->tags, draw, &p))
        vf_bind_params_push(L, vf_sbuf_str(&p));
    vf_sbuf_free(&p);
}

vf_resolve_status vf_engine_resolve(vf_engine *e, const vf_resolve_req *rq,
                                    vf_rmap *out, vf_sbuf *err)
{
    const vf_mapdef *def = rq->def;
    uint64_t seed = rq->seed;
    int validating = rq->validating;
    lua_State *L = vf_lua_state(e->lua);
    /* Before anything of the case is set: the index may run the map's
     * load-time resolve first. */
    vf_sbuf ignore = VF_SBUF_INIT;
    const vf_mapinfo *info = validating ? NULL
                                        : vf_engine_mapinfo(e, def, &ignore);
    vf_sbuf_free(&ignore);
    vf_rng_seed(&e->rng, seed);
    vf_lua_case_begin(e->lua);
    e->resolve_seq = vf_lua_hook_seq(L);
    /* Load and placement are told apart: a map stuck only when placed
     * still loads (vf_lua_supervise skips the one that got stuck). */
    vf_lua_set_subject(e->lua, validating ? "the load-time run of map"
                                          : "map", def->name,
                       e->set->files[def->file].path, def->line);
    /* A new game: only here, never for the maps resolved inside it. */
    vf_lua_fresh_globals(L);
    vf_bind_set_game(L, vf_seed_mix(seed ^ 0x67616d65ULL));
    set_drawn_param(L, info, vf_seed_mix(seed ^ 0x706172616dULL));
    lua_pushboolean(L, !validating);
    vf_lua_slot_set(L, &vf_bind_started);
    out->def = def;
    out->rng = &e->rng;
    out->game = &e->cfg.game;
    out->validating = validating;
    e->depth = 0;
    /* The load-time run happens at the game's start-up (maps.cc
     * read_maps), with the player on D:1 whatever level the engine is
     * set to: Lua such as 5 - you.depth() must see that. */
    vf_place was = *vf_engine_place(e), load;
    char why[8];
    if (validating && vf_place_parse(&e->cfg.game, VF_PLACE_LOAD, &load, why,
                                     sizeof why) == 0)
        vf_engine_set_place(e, &load);
    /* A Vaults room drawn only by its tag is resolved as v_rooms.lua's
     * make_tagged_room resolves it: tagged passable (its cells count as
     * open ground for the level's connectivity, dungeon.cc
     * dgn_register_place), the layout filling what it leaves blank. */
    const char *forced = out->forced_tags;
    vf_sbuf room = VF_SBUF_INIT;
    vf_place at;
    if (info && vf_mapinfo_drawn_in(info, &at) == 0) {
        vf_sbuf_printf(&room, "%s passable", forced ? forced : "");
        out->forced_tags = room.s;
    }
    tries t = {.attempts = VF_RESOLVE_ATTEMPTS, .as_vault = 1,
               .load = validating};
    vf_resolve_status st = run_attempts(e, out, NULL, &t, err);
    out->forced_tags = forced;
    vf_sbuf_free(&room);
    if (st == VF_LUA_ERROR)
        vf_engine_whole_path(err, e->set->files[def->file].path);
    vf_engine_set_place(e, &was);
    out->post_place_hooks = st == VF_RESOLVED && !validating
                            ? vf_engine_hook_count(e, def, "post_place") : 0;
    if (out->post_place_hooks) vf_engine_keep_hooks(e, def->name);
    /* Leave nothing of this case behind: no environment, no current map. */
    vf_engine_flush_env(e, def->name);
    for (size_t i = 0; i < e->nested.n; i++)
        vf_engine_flush_env(e, e->nested.v[i]);
    vf_strlist_free(&e->nested);
    lua_pushnil(L);
    vf_engine_call(e, "dgn_set_map", 1, 0, &ignore);
    vf_sbuf_free(&ignore);
    e->current = NULL;
    vf_used_truncate(&e->used, 0, 0);
    return st;
}

vf_resolve_status vf_engine_nested(vf_engine *e, vf_rmap *m,
                                   const vf_rmap *seed, int attempts,
                                   int as_vault, vf_sbuf *err)
{
    if (e->depth >= VF_NEST_MAX) {
        vf_sbuf_printf(err, "maps resolved inside maps more than %d deep "
                       "(a subvault that picks itself?)", VF_NEST_MAX);
        return VF_LUA_ERROR;
    }
    lua_State *L = vf_lua_state(e->lua);
    /* dgn_set_map hands back the current map: kept here to put back. */
    lua_pushnil(L);
    if (vf_engine_call(e, "dgn_set_map", 1, 1, err)) return VF_LUA_ERROR;
    int outer_map = lua_gettop(L);
    vf_rmap *outer = e->current;
    e->depth++;
    tries t = {.attempts = attempts, .as_vault = as_vault};
    vf_resolve_status st = run_attempts(e, m, seed, &t, err);
    e->depth--;
    e->current = outer;
    vf_strlist_push(&e->nested, vf_xstrdup(m->def->name));
    vf_sbuf ignore = VF_SBUF_INIT;
    lua_pushvalue(L, outer_map);
    vf_engine_call(e, "dgn_set_map", 1, 0, &ignore);
    vf_sbuf_free(&ignore);
    lua_remove(L, outer_map);
    return st;
}

void vf_engine_copy_hooks(vf_engine *e, const char *from, const char *hook)
{
    lua_State *L = vf_lua_state(e->lua);
    lua_getglobal(L, "dgn_map_copy_hooks_from");
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    vf_sbuf ignore = VF_SBUF_INIT;
    vf_lua_hook_added(L);
    lua_pushstring(L, from);
    lua_pushstring(L, hook);
    vf_engine_call(e, "dgn_map_copy_hooks_from", 2, 0, &ignore);
    vf_sbuf_free(&ignore);
}

typedef struct flag_query {
    const char *tag;
    int found;
} flag_query;

static int look_up_flag(lua_State *L)
{
    flag_query *q = lua_touserdata(L, 1);
    vf_lua_slot_get(L, &vf_bind_flags);
    lua_getfield(L, -1, q->tag);
    q->found = lua_toboolean(L, -1);
    return 0;
}

int vf_engine_is_flag(void *engine, const char *tag)
{
    vf_engine *e = engine;
    flag_query q = {tag, 0};
    /* Protected: interning the tag may allocate past the case's cap. */
    vf_lua_cpcall(vf_lua_state(e->lua), look_up_flag, &q);
    return q.found;
}

void vf_engine_diag(vf_diag *d, vf_severity sev, const vf_desset *set,
                    const vf_mapdef *def, const char *what, const char *msg)
{
    vf_diag_where at = {.file = set->files[def->file].path,
                        .line = def->line, .map = def->name};
    msg = strip_own_path(msg, at.file, &at.line);
    if (what && *what) vf_diag_add(d, sev, &at, "%s: %s", what, msg);
    else vf_diag_add(d, sev, &at, "%s", msg);
}

int vf_engine_timed_out(vf_engine *e)
{
    return vf_lua_timed_out(e->lua);
}

unsigned long vf_engine_lua_allocations(const vf_engine *e)
{
    return vf_lua_allocations(e->lua);
}

const vf_game *vf_engine_game(const vf_engine *e)
{
    return &e->cfg.game;
}

const vf_place *vf_engine_place(const vf_engine *e)
{
    return vf_bind_place_peek(vf_lua_state(e->lua));
}

unsigned long vf_engine_place_reads(const vf_engine *e)
{
    return vf_bind_place_reads(vf_lua_state(e->lua));
}

void vf_engine_set_place(vf_engine *e, const vf_place *p)
{
    vf_bind_set_place(vf_lua_state(e->lua), p);
}

int vf_engine_map_place(vf_engine *e, const vf_mapdef *def, vf_place *out)
{
    vf_place want = *vf_engine_place(e);
    *out = want;
    vf_sbuf ignore = VF_SBUF_INIT;
    const vf_mapinfo *i = vf_engine_mapinfo(e, def, &ignore);
    vf_sbuf_free(&ignore);
    /* A failed load-time run still leaves the ranges read before it (and
     * the file's default-depth): the game would build the map there. A
     * map with neither is built where the layout drawing it by tag is. */
    if (i && vf_mapinfo_drawn_in(i, out) == 0) return i->loaded ? 0 : -1;
    if (!i || (!i->places.n && !i->depths.n)) return -1;
    vf_mapinfo_place(i, &want, out);
    return i->loaded ? 0 : -1;
}
