/* odds.c: `fray odds RULESET CHECK [--param value...] [--json]`.
 *
 * The checks belong to the rulesets (their `odds` hook); this verb finds the
 * ruleset in the registry, hands it the check and its parameters (all but
 * --json, so `--mc N --seed S` reach the ruleset, which alone can simulate
 * its attacks), and prints the JSON object it returns, either as JSON or
 * rendered for people: numbers as lines, distributions (objects from integer
 * values to probabilities) as bar charts, and a simulated `mc` part beside
 * the exact values it checks. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonout.h"
#include "core.h"
#include "cli.h"

#define BAR_WIDTH 50
#define CHART_ROWS 40 /* rows of a chart at most; the rest is summed into one line */

static void help(FILE *f)
{
    fprintf(f, "usage: fray odds RULESET CHECK [--param value...] [--json] [--mc N] [--seed S]\n"
               "\nExact outcome distributions of a ruleset's checks. --json prints the result as\n"
               "JSON; --mc N also simulates N attacks (or fights) with the ruleset's own rules\n"
               "and prints the simulated figures beside the exact ones (--seed S, default 1).\n"
               "Bad parameters exit with status 2.\n");
    for (int i = 0; fray_rulesets[i]; i++) {
        const fray_ruleset *rs = fray_rulesets[i];
        fprintf(f, "\n[%s]\n", rs->id);
        if (rs->odds && rs->odds_help)
            fputs(rs->odds_help, f);
        else
            fprintf(f, "    (no exact odds yet)\n");
    }
}

/* A distribution: a non-empty object whose keys are integers and whose
 * values are numbers. */
static int is_dist(const char *key, const json_t *o)
{
    const char *k;
    json_t *v;
    if (!json_is_object(o) || json_object_size(o) == 0)
        return 0;
    int named = !strcmp(key, "wound"); /* level name -> probability */
    json_object_foreach((json_t *)o, k, v) {
        char *end;
        strtol(k, &end, 10);
        if ((!named && (end == k || *end)) || !json_is_number(v))
            return 0;
    }
    return 1;
}

static void chart(const json_t *o, int indent, int brief)
{
    const char *k;
    json_t *v;
    double max = 0.0, total = 0.0;
    int keyw = 1;
    json_object_foreach((json_t *)o, k, v) {
        double p = json_number_value(v);
        if (p > max)
            max = p;
        total += p;
        int w = (int)strlen(k);
        if (w > keyw)
            keyw = w;
    }
    /* rows until what is left is below a millionth of the mass, at most
     * CHART_ROWS; the rest on one line */
    int row = 0, rest_n = 0;
    double rest = 0.0, cum = 0.0;
    json_object_foreach((json_t *)o, k, v) {
        double p = json_number_value(v);
        if (row >= CHART_ROWS || (row > 0 && total - cum < 1e-6 * total)) {
            rest += p;
            rest_n++;
            continue;
        }
        row++;
        cum += p;
        int len = max > 0.0 ? (int)(p / max * (brief ? BAR_WIDTH / 2 : BAR_WIDTH) + 0.5) : 0;
        if (brief)
            printf("%*s%*s %5.1f%% ", indent, "", keyw, k, p * 100.0);
        else if (p * 100.0 >= 1e-4 || p == 0.0)
            printf("%*s%*s %10.5f%% ", indent, "", keyw, k, p * 100.0);
        else
            printf("%*s%*s %10.3e%% ", indent, "", keyw, k, p * 100.0);
        for (int i = 0; i < len; i++)
            fputs("#", stdout);
        if (len == 0 && p > 0.0)
            fputs(".", stdout);
        fputs("\n", stdout);
    }
    if (rest_n && brief)
        printf("%*s%*s %5.1f%%  (%d more values)\n", indent, "", keyw, "...", rest * 100.0, rest_n);
    else if (rest_n)
        printf("%*s%*s %10.3e%%  (%d more values)\n", indent, "", keyw, "...", rest * 100.0,
               rest_n);
}

static void scalar_text(const json_t *v, char *buf, size_t len)
{
    if (json_is_real(v))
        snprintf(buf, len, "%.10g", json_real_value(v));
    else if (json_is_integer(v))
        snprintf(buf, len, "%lld", (long long)json_integer_value(v));
    else
        snprintf(buf, len, "%s", json_is_string(v) ? json_string_value(v) : json_is_true(v) ? "yes"
                                 : json_is_false(v)                        ? "no"
                                 : json_is_null(v)                         ? "-"
                                                                           : "");
}

static void scalar(const json_t *v)
{
    char buf[256];
    scalar_text(v, buf, sizeof buf);
    fputs(buf, stdout);
}

static void render(const json_t *o, int indent, const json_t *exact, const json_t *root, int brief);

