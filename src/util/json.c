/* JSON string escaping. */
#include "vf_json.h"

#include <string.h>

/* The length of the well-formed UTF-8 sequence (RFC 3629: no overlong
 * forms, no surrogates, nothing past U+10FFFF) that starts s (n bytes
 * left), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80) return 1;
    size_t len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;
    if (!len || len > n || s[0] > 0xf4) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f)
        || (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
        return 0;
    return len;
}

/* Vault text is any bytes; JSON must be UTF-8: a byte that starts no
 * well-formed sequence becomes U+FFFD, so strict parsers (code scanning's
 * SARIF upload) take the file. */
void vf_json_str(vf_sbuf *b, const char *s, size_t n)
{
    vf_sbuf_addc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80) {
            size_t len = utf8_len((const unsigned char *)s + i, n - i);
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
