/* core.h: what a ruleset sees of the engine. Internal; not installed.
 *
 * A ruleset is one const struct fray_ruleset (below) of hooks, registered in
 * src/rules/registry.c. The core never names a ruleset. The encounter state
 * is a plain struct the hooks read directly; they change it through the
 * fray_res_set / fray_cond_* calls so that every change reaches the event
 * stream.
 */
#ifndef FRAY_CORE_H
#define FRAY_CORE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "fray.h"
#include "dice.h"

#define FRAY_MAX_COMBATANTS 32
#define FRAY_MAX_SIDES 8
#define FRAY_MAX_RES 12     /* resource pools a ruleset may define */
#define FRAY_MAX_COND 24    /* condition entries one creature may carry */
#define FRAY_MAX_OPTS 48    /* rule options of one ruleset */
#define FRAY_MAX_LEGAL 96   /* legal actions listed at one time */
#define FRAY_MAX_SCRIPT 64  /* scripted actions of one creature */
#define FRAY_NAME 32
#define FRAY_ANSWER 24   /* an answer's name in a script entry */

/* ---- Actions ------------------------------------------------------------ */

typedef struct fray_action {
    int16_t kind;   /* index in the ruleset's action table */
    int16_t actor;
    int16_t target; /* combatant index, -1 for none */
    int16_t arg;    /* action-specific (Stamina spent, a variant, a distance) */
    int32_t x, y;   /* a destination in centimetres, for moves */
} fray_action;

/* A list of legal actions being written (a ruleset's legal hook): out[0..n)
 * of at most max; what does not fit is dropped. */
typedef struct fray_list {
    fray_action *out;
    int n, max;
} fray_list;

static inline void fray_list_add(fray_list *l, int kind, int actor, int target, int arg, int x, int y)
{
    if (l->n >= l->max)
        return;
    fray_action *a = &l->out[l->n++];
    a->kind = (int16_t)kind;
    a->actor = (int16_t)actor;
    a->target = (int16_t)target;
    a->arg = (int16_t)arg;
    a->x = x;
    a->y = y;
}

typedef struct fray_action_info {
    const char *name; /* "Melee Attack" */
    const char *cost; /* "3 Energy", as the text gives it */
    const char *what; /* one line */
    /* When it may be taken, as the text says, after the heading that says
     * it ("#Disarm: a foe within your Reach, facing you"): fray play's
     * refusal of an action that is not legal now cites it. May be NULL. */
    const char *needs;
} fray_action_info;

typedef struct fray_option_info {
    const char *name; /* "ranged_attack_cost" */
    int def, min, max;
    const char *doc;  /* what it chooses, and where the text is ambiguous */
} fray_option_info;

/* Windows in which a ruleset may let creatures act (DESIGN.md, "Who acts
 * when"). FRAY_WIN_ACT is the actor's own choice. */
enum {
    FRAY_WIN_ACT = 0,
    FRAY_WIN_DECLARED = 1,  /* an action is declared: interrupts before it resolves */
    FRAY_WIN_TRIGGERED = 2, /* an action resolved: reactions to it */
    FRAY_WIN_ROLLED = 3,    /* its roll is made, its effect not yet (e->check): Parry */
    FRAY_WIN_WAITING = 4,   /* a turn ended: delaying creatures may enter the order */
    /* A turn begins (before the active creature's first choice) or ends
     * (before its end-of-turn rules), trigger NULL: actions taken between
     * the active creature's own (the wounds text's interrupts "at the start
     * of the turn, the end of the turn"). Offered by the ruleset from its
     * turn_start and turn_end hooks; the scheduler offers none itself. */
    FRAY_WIN_TURN_START = 5,
    FRAY_WIN_TURN_END = 6
};

#include "turns.h"

/* ---- Conditions ---------------------------------------------------------- */

/* When a condition entry ends by itself. `round` is the round it ends in. */
enum {
    FRAY_EXP_NEVER = 0,    /* until removed */
    FRAY_EXP_ROUND_END,    /* at the end of round `round` */
    FRAY_EXP_ROUND_START,  /* at the start of round `round` */
    FRAY_EXP_TURN_END,     /* at the end of the holder's turn in round `round` or later */
    FRAY_EXP_TURN_START,   /* at the start of the holder's turn in round `round` or later */
    FRAY_EXP_REST,         /* at the holder's next short rest */
    FRAY_EXP_SRC_TURN_END, /* at the end of the source creature's turn in round `round` or later */
    FRAY_EXP_SRC_TURN_START, /* at the start of the source's turn in round `round` or later */
    FRAY_EXP_ON_USE        /* when the ruleset uses it up (fray_cond_use) */
};

/* One entry: condition `id` held because of `parent` (a condition id of the
 * same creature that imposes it), or -1 when it stands on its own; `src` is
 * the creature it came from (-1 none), `value` a level, penalty or count
 * the ruleset reads. A creature has a condition while it holds any entry of
 * that id, or holds a condition that implies it (fray_cond_info). */
typedef struct fray_cond {
    int8_t id, parent, src;
    uint8_t expire;
    int16_t round;
    int16_t value;
} fray_cond;

/* How a second entry of a condition meets the first (fray_cond_info.stack). */
enum {
    FRAY_STACK_EXTEND = 0, /* one entry per (id, parent): the later end wins, the higher value */
    FRAY_STACK_ADD_TIME,   /* one entry: the new duration is added to what is left ("durations add") */
    FRAY_STACK_SUM,        /* one entry: values add, the later end wins */
    FRAY_STACK_APART       /* entries kept apart, each with its own value and end; the highest value applies */
};

/* What holding a condition forbids or gives; a ruleset reads these through
 * fray_cflags instead of listing conditions in every rule. */
