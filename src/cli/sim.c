/* sim.c: `fray sim ENCOUNTER -n N`: many fights, who wins, how often, how long. */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "jsonout.h"
#include "core.h"
#include "sim.h"
#include "cli.h"
#include "par.h"
#include "bench.h"

static void help(FILE *f)
{
    fprintf(f,
            "usage: fray sim ENCOUNTER -n N [--threads T] [--seed S] [--json | --csv]\n"
            "                [--policy SIDE=policy|random|script|lookahead[:B,T,D]]...\n"
            "                [--trace-fight I [--trace-file FILE]] [--check-decide]\n\n"
            "Runs N fights of the encounter and reports who wins and how often (with 95%%\n"
            "Wilson score intervals), how many rounds a fight lasts, and how each combatant\n"
            "ends and what damage it deals and takes. Fight i draws its dice from a stream\n"
            "derived from (seed, i) alone, so the results are identical for any --threads.\n"
            "A dice list in the file is ignored (every fight would replay it).\n\n"
            "  -n N              fights to run (required)\n"
            "  --threads T       worker threads (default: the cores online)\n"
            "  --seed S          seed (default: from the clock; printed)\n"
            "  --json            one JSON object; only its \"timing\" object varies between\n"
            "                    runs and thread counts\n"
            "  --csv             one row per combatant and a summary row (columns below)\n"
            "  --policy S=C      who plays side S: the ruleset's policy, random legal actions,\n"
            "                    the combatants' scripts (then the policy), or the look-ahead\n"
            "                    player: at each of its choices (its own turns, and the\n"
            "                    reactions within an action) the policy's choice and\n"
            "                    others (B of them, default 16) played on by the policies,\n"
            "                    up to T times each (128) for D rounds (0: to the end),\n"
            "                    the best taken where it beats the policy's clearly\n"
            "                    (docs/sim.md, \"The look-ahead player\")\n"
            "  --trace-fight I   write fight I's events as JSON Lines (to --trace-file, or\n"
            "                    stderr); `fray run ENCOUNTER --seed S --fight I --json`\n"
            "                    prints the same fight\n"
            "  --check-decide    check every choice of a policy that decides without the\n"
            "                    list of legal actions against the list and the policy:\n"
            "                    the first difference fails the fight (slow; for tests)\n"
            "  --help            this text\n\n"
            "Ctrl-C stops early and still reports the fights finished (\"complete\": false).\n"
            "A progress bar is drawn on stderr when stderr is a terminal.\n\n"
            "CSV columns (header row first):\n"
            "  row               \"combatant\" or \"summary\"\n"
            "  name, side        the combatant and its side (summary: the encounter, empty)\n"
            "  fights            fights finished\n"
            "  standing, down, dead\n"
            "                    fights the combatant ended able to fight, down, dead\n"
            "  dealt_mean, taken_mean\n"
            "                    damage dealt and taken per fight, in the ruleset's unit\n"
            "  side_wins, side_win_rate, side_win_lo, side_win_hi\n"
            "                    wins of the combatant's side, their rate and 95%% Wilson\n"
            "                    interval (summary row: empty)\n"
            "  draws, draw_rate, draw_lo, draw_hi, rounds_mean, rounds_sd, rounds_median,\n"
            "  rounds_p90, rounds_p99, dice_per_fight, seed\n"
            "                    summary row only (empty on combatant rows)\n"
            "Exit: 0 done (also when stopped early), 1 runtime failure, 2 bad input.\n");
}

/* ---- Ctrl-C and progress ---- */

/* The one global of this file: a signal handler can reach nothing else.
 * A lock-free atomic may be stored from a handler (C11 7.14.1.1). */
static atomic_int sim_stop;

static void on_sigint(int sig)
{
    (void)sig;
    atomic_store(&sim_stop, 1);
}

