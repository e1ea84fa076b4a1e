/* vf_fs: reading files and finding .des files under a directory. */
#ifndef VF_FS_H
#define VF_FS_H

#include <stddef.h>

#include "vf_diag.h"

typedef struct vf_strlist {
    char **v;      /* each owned */
    size_t n, cap;
} vf_strlist;

void vf_strlist_push(vf_strlist *l, char *owned);
void vf_strlist_free(vf_strlist *l);

/* Reads a whole file into *data (NUL-terminated, owned by the caller).
 * Files over max_bytes are refused. Returns 0, or -1 with a reason in err. */
int vf_fs_read(const char *path, size_t max_bytes, char **data, size_t *len,
               char *err, size_t errlen);

/* Expands one --des argument into file paths, appended to out: a file is
 * taken as it is; a directory is walked recursively for names ending in ext,
 * in the game's order (entries of each directory sorted bytewise, a
 * subdirectory's files where its name sorts). Problems go to d (a missing
 * path, an unreadable directory) and the walk goes on. Returns the number
 * of problems. */
int vf_fs_expand(const char *path, const char *ext, vf_strlist *out,
                 vf_diag *d);

/* Replaces path with data atomically: written to a temporary file beside
 * it (named with the pid, so processes writing the same path never share
 * one), then renamed over it. Readers see the old file or the new one,
 * never a part. Returns 0, or -1 with a reason in err. */
int vf_fs_write_atomic(const char *path, const void *data, size_t len,
                       char *err, size_t errlen);

/* Creates dir and any missing parents (mode 0777 less the umask).
 * Returns 0, or -1 with a reason in err. */
int vf_fs_mkdirs(const char *dir, char *err, size_t errlen);

#endif
