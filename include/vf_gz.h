/* vf_gz: gzip files (zlib), for the dumps a run writes.
 *
 * The bytes written depend only on the data: no file name and no time in
 * the gzip header, so a dump written again for the same case is identical
 * byte for byte. */
#ifndef VF_GZ_H
#define VF_GZ_H

#include <stddef.h>

#include "vf_sbuf.h"

/* Appends data, gzip-compressed, to out. */
void vf_gz_compress(const char *data, size_t len, vf_sbuf *out);

/* Writes data gzip-compressed to path, atomically (vf_fs_write_atomic).
 * Returns 0, or -1 with a reason in err. */
int vf_gz_write(const char *path, const char *data, size_t len, char *err,
                size_t errlen);

/* Reads a whole file, gunzipping it when it is gzip (plain files are read
 * as they are), into *data (NUL-terminated, the caller frees). Files that
 * grow past max_bytes are refused. Returns 0, or -1 with a reason. */
int vf_gz_read(const char *path, size_t max_bytes, char **data, size_t *len,
               char *err, size_t errlen);

#endif