static void progress(void *ud, uint64_t done, uint64_t n)
{
    static double last_line;
    (void)ud;
    if (cli_par_interactive() == CLI_PROGRESS_LINES) {
        if (cli_progress_line_due(&last_line))
            fprintf(stderr, "fray sim: %3d%% %llu/%llu fights\n", n ? (int)(done * 100 / n) : 100,
                    (unsigned long long)done, (unsigned long long)n);
        return;
    }
    const int width = 40;
    int fill = n ? (int)((done * (uint64_t)width) / n) : width;
    char bar[64];
    for (int i = 0; i < width; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    fprintf(stderr, "\r[%s] %3d%% %llu/%llu", bar, n ? (int)(done * 100 / n) : 100,
            (unsigned long long)done, (unsigned long long)n);
    fflush(stderr);
}

/* ---- Reports ---- */

typedef struct pct {
    int rc[3];
    int64_t v[3]; /* median, p90, p99 */
} pct;

static pct percentiles(const fray_sim_result *r)
{
    static const unsigned pm[3] = {500, 900, 990};
    pct p;
    for (int k = 0; k < 3; k++)
        p.rc[k] = fray_hist_percentile(&r->rounds_hist, pm[k], &p.v[k]);
    return p;
}

static double rate(uint64_t k, uint64_t n) { return n ? (double)k / (double)n : 0.0; }


static json_t *pct_json(const pct *p, int k)
{
    if (p->rc[k] == 0)
        return json_integer(p->v[k]);
    if (p->rc[k] == 1) /* beyond the histogram: "at least" */
        return json_pack("{s:I}", "at_least", (json_int_t)p->v[k]);
    return json_null();
}

/* An adventuring day: how many days the party came through each fight,
 * who of it was alive after it, and how many fights the days got through. */
static json_t *day_json(const fray_sim_result *r)
{
    json_t *fights = json_array(), *through = json_object();
    for (int k = 0; k < r->nfights; k++) {
        json_t *alive = json_object();
        for (int i = 0; i < r->ncombatants; i++)
            json_object_set_new(alive, r->c[i].name, cli_proportion(r->day_alive[k][i], r->fights));
        json_array_append_new(fights, json_pack("{s:s,s:o,s:o}", "name", r->fight[k], "survived",
                                                cli_proportion(r->day_won[k], r->fights), "alive", alive));
    }
    for (int k = 0; k <= r->nfights; k++) {
        char key[16];
        snprintf(key, sizeof key, "%d", k);
        json_object_set_new(through, key, json_integer((json_int_t)r->day_through[k]));
    }
    double mean = 0;
    for (int k = 1; k <= r->nfights; k++)
        mean += k * rate(r->day_through[k], r->fights);
    return json_pack("{s:o,s:o,s:f}", "fights", fights, "fights_won", through, "fights_won_mean", mean);
}

static void print_day(const fray_sim_result *r)
{
    uint64_t n = r->fights;
    printf("\nAdventuring day: %d fights; the party survived\n", r->nfights);
    printf("  %-3s %-24s %9s %8s   alive after it\n", "#", "fight", "days", "rate");
    for (int k = 0; k < r->nfights; k++) {
        printf("  %-3d %-24.24s %9llu %7.2f%%  ", k + 1, r->fight[k],
               (unsigned long long)r->day_won[k], 100.0 * rate(r->day_won[k], n));
        for (int i = 0; i < r->ncombatants; i++)
            printf(" %s %.1f%%", r->c[i].name, 100.0 * rate(r->day_alive[k][i], n));
        printf("\n");
    }
    printf("  Fights won in a row:");
    double mean = 0;
    for (int k = 0; k <= r->nfights; k++) {
        printf("  %d: %.2f%%", k, 100.0 * rate(r->day_through[k], n));
        mean += k * rate(r->day_through[k], n);
    }
    printf("  (mean %.2f)\n", mean);
}

/* ---- The tactics report (fray_tally) ---- */

/* The actions side s took, and of them those that achieved nothing. */
static uint64_t side_actions(const fray_tally *t, int s, uint64_t *idle)
{
    uint64_t n = 0, z = 0;
    for (int k = 0; k < FRAY_TALLY_KINDS; k++) {
        n += t->used[s][k];
        z += t->idle[s][k];
    }
    *idle = z;
    return n;
}

static const char *kind_name(const fray_ruleset *rs, int k)
{
    return rs && k < rs->nactions ? rs->actions[k].name : "?";
}

static const char *res_name(const fray_ruleset *rs, int k)
{
    return rs && k < rs->nresources ? rs->resources[k] : "?";
}

static json_t *tactics_json(const fray_sim_result *r)
{
    const fray_tally *t = &r->tally;
    const fray_ruleset *rs = fray_ruleset_find(r->ruleset);
    json_t *o = json_object(), *sides = json_object();
    json_object_set_new(o, "round_limit", cli_proportion(t->limit, r->fights));
    for (int s = 0; s < r->nsides; s++) {
        uint64_t idle, n = side_actions(t, s, &idle);
        json_t *side = json_object(), *kinds = json_object(), *res = json_object();
        json_object_set_new(side, "actions", json_integer((json_int_t)n));
        json_object_set_new(side, "per_fight", json_real(rate(n, r->fights)));
        json_object_set_new(side, "nothing", cli_proportion(idle, n));
        for (int k = 0; k < FRAY_TALLY_KINDS; k++)
            if (t->used[s][k])
                json_object_set_new(kinds, kind_name(rs, k),
                                    json_pack("{s:I,s:I}", "used", (json_int_t)t->used[s][k],
                                              "nothing", (json_int_t)t->idle[s][k]));
        json_object_set_new(side, "kinds", kinds);
        for (int k = 0; k < FRAY_MAX_RES; k++) {
            uint64_t m = t->refills[s][k];
            if (m)
                json_object_set_new(
                    res, res_name(rs, k),
                    json_pack("{s:I,s:I,s:I,s:f,s:f,s:f}", "refills", (json_int_t)m, "left",
                              (json_int_t)t->left[s][k], "after", (json_int_t)t->after[s][k],
                              "left_per_refill", rate(t->left[s][k], m), "after_per_refill",
                              rate(t->after[s][k], m), "unspent",
                              rate(t->left[s][k], t->after[s][k])));
        }
        json_object_set_new(side, "resources", res);
        json_object_set_new(sides, r->side[s], side);
    }
    json_object_set_new(o, "sides", sides);
    return o;
}

static void print_tactics(const fray_sim_result *r)
{
    const fray_tally *t = &r->tally;
    const fray_ruleset *rs = fray_ruleset_find(r->ruleset);
    printf("\nTactics: %llu fight%s reached the round limit (%.2f%%)\n",
           (unsigned long long)t->limit, t->limit == 1 ? "" : "s",
           100.0 * rate(t->limit, r->fights));
    for (int s = 0; s < r->nsides; s++) {
        uint64_t idle, n = side_actions(t, s, &idle);
        printf("  %s: %llu actions (%.2f a fight), %llu achieved nothing (%.2f%%)\n", r->side[s],
               (unsigned long long)n, rate(n, r->fights), (unsigned long long)idle,
               100.0 * rate(idle, n));
        for (int k = 0; k < FRAY_TALLY_KINDS; k++)
            if (t->used[s][k])
                printf("    %-24s %10llu %6.2f%%   nothing %llu (%.2f%%)\n", kind_name(rs, k),
                       (unsigned long long)t->used[s][k], 100.0 * rate(t->used[s][k], n),
                       (unsigned long long)t->idle[s][k],
                       100.0 * rate(t->idle[s][k], t->used[s][k]));
        for (int k = 0; k < FRAY_MAX_RES; k++) {
            uint64_t m = t->refills[s][k];
            if (m)
                printf("    %-24s refilled %llu times: %.2f left unspent of %.2f after (%.2f%%)\n",
                       res_name(rs, k), (unsigned long long)m, rate(t->left[s][k], m),
                       rate(t->after[s][k], m), 100.0 * rate(t->left[s][k], t->after[s][k]));
        }
    }
}

static void print_json(const fray_sim_result *r, const char *path)
{
    json_t *o = json_object();
    json_object_set_new(o, "encounter", json_string(r->encounter));
    json_object_set_new(o, "file", json_string(path));
    json_object_set_new(o, "ruleset", json_string(r->ruleset));
    json_object_set_new(o, "seed", json_integer((json_int_t)r->seed));
    json_object_set_new(o, "requested", json_integer((json_int_t)r->requested));
    json_object_set_new(o, "fights", json_integer((json_int_t)r->fights));
    json_object_set_new(o, "complete", json_boolean(!r->stopped));
    json_object_set_new(o, "max_rounds", json_integer(r->max_rounds));

    json_t *wins = json_object();
    for (int s = 0; s < r->nsides; s++)
        json_object_set_new(wins, r->side[s], cli_proportion(r->wins[s], r->fights));
    json_object_set_new(o, "wins", wins);
    json_object_set_new(o, "draws", cli_proportion(r->draws, r->fights));

    pct p = percentiles(r);
    json_t *rounds = json_object();
    json_object_set_new(rounds, "mean", json_real(fray_moments_mean(&r->rounds)));
    json_object_set_new(rounds, "sd", json_real(fray_moments_sd(&r->rounds)));
    json_object_set_new(rounds, "min", r->fights ? json_integer(r->rounds.min) : json_null());
    json_object_set_new(rounds, "max", r->fights ? json_integer(r->rounds.max) : json_null());
    json_object_set_new(rounds, "median", pct_json(&p, 0));
    json_object_set_new(rounds, "p90", pct_json(&p, 1));
    json_object_set_new(rounds, "p99", pct_json(&p, 2));
    json_t *hist = json_object();
    for (int i = 0; i < FRAY_HIST_BINS; i++) {
        if (!r->rounds_hist.bin[i])
            continue;
        char key[16];
        snprintf(key, sizeof key, "%d", i);
        json_object_set_new(hist, key, json_integer((json_int_t)r->rounds_hist.bin[i]));
    }
    json_object_set_new(rounds, "histogram", hist);
    json_object_set_new(rounds, "histogram_overflow",
                        json_pack("{s:i,s:I}", "from", FRAY_HIST_BINS, "count",
                                  (json_int_t)r->rounds_hist.over));
    json_object_set_new(o, "rounds", rounds);

    json_object_set_new(o, "dice", json_pack("{s:f,s:f,s:I}", "per_fight",
                                             fray_moments_mean(&r->dice), "sd",
                                             fray_moments_sd(&r->dice), "total",
                                             (json_int_t)r->dice.sum));

    json_t *cs = json_array();
    for (int i = 0; i < r->ncombatants; i++) {
        const fray_sim_combatant *c = &r->c[i];
        json_array_append_new(
            cs, json_pack("{s:s,s:s,s:I,s:I,s:I,s:{s:f,s:f},s:{s:f,s:f}}", "name", c->name,
                          "side", r->side[c->side], "standing", (json_int_t)c->status[FRAY_ABLE],
                          "down", (json_int_t)c->status[FRAY_DOWN], "dead",
                          (json_int_t)c->status[FRAY_DEAD], "dealt", "mean",
                          fray_moments_mean(&c->dealt), "sd", fray_moments_sd(&c->dealt), "taken",
                          "mean", fray_moments_mean(&c->taken), "sd",
                          fray_moments_sd(&c->taken)));
    }
    json_object_set_new(o, "combatants", cs);
    if (r->nfights)
        json_object_set_new(o, "day", day_json(r));
    json_object_set_new(o, "tactics", tactics_json(r));

    double fps = r->timing.elapsed > 0 ? (double)r->fights / r->timing.elapsed : 0.0;
    json_object_set_new(o, "timing", json_pack("{s:f,s:f,s:i,s:i,s:f}", "elapsed_s", r->timing.elapsed,
                                               "fights_per_s", fps, "threads", r->timing.threads,
                                               "ranks", r->timing.ranks, "reduce_s",
                                               r->timing.reduce));
    fray_json_dumpf(o, stdout, JSON_INDENT(2));
    putchar('\n');
    json_decref(o);
}

/* A CSV field: quoted when it holds a comma, quote or line break. */
static void csv_str(const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"')
            putchar('"');
        putchar(*s);
    }
    putchar('"');
}

