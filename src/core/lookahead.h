/* lookahead.h: a mid-fight copy of an encounter, and the look-ahead player
 * that plays candidate actions forward on such copies (issue 35, point 3).
 * Internal to the core and the front ends; not installed. */
#ifndef FRAY_LOOKAHEAD_H
#define FRAY_LOOKAHEAD_H

#include "core.h"

/* A deep copy of the fight as it is now, between two steps or at an own
 * turn's choice (offer_depth 0): the creatures, their private bytes, the
 * ruleset's state, the scheduler, the round, the dice's and the policy's
 * generators as they stand, the scripts. Not copied: sinks, a person
 * (choose_fn, ask_fn), a dice entry callback or dice script (the copy
 * draws from the generator), the tally, decide checking. The map is
 * borrowed: `e` must outlive the copy. The caller frees it with
 * fray_encounter_free; NULL out of memory. */
fray_encounter *fray_encounter_copy(const fray_encounter *e);
/* The same into `d`, a copy made before (its buffers are reused, so a
 * look-ahead allocates only at its first choice). 0, or -1 out of memory
 * (d is then only fit for fray_encounter_free). */
int fray_encounter_copy_into(fray_encounter *d, const fray_encounter *e);
/* The rest of `who`'s own-turn step with the choice made: `act` (one of
 * its legal actions now), or a pass when NULL. Returns as fray_step. */
int fray_step_act_with(fray_encounter *e, int who, const fray_action *act);

/* The look-ahead's size: candidates, tries of each, rounds played forward
 * (the present round counts; 0: to the end of the fight). */
typedef struct fray_la_opts {
    int breadth, tries, depth;
} fray_la_opts;
#define FRAY_LA_BREADTH 16
#define FRAY_LA_TRIES 128
#define FRAY_LA_DEPTH 0
#define FRAY_LA_MAX_BREADTH 16
#define FRAY_LA_MAX_TRIES 4096
/* What the tries of one candidate came to; every figure a sum over tries. */
typedef struct fray_la_cand {
    int pick;        /* index into the legal list, -1 a pass */
    int policy;      /* 1: the policy's own choice */
    int tries, wins; /* tries, and tries who's side won */
    int64_t score;   /* a try scores 1000 won, 0 lost, else the estimate */
    int64_t dealt, taken; /* damage who's side dealt and took, in the ruleset's unit */
    /* try by try, its score less the policy's choice's on the same dice:
     * the sum and the sum of squares (the paired test of fray_lookahead_better) */
    int64_t dsum, dsq;
} fray_la_cand;

/* Rank who's own-turn candidates now (legal[0..n), its whole legal list):
 * the policy's choice first, then the first action of each other kind and
 * target in the list, up to o->breadth; each played o->tries times to the
 * end (or o->depth rounds) on copies of e, try i of every candidate with
 * the same dice (common random numbers, from `seed` and i), everyone by
 * the policies (random and scripted creatures as they are). Writes them
 * to out[0..), best score first (the earlier on a tie), and returns how
 * many; -1 out of memory. Leaves e as it was. */
int fray_lookahead_rank(fray_encounter *e, int who, const fray_action *legal, int n,
                        const fray_la_opts *o, uint64_t seed, fray_la_cand *out, int max);
/* Whether candidate c beats the policy's choice (the first ranked by
 * fray_lookahead_rank is not always it) beyond the noise of its tries:
 * the paired differences' mean is above twice its standard error (t > 2,
 * in integers). Without it the best of a few noisy estimates is taken
 * for a better action more often than it is one. */
int fray_lookahead_better(const fray_la_cand *c);
/* The look-ahead controller's choice (fray_choose): an index into
 * legal[0..n), or -1 to pass. Its candidates are wider than
 * fray_lookahead_rank's: after the first of each kind and target, the
 * other arguments of those, then the other entries, up to the breadth;
 * they are played by successive halving (each stage keeps the better half
 * and the policy's choice, and doubles the tries) until two are left
 * beside the policy's choice, which have the options' tries; the best of
 * those that is fray_lookahead_better is taken, else the policy's choice.
 * Its one draw from the policy's stream seeds its tries, so that a seed
 * still gives one fight. */
