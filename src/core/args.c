/* args.c: one parser for the parameters of every ruleset's odds checks
 * (args.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

int fray_parse_ll(const char *opt, const char *s, long long min, long long max, long long *out,
                  char *err, size_t errlen)
{
    char *end;
    errno = 0;
    long long v = s && *s ? strtoll(s, &end, 10) : 0;
    if (!s || !*s || *end || errno || v < min || v > max) {
        snprintf(err, errlen, "%s: '%s' is not an integer in %lld..%lld", opt, s ? s : "", min,
                 max);
        return -1;
    }
    *out = v;
    return 0;
}

static const fray_arg *find(const fray_arg *const *tables, const char *name)
{
    for (int t = 0; tables[t]; t++)
        for (const fray_arg *a = tables[t]; a->name; a++)
            if (!strcmp(a->name, name))
                return a;
    return NULL;
}

static int set_enum(const fray_arg *a, const char *v, void *dst, char *err, size_t errlen)
{
    for (int k = 0; a->words[k]; k++) {
        if (!strcmp(v, a->words[k])) {
            *(int *)dst = a->values ? a->values[k] : k;
            return 0;
        }
    }
    int n = snprintf(err, errlen, "%s: expected ", a->name);
    for (int k = 0; a->words[k] && n >= 0 && (size_t)n < errlen; k++)
        n += snprintf(err + n, errlen - (size_t)n, "%s%s", k ? " or " : "", a->words[k]);
    if (n >= 0 && (size_t)n < errlen)
        snprintf(err + n, errlen - (size_t)n, ", got '%s'", v);
    return -1;
}

/* Store v (the parameter's value) as a says. */
static int store(const fray_arg *a, const char *v, unsigned char *out, char *err, size_t errlen)
{
    void *dst = out + a->at;
    long long x;
    switch (a->kind) {
    case FRAY_ARG_INT:
        if (fray_parse_ll(a->name, v, a->min, a->max, &x, err, errlen) < 0)
            return -1;
        *(int *)dst = (int)x;
        return 0;
    case FRAY_ARG_LONG:
        if (fray_parse_ll(a->name, v, a->min, a->max, &x, err, errlen) < 0)
            return -1;
        *(long *)dst = (long)x;
        return 0;
    case FRAY_ARG_U64: {
        char *end;
        errno = 0;
        unsigned long long u = strtoull(v, &end, 10);
        if (!*v || *end || errno || *v == '-')
            return snprintf(err, errlen, "%s: '%s' is not a non-negative integer", a->name, v), -1;
        *(unsigned long long *)dst = u;
        return 0;
    }
    case FRAY_ARG_ENUM:
        return set_enum(a, v, dst, err, errlen);
    case FRAY_ARG_TEXT:
        if (strlen(v) >= (size_t)a->max)
            return snprintf(err, errlen, "%s: too long: '%s'", a->name, v), -1;
        memcpy(dst, v, strlen(v) + 1);
        return 0;
    default:
        return 0;
    }
}

int fray_args_parse(int argc, char **argv, const fray_arg *const *tables, void *out, char *err,
                    size_t errlen)
{
    unsigned char *o = out;
    for (int i = 1; i < argc; i++) {
        const fray_arg *a = find(tables, argv[i]);
        if (!a)
            return snprintf(err, errlen,
                            "unknown parameter '%s' for check '%s' (see fray odds --help)",
                            argv[i], argv[0]),
                   -1;
        if (a->seen)
            *(int *)(o + a->seen - 1) = 1;
        if (a->kind == FRAY_ARG_FLAG) {
            *(int *)(o + a->at) = (int)a->min;
            continue;
        }
        if (i + 1 >= argc)
            return snprintf(err, errlen, "%s needs a value", a->name), -1;
        if (store(a, argv[++i], o, err, errlen) < 0)
            return -1;
    }
    return 0;
}

int fray_args_pair(int argc, char **argv, const char **attacker, const char **defender, char *err,
                   size_t errlen)
{
    *attacker = *defender = NULL;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--attacker"))
            *attacker = argv[i + 1];
        if (!strcmp(argv[i], "--defender"))
            *defender = argv[i + 1];
    }
    if ((*attacker != NULL) != (*defender != NULL))
        return snprintf(err, errlen, "--attacker and --defender go together"), -1;
    return 0;
}

json_t *fray_odds_dist_json(const double *p, int lo, int n)
{
    json_t *o = json_object();
    char key[24];
    for (int i = 0; i < n; i++) {
        if (p[i] == 0.0)
            continue;
        snprintf(key, sizeof key, "%d", lo + i);
        json_object_set_new(o, key, json_real(p[i]));
    }
    return o;
}