static void csv_pct(const pct *p, int k)
{
    if (p->rc[k] == 0)
        printf("%lld", (long long)p->v[k]);
    else if (p->rc[k] == 1)
        printf(">=%lld", (long long)p->v[k]);
}

static void print_csv(const fray_sim_result *r)
{
    printf("row,name,side,fights,standing,down,dead,dealt_mean,taken_mean,"
           "side_wins,side_win_rate,side_win_lo,side_win_hi,"
           "draws,draw_rate,draw_lo,draw_hi,rounds_mean,rounds_sd,rounds_median,"
           "rounds_p90,rounds_p99,dice_per_fight,seed\n");
    for (int i = 0; i < r->ncombatants; i++) {
        const fray_sim_combatant *c = &r->c[i];
        double lo, hi;
        uint64_t w = r->wins[c->side];
        fray_wilson95(w, r->fights, &lo, &hi);
        printf("combatant,");
        csv_str(c->name);
        putchar(',');
        csv_str(r->side[c->side]);
        printf(",%llu,%llu,%llu,%llu,%.6f,%.6f,%llu,%.6f,%.6f,%.6f,,,,,,,,,,,\n",
               (unsigned long long)r->fights, (unsigned long long)c->status[FRAY_ABLE],
               (unsigned long long)c->status[FRAY_DOWN], (unsigned long long)c->status[FRAY_DEAD],
               fray_moments_mean(&c->dealt), fray_moments_mean(&c->taken), (unsigned long long)w,
               rate(w, r->fights), lo, hi);
    }
    double lo, hi;
    fray_wilson95(r->draws, r->fights, &lo, &hi);
    pct p = percentiles(r);
    printf("summary,");
    csv_str(r->encounter);
    printf(",,%llu,,,,,,,,,,%llu,%.6f,%.6f,%.6f,%.6f,%.6f,", (unsigned long long)r->fights,
           (unsigned long long)r->draws, rate(r->draws, r->fights), lo, hi,
           fray_moments_mean(&r->rounds), fray_moments_sd(&r->rounds));
    csv_pct(&p, 0);
    putchar(',');
    csv_pct(&p, 1);
    putchar(',');
    csv_pct(&p, 2);
    printf(",%.6f,%llu\n", fray_moments_mean(&r->dice), (unsigned long long)r->seed);
}