int fray_lookahead_choose(fray_encounter *e, int who, const fray_action *legal, int n);
/* The look-ahead player's choice (fray_choose, FRAY_CTL_LOOKAHEAD): at
 * its own turn at the top of the stack fray_lookahead_choose, else
 * fray_lookahead_nested; with e->la_memo, a choice made before from the
 * same fight and question is taken as it was (the policy stream put where
 * it was left), so that a fight rebuilt from its journal at every input
 * (play, serve) does not look ahead again at every choice of its past. */
int fray_lookahead_decide(fray_encounter *e, int who, int window, const fray_action *trigger,
                          const fray_action *legal, int n);
/* The memo: what fray_lookahead_decide chose, by a 64-bit hash of
 * everything the choice is a function of (the fight's creatures, private
 * bytes, state, scheduler, events and dice drawn, both generators; the
 * question; the options). Owned by whoever rebuilds a fight (a session),
 * borrowed by its encounters (e->la_memo); copies have none. */
typedef struct fray_la_memo fray_la_memo;
fray_la_memo *fray_la_memo_new(void);
void fray_la_memo_free(fray_la_memo *m);
size_t fray_la_memo_count(const fray_la_memo *m); /* the choices kept */
/* The look-ahead player's choice in a window nested in an action (a
 * reaction, an answer to a declared action, a window between actions):
 * the policy's choice, passing and the other entries, each played from
 * the own-turn step's checkpoint (fray_la_checkpoint), replayed up to this
 * choice, then on as fray_lookahead_choose's tries are, by successive
 * halving; the best that is fray_lookahead_better, else the policy's
 * choice, which it is too when there is no checkpoint of this fight. */
int fray_lookahead_nested(fray_encounter *e, int who, int window, const fray_action *trigger,
                          const fray_action *legal, int n);
/* The look-ahead player's answer to a question put in the middle of a
 * resolution (fray_ask: question of the ruleset's, options allowed): the
 * policy's answer and the other options, played as fray_lookahead_nested
 * plays a window's entries, from the step's checkpoint; kept in e->la_memo
 * as fray_lookahead_decide's choices are. The policy's answer is asked
 * of a copy, as fray_lookahead_nested's choice is (with one candidate or
 * without a checkpoint of this fight, that answer), so that a replay,
 * which hands the answer back, leaves the fight as it was (a ruleset's
 * policy may keep what it derives in the creature's bytes). -1 (the
 * policy's answer, which fray_ask then asks of the ruleset) out of
 * memory. */
int fray_lookahead_answer(fray_encounter *e, int who, int question, uint32_t allowed,
                          const fray_action *ctx);
/* What a checkpoint keeps (engine.c's fray_choose and fray_ask tell it):
 * who chose `pick` in `window` (answer: 1 for a fray_ask's option, window
 * its question), a person or a look-ahead player, whom a copy cannot ask
 * again. */
void fray_la_note(fray_encounter *e, int who, int window, int answer, int pick);
/* In a copy replaying a step (e->la_replay): the choice of a person or a
 * look-ahead player as its fight made it, or the candidate at the choice
 * looked ahead; the answer as its fight gave it. */
int fray_la_replayed(fray_encounter *s, int who, int window, const fray_action *trigger,
                     const fray_action *legal, int n);
int fray_la_replayed_answer(fray_encounter *s, int who, int question);
void fray_la_step_free(struct fray_la_step *st);
/* For tests: a copy of e's checkpoint, replayed up to the choice being
 * made now (who in window, from n legal actions; answer: who's fray_ask of
 * question `window`, n unused), given pick there, and
 * run to the end on the fight's own streams (nothing reseeded, the
 * controllers as they are; dice asked of enter with enter_ud after that
 * choice, none when NULL). Given the fight's own choice, it ends the
 * fight as the original does. NULL without a checkpoint of this fight,
 * when the replay lost its way, or out of memory; the caller frees it. */
fray_encounter *fray_la_replay_to_end(fray_encounter *e, int who, int window, int n, int pick,
                                      int answer, fray_enter_fn enter, void *enter_ud);
/* The options of `side` (its la_opts, defaults filled in). */
fray_la_opts fray_lookahead_opts(const fray_encounter *e, int side);
/* Parse "B,T,D" (any may be empty: the default) into o; -1 with err. */
int fray_lookahead_parse(const char *s, fray_la_opts *o, char *err, size_t errlen);

#endif
