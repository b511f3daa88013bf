/* check.h: the check pipeline and mid-resolution choices. Internal;
 * included by core.h.
 *
 * Every text rolls a die, adds modifiers with named sources, counts
 * advantage, compares with a number and reads a critical and a margin; each
 * rolls its own way (a d20, an exploding d10, a wild die, a pool). A
 * fray_check is the result in one shape:
 *
 *     fray_check c;
 *     fray_check_start(&c, defence);               target to meet
 *     fray_check_mod(e, &c, "Level", level);       each modifier, emitted with its source
 *     fray_check_adv(&c, +1);                      counted advantage (+1) or disadvantage (-1)
 *     fray_check_roll(e, &c, 20, 20, "Attack roll, 1d20");   or fray_check_natural() after rolling
 *     fray_check_window(e, &attack, &c, 0);        reactions after the roll, before the effect
 *     if (c.success) ...                           c.crit, c.margin, c.degrees
 *
 * fray_ask puts a question to a creature's controller in the middle of a
 * resolution: the defence a defender picks before the dice, the maneuver a
 * critical win grants. Every controller answers: the ruleset's `answer`
 * hook for its policy, a uniform pick for random play, the script (an
 * action entry "Strike > Orc : Trip" answers the actor's questions while
 * that action resolves; an entry ": Parry" answers the creature's next
 * question), and a person through fray_set_ask.
 */
#ifndef FRAY_CHECK_H
#define FRAY_CHECK_H

#include <stdint.h>

typedef struct fray_check {
    int nat;     /* the die that counts, as rolled (after advantage) */
    int mod;     /* the modifiers' sum */
    int total;   /* nat + mod */
    int adv;     /* advantage levels: advantages minus disadvantages */
    int target;  /* what the total must meet */
    int margin;  /* total - target */
    int crit;    /* +1 critical success, -1 critical failure, 0 */
    int degrees; /* whole steps of the margin (floor(margin / step)), 0 without a step */
    int success; /* total >= target, unless a critical decides */
} fray_check;

void fray_check_start(fray_check *c, int target);
/* Add a modifier and attach it, with its source, to the next event; a zero
 * modifier is neither added nor shown. */
void fray_check_mod(fray_encounter *e, fray_check *c, const char *source, int value);
/* Count advantage (+n) or disadvantage (-n); they cancel one for one. */
static inline void fray_check_adv(fray_check *c, int n) { c->adv += n; }
/* Roll one die of `sides` with the counted advantage (best or worst of
 * |adv|+1 dice), reading a natural crit_from or more as a critical success
 * and a natural 1 as a critical failure (crit_from 0: no criticals). */
int fray_check_roll(fray_encounter *e, fray_check *c, int sides, int crit_from,
                    const char *purpose);
/* The ruleset rolled itself (an exploding die, a wild die, a pool): take its
 * natural value and critical. */
void fray_check_natural(fray_check *c, int nat, int crit);
/* Total, margin, success and degrees from what is set; step > 0 counts
 * degrees of `step` points. A critical success succeeds and a critical
 * failure fails unless the ruleset says otherwise after this call. */
void fray_check_settle(fray_check *c, int step);
/* Which of two checks wins an opposed roll: > 0 a, < 0 b, 0 a tie, by total
 * and then, if ties_by_nat, by the natural die. */
int fray_check_versus(const fray_check *a, const fray_check *b, int ties_by_nat);
/* Offer FRAY_WIN_ROLLED (reactions after the roll, before the effect) with
 * c as the check under way (e->check, which a reaction may change: a
 * Parry raising the target), then settle c again with `step`. */
void fray_check_window(fray_encounter *e, const fray_action *trigger, fray_check *c, int step);

/* ---- Questions ---- */

/* One of a ruleset's questions (fray_ruleset.questions): its name and the
 * names of its answers, at most 32. */
typedef struct fray_question {
    const char *name;             /* "Defence" */
    const char *const *options;   /* "Block", "Dodge", "Parry", "Withstand", "None" */
    int noptions;
} fray_question;

/* Ask who's controller question q, allowing the options whose bits are set
 * in `allowed`; ctx is the action being resolved (may be NULL). Returns the
 * option chosen (an allowed one; the lowest allowed if none is allowed by
 * the answer), and emits a "choice" event. */
int fray_ask(fray_encounter *e, int who, int q, uint32_t allowed, const fray_action *ctx);

#endif