/* The rounds histogram as rows of '#', at most 30 rows: consecutive values
 * are grouped when the range is wider, and a long thin tail (past the
 * 99.9th percentile) is folded into one last row. */
static void print_hist(const fray_sim_result *r)
{
    const fray_hist *h = &r->rounds_hist;
    if (!r->fights)
        return;
    int64_t lo = r->rounds.min, hi = r->rounds.max, p999;
    if (lo < 0)
        lo = 0;
    if (hi >= FRAY_HIST_BINS)
        hi = FRAY_HIST_BINS - 1;
    if (fray_hist_percentile(h, 999, &p999) == 0 && p999 < hi && hi - lo >= 30)
        hi = p999;
    int64_t width = (hi - lo + 30) / 30; /* values per row */
    uint64_t most = 0, shown = 0;
    for (int64_t a = lo; a <= hi; a += width) {
        uint64_t sum = 0;
        for (int64_t v = a; v < a + width && v <= hi; v++)
            sum += h->bin[v];
        if (sum > most)
            most = sum;
    }
    for (int64_t a = lo; a <= hi; a += width) {
        uint64_t sum = 0;
        int64_t b = a + width - 1 > hi ? hi : a + width - 1;
        for (int64_t v = a; v <= b; v++)
            sum += h->bin[v];
        shown += sum;
        char label[48];
        if (a == b)
            snprintf(label, sizeof label, "%lld", (long long)a);
        else
            snprintf(label, sizeof label, "%lld-%lld", (long long)a, (long long)b);
        int len = most ? (int)((sum * 50 + most - 1) / most) : 0;
        printf("  %9s | ", label);
        for (int i = 0; i < len; i++)
            putchar('#');
        printf("%*s %llu (%.1f%%)\n", 50 - len, "", (unsigned long long)sum,
               100.0 * rate(sum, r->fights));
    }
    if (shown < r->fights) {
        uint64_t rest = r->fights - shown;
        char label[48];
        snprintf(label, sizeof label, "%lld+", (long long)hi + 1);
        int len = most ? (int)((rest * 50 + most - 1) / most) : 0;
        printf("  %9s | ", label);
        for (int i = 0; i < len; i++)
            putchar('#');
        printf("%*s %llu (%.1f%%)\n", 50 - len, "", (unsigned long long)rest,
               100.0 * rate(rest, r->fights));
    }
}

