/* The modes a case runs in: their names and the layout types they stand
 * for. */
#include "vf_case.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *name, *layout_type;
} modes[VF_MODE_COUNT] = {
    [VF_MODE_EMPTY] = {"empty", NULL},
    [VF_MODE_FILL] = {"fill", NULL},
    [VF_MODE_ROOMS] = {"rooms", "rooms"},
    [VF_MODE_CAVES] = {"caves", "open_caves"},
    [VF_MODE_CITY] = {"city", "city"},
    [VF_MODE_OPEN] = {"open", "open"},
    /* The game's own layout_cross is an open layout. */
    [VF_MODE_CROSS] = {"cross", "open"},
    /* Each case draws one of the game's layout maps, whose own
     * layout_type_* tags say what it is (gamelayout.c). */
    [VF_MODE_GAME] = {"game", NULL},
};

const char *vf_mode_name(vf_mode m)
{
    return (unsigned)m < VF_MODE_COUNT ? modes[m].name : "?";
}

const char *vf_case_layout_label(vf_mode m, const char *layout_map,
                                 char *buf, size_t n)
{
    if (m == VF_MODE_GAME && layout_map && *layout_map)
        snprintf(buf, n, "%s:%s", vf_mode_name(m), layout_map);
    else snprintf(buf, n, "%s", vf_mode_name(m));
    return buf;
}

int vf_mode_parse(const char *s, vf_mode *out)
{
    for (int i = 0; i < VF_MODE_COUNT; i++)
        if (!strcmp(s, modes[i].name)) return *out = (vf_mode)i, 0;
    return -1;
}

int vf_mode_is_layout(vf_mode m)
{
    return vf_mode_layout_type(m) != NULL || m == VF_MODE_GAME;
}

const char *vf_mode_layout_type(vf_mode m)
{
    return (unsigned)m < VF_MODE_COUNT ? modes[m].layout_type : NULL;
}

/* Is there a word in tags that is prefix + rest (rest NULL: any word that
 * starts with prefix)? */
static int has_word(const char *tags, const char *prefix, const char *rest)
{
    size_t np = strlen(prefix), nr = rest ? strlen(rest) : 0;
    for (const char *p = tags; *p;) {
        while (*p == ' ') p++;
        size_t n = strcspn(p, " ");
        if (n >= np && !strncmp(p, prefix, np) &&
            (!rest || (n == np + nr && !strncmp(p + np, rest, nr))))
            return 1;
        p += n;
    }
    return 0;
}

/* dungeon.cc _vault_can_use_layout: the layout's types in its own tag
 * order, the first one the vault names deciding. */
int vf_layout_admits(const char *tags, const char *layout_tags)
{
    if (!tags) return 1;
    int only = has_word(tags, "layout_", NULL);
    int permissive = !only && has_word(tags, "nolayout_", NULL);
    if (!only && !permissive) return 1;
    static const char prefix[] = "layout_type_";
    const size_t np = sizeof prefix - 1;
    char type[128];
    for (const char *p = layout_tags ? layout_tags : ""; *p;) {
        while (*p == ' ') p++;
        size_t n = strcspn(p, " ");
        if (n > np && n - np < sizeof type && !strncmp(p, prefix, np)) {
            memcpy(type, p + np, n - np);
            type[n - np] = 0;
            if (has_word(tags, "layout_", type)) return 1;
            if (has_word(tags, "nolayout_", type)) return 0;
        }
        p += n;
    }
    return permissive;
}

int vf_mode_admits(vf_mode m, const char *tags)
{
    const char *type = vf_mode_layout_type(m);
    if (!type) return 1;   /* game: decided per layout map drawn */
    char layout_tags[64];
    snprintf(layout_tags, sizeof layout_tags, " layout_type_%s ", type);
    return vf_layout_admits(tags, layout_tags);
}
