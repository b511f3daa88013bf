/* defeat.c: the `defeat` check of the `energy` odds: the exact
 * distribution of the attacks and Rounds an attacker needs to take a
 * defender out, by dynamic programming over the defender's Aura and
 * bleeding state, its Monte Carlo check and its JSON. Readings of the text
 * are in docs/odds.md; every rule below cites the seed's heading it applies. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "energy.h"
#include "odds.h"
#include "odds_int.h"

#define ODDS_CUT 1e-15          /* the DP stops once less mass than this is left */

/* ---- Time to defeat ------------------------------------------------------------ */

/* The chances of one Death roll and one Death Save, from the ruleset's tables
 * (#Death Roll, #Death Save). */
typedef struct death_p { double dead, unc, bleed, none, stab; } death_p;

static death_p death_roll_p(void)
{
    death_p p = {0};
    for (int f = 1; f <= 20; f++) {
        switch (en_death_roll_effect(f)) {
        case EN_DR_DIE: p.dead += 1.0 / 20; break;
        case EN_DR_UNCONSCIOUS: p.unc += 1.0 / 20; break;
        case EN_DR_BLEED: p.bleed += 1.0 / 20; break;
        default: p.none += 1.0 / 20; break;
        }
    }
    return p;
}

static death_p death_save_p(void)
{
    death_p p = {0};
    for (int f = 1; f <= 20; f++) {
        switch (en_death_save_effect(f)) {
        case EN_DS_DIE: p.dead += 1.0 / 20; break;
        case EN_DS_UNCONSCIOUS: p.unc += 1.0 / 20; break;
        case EN_DS_STABILIZED: p.stab += 1.0 / 20; break;
        default: p.none += 1.0 / 20; break;
        }
    }
    return p;
}

typedef struct en_defeat {
    en_melee_odds a;
    fray_defeat w;   /* the core's walk: out by attack, by Round, the tail */
    double p_dead, p_unc;
} en_defeat;

static void defeat_free(en_defeat *d)
{
    en_melee_odds_free(&d->a);
    fray_defeat_free(&d->w);
}

/* The attacks of one Round. #Rounds: "Your Energy is reset based on your
 * Stamina" (#Energy Per Round, through en_energy_per_round; a flat --energy
 * when Stamina is not modelled or --energy is given); a melee attack costs
 * --cost. #Stamina: "Once per Round, you may spend 1 Stamina when you would
 * normally spend 1 Energy": the attacker does when that buys one more
 * attack and it has more than --reserve Stamina (at least 1: "Dropping to 0
 * Stamina will immediately result in unconsciousness"), as the engine's
 * can_pay does. Updates *stamina. */
static int round_attacks(const en_args *g, int *stamina)
{
    int energy = g->have_energy || *stamina < 0 ? g->energy : en_energy_per_round(*stamina, 0);
    int k = energy / g->cost;
    if (*stamina > g->reserve && (energy + 1) / g->cost > k) {
        k++;
        (*stamina)--;
    }
    return k;
}

/* The defender's states for the core's walk (fray_defeat_run): state
 * b * ns + a is Aura a, bleeding when b is 1. */
typedef struct en_chain {
    const en_args *g;
    en_defeat *d;
    size_t ns;          /* Aura values: 0..aura */
    int nd;             /* damage values of one attack: 0..nd-1 */
    const double *pd;   /* their chances */
    death_p dr, ds;     /* one Death roll, one Death Save */
    int stamina;        /* the attacker's, spent Round by Round */
} en_chain;

/* One attack on the mass m in state s. #Aura: "Taking damage reduces the
 * strength of your Aura"; #Death: "a Death roll every time you are damaged
 * with 0 Aura". */
static void attack_step(void *ud, int s, double m, double *nxt, double *out)
{
    en_chain *c = ud;
    size_t b = (size_t)s / c->ns;
    int a = (int)((size_t)s % c->ns);
    for (int v = 0; v < c->nd; v++) {
        double w = m * c->pd[v];
        if (w == 0.0)
            continue;
        int a2 = a > v ? a - v : 0;
        int roll = a == 0 ? v > 0 : (c->g->overflow && v > a);
        if (!roll) {
            nxt[b * c->ns + (size_t)a2] += w;
            continue;
        }
        c->d->p_dead += w * c->dr.dead;
        c->d->p_unc += w * c->dr.unc;
        *out += w * (c->dr.dead + c->dr.unc);
        nxt[b * c->ns + (size_t)a2] += w * c->dr.none;
        nxt[c->ns + (size_t)a2] += w * c->dr.bleed;
    }
}

