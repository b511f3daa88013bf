/* loop.h: the fight loop, as inline functions of the ruleset it runs.
 *
 * Every function here takes the ruleset `rs` (always e->rs) as a
 * parameter instead of reading e->rs. engine.c compiles them with e->rs,
 * for any ruleset: fray_step, and fray_run for a ruleset without a `run`
 * hook. A ruleset defines its table with FRAY_RULESET (below) to have them
 * compiled once more for its own table, a static const object whose hooks
 * the compiler reads at compile time: next_actor, decide, resolve, pass
 * are then direct calls it may inline into the loop, instead of calls
 * through pointers at every action. The code is the same code, with the
 * same steps in the same order, so a fight is the same fight either way
 * (fray_step, which `fray play` steps with, stays generic).
 *
 * Internal to the core and the rulesets: not part of the installed API. */
#ifndef FRAY_LOOP_H
#define FRAY_LOOP_H

#include "core.h"
#include "turns.h"

/* engine.c's out-of-line parts of the loop */
int fray_loop_fail(fray_encounter *e, const char *msg, int code);
int fray_loop_checked_decide(fray_encounter *e, int who, int window, const fray_action *trigger,
                             fray_action *out);
int fray_loop_listed_choice(fray_encounter *e, int who, int window, const fray_action *trigger,
                            fray_action *out, int whole);
void fray_loop_finish(fray_encounter *e, int winner, const char *why);
/* lookahead.c: an own-turn step's checkpoint, for a look-ahead player's
 * choice in a window nested in it (e->la_watch set) */
void fray_la_checkpoint(fray_encounter *e, int who, int r, const fray_action *act);
int fray_loop_check_victory(fray_encounter *e);
int fray_loop_check_error(fray_encounter *e);
int fray_run_generic(fray_encounter *e); /* the loop through e->rs */

#define FRAY_MAX_STEPS_PER_ROUND 10000

/* Always inlined into the function that runs the loop, at compile time,
 * where the static table's hooks are known: left to the inliner, a step
 * shared by two loops stays a call, and the hooks calls through it. */
#define FRAY_LOOP_INLINE static inline __attribute__((always_inline))

/* Who chooses for `who` now. */
static inline int fray_controller_of(const fray_encounter *e, int who)
{
    const fray_combatant *c = &e->c[who];
    if (c->controller == FRAY_CTL_SCRIPT && c->script_pos >= e->nscript[who])
        return FRAY_CTL_POLICY; /* a script that ran out hands over to the policy */
    return c->controller;
}

/* The choice of `who` in `window`: FRAY_DECIDE_TAKE with *out, _PASS,
 * _NONE (nothing listed), or below _NONE when the fight stops (a script's
 * error, a person suspending it). The ruleset's decide for its policy,
 * else legal and the controller. */
FRAY_LOOP_INLINE int fray_loop_choice(fray_encounter *e, const fray_ruleset *rs, int who, int window,
                                   const fray_action *trigger, fray_action *out)
{
    if (rs->decide && (e->c[who].controller == FRAY_CTL_POLICY ||
                       fray_controller_of(e, who) == FRAY_CTL_POLICY)) {
        int r = __builtin_expect(e->decide_check != NULL, 0)
                    ? fray_loop_checked_decide(e, who, window, trigger, out)
                    : rs->decide(e, who, window, trigger, out);
        if (r != FRAY_DECIDE_LIST)
            return window == FRAY_WIN_ACT && r == FRAY_DECIDE_NONE ? FRAY_DECIDE_PASS : r;
    }
    return fray_loop_listed_choice(e, who, window, trigger, out, 0);
}

/* The tactics report (e->tally): an action of `who` has resolved, which
 * began when the dice had drawn and the creatures had changed `marks`
 * times and its nested reactions `inner0`. It achieved nothing when
 * neither happened but in the reactions nested in it (counted as theirs).
 * Out of line: a sim counts, the other runs test one pointer. */
