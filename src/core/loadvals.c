/* loadvals.c: the helpers rulesets load their sheets with (fray_load_int,
 * _str, _bool, _enum, _keys, the key path push/pop) and the one error
 * report, fray_load_fail, with file, line, column and key path.
 *
 * jansson keeps no positions for values once parsed, so a small scanner over
 * the (already valid) text finds the line of a key path for messages. It
 * reads structure only and never values: the parsing is jansson's. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core.h"

/* ---- Finding a key path in the text ---- */

typedef struct locator {
    const char *s, *end;
    const char *target;
    size_t best_len;     /* length of the deepest path matched so far */
    const char *best_at; /* where it starts in the text */
} locator;

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && isspace((unsigned char)*p))
        p++;
    return p;
}

static const char *skip_string(const char *p, const char *end)
{
    p++; /* opening quote */
    while (p < end && *p != '"')
        p += *p == '\\' ? 2 : 1;
    return p < end ? p + 1 : end;
}

/* Does path (len bytes) name the target or one of its ancestors? */
static void consider(locator *L, const char *path, size_t len, const char *at)
{
    size_t tl = strlen(L->target);
    if (len > tl || strncmp(path, L->target, len) != 0)
        return;
    if (len < tl && L->target[len] != '.' && L->target[len] != '[')
        return;
    if (len >= L->best_len) {
        L->best_len = len;
        L->best_at = at;
    }
}

static const char *scan_value(locator *L, const char *p, char *path, size_t len, size_t cap, int depth)
{
    p = skip_ws(p, L->end);
    if (p >= L->end || depth > 64)
        return L->end;
    if (*p == '{') {
        p++;
        for (;;) {
            p = skip_ws(p, L->end);
            if (p >= L->end || *p == '}')
                return p + 1;
            if (*p == ',') {
                p++;
                continue;
            }
            if (*p != '"')
                return L->end;
            const char *key = p + 1, *kend = skip_string(p, L->end) - 1;
            size_t kl = (size_t)(kend - key);
            size_t nl = len + (len ? 1 : 0) + kl;
            if (nl < cap) {
                if (len)
                    path[len] = '.';
                memcpy(path + len + (len ? 1 : 0), key, kl);
                path[nl] = 0;
                consider(L, path, nl, p);
            }
            p = skip_ws(kend + 1, L->end);
            if (p < L->end && *p == ':')
                p++;
            p = scan_value(L, p, path, nl < cap ? nl : len, cap, depth + 1);
            path[len] = 0;
        }
    }
    if (*p == '[') {
        p++;
        for (int i = 0;; i++) {
            p = skip_ws(p, L->end);
            if (p >= L->end || *p == ']')
                return p + 1;
            if (*p == ',') {
                p = skip_ws(p + 1, L->end);
            }
            int n = snprintf(path + len, cap - len, "[%d]", i);
            size_t nl = len + (size_t)n;
            if (n > 0 && nl < cap)
                consider(L, path, nl, p);
            p = scan_value(L, p, path, nl < cap ? nl : len, cap, depth + 1);
            path[len] = 0;
        }
    }
    if (*p == '"')
        return skip_string(p, L->end);
    while (p < L->end && *p != ',' && *p != '}' && *p != ']' && !isspace((unsigned char)*p))
        p++;
    return p;
}

/* Line and column (1-based) of the deepest part of `target` found in text;
 * returns how much of the target was matched (0: none). */
