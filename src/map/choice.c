/* The choices of a resolve: logged, and one of them forced on a replay. */
#include "vf_choice.h"
#include "vf_sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void vf_choices_init(vf_choices *c)
{
    memset(c, 0, sizeof *c);
}

void vf_choices_free(vf_choices *c)
{
    free(c->v);
    vf_choices_init(c);
}

void vf_choices_attempt(vf_choices *c)
{
    c->attempt++;
    c->next = 0;
    c->n = 0;
}

char vf_choices_make(vf_choices *c, vf_choice_kind kind, int line, int x,
                     int y, char key, char chose, const char *alts,
                     const char *call)
{
    if (!c) return chose;
    size_t k = c->next++;
    if (c->record) {
        if (c->n == c->cap) {
            c->cap = c->cap ? 2 * c->cap : 64;
            c->v = vf_xrealloc(c->v, c->cap * sizeof *c->v);
        }
        vf_choice *ch = &c->v[c->n++];
        ch->kind = kind;
        ch->line = line;
        ch->x = x;
        ch->y = y;
        ch->key = key;
        ch->chose = chose;
        snprintf(ch->alts, sizeof ch->alts, "%s", alts);
        size_t n = strlen(call);
        if (n < sizeof ch->call) memcpy(ch->call, call, n + 1);
        else snprintf(ch->call, sizeof ch->call, "%.*s...",
                      (int)sizeof ch->call - 4, call);
        ch->shared = 0;
    }
    if (c->force_attempt == c->attempt && c->force_at == k)
        return c->force_glyph;
    return chose;
}
