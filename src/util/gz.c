/* gzip in memory and on disk. */
#include "vf_gz.h"
#include "vf_fs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

void vf_gz_compress(const char *data, size_t len, vf_sbuf *out)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    /* 15 + 16: a gzip wrapper; deflate writes it with time 0 and no name.
     * Level 4: a run writes a dump per failing case, and on trunk's dumps
     * (14 kB of text each) level 6 took twice the time for 11% less. */
    if (deflateInit2(&z, 4, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY)
        != Z_OK) {
        fputs("vaultfuzz: out of memory (zlib)\n", stderr);
        abort();
    }
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)len;
    unsigned char buf[16384];
    int st;
    do {
        z.next_out = buf;
        z.avail_out = sizeof buf;
        st = deflate(&z, Z_FINISH);
        vf_sbuf_add(out, (const char *)buf, sizeof buf - z.avail_out);
    } while (st == Z_OK || st == Z_BUF_ERROR);
    deflateEnd(&z);
}

int vf_gz_write(const char *path, const char *data, size_t len, char *err,
                size_t errlen)
{
    vf_sbuf gz = VF_SBUF_INIT;
    vf_gz_compress(data, len, &gz);
    int rc = vf_fs_write_atomic(path, gz.s ? gz.s : "", gz.len, err, errlen);
    vf_sbuf_free(&gz);
    return rc;
}

int vf_gz_read(const char *path, size_t max_bytes, char **data, size_t *len,
               char *err, size_t errlen)
{
    gzFile f = gzopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open %s: %s", path,
                 errno ? strerror(errno) : "out of memory");
        return -1;
    }
    vf_sbuf b = VF_SBUF_INIT;
    char chunk[65536];
    int n;
    while ((n = gzread(f, chunk, sizeof chunk)) > 0) {
        if (b.len + (size_t)n > max_bytes) {
            snprintf(err, errlen, "%s: larger than %zu bytes", path,
                     max_bytes);
            n = -2;
            break;
        }
        vf_sbuf_add(&b, chunk, (size_t)n);
    }
    if (n == -1) {
        int e;
        snprintf(err, errlen, "%s: %s", path, gzerror(f, &e));
    }
    gzclose(f);
    if (n < 0) {
        vf_sbuf_free(&b);
        return -1;
    }
    *len = b.len;
    *data = vf_sbuf_take(&b);
    return 0;
}