void fray_tally_action(fray_encounter *e, int who, int kind, uint64_t marks, uint64_t inner0);
static inline uint64_t fray_tally_marks(const fray_encounter *e)
{
    return e->dice.drawn + e->effects;
}

/* How every step ends: what is pending flushed, an error noticed, victory
 * checked. 1 while the fight goes on, 0 when it is over, -1 failed. */
FRAY_LOOP_INLINE int fray_loop_settle(fray_encounter *e, int who)
{
    /* most steps of a sim leave nothing to flush, no error and no status
     * changed: one flag for what the encounter records (unsettled), and
     * the dice's log and error */
    if (__builtin_expect((e->unsettled | e->dice.nlog | e->dice.error) == 0, 1))
        return 1;
    fray_flush(e, who, NULL);
    if (__builtin_expect(e->failed || e->dice.error, 0) && fray_loop_check_error(e)) {
        e->unsettled = 1;
        return -1;
    }
    int going = e->status_changed && fray_loop_check_victory(e) ? 0 : 1;
    /* what is still pending (a flush that did not empty, a status a sink
     * changed) keeps the flag */
    e->unsettled = e->nchanges | e->nmods | e->failed | e->status_changed;
    return going;
}

/* The steps: the start of the combat, a round's start, one creature's
 * action, a round's end. fray_step takes one; fray_run_with loops over
 * them without asking again, at every action, what kind of step comes
 * next. */

FRAY_LOOP_INLINE int fray_step_start(fray_encounter *e, const fray_ruleset *rs)
{
    e->started = 1;
    /* a look-ahead player's nested choices replay the step they are in
     * from its checkpoint (lookahead.c): none yet of this fight */
    e->la_valid = 0;
    e->la_watch = 0;
    for (int i = 0; i < e->n; i++)
        e->la_watch |= e->c[i].controller == FRAY_CTL_LOOKAHEAD;
    rs->start_combat(e);
    return fray_loop_settle(e, -1);
}

FRAY_LOOP_INLINE int fray_step_round_start(fray_encounter *e, const fray_ruleset *rs)
{
    if (e->round >= e->max_rounds) {
        if (e->tally)
            e->tally->limit++;
        fray_loop_finish(e, -1, "round limit");
        return 0;
    }
    e->round++;
    e->in_round = 1;
    e->steps_in_round = 0;
    fray_emit(e, &(fray_event){.kind = "round", .actor = -1, .target = -1});
    if (e->cond_any | e->src_timed) /* nobody has held an entry yet: nothing ends */
        for (int i = 0; i < e->n; i++)
            fray_cond_expire(e, i, FRAY_EXP_ROUND_START);
    if (rs->turns)
        fray_turns_round_start(e);
    rs->start_round(e);
    return fray_loop_settle(e, -1);
}

FRAY_LOOP_INLINE int fray_step_round_end(fray_encounter *e, const fray_ruleset *rs)
{
    rs->end_round(e);
    if (e->cond_any | e->src_timed)
        for (int i = 0; i < e->n; i++)
            fray_cond_expire(e, i, FRAY_EXP_ROUND_END);
    e->in_round = 0;
    return fray_loop_settle(e, -1);
}

FRAY_LOOP_INLINE int fray_loop_next_actor(fray_encounter *e, const fray_ruleset *rs)
{
    return rs->next_actor ? rs->next_actor(e) : fray_turns_next(e);
}

/* The rest of an own-turn step once its choice is made (r:
 * FRAY_DECIDE_TAKE with *act, anything else a pass): nothing of the step
 * has happened before it, so a copy of the fight taken at the choice and
 * given this with any legal action goes on as the fight would with that
 * choice (the look-ahead player, lookahead.c). */