enum {
    FRAY_CF_NO_ACTIONS = 1u << 0,   /* takes no actions */
    FRAY_CF_NO_REACTIONS = 1u << 1, /* takes no reactions */
    FRAY_CF_NO_MOVE = 1u << 2,      /* cannot move */
    FRAY_CF_ATTACK_DIS = 1u << 3,   /* its attacks have disadvantage */
    FRAY_CF_ATTACK_ADV = 1u << 4,   /* its attacks have advantage */
    FRAY_CF_TARGET_ADV = 1u << 5,   /* attacks against it have advantage */
    FRAY_CF_TARGET_DIS = 1u << 6,   /* attacks against it have disadvantage */
    FRAY_CF_FLAT_FOOTED = 1u << 7,  /* loses its defence bonus (the ruleset says which) */
    FRAY_CF_DOWN = 1u << 8          /* counts as out of the fight while it lasts */
};

/* One row of a ruleset's condition table (fray_ruleset.cond_info, in the
 * order of its `conditions` names). */
typedef struct fray_cond_info {
    const char *name;
    int stack;         /* FRAY_STACK_* */
    uint64_t implies;  /* conditions held along with it (bit k for condition k) */
    unsigned flags;    /* FRAY_CF_* */
    const char *rule;  /* "seed-file#Heading" where the text defines it */
} fray_cond_info;

/* ---- Combatants and the encounter ---------------------------------------- */

enum { FRAY_ABLE = 0, FRAY_DOWN = 1, FRAY_DEAD = 2 }; /* FRAY_GONE (fray.h) is shown, never stored */
/* FRAY_CTL_LOOKAHEAD: the look-ahead player (lookahead.h): at each of its
 * choices (its own turns, its reactions and answers to actions, the
 * questions a resolution asks it: fray_ask) it plays the policy's choice
 * and other candidates forward on copies of the fight. */
enum { FRAY_CTL_POLICY = 0, FRAY_CTL_RANDOM, FRAY_CTL_SCRIPT, FRAY_CTL_HUMAN, FRAY_CTL_LOOKAHEAD };

#define FRAY_LINK_KINDS 4 /* links between two creatures: grapple, restrain, mount... */

typedef struct fray_combatant {
    char name[FRAY_NAME]; /* shown in narration, and the target name in scripts */
    int side;
    int x, y;             /* centimetres */
    int facing;           /* 0..7, 45-degree steps counterclockwise from +x */
    int status;           /* FRAY_ABLE, FRAY_DOWN, FRAY_DEAD */
    int gone;             /* removed from the fight (fray_remove_combatant): counts as dead */
    int controller;       /* FRAY_CTL_* */
    int res[FRAY_MAX_RES];/* the ruleset's resource pools, by its index */
    fray_cond cond[FRAY_MAX_COND];
    int ncond;
    uint64_t cmask;       /* conditions held, with what they imply: bit k for condition k */
    unsigned cflags;      /* FRAY_CF_* of every condition in cmask */
    uint32_t link[FRAY_LINK_KINDS]; /* bit b of link[k]: this creature holds b by link k (geometry.h) */
    int script_pos;       /* next entry of the script */
    int script_answer;    /* the script entry whose ": answer" applies now, -1 none */
    /* stats kept for `sim`: damage dealt and taken, in the ruleset's unit */
    int dealt, taken;
    int hidden;           /* unseen by the players ("hidden": true) until the GM reveals it */
} fray_combatant;

typedef struct fray_ruleset fray_ruleset;
typedef struct fray_load fray_load;

#define FRAY_MAX_SINKS 4
#define FRAY_EV_CHANGES 48
#define FRAY_EV_MODS 24

struct fray_encounter {
    const fray_ruleset *rs;
    char name[64];
    char file[256];
    int n;                                  /* combatants */
    int n0;                                 /* combatants as loaded (fray_reset) */
    int nday;                               /* fights of its adventuring day (day.h), or 0 */
    fray_combatant c[FRAY_MAX_COMBATANTS];
    unsigned char *priv;                    /* n * rs->creature_size, owned */
    size_t csize;                           /* rs->creature_size: fray_priv reads it without e->rs */
    unsigned char *state;                   /* rs->state_size, owned */
    int nsides, nsides0;
    char side[FRAY_MAX_SIDES][FRAY_NAME];
    int opt[FRAY_MAX_OPTS];                 /* rule option values, by index */

    int round;
    int started, in_round, over, winner;
    int max_rounds;
    uint64_t seed, stream;
    fray_dice dice;
    fray_rng policy_rng;                    /* controllers' choices; never outcomes:
                                               read it through fray_policy_rng */
    int *script_dice;                       /* owned copy for fray_set_dice_script */
    size_t nscript_dice;
    int offer_depth;
    int failed;                             /* an error stopped the fight */
    int errcode;                            /* FRAY_EINPUT (script, dice) or FRAY_ERUNTIME */
    int steps_in_round;                     /* guards against a scheduler that never ends a round */
    int status_changed;                     /* a status changed since the last victory check */
    /* Nonzero whenever a step may have left something to settle (loop.h):
     * a change or a modifier recorded, a status changed, a failure. Set
     * wherever those are (fray_record_change, fray_mod, fray_set_status,
     * fray_loop_fail, a reset, a join, a day's carry); the dice's log and
     * error are tested beside it. It may be set with nothing left: the
     * settling then finds nothing and clears it. */
    int unsettled;
    /* Set while the list legal builds is for the ruleset's own policy:
     * legal may then leave out what the policy would not choose (see
     * policy_kinds). want is the kinds that policy looks at (bit k for kind
     * k), every kind when another controller chooses. */
    int for_policy;
    uint64_t want;

    /* scripted actions: per combatant, FRAY_MAX_SCRIPT entries; an entry's
     * arg is the window it names ("@ turn start": FRAY_WIN_* + 1), 0 none */
    fray_action *script;                    /* n * FRAY_MAX_SCRIPT, owned */
    int *nscript;                           /* n, owned */
    char (*script_ans)[FRAY_ANSWER];        /* n * FRAY_MAX_SCRIPT answers (": Parry"), owned */

