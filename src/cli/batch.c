/* batch.c: what `fray sweep` and `fray compare` share: the options of a
 * batch of fights, Ctrl-C, and a progress line (bench.h). */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "cli.h"
#include "par.h"
#include "stats.h"

int cli_batch_opt(const char *verb, int c, const char *arg, cli_batch *b)
{
    switch (c) {
    case 'n':
        if (cli_parse_u64(verb, "-n", arg, &b->n) < 0)
            return -1;
        if (b->n == 0 || b->n > 100000000ULL) {
            fprintf(stderr, "fray %s: -n must be from 1 to 100000000\n", verb);
            return -1;
        }
        return 1;
    case 's':
        if (cli_parse_u64(verb, "--seed", arg, &b->seed) < 0)
            return -1;
        if (b->seed > (unsigned long long)INT64_MAX) {
            fprintf(stderr, "fray %s: --seed must be at most %lld\n", verb, (long long)INT64_MAX);
            return -1;
        }
        b->have_seed = 1;
        return 1;
    case 't': return cli_parse_int(verb, "--threads", arg, 1, 1024, &b->threads) < 0 ? -1 : 1;
    case 'p':
        if (b->npol == 16) {
            fprintf(stderr, "fray %s: too many --policy options\n", verb);
            return -1;
        }
        b->policies[b->npol++] = arg;
        return 1;
    case 'S': b->side = arg; return 1;
    default: return 0;
    }
}

int cli_batch_finish(const char *verb, cli_batch *b)
{
    if (!b->n) {
        fprintf(stderr, "fray %s: -n N is required (fights per variant)\n", verb);
        return -1;
    }
    if (b->json && b->csv) {
        fprintf(stderr, "fray %s: --json and --csv exclude each other\n", verb);
        return -1;
    }
    if (!b->have_seed)
        b->seed = cli_clock_seed();
    if (!b->threads) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        b->threads = cores < 1 ? 1 : cores > 1024 ? 1024 : (int)cores;
    }
    return 0;
}

/* ---- Ctrl-C ---- */

/* The one global here: a signal handler can reach nothing else, and a
 * lock-free atomic may be stored from one (C11 7.14.1.1). */
static atomic_int stop_flag;
static struct sigaction old_int;

static void on_sigint(int sig)
{
    (void)sig;
    atomic_store(&stop_flag, 1);
}

atomic_int *cli_stop_catch(void)
{
    atomic_store(&stop_flag, 0);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = (int)SA_RESETHAND; /* a second Ctrl-C ends the program at once */
    sigaction(SIGINT, &sa, &old_int);
    return &stop_flag;
}

void cli_stop_release(void) { sigaction(SIGINT, &old_int, NULL); }

/* ---- Progress ---- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_progress_start(cli_progress *p, const char *verb, uint64_t total)
{
    memset(p, 0, sizeof *p);
    p->verb = verb;
    p->tty = cli_par_interactive();
    p->total = total;
    p->t0 = now();
}

int cli_progress_line_due(double *last)
{
    double t = now();
    if (*last == 0)
        *last = t; /* the first line after CLI_PROGRESS_LINE_S */
    if (t - *last < CLI_PROGRESS_LINE_S)
        return 0;
    *last = t;
    return 1;
}

void cli_progress_tick(void *ud, uint64_t done, uint64_t n)
{
    cli_progress *p = ud;
    (void)n;
    double t = now() - p->t0;
    if (!p->tty || t < 1.0) /* a run under a second needs no progress */
        return;
    if (p->tty == CLI_PROGRESS_LINES && !cli_progress_line_due(&p->last_line))
        return;
    uint64_t all = p->before + done;
    double rate = t > 0 ? (double)all / t : 0;
    double left = rate > 0 ? (double)(p->total - (all < p->total ? all : p->total)) / rate : 0;
    fprintf(stderr, "%sfray %s: %3d%%  %llu/%llu fights  %.0f fights/s  %.0f s left   %s",
            p->tty == CLI_PROGRESS_LINES ? "" : "\r", p->verb,
            p->total ? (int)(all * 100 / p->total) : 100, (unsigned long long)all,
            (unsigned long long)p->total, rate, left, p->tty == CLI_PROGRESS_LINES ? "\n" : "");
    fflush(stderr);
    p->shown = 1;
}

void cli_progress_batch(cli_progress *p, uint64_t n) { p->before += n; }

void cli_progress_end(cli_progress *p)
{
    if (p->shown && p->tty == CLI_PROGRESS_REDRAW)
        fprintf(stderr, "\r%78s\r", "");
}

fray_sim_opts cli_batch_sim_opts(const cli_batch *b, cli_progress *p)
{
    fray_sim_opts o = {.n = b->n, .seed = b->seed, .threads = b->threads,
                       .controllers = b->policies, .ncontrollers = b->npol,
                       .stop = &stop_flag, .progress = cli_progress_tick, .progress_ud = p,
                       .trace_fight = -1};
    return o;
}

int cli_side_index(const fray_sim_result *r, const char *name)
{
    if (!name)
        return r->nsides > 0 ? 0 : -1;
    for (int s = 0; s < r->nsides; s++)
        if (!strcmp(r->side[s], name))
            return s;
    return -1;
}

json_t *cli_proportion(uint64_t k, uint64_t n)
{
    double lo, hi;
    fray_wilson95(k, n, &lo, &hi);
    return json_pack("{s:I,s:f,s:[f,f]}", "count", (json_int_t)k, "rate",
                     n ? (double)k / (double)n : 0.0, "ci95", lo, hi);
}
