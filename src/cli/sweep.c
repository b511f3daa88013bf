/* sweep.c: `fray sweep ENCOUNTER --set PATH=VALUES [--set ...] -n N`: the
 * same fights at every value of one parameter, or of a grid of two.
 *
 * Every point runs fights 0..N-1 of the same seed, so fight i of one point
 * and fight i of the next draw the same dice stream (common random
 * numbers): neighbouring points differ by the parameter, not by luck.
 * Where the ruleset answers exact odds of an action, each point also gives
 * the exact odds of the first attack its policy makes in fight 0. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonout.h"
#include "bench.h"
#include "cli.h"
#include "par.h"
#include "core.h"
#include "stats.h"

static void help(FILE *f)
{
    fprintf(f,
            "usage: fray sweep ENCOUNTER --set PATH=VALUES [--set PATH=VALUES] -n N\n"
            "                  [--seed S] [--threads T] [--policy SIDE=C]... [--side SIDE]\n"
            "                  [--json | --csv] [--svg FILE]\n\n"
            "Simulates N fights of the encounter at every value of a parameter (or every\n"
            "point of a grid of two), each point with the same seed: fight i of every point\n"
            "draws the same dice stream (common random numbers), so neighbouring points\n"
            "differ by the parameter and not by luck. Where the ruleset gives exact odds,\n"
            "each point also shows the exact odds of the first attack of fight 0.\n\n"
            "  --set PATH=VALUES  the parameter: PATH is a key path into the encounter, as\n"
            "                    `fray check` names keys (combatants[1].sheet.armor,\n"
            "                    options.ranged_attack_cost), with * for every element, or\n"
            "                    SIDE.NAME.rest for a side's combatant (NAME may be *):\n"
            "                    red.*.sheet.armor. Missing objects on the way are created,\n"
            "                    so a sheet override works over \"use\". VALUES: A..B or\n"
            "                    A..B/STEP (integers, both ends included) or V1,V2,... (each\n"
            "                    JSON if it parses, else a string). Twice: a grid.\n"
            "  -n N              fights per point (required)\n"
            "  --seed S          seed of every point (default: from the clock; printed)\n"
            "  --threads T       worker threads (default: the cores online)\n"
            "  --policy S=C      who plays side S: policy, random or script\n"
            "  --side SIDE       the side whose win rate is plotted (default: the first)\n"
            "  --json            one JSON object (only \"timing\" varies between runs)\n"
            "  --csv             one row per point (header first)\n"
            "  --svg FILE        also write a plot: the win rate with its 95%% Wilson band\n"
            "                    against the parameter, or a heat map over a grid\n"
            "  --help            this text\n\n"
            "Progress is shown on stderr when it is a terminal; Ctrl-C stops and reports\n"
            "the points finished. Exit: 0 done, 1 runtime failure, 2 bad input.\n");
}

typedef struct point {
    int i, j;               /* value index of each parameter */
    char *text;             /* the encounter at this point, owned */
    fray_sim_result r;
    json_t *odds;           /* the first attack's exact odds, or NULL */
    int done;
} point;

typedef struct sweep {
    const char *path;
    cli_batch b;
    cli_param p[2];
    int np, npoints, side;
    point *pt;
    double elapsed, reduce; /* seconds running fights; of those, gathering ranks (fray-mpi) */
} sweep;

/* ---- The points ---- */

/* The encounter text at values (i, j); NULL with a message in err. */
static char *point_text(const json_t *root, const sweep *s, int i, int j, char *err, size_t errlen)
{
    json_t *copy = json_deep_copy(root);
    for (int k = 0; k < s->np && copy; k++) {
        int at = k == 0 ? i : j;
        if (cli_param_set(copy, s->p[k].path, s->p[k].val[at], err, errlen) < 0) {
            json_decref(copy);
            return NULL;
        }
    }
    char *text = copy ? fray_json_dumps(copy, JSON_COMPACT) : NULL;
    json_decref(copy);
    return text;
}

/* The name a point's errors carry: the file and the values set. */
static void point_name(const sweep *s, const point *pt, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%s with %s=%s", s->path, s->p[0].path, s->p[0].label[pt->i]);
    if (s->np == 2 && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, ", %s=%s", s->p[1].path, s->p[1].label[pt->j]);
}

/* Every point's encounter, each loaded once so that a value the ruleset
 * refuses is reported before any fight runs. */
