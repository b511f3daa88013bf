/* jsonout.c: JSON text with every real in its shortest exact form
 * (jsonout.h). Jansson prints a real with 17 significant digits, which
 * always reads back exactly; this pass reads each such number back and
 * writes the fewest digits that still do. */
#include "jsonout.h"

#include <stdlib.h>
#include <string.h>

void fray_json_real_text(double v, char *buf, size_t len)
{
    /* a whole number as one (100.0, not %g's 1e+02), while every integer
     * up to it is exact in a double */
    if (v > -1e15 && v < 1e15 && v == (double)(long long)v) {
        snprintf(buf, len, "%lld.0", (long long)v);
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, len, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    /* still a real to a reader that tells 1 from 1.0 (Jansson does) */
    if (!strpbrk(buf, ".eEn")) {
        size_t n = strlen(buf);
        if (n + 3 <= len)
            memcpy(buf + n, ".0", 3);
    }
}

/* Copy TEXT, rewriting each number that has a fraction or an exponent;
 * strings (with their escapes) are copied untouched. */
static char *shorten(const char *text)
{
    size_t n = strlen(text);
    /* a number never grows: the rewrite fits in the same length */
    char *out = malloc(n + 1), *w = out;
    if (!out)
        return NULL;
    for (const char *p = text; *p;) {
        if (*p == '"') {
            *w++ = *p++;
            while (*p && *p != '"') {
                if (*p == '\\' && p[1])
                    *w++ = *p++;
                *w++ = *p++;
            }
            if (*p)
                *w++ = *p++;
        } else if (*p == '-' || (*p >= '0' && *p <= '9')) {
            size_t k = strspn(p, "-+0123456789.eE");
            if (memchr(p, '.', k) || memchr(p, 'e', k) || memchr(p, 'E', k)) {
                char num[32];
                fray_json_real_text(strtod(p, NULL), num, sizeof num);
                size_t m = strlen(num);
                if (m <= k) {
                    memcpy(w, num, m);
                    w += m;
                } else { /* never: 17 digits is the longest form */
                    memcpy(w, p, k);
                    w += k;
                }
            } else {
                memcpy(w, p, k);
                w += k;
            }
            p += k;
        } else {
            *w++ = *p++;
        }
    }
    *w = '\0';
    return out;
}

char *fray_json_dumps(const json_t *j, size_t flags)
{
    char *text = json_dumps(j, flags | JSON_REAL_PRECISION(17));
    if (!text)
        return NULL;
    char *out = shorten(text);
    free(text);
    return out;
}

int fray_json_dumpf(const json_t *j, FILE *f, size_t flags)
{
    char *text = fray_json_dumps(j, flags);
    if (!text)
        return -1;
    int rc = fputs(text, f) < 0 ? -1 : 0;
    free(text);
    return rc;
}
