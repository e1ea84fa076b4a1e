/* SUBVAULT (dcss-compat.md §5.8): subvault("KEYS : tag1 / tag2:w"), and
 * the questions a map's Lua asks when it is placed as a subvault
 * (is_subvault, default_subvault_glyphs, subvault_size,
 * subvault_cell_valid). mapdef.cc subvault_from_tagstring, apply_subvault.
 *
 * At load time (is_validating()) the spec is only checked and recorded.
 * At placement the cells holding KEYS now make the mask; one tag is drawn
 * from the list; then up to 100 tries: a map carrying the tag is chosen
 * from the index as map_by_tag chooses (depth-checked, not one already
 * used in this attempt), resolved in this same Lua state with the mask
 * (its own environment; the parent, in the middle of its chunk, gets its
 * own back untouched), fitted and merged (vf_rmap.h). A Lua error in the
 * subvault, no map for the tag, or 100 failed tries is a Lua error at the
 * SUBVAULT line, which gives up the whole level in the game. */
#include "engine/engine_int.h"
#include "bind_int.h"
#include "vf_keyitem.h"
#include "vf_tagstr.h"

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUBVAULT_TRIES 100

/* The weighted tag list after the ':'. */
typedef struct tag_list {
    vf_strlist tags;
    int *weight;
} tag_list;

static void tag_list_free(tag_list *l)
{
    vf_strlist_free(&l->tags);
    free(l->weight);
}

static int parse_tags(tag_list *l, const char *s, size_t n, vf_sbuf *err)
{
    int rc = 0;
    for (size_t i = 0; rc == 0 && i <= n;) {
        size_t j = i;
        while (j < n && s[j] != '/') j++;
        char *v = vf_xstrndup(s + i, j - i);
        vf_tag_trim(v);
        int w;
        if (!*v) {
            free(v);   /* empty pieces are dropped */
        } else if (vf_tag_weight_entry(v, &w)) {
            vf_sbuf_printf(err, "Invalid weight specifier in \"%.*s\"",
                           (int)n, s);
            free(v);
            rc = -1;
        } else if (!*v) {
            vf_sbuf_printf(err, "bad spec: '' in '%.*s'", (int)n, s);
            free(v);
            rc = -1;
        } else {
            l->weight = vf_xrealloc(l->weight,
                                    (l->tags.n + 1) * sizeof *l->weight);
            l->weight[l->tags.n] = w;
            vf_strlist_push(&l->tags, v);
        }
        i = j + 1;
    }
    return rc;
}

/* string_spec::get_property: a weighted draw, "" when the list is empty. */
static const char *draw_tag(const tag_list *l, vf_rng *r)
{
    const char *chosen = "";
    int total = 0;
    for (size_t i = 0; i < l->tags.n; i++) {
        total += l->weight[i];
        if (vf_x_chance_in_y(r, l->weight[i], total)) chosen = l->tags.v[i];
    }
    return chosen;
}

/* One try: resolve info's map as a subvault with the mask, fit it and
 * merge it into m. Returns 1 when merged, 0 when this try failed, -1 on a
 * Lua error in the subvault (message in err). */
static int try_one(vf_engine *e, vf_rmap *m, const vf_svmask *mask,
                   const vf_mapinfo *info, vf_sbuf *err)
{
    vf_rmap seed, sub;
    vf_rmap_init(&seed, info->def, &e->rng);
    seed.game = &e->cfg.game;
    vf_mapinfo_seed(info, &seed);
    vf_rmap_init(&sub, info->def, &e->rng);
    sub.game = &e->cfg.game;
    sub.svmask = mask;
    /* Its choices are the case's too: a cause may be inside it. */
    vf_choices_nesting saved;
    sub.choices = m->choices;
    if (m->choices) vf_choices_nest(m->choices, info->def->name, &saved);
    vf_resolve_status st = vf_engine_nested(e, &sub, &seed, 1, 0, err);
    if (m->choices) vf_choices_unnest(m->choices, &saved);
    sub.choices = NULL;
    int rc = st == VF_LUA_ERROR ? -1 : 0;
    if (st == VF_RESOLVED && vf_rmap_fit_subvault(&sub, mask)) {
        vf_rmap_merge(m, &sub, mask, 0, 0);
        vf_engine_copy_hooks(e, info->def->name, "post_place");
        vf_used_add(&e->used, info->def->name, vf_sbuf_str(&sub.tags));
        rc = 1;
    }
    vf_rmap_free(&sub);
    vf_rmap_free(&seed);
    return rc;
}

