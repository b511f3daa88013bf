/* run.c: `fray run ENCOUNTER`: one fight, narrated or as JSON Lines. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "jsonout.h"
#include "core.h"
#include "cli.h"
#include "day.h"

static void help(FILE *f)
{
    fprintf(f,
            "usage: fray run ENCOUNTER [--seed N] [--fight I] [--dice 17,4,...] [--json]\n"
            "                [--max-rounds N] [--policy SIDE=policy|random|script]... [--ask]\n"
            "                [--quiet]\n\n"
            "Runs one fight to its end and narrates it; prints the seed it used.\n"
            "  --seed N          seed of the dice (default: from the clock, printed)\n"
            "  --fight I         replay fight I of `fray sim ENCOUNTER --seed N` (with the\n"
            "                    same --policy and --max-rounds): its dice and choices\n"
            "  --dice LIST       take every roll from this comma-separated list, in order;\n"
            "                    too few values is an error (exit 2)\n"
            "  --json            JSON Lines: a \"start\" line, then one event per line\n"
            "  --max-rounds N    end a stalemate as a draw after N rounds (default: the\n"
            "                    file's max_rounds, else 100)\n"
            "  --policy S=C      who plays side S: the ruleset's policy, random legal\n"
            "                    actions, or the combatants' scripts\n"
            "  --ask             ask on the terminal for every roll: type the value a\n"
            "                    player rolled, or press Enter to let fray roll it\n"
            "  --quiet           print only the result\n"
            "Exit: 0 the fight ended, 1 runtime failure, 2 bad input.\n");
}


/* --ask: a person enters any roll; an empty line lets fray roll it. */
static int ask_die(void *ud, const char *purpose, int sides, int *value)
{
    FILE *in = ud;
    for (;;) {
        char die[16];
        snprintf(die, sizeof die, "d%d", sides);
        if (strstr(purpose, die))
            fprintf(stderr, "%s [Enter: roll it]: ", purpose);
        else
            fprintf(stderr, "%s (%s) [Enter: roll it]: ", purpose, die);
        fflush(stderr);
        char line[64];
        if (!fgets(line, sizeof line, in))
            return 0; /* end of input: fray rolls the rest */
        if (!strchr(line, '\n') && !feof(in)) {
            /* longer than any die result: drop the rest of the line too */
            int ch;
            while ((ch = fgetc(in)) != EOF && ch != '\n')
                ;
            fprintf(stderr, "  a d%d shows 1 to %d\n", sides, sides);
            continue;
        }
        const char *p = line;
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (*p == 0)
            return 0; /* an empty line: fray rolls it */
        char *end;
        long v = strtol(line, &end, 10);
        while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n')
            end++;
        if (end != line && *end == 0 && v >= 1 && v <= sides) {
            *value = (int)v;
            return 1;
        }
        fprintf(stderr, "  a d%d shows 1 to %d\n", sides, sides);
    }
}

static void summary(const fray_encounter *e, FILE *f)
{
    int w = fray_winner(e);
    fprintf(f, "Result: %s after %d round%s\n", w >= 0 ? fray_side_name(e, w) : "draw",
            fray_round(e), fray_round(e) == 1 ? "" : "s");
    static const char *const st[] = {"standing", "down", "dead"};
    for (int i = 0; i < e->n; i++) {
        char line[256] = "";
        if (e->rs->describe)
            e->rs->describe(e, i, line, sizeof line);
        fprintf(f, "  %-16s %-8s %-9s %s\n", e->c[i].name, e->side[e->c[i].side],
                st[e->c[i].status], line);
    }
}


/* The first line of a narrated run: a JSON "start" line, or the
 * encounter, ruleset and seed in words. */
static void print_start(const fray_encounter *e, unsigned long long seed,
                        unsigned long long fight, int json)
{
    if (json) {
        json_t *start = json_pack("{s:s,s:s,s:s,s:I,s:i}", "kind", "start", "encounter", e->name,
                                  "ruleset", e->rs->id, "seed", (json_int_t)seed, "max_rounds",
                                  e->max_rounds);
        if (fight)
            json_object_set_new(start, "fight", json_integer((json_int_t)fight));
        fray_json_dumpf(start, stdout, JSON_COMPACT);
        putchar('\n');
        json_decref(start);
    } else {
        printf("fray run: %s (%s), seed %llu", e->name, e->rs->id, seed);
        if (fight)
            printf(", fight %llu", fight);
        putchar('\n');
    }
}

/* ---- An adventuring day: its fights in order, with the rests ---- */

typedef struct day_run {
    int json;
} day_run;

static void day_heading(void *ud, const fray_day *d, int k)
{
    const day_run *r = ud;
    if (r->json) {
        json_t *o = json_pack("{s:s,s:i,s:s}", "kind", "fight", "index", k, "name", d->name[k]);
        fray_json_dumpf(o, stdout, JSON_COMPACT);
        putchar('\n');
        json_decref(o);
    } else {
        /* the party as it comes to the fight: what it carries, after the rests */
        const fray_encounter *e = d->fight[k];
        printf("\n== Fight %d of %d: %s ==\n", k + 1, d->nfights, d->name[k]);
        for (int i = 0; i < d->nparty; i++) {
            static const char *const st[] = {"standing", "down", "dead"};
            char line[256] = "";
            if (e->rs->describe)
                e->rs->describe(e, i, line, sizeof line);
            printf("  %-16s %-9s %s\n", e->c[i].name, st[e->c[i].status], line);
        }
    }
}

static void day_after(void *ud, const fray_day *d, int k)
{
    const day_run *r = ud;
    if (!r->json)
        summary(d->fight[k], stdout);
}

