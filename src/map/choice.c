/* The choices of a resolve: logged, and some of them forced on a replay. */
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
    if (c->nested) return;
    c->attempt++;
    c->next = 0;
    c->n = 0;
}

static void log_choice(vf_choices *c, const vf_choice *made)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->v = vf_xrealloc(c->v, c->cap * sizeof *c->v);
    }
    vf_choice *d = &c->v[c->n++];
    *d = *made;
    if (c->nested) {
        memcpy(d->sub, c->sub, sizeof d->sub);
        memcpy(d->file, c->sub_file, sizeof d->file);
        d->map_line = c->sub_map_line;
        d->hooked = c->sub_hooked;
    }
}

void vf_choices_nest(vf_choices *c, const char *name,
                     vf_choices_nesting *saved)
{
    memcpy(saved->sub, c->sub, sizeof c->sub);
    memcpy(saved->sub_file, c->sub_file, sizeof c->sub_file);
    saved->sub_map_line = c->sub_map_line;
    saved->sub_hooked = c->sub_hooked;
    saved->first = c->n;
    c->nested++;
    snprintf(c->sub, sizeof c->sub, "%s", name);
    c->sub_file[0] = 0;
    c->sub_map_line = 0;
    c->sub_hooked = 0;
}

void vf_choices_nest_hooked(vf_choices *c, const char *name,
                            vf_choices_nesting *saved)
{
    vf_choices_nest(c, name, saved);
    c->sub_hooked = 1;
}

void vf_choices_unnest(vf_choices *c, const vf_choices_nesting *saved)
{
    /* A choice made before the MAP was read lacks them; one of a deeper
     * subvault has its own. */
    for (size_t i = saved->first; i < c->n; i++) {
        vf_choice *d = &c->v[i];
        if (strcmp(d->sub, c->sub)) continue;
        if (!d->file[0]) memcpy(d->file, c->sub_file, sizeof d->file);
        if (!d->map_line) d->map_line = c->sub_map_line;
    }
    c->nested--;
    memcpy(c->sub, saved->sub, sizeof c->sub);
    memcpy(c->sub_file, saved->sub_file, sizeof c->sub_file);
    c->sub_map_line = saved->sub_map_line;
    c->sub_hooked = saved->sub_hooked;
}

/* value when made offers it, else what was drawn: a replay whose other
 * changes moved the numbering can meet another choice at a forced
 * number (a KMONS with fewer alternatives), where the value would index
 * past its list. Such a replay is set aside (explain's same_draws). */
static int offered(const vf_choice *made, int value)
{
    for (int i = 0; i < made->nalts; i++)
        if (made->alts[i] == value) return value;
    return made->chose;
}

int vf_choices_take(vf_choices *c, const vf_choice *made)
{
    if (!c || made->nalts < 2) return made->chose;
    size_t k = c->next++;
    if (c->record) log_choice(c, made);
    if (c->force_attempt != c->attempt) return made->chose;
    for (size_t i = 0; i < c->nforce; i++)
        if (c->force[i].at == k) return offered(made, c->force[i].value);
    return made->chose;
}

void vf_choice_set_call(vf_choice *c, const char *call)
{
    size_t n = strlen(call);
    if (n < sizeof c->call) memcpy(c->call, call, n + 1);
    else snprintf(c->call, sizeof c->call, "%.*s...",
                  (int)sizeof c->call - 4, call);
}

char vf_choices_make(vf_choices *c, const vf_choice *what,
                     const char *alts, const char *call)
{
    char chose = (char)what->chose;
    if (!c) return chose;
    vf_choice made = *what;
    made.nalts = 0;
    for (const char *g = alts; *g && made.nalts < VF_CHOICE_ALTS; g++)
        made.alts[made.nalts++] = (unsigned char)*g;
    if (made.nalts < 2) return chose;
    vf_choice_set_call(&made, call);
    return (char)vf_choices_take(c, &made);
}

/* Line i of a '\n'-separated list, or NULL past its end. */
static const char *nth_name(const char *names, int i, size_t *len)
{
    const char *p = names;
    for (; i > 0 && p; i--) {
        p = strchr(p, '\n');
        if (p) p++;
    }
    if (!p || !*p) return NULL;
    const char *e = strchr(p, '\n');
    *len = e ? (size_t)(e - p) : strlen(p);
    return p;
}

void vf_choice_label(const vf_choice *c, int value, char *out, size_t len)
{
    size_t n;
    const char *name;
    switch (c->kind) {
    case VF_CHOICE_KFEAT:
    case VF_CHOICE_KMONS:
    case VF_CHOICE_MONS:
    case VF_CHOICE_SUBVAULT:
        if (value < 0) snprintf(out, len, "none");
        else if ((name = nth_name(c->names, value, &n)))
            snprintf(out, len, "%.*s", (int)n, name);
        else snprintf(out, len, "#%d", value + 1);
        return;
    case VF_CHOICE_LUA:
        if (c->key == 'b') snprintf(out, len, value ? "true" : "false");
        else if (c->key == 'r')
            snprintf(out, len, "%g", (double)value / VF_CHOICE_REAL_SCALE);
        else snprintf(out, len, "%d", value);
        return;
    default:
        snprintf(out, len, "%c", (char)value);
    }
}
