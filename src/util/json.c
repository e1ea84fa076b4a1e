/* JSON string escaping. */
#include "vf_esc.h"
#include "vf_json.h"

#include <string.h>

/* Vault text is any bytes; JSON must be UTF-8: a byte that starts no
 * well-formed sequence becomes U+FFFD, so strict parsers (code scanning's
 * SARIF upload) take the file. */
void vf_json_str(vf_sbuf *b, const char *s, size_t n)
{
    vf_sbuf_addc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80) {
            size_t len = vf_esc_utf8_len((const unsigned char *)s + i, n - i);
            if (!len) {
                vf_sbuf_adds(b, "\\ufffd");
                continue;
            }
            vf_sbuf_add(b, s + i, len);
            i += len - 1;
            continue;
        }
        switch (c) {
        case '"': vf_sbuf_adds(b, "\\\""); break;
        case '\\': vf_sbuf_adds(b, "\\\\"); break;
        case '\n': vf_sbuf_adds(b, "\\n"); break;
        case '\r': vf_sbuf_adds(b, "\\r"); break;
        case '\t': vf_sbuf_adds(b, "\\t"); break;
        default:
            if (c < 0x20 || c == 0x7f) vf_sbuf_printf(b, "\\u%04x", c);
            else vf_sbuf_addc(b, (char)c);
        }
    }
    vf_sbuf_addc(b, '"');
}

void vf_json_cstr(vf_sbuf *b, const char *s)
{
    if (!s) vf_sbuf_adds(b, "null");
    else vf_json_str(b, s, strlen(s));
}
