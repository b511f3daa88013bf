/* bench.h: what the designer's verbs share (`fray sweep`, `fray compare`):
 * the parameters of a sweep and the paths that set them (param.c), the
 * options every batch of fights takes and the progress line (batch.c), and
 * the small SVG writer of the plots (svg.c). */
#ifndef FRAY_BENCH_H
#define FRAY_BENCH_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "sim.h"

/* ---- Parameters (param.c) ---- */

#define CLI_MAX_POINTS 200

typedef struct cli_param {
    char path[256];
    int nvals;
    json_t *val[CLI_MAX_POINTS];     /* owned */
    char label[CLI_MAX_POINTS][32];  /* as given, for tables and plots */
} cli_param;

/* PATH=VALUES (A..B, A..B/STEP, or V1,V2,...) into *p; 0, or -1 after a
 * message on stderr. Free with cli_param_free. */
int cli_param_parse(const char *verb, const char *spec, cli_param *p);
void cli_param_free(cli_param *p);
/* Set value (not stolen) at every place path names in the encounter root.
 * Returns how many places were set (>= 1), or -1 with a message in err. */
int cli_param_set(json_t *root, const char *path, json_t *value, char *err, size_t errlen);

/* ---- Batches of fights (batch.c) ---- */

typedef struct cli_batch {
    unsigned long long n, seed;
    int threads, have_seed, json, csv;
    const char *policies[16];
    int npol;
    const char *svg;        /* --svg FILE, or NULL */
    const char *side;       /* --side NAME: the side whose win rate is plotted and compared */
} cli_batch;

/* Handle one of the options every batch verb takes (-n, --seed, --threads,
 * --policy, --side); `c` is getopt's code ('n', 's', 't', 'p', 'S').
 * Returns 1 when it was one of them, 0 when not, -1 after a message. */
int cli_batch_opt(const char *verb, int c, const char *arg, cli_batch *b);
/* Defaults after parsing: the seed from the clock, the cores as threads.
 * Returns -1 after a message when -n is missing. */
int cli_batch_finish(const char *verb, cli_batch *b);

/* Progress of a run of `total` fights in several batches, on stderr when it
 * is a terminal and the run takes over a second; silent otherwise. */
typedef struct cli_progress {
    const char *verb;
    int tty;
    uint64_t before, total; /* fights of the batches already finished */
    double t0, last_line;
    int shown;
} cli_progress;

void cli_progress_start(cli_progress *p, const char *verb, uint64_t total);
/* fray_sim_opts.progress: ud is the cli_progress. */
void cli_progress_tick(void *ud, uint64_t done, uint64_t n);
/* A batch of n fights is finished. */
void cli_progress_batch(cli_progress *p, uint64_t n);
void cli_progress_end(cli_progress *p);

/* Ctrl-C: the flag the fights watch (fray_sim_opts.stop), set by SIGINT
 * while cli_stop_catch is in force. */
atomic_int *cli_stop_catch(void);
void cli_stop_release(void);

/* The options of one batch of the encounter text. */
fray_sim_opts cli_batch_sim_opts(const cli_batch *b, cli_progress *p);

/* The index of side `name` in r, or of the first side when name is NULL;
 * -1 when there is none of that name. */
int cli_side_index(const fray_sim_result *r, const char *name);
/* {"count", "rate", "ci95": [lo, hi]} of k in n. */
json_t *cli_proportion(uint64_t k, uint64_t n);

/* ---- Plots (svg.c) ---- */

typedef struct svg_series {
    int n;
    const char *const *xlabel;  /* n labels, spaced evenly */
    const double *y, *lo, *hi;  /* n values in [0, 1] and their band */
} svg_series;

/* A line plot of a rate with its 95% band against a parameter. */
int svg_line(FILE *f, const char *title, const char *xname, const char *yname,
             const svg_series *s);
/* A heat map of a rate over a grid: rate[i * ny + j] at (x label i, y label j). */
int svg_heat(FILE *f, const char *title, const char *xname, const char *yname, int nx,
             const char *const *xl, int ny, const char *const *yl, const double *rate);

#endif