    fray_turns turns;                       /* the core scheduler (rs->turns) */
    int src_timed;                          /* an entry ending at its source's turn may exist */
    int cond_any;                           /* a creature may hold an entry: set by every entry
                                             * added, by fray_reset from the creatures as loaded,
                                             * never cleared in a fight (the round edges skip
                                             * their walk over the creatures while it is 0) */
    struct fray_check *check;               /* the check under way in FRAY_WIN_ROLLED, else NULL */
    /* A person deciding for FRAY_CTL_HUMAN creatures (play, serve). choose_fn
     * returns an index into legal[0..n), -1 to pass, or FRAY_SUSPEND to stop
     * the fight there (fray_step fails with FRAY_ESUSPENDED; the caller
     * rebuilds it by replaying what the person decided). ask_fn answers
     * fray_ask: an allowed option, -1 for the policy's answer, or
     * FRAY_SUSPEND. ud is borrowed. */
    int (*choose_fn)(void *ud, fray_encounter *e, int who, int window, const fray_action *trigger,
                     const fray_action *legal, int n);
    int (*ask_fn)(void *ud, fray_encounter *e, int who, int q, uint32_t allowed,
                  const fray_action *ctx);
    void *human_ud;

    /* the event being built */
    uint64_t seq;
    fray_event_change changes[FRAY_EV_CHANGES];
    int nchanges;
    fray_event_mod mods[FRAY_EV_MODS];
    int nmods;
    fray_sink_fn sink[FRAY_MAX_SINKS];
    void *sink_ud[FRAY_MAX_SINKS];
    int nsinks;

    /* the state as loaded, for fray_reset */
    fray_combatant c0[FRAY_MAX_COMBATANTS];
    unsigned char *priv0, *state0;
    fray_turns turns0;

    char err[256];

    /* appended: the map of regions, walls and objects (map.h), owned; NULL
     * when the encounter file has no "map" */
    struct fray_map *map;

    /* fray_distance's memo, per ordered pair: the squared distance it saw
     * last and its root. Not state: the root is a function of the square,
     * which is checked on every use, so no write of a position needs to
     * know of it (a reset, a move, a ruleset trying a square) and a zeroed
     * or copied memo is right as it is. */
    struct { int64_t d2; int d; } dist_memo[FRAY_MAX_COMBATANTS][FRAY_MAX_COMBATANTS];

    /* appended: fray_check_decide's buffers (owned), NULL when off: every
     * choice the ruleset's decide makes is checked against legal + policy */
    unsigned char *decide_check;
    /* appended: policy_rng has been seeded for this fight (fray_policy_rng) */
    int policy_seeded;
    /* appended: the tactics report (fray_tally, below). effects counts the
     * changes to the creatures that are an action's effect (fray_res_set,
     * fray_move, fray_set_status, a condition entry added or dropped, a
     * ruleset's fray_record; not the acting creature lowering its own
     * resource, its cost); inner the
     * effects and dice of the reactions nested in the action resolving.
     * tally: where the sim counts the actions taken, or NULL (nothing
     * counted: play, run). Not reset by fray_reset. */
    uint64_t effects, inner;
    struct fray_tally *tally;
    /* appended: the map is borrowed from the encounter this one is a copy
     * of (fray_encounter_copy), which must outlive it: no fight changes a
     * map, so copies share it and never free it */
    int map_shared;
    /* appended: the look-ahead controller's breadth, tries and depth for
     * each side (0: the default; lookahead.h), and its copy of the fight
     * to play forward on (owned, NULL until its first choice) */
    int la_opts[FRAY_MAX_SIDES][3];
    struct fray_encounter *la_scratch;
    /* appended: the world's revision. Grows by one at every write of what
     * a ruleset's policy derives its views from: a creature's position
     * (fray_move_len), status (fray_set_status), condition mask (cond.c),
     * every reset, join and day's carry, a ruleset's fray_touch, and
     * fray_check_decide putting a state back. Never smaller, so one value
     * stands for one world within an encounter object (1 when it is made;
     * copies carry it with the memo): what is stamped with the value now
     * is still true. */
    uint64_t world_rev;
    /* appended: the ruleset's memo (rs->memo_size bytes, owned; NULL when
     * 0): what its policy derived, stamped with world_rev. Not state, as
     * dist_memo is not: fray_check_decide does not compare it, fray_reset
     * does not restore it (the revision it bumps makes every stamp old),
     * copies carry it. Written through a const encounter (fray_memo). */
    unsigned char *memo;
    /* appended: the look-ahead in nested windows (lookahead.c). la_watch:
     * a look-ahead player may be asked in this fight (set at its start from
     * the controllers, and at any look-ahead choice), so every own-turn
     * step takes a checkpoint: la_step (owned, NULL until the first) holds
     * the fight as it was at the step's choice, that choice, and what
     * happened since that a copy cannot draw again (a person's choices and
     * answers, a look-ahead player's choices, dice entered or scripted);
     * la_valid: it is of this fight. la_replay: set in a copy replaying
     * such a step (borrowed, on the look-ahead's stack). Copies have
     * neither watch nor checkpoint. */
    int la_watch, la_valid;
    struct fray_la_step *la_step;
    struct fray_la_replay *la_replay;
    /* appended: the look-ahead's choices kept across rebuilds of this
     * fight (lookahead.h; borrowed from a session, NULL in sim and copies) */
    struct fray_la_memo *la_memo;
};

/* The tactics report of one or many fights (`fray sim`), in integers: the
 * loop adds to it while e->tally points at it. Indexed by side, action
 * kind (those past FRAY_TALLY_KINDS are not counted) and resource. */
#define FRAY_TALLY_KINDS 64
typedef struct fray_tally {
    uint64_t limit;                                 /* fights ended by the round limit */
    uint64_t used[FRAY_MAX_SIDES][FRAY_TALLY_KINDS]; /* actions taken (own and reactions) */
    uint64_t idle[FRAY_MAX_SIDES][FRAY_TALLY_KINDS]; /* of them: no die drawn, no effect */
    /* a resource raised outside any action (a refill at a round's or turn's
     * start): how often, what it held before (left unspent), after */
    uint64_t refills[FRAY_MAX_SIDES][FRAY_MAX_RES];
    uint64_t left[FRAY_MAX_SIDES][FRAY_MAX_RES];
    uint64_t after[FRAY_MAX_SIDES][FRAY_MAX_RES];
} fray_tally;

