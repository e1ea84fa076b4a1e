/* Escaping untrusted text for HTML and XML. */
#include "vf_esc.h"

#include <string.h>

size_t vf_esc_utf8_len(const unsigned char *s, size_t n)
{
    if (!n) return 0;
    if (s[0] < 0x80) return 1;
    size_t len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;
    if (!len || len > n || s[0] > 0xf4) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0)       /* overlong */
        || (s[0] == 0xed && s[1] >= 0xa0)   /* surrogate */
        || (s[0] == 0xf0 && s[1] < 0x90)    /* overlong */
        || (s[0] == 0xf4 && s[1] >= 0x90))  /* past U+10FFFF */
        return 0;
    return len;
}

static int utf8_len(const unsigned char *s)
{
    return (int)vf_esc_utf8_len(s, strlen((const char *)s));
}

void vf_esc_markup(vf_sbuf *b, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = utf8_len(p);
        switch (n ? *p : 0) {
        case '&': vf_sbuf_adds(b, "&amp;"); break;
        case '<': vf_sbuf_adds(b, "&lt;"); break;
        case '>': vf_sbuf_adds(b, "&gt;"); break;
        case '"': vf_sbuf_adds(b, "&quot;"); break;
        case '\'': vf_sbuf_adds(b, "&apos;"); break;
        default:
            if (!n || (*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
                vf_sbuf_addc(b, '?');
            else
                vf_sbuf_add(b, (const char *)p, (size_t)n);
        }
        p += n ? n : 1;
    }
}

void vf_esc_visible(vf_sbuf *b, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t len = vf_esc_utf8_len(p + i, n - i);
        unsigned char c = p[i];
        if (len == 1 && c == '\n') vf_sbuf_adds(b, "\\n");
        else if (len == 1 && c == '\t') vf_sbuf_adds(b, "\\t");
        else if (!len || (len == 1 && (c < 0x20 || c == 0x7f)))
            vf_sbuf_printf(b, "\\x%02x", c);
        else vf_sbuf_add(b, s + i, len);
        i += len ? len : 1;
    }
}