FRAY_LOOP_INLINE int fray_step_act_chosen(fray_encounter *e, const fray_ruleset *rs, int who, int r,
                                          const fray_action *act)
{
    if (e->la_watch) /* one flag per action in a fight without a look-ahead player */
        fray_la_checkpoint(e, who, r, act);
    if (r != FRAY_DECIDE_TAKE) {
        if (rs->pass)
            rs->pass(e, who, FRAY_WIN_ACT);
        if (rs->turns)
            fray_turns_pass(e, who);
    } else {
        fray_tally *t = e->tally;
        uint64_t marks = t ? fray_tally_marks(e) : 0, inner = e->inner;
        e->dice.roller = who;
        rs->resolve(e, act);
        e->dice.roller = -1;
        e->c[who].script_answer = -1;
        if (t)
            fray_tally_action(e, who, act->kind, marks, inner);
    }
    return fray_loop_settle(e, who);
}

FRAY_LOOP_INLINE int fray_step_act(fray_encounter *e, const fray_ruleset *rs, int who)
{
    if (++e->steps_in_round > FRAY_MAX_STEPS_PER_ROUND)
        return fray_loop_fail(e, "the round does not end: the ruleset's scheduler keeps naming actors",
                              FRAY_ERUNTIME);
    fray_action act;
    int r = fray_loop_choice(e, rs, who, FRAY_WIN_ACT, NULL, &act);
    if (r < FRAY_DECIDE_NONE)
        return -1;
    return fray_step_act_chosen(e, rs, who, r, &act);
}

/* fray_run for ruleset `rs` (== e->rs). */
FRAY_LOOP_INLINE int fray_run_with(fray_encounter *e, const fray_ruleset *rs)
{
    if (e->failed)
        return -1;
    if (e->over)
        return 0;
    int rc = e->started ? 1 : fray_step_start(e, rs);
    while (rc > 0) {
        if (!e->in_round && (rc = fray_step_round_start(e, rs)) <= 0)
            break;
        /* the round's actions, until the scheduler names nobody */
        int who;
        while ((who = fray_loop_next_actor(e, rs)) >= 0)
            if ((rc = fray_step_act(e, rs, who)) <= 0)
                return rc;
        rc = fray_step_round_end(e, rs);
    }
    return rc;
}

/* The ruleset table `name` (the registry's fray_ruleset_ID), from one
 * initializer, with `run` set to the loop compiled for it:
 *
 *     FRAY_RULESET(fray_ruleset_floor,
 *         .version = FRAY_RULESET_VERSION,
 *         .id = "floor",
 *         ...
 *         .decide = decide)
 *
 * It defines two objects from the same initializer: `name`, exported, and
 * a static copy the loop reads (a static object's fields fold at compile
 * time, with LTO too; an exported one's only at link time, after the
 * inliner has chosen). fray_rules_own, declared before the hooks, lets a
 * ruleset's own resolve offer windows with fray_offer_with(e,
 * &fray_rules_own, ...). A copy of the table with other hooks (a test
 * that takes decide out) is another address: it runs the generic loop. */
#ifndef FRAY_RUN_ATTR
#define FRAY_RUN_ATTR /* a ruleset may define it, before loop.h: flatten, for one */
#endif
#define FRAY_RULESET(name, ...)                                                                  \
    static int fray_run_own(fray_encounter *e);                                                  \
    static const fray_ruleset fray_rules_own = {__VA_ARGS__, .run = fray_run_own};               \
    const fray_ruleset name = {__VA_ARGS__, .run = fray_run_own};                                \
    FRAY_RUN_ATTR static int fray_run_own(fray_encounter *e)                                     \
    {                                                                                            \
        return e->rs == &name ? fray_run_with(e, &fray_rules_own) : fray_run_generic(e);         \
    }

/* Forward declaration of the static table, for hooks that offer windows
 * with fray_offer_with before FRAY_RULESET. */
#define FRAY_RULESET_OWN static const fray_ruleset fray_rules_own

#endif