static int round_k(void *ud, int r)
{
    (void)r;
    en_chain *c = ud;
    return round_attacks(c->g, &c->stamina);
}

/* #Death Roll: "5-9 ... must make a Death Save at the beginning of every
 * Round": each bleeding defender's save, before the Round's attacks. */
static void death_saves(void *ud, int r, double *cur, double *out)
{
    (void)r;
    en_chain *c = ud;
    for (size_t a = 0; a < c->ns; a++) {
        double m = cur[c->ns + a];
        if (m == 0.0)
            continue;
        c->d->p_dead += m * c->ds.dead;
        c->d->p_unc += m * c->ds.unc;
        *out += m * (c->ds.dead + c->ds.unc);
        cur[c->ns + a] = m * c->ds.none;
        cur[a] += m * c->ds.stab;
    }
}

/* Dynamic programme over (bleeding, Aura left), Round by Round, on the
 * core's walk: a bleeding defender makes its Death Save at the start of
 * each Round, then the attacker makes its attacks of the Round. */
static int defeat_compute(const en_args *g, en_defeat *d)
{
    memset(d, 0, sizeof *d);
    if (en_melee_odds_compute(&g->m, &d->a) < 0)
        return -1;
    en_chain c = {.g = g, .d = d, .ns = (size_t)g->aura + 1, .nd = d->a.damage.n,
                  .pd = d->a.damage.p, .dr = death_roll_p(), .ds = death_save_p(),
                  .stamina = g->stamina};
    double harm = 0.0; /* chance one attack deals damage */
    for (int v = 1; v < c.nd; v++)
        harm += c.pd[v];
    fray_defeat_chain ch = {.nstates = 2 * (int)c.ns, .start = g->aura,
                            /* no attack ever deals damage: never taken out */
                            .horizon = harm > 0.0 ? g->horizon : 0, .cut = ODDS_CUT, .ud = &c,
                            .attack = attack_step, .attacks = round_k,
                            .round_start = g->saves ? death_saves : NULL};
    if (fray_defeat_run(&ch, &d->w) < 0) {
        defeat_free(d);
        return -1;
    }
    return 0;
}

/* ---- Monte Carlo check ---------------------------------------------------------- */

static json_t *mc_defeat(const en_args *g, const en_defeat *x)
{
    fray_dice d;
    fray_dice_init(&d, g->seed, 0);
    d.keep_log = 0;
    en_melee_in in = en_odds_melee_in(&g->m);
    long done = 0, dead = 0;
    double sum_att = 0.0, sum_rnd = 0.0, sum_att2 = 0.0;
    for (long i = 0; i < g->mc; i++) {
        int aura = g->aura, bleed = 0, att = 0, rnd = 0, out = 0, stamina = g->stamina;
        while (!out && att < g->horizon) {
            int k = round_attacks(g, &stamina);
            if (k == 0)
                break;
            rnd++;
            if (bleed && g->saves) {
                int s = en_death_save_effect(fray_die(&d, 20, "Death Save, 1d20"));
                if (s == EN_DS_DIE || s == EN_DS_UNCONSCIOUS) {
                    out = 1;
                    dead += s == EN_DS_DIE;
                    break;
                }
                if (s == EN_DS_STABILIZED)
                    bleed = 0;
            }
            for (int j = 0; j < k && att < g->horizon && !out; j++) {
                en_attack_out o;
                att++;
                en_melee_resolve(&in, &d, &o);
                int v = en_damage_multiply(o.damage, g->m.weak, g->m.resist, 0, g->m.halves);
                int roll = aura == 0 ? v > 0 : (g->overflow && v > aura);
                aura = aura > v ? aura - v : 0;
                if (!roll)
                    continue;
                int e = en_death_roll_effect(fray_die(&d, 20, "Death roll, 1d20"));
                if (e == EN_DR_DIE || e == EN_DR_UNCONSCIOUS) {
                    out = 1;
                    dead += e == EN_DR_DIE;
                } else if (e == EN_DR_BLEED) {
                    bleed = 1;
                }
            }
        }
        if (out) {
            done++;
            sum_att += att;
            sum_att2 += (double)att * att;
            sum_rnd += rnd;
        }
    }
    json_t *o = json_object();
    double n = (double)g->mc;
    json_object_set_new_nocheck(o, "n", json_integer(g->mc));
    json_object_set_new_nocheck(o, "seed", json_integer((json_int_t)g->seed));
    json_object_set_new_nocheck(o, "p_out", json_real((double)done / n));
    json_object_set_new_nocheck(o, "p_dead", json_real((double)dead / n));
    if (done > 0) {
        double m = sum_att / (double)done;
        json_object_set_new_nocheck(o, "mean_attacks", json_real(m));
        json_object_set_new_nocheck(o, "mean_rounds", json_real(sum_rnd / (double)done));
        double var = sum_att2 / (double)done - m * m;
        json_object_set_new_nocheck(o, "se_mean_attacks",
                            json_real(sqrt(var > 0 ? var / (double)done : 0.0)));
    }
    (void)x;
    return o;
}

