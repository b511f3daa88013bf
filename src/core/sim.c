/* sim.c: many fights of one encounter in parallel (sim.h).
 *
 * Each worker thread owns one loaded encounter and one partial result.
 * Worker 0's encounter is loaded before the threads start, so that a bad
 * file is reported at once; every other worker loads its own in its own
 * thread, so that its memory comes from that thread's malloc arena. Loaded
 * by one thread, the encounters of two workers sat on interleaved chunks
 * freed by an earlier run of the same process (bench_sim, sweep, serve),
 * and the lines written in every fight were shared: 2 threads ran the
 * energy duel at 1.05 times one thread in bench_sim against 1.96 in a
 * fresh `fray sim`; fights per CPU-second halved.
 * Work is handed out in chunks of consecutive fight numbers from an atomic
 * counter; since fight i depends on (seed, i) alone and every statistic is
 * an integer sum, neither the chunking nor the thread count can change the
 * result. The fight loop allocates nothing and formats nothing: no sink is
 * subscribed, so the dice count their draws without logging them.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim.h"
#include "day.h"

/* The counters written during the run sit on cache lines of their own, away
 * from what every worker reads before each fight (pads of 64 bytes: no
 * false sharing, whatever the allocation's alignment). */
typedef struct sim_shared {
    uint64_t n, seed, chunk;
    uint64_t end;              /* one past the last fight to play (n, or a share's end) */
    int64_t trace_fight;       /* its events go to trace (fray_sim_opts) */
    FILE *trace;
    uint8_t *outcome;          /* per fight, or NULL (fray_sim_opts) */
    uint16_t *rounds;
    atomic_int abort;          /* a fight failed: everyone stops */
    atomic_int *stop;          /* the caller's early stop, or NULL */
    const char *path, *text;   /* what every worker loads (run's arguments) */
    const fray_sim_opts *o;
    char pad0[64];
    atomic_uint_fast64_t next; /* first fight of the next chunk to hand out */
    char pad1[64];
    atomic_uint_fast64_t done; /* fights finished, for progress */
    atomic_int running;        /* workers not yet finished */
    char pad2[64];
} sim_shared;

typedef struct sim_worker {
    char pad0[64]; /* each worker's partial result on lines of its own */
    pthread_t tid;
    int started;
    sim_shared *sh;
    fray_encounter *e;
    fray_day *day;             /* an adventuring day instead of one fight, or NULL */
    fray_sim_result part;      /* its fights' counts (fray_sim_result_merge adds them up) */
    int failed, fail_code;
    uint64_t fail_fight;
    char fail_msg[256];
    int load_failed;           /* its encounter could not be loaded: fail_msg says why */
    char pad1[64];
} sim_worker;

static void tally(fray_sim_result *p, const fray_encounter *e)
{
    p->fights++;
    if (e->winner >= 0 && e->winner < FRAY_MAX_SIDES)
        p->wins[e->winner]++;
    else
        p->draws++;
    fray_moments_add(&p->rounds, e->round);
    fray_hist_add(&p->rounds_hist, e->round);
    fray_moments_add(&p->dice, (int64_t)e->dice.drawn);
    for (int i = 0; i < e->n; i++) {
        int st = e->c[i].status;
        p->c[i].status[st < 0 ? 0 : st > 2 ? 2 : st]++;
        fray_moments_add(&p->c[i].dealt, e->c[i].dealt);
        fray_moments_add(&p->c[i].taken, e->c[i].taken);
    }
}

/* A day: who won is who won its last fight; rounds and dice add up over
 * its fights; the party is reported as the last fight left it. */