/* A resource of `who` rose from `before` to `after` outside any action. */
void fray_tally_refill(fray_encounter *e, int who, int res, int before, int after);

/* ---- The ruleset table ---------------------------------------------------- */

/* 1: the first table; 2: odds, odds_help, policy_kinds appended;
 * 3: turns, cond_info, questions, answer appended (core v2);
 * 4: action_odds appended; 5: may_answer appended; 6: decide appended;
 * 7: run appended; 8: creature_live appended; 9: res_range appended;
 * 10: act_order appended; 11: memo_size appended. */
#define FRAY_RULESET_VERSION 11

/* What the GM's `set WHO RESOURCE VALUE` does with a resource (res_range). */
enum {
    FRAY_SET_NO = 0, /* refused: the rules keep it (why says how it changes) */
    FRAY_SET_PLAIN,  /* set outright: no rule acts on its value changing */
    FRAY_SET_TRACK   /* the track damage and heal change: moved there by the fiat
                      * hook, so that the rules act at its thresholds */
};

struct fray_ruleset {
    int version;            /* FRAY_RULESET_VERSION; new hooks are appended */
    const char *id;         /* "energy" */
    const char *seed;       /* "000_ca603e8fb651e0df.txt" */
    const char *summary;    /* one line */
    const fray_action_info *actions; int nactions;
    const char *const *resources; int nresources;   /* "Energy", "Aura", ... */
    const char *const *conditions; int nconditions; /* "Exposed", ... */
    const fray_option_info *options; int noptions;
    size_t creature_size;   /* private bytes per combatant */
    size_t state_size;      /* private bytes per encounter */

    /* Load one combatant's sheet (already merged with its bundled data and
     * overrides) into e->c[who] and fray_priv(e, who). Validate every key
     * with the fray_load_* helpers; return 0, or -1 after fray_load_fail. */
    int (*load_creature)(fray_load *ld, const json_t *sheet, fray_encounter *e, int who);
    /* Called once after every combatant loaded: derived values, checks
     * across creatures. 0 or -1 after fray_load_fail. May be NULL. */
    int (*loaded)(fray_load *ld, fray_encounter *e);

    void (*start_combat)(fray_encounter *e);   /* surprise, initiative */
    void (*start_round)(fray_encounter *e);
    void (*end_round)(fray_encounter *e);
    /* Who may act now, or -1 to end the round. */
    int (*next_actor)(fray_encounter *e);
    /* The actions `who` may take in `window` (trigger is the action being
     * declared or just resolved, NULL in FRAY_WIN_ACT); returns how many were
     * written to out (at most max). Passing is always possible and is not
     * listed. */
    int (*legal)(fray_encounter *e, int who, int window, const fray_action *trigger,
                 fray_action *out, int max);
    /* Carry out an action: draw dice, change state, emit events, offer the
     * declared and triggered windows with fray_offer. */
    void (*resolve)(fray_encounter *e, const fray_action *a);
    /* `who` passed in `window` (FRAY_WIN_ACT: waits or ends its part of the
     * round, as the ruleset defines). May be NULL. */
    void (*pass)(fray_encounter *e, int who, int window);
    /* The built-in policy: an index into legal[0..n), or -1 to pass. Uses
     * fray_policy_rng(e) for any random choice, never e->dice. While
     * e->for_policy is set, legal may leave out actions this policy would
     * not choose in the present state (policy_kinds, below, is the
     * kind-by-kind form of that); the policy must choose the same action
     * from such a shorter list, which keeps the whole list's order, as
     * from the whole list. */
    int (*policy)(fray_encounter *e, int who, int window, const fray_action *trigger,
                  const fray_action *legal, int n);
    /* A short state line for narration ("Aura 12/27, Stamina 9/10"). */
    int (*describe)(const fray_encounter *e, int who, char *buf, size_t len);
    /* A short or long rest between fights (kind 0 short, 1 long). May be NULL. */
    void (*rest)(fray_encounter *e, int who, int kind);

    /* ---- appended: exact odds (`fray odds ID CHECK ...`) ---- */
    /* argv[0] is the check ("melee"), the rest its --param value pairs.
     * On success set *out to a new JSON object (the caller decrefs) and
     * return 0; on bad input write a message to err and return -1. May be
     * NULL for a ruleset without exact odds. */
    int (*odds)(int argc, char **argv, json_t **out, char *err, size_t errlen);
    /* The checks and their parameters, for `fray odds --help`. */
    const char *odds_help;

    /* ---- appended: a shorter list for the policy ---- */
    /* The action kinds the policy ever picks or looks at (bit k for kind
     * k), or 0 for all. While the policy chooses, e->want holds this mask
     * and legal may skip planning the other kinds: the policy picks the
     * same action, random and scripted creatures still see every kind. A
     * ruleset that skips kinds must keep a list that would have been cut
     * at FRAY_MAX_LEGAL the same (simplest: skip only when it cannot be). */
    uint64_t policy_kinds;

    /* ---- appended in version 3: core v2 ---- */
    /* The core's turn scheduler (turns.h), or NULL: next_actor decides. A
     * ruleset with turns leaves next_actor NULL. */
    const fray_turn_rules *turns;
    /* nconditions rows: stacking, implications, flags (NULL: plain). */
    const fray_cond_info *cond_info;
    /* What fray_ask may ask, and the policy's answer: an option allowed in
     * `allowed` (bit k for option k). answer may be NULL (the first allowed). */
    const struct fray_question *questions;
    int nquestions;
    int (*answer)(fray_encounter *e, int who, int q, uint32_t allowed, const fray_action *ctx);
    /* A creature joins the fight under way (fray_add_combatant): derive its
     * values and start it as start_combat would (initiative...). May be
     * NULL: it then starts as loaded. */
    void (*join)(fray_encounter *e, int who);
    /* The GM's word (fray play's damage and heal): `amount` damage dealt to
     * who by no one, as the ruleset's damage rules take it (Aura, wound
     * levels...), or healed when heal is set. May be NULL. */
    void (*fiat)(fray_encounter *e, int who, int amount, int heal);