static int run_day(const char *path, unsigned long long seed, unsigned long long day, int json,
                   int quiet, const char *const *policies, int npol, int max_rounds)
{
    char err[512] = "cannot read it";
    size_t len;
    char *text = fray_slurp(path, &len);
    fray_day *d = text ? fray_day_load(text, path, err, sizeof err) : NULL;
    free(text);
    if (!d) {
        fprintf(stderr, "fray run: %s: %s\n", path, err);
        return 2;
    }
    day_run r = {json};
    for (int k = 0; k < d->nfights; k++) {
        fray_encounter *e = d->fight[k];
        for (int i = 0; i < npol; i++)
            if (fray_set_controller_spec(e, policies[i], err, sizeof err) < 0) {
                fprintf(stderr, "fray run: --policy: %s\n", err);
                fray_day_free(d);
                return 2;
            }
        if (max_rounds)
            fray_set_max_rounds(e, max_rounds);
        if (!quiet)
            fray_subscribe(e, json ? fray_sink_jsonl : fray_sink_text, stdout);
    }
    if (!quiet) {
        d->between = day_heading;
        d->after = day_after;
        d->between_ud = &r;
        print_start(d->fight[0], seed, day, json);
        day_heading(&r, d, 0);
    }
    fray_day_out o;
    int rc = 0;
    if (fray_day_run(d, seed, day, &o) < 0) {
        fflush(stdout);
        fprintf(stderr, "fray run: %s: %s\n", path, fray_error(d->fight[o.last]));
        rc = fray_error_code(d->fight[o.last]) == FRAY_EINPUT ? 2 : 1;
    } else if (quiet || !json) {
        printf("%sthe party won %d of %d fights\n", quiet ? "" : "\nDay over: ", o.won, d->nfights);
    }
    fray_day_free(d);
    return rc;
}

int cli_run(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"seed", required_argument, 0, 's'},       {"dice", required_argument, 0, 'd'},
        {"fight", required_argument, 0, 'f'},
        {"json", no_argument, 0, 'j'},             {"max-rounds", required_argument, 0, 'm'},
        {"policy", required_argument, 0, 'p'},     {"quiet", no_argument, 0, 'q'},
        {"ask", no_argument, 0, 'a'},
        {"help", no_argument, 0, 'h'},             {0, 0, 0, 0}};
    unsigned long long seed = 0, fight = 0;
    int have_seed = 0, json = 0, quiet = 0, ask = 0, max_rounds = 0, c;
    const char *dice = NULL;
    const char *policies[16];
    int npol = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "s:d:jm:p:qah", longopts, NULL)) != -1) {
        switch (c) {
        case 's':
            if (cli_parse_u64("run", "--seed", optarg, &seed) < 0)
                return 2;
            have_seed = 1;
            break;
        case 'f':
            if (cli_parse_u64("run", "--fight", optarg, &fight) < 0)
                return 2;
            break;
        case 'd': dice = optarg; break;
        case 'j': json = 1; break;
        case 'q': quiet = 1; break;
        case 'a': ask = 1; break;
        case 'm':
            if (cli_parse_int("run", "--max-rounds", optarg, 1, 1000000, &max_rounds) < 0)
                return 2;
            break;
        case 'p':
            if (npol == 16) {
                fprintf(stderr, "fray run: too many --policy options\n");
                return 2;
            }
            policies[npol++] = optarg;
            break;
        case 'h': help(stdout); return 0;
        default: help(stderr); return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "fray run: expected one encounter file\n");
        help(stderr);
        return 2;
    }
    const char *path = argv[optind];
    char err[512];
    fray_encounter *e = fray_encounter_load_file(path, err, sizeof err);
    if (!e) {
        fprintf(stderr, "fray run: %s\n", err);
        return 2;
    }
    int rc = 0;
    if (!have_seed)
        seed = cli_clock_seed();
    if (e->nday) {
        fray_encounter_free(e);
        if (dice || ask) {
            fprintf(stderr, "fray run: --dice and --ask take one fight, not an adventuring day\n");
            return 2;
        }
        return run_day(path, seed, fight, json, quiet, policies, npol, max_rounds);
    }
    for (int i = 0; i < npol; i++) {
        if (fray_set_controller_spec(e, policies[i], err, sizeof err) < 0) {
            fprintf(stderr, "fray run: --policy: %s\n", err);
            rc = 2;
            goto out;
        }
    }
    if (max_rounds)
        fray_set_max_rounds(e, max_rounds);
    if (dice) {
        int *vals;
        size_t n;
        char derr[160];
        if (fray_dice_list_parse(dice, &vals, &n, derr, sizeof derr) < 0) {
            fprintf(stderr, "fray run: --dice: %s\n", derr);
            rc = 2;
            goto out;
        }
        fray_set_dice_script(e, vals, n);
        free(vals);
    }
    if (ask)
        fray_set_dice_entry(e, ask_die, stdin);
    if (!quiet)
        fray_subscribe(e, json ? fray_sink_jsonl : fray_sink_text, stdout);
    /* fight I of a sim draws from (seed, I); a plain run is fight 0 */
    fray_reset(e, seed, fight);
    if (!quiet)
        print_start(e, seed, fight, json);
    if (fray_run(e) < 0) {
        fflush(stdout);
        fprintf(stderr, "fray run: %s: %s\n", path, fray_error(e));
        rc = fray_error_code(e) == FRAY_EINPUT ? 2 : 1;
        goto out;
    }
    if (quiet) {
        int w = fray_winner(e);
        printf("%s %d\n", w >= 0 ? fray_side_name(e, w) : "draw", fray_round(e));
    } else if (!json) {
        summary(e, stdout);
    }
out:
    fray_encounter_free(e);
    return rc;
}
