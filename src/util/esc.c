/* Escaping untrusted text for HTML and XML. */
#include "vf_esc.h"

/* The length of the well-formed UTF-8 sequence at s (1 to 4), or 0 when
 * the bytes there are not one: overlong forms, surrogates and code
 * points past U+10FFFF included. */
static int utf8_len(const unsigned char *s)
{
    if (s[0] < 0x80) return 1;
    int n = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;
    if (!n || s[0] > 0xf4) return 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && s[0] == 0xe0 && s[1] < 0xa0) return 0;   /* overlong */
    if (n == 3 && s[0] == 0xed && s[1] >= 0xa0) return 0;  /* surrogate */
    if (n == 4 && s[0] == 0xf0 && s[1] < 0x90) return 0;   /* overlong */
    if (n == 4 && s[0] == 0xf4 && s[1] >= 0x90) return 0;  /* > U+10FFFF */
    return n;
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