static void print_pct(const char *name, const pct *p, int k)
{
    if (p->rc[k] == 0)
        printf("  %s %lld", name, (long long)p->v[k]);
    else if (p->rc[k] == 1)
        printf("  %s >=%lld", name, (long long)p->v[k]);
}

static void print_text(const fray_sim_result *r)
{
    uint64_t n = r->fights;
    printf("fray sim: %s (%s), seed %llu\n", r->encounter, r->ruleset,
           (unsigned long long)r->seed);
    if (r->stopped)
        printf("stopped early: %llu of %llu fights finished\n", (unsigned long long)n,
               (unsigned long long)r->requested);
    else
        printf("%llu fights, at most %d round%s each\n", (unsigned long long)n, r->max_rounds,
               r->max_rounds == 1 ? "" : "s");
    printf("\nOutcome               fights    rate    95%% Wilson interval\n");
    for (int s = 0; s <= r->nsides; s++) {
        uint64_t k = s < r->nsides ? r->wins[s] : r->draws;
        double lo, hi;
        fray_wilson95(k, n, &lo, &hi);
        char what[FRAY_NAME + 8];
        snprintf(what, sizeof what, "%s%s", s < r->nsides ? r->side[s] : "draw",
                 s < r->nsides ? " wins" : "");
        printf("  %-18s %9llu  %6.2f%%   [%6.2f%%, %6.2f%%]\n", what, (unsigned long long)k,
               100.0 * rate(k, n), 100.0 * lo, 100.0 * hi);
    }
    pct p = percentiles(r);
    printf("\nRounds per fight: mean %.2f  sd %.2f", fray_moments_mean(&r->rounds),
           fray_moments_sd(&r->rounds));
    print_pct("median", &p, 0);
    print_pct("p90", &p, 1);
    print_pct("p99", &p, 2);
    if (n)
        printf("  (min %lld, max %lld)", (long long)r->rounds.min, (long long)r->rounds.max);
    printf("\n");
    print_hist(r);
    printf("\nCombatant          side        standing     down     dead   dealt/fight  "
           "taken/fight\n");
    for (int i = 0; i < r->ncombatants; i++) {
        const fray_sim_combatant *c = &r->c[i];
        printf("  %-16s %-10s %8.1f%% %7.1f%% %7.1f%% %12.2f %12.2f\n", c->name,
               r->side[c->side], 100.0 * rate(c->status[FRAY_ABLE], n),
               100.0 * rate(c->status[FRAY_DOWN], n), 100.0 * rate(c->status[FRAY_DEAD], n),
               fray_moments_mean(&c->dealt), fray_moments_mean(&c->taken));
    }
    if (r->nfights)
        print_day(r);
    print_tactics(r);
    printf("\nDice per fight: %.2f\n", fray_moments_mean(&r->dice));
    double fps = r->timing.elapsed > 0 ? (double)n / r->timing.elapsed : 0.0;
    printf("Time: %.3f s, %.0f fights/s on %d thread%s", r->timing.elapsed, fps,
           r->timing.threads, r->timing.threads == 1 ? "" : "s");
    if (r->timing.ranks > 1)
        printf(" in each of %d ranks", r->timing.ranks);
    putchar('\n');
}