    /* ---- appended in version 4 ---- */
    /* The exact odds of action `a` (one of who's legal actions now) in the
     * present state, read from the creatures as resolve would read them:
     * the JSON of the matching odds check (fray play's `odds ACTION
     * TARGET`). Leaves e as it found it (fray_mods_mark/fray_mods_drop
     * around modifiers computed on the way). -1 with err for an action
     * without odds (a move). May be NULL. */
    int (*action_odds)(fray_encounter *e, const fray_action *a, json_t **out, char *err,
                       size_t errlen);

    /* ---- appended in version 5 ---- */
    /* Whether `who` could have anything to answer `trigger` with in
     * `window` (FRAY_WIN_DECLARED, _TRIGGERED, _ROLLED: a reaction, an
     * interrupt). 0 lets fray_offer skip listing its legal actions and
     * asking its controller, who would be offered nothing; so it must never
     * be 0 where legal would list an action. A quick test of what the
     * creature has left (a reaction unspent, the points an interrupt costs),
     * not a second legal. May be NULL: every creature is asked. */
    int (*may_answer)(const fray_encounter *e, int who, int window, const fray_action *trigger);

    /* ---- appended in version 6 ---- */
    /* The built-in policy's choice for `who` in `window`, made without
     * listing every legal action first: write it to *out and return
     * FRAY_DECIDE_TAKE, or return FRAY_DECIDE_PASS (the policy passes),
     * FRAY_DECIDE_NONE (legal would list nothing: in a reaction window the
     * creature is then not asked at all, in its own window it passes) or
     * FRAY_DECIDE_LIST (the core lists the legal actions and calls policy,
     * as without this hook). It must give exactly what policy would pick
     * from legal's list, drawing the same from fray_policy_rng and leaving
     * the same state: `fray sim --check-decide` runs both at every choice
     * and stops at the first difference. Only for FRAY_CTL_POLICY
     * creatures; random, scripted and human ones always get the list. May
     * be NULL. */
    int (*decide)(fray_encounter *e, int who, int window, const fray_action *trigger,
                  fray_action *out);

    /* ---- appended in version 7 ---- */
    /* fray_run compiled for this ruleset: `return fray_run_with(e,
     * &my_ruleset);` (loop.h), so that the compiler sees the hooks the loop
     * calls at every action and may inline them. The same loop as without
     * it, so the same fights. May be NULL: the loop calls through e->rs. */
    int (*run)(fray_encounter *e);

    /* ---- appended in version 8 ---- */
    /* How many bytes at the start of a creature's private block a fight
     * may change: fray_reset, before every simulated fight, copies back
     * only those from the block as loaded. The rest (the sheet: what was
     * loaded and derived) must stay as loaded for the whole fight; a
     * build without NDEBUG checks that at every reset. 0: the whole
     * block (creature_size). */
    size_t creature_live;

    /* ---- appended in version 9 ---- */
    /* GM fiat on resource res of who (fray play's `set`), other than the
     * turn score and the turn counters, which the core sets (fray_res_fiat):
     * FRAY_SET_PLAIN or FRAY_SET_TRACK with the values it may take (*lo..*hi),
     * or FRAY_SET_NO with why (which rule keeps it, what changes it). May be
     * NULL: no other resource may be set. */
    int (*res_range)(const fray_encounter *e, int who, int res, int *lo, int *hi, char *why,
                     size_t whylen);

    /* ---- appended in version 10 ---- */
    /* For a ruleset with its own next_actor: every creature in the order
     * they would act from now as its scheduler sees it (the next actor
     * first, those who cannot act this round last), into order[0..e->n).
     * Read by a tracker's display (fray_act_order), never by the fight.
     * May be NULL: file order. */
    void (*act_order)(const fray_encounter *e, int *order);

    /* ---- appended in version 11 ---- */
    /* Bytes of the encounter's memo (e->memo, fray_memo): what the policy
     * keeps between decisions, stamped with e->world_rev. 0: none. */
    size_t memo_size;
};

enum { FRAY_DECIDE_LIST = -2, FRAY_DECIDE_NONE = -1, FRAY_DECIDE_PASS = 0, FRAY_DECIDE_TAKE = 1 };

/* The controllers' random stream (random play, a policy's own random
 * choices), apart from the dice: seeded from the fight's (seed, stream) at
 * its first draw, since most simulated fights never draw from it. Every
 * draw goes through here. */
void fray_policy_seed(fray_encounter *e);
static inline fray_rng *fray_policy_rng(fray_encounter *e)
{
    if (!e->policy_seeded)
        fray_policy_seed(e);
    return &e->policy_rng;
}

#define FRAY_SUSPEND (-3)
#define FRAY_WANT_ALL UINT64_MAX
#define FRAY_KIND(k) ((uint64_t)1 << (k))
/* Whether the controller choosing now looks at actions of this kind. */
static inline int fray_wants(const fray_encounter *e, int kind)
{
    return kind < 0 || kind >= 64 || (e->want >> kind) & 1u;
}

/* Take the state as it is now as the state fray_reset returns to. */
void fray_encounter_snapshot(fray_encounter *e);
/* Load with a given ruleset instead of the registry's (tests of the core use
 * a ruleset of their own); the file's "ruleset" must still name rs->id. */
/* A whole file, NUL-terminated, its length in *len; the caller frees. NULL
 * with errno set when it cannot be read (or is over 64 MiB). */
char *fray_slurp(const char *path, size_t *len);
/* The steps of an adventuring day at most (day.h). */
#define FRAY_DAY_STEPS 32
/* Fight `fight` (0 the first) of an adventuring day: the file's combatants
 * (the party, first) and that fight's foes; -1 as fray_encounter_load_string. */
fray_encounter *fray_encounter_load_fight(const char *json, const char *name, int fight,
                                          char *err, size_t errlen);
fray_encounter *fray_encounter_load_with(const fray_ruleset *rs, const char *json,
                                         const char *name, char *err, size_t errlen);

/* The folder of bundled data: $FRAY_DATA if set, else the source tree's
 * data/ (FRAY_DATA_DIR at build time). */