static int make_points(sweep *s, const json_t *root)
{
    int n1 = s->np == 2 ? s->p[1].nvals : 1;
    s->npoints = s->p[0].nvals * n1;
    s->pt = calloc((size_t)s->npoints, sizeof *s->pt);
    if (!s->pt)
        return fprintf(stderr, "fray sweep: out of memory\n"), -1;
    for (int k = 0; k < s->npoints; k++) {
        point *pt = &s->pt[k];
        char err[512], name[400];
        pt->i = k / n1;
        pt->j = k % n1;
        point_name(s, pt, name, sizeof name);
        pt->text = point_text(root, s, pt->i, pt->j, err, sizeof err);
        if (!pt->text) {
            fprintf(stderr, "fray sweep: --set: %s: %s\n", name, err);
            return -1;
        }
        fray_encounter *e = fray_encounter_load_string(pt->text, name, err, sizeof err);
        if (!e) {
            fprintf(stderr, "fray sweep: %s\n", err);
            return -1;
        }
        fray_encounter_free(e);
    }
    return 0;
}

/* ---- The first attacks' odds ---- */

typedef struct first_attack {
    json_t *odds; /* side name -> the odds of that side's first attack */
    int left;   /* sides still to make their first attack */
} first_attack;

/* Every creature plays its policy; the first own-turn choice of each side
 * that the ruleset has exact odds for is recorded, in the state it is made
 * in; once every side has one, the fight stops there. */
static int watch(void *ud, fray_encounter *e, int who, int window, const fray_action *trigger,
                 const fray_action *legal, int n)
{
    first_attack *fa = ud;
    int pick = e->rs->policy(e, who, window, trigger, legal, n);
    const char *side = e->side[e->c[who].side];
    if (window != FRAY_WIN_ACT || pick < 0 || pick >= n || json_object_get(fa->odds, side))
        return pick;
    char err[256];
    json_t *o = NULL;
    if (e->rs->action_odds(e, &legal[pick], &o, err, sizeof err) < 0 || !o)
        return pick;
    json_object_set_new(o, "actor", json_string(e->c[who].name));
    json_object_set_new(fa->odds, side, o);
    return --fa->left > 0 ? pick : FRAY_SUSPEND;
}

static json_t *first_attack_odds(const point *pt, uint64_t seed)
{
    char err[256];
    fray_encounter *e = fray_encounter_load_string(pt->text, "sweep", err, sizeof err);
    if (!e || !e->rs->action_odds) {
        fray_encounter_free(e);
        return NULL;
    }
    first_attack fa = {json_object(), e->nsides};
    fray_reset(e, seed, 0);
    for (int i = 0; i < e->n; i++)
        e->c[i].controller = FRAY_CTL_HUMAN;
    e->choose_fn = watch;
    e->human_ud = &fa;
    for (int steps = 0; steps < 10000 && fa.left > 0 && fray_step(e) > 0; steps++)
        ;
    fray_encounter_free(e);
    return fa.odds;
}

/* ---- Running ---- */

static int run_points(sweep *s)
{
    cli_progress pr;
    cli_progress_start(&pr, "sweep", s->b.n * (uint64_t)(unsigned)s->npoints);
    atomic_int *stop = cli_stop_catch();
    int rc = 0;
    for (int k = 0; k < s->npoints && !atomic_load(stop); k++) {
        point *pt = &s->pt[k];
        fray_sim_opts o = cli_batch_sim_opts(&s->b, &pr);
        char err[512], name[400];
        point_name(s, pt, name, sizeof name);
        int src = cli_sim_run(name, pt->text, &o, &pt->r, err, sizeof err);
        if (src != FRAY_OK) {
            cli_progress_end(&pr);
            fprintf(stderr, "fray sweep: %s: %s\n", name, err);
            rc = src == FRAY_EINPUT ? 2 : 1;
            break;
        }
        s->elapsed += pt->r.timing.elapsed;
        s->reduce += pt->r.timing.reduce;
        cli_progress_batch(&pr, pt->r.fights);
        pt->done = !pt->r.stopped;
        pt->odds = first_attack_odds(pt, s->b.seed);
        if (pt->r.stopped)
            break;
    }
    cli_progress_end(&pr);
    cli_stop_release();
    return rc;
}

/* ---- Reports ---- */

static int points_done(const sweep *s)
{
    int n = 0;
    while (n < s->npoints && s->pt[n].done)
        n++;
    return n;
}

