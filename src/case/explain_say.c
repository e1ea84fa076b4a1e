/* An explanation in words: each cause at its place in the .des file, the
 * way compilers print errors. */
#include "vf_diag.h"
#include "vf_explain.h"

#include <stdlib.h>
#include <string.h>

void vf_cause_where(const vf_explanation *x, const vf_cause *c, int *line,
                    int *column)
{
    const vf_choice *ch = &c->choice;
    int map_line = ch->sub[0] ? ch->map_line : x->map_line;
    int cell = ch->x >= 0 && ch->y >= 0 && !ch->placed && map_line;
    *line = cell ? map_line + ch->y : ch->line ? ch->line : map_line;
    *column = cell ? ch->x + 1 : 1;
}

const char *vf_cause_file(const vf_cause *c, const char *file)
{
    return c->choice.sub[0] && c->choice.file[0] ? c->choice.file : file;
}

/* What the choice did, with value v in its place: "choosing 'x' at MAP
 * row 4, column 7". */
static void pick_words(const vf_choice *ch, int v, vf_sbuf *out)
{
    char val[64];
    vf_choice_label(ch, v, val, sizeof val);
    switch (ch->kind) {
    case VF_CHOICE_SUBST:
    case VF_CHOICE_NSUBST:
        vf_sbuf_printf(out, "choosing '%s' at MAP row %d, column %d%s", val,
                       ch->y + 1, ch->x + 1,
                       ch->shared ? " (and every other cell of its glyph: "
                                    "':' draws once)" : "");
        return;
    case VF_CHOICE_SHUFFLE:
        if ((unsigned char)ch->key == v)
            vf_sbuf_printf(out, "leaving '%c' as it is", ch->key);
        else
            vf_sbuf_printf(out, "turning '%c' into '%s'", ch->key, val);
        return;
    case VF_CHOICE_KFEAT:
    case VF_CHOICE_KMONS:
    case VF_CHOICE_MONS:
        if (ch->x >= 0)
            vf_sbuf_printf(out, "drawing '%s' for the '%c' at row %d, "
                           "column %d of the placed vault", val, ch->key,
                           ch->y + 1, ch->x + 1);
        else
            vf_sbuf_printf(out, "drawing '%s' for every '%c'", val, ch->key);
        return;
    case VF_CHOICE_SUBVAULT:
        vf_sbuf_printf(out, "drawing map '%s'", val);
        return;
    case VF_CHOICE_LUA:
        vf_sbuf_printf(out, "drawing %s", val);
        return;
    case VF_CHOICE_FLIP:
    case VF_CHOICE_KINDS:
        vf_sbuf_printf(out, "%s", v == '1' ? "doing it" : "not doing it");
        return;
    }
}

/* Value v of ch as the fix says it: "'.'" or "false". */
static void fix_words(const vf_choice *ch, int v, vf_sbuf *out)
{
    char val[64];
    vf_choice_label(ch, v, val, sizeof val);
    if (ch->kind == VF_CHOICE_FLIP)
        vf_sbuf_adds(out, "the other way");
    else if (ch->kind == VF_CHOICE_LUA)
        vf_sbuf_adds(out, val);
    else
        vf_sbuf_printf(out, "'%s'", val);
}

void vf_cause_words(const vf_explanation *x, const vf_cause *c,
                    vf_sbuf *out)
{
    const vf_choice *ch = &c->choice;
    if (ch->kind == VF_CHOICE_FLIP)
        vf_sbuf_printf(out, "the %s flip: ", ch->call);
    else if (ch->line)
        vf_sbuf_printf(out, "%s at line %d: ", ch->call, ch->line);
    else
        vf_sbuf_printf(out, "%s: ", ch->call);
    if (ch->sub[0])
        vf_sbuf_printf(out, "in %s %s, ", ch->hooked
                       ? "the map its post_place hook placed," : "subvault",
                       ch->sub);
    pick_words(ch, ch->chose, out);
    vf_sbuf_printf(out, " makes it %s; ", vf_sev_name(x->sev));
    fix_words(ch, c->fix, out);
    if (c->with)
        vf_sbuf_printf(out, ", with the %zu other choice%s of its set, "
                       "makes it %s (no one of them alone does%s)", c->with,
                       c->with == 1 ? "" : "s", vf_sev_name(c->after),
                       x->set_cut ? "; the set may not be the smallest: "
                                    "the budget ran out" : "");
    else
        vf_sbuf_printf(out, " makes it %s", vf_sev_name(c->after));
}

static void cause_line(const vf_explanation *x, const vf_cause *c,
                       const char *file, vf_sbuf *out)
{
    int line, column;
    vf_cause_where(x, c, &line, &column);
    vf_sbuf_printf(out, "%s:%d:%d: %s: ", vf_cause_file(c, file), line,
                   column,
                   vf_sev_name(x->sev));
    vf_cause_words(x, c, out);
    vf_sbuf_addc(out, '\n');
}

void vf_explain_lines(const vf_explanation *x, const char *file,
                      const char *map, vf_sbuf *out)
{
    if (x->sev == VF_SEV_OK) {
        vf_sbuf_printf(out, "%s:%d:1: note: %s: the case is ok\n", file,
                       x->map_line, map);
        return;
    }
    for (size_t i = 0; i < x->ncauses; i++)
        cause_line(x, &x->causes[i], file, out);
    if (x->untried)
        vf_sbuf_printf(out, "%s:%d:1: note: %s: %zu of its %zu choices left "
                       "untried (the budget of replays ran out)\n", file,
                       x->map_line, map, x->untried, x->nchoices);
    if (x->ncauses) return;
    if (x->verdict.kinds & (VF_V_LUA_ERROR | VF_V_LUA_TIMEOUT)) {
        /* At the line the error names, when it names this file's. */
        const char *msg = x->verdict.message;
        int line = vf_diag_line_in(msg, file, &msg);
        if (!line) line = x->map_line;
        vf_sbuf_printf(out, "%s:%d:1: error: %s: %s: %s\n", file, line, map,
                       x->verdict.kinds & VF_V_LUA_ERROR
                       ? "a Lua error, not a choice"
                       : "too slow to replay its choices", msg);
        return;
    }
    /* "As written" unqualified only when every replay tested its
     * change. */
    vf_sbuf_printf(out, "%s:%d:1: %s: %s %s: no one of its %zu choices "
                   "(SUBST, NSUBST, SHUFFLE, KFEAT, SUBVAULT, its Lua's "
                   "draws, flips) changes it%s, nor do they together%s",
                   file, x->map_line, vf_sev_name(x->sev), map,
                   x->entangled ? "fails as written as far as explain "
                                  "can test"
                                : "fails as written",
                   x->nchoices, x->untried ? " of those tried" : "",
                   x->nchoices ? "" : " (it makes none)");
    if (x->entangled)
        vf_sbuf_printf(out, "; %zu replay%s set aside: the change moved other "
                       "draws too (a SUBST drawing more, the Lua taking "
                       "another branch, another subvault), so %s nothing",
                       x->entangled, x->entangled == 1 ? "" : "s",
                       x->entangled == 1 ? "it tests" : "they test");
    vf_sbuf_addc(out, '\n');
}
