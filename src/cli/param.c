/* param.c: the parameters of `fray sweep` and the paths that set them in an
 * encounter (bench.h).
 *
 * A path is the key path `fray check` reports in its errors
 * (`combatants[1].sheet.armor`, `options.ranged_attack_cost`), with `*` for
 * every element of an array or every value of an object, and one shorthand:
 * a first part that names a side stands for that side's combatants, and the
 * part after it for one of them by name (or `*`): `red.*.sheet.armor`.
 * A key missing on the way is created as an object, so a sheet override
 * can be swept on a combatant that only says "use".
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* One part of a path: a key, a key with an index, or a wildcard. */
typedef struct part {
    char key[64];
    int index;   /* >= 0: [index]; -1 none; -2 [*] */
    int any;     /* the key is "*" */
} part;

static int split(const char *path, part *parts, int max, char *err, size_t errlen)
{
    int n = 0;
    const char *p = path;
    while (*p) {
        if (n == max)
            return snprintf(err, errlen, "path '%s' is too deep", path), -1;
        part *q = &parts[n++];
        memset(q, 0, sizeof *q);
        q->index = -1;
        size_t k = strcspn(p, ".[");
        if (k >= sizeof q->key)
            return snprintf(err, errlen, "path '%s': a key is too long", path), -1;
        memcpy(q->key, p, k);
        q->any = !strcmp(q->key, "*");
        p += k;
        if (*p == '[') {
            if (!strncmp(p, "[*]", 3)) {
                q->index = -2;
                p += 3;
            } else {
                char *end;
                errno = 0;
                long i = strtol(p + 1, &end, 10);
                if (!isdigit((unsigned char)p[1]) || *end != ']' || errno || i > 1000)
                    return snprintf(err, errlen, "path '%s': expected [INDEX] or [*]", path), -1;
                q->index = (int)i;
                p = end + 1;
            }
        }
        if (*p == '.')
            p++;
        else if (*p)
            return snprintf(err, errlen, "path '%s': expected '.' after ']'", path), -1;
        if (!q->key[0] && q->index == -1)
            return snprintf(err, errlen, "path '%s': an empty part", path), -1;
    }
    if (!n)
        return snprintf(err, errlen, "an empty path"), -1;
    return n;
}

static int set_in(json_t *at, const part *parts, int n, json_t *value, char *err, size_t errlen);

/* The element(s) of an array a part's index names. */
static int set_index(json_t *arr, const part *pt, const part *rest, int n, json_t *value,
                     char *err, size_t errlen)
{
    if (!json_is_array(arr))
        return snprintf(err, errlen, "'%s' is not an array", pt->key[0] ? pt->key : "[]"), -1;
    int count = 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        if (pt->index >= 0 && (size_t)pt->index != i)
            continue;
        int k = set_in(json_array_get(arr, i), rest, n, value, err, errlen);
        if (k < 0)
            return -1;
        count += k;
    }
    if (pt->index >= 0 && (size_t)pt->index >= json_array_size(arr))
        return snprintf(err, errlen, "'%s' has no element %d", pt->key, pt->index), -1;
    return count;
}

/* Set `value` at every place parts[0..n) names below `at`; the count. */
static int set_in(json_t *at, const part *parts, int n, json_t *value, char *err, size_t errlen)
{
    if (n == 0)
        return snprintf(err, errlen, "internal: empty path"), -1;
    if (!json_is_object(at))
        return snprintf(err, errlen, "'%s' is not inside an object", parts[0].key), -1;
    const part *pt = &parts[0];
    if (pt->any) {
        int count = 0;
        const char *k;
        json_t *v;
        json_object_foreach(at, k, v) {
            int c = n == 1 ? (json_object_set(at, k, value), 1)
                           : set_in(v, parts + 1, n - 1, value, err, errlen);
            if (c < 0)
                return -1;
            count += c;
        }
        return count;
    }
    json_t *v = pt->key[0] ? json_object_get(at, pt->key) : at;
    if (pt->index != -1) {
        if (!v)
            return snprintf(err, errlen, "no key '%s'", pt->key), -1;
        if (n == 1) {
            if (!json_is_array(v))
                return snprintf(err, errlen, "'%s' is not an array", pt->key), -1;
            int count = 0;
            for (size_t i = 0; i < json_array_size(v); i++)
                if (pt->index < 0 || (size_t)pt->index == i) {
                    json_array_set(v, i, value);
                    count++;
                }
            if (!count)
                return snprintf(err, errlen, "'%s' has no element %d", pt->key, pt->index), -1;
            return count;
        }
        return set_index(v, pt, parts + 1, n - 1, value, err, errlen);
    }
    if (n == 1)
        return json_object_set(at, pt->key, value) < 0 ? -1 : 1;
    if (!v) { /* a sheet override on a combatant that only says "use" */
        v = json_object();
        json_object_set_new(at, pt->key, v);
    }
    return set_in(v, parts + 1, n - 1, value, err, errlen);
}