static size_t locate(const char *text, size_t len, const char *target, int *line, int *col)
{
    locator L = {text, text + len, target, 0, text};
    char path[256] = "";
    scan_value(&L, text, path, 0, sizeof path, 0);
    *line = 1;
    *col = 1;
    for (const char *p = text; p < L.best_at; p++) {
        if (*p == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
    return L.best_len;
}

/* ---- Load helpers for rulesets ---- */

int fray_load_fail(fray_load *ld, const char *key, const char *fmt, ...)
{
    if (ld->failed)
        return -1;
    ld->failed = 1;
    char full[256];
    if (key && *key)
        snprintf(full, sizeof full, "%s%s%s", ld->path, ld->path[0] ? "." : "", key);
    else
        snprintf(full, sizeof full, "%s", ld->path);
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);

    const char *file = ld->file;
    int line = 1, col = 1;
    size_t plen = ld->alt_prefix ? strlen(ld->alt_prefix) : 0;
    size_t got = ld->text ? locate(ld->text, ld->textlen, full, &line, &col) : 0;
    /* a key the encounter does not spell out came from the bundled creature */
    if (ld->alt_text && got < strlen(full) && plen && !strncmp(full, ld->alt_prefix, plen) &&
        (full[plen] == '.' || full[plen] == 0)) {
        const char *rel = full[plen] ? full + plen + 1 : "";
        int l2, c2;
        if (*rel && locate(ld->alt_text, ld->alt_len, rel, &l2, &c2)) {
            file = ld->alt_file;
            line = l2;
            col = c2;
        }
    }
    snprintf(ld->err, ld->errlen, "%s:%d:%d: %s: %s", file, line, col, full[0] ? full : "(top)",
             msg);
    return -1;
}

size_t fray_load_push(fray_load *ld, const char *key, int index)
{
    size_t mark = strlen(ld->path);
    size_t cap = sizeof ld->path;
    if (key)
        snprintf(ld->path + mark, cap - mark, "%s%s", mark ? "." : "", key);
    if (index >= 0) {
        size_t m2 = strlen(ld->path);
        snprintf(ld->path + m2, cap - m2, "[%d]", index);
    }
    return mark;
}

void fray_load_pop(fray_load *ld, size_t mark) { ld->path[mark] = 0; }

int fray_load_keys(fray_load *ld, const json_t *obj, const char *const *allowed)
{
    if (!json_is_object(obj))
        return fray_load_fail(ld, NULL, "expected an object");
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        int ok = 0;
        for (int i = 0; allowed[i]; i++)
            if (!strcmp(key, allowed[i]))
                ok = 1;
        if (!ok) {
            char known[512] = "";
            for (int i = 0; allowed[i]; i++) {
                size_t l = strlen(known);
                snprintf(known + l, sizeof known - l, "%s%s", i ? ", " : "", allowed[i]);
            }
            return fray_load_fail(ld, key, "unknown key (expected one of: %s)", known);
        }
    }
    return 0;
}

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number with a fraction";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

int fray_load_int(fray_load *ld, const json_t *obj, const char *key, int *out, int def, int min,
                  int max, int required)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            return fray_load_fail(ld, key, "missing (expected an integer from %d to %d)", min, max);
        *out = def;
        return 0;
    }
    if (!json_is_integer(v))
        return fray_load_fail(ld, key, "expected an integer from %d to %d, got %s", min, max,
                              type_name(v));
    json_int_t x = json_integer_value(v);
    if (x < min || x > max)
        return fray_load_fail(ld, key, "%lld is out of range (expected %d to %d)", (long long)x,
                              min, max);
    *out = (int)x;
    return 0;
}

int fray_load_str(fray_load *ld, const json_t *obj, const char *key, char *buf, size_t len,
                  const char *def, int required)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required || !def)
            return fray_load_fail(ld, key, "missing (expected a string)");
        snprintf(buf, len, "%s", def);
        return 0;
    }
    if (!json_is_string(v))
        return fray_load_fail(ld, key, "expected a string, got %s", type_name(v));
    if (json_string_length(v) >= len)
        return fray_load_fail(ld, key, "too long (at most %zu characters)", len - 1);
    snprintf(buf, len, "%s", json_string_value(v));
    return 0;
}

int fray_load_bool(fray_load *ld, const json_t *obj, const char *key, int *out, int def)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        *out = def;
        return 0;
    }
    if (!json_is_boolean(v))
        return fray_load_fail(ld, key, "expected true or false, got %s", type_name(v));
    *out = json_is_true(v);
    return 0;
}

int fray_load_enum(fray_load *ld, const json_t *obj, const char *key, int *out,
                   const char *const *names, int n, int def, int required)
{
    json_t *v = json_object_get(obj, key);
    if (!v && !required) {
        *out = def;
        return 0;
    }
    char list[512] = "";
    for (int i = 0; i < n; i++) {
        size_t l = strlen(list);
        snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", names[i]);
    }
    if (!v)
        return fray_load_fail(ld, key, "missing (expected one of: %s)", list);
    if (!json_is_string(v))
        return fray_load_fail(ld, key, "expected one of: %s; got %s", list, type_name(v));
    for (int i = 0; i < n; i++) {
        if (!strcasecmp(json_string_value(v), names[i])) {
            *out = i;
            return 0;
        }
    }
    return fray_load_fail(ld, key, "'%s' is not one of: %s", json_string_value(v), list);
}
