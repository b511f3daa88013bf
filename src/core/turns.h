/* turns.h: the core's turn scheduler. Internal; included by core.h.
 *
 * Four of the five texts give every creature a turn in initiative order;
 * `energy` has none. A ruleset that takes turns points its table's `turns`
 * at a fray_turn_rules and leaves `next_actor` NULL: the engine then asks
 * fray_turns_next() who acts. The scheduler keeps the order, whose turn it
 * is, who delays or follows whom, commanded creatures acting inside
 * another's turn, readied actions, surprise and creatures joining or
 * leaving; at each turn's start and end it expires the turn-bound
 * conditions, refills the ruleset's per-turn counters, emits a "turn" or
 * "turn end" event and calls the ruleset's hooks.
 *
 *   start of combat   the ruleset rolls initiative into its score resource
 *                     and calls fray_turns_order() (FRAY_ORDER_FIXED)
 *   start of round    per-round counters refilled, nobody has acted
 *   each step         fray_turns_next(): the current creature while its turn
 *                     lasts, else the next one's turn starts, else -1 (the
 *                     round ends)
 *   a pass (own turn) ends the turn, or the commanded creature's part of it
 */
#ifndef FRAY_TURNS_H
#define FRAY_TURNS_H

#include <stdint.h>

/* How the order is kept. */
enum {
    FRAY_ORDER_FIXED = 0, /* sorted once by fray_turns_order (initiative rolled at the start) */
    FRAY_ORDER_RUNNING    /* at every turn, the highest score among those still to act (wounds) */
};

/* When a counter is refilled. */
enum { FRAY_REFILL_TURN = 0, FRAY_REFILL_ROUND };

/* A per-turn or per-round allowance kept in a resource: actions, AP,
 * reactions, attacks, free actions. */
typedef struct fray_counter_info {
    int res;    /* the resource it lives in */
    int when;   /* FRAY_REFILL_* */
    int amount; /* refilled to this, or -1: ask the rules' counter_size hook */
} fray_counter_info;

/* Why a turn starts (fray_turns_phase, for the turn_start hook). */
enum {
    FRAY_TURN_NORMAL = 0, /* its turn in the order */
    FRAY_TURN_DELAYED,    /* its place comes while it delays: start-of-turn effects only, no actions */
    FRAY_TURN_ENTER       /* it enters the order after delaying: actions only, the effects were had */
};

typedef struct fray_turn_rules {
    int order;                /* FRAY_ORDER_* */
    int score_res;            /* the resource holding the initiative score */
    const char *tie_purpose;  /* the die that breaks a tie: "Initiative tie, 1dN" */
    const char *rule;         /* cited by "turn" events */
    const char *start_detail; /* the "turn" event's detail ("initiative") */
    int end_res;              /* "turn end" events carry this resource's value, or -1 */
    const char *end_detail;
    const char *end_rule;
    int down_takes_turn;      /* a creature that is down still has its turns (its start-of-turn effects) */
    const fray_counter_info *counters;
    int ncounters;
    int (*counter_size)(const fray_encounter *e, int who, int res);
    /* A rule's tie-break before the dice: higher goes first (e.g. Dexterity). May be NULL. */
    int (*tie)(const fray_encounter *e, int who);
    /* After the core's start-of-turn work (expiry, counters, the "turn"
     * event); fray_turns_phase(e) says which kind of start it is. May be NULL. */
    void (*turn_start)(fray_encounter *e, int who);
    /* Before the core's end-of-turn work (expiry and the "turn end" event). May be NULL. */
    void (*turn_end)(fray_encounter *e, int who);
    /* Whether who's turn is over without a pass (no actions left). May be NULL. */
    int (*turn_over)(const fray_encounter *e, int who);
    /* Whether a creature that is down (FRAY_DOWN: out of the fight for
     * victory) still acts in its turn, in a turn it enters after delaying
     * and when commanded (threeaction's Incapacitated: "usually 1 Action").
     * May be NULL: a down creature never acts (its turn, with
     * down_takes_turn, has only its start-of-turn effects). */
    int (*down_acts)(const fray_encounter *e, int who);
} fray_turn_rules;

#define FRAY_MAX_COMMAND 4

/* The scheduler's state, in the encounter; fray_reset puts back the state
 * as loaded (creatures absent at the start stay absent). */
