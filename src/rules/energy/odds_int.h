/* odds_int.h: what the `energy` odds files share inside the ruleset:
 * odds.c (the parameters, one melee or ranged attack, the JSON and the
 * entry point) and defeat.c (the time to defeat and its Monte Carlo). */
#ifndef EN_ODDS_INT_H
#define EN_ODDS_INT_H

#include "energy.h"
#include "odds.h"

/* The parameters of the `melee` and `defeat` checks. */
typedef struct en_args {
    en_melee_q m;
    char damage_text[64];
    const char *attacker, *defender; /* sheets, or NULL */
    int have_av, have_ev, have_damage_expr, seen_damage;
    int aura, have_aura;
    int energy, cost, overflow, saves, horizon;
    int have_energy;
    int stamina, reserve; /* the attacker's Stamina (-1: not spent as Energy) and what it keeps */
    long mc;
    unsigned long long seed;
} en_args;

/* The engine's melee attack input for a query (the --mc checks). */
en_melee_in en_odds_melee_in(const en_melee_q *q);
/* The pieces of the JSON every check prints: a distribution p[0..n) over
 * lo, lo+1, ... (zeros left out); the melee parameters; one attack's odds
 * into o; how one attack's odds were truncated. */
json_t *en_odds_dist_json(const double *p, int lo, int n);
json_t *en_odds_params_json(const en_args *g);
void en_odds_melee_json(json_t *o, const en_melee_odds *r);
json_t *en_odds_truncation_json(const en_melee_odds *r);

/* The `defeat` check (defeat.c): 0, or -1 with err. */
int en_odds_defeat(const en_args *g, json_t **out, char *err, size_t errlen);

#endif