static double win_rate(const point *pt, int side, double *lo, double *hi)
{
    fray_wilson95(pt->r.wins[side], pt->r.fights, lo, hi);
    return pt->r.fights ? (double)pt->r.wins[side] / (double)pt->r.fights : 0;
}

/* A column as wide as its path and its values. */
static int col_width(const cli_param *p)
{
    int w = (int)strlen(p->path);
    for (int v = 0; v < p->nvals; v++)
        if ((int)strlen(p->label[v]) > w)
            w = (int)strlen(p->label[v]);
    return w > 40 ? 40 : w;
}

static void print_text(const sweep *s)
{
    const fray_sim_result *r0 = &s->pt[0].r;
    int w[2] = {col_width(&s->p[0]), s->np == 2 ? col_width(&s->p[1]) : 0};
    printf("%s (%s): %llu fights per point, seed %llu\n", r0->encounter, r0->ruleset,
           (unsigned long long)s->b.n, (unsigned long long)s->b.seed);
    for (int k = 0; k < s->np; k++)
        printf("%-*.*s  ", w[k], w[k], s->p[k].path);
    for (int t = 0; t < r0->nsides; t++)
        printf("%-8.8s wins (95%%)       ", r0->side[t]);
    printf("draws  rounds  first attack's p_hit\n");
    for (int k = 0; k < points_done(s); k++) {
        const point *pt = &s->pt[k];
        printf("%-*.*s  ", w[0], w[0], s->p[0].label[pt->i]);
        if (s->np == 2)
            printf("%-*.*s  ", w[1], w[1], s->p[1].label[pt->j]);
        for (int t = 0; t < pt->r.nsides; t++) {
            double lo, hi, v = win_rate(pt, t, &lo, &hi);
            printf("%5.1f%% [%5.1f-%5.1f]    ", 100 * v, 100 * lo, 100 * hi);
        }
        printf("%5.1f%%  %6.2f", 100.0 * (double)pt->r.draws / (double)pt->r.fights,
               fray_moments_mean(&pt->r.rounds));
        for (int t = 0; t < pt->r.nsides; t++) {
            json_t *ph = json_object_get(json_object_get(pt->odds, pt->r.side[t]), "p_hit");
            if (ph)
                printf("  %s %.3f", pt->r.side[t], json_number_value(ph));
        }
        printf("\n");
    }
    if (points_done(s) < s->npoints)
        printf("(interrupted: %d of %d points)\n", points_done(s), s->npoints);
    fprintf(stderr, "fray sweep: %llu fights in %.2f s\n",
            (unsigned long long)s->b.n * (unsigned long long)(unsigned)points_done(s), s->elapsed);
}

static json_t *point_json(const sweep *s, const point *pt)
{
    json_t *o = json_object(), *vals = json_array(), *wins = json_object();
    json_array_append(vals, s->p[0].val[pt->i]);
    if (s->np == 2)
        json_array_append(vals, s->p[1].val[pt->j]);
    json_object_set_new(o, "values", vals);
    json_object_set_new(o, "fights", json_integer((json_int_t)pt->r.fights));
    for (int t = 0; t < pt->r.nsides; t++)
        json_object_set_new(wins, pt->r.side[t], cli_proportion(pt->r.wins[t], pt->r.fights));
    json_object_set_new(o, "wins", wins);
    json_object_set_new(o, "draws", cli_proportion(pt->r.draws, pt->r.fights));
    json_object_set_new(o, "rounds", json_pack("{s:f,s:f}", "mean", fray_moments_mean(&pt->r.rounds),
                                               "sd", fray_moments_sd(&pt->r.rounds)));
    json_object_set(o, "first_attacks", pt->odds ? pt->odds : json_null());
    return o;
}

static void print_json(const sweep *s)
{
    const fray_sim_result *r0 = &s->pt[0].r;
    json_t *o = json_object(), *params = json_array(), *pts = json_array();
    json_object_set_new(o, "encounter", json_string(r0->encounter));
    json_object_set_new(o, "file", json_string(s->path));
    json_object_set_new(o, "ruleset", json_string(r0->ruleset));
    json_object_set_new(o, "seed", json_integer((json_int_t)s->b.seed));
    json_object_set_new(o, "fights_per_point", json_integer((json_int_t)s->b.n));
    for (int k = 0; k < s->np; k++) {
        json_t *vals = json_array();
        for (int v = 0; v < s->p[k].nvals; v++)
            json_array_append(vals, s->p[k].val[v]);
        json_array_append_new(params, json_pack("{s:s,s:o}", "path", s->p[k].path, "values", vals));
    }
    json_object_set_new(o, "params", params);
    for (int k = 0; k < points_done(s); k++)
        json_array_append_new(pts, point_json(s, &s->pt[k]));
    json_object_set_new(o, "points", pts);
    json_object_set_new(o, "complete", json_boolean(points_done(s) == s->npoints));
    json_object_set_new(o, "timing", json_pack("{s:f,s:i,s:i,s:f}", "elapsed", s->elapsed,
                                               "threads", s->b.threads, "ranks", cli_par_ranks(),
                                               "reduce_s", s->reduce));
    fray_json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', stdout);
    json_decref(o);
}

