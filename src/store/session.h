/* session.h: a fight kept in a store, replayed from its journal (fray play,
 * fray serve).
 *
 * The state of a stored fight is never stored: it is the journal replayed
 * through the engine from the start. The engine runs until it needs a
 * person (an action of a `gm` creature, a roll it makes, an answer); the
 * callbacks that meet that need either take the next journal entry or stop
 * the fight there (FRAY_SUSPEND), keeping the question and the status of
 * that moment. A command adds an entry, commits it, and replays; undo and
 * redo flip entries and replay. So a crash loses nothing committed, a
 * resumed fight is the same fight, and the events are those of an
 * uninterrupted run. */
#ifndef FRAY_SESSION_H
#define FRAY_SESSION_H

#include <stdio.h>

#include "core.h"
#include "store.h"

/* What the fight waits for. */
enum { Q_NONE = 0, Q_ACTION, Q_DIE, Q_ANSWER, Q_OVER };

typedef struct fray_question_state {
    int kind;               /* Q_* */
    int who;                /* who decides or rolls */
    int window;             /* Q_ACTION: FRAY_WIN_* */
    int has_trigger;
    fray_action trigger;    /* the action a reaction answers */
    fray_action legal[FRAY_MAX_LEGAL];
    int n;
    const char *purpose;    /* Q_DIE */
    int sides;
    int exploded;           /* Q_DIE: an exploding die's roll again after its maximum */
    int question;           /* Q_ANSWER: the ruleset's question */
    uint32_t allowed;
} fray_question_state;

typedef struct fray_session {
    fray_store *st;
    fray_fight_row row;
    char *encounter;        /* the encounter's text, as stored */
    int enter_all;          /* ask for every creature's rolls */
    fray_jentry *j;         /* the journal in force */
    int nj, pos;            /* entries, and the next one the replay takes */
    fray_encounter *e;      /* the fight as replayed (its state is the question's only
                             * when q.kind is Q_OVER: read status otherwise) */
    int suspended, broken;
    int sim_try;            /* `sim`: the try being played (1...), 0 otherwise */
    int branched;           /* `sim`: the try has passed the present */
    fray_question_state q;
    char *status;           /* the status table at the question (malloc'd) */
    int color;              /* the status table in colour (a terminal) */
    FILE *text, *json;      /* narration and JSON Lines of the replay */
    char *textbuf, *jsonbuf;
    size_t textlen, jsonlen;
    char err[512];
    int trial_from;         /* the first journal entry on trial (rebuild_trial) */
    char trial_err[256];    /* why the fight refused one of them, "" if none */
    /* appended: a copy of the fight at an own-turn question (Q_ACTION at
     * the top of the stack: lookahead.h), which `sim` and `hint` play on
     * instead of replaying the journal; NULL at any other question. Owned;
     * borrows e's map, so it is freed before e. */
    fray_encounter *at_q;
    /* appended: the look-ahead monsters' choices, kept across rebuilds
     * (lookahead.h: fray_lookahead_decide); made at the first, owned */
    struct fray_la_memo *la_memo;
} fray_session;

/* Rebuild the fight from the store's journal: q is the question it waits
 * on (or Q_OVER). 0, or -1 with err. */
int fray_session_rebuild(fray_session *p);
/* The same with n entries after the store's journal, which are not
 * written: what they would do (a command tried before it is committed);
 * trial_err says why the fight refused one of them, if it did. */
int fray_session_rebuild_trial(fray_session *p, const fray_jentry *extra, int n);
/* The same for a session that holds its encounter and journal but no
 * store (a copy that plays on in a thread of its own: serve's sim), and
 * narrates nothing: p->e, p->q and p->at_q as after a rebuild. */
int fray_session_present(fray_session *p);
/* The fight played on n times from the present by the policies: wins per
 * side (wins[FRAY_MAX_SIDES] the draws) and the mean of the rounds. */
int fray_session_sim(fray_session *p, int n, int wins[FRAY_MAX_SIDES + 1], double *mean_rounds);
/* Tries first..first+n-1 of that (each try's dice are its number's), added
 * into wins and *rounds: a long sim in steps, with progress between them. */
int fray_session_sim_tries(fray_session *p, int first, int n, int wins[FRAY_MAX_SIDES + 1],
                           long *rounds);
/* Append one journal entry (committed) and replay. 0, or -1 with err. */
/* `hint`: at an own-turn question of the fight's copy (at_q), who's best
 * actions by the look-ahead (breadth candidates, tries each, played to the
 * end by the policies) into out[0..max), best first. Returns how many, or
 * -1 with p->err (no own-turn question, out of memory). */
