/* The versions, their names, and telling a checkout's version from
 * its files. */
#include "vf_gamever.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "vf_fs.h"

const char *vf_gamever_name(int ver)
{
    static const char *const names[] = {
        "0.25", "0.26", "0.27", "0.28", "0.29", "0.30", "0.31", "0.32",
        "0.33", "0.34"};
    if (ver == VF_GV_TRUNK) return "trunk";
    if (ver < VF_GV_OLDEST || ver > VF_GV_LATEST) return "?";
    return names[ver - VF_GV_OLDEST];
}

int vf_gamever_lua(int ver)
{
    return ver >= 34 ? 54 : 51;
}

/* "34", "0.34" or "0.34.1": the minor number, or -1. */
static int minor_of(const char *s)
{
    if (!strncmp(s, "0.", 2)) s += 2;
    char *end;
    long n = strtol(s, &end, 10);
    if (end == s || n < 0 || n > 1000) return -1;
    if (*end == '.') {   /* a point release: same tables as its .0 */
        char *end2;
        strtol(end + 1, &end2, 10);
        if (end2 == end + 1) return -1;
        end = end2;
    }
    return *end ? -1 : (int)n;
}

int vf_gamever_parse(const char *text, vf_sbuf *err)
{
    if (!strcmp(text, "trunk") || !strcmp(text, "master"))
        return VF_GV_TRUNK;
    int n = minor_of(text);
    if (n >= VF_GV_OLDEST && n <= VF_GV_LATEST) return n;
    vf_sbuf_printf(err, "unknown game version '%s' (give 0.%d to 0.%d, or "
                   "trunk)", text, VF_GV_OLDEST, VF_GV_LATEST);
    return 0;
}

/* The file each release added to dat/ (and kept), newest first: the first
 * one present names the checkout's release. 0.30 added no file, so a map
 * it added stands for it. */
static const struct mark {
    int ver;
    const char *path;     /* under dat/ */
    const char *needle;   /* text the file holds, or NULL */
} marks[] = {
    {VF_GV_TRUNK, "des/portals/gulch.des", NULL},   /* 2026-03-26 */
    {34, "des/variable/wad_woods.des", NULL},
    {33, "des/portals/necropolis.des", NULL},
    {32, "des/portals/crucible.des", NULL},
    {31, "des/builder/custombooks.des", NULL},
    {30, "des/altar/overflow.des", "hellmonk_okawaru_the_only_friend_you_need"},
    {29, "des/serial/demonic.des", NULL},
    {28, "des/portals/arena.des", NULL},
    {27, "des/altar/ecumenical.des", NULL},
    {26, "des/variable/winding_woodlands.des", NULL},
};

static int mark_present(const char *dat, const struct mark *m)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dat, m->path);
    struct stat st;
    if (!m->needle) return stat(path, &st) == 0 && S_ISREG(st.st_mode);
    char *text, why[64];
    size_t len;
    if (vf_fs_read(path, 64u << 20, &text, &len, why, sizeof why)) return 0;
    int found = strstr(text, m->needle) != NULL;
    free(text);
    return found;
}

int vf_gamever_detect(const char *dat, vf_sbuf *why)
{
    for (size_t i = 0; i < sizeof marks / sizeof *marks; i++)
        if (mark_present(dat, &marks[i])) {
            /* The file that told the version apart, said as such: a
             * bare path reads as where the version lives. */
            vf_sbuf_printf(why, "told by %s%s%s", marks[i].path,
                           marks[i].needle ? ", which holds " : "",
                           marks[i].needle ? marks[i].needle : "");
            return marks[i].ver;
        }
    vf_sbuf_adds(why, "none of the later releases' files");
    return VF_GV_OLDEST;
}
