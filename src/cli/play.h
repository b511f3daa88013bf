/* play.h: the parts of `fray play` (play.c: options and the replay;
 * play_screen.c: what is shown; play_cmd.c: the commands and the loop). */
#ifndef FRAY_PLAY_H
#define FRAY_PLAY_H

#include <stdio.h>

#include "core.h"
#include "store/store.h"

/* What the fight waits for. */
enum { Q_NONE = 0, Q_ACTION, Q_DIE, Q_ANSWER, Q_OVER };

typedef struct play_question {
    int kind;               /* Q_* */
    int who;                /* who decides or rolls */
    int window;             /* Q_ACTION: FRAY_WIN_* */
    int has_trigger;
    fray_action trigger;    /* the action a reaction answers */
    fray_action legal[FRAY_MAX_LEGAL];
    int n;
    const char *purpose;    /* Q_DIE */
    int sides;
    int question;           /* Q_ANSWER: the ruleset's question */
    uint32_t allowed;
} play_question;

typedef struct play_t {
    fray_store *st;
    fray_fight_row row;
    char *encounter;        /* the encounter's text, as stored */
    int enter_all;          /* ask for every creature's rolls */
    fray_jentry *j;         /* the journal in force */
    int nj, pos;            /* entries, and the next one the replay takes */
    fray_encounter *e;      /* the fight as replayed (its state is the question's only
                             * when p->q.kind is Q_OVER: read p->status otherwise) */
    int suspended, broken;
    int sim_try;            /* `sim`: the try being played (1...), 0 otherwise */
    int branched;           /* `sim`: the try has passed the present */
    play_question q;
    char *status;           /* the status table at the question (malloc'd) */
    FILE *text, *json;      /* narration and JSON Lines of the replay */
    char *textbuf, *jsonbuf;
    size_t textlen, jsonlen;
    size_t shown;           /* narration bytes already printed */
    int tty;                /* standard input and output are terminals */
    char err[512];
} play_t;

int play_rebuild(play_t *p);
/* The fight played on n times from the present by the policies: wins per
 * side (wins[FRAY_MAX_SIDES] the draws) and the mean of the rounds. */
int play_sim(play_t *p, int n, int wins[FRAY_MAX_SIDES + 1], double *mean_rounds);
int play_loop(play_t *p);
void play_free(play_t *p);

/* "blue=gm,red=policy[,dice=all]": the controllers of the sides (and per
 * creature: NAME=gm), applied to e. */
void play_apply_control(play_t *p, fray_encounter *e, const char *spec);
/* The control string of a new fight: the defaults (first side gm, the
 * others policy) with the user's --control on top, checked against e. */
int play_control_default(fray_encounter *e, const char *user, char *out, size_t outlen, char *err,
                         size_t errlen);
/* GM fiat: "set" body "WHO RESOURCE VALUE"; "cond" body "add|remove WHO CONDITION". */
int play_apply_fiat(fray_encounter *e, const char *kind, const char *body);

/* The status table of the fight now (malloc'd). */
char *play_status(const play_t *p, fray_encounter *e);
/* One legal action in words: "Melee Attack > Grok". */
void play_describe_action(const fray_encounter *e, const fray_action *a, char *buf, size_t len);
/* Print the question and its choices. */
void play_print_question(const play_t *p, FILE *f);

#endif