const char *fray_data_dir(void);
/* A two-creature encounter of ruleset `id` for questions about one attacker
 * and one defender (`fray odds --attacker --defender`): combatant 0 the
 * attacker at (0, 0) facing +x, 1 the defender 1 m away facing it. Each
 * creature is a bundled NAME ("use") or a sheet file (a path with '/' or
 * ending in .json). The caller frees the result; NULL with err on failure. */
fray_encounter *fray_encounter_pair(const char *id, const char *attacker, const char *defender,
                                    char *err, size_t errlen);

extern const fray_ruleset *const fray_rulesets[]; /* NULL-terminated; src/rules/registry.c */
const fray_ruleset *fray_ruleset_find(const char *id);

static inline void *fray_priv(fray_encounter *e, int who)
{
    return e->priv + (size_t)who * e->csize;
}
static inline const void *fray_cpriv(const fray_encounter *e, int who)
{
    return e->priv + (size_t)who * e->csize;
}
/* The ruleset's memo (rs->memo_size bytes), writable through a const
 * encounter: it is not state (core.h, struct fray_encounter), so a hook
 * that only reads the fight (policy, decide, a test) may keep in it what it
 * derived, stamped with e->world_rev. No cast needed: the pointer is const
 * in a const encounter, the bytes it owns are not. */
static inline unsigned char *fray_memo(const fray_encounter *e) { return e->memo; }
/* A ruleset changed, without a core call, something its memo derives from
 * (a weapon readied, a creature ignored): every stamp is old now. */
static inline void fray_touch(fray_encounter *e) { e->world_rev++; }
static inline int fray_opt(const fray_encounter *e, int i) { return e->opt[i]; }
/* A resource's value, and whether a creature still fights (FRAY_ABLE): the
 * accessors every ruleset reads the shared state with. */
static inline int fray_res(const fray_encounter *e, int who, int r) { return e->c[who].res[r]; }
static inline int fray_able(const fray_encounter *e, int who) { return e->c[who].status == FRAY_ABLE; }

/* ---- Changing state (each change goes to the next event) ----------------- */

/* Record a change for the next event (what fray_res_set and the condition
 * calls do); `what` is a static string. Without a sink (the sim) nobody
 * reads the changes, and none is kept. */
void fray_record_change(fray_encounter *e, int who, const char *what, int before, int after);
static inline void fray_record_only(fray_encounter *e, int who, const char *what, int before, int after)
{
    if (e->nsinks)
        fray_record_change(e, who, what, before, after);
}
/* The same for a change that is an action's effect, which the tactics
 * report counts (e->effects): what a ruleset keeps in its private bytes
 * (a weapon loaded or picked up, a creature standing up) is seen only
 * so, as the core cannot tell such bytes from the ruleset's bookkeeping. */
static inline void fray_record(fray_encounter *e, int who, const char *what, int before, int after)
{
    e->effects++;
    fray_record_only(e, who, what, before, after);
}
static inline void fray_res_set(fray_encounter *e, int who, int res, int value)
{
    int *slot = &e->c[who].res[res];
    if (*slot == value)
        return;
    /* the actor lowering its own resource pays a cost: no effect */
    e->effects += !(who == e->dice.roller && value < *slot);
    if (__builtin_expect(e->tally != NULL, 0) && e->dice.roller < 0 && value > *slot)
        fray_tally_refill(e, who, res, *slot, value);
    fray_record_only(e, who, e->rs->resources[res], *slot, value);
    *slot = value;
}
/* Every creature (e->n of them) in the order they act this round, for a
 * tracker's display: the initiative order of the core scheduler, or the
 * ruleset's act_order, or file order; creatures out of the order (not
 * joined, left) last. Reads the state only. */
void fray_act_order(const fray_encounter *e, int *order);
/* The GM sets resource res of who to value (fray play's `set`), within
 * the range the rules give it, as the rules would: the initiative score
 * moves who in the turn order, the damage track changes by the ruleset's
 * fiat (its thresholds act). 0, or -1 with why (the range, or the reason
 * it is not the GM's to set); changes nothing unless apply. */
int fray_res_fiat(fray_encounter *e, int who, int res, int value, int apply, char *why,
                  size_t whylen);
void fray_set_status(fray_encounter *e, int who, int status);
void fray_move(fray_encounter *e, int who, int x, int y);
/* The same, for a ruleset that has measured the move already: len is the
 * straight distance from where `who` stands to (x, y), in centimetres
 * (fray_isqrt of the squares, as fray_move computes it). */
void fray_move_len(fray_encounter *e, int who, int x, int y, int len);

/* Whether `who` has condition `cond` (held, or implied by one it holds):
 * one bit test, so rulesets ask it freely and keep no caches of their own. */
static inline int fray_has(const fray_encounter *e, int who, int cond)
{
    return (int)((e->c[who].cmask >> cond) & 1u);
}
int fray_cond_has(const fray_encounter *e, int who, int cond); /* the same, not inline */
/* The FRAY_CF_* flags of everything `who` has. */
static inline unsigned fray_cflags(const fray_encounter *e, int who) { return e->c[who].cflags; }
/* Add an entry (cond imposed by parent, or -1) that ends as `expire` and
 * `round` say; how it meets an entry already held is the condition's
 * stacking rule (FRAY_STACK_EXTEND when the ruleset gives none). */
void fray_cond_add(fray_encounter *e, int who, int cond, int parent, int expire, int round);
/* The same with a source creature and a value. */
void fray_cond_give(fray_encounter *e, int who, int cond, int src, int value, int expire, int round);
/* The value that applies: the highest of its entries (0 if none). */
int fray_cond_value(const fray_encounter *e, int who, int cond);
/* The source of the entry that applies (-1 if none or no source). */
int fray_cond_source(const fray_encounter *e, int who, int cond);
/* Remove the entries of cond that stand on their own, and everything they
 * impose. Entries imposed by a parent that still stands remain: returns 1 if
 * the creature no longer has cond, 0 if a parent keeps it. */