/* What the command line asks for. */
typedef struct sim_args {
    unsigned long long seed, n, trace_fight;
    int have_trace;
    const char *trace_path;
    int have_seed, have_n, json, csv, threads, check_decide;
    const char *policies[16];
    int npol;
} sim_args;

/* The options into *a: 0, 1 when --help was printed (exit 0), or -1 after
 * an error message (exit 2). */
static int parse_sim_args(int argc, char **argv, sim_args *a)
{
    static const struct option longopts[] = {
        {"threads", required_argument, 0, 't'}, {"seed", required_argument, 0, 's'},
        {"json", no_argument, 0, 'j'},          {"csv", no_argument, 0, 'c'},
        {"policy", required_argument, 0, 'p'},  {"help", no_argument, 0, 'h'},
        {"trace-fight", required_argument, 0, 'T'}, {"trace-file", required_argument, 0, 'F'},
        {"check-decide", no_argument, 0, 'D'}, {0, 0, 0, 0}};
    memset(a, 0, sizeof *a);
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "n:t:s:jcp:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            if (cli_parse_u64("sim", "-n", optarg, &a->n) < 0)
                return -1;
            if (a->n == 0) {
                fprintf(stderr, "fray sim: -n must be at least 1\n");
                return -1;
            }
            a->have_n = 1;
            break;
        case 't':
            if (cli_parse_int("sim", "--threads", optarg, 1, 1024, &a->threads) < 0)
                return -1;
            break;
        case 's':
            if (cli_parse_u64("sim", "--seed", optarg, &a->seed) < 0)
                return -1;
            if (a->seed > (unsigned long long)INT64_MAX) { /* JSON integers are signed */
                fprintf(stderr, "fray sim: --seed must be at most %lld\n", (long long)INT64_MAX);
                return -1;
            }
            a->have_seed = 1;
            break;
        case 'j': a->json = 1; break;
        case 'c': a->csv = 1; break;
        case 'p':
            if (a->npol == 16) {
                fprintf(stderr, "fray sim: too many --policy options\n");
                return -1;
            }
            a->policies[a->npol++] = optarg;
            break;
        case 'T':
            if (cli_parse_u64("sim", "--trace-fight", optarg, &a->trace_fight) < 0)
                return -1;
            a->have_trace = 1;
            break;
        case 'F': a->trace_path = optarg; break;
        case 'D': a->check_decide = 1; break;
        case 'h': help(stdout); return 1;
        default: help(stderr); return -1;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "fray sim: expected one encounter file\n");
        help(stderr);
        return -1;
    }
    if (!a->have_n) {
        fprintf(stderr, "fray sim: -n N is required (the number of fights)\n");
        return -1;
    }
    if (a->json && a->csv) {
        fprintf(stderr, "fray sim: --json and --csv exclude each other\n");
        return -1;
    }
    if (a->n > (1ULL << 62)) {
        fprintf(stderr, "fray sim: -n is too large (at most 2^62)\n");
        return -1;
    }
    return 0;
}