static void tally_day(fray_sim_result *p, const fray_day *d, const fray_day_out *o)
{
    const fray_encounter *e = d->fight[o->last];
    p->fights++;
    if (o->won == d->nfights)
        p->wins[0]++; /* the party (describe_day) */
    else if (e->winner >= 0)
        p->wins[1]++; /* whichever foes stopped it */
    else
        p->draws++;
    fray_moments_add(&p->rounds, o->rounds);
    fray_hist_add(&p->rounds_hist, o->rounds);
    fray_moments_add(&p->dice, (int64_t)o->dice);
    for (int k = 0; k < o->won; k++)
        p->day_won[k]++;
    p->day_through[o->won]++;
    for (int k = 0; k < o->played; k++)
        for (int i = 0; i < d->nparty; i++)
            p->day_alive[k][i] += (o->alive[k] >> i) & 1u;
    for (int i = 0; i < d->nparty; i++) {
        int st = e->c[i].status;
        p->c[i].status[st < 0 ? 0 : st > 2 ? 2 : st]++;
        fray_moments_add(&p->c[i].dealt, e->c[i].dealt);
        fray_moments_add(&p->c[i].taken, e->c[i].taken);
    }
}

static int should_stop(sim_shared *sh)
{
    if (atomic_load_explicit(&sh->abort, memory_order_relaxed))
        return 1;
    return sh->stop && atomic_load_explicit(sh->stop, memory_order_relaxed);
}

/* Fight (or day) i, tallied; *last is the encounter that ended it. */
static int play(sim_worker *w, uint64_t i, fray_encounter **last)
{
    sim_shared *sh = w->sh;
    if (w->day) {
        fray_day_out out;
        int rc = fray_day_run(w->day, sh->seed, i, &out);
        *last = w->day->fight[out.last];
        if (rc >= 0)
            tally_day(&w->part, w->day, &out);
        return rc;
    }
    fray_encounter *e = *last = w->e;
    int traced = sh->trace && (int64_t)i == sh->trace_fight;
    if (traced)
        fray_subscribe(e, fray_sink_jsonl, sh->trace);
    fray_reset(e, sh->seed, i);
    int rc = fray_run(e);
    if (traced)
        e->nsinks = 0; /* the others are counted, not written */
    if (rc >= 0)
        tally(&w->part, e);
    return rc;
}

static int load_worker(sim_worker *w, const char *path, const char *text, const fray_sim_opts *o,
                       char *err, size_t errlen);
static void count_into(sim_worker *w);

static void *work(void *arg)
{
    sim_worker *w = arg;
    sim_shared *sh = w->sh;
    if (!w->e && !w->day) {
        if (load_worker(w, sh->path, sh->text, sh->o, w->fail_msg, sizeof w->fail_msg) < 0) {
            w->load_failed = 1;
            atomic_store(&sh->abort, 1);
            atomic_fetch_sub(&sh->running, 1);
            return NULL;
        }
        count_into(w);
    }
    fray_encounter *e = w->e;
    for (;;) {
        uint64_t start = atomic_fetch_add(&sh->next, sh->chunk);
        if (start >= sh->end)
            break;
        uint64_t end = sh->end - start < sh->chunk ? sh->end : start + sh->chunk;
        uint64_t i;
        for (i = start; i < end; i++) {
            if (should_stop(sh))
                break;
            int rc = play(w, i, &e);
            if (rc < 0) {
                w->failed = 1;
                w->fail_fight = i;
                w->fail_code = fray_error_code(e);
                snprintf(w->fail_msg, sizeof w->fail_msg, "%s", fray_error(e));
                atomic_store(&sh->abort, 1);
                break;
            }
            if (sh->outcome) /* fight i's own byte: threads write apart */
                sh->outcome[i] = (uint8_t)(e->winner >= 0 ? e->winner + 1 : 0);
            if (sh->rounds)
                sh->rounds[i] = (uint16_t)(e->round > 65535 ? 65535 : e->round);
        }
        atomic_fetch_add(&sh->done, i - start);
        if (i < end)
            break;
    }
    atomic_fetch_sub(&sh->running, 1);
    return NULL;
}

/* An encounter as the sim runs it: controllers set, round limit set, and
 * any dice script of the file dropped (every fight would replay it). */