int fray_cond_remove(fray_encounter *e, int who, int cond);
/* Remove every entry `src` gave (grapples, auras that end with their source). */
void fray_cond_remove_from(fray_encounter *e, int src);
/* Use up one FRAY_EXP_ON_USE entry of cond ("the next attack against you");
 * returns 1 if there was one. */
int fray_cond_use(fray_encounter *e, int who, int cond);
/* End the entries whose time is up at this point (FRAY_EXP_* and the current
 * round): the engine calls it at round boundaries and, for a ruleset on the
 * core scheduler, at turn boundaries. For the turn-bound kinds, `who` is the
 * creature whose turn starts or ends: its own TURN_* entries end, and the
 * SRC_TURN_* entries it gave to anyone. */
void fray_cond_expire_entries(fray_encounter *e, int who, int when);
static inline void fray_cond_expire(fray_encounter *e, int who, int when)
{
    /* called at every round and turn edge for every creature: most hold nothing */
    if (e->c[who].ncond || e->src_timed)
        fray_cond_expire_entries(e, who, when);
}
/* End who's entries timed by the fight's rounds and turns, and those given
 * by a creature numbered `keep` or above (an adventuring day, day.c). */
void fray_cond_end_fight(fray_encounter *e, int who, int keep);
/* Recompute who's cmask and cflags from its entries (after a ruleset wrote
 * entries directly, as a mount copied onto its rider). */
void fray_cond_refresh(fray_encounter *e, int who);

/* ---- Events --------------------------------------------------------------- */

/* Attach a modifier to the next event. */
void fray_mod(fray_encounter *e, const char *source, int value);
/* Around a computation that only looks (action_odds reading the modifiers
 * resolve would use): the modifiers it attached are dropped again. */
static inline int fray_mods_mark(const fray_encounter *e) { return e->nmods; }
static inline void fray_mods_drop(fray_encounter *e, int mark) { e->nmods = mark; }
/* Emit an event: the core fills seq and round and attaches the rolls drawn,
 * the modifiers and the changes made since the last event. Inline, so that
 * without a sink (the sim) the event a caller writes is never built. */
void fray_emit_to_sinks(fray_encounter *e, const fray_event *ev);
static inline void fray_emit_unheard(fray_encounter *e)
{
    /* Counted, and nothing to drop: without a sink nothing is gathered
     * (fray_mod and fray_record keep nothing, and the dice log nothing, as
     * fray_reset sets keep_log from the sinks), so nlog, nmods and
     * nchanges are 0 already. Three stores fewer at every event of a
     * simulated fight. */
    ++e->seq;
}
/* A macro, not an inline function: the event (a compound literal, 120
 * bytes) is then built only on the branch with a sink. As the argument of
 * a function it was built, zeroed and filled, for every event of every
 * simulated fight. `e` is evaluated twice: pass a plain name. Variadic,
 * for the commas inside the literal's braces. */
#define fray_emit(e, ...) \
    ((e)->nsinks ? fray_emit_to_sinks((e), (__VA_ARGS__)) : fray_emit_unheard(e))
/* Emit any pending rolls and changes as an event of kind "state". */
void fray_flush_pending(fray_encounter *e, int actor, const char *rule);
static inline void fray_flush(fray_encounter *e, int actor, const char *rule)
{
    if ((e->dice.nlog | e->nchanges | e->nmods) != 0) /* one test at every step */
        fray_flush_pending(e, actor, rule);
}

#include "check.h"
#include "args.h"
#include "defeat.h"

/* ---- Invariants ----
 * FRAY_CHECK(e, cond): a ruleset's invariant ("a ranged attack has a
 * ranged weapon in hand"). When it does not hold, the fight stops with a
 * runtime error naming the file and line, instead of going on into a
 * crash; the soak then reports the first broken state. Evaluates to cond,
 * so the caller can also leave the path: if (!FRAY_CHECK(e, w)) return; */
int fray_invariant_failed(fray_encounter *e, const char *what, const char *file, int line);
#define FRAY_CHECK(e, cond) ((cond) ? 1 : fray_invariant_failed((e), #cond, __FILE__, __LINE__))

/* Check every choice the ruleset's decide hook makes against the list
 * legal writes and the choice policy makes from it (on: 1), or stop
 * checking (0): the first difference in the action, the policy's random
 * stream or the state stops the fight with a runtime error naming both
 * choices. Costs a listing and two copies of the state per choice: for
 * tests and `fray sim --check-decide`, not for speed. 0, or -1 out of
 * memory. */
int fray_check_decide(fray_encounter *e, int on);

/* ---- Windows ---------------------------------------------------------------- */

/* Offer `window` to every creature that may act in it, in a fixed order: the
 * trigger's target first, then the others in file order, the trigger's
 * actor never. Each one's controller chooses one legal action or passes; a
 * chosen action is resolved at once. Returns the number of actions taken. */
static inline int fray_offer(fray_encounter *e, int window, const fray_action *trigger);
/* The same, asking only the creatures whose bits are set in `who`. */
static inline int fray_offer_some(fray_encounter *e, int window, const fray_action *trigger,
                                  uint32_t who);
/* The offer itself, to the creatures of `ask` (the actor taken out): what
 * fray_offer_some calls once may_answer has said yes for one of them,
 * `said_yes` (-1 when the ruleset has no may_answer). */
int fray_offer_to(fray_encounter *e, int window, const fray_action *trigger, uint32_t ask,
                  int said_yes);
/* fray_offer_to for `ask` of one creature, `who`, whose may_answer said
 * yes (or the ruleset has none): no order to build, nobody else to ask
 * again. Most offers of a duel are such. */
int fray_offer_one(fray_encounter *e, int window, const fray_action *trigger, int who);

/* Inline, as most windows of a fight (two for every action) find nobody
 * with an answer left: the masks and may_answer are then all it costs.
 * `may` is the ruleset's may_answer (NULL: everyone may). A ruleset that
 * names its own function here has it called directly, inlined with the
 * window known, where a call through a table whose contents the compiler
 * does not see (an exported table's fields fold only at link time) stays
 * a call through a pointer. */
