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
    int *k_rnd;      /* k_rnd[r]: the attacks of Round r */
    double *p_att;   /* p_att[j]: out at attack j (1..n_att); [0] unused */
    int n_att;
    double *p_rnd;   /* p_rnd[r]: out in Round r (1..n_rnd) */
    int n_rnd;
    double p_dead, p_unc, tail;
} en_defeat;

static void defeat_free(en_defeat *d)
{
    en_melee_odds_free(&d->a);
    free(d->k_rnd);
    free(d->p_att);
    free(d->p_rnd);
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

/* Room for index i in a zero-filled array of n elements of `size` bytes,
 * doubling: the arrays grow with the attacks actually computed, not with
 * the horizon. 0 or -1 (out of memory; *arr is kept). */
static int grow(void **arr, int *cap, int i, size_t size)
{
    if (i < *cap)
        return 0;
    int nc = *cap;
    while (nc <= i)
        nc *= 2;
    unsigned char *q = realloc(*arr, (size_t)nc * size);
    if (!q)
        return -1;
    memset(q + (size_t)*cap * size, 0, (size_t)(nc - *cap) * size);
    *arr = q;
    *cap = nc;
    return 0;
}

/* Dynamic programme over (bleeding, Aura left), Round by Round: a bleeding
 * defender makes its Death Save at the start of each Round (#Death Roll,
 * "5-9 ... must make a Death Save at the beginning of every Round"), then the
 * attacker makes its attacks of the Round. */
static int defeat_compute(const en_args *g, en_defeat *d)
{
    memset(d, 0, sizeof *d);
    if (en_melee_odds_compute(&g->m, &d->a) < 0)
        return -1;
    int A = g->aura, H = g->horizon, stamina = g->stamina;
    int nd = d->a.damage.n;
    const double *pd = d->a.damage.p;
    size_t ns = (size_t)(A + 1);
    double *cur = calloc(2 * ns, sizeof *cur), *nxt = calloc(2 * ns, sizeof *nxt);
    int cap_a = 64, cap_r = 64, cap_k = 64;
    d->p_att = calloc((size_t)cap_a, sizeof *d->p_att);
    d->p_rnd = calloc((size_t)cap_r, sizeof *d->p_rnd);
    d->k_rnd = calloc((size_t)cap_k, sizeof *d->k_rnd);
    if (!cur || !nxt || !d->p_att || !d->p_rnd || !d->k_rnd) {
        free(cur);
        free(nxt);
        defeat_free(d);
        return -1;
    }
    death_p dr = death_roll_p(), ds = death_save_p();
    cur[A] = 1.0; /* not bleeding, Aura A */
    double alive = 1.0;
    int att = 0, rnd = 0;
    double harm = 0.0; /* chance one attack deals damage */
    for (int v = 1; v < nd; v++)
        harm += pd[v];
    /* no attack ever deals damage: the defender is never taken out */
    while (harm > 0.0 && att < H && alive >= ODDS_CUT) {
        int k = round_attacks(g, &stamina);
        if (k == 0)
            break; /* out of Energy for good: the rest is the tail */
        rnd++;
        if (grow((void **)&d->p_rnd, &cap_r, rnd, sizeof *d->p_rnd) < 0 ||
            grow((void **)&d->k_rnd, &cap_k, rnd, sizeof *d->k_rnd) < 0 ||
            grow((void **)&d->p_att, &cap_a, att + k, sizeof *d->p_att) < 0) {
            free(cur);
            free(nxt);
            defeat_free(d);
            return -1;
        }
        d->k_rnd[rnd] = k;
        if (g->saves) {
            double out = 0.0;
            for (size_t a = 0; a < ns; a++) {
                double m = cur[ns + a];
                if (m == 0.0)
                    continue;
                d->p_dead += m * ds.dead;
                d->p_unc += m * ds.unc;
                out += m * (ds.dead + ds.unc);
                cur[ns + a] = m * ds.none;
                cur[a] += m * ds.stab;
            }
            /* out before this Round's attacks: after `att` attacks */
            d->p_att[att] += out;
            d->p_rnd[rnd] += out;
        }
        for (int j = 0; j < k && att < H; j++) {
            att++;
            double out = 0.0;
            memset(nxt, 0, 2 * ns * sizeof *nxt);
            for (int b = 0; b < 2; b++) {
                for (int a = 0; a <= A; a++) {
                    double m = cur[(size_t)b * ns + (size_t)a];
                    if (m == 0.0)
                        continue;
                    for (int v = 0; v < nd; v++) {
                        double w = m * pd[v];
                        if (w == 0.0)
                            continue;
                        /* #Aura: "Taking damage reduces the strength of your
                         * Aura"; #Death: "a Death roll every time you are
                         * damaged with 0 Aura". */
                        int a2 = a > v ? a - v : 0;
                        int roll = a == 0 ? v > 0 : (g->overflow && v > a);
                        if (!roll) {
                            nxt[(size_t)b * ns + (size_t)a2] += w;
                            continue;
                        }
                        d->p_dead += w * dr.dead;
                        d->p_unc += w * dr.unc;
                        out += w * (dr.dead + dr.unc);
                        nxt[(size_t)b * ns + (size_t)a2] += w * dr.none;
                        nxt[ns + (size_t)a2] += w * dr.bleed;
                    }
                }
            }
            double *t = cur;
            cur = nxt;
            nxt = t;
            d->p_att[att] += out;
            d->p_rnd[rnd] += out;
        }
        alive = 0.0;
        for (size_t s = 0; s < 2 * ns; s++)
            alive += cur[s];
    }
    d->n_att = att;
    d->n_rnd = rnd;
    d->tail = alive;
    free(cur);
    free(nxt);
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
    json_object_set_new_nocheck(o, "attacks_per_round", json_integer(x.n_rnd > 0 ? x.k_rnd[1] : 0));
    json_t *ka = json_array();
    for (int r = 1; r <= x.n_rnd && r <= 40; r++)
        json_array_append_new(ka, json_integer(x.k_rnd[r]));
    json_object_set_new_nocheck(o, "round_attacks", ka);
    json_object_set_new_nocheck(o, "attacks", en_odds_dist_json(x.p_att, 0, x.n_att + 1));
    json_object_set_new_nocheck(o, "rounds", en_odds_dist_json(x.p_rnd, 0, x.n_rnd + 1));
    double ma = 0.0, mr = 0.0, mass = 0.0;
    for (int j = 0; j <= x.n_att; j++) {
        ma += j * x.p_att[j];
        mass += x.p_att[j];
    }
    for (int r = 0; r <= x.n_rnd; r++)
        mr += r * x.p_rnd[r];
    if (mass > 0.0) {
        json_object_set_new_nocheck(o, "mean_attacks", json_real(ma / mass));
        json_object_set_new_nocheck(o, "mean_rounds", json_real(mr / mass));
    } else {
        json_object_set_new_nocheck(o, "mean_attacks", json_null());
        json_object_set_new_nocheck(o, "mean_rounds", json_null());
    }
    json_object_set_new_nocheck(o, "p_dead", json_real(x.p_dead));
    json_object_set_new_nocheck(o, "p_unconscious", json_real(x.p_unc));
    json_object_set_new_nocheck(o, "horizon", json_integer(x.n_att));
    json_object_set_new_nocheck(o, "tail", json_real(x.tail));
    char buf[320];
    snprintf(buf, sizeof buf,
             "computed through %d attacks (%d Rounds, %d attack%s in the first); probability "
             "the defender is still in the fight after them: %.3g; means are over the defeats "
             "within the horizon",
             x.n_att, x.n_rnd, x.n_rnd > 0 ? x.k_rnd[1] : 0,
             x.n_rnd > 0 && x.k_rnd[1] == 1 ? "" : "s", x.tail);
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