static int prepare(fray_encounter *e, const fray_sim_opts *o, char *err, size_t errlen)
{
    for (int k = 0; k < o->ncontrollers; k++)
        if (fray_set_controller_spec(e, o->controllers[k], err, errlen) < 0)
            return -1;
    if (o->max_rounds > 0)
        fray_set_max_rounds(e, o->max_rounds);
    if (fray_check_decide(e, o->check_decide) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    free(e->script_dice);
    e->script_dice = NULL;
    e->nscript_dice = 0;
    return 0;
}

/* A worker's encounter, or the fights of its adventuring day (w->e is then
 * the day's first fight, which names the sides). */
static int load_worker(sim_worker *w, const char *path, const char *text, const fray_sim_opts *o,
                       char *err, size_t errlen)
{
    fray_encounter *e;
    if (text)
        e = o->rs ? fray_encounter_load_with(o->rs, text, path, err, errlen)
                  : fray_encounter_load_string(text, path, err, errlen);
    else
        e = fray_encounter_load_file(path, err, errlen);
    if (!e)
        return -1;
    if (e->nday && text) {
        fray_encounter_free(e);
        if (!(w->day = fray_day_load(text, path, err, errlen)))
            return -1;
        for (int k = 0; k < w->day->nfights; k++)
            if (prepare(w->day->fight[k], o, err, errlen) < 0)
                return -1;
        w->e = w->day->fight[0];
        return 0;
    }
    w->e = e;
    return prepare(e, o, err, errlen);
}

/* Every fight of worker w counts its actions into w's partial result. */
static void count_into(sim_worker *w)
{
    if (!w->day) {
        w->e->tally = &w->part.tally;
        return;
    }
    for (int k = 0; k < w->day->nfights; k++)
        w->day->fight[k]->tally = &w->part.tally;
}

/* A day has two sides, the party and its foes: the foes of every side
 * counted as side 1. */
static void fold_foes(fray_tally *t)
{
    for (int s = 2; s < FRAY_MAX_SIDES; s++) {
        for (int k = 0; k < FRAY_TALLY_KINDS; k++) {
            t->used[1][k] += t->used[s][k];
            t->idle[1][k] += t->idle[s][k];
            t->used[s][k] = t->idle[s][k] = 0;
        }
        for (int k = 0; k < FRAY_MAX_RES; k++) {
            t->refills[1][k] += t->refills[s][k];
            t->left[1][k] += t->left[s][k];
            t->after[1][k] += t->after[s][k];
            t->refills[s][k] = t->left[s][k] = t->after[s][k] = 0;
        }
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void describe(fray_sim_result *r, const fray_encounter *e, const fray_sim_opts *o)
{
    snprintf(r->encounter, sizeof r->encounter, "%s", e->name);
    snprintf(r->ruleset, sizeof r->ruleset, "%s", e->rs->id);
    r->seed = o->seed;
    r->requested = o->n;
    r->max_rounds = e->max_rounds;
    r->nsides = e->nsides;
    r->ncombatants = e->n;
    for (int s = 0; s < e->nsides; s++)
        snprintf(r->side[s], sizeof r->side[s], "%s", e->side[s]);
    for (int i = 0; i < e->n; i++) {
        snprintf(r->c[i].name, sizeof r->c[i].name, "%s", e->c[i].name);
        r->c[i].side = e->c[i].side;
    }
}

static void describe_day(fray_sim_result *r, const fray_day *d)
{
    r->nfights = d->nfights;
    r->ncombatants = d->nparty; /* the foes differ from fight to fight */
    /* two sides: the party, and whoever it meets; the party's is side 0 of
     * every fight, since it stands first */
    r->nsides = 2;
    snprintf(r->side[1], sizeof r->side[1], "foes");
    for (int k = 0; k < d->nfights; k++)
        snprintf(r->fight[k], sizeof r->fight[k], "%s", d->name[k]);
}

static int run(const char *path, const char *text, const fray_sim_opts *o, fray_sim_result *r,
               char *err, size_t errlen)
{
    int rc = FRAY_OK, T = o->threads < 1 ? 1 : o->threads;
    memset(r, 0, sizeof *r);
    r->fail_fight = -1;
    if (o->n > (UINT64_MAX >> 2)) {
        snprintf(err, errlen, "too many fights: %llu", (unsigned long long)o->n);
        return FRAY_EINPUT;
    }
    uint64_t first = o->share ? o->first : 0, count = o->share ? o->count : o->n;
    if (first > o->n || count > o->n - first) {
        snprintf(err, errlen, "a share of fights %llu..%llu outside the run's %llu",
                 (unsigned long long)first, (unsigned long long)(first + count),
                 (unsigned long long)o->n);
        return FRAY_EINPUT;
    }
    if (T > 1024)
        T = 1024;
    if ((uint64_t)T > count)
        T = count ? (int)count : 1; /* an idle thread would only cost a load */
    sim_worker *w = calloc((size_t)T, sizeof *w);
    static const sim_shared zero;
    sim_shared sh = zero;
    if (!w) {
        snprintf(err, errlen, "out of memory");
        return FRAY_ERUNTIME;
    }
    sh.n = o->n;
    sh.seed = o->seed;
    sh.trace = o->trace;
    sh.trace_fight = o->trace_fight;
    sh.outcome = o->outcome;
    sh.rounds = o->rounds;
    /* chunks small enough to balance the threads, large enough that the
     * shared counter is touched rarely */
    sh.end = first + count;
    sh.chunk = count / ((uint64_t)T * 64);
    if (sh.chunk < 1)
        sh.chunk = 1;
    if (sh.chunk > 4096)
        sh.chunk = 4096;
    atomic_init(&sh.next, first);
    atomic_init(&sh.done, 0);
    atomic_init(&sh.abort, 0);
    atomic_init(&sh.running, T);
    sh.stop = o->stop;
    sh.path = path;
    sh.text = text;
    sh.o = o;

    for (int t = 0; t < T; t++) {
        w[t].sh = &sh;
        w[t].part.fail_fight = -1; /* the threads' failures are reported below */
    }
    if (load_worker(&w[0], path, text, o, err, errlen) < 0) {
        rc = FRAY_EINPUT;
        goto out;
    }
    count_into(&w[0]);
    describe(r, w[0].e, o);
    if (w[0].day)
        describe_day(r, w[0].day);

    double t0 = now();
    for (int t = 0; t < T; t++) {
        int prc = pthread_create(&w[t].tid, NULL, work, &w[t]);
        if (prc != 0) {
            /* the threads already running finish the work alone */
            atomic_fetch_sub(&sh.running, T - t);
            snprintf(err, errlen, "cannot start a thread: %s", strerror(prc));
            if (t == 0) {
                rc = FRAY_ERUNTIME;
                goto out;
            }
            break;
        }
        w[t].started = 1;
    }
    if (o->progress) {
        int ticks = 0;
        while (atomic_load(&sh.running) > 0) {
            struct timespec ts = {0, 10 * 1000 * 1000};
            nanosleep(&ts, NULL);
            if (++ticks % 10 == 0)
                o->progress(o->progress_ud, (uint64_t)atomic_load(&sh.done), count);
        }
        o->progress(o->progress_ud, (uint64_t)atomic_load(&sh.done), count);
    }
    for (int t = 0; t < T; t++)
        if (w[t].started)
            pthread_join(w[t].tid, NULL);
    r->timing.elapsed = now() - t0;
    r->timing.threads = T;
    r->timing.ranks = 1;

    /* merged in thread order; integer sums make the order immaterial anyway */
    for (int t = 0; t < T; t++) {
        if (w[t].day)
            fold_foes(&w[t].part.tally);
        fray_sim_result_merge(r, &w[t].part);
    }
    r->stopped = r->fights < count;

    for (int t = 0; t < T; t++)
        if (w[t].load_failed) { /* worker 0 loaded it: only memory can fail */
            snprintf(err, errlen, "thread %d: %s", t, w[t].fail_msg);
            r->fail_fight = -1;
            rc = FRAY_ERUNTIME;
            goto out;
        }
    int failed = -1; /* the thread whose failed fight came first */
    for (int t = 0; t < T; t++)
        if (w[t].failed && (failed < 0 || w[t].fail_fight < w[failed].fail_fight))
            failed = t;
    r->fail_fight = failed >= 0 ? (int64_t)w[failed].fail_fight : -1;
    if (failed >= 0) {
        snprintf(err, errlen, "fight %llu (seed %llu): %s",
                 (unsigned long long)w[failed].fail_fight, (unsigned long long)o->seed,
                 w[failed].fail_msg);
        rc = w[failed].fail_code == FRAY_EINPUT ? FRAY_EINPUT : FRAY_ERUNTIME;
    }
out:
    for (int t = 0; t < T; t++) {
        if (w[t].day)
            fray_day_free(w[t].day);
        else
            fray_encounter_free(w[t].e);
    }
    free(w);
    return rc;
}

void fray_tally_merge(fray_tally *into, const fray_tally *part)
{
    into->limit += part->limit;
    for (int s = 0; s < FRAY_MAX_SIDES; s++) {
        for (int k = 0; k < FRAY_TALLY_KINDS; k++) {
            into->used[s][k] += part->used[s][k];
            into->idle[s][k] += part->idle[s][k];
        }
        for (int k = 0; k < FRAY_MAX_RES; k++) {
            into->refills[s][k] += part->refills[s][k];
            into->left[s][k] += part->left[s][k];
            into->after[s][k] += part->after[s][k];
        }
    }
}

void fray_sim_result_merge(fray_sim_result *into, const fray_sim_result *part)
{
    into->fights += part->fights;
    for (int s = 0; s < FRAY_MAX_SIDES; s++)
        into->wins[s] += part->wins[s];
    into->draws += part->draws;
    fray_moments_merge(&into->rounds, &part->rounds);
    fray_hist_merge(&into->rounds_hist, &part->rounds_hist);
    fray_moments_merge(&into->dice, &part->dice);
    for (int i = 0; i < into->ncombatants; i++) {
        for (int k = 0; k < 3; k++)
            into->c[i].status[k] += part->c[i].status[k];
        fray_moments_merge(&into->c[i].dealt, &part->c[i].dealt);
        fray_moments_merge(&into->c[i].taken, &part->c[i].taken);
    }
    for (int k = 0; k < FRAY_DAY_STEPS; k++) {
        into->day_won[k] += part->day_won[k];
        for (int i = 0; i < into->ncombatants; i++)
            into->day_alive[k][i] += part->day_alive[k][i];
    }
    for (int k = 0; k <= FRAY_DAY_STEPS; k++)
        into->day_through[k] += part->day_through[k];
    fray_tally_merge(&into->tally, &part->tally);
    if (part->fail_fight >= 0 && (into->fail_fight < 0 || part->fail_fight < into->fail_fight))
        into->fail_fight = part->fail_fight;
    into->stopped |= part->stopped;
    if (part->timing.elapsed > into->timing.elapsed)
        into->timing.elapsed = part->timing.elapsed;
}

int fray_sim_run(const char *path, const fray_sim_opts *o, fray_sim_result *r, char *err,
                 size_t errlen)
{
    size_t len;
    char *text = fray_slurp(path, &len);
    if (!text) {
        memset(r, 0, sizeof *r);
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return FRAY_EINPUT;
    }
    int rc = run(path, text, o, r, err, errlen);
    free(text);
    return rc;
}

int fray_sim_run_text(const char *json, const char *name, const fray_sim_opts *o,
                      fray_sim_result *r, char *err, size_t errlen)
{
    return run(name ? name : "(string)", json, o, r, err, errlen);
}