/* The shorthand SIDE.NAME|*.rest: the combatants of that side. */
static int set_side(json_t *root, const part *parts, int n, json_t *value, char *err,
                    size_t errlen)
{
    json_t *cs = json_object_get(root, "combatants");
    int count = 0, found = 0;
    for (size_t i = 0; i < json_array_size(cs); i++) {
        json_t *c = json_array_get(cs, i);
        const char *side = json_string_value(json_object_get(c, "side"));
        const char *name = json_string_value(json_object_get(c, "name"));
        if (!side || strcmp(side, parts[0].key))
            continue;
        found = 1;
        if (!parts[1].any && (!name || strcmp(name, parts[1].key)))
            continue;
        int k = set_in(c, parts + 2, n - 2, value, err, errlen);
        if (k < 0)
            return -1;
        count += k;
    }
    if (!found)
        return snprintf(err, errlen, "no side '%s'", parts[0].key), -1;
    if (!count)
        return snprintf(err, errlen, "side '%s' has no combatant '%s'", parts[0].key,
                        parts[1].key), -1;
    return count;
}

int cli_param_set(json_t *root, const char *path, json_t *value, char *err, size_t errlen)
{
    part parts[16];
    int n = split(path, parts, 16, err, errlen);
    if (n < 0)
        return -1;
    if (n >= 3 && parts[0].index == -1 && !parts[0].any && !json_object_get(root, parts[0].key))
        return set_side(root, parts, n, value, err, errlen);
    return set_in(root, parts, n, value, err, errlen);
}

/* "a..b" or "a..b/step": integers, both ends included. */
static int parse_range(const char *s, cli_param *p)
{
    char *end;
    errno = 0;
    long a = strtol(s, &end, 10);
    if (end == s || strncmp(end, "..", 2))
        return 0;
    const char *q = end + 2;
    long b = strtol(q, &end, 10), step = 1;
    if (end == q)
        return 0;
    if (*end == '/') {
        q = end + 1;
        step = strtol(q, &end, 10);
        if (end == q)
            return 0;
    }
    if (*end || errno || step < 1)
        return 0;
    for (long v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
        if (p->nvals == CLI_MAX_POINTS)
            return -1;
        p->val[p->nvals] = json_integer(v);
        snprintf(p->label[p->nvals], sizeof p->label[0], "%ld", v);
        p->nvals++;
    }
    return 1;
}

/* "v1,v2,...": each as JSON when it parses (numbers, true, false, null,
 * quoted strings), otherwise as a string: `none,leather,chain`. */
static int parse_list(const char *s, cli_param *p)
{
    const char *q = s;
    for (;;) {
        size_t k = strcspn(q, ",");
        if (p->nvals == CLI_MAX_POINTS)
            return -1;
        char tok[256];
        if (k == 0 || k >= sizeof tok)
            return 0;
        memcpy(tok, q, k);
        tok[k] = 0;
        json_t *v = json_loads(tok, JSON_DECODE_ANY, NULL);
        if (!v)
            v = json_string(tok);
        p->val[p->nvals] = v;
        snprintf(p->label[p->nvals], sizeof p->label[0], "%.31s", tok);
        p->nvals++;
        if (!q[k])
            return 1;
        q += k + 1;
    }
}

int cli_param_parse(const char *verb, const char *spec, cli_param *p)
{
    memset(p, 0, sizeof *p);
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec || !eq[1]) {
        fprintf(stderr, "fray %s: --set expects PATH=VALUES, e.g. 'red.*.sheet.armor=0..8', got '%s'\n",
                verb, spec);
        return -1;
    }
    size_t k = (size_t)(eq - spec);
    if (k >= sizeof p->path) {
        fprintf(stderr, "fray %s: --set: the path is too long\n", verb);
        return -1;
    }
    memcpy(p->path, spec, k);
    part parts[16];
    char err[200];
    if (split(p->path, parts, 16, err, sizeof err) < 0) {
        fprintf(stderr, "fray %s: --set: %s\n", verb, err);
        return -1;
    }
    int rc = parse_range(eq + 1, p);
    if (rc == 0)
        rc = parse_list(eq + 1, p);
    if (rc < 0)
        fprintf(stderr, "fray %s: --set %s: more than %d values\n", verb, p->path, CLI_MAX_POINTS);
    else if (rc == 0)
        fprintf(stderr, "fray %s: --set %s: expected A..B, A..B/STEP or a list V1,V2,..., got '%s'\n",
                verb, p->path, eq + 1);
    if (rc <= 0) {
        cli_param_free(p);
        return -1;
    }
    return 0;
}

void cli_param_free(cli_param *p)
{
    for (int i = 0; i < p->nvals; i++)
        json_decref(p->val[i]);
    p->nvals = 0;
}