/* A failed run: the error, and the command that replays the failing fight. */
static int sim_failed(const char *path, int rc, const char *err, const fray_sim_result *r,
                      const sim_args *a, unsigned long long seed)
{
    fprintf(stderr, "fray sim: %s%s%s\n", strncmp(err, path, strlen(path)) ? path : "",
            strncmp(err, path, strlen(path)) ? ": " : "", err);
    if (r->fail_fight >= 0) {
        /* a designer who sees an odd fight wants that fight alone */
        fprintf(stderr, "fray sim: replay it: fray run %s --seed %llu --fight %lld", path, seed,
                (long long)r->fail_fight);
        for (int i = 0; i < a->npol; i++)
            fprintf(stderr, " --policy %s", a->policies[i]);
        fputc('\n', stderr);
    }
    return rc == FRAY_EINPUT ? 2 : 1;
}

int cli_sim(int argc, char **argv)
{
    sim_args a;
    int prc = parse_sim_args(argc, argv, &a);
    if (prc)
        return prc > 0 ? 0 : 2;
    unsigned long long seed = a.seed, n = a.n;
    int threads = a.threads, json = a.json, csv = a.csv;
    if (!threads) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cores < 1 ? 1 : cores > 1024 ? 1024 : (int)cores;
    }
    if (!a.have_seed)
        seed = cli_clock_seed();
    const char *path = argv[optind];

    atomic_store(&sim_stop, 0);
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = (int)SA_RESETHAND; /* a second Ctrl-C ends the program at once */
    sigaction(SIGINT, &sa, &old);

    FILE *trace = NULL;
    if (a.have_trace) {
        trace = a.trace_path ? fopen(a.trace_path, "w") : stderr;
        if (!trace) {
            fprintf(stderr, "fray sim: --trace-file %s: cannot write\n", a.trace_path);
            return 2;
        }
    }
    int tty = cli_par_interactive();
    fray_sim_opts o = {.trace = trace, .trace_fight = (int64_t)a.trace_fight,.n = n, .seed = seed, .threads = threads, .controllers = a.policies,
                       .ncontrollers = a.npol, .stop = &sim_stop, .check_decide = a.check_decide,
                       .progress = tty ? progress : NULL};
    fray_sim_result *r = malloc(sizeof *r);
    if (!r) {
        fprintf(stderr, "fray sim: out of memory\n");
        return 1;
    }
    char err[512];
    int rc = cli_sim_run(path, NULL, &o, r, err, sizeof err);
    sigaction(SIGINT, &old, NULL);
    if (tty == CLI_PROGRESS_REDRAW)
        fprintf(stderr, "\r%60s\r", "");
    if (trace && trace != stderr)
        fclose(trace);
    if (rc != FRAY_OK) {
        int code = sim_failed(path, rc, err, r, &a, seed);
        free(r);
        return code;
    }
    if (r->stopped)
        fprintf(stderr, "fray sim: interrupted after %llu of %llu fights\n",
                (unsigned long long)r->fights, (unsigned long long)r->requested);
    if (json)
        print_json(r, path);
    else if (csv)
        print_csv(r);
    else
        print_text(r);
    free(r);
    return 0;
}