static void csv_field(const char *v)
{
    if (strpbrk(v, ",\"\n")) {
        putchar('"');
        for (; *v; v++) {
            if (*v == '"')
                putchar('"');
            putchar(*v);
        }
        putchar('"');
    } else {
        fputs(v, stdout);
    }
}

static void print_csv(const sweep *s)
{
    const fray_sim_result *r0 = &s->pt[0].r;
    for (int k = 0; k < s->np; k++) {
        csv_field(s->p[k].path);
        putchar(',');
    }
    for (int t = 0; t < r0->nsides; t++)
        printf("%s_wins,%s_win_rate,%s_win_lo,%s_win_hi,", r0->side[t], r0->side[t], r0->side[t],
               r0->side[t]);
    printf("fights,draws,rounds_mean,rounds_sd");
    for (int t = 0; t < r0->nsides; t++)
        printf(",%s_first_attack_p_hit", r0->side[t]);
    putchar('\n');
    for (int k = 0; k < points_done(s); k++) {
        const point *pt = &s->pt[k];
        csv_field(s->p[0].label[pt->i]);
        putchar(',');
        if (s->np == 2) {
            csv_field(s->p[1].label[pt->j]);
            putchar(',');
        }
        for (int t = 0; t < pt->r.nsides; t++) {
            double lo, hi, v = win_rate(pt, t, &lo, &hi);
            printf("%llu,%.6f,%.6f,%.6f,", (unsigned long long)pt->r.wins[t], v, lo, hi);
        }
        printf("%llu,%llu,%.4f,%.4f", (unsigned long long)pt->r.fights,
               (unsigned long long)pt->r.draws, fray_moments_mean(&pt->r.rounds),
               fray_moments_sd(&pt->r.rounds));
        for (int t = 0; t < pt->r.nsides; t++) {
            json_t *ph = json_object_get(json_object_get(pt->odds, pt->r.side[t]), "p_hit");
            putchar(',');
            if (ph)
                printf("%.6f", json_number_value(ph));
        }
        putchar('\n');
    }
}

static int write_svg(const sweep *s)
{
    FILE *f = fopen(s->b.svg, "w");
    if (!f)
        return fprintf(stderr, "fray sweep: --svg %s: cannot write\n", s->b.svg), -1;
    int n = points_done(s), rc;
    const fray_sim_result *r0 = &s->pt[0].r;
    char title[256], yname[96];
    snprintf(title, sizeof title, "%s: %s wins (%llu fights per point, seed %llu)", r0->encounter,
             r0->side[s->side], (unsigned long long)s->b.n, (unsigned long long)s->b.seed);
    snprintf(yname, sizeof yname, "%s win rate", r0->side[s->side]);
    double *y = calloc((size_t)n + 1, 3 * sizeof *y);
    const char **xl = calloc((size_t)n + 1, sizeof *xl), **yl = calloc(CLI_MAX_POINTS, sizeof *yl);
    if (!y || !xl || !yl) {
        free(y), free(xl), free(yl), fclose(f);
        return fprintf(stderr, "fray sweep: out of memory\n"), -1;
    }
    double *lo = y + n, *hi = y + 2 * n;
    for (int k = 0; k < n; k++)
        y[k] = win_rate(&s->pt[k], s->side, &lo[k], &hi[k]);
    if (s->np == 1) {
        for (int k = 0; k < n; k++)
            xl[k] = s->p[0].label[k];
        svg_series ser = {n, xl, y, lo, hi};
        rc = svg_line(f, title, s->p[0].path, yname, &ser);
    } else {
        int nx = n / s->p[1].nvals; /* whole columns only */
        for (int k = 0; k < s->p[0].nvals; k++)
            xl[k] = s->p[0].label[k];
        for (int k = 0; k < s->p[1].nvals; k++)
            yl[k] = s->p[1].label[k];
        rc = svg_heat(f, title, s->p[0].path, s->p[1].path, nx, xl, s->p[1].nvals, yl, y);
    }
    free(y), free(xl), free(yl);
    if (fclose(f) != 0 || rc < 0)
        return fprintf(stderr, "fray sweep: --svg %s: write failed\n", s->b.svg), -1;
    return 0;
}

