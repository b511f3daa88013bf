/* defeat.h: time to defeat by dynamic programming, for every ruleset's
 * `fray odds RULESET defeat`.
 *
 * A defender is in one of `nstates` states (its Aura and whether it bleeds;
 * which wound slots are filled; its hit points...). One attack moves the
 * probability mass of each state to others and takes some out (dead,
 * unconscious, fatally wounded); rounds group attacks and may move mass at
 * their start (a bleeding defender's Death Save). fray_defeat_run walks
 * attack after attack until the mass still in falls below `cut`, or the
 * horizon, and reports when the defender went out: by attack and by round.
 * The ruleset supplies the one-attack step from its exact one-attack
 * distribution; the walk, the bookkeeping and the stopping rule are here,
 * once. Internal; included by core.h. */
#ifndef FRAY_DEFEAT_H
#define FRAY_DEFEAT_H

typedef struct fray_defeat_chain {
    int nstates;
    int start;     /* the state before the first attack */
    int horizon;   /* attacks at most */
    double cut;    /* stop once the mass still in is below this */
    void *ud;
    /* One attack on the mass m in state s: add to next[] what stays in, and
     * to *out what goes out (the caller keeps any split of *out by cause). */
    void (*attack)(void *ud, int s, double m, double *next, double *out);
    /* The attacks of round r (1, 2, ...); 0 ends the walk (no more attacks
     * ever). NULL: one attack a round. */
    int (*attacks)(void *ud, int r);
    /* At the start of round r, before its attacks: move mass within cur[]
     * and add what goes out to *out. May be NULL. */
    void (*round_start)(void *ud, int r, double *cur, double *out);
} fray_defeat_chain;

typedef struct fray_defeat {
    double *p_att; /* p_att[j]: out by attack j, 1..n_att ([0]: out before any attack) */
    int n_att;
    double *p_rnd; /* p_rnd[r]: out in round r, 1..n_rnd */
    int *k_rnd;    /* k_rnd[r]: the attacks of round r */
    int n_rnd;
    double tail;   /* still in when the walk stopped */
} fray_defeat;

/* Walk the chain; 0, or -1 when out of memory (d is then empty). */
int fray_defeat_run(const fray_defeat_chain *c, fray_defeat *d);
void fray_defeat_free(fray_defeat *d);

#endif
