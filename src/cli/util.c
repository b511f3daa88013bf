/* util.c: option values shared by the verbs (cli.h). */
#include "cli.h"
#include "par.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

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

/* A seed from the clock when none is given: short enough to type back in. */
unsigned long long cli_clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    unsigned long long seed = ((unsigned long long)ts.tv_sec * 1000003ULL) ^
                              (unsigned long long)ts.tv_nsec ^ ((unsigned long long)getpid() << 32);
    seed %= 1000000000ULL; /* short enough to type back in */
    return cli_par_agree(seed); /* fray-mpi: every rank plays rank 0's */
}
