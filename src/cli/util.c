/* util.c: option values shared by the verbs (cli.h). */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* strtoull and strtol skip leading spaces and strtoull accepts "-1" (as
 * 2^64-1); an option value is digits only, so both are checked first. */
int cli_parse_u64(const char *verb, const char *opt, const char *s, unsigned long long *out)
{
    char *end = NULL;
    unsigned long long v;

    if (!s || !isdigit((unsigned char)s[0]))
        goto bad;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno == ERANGE) {
        fprintf(stderr, "fray %s: %s is too large: '%s' (at most %llu)\n", verb, opt, s,
                (unsigned long long)-1);
        return -1;
    }
    if (*end != '\0')
        goto bad;
    *out = v;
    return 0;
bad:
    fprintf(stderr, "fray %s: %s expects a non-negative integer, got '%s'\n", verb, opt,
            s ? s : "");
    return -1;
}

int cli_parse_int(const char *verb, const char *opt, const char *s, int min, int max, int *out)
{
    char *end = NULL;
    long v;
    const char *digits = s;

    if (digits && (*digits == '-' || *digits == '+'))
        digits++;
    if (!s || !isdigit((unsigned char)digits[0]))
        goto bad;
    errno = 0;
    v = strtol(s, &end, 10);
    if (*end != '\0')
        goto bad;
    if (errno == ERANGE || v < min || v > max) {
        fprintf(stderr, "fray %s: %s must be from %d to %d, got '%s'\n", verb, opt, min, max, s);
        return -1;
    }
    *out = (int)v;
    return 0;
bad:
    fprintf(stderr, "fray %s: %s expects an integer from %d to %d, got '%s'\n", verb, opt, min,
            max, s ? s : "");
    return -1;
}