/* The map for tag as a subvault draws it: SUBVAULT's choice. */
static const vf_mapinfo *pick_map(lua_State *L, vf_rmap *m,
                                  const vf_catalog *c, const char *tag,
                                  const char *spec)
{
    vf_engine *e = vf_engine_of(L);
    vf_sbuf call = VF_SBUF_INIT;
    vf_sbuf_printf(&call, "SUBVAULT: %s", spec);
    vf_bind_pick pick = {.catalog = c, .tag = tag,
                         .check_depth = !e->cfg.ignore_depth,
                         .used = &e->used, .call = vf_sbuf_str(&call)};
    const vf_mapinfo *info = vf_bind_pick_map(L, m->choices, &pick);
    vf_sbuf_free(&call);
    return info;
}

const vf_mapinfo *vf_bind_pick_map(lua_State *L, vf_choices *log,
                                   const vf_bind_pick *p)
{
    vf_engine *e = vf_engine_of(L);
    const vf_mapinfo *cand[VF_CHOICE_ALTS];
    size_t n = 0;
    vf_pick_req q = {.tags = p->tag, .check_depth = p->check_depth,
                     .place = vf_bind_place(L), .used = p->used};
    const vf_mapinfo *info = vf_catalog_pick_listed(
        p->catalog, &q, &e->rng, log ? cand : NULL, VF_CHOICE_ALTS, &n);
    if (log && n >= 2) {
        vf_choice ch;
        memset(&ch, 0, sizeof ch);
        ch.kind = VF_CHOICE_SUBVAULT;
        ch.line = log->line;
        ch.x = ch.y = -1;
        ch.chose = -1;
        vf_sbuf names = VF_SBUF_INIT;
        for (size_t i = 0; i < n; i++) {
            ch.alts[ch.nalts++] = (int)i;
            if (cand[i] == info) ch.chose = (int)i;
            vf_sbuf_printf(&names, "%s%s", i ? "\n" : "", cand[i]->def->name);
        }
        snprintf(ch.names, sizeof ch.names, "%s", vf_sbuf_str(&names));
        vf_sbuf_free(&names);
        vf_choice_set_call(&ch, p->call);
        int v = vf_choices_take(log, &ch);
        if (v >= 0 && (size_t)v < n) info = cand[v];
    }
    if (info && vf_mapinfo_has_tag(info, "dummy", 5)) return NULL;
    return info;
}

/* "No vault found", and when a map with the tag failed to load, its own
 * error: the knock-on message alone hides the cause. */
static void no_vault(const vf_catalog *c, const char *tag, vf_sbuf *err)
{
    vf_sbuf_printf(err, "No vault found for tag '%s'", tag);
    const vf_mapinfo *bad = *tag ? vf_catalog_failed_for(c, tag) : NULL;
    if (bad)
        vf_sbuf_printf(err, ": map %s, tagged so, fails to load: %s",
                       bad->def->name, bad->problem);
}

/* apply_subvault: places a map tagged from list over the cells of m
 * holding a key of ki, spec being the whole argument. Returns 0, or -1
 * with the game's message in err. */
static int place(lua_State *L, vf_rmap *m, const vf_keyitem *ki,
                 const tag_list *list, const char *spec, vf_sbuf *err)
{
    vf_svmask mask;
    if (vf_svmask_keys(m, ki->key, ki->key_len, &mask))
        return 0;   /* no key cell */
    vf_engine *e = vf_engine_of(L);
    const char *tag = draw_tag(list, &e->rng);
    const vf_catalog *c = vf_engine_catalog(e, err);
    size_t names = e->used.names.n, tags = e->used.tags.n;
    int rc = c ? 0 : -1;
    for (int n = 0; c && rc == 0 && n < SUBVAULT_TRIES; n++) {
        /* What an earlier try's inner subvaults took is free again. */
        vf_used_truncate(&e->used, names, tags);
        const vf_mapinfo *info = pick_map(L, m, c, tag, spec);
        if (!info) {
            no_vault(c, tag, err);
            vf_svmask_free(&mask);
            return -1;
        }
        vf_sbuf inner = VF_SBUF_INIT;
        rc = try_one(e, m, &mask, info, &inner);
        if (rc < 0)
            vf_sbuf_printf(err, "Fatal lua error while resolving subvault "
                           "'%s': %s", tag, vf_sbuf_str(&inner));
        vf_sbuf_free(&inner);
    }
    if (rc <= 0) vf_used_truncate(&e->used, names, tags);
    if (c && rc == 0)
        vf_sbuf_printf(err, "Could not fit '%s' in (%d,%d) to (%d, %d).", tag,
                       mask.x, mask.y, mask.x + mask.w - 1,
                       mask.y + mask.h - 1);
    vf_svmask_free(&mask);
    return rc > 0 ? 0 : -1;
}