struct fray_la_cand;
int fray_session_hint(fray_session *p, int breadth, int tries, struct fray_la_cand *out, int max);
int fray_session_commit(fray_session *p, const char *kind, const char *body);
void fray_session_free(fray_session *p);

/* "blue=gm,red=policy[,dice=all]": the controllers of the sides (and per
 * creature: NAME=gm), applied to e. */
void fray_session_apply_control(fray_encounter *e, const char *spec);
/* The control string of a new fight: the defaults (first side gm, the
 * others policy) with the user's words on top, checked against e. */
int fray_session_control_default(fray_encounter *e, const char *user, char *out, size_t outlen,
                                 char *err, size_t errlen);
/* Check a journal entry of the GM's ("set", "cond", "add", "remove",
 * "control") against the fight: 0, or -1 with the reason. */
int fray_session_check_fiat(fray_session *p, const char *kind, const char *body, char *err,
                            size_t errlen);
/* A combatant or a side named s (len bytes): 0..n-1, 100+side, -1 none. */
int fray_session_who(const fray_encounter *e, const char *s, size_t len);
/* "no creature named 'Grk' (nearest: Grok)" in err; returns -1. */
int fray_session_unknown(const fray_encounter *e, const char *name, char *err, size_t errlen);

/* ---- Commands (session_cmd.c), shared by fray play and fray serve ----
 * Each returns FRAY_CMD_OK (committed and replayed), FRAY_CMD_REFUSED
 * (nothing changed; the reason in why) or FRAY_CMD_FAULT (the replay
 * failed; the reason in p->err). */
enum { FRAY_CMD_OK = 0, FRAY_CMD_REFUSED = 1, FRAY_CMD_FAULT = -1 };

/* The legal action the words name ("[ACTOR] ACTION [> TARGET]", or its
 * number, 0 to pass): its index in q.legal, -1 to pass, -2 with why. */
int fray_session_pick(const fray_session *p, const char *words, char *why, size_t whylen);
/* Take the legal action the words name, or q.legal[pick] (-1: pass). */
int fray_session_do(fray_session *p, const char *words, char *why, size_t whylen);
int fray_session_do_index(fray_session *p, int pick, char *why, size_t whylen);
/* Enter the roll asked for (1..sides), or let fray roll it. */
int fray_session_die(fray_session *p, long value, char *why, size_t whylen);
/* Enter n rolls, one per die asked for in turn: all of them, or (one off
 * its die, or more than are asked for) none. */
int fray_session_dice(fray_session *p, const long *values, int n, char *why, size_t whylen);
int fray_session_roll(fray_session *p, char *why, size_t whylen);
/* Answer the ruleset's question: an option's number (1...) or its name. */
int fray_session_answer(fray_session *p, const char *words, char *why, size_t whylen);
/* Take back (or put back, redo) n entries; *done says how many were. */
int fray_session_undo(fray_session *p, int n, int redo, int *done);
/* The GM's entries: cmd "control" (arg "WHO gm|policy|random"), "add"
 * ("NAME SIDE CREATURE [X Y]"), "remove" ("WHO"), "set" ("WHO RESOURCE
 * VALUE"), "condition" ("add|remove WHO CONDITION"), "damage" and "heal"
 * ("WHO AMOUNT"), "reveal" ("WHO": a creature loaded "hidden" is shown to
 * the players from here on), "note" ("TEXT": the GM's alone, never in the
 * log): checked against the fight, then journaled. */
int fray_session_gm(fray_session *p, const char *cmd, const char *arg, char *why, size_t whylen);
/* The exact odds of q.legal[pick] from the present state (*out: the caller
 * frees), or of "ACTION [TARGET]" legal now / a ruleset check "CHECK
 * --param V..." as fray odds gives them. Never changes the fight. */
int fray_session_action_odds(fray_session *p, int pick, json_t **out, char *why, size_t whylen);
int fray_session_odds(fray_session *p, const char *arg, json_t **out, char *why, size_t whylen);

/* The status table of the fight now (malloc'd). */
char *fray_session_status(const fray_session *p, fray_encounter *e);
/* One legal action in words: "Melee Attack > Grok". */
void fray_session_describe(const fray_encounter *e, const fray_action *a, char *buf, size_t len);
/* Print the question and its choices: the legal list grouped by action in
 * lines of at most width columns (0: no limit), or (expand) all of it,
 * "all", or one action's entries, its name. */
void fray_session_print_question(const fray_session *p, FILE *f, int width, const char *expand);
/* The destination of a move in metres, as `do ACTION X,Y` takes it: "5.78,-1.5". */
void fray_session_where(const fray_action *a, char *buf, size_t len);

#endif
