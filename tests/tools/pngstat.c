/* pngstat: what a screenshot shows, for the browser test of report.html
 * (harness/check-html.sh): its size, how many distinct colours it holds,
 * and the share of pixels that differ from its top-left pixel (the page's
 * background). Read with libpng's simplified API. Colours are counted
 * up to 256.
 *
 *   pngstat FILE.png   ->  "WIDTH HEIGHT COLOURS PERMILLE"  */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Distinct RGBA values, counted up to a cap (a page has few). */
#define MAX_COLOURS 256

static unsigned long colours(const png_uint_32 *px, size_t n)
{
    static png_uint_32 seen[MAX_COLOURS];
    unsigned long k = 0;
    for (size_t i = 0; i < n && k < MAX_COLOURS; i++) {
        unsigned long j = 0;
        while (j < k && seen[j] != px[i]) j++;
        if (j == k) seen[k++] = px[i];
    }
    return k;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: pngstat FILE.png\n");
        return 2;
    }
    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&im, argv[1])) {
        fprintf(stderr, "pngstat: %s: %s\n", argv[1], im.message);
        return 2;
    }
    im.format = PNG_FORMAT_RGBA;
    size_t n = (size_t)im.width * im.height;
    png_uint_32 *px = malloc(n * sizeof *px + 1);
    if (!px || !png_image_finish_read(&im, NULL, px, 0, NULL)) {
        fprintf(stderr, "pngstat: %s: %s\n", argv[1], im.message);
        free(px);
        return 2;
    }
    size_t differ = 0;
    for (size_t i = 0; i < n; i++) differ += px[i] != px[0];
    printf("%lu %lu %lu %lu\n", (unsigned long)im.width,
           (unsigned long)im.height, colours(px, n),
           n ? (unsigned long)(1000 * differ / n) : 0);
    free(px);
    return 0;
}