typedef int (*fray_may_answer_fn)(const fray_encounter *e, int who, int window, const fray_action *trigger);
static inline __attribute__((always_inline)) int fray_offer_may(fray_encounter *e, fray_may_answer_fn may, int window,
                                                                const fray_action *trigger, uint32_t who)
{
    if (e->offer_depth >= 4) /* a fight that failed is refused by fray_offer_to */
        return 0;
    uint32_t ask = who & (uint32_t)(((uint64_t)1 << e->n) - 1);
    if (trigger && (unsigned)trigger->actor < 32u)
        ask &= ~((uint32_t)1 << trigger->actor); /* the actor does not answer itself */
    int one = ask && !(ask & (ask - 1));
    if (!may)
        return !ask ? 0 : one ? fray_offer_one(e, window, trigger, __builtin_ctz(ask))
                              : fray_offer_to(e, window, trigger, ask, -1);
    for (uint32_t m = ask; m; m &= m - 1)
        if (may(e, __builtin_ctz(m), window, trigger))
            return one ? fray_offer_one(e, window, trigger, __builtin_ctz(m))
                       : fray_offer_to(e, window, trigger, ask, __builtin_ctz(m));
    return 0;
}

/* fray_offer_may to one creature, `who` (not the trigger's actor): a
 * declared attack's window, which only its target may answer, without
 * the masks for many. */
static inline __attribute__((always_inline)) int fray_offer_may_one(fray_encounter *e, fray_may_answer_fn may,
                                                                    int window, const fray_action *trigger,
                                                                    int who)
{
    if (e->offer_depth >= 4 || (unsigned)who >= (unsigned)e->n || (trigger && trigger->actor == who))
        return 0;
    return !may || may(e, who, window, trigger) ? fray_offer_one(e, window, trigger, who) : 0;
}

/* The same through a ruleset table `rs`, which is e->rs (the loop passes
 * its static copy, whose hooks the compiler reads). */
static inline int fray_offer_with(fray_encounter *e, const fray_ruleset *rs, int window,
                                  const fray_action *trigger, uint32_t who)
{
    return fray_offer_may(e, rs->may_answer, window, trigger, who);
}

static inline int fray_offer_some(fray_encounter *e, int window, const fray_action *trigger,
                                  uint32_t who)
{
    return fray_offer_with(e, e->rs, window, trigger, who);
}

static inline int fray_offer(fray_encounter *e, int window, const fray_action *trigger)
{
    return fray_offer_some(e, window, trigger, UINT32_MAX);
}
/* Ask who's controller to choose among legal[0..n): an index or -1. */
int fray_choose(fray_encounter *e, int who, int window, const fray_action *trigger,
                const fray_action *legal, int n);

/* ---- Geometry: geometry.h; the map: map.h ---- */
#include "geometry.h"
#include "map.h"

/* Always inlined: the remembered pair is a compare and a load, and a ruleset
 * measures at every choice (left to it, the inliner kept a call). */
static inline __attribute__((always_inline)) int fray_distance_sq(const fray_encounter *e, int a, int b,
                                                                  int64_t d2)
{
    return e->dist_memo[a][b].d2 == d2 ? e->dist_memo[a][b].d : fray_distance_miss(e, a, b, d2);
}

/* The squared distance between two combatants: a test against a reach
 * asked of the square needs no root. */
static inline int64_t fray_distance2(const fray_encounter *e, int a, int b)
{
    int64_t dx = e->c[a].x - e->c[b].x, dy = e->c[a].y - e->c[b].y;
    return dx * dx + dy * dy;
}

static inline __attribute__((always_inline)) int fray_distance(const fray_encounter *e, int a, int b)
{
    return fray_distance_sq(e, a, b, fray_distance2(e, a, b));
}

/* ---- Loading -------------------------------------------------------------- */

struct fray_load {
    const char *file;      /* the file being loaded */
    const char *text;      /* its text, for finding a key's line */
    size_t textlen;
    char path[192];        /* key path of the value being read */
    char *err;
    size_t errlen;
    int failed;
    /* where a merged sheet's keys may come from: the bundled creature file */
    const char *alt_file, *alt_text;
    size_t alt_len;
    const char *alt_prefix; /* the path in the encounter that the file stands for */
};

/* Report "file:line:column: path.key: message" once; returns -1. */
int fray_load_fail(fray_load *ld, const char *key, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Check that obj is an object with no key outside allowed (NULL-terminated). */
int fray_load_keys(fray_load *ld, const json_t *obj, const char *const *allowed);
/* Read an integer key into *out; a missing key gives def unless required.
 * Out of [min, max] is an error. Returns 0 or -1. */
int fray_load_int(fray_load *ld, const json_t *obj, const char *key, int *out,
                  int def, int min, int max, int required);
/* A JSON number of metres (v, the value of key; NULL when missing) into
 * whole centimetres, *out, within [min_cm, max_cm]. The one place a length
 * from a file is a floating-point number: rounded once, at load, so that
 * everything after is integer. Returns 0 or -1. */
int fray_load_metres(fray_load *ld, const json_t *v, const char *key, int min_cm, int max_cm,
                     int *out);
/* Read a string key into buf (len bytes); missing gives def (may be NULL
 * when required). */
int fray_load_str(fray_load *ld, const json_t *obj, const char *key, char *buf, size_t len,
                  const char *def, int required);
int fray_load_bool(fray_load *ld, const json_t *obj, const char *key, int *out, int def);
/* Read a string key that must be one of names[0..n); writes its index. */
int fray_load_enum(fray_load *ld, const json_t *obj, const char *key, int *out,
                   const char *const *names, int n, int def, int required);
/* Enter and leave a nested key for error paths: push returns the previous
 * length of ld->path to give back to pop. */
size_t fray_load_push(fray_load *ld, const char *key, int index);
void fray_load_pop(fray_load *ld, size_t mark);
/* Combatant i's "script" array of c into e->script (script.c): 0, or -1
 * after fray_load_fail. */
int fray_load_script(fray_load *ld, fray_encounter *e, const json_t *c, int i);

#endif
