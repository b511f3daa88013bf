/* sim.h: many fights of one encounter, in parallel (`fray sim`).
 *
 * Usage:
 *
 *     fray_sim_opts o = {.n = 100000, .seed = 3, .threads = 4};
 *     fray_sim_result *r = malloc(sizeof *r);
 *     char err[512];
 *     if (fray_sim_run("duel.json", &o, r, err, sizeof err) != FRAY_OK) ...
 *     printf("%s wins %.1f%%\n", r->side[0], 100.0 * r->wins[0] / r->fights);
 *
 * Fight i (0 <= i < n) is fray_reset(e, seed, i) then fray_run(e), with no
 * sink subscribed, so it draws from a stream derived from (seed, i) alone.
 * Every statistic is an integer sum, and each thread keeps its own partial
 * result, merged in thread order at the end: the result (everything but
 * `timing`) is the same, byte for byte, for any number of threads.
 * Memory is one encounter and one partial result per thread, whatever n.
 */
#ifndef FRAY_SIM_H
#define FRAY_SIM_H

#include <stdatomic.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "stats.h"

typedef struct fray_sim_opts {
    uint64_t n;       /* fights to run */
    uint64_t seed;
    int threads;      /* worker threads, >= 1 */
    /* "SIDE=policy|random|script" applied to every fight, in order (borrowed) */
    const char *const *controllers;
    int ncontrollers;
    int max_rounds;   /* > 0: overrides the file's round limit */
    /* Load with this ruleset instead of the registry's (tests); NULL normally. */
    const fray_ruleset *rs;
    /* When nonzero, every thread stops before its next fight; the fights
     * finished are still counted. May be set from a signal handler (lock-free
     * atomic). NULL: never stop early. */
    atomic_int *stop;
    /* Called from the calling thread about every 100 ms while the fights run,
     * with the fights finished so far. May be NULL. */
    void (*progress)(void *ud, uint64_t done, uint64_t n);
    void *progress_ud;
    /* The events of fight trace_fight go to trace as JSON Lines, as `fray
     * run --fight` prints them (trace NULL: none). */
    int64_t trace_fight;
    FILE *trace;
    /* When not NULL, n entries each (caller-owned): outcome[i] is 0 when
     * fight i was a draw, else its winning side + 1; rounds[i] its rounds
     * (at most 65535). `fray compare` pairs fight i of two variants. */
    uint8_t *outcome;
    uint16_t *rounds;
    /* Check every choice a ruleset's decide hook makes against legal +
     * policy (fray_check_decide): a difference fails the fight. Slow. */
    int check_decide;
    /* A share of the run (fray-mpi: each process plays one): when share is
     * nonzero, only fights first .. first + count - 1 of the n are played
     * (outcome[] and rounds[] are written at those indices alone), and the
     * result counts those. fray_sim_result_merge adds the shares up to the
     * whole run's result, byte for byte. */
    int share;
    uint64_t first, count;
} fray_sim_opts;

typedef struct fray_sim_combatant {
    char name[FRAY_NAME];
    int side;
    uint64_t status[3];   /* fights it ended FRAY_ABLE, FRAY_DOWN, FRAY_DEAD */
    fray_moments dealt;   /* damage dealt per fight, in the ruleset's unit */
    fray_moments taken;   /* damage taken per fight */
} fray_sim_combatant;

typedef struct fray_sim_result {
    /* what was run */
    char encounter[64];
    char ruleset[32];
    uint64_t seed;
    int64_t fail_fight;   /* the first fight that failed (fray run --fight replays it), or -1 */
    uint64_t requested;   /* n asked for */
    uint64_t fights;      /* fights finished (fewer than requested when stopped) */
    int stopped;          /* 1 when opts->stop ended the run early */
    int max_rounds;
    int nsides, ncombatants;
    char side[FRAY_MAX_SIDES][FRAY_NAME];
    /* outcomes */
    uint64_t wins[FRAY_MAX_SIDES];
    uint64_t draws;
    fray_moments rounds;  /* rounds per fight */
    fray_hist rounds_hist;
    fray_moments dice;    /* dice drawn per fight */
    fray_sim_combatant c[FRAY_MAX_COMBATANTS];
    /* an adventuring day (day.h): nfights > 0; c[] is then the party */
    int nfights;
    char fight[FRAY_DAY_STEPS][64];
    uint64_t day_won[FRAY_DAY_STEPS];            /* days whose party won fight k */
    uint64_t day_through[FRAY_DAY_STEPS + 1];    /* days that won exactly k fights */
    uint64_t day_alive[FRAY_DAY_STEPS][FRAY_MAX_COMBATANTS]; /* party member i alive after fight k */
    /* the tactics report (core.h): by side, action kind and resource; in an
     * adventuring day, every foe counts on side 1 */
    fray_tally tally;
    /* the only part that differs between runs */
    struct {
        double elapsed;   /* seconds running fights (loading excluded) */
        int threads;      /* worker threads (each process's) */
        int ranks;        /* processes the fights were spread over (fray-mpi), 1 otherwise */
        double reduce;    /* seconds rank 0 spent gathering the shares (waiting on the
                           * slowest rank included), 0 in one process */
    } timing;
} fray_sim_result;

/* Run opts->n fights of the encounter in `path` and fill *r (caller-owned;
 * about 22 KiB, so better not on a small stack). Returns FRAY_OK (also when
 * stopped early), FRAY_EINPUT (the file, a controller, or a dice script in
 * a fight did not fit) or FRAY_ERUNTIME, with a message in err. */
int fray_sim_run(const char *path, const fray_sim_opts *opts, fray_sim_result *r, char *err,
                 size_t errlen);
/* into += part: the result of a share of a run (fray_sim_opts.share) added
 * to the result of other shares of the same run (same file, seed and n),
 * in any order. Counts and sums add, the first failed fight is the lowest,
 * stopped is either's, elapsed the longer. */
void fray_sim_result_merge(fray_sim_result *into, const fray_sim_result *part);
/* into += part, count by count. */
void fray_tally_merge(fray_tally *into, const fray_tally *part);
/* The same from JSON text; name is used in messages. */
int fray_sim_run_text(const char *json, const char *name, const fray_sim_opts *opts,
                      fray_sim_result *r, char *err, size_t errlen);

#endif