static void render_value(const char *k, const json_t *v, int indent, const json_t *exact,
                         const json_t *root, int brief)
{
    if (brief && json_is_number(v) && !strncmp(k, "p_", 2)) {
        /* "p_hit": 0.816 as "chance to hit: 81.6%" */
        printf("%*schance to %s: %.1f%%\n", indent, "", k + 2, json_number_value(v) * 100.0);
        return;
    }
    if (brief && json_is_real(v) && !strncmp(k, "mean_", 5)) {
        printf("%*smean %s: %.2f\n", indent, "", k + 5, json_real_value(v));
        return;
    }
    if (brief && !strcmp(k, "truncation"))
        return; /* how exact the figures are: fray odds says it */
    if (is_dist(k, v)) {
        printf("%*s%s:\n", indent, "", k);
        chart(v, indent + 2, brief);
    } else if (json_is_object(v)) {
        if (!strcmp(k, "params")) {
            /* one line: the question asked */
            const char *pk;
            json_t *pv;
            int col = printf("%*sparameters:", indent, "");
            json_object_foreach((json_t *)v, pk, pv) {
                if (brief && col > 60) /* a screen's width: fray play's table */
                    col = printf("\n%*s", indent + 2, "") - 1;
                char val[256];
                scalar_text(pv, val, sizeof val);
                col += printf(" %s=%s", pk, val);
            }
            fputs("\n", stdout);
            return;
        }
        if (!strcmp(k, "mc")) {
            printf("%*ssimulated (Monte Carlo), beside the exact value:\n", indent, "");
            render(v, indent + 2, root, root, brief);
            return;
        }
        printf("%*s%s:\n", indent, "", k);
        render(v, indent + 2, NULL, root, brief);
    } else if (json_is_array(v)) {
        printf("%*s%s: [", indent, "", k);
        for (size_t i = 0; i < json_array_size(v); i++) {
            if (i)
                fputs(", ", stdout);
            scalar(json_array_get(v, i));
        }
        fputs("]\n", stdout);
    } else {
        printf("%*s%s: ", indent, "", k);
        scalar(v);
        if (exact) {
            json_t *e = json_object_get(exact, k);
            if (json_is_number(e)) {
                fputs("   (exact ", stdout);
                scalar(e);
                fputs(")", stdout);
            }
        }
        fputs("\n", stdout);
    }
}

static void render(const json_t *o, int indent, const json_t *exact, const json_t *root, int brief)
{
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)o, k, v) {
        if (indent == 0 && (!strcmp(k, "ruleset") || !strcmp(k, "check")))
            continue;
        render_value(k, v, indent, exact, root, brief);
    }
}

void cli_odds_render(const json_t *o, int brief)
{
    render(o, 0, NULL, o, brief);
}

int cli_odds(int argc, char **argv)
{
    int json = 0;
    if (argc < 2) {
        help(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        help(stdout);
        return 0;
    }
    const fray_ruleset *rs = fray_ruleset_find(argv[1]);
    if (!rs) {
        fprintf(stderr, "fray odds: unknown ruleset '%s' (fray rulesets lists them)\n", argv[1]);
        return 2;
    }
    if (!rs->odds) {
        fprintf(stderr, "fray odds: ruleset '%s' has no exact odds yet\n", rs->id);
        return 2;
    }
    /* argv for the hook: the check, then everything but --json */
    char **hv = calloc((size_t)argc, sizeof *hv);
    if (!hv) {
        fprintf(stderr, "fray odds: out of memory\n");
        return 1;
    }
    int hc = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) {
            json = 1;
            continue;
        }
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("[%s]\n%s", rs->id, rs->odds_help ? rs->odds_help : "");
            free(hv);
            return 0;
        }
        hv[hc++] = argv[i];
    }
    if (hc == 0 || hv[0][0] == '-') {
        fprintf(stderr, "fray odds: no check given for ruleset '%s'; its checks:\n%s", rs->id,
                rs->odds_help ? rs->odds_help : "");
        free(hv);
        return 2;
    }
    json_t *out = NULL;
    char err[256] = "";
    int rc = rs->odds(hc, hv, &out, err, sizeof err);
    if (rc < 0 || !out) {
        fprintf(stderr, "fray odds: %s %s: %s\n", rs->id, hv[0], err[0] ? err : "failed");
        free(hv);
        return 2;
    }
    free(hv);
    if (json) {
        char *s = fray_json_dumps(out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        if (!s) {
            json_decref(out);
            fprintf(stderr, "fray odds: out of memory\n");
            return 1;
        }
        puts(s);
        free(s);
    } else {
        const char *chk = json_string_value(json_object_get(out, "check"));
        printf("fray odds %s %s\n", rs->id, chk ? chk : "");
        cli_odds_render(out, 0);
    }
    json_decref(out);
    return 0;
}