/* One "KEYS : tags" argument (subvault_from_tagstring). */
static int subvault_spec(lua_State *L, vf_rmap *m, const char *s,
                         vf_sbuf *err)
{
    char *t = vf_xstrdup(s);
    vf_tag_trim(t);
    int empty = !*t;
    free(t);
    if (empty) return 0;
    vf_keyitem ki;
    if (vf_keyitem_split(s, strlen(s), 0, &ki, err)) return -1;
    if (ki.sep != ':') {
        vf_sbuf_adds(err, "SUBVAULT does not support '='. Use ':' instead.");
        return -1;
    }
    tag_list list = {{0}, NULL};
    int rc = parse_tags(&list, ki.arg, ki.arg_len, err);
    if (rc == 0 && m->validating)
        vf_strlist_push(&m->subvaults, vf_xstrdup(s));
    else if (rc == 0)
        rc = place(L, m, &ki, &list, s, err);
    tag_list_free(&list);
    return rc;
}

static int l_subvault(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    int top = lua_gettop(L);
    if (top == 1) return vf_bind_des_error(L, "Expected args, got none.");
    for (int i = 2; i <= top; i++) {
        if (lua_isnil(L, i)) return vf_bind_des_error(L, "Unexpected nil.");
        vf_sbuf err = VF_SBUF_INIT;
        if (m->choices) m->choices->line = vf_bind_des_line(L);
        if (subvault_spec(L, m, luaL_checkstring(L, i), &err)) {
            lua_pushstring(L, vf_sbuf_str(&err));
            vf_sbuf_free(&err);
            return vf_bind_des_error(L, lua_tostring(L, -1));
        }
        vf_sbuf_free(&err);
    }
    return 0;
}

/* ---- the mask questions -------------------------------------------------- */

static int l_is_subvault(lua_State *L)
{
    lua_pushboolean(L, vf_bind_checkmap(L, 1)->svmask != NULL);
    return 1;
}

/* The map becomes the mask's box: '.' on masked cells, ' ' elsewhere. */
static int l_default_subvault_glyphs(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    const vf_svmask *k = m->svmask;
    if (!k) return 0;
    vf_grid_clear(&m->grid);
    char *row = vf_xmalloc((size_t)k->w + 1);
    for (int y = 0; y < k->h; y++) {
        for (int x = 0; x < k->w; x++)
            row[x] = vf_svmask_on(k, x, y) ? '.' : ' ';
        vf_grid_add_line(&m->grid, row, (size_t)k->w);
    }
    free(row);
    return 0;
}

static int l_subvault_cell_valid(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    int x = vf_lua_checkint(L, 2), y = vf_lua_checkint(L, 3);
    lua_pushboolean(L, m->svmask && vf_svmask_on(m->svmask, x, y));
    return 1;
}

static int l_subvault_size(lua_State *L)
{
    const vf_svmask *k = vf_bind_checkmap(L, 1)->svmask;
    lua_pushinteger(L, k ? k->w : 0);
    lua_pushinteger(L, k ? k->h : 0);
    return 2;
}

static const luaL_Reg subvault_fns[] = {
    {"subvault", l_subvault},
    {"is_subvault", l_is_subvault},
    {"default_subvault_glyphs", l_default_subvault_glyphs},
    {"subvault_cell_valid", l_subvault_cell_valid},
    {"subvault_size", l_subvault_size},
    {NULL, NULL}};

void vf_bind_open_dgn_subvault(lua_State *L)
{
    vf_lua_register(L, "dgn", subvault_fns);
    lua_pop(L, 1);
}