typedef struct fray_turns {
    int cur;                  /* whose turn it is, -1 between turns */
    int phase;                /* FRAY_TURN_* of the turn under way */
    int pos;                  /* FRAY_ORDER_FIXED: the next index of order[] to consider */
    int tail;                 /* the order is done this round and its last entries were had */
    int norder;
    int8_t order[32];         /* FRAY_ORDER_FIXED: initiative order, first to act first */
    uint32_t started;         /* bit i: i's turn this round has started (or was skipped) */
    uint32_t delaying;        /* bit i: waits to enter the order */
    uint32_t absent;          /* bit i: not in the initiative (not joined yet, or left) */
    int8_t follow[32];        /* a delaying creature enters right after this one's turn, -1 any */
    int16_t skip_round[32];   /* takes no turn in this round (surprise), 0 none */
    int8_t command[FRAY_MAX_COMMAND]; /* creatures commanded inside the current turn, innermost last */
    int ncommand;
    uint32_t readied;         /* bit i: ready[i] holds a readied action */
    fray_action ready[32];
} fray_turns;

/* The next creature to act, starting and ending turns as needed; -1 when
 * everyone has had its turn this round. The engine calls it when the
 * ruleset's next_actor is NULL. */
int fray_turns_next(fray_encounter *e);
/* Set the scheduler up as loaded: everyone present, file order. */
void fray_turns_init(fray_encounter *e);
/* `who` passed in its own window: its turn ends (or, if it was commanded,
 * its part of the commander's turn). The engine calls it. */
void fray_turns_pass(fray_encounter *e, int who);
/* Round start: nobody has acted, per-round counters refilled. The engine
 * calls it before the ruleset's start_round. */
void fray_turns_round_start(fray_encounter *e);
/* Sort the order by score (high first), then the rules' tie hook, then a
 * die per tie (FRAY_ORDER_FIXED; call after rolling initiative). */
void fray_turns_order(fray_encounter *e);
/* Whose turn it is (-1 none), and whether who's turn this round has started. */
int fray_turns_current(const fray_encounter *e);
int fray_turns_started(const fray_encounter *e, int who);
/* The kind of turn start under way (FRAY_TURN_*), for the turn_start hook. */
int fray_turns_phase(const fray_encounter *e);
/* The round of who's next turn start: this round if its turn is still to
 * come, else the next (for "until the start of your next turn"). */
int fray_turns_next_round(const fray_encounter *e, int who);

/* Delay: who's turn ends now without its end-of-turn rules, and it waits.
 * With follow >= 0 it enters right after follow's turn ends ("saving your
 * turn"); with -1 it is asked after every turn (the FRAY_WIN_WAITING
 * window) and enters when its ruleset's action there calls fray_turns_enter. */
void fray_turns_delay(fray_encounter *e, int who, int follow);
/* A delaying creature enters: it takes its turn after the current one and
 * keeps that place in the order for the rest of the combat. */
void fray_turns_enter(fray_encounter *e, int who);
/* who acts now inside the current turn (Command: "taking their Turn
 * simultaneously with yours"), until it passes. Returns -1 if nested too deep. */
int fray_turns_command(fray_encounter *e, int who);
/* who takes no turn in `round` (creatures unaware of the combat). */
void fray_turns_skip(fray_encounter *e, int who, int round);
/* who joins the fight: FRAY_ORDER_FIXED places it by its score; its turn
 * comes this round if that place is still ahead. */
void fray_turns_join(fray_encounter *e, int who);
/* who's score was set by the GM (fray_res_fiat): FRAY_ORDER_FIXED moves it
 * to the place of its new score, for this round and the next (a turn had
 * is not had again). The check first: -1 when its turn this round is
 * still to come and `value` would put it before turns already had (it
 * would lose that turn). FRAY_ORDER_RUNNING reads the score at every turn. */
int fray_turns_rescore_check(const fray_encounter *e, int who, int value);
void fray_turns_rescore(fray_encounter *e, int who);
/* who leaves the order (fled, removed); its turn ends if under way. */
void fray_turns_leave(fray_encounter *e, int who);
/* A readied action: kept until who's next turn starts; the ruleset lists it
 * in the window whose trigger it waits for. */
void fray_turns_ready(fray_encounter *e, int who, const fray_action *a);
const fray_action *fray_turns_readied(const fray_encounter *e, int who);
void fray_turns_unready(fray_encounter *e, int who);

#endif