/* ---- JSON ------------------------------------------------------------------------ */

int en_odds_defeat(const en_args *g, json_t **out, char *err, size_t errlen)
{
    en_defeat x;
    if (defeat_compute(g, &x) < 0) {
        snprintf(err, errlen, "the distribution is too large to compute exactly");
        return -1;
    }
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "ruleset", json_string_nocheck("energy"));
    json_object_set_new_nocheck(o, "check", json_string_nocheck("defeat"));
    json_t *p = en_odds_params_json(g);
    json_object_set_new_nocheck(p, "aura", json_integer(g->aura));
    if (g->stamina >= 0) {
        json_object_set_new_nocheck(p, "stamina", json_integer(g->stamina));
        json_object_set_new_nocheck(p, "reserve", json_integer(g->reserve));
    }
    if (g->stamina < 0 || g->have_energy)
        json_object_set_new_nocheck(p, "energy", json_integer(g->energy));
    json_object_set_new_nocheck(p, "cost", json_integer(g->cost));
    json_object_set_new_nocheck(p, "overflow", json_boolean(g->overflow));
    json_object_set_new_nocheck(p, "death_saves", json_boolean(g->saves));
    json_object_set_new_nocheck(o, "params", p);
    json_t *atk = json_object();
    en_odds_melee_json(atk, &x.a);
    json_object_set_new_nocheck(o, "attack", atk);
    json_object_set_new_nocheck(o, "attacks_per_round", json_integer(x.w.n_rnd > 0 ? x.w.k_rnd[1] : 0));
    json_t *ka = json_array();
    for (int r = 1; r <= x.w.n_rnd && r <= 40; r++)
        json_array_append_new(ka, json_integer(x.w.k_rnd[r]));
    json_object_set_new_nocheck(o, "round_attacks", ka);
    json_object_set_new_nocheck(o, "attacks", en_odds_dist_json(x.w.p_att, 0, x.w.n_att + 1));
    json_object_set_new_nocheck(o, "rounds", en_odds_dist_json(x.w.p_rnd, 0, x.w.n_rnd + 1));
    double ma = 0.0, mr = 0.0, mass = 0.0;
    for (int j = 0; j <= x.w.n_att; j++) {
        ma += j * x.w.p_att[j];
        mass += x.w.p_att[j];
    }
    for (int r = 0; r <= x.w.n_rnd; r++)
        mr += r * x.w.p_rnd[r];
    if (mass > 0.0) {
        json_object_set_new_nocheck(o, "mean_attacks", json_real(ma / mass));
        json_object_set_new_nocheck(o, "mean_rounds", json_real(mr / mass));
    } else {
        json_object_set_new_nocheck(o, "mean_attacks", json_null());
        json_object_set_new_nocheck(o, "mean_rounds", json_null());
    }
    json_object_set_new_nocheck(o, "p_dead", json_real(x.p_dead));
    json_object_set_new_nocheck(o, "p_unconscious", json_real(x.p_unc));
    json_object_set_new_nocheck(o, "horizon", json_integer(x.w.n_att));
    json_object_set_new_nocheck(o, "tail", json_real(x.w.tail));
    char buf[320];
    snprintf(buf, sizeof buf,
             "computed through %d attacks (%d Rounds, %d attack%s in the first); probability "
             "the defender is still in the fight after them: %.3g; means are over the defeats "
             "within the horizon",
             x.w.n_att, x.w.n_rnd, x.w.n_rnd > 0 ? x.w.k_rnd[1] : 0,
             x.w.n_rnd > 0 && x.w.k_rnd[1] == 1 ? "" : "s", x.w.tail);
    json_object_set_new_nocheck(o, "statement", json_string(buf));
    json_object_set_new_nocheck(o, "truncation", en_odds_truncation_json(&x.a));
    if (g->mc > 0) {
        json_t *mc = mc_defeat(g, &x);
        if (mc)
            json_object_set_new_nocheck(o, "mc", mc);
    }
    defeat_free(&x);
    *out = o;
    return 0;
}
