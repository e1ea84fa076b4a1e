/* A set of loaded .des files and their maps, with a name index. */
#include "vf_des.h"
#include "vf_fs.h"

#include <stdlib.h>
#include <string.h>

void vf_desset_init(vf_desset *set)
{
    memset(set, 0, sizeof *set);
}

void vf_desset_free(vf_desset *set)
{
    for (size_t i = 0; i < set->nfiles; i++) {
        free(set->files[i].path);
        vf_chunk_free(&set->files[i].prelude);
    }
    for (size_t i = 0; i < set->nmaps; i++) {
        vf_mapdef *m = &set->maps[i];
        free(m->name);
        free(m->default_depth);
        free(m->orient);
        free(m->tags);
        for (int k = 0; k < VF_CHUNK_KINDS; k++) vf_chunk_free(&m->chunk[k]);
    }
    free(set->files);
    free(set->maps);
    free(set->index);
    free(set->dups);
    vf_desset_init(set);
}

static size_t hash_name(const char *s)
{
    size_t h = 1469598103934665603u;  /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static void index_insert(vf_desset *set, size_t map)
{
    size_t mask = set->index_cap - 1;
    size_t i = hash_name(set->maps[map].name) & mask;
    while (set->index[i]) i = (i + 1) & mask;
    set->index[i] = map + 1;
}

static void index_grow(vf_desset *set)
{
    free(set->index);
    set->index_cap = set->index_cap ? set->index_cap * 2 : 1024;
    set->index = vf_xcalloc(set->index_cap, sizeof *set->index);
    for (size_t m = 0; m < set->nmaps; m++) index_insert(set, m);
}

const vf_mapdef *vf_desset_find(const vf_desset *set, const char *name)
{
    if (!set->index_cap) return NULL;
    size_t mask = set->index_cap - 1;
    for (size_t i = hash_name(name) & mask; set->index[i]; i = (i + 1) & mask)
        if (!strcmp(set->maps[set->index[i] - 1].name, name))
            return &set->maps[set->index[i] - 1];
    return NULL;
}

/* Used by the parser (parse.c). */
const vf_mapdef *vf_des_find_map(const vf_desset *set, const char *name)
{
    return vf_desset_find(set, name);
}

/* Takes ownership of *m's contents. */
void vf_des_add_map(vf_desset *set, vf_mapdef *m)
{
    if (set->nmaps == set->maps_cap) {
        set->maps_cap = set->maps_cap ? set->maps_cap * 2 : 256;
        set->maps = vf_xrealloc(set->maps, set->maps_cap * sizeof *set->maps);
    }
    set->maps[set->nmaps++] = *m;
    /* Keep the index at most half full. */
    if (2 * set->nmaps > set->index_cap) index_grow(set);
    else index_insert(set, set->nmaps - 1);
}

size_t vf_des_add_file(vf_desset *set, const char *path)
{
    if (set->nfiles == set->files_cap) {
        set->files_cap = set->files_cap ? set->files_cap * 2 : 64;
        set->files = vf_xrealloc(set->files,
                                 set->files_cap * sizeof *set->files);
    }
    vf_desfile *f = &set->files[set->nfiles];
    memset(f, 0, sizeof *f);
    f->path = vf_xstrdup(path);
    return set->nfiles++;
}

size_t vf_des_load_file(vf_desset *set, const char *path, vf_diag *d)
{
    char *text;
    size_t len;
    char err[256];
    if (vf_fs_read(path, VF_DES_MAX_FILE, &text, &len, err, sizeof err)) {
        vf_diag_add(d, VF_ERROR, &(vf_diag_where){.file = path}, "%s", err);
        return 1;
    }
    /* The game's .des reader (maps.cc, flex on the raw file) does not skip
     * a UTF-8 byte-order mark: the file fails on its first line there, for
     * a reason no editor shows. Said so here; the rest is read past it, so
     * its other problems show too. */
    size_t skip = 0;
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {
        vf_diag_add(d, VF_ERROR, &(vf_diag_where){.file = path, .line = 1},
                    "the file starts with a UTF-8 byte-order mark (bytes EF "
                    "BB BF), which the game does not accept: save it "
                    "without one");
        skip = 3;
    }
    size_t errors = vf_des_load_buffer(set, path, text + skip, len - skip, d);
    free(text);
    return errors + (skip != 0);
}

size_t vf_des_load_paths(vf_desset *set, char *const *paths, size_t n,
                         vf_diag *d)
{
    vf_strlist files = {0};
    size_t errors = 0;
    for (size_t i = 0; i < n; i++)
        errors += (size_t)vf_fs_expand(paths[i], ".des", &files, d);
    for (size_t i = 0; i < files.n; i++)
        errors += vf_des_load_file(set, files.v[i], d);
    vf_strlist_free(&files);
    return errors;
}