/* ---- The verb ---- */

static int parse(int argc, char **argv, sweep *s)
{
    static const struct option longopts[] = {
        {"set", required_argument, 0, 'x'},     {"seed", required_argument, 0, 's'},
        {"threads", required_argument, 0, 't'}, {"policy", required_argument, 0, 'p'},
        {"side", required_argument, 0, 'S'},    {"json", no_argument, 0, 'j'},
        {"csv", no_argument, 0, 'c'},           {"svg", required_argument, 0, 'g'},
        {"help", no_argument, 0, 'h'},          {0, 0, 0, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "n:h", longopts, NULL)) != -1) {
        int k = cli_batch_opt("sweep", c, optarg, &s->b);
        if (k < 0)
            return -1;
        if (k)
            continue;
        switch (c) {
        case 'x':
            if (s->np == 2)
                return fprintf(stderr, "fray sweep: at most two --set (a grid of two)\n"), -1;
            if (cli_param_parse("sweep", optarg, &s->p[s->np]) < 0)
                return -1;
            s->np++;
            break;
        case 'j': s->b.json = 1; break;
        case 'c': s->b.csv = 1; break;
        case 'g': s->b.svg = optarg; break;
        case 'h': help(stdout); return 1;
        default: help(stderr); return -1;
        }
    }
    if (optind != argc - 1)
        return fprintf(stderr, "fray sweep: expected one encounter file\n"), help(stderr), -1;
    s->path = argv[optind];
    if (!s->np)
        return fprintf(stderr, "fray sweep: --set PATH=VALUES is required\n"), -1;
    if (s->np == 2 && !strcmp(s->p[0].path, s->p[1].path))
        return fprintf(stderr, "fray sweep: the two --set name the same path\n"), -1;
    return cli_batch_finish("sweep", &s->b);
}

/* The file as it is (errors with its own lines), and the side plotted. */
static int load_root(sweep *s, json_t **root)
{
    char err[512];
    const char *path = s->path;
    fray_encounter *e = fray_encounter_load_file(path, err, sizeof err);
    if (!e)
        return fprintf(stderr, "fray sweep: %s\n", err), -1;
    s->side = 0;
    for (int t = 0; s->b.side && t <= e->nsides; t++) {
        if (t == e->nsides) {
            fray_encounter_free(e);
            return fprintf(stderr, "fray sweep: --side %s: the encounter has no such side\n",
                           s->b.side), -1;
        }
        if (!strcmp(e->side[t], s->b.side)) {
            s->side = t;
            break;
        }
    }
    fray_encounter_free(e);
    json_error_t je;
    *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
    return *root ? 0 : (fprintf(stderr, "fray sweep: %s: %s\n", path, je.text), -1);
}

int cli_sweep(int argc, char **argv)
{
    sweep s;
    memset(&s, 0, sizeof s);
    json_t *root = NULL;
    int rc = parse(argc, argv, &s);
    if (rc > 0) { /* --help: done */
        rc = 0;
        goto out;
    }
    if (rc)
        goto out;
    if (load_root(&s, &root) < 0 || make_points(&s, root) < 0) {
        rc = -1;
        goto out;
    }
    rc = run_points(&s);
    if (rc)
        goto out;
    if (!s.b.json && !s.b.csv)
        fprintf(stderr, "fray sweep: seed %llu\n", (unsigned long long)s.b.seed);
    if (points_done(&s) == 0) {
        fprintf(stderr, "fray sweep: interrupted before the first point was done\n");
        goto out;
    }
    if (s.b.json)
        print_json(&s);
    else if (s.b.csv)
        print_csv(&s);
    else
        print_text(&s);
    if (s.b.svg && write_svg(&s) < 0)
        rc = 1;
out:
    for (int k = 0; s.pt && k < s.npoints; k++) {
        free(s.pt[k].text);
        json_decref(s.pt[k].odds);
    }
    free(s.pt);
    for (int k = 0; k < s.np; k++)
        cli_param_free(&s.p[k]);
    json_decref(root);
    return rc > 0 ? rc : rc < 0 ? 2 : 0;
}
