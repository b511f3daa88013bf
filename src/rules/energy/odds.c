/* odds.c: exact odds of the `energy` ruleset: one melee attack (`melee`) and
 * the time to take a defender out (`defeat`). Readings of the text are in
 * docs/odds.md; every rule below cites the seed's heading it applies.
 * This file holds the parameters, one melee or ranged attack, the JSON and
 * the entry point; the time to defeat is in defeat.c. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "energy.h"
#include "odds.h"
#include "odds_int.h"

#define DEFEAT_HORIZON 100000   /* attacks computed at most, by default */
#define MC_MAX 100000000L

const char en_odds_help[] =
    "energy melee --av N --evasion N [--coverage N] [--ar N] [--damage EXPR] [--precise N]\n"
    "             [--defend] [--defense advantage|disadvantage] [--mc N] [--seed S]\n"
    "    One melee attack (#Melee Attacks, #Combat Roll, #Evasion, #Critical Hits):\n"
    "    p_hit, p_crit, p_armor (hits and the armour takes its Armor Rating off),\n"
    "    damage (value -> probability, misses as 0), mean_damage. --damage is the\n"
    "    whole damage roll with bonuses (default 1: an Unarmed attack, MASAB min 1).\n"
    "    --attacker NAME|FILE --defender NAME|FILE take every number from two\n"
    "    creature sheets (a bundled name from data/energy/ or a sheet file): the\n"
    "    wielded melee weapon's AV, damage + MASDB and Precise, proficiency (half\n"
    "    damage), the defender's Evasion, armour, Weakness/Resistance and Aura, the\n"
    "    attacker's Stamina; parameters given as well override them.\n"
    "energy ranged --mcm N [--ranged-evasion N] [--unaware] [--situational N] [--coverage N]\n"
    "             [--ar N] [--damage EXPR] [--precise N] [--defend]\n"
    "             [--defense advantage|disadvantage] [--hit advantage|disadvantage]\n"
    "             [--armor-rule formula|sentence] [--mc N] [--seed S]\n"
    "    One ranged attack (#Ranged Attacks, #Hit Roll): the Hit roll must reach\n"
    "    the Miss Chance = --mcm (8 - Accuracy - Halved Dex Modifier) + 1d4* +\n"
    "    --ranged-evasion (no roll when --unaware) + --situational; same keys as\n"
    "    melee. --coverage is the ranged Coverage; --armor-rule defaults to the\n"
    "    ruleset's option ranged_armour_rule.\n"
    "energy defeat (the melee parameters) --aura N [--energy N] [--cost N] [--overflow]\n"
    "             [--stamina N] [--reserve N] [--no-saves] [--horizon N] [--mc N] [--seed S]\n"
    "    Attacks and Rounds until the defender is out (dead or unconscious): Aura\n"
    "    absorbs damage until 0, then every damaging hit makes a Death roll, and a\n"
    "    bleeding defender makes a Death Save each Round (--no-saves: none).\n"
    "    --energy: Energy per Round (default 5), --cost: Energy per attack (3;\n"
    "    2 for Unarmed attacks): floor(energy / cost) attacks a Round. --stamina N:\n"
    "    the attacker's Stamina sets its Energy and once a Round pays 1 Energy when\n"
    "    that buys another attack, while it has more than --reserve (default 1).\n"
    "    --overflow: the hit that empties Aura makes a Death roll when damage is\n"
    "    left over (default: Aura absorbs the whole hit).\n";

/* ---- Parameters ------------------------------------------------------------- */

static int fail(char *err, size_t errlen, const char *fmt, const char *a, const char *b)
{
    snprintf(err, errlen, fmt, a, b);
    return -1;
}

/* The parameters of each check; "defeat" takes the melee ones too. */
static const char *const adv_words[] = {"advantage", "disadvantage", NULL};
static const int adv_values[] = {1, -1};
static const fray_arg melee_args[] = {
    {.name = "--av", .kind = FRAY_ARG_INT, .at = offsetof(en_args, m.av),
      .min = -100000, .max = 100000, .seen = FRAY_SEEN(en_args, have_av)},
    {.name = "--evasion", .kind = FRAY_ARG_INT, .at = offsetof(en_args, m.evasion),
      .min = -100000, .max = 100000, .seen = FRAY_SEEN(en_args, have_ev)},
    {.name = "--coverage", .kind = FRAY_ARG_INT, .at = offsetof(en_args, m.coverage),
      .min = 0, .max = 21},
    {.name = "--ar", .kind = FRAY_ARG_INT, .at = offsetof(en_args, m.ar), .min = 0, .max = 100000},
    {.name = "--precise", .kind = FRAY_ARG_INT, .at = offsetof(en_args, m.precise),
      .min = 0, .max = 19},
    {.name = "--damage", .kind = FRAY_ARG_TEXT, .at = offsetof(en_args, damage_text),
      .min = 0, .max = 64, .seen = FRAY_SEEN(en_args, seen_damage)},
    {.name = "--defend", .kind = FRAY_ARG_FLAG, .at = offsetof(en_args, m.defend),
      .min = 1, .max = 1},
    {.name = "--defense", .kind = FRAY_ARG_ENUM, .at = offsetof(en_args, m.defense_adv),
      .words = adv_words, .values = adv_values},
    {.name = "--mc", .kind = FRAY_ARG_LONG, .at = offsetof(en_args, mc), .min = 0, .max = MC_MAX},
    {.name = "--seed", .kind = FRAY_ARG_U64, .at = offsetof(en_args, seed)},
    {.name = "--attacker", .kind = FRAY_ARG_SKIP},
    {.name = "--defender", .kind = FRAY_ARG_SKIP},
    {.name = NULL}};
static const fray_arg defeat_args[] = {
    /* the DP grows with the square of the Aura; 1000 answers in well under
     * a second, and no creature of the text comes near it */
    {.name = "--aura", .kind = FRAY_ARG_INT, .at = offsetof(en_args, aura), .min = 0, .max = 1000,
      .seen = FRAY_SEEN(en_args, have_aura)},
    {.name = "--energy", .kind = FRAY_ARG_INT, .at = offsetof(en_args, energy),
      .min = 0, .max = 1000, .seen = FRAY_SEEN(en_args, have_energy)},
    {.name = "--cost", .kind = FRAY_ARG_INT, .at = offsetof(en_args, cost), .min = 1, .max = 1000},
    {.name = "--overflow", .kind = FRAY_ARG_FLAG, .at = offsetof(en_args, overflow),
      .min = 1, .max = 1},
    {.name = "--stamina", .kind = FRAY_ARG_INT, .at = offsetof(en_args, stamina),
      .min = 0, .max = 1000},
    {.name = "--reserve", .kind = FRAY_ARG_INT, .at = offsetof(en_args, reserve),
      .min = 1, .max = 1000},
    {.name = "--no-saves", .kind = FRAY_ARG_FLAG, .at = offsetof(en_args, saves),
      .min = 0, .max = 0},
    {.name = "--horizon", .kind = FRAY_ARG_INT, .at = offsetof(en_args, horizon),
      .min = 1, .max = 10000000},
    {.name = NULL}};

int en_dexpr_plus(fray_dexpr *d, int bonus)
{
    if (!bonus)
        return 0;
    if (d->n >= FRAY_EXPR_TERMS)
        return -1;
    fray_dterm *t = &d->t[d->n++];
    memset(t, 0, sizeof *t);
    t->sign = bonus < 0 ? -1 : 1;
    t->value = bonus < 0 ? -bonus : bonus;
    return 0;
}

/* Every number of the checks from the two sheets, as the engine's melee
 * attack takes them (ruleset.c): the wielded weapon if it is a melee
 * weapon, else an Unarmed attack (#Unarmed Attacks: "Unarmed AV = 15 +
 * MASAB", "Damage = MASAB (min 1)", 2 Energy). */
static int from_sheets(const char *att, const char *def, en_args *g, char *err, size_t errlen)
{
    fray_encounter *e = fray_encounter_pair("energy", att, def, err, errlen);
    if (!e)
        return -1;
    const en_creature *a = fray_cpriv(e, 0), *d = fray_cpriv(e, 1);
    const en_weapon *w = a->wielded >= 0 && a->wielded < a->nw && !(a->w[a->wielded].props & EN_W_RANGED)
                             ? &a->w[a->wielded]
                             : NULL;
    g->m.av = en_melee_av(a, w);
    int bonus;
    if (w) {
        g->m.damage = w->damage;
        bonus = a->d.masdb;
        g->m.precise = w->precise;
        g->m.halves = !en_weapon_proficient(a, w);
        int bit = 1 << w->dtype;
        g->m.weak = (d->weak & bit) != 0;
        g->m.resist = (d->resist & bit) != 0;
        snprintf(g->damage_text, sizeof g->damage_text, "%s", w->name);
    } else {
        memset(&g->m.damage, 0, sizeof g->m.damage);
        bonus = a->d.masab < 1 ? 1 : a->d.masab;
        g->cost = 2;
        int bit = 1 << EN_DMG_BLUDGEONING;
        g->m.weak = (d->weak & bit) != 0;
        g->m.resist = (d->resist & bit) != 0;
        snprintf(g->damage_text, sizeof g->damage_text, "Unarmed");
    }
    if (en_dexpr_plus(&g->m.damage, bonus) < 0) {
        fray_encounter_free(e);
        snprintf(err, errlen, "the attacker's damage roll has too many terms");
        return -1;
    }
    g->have_damage_expr = 1;
    g->m.evasion = d->d.evasion;
    g->m.coverage = d->has_armour ? d->armour.coverage : 0;
    g->m.ar = d->has_armour ? d->armour.ar : 0;
    /* the Aura the engine starts the defender with */
    g->aura = d->start_aura >= 0 && d->start_aura < d->d.aura_max ? d->start_aura : d->d.aura_max;
    g->stamina = a->start_stamina >= 0 ? a->start_stamina : a->d.stamina_max;
    g->have_av = g->have_ev = g->have_aura = 1;
    fray_encounter_free(e);
    return 0;
}

static int parse_args(int argc, char **argv, int defeat, en_args *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->energy = 5; /* #Energy Per Round: Stamina >= 5 gives 5 */
    g->stamina = -1;
    g->reserve = 1; /* never the last Stamina: "Dropping to 0 Stamina will
                     * immediately result in unconsciousness" */
    g->cost = 3;   /* #Melee Attacks: "Melee attacks cost 3 Energy" */
    g->saves = 1;
    g->horizon = DEFEAT_HORIZON;
    g->seed = 1;
    snprintf(g->damage_text, sizeof g->damage_text, "1");
    if (fray_args_pair(argc, argv, &g->attacker, &g->defender, err, errlen) < 0 ||
        (g->attacker && from_sheets(g->attacker, g->defender, g, err, errlen) < 0))
        return -1;
    const fray_arg *const melee[] = {melee_args, NULL};
    const fray_arg *const both[] = {melee_args, defeat_args, NULL};
    if (fray_args_parse(argc, argv, defeat ? both : melee, g, err, errlen) < 0)
        return -1;
    if (g->seen_damage)
        g->have_damage_expr = 0; /* --damage over the attacker's weapon */
    if (!g->have_av || !g->have_ev)
        return fail(err, errlen, "check '%s' needs --av N and --evasion N%s", argv[0], "");
    if (defeat && !g->have_aura)
        return fail(err, errlen, "check '%s' needs --aura N (the defender's Aura left)%s", argv[0],
                    "");
    if (defeat && g->stamina < 0 && g->energy < g->cost)
        return fail(err, errlen, "--energy below --cost: the attacker can never attack%s%s", "",
                    "");
    char perr[128];
    if (!g->have_damage_expr && fray_dexpr_parse(g->damage_text, &g->m.damage, perr, sizeof perr) < 0) {
        snprintf(err, errlen, "--damage '%s': %s", g->damage_text, perr);
        return -1;
    }
    return 0;
}

/* ---- One melee attack ---------------------------------------------------------- */

/* P(1dS* > t) in closed form (S = 10 for the Evasion roll, 4 for the Ranged
 * Evasion roll). #Defenses: "if you roll the highest number on the die,
 * reroll it and add the result ... Advantage and Disadvantage applies every
 * time you would normally roll the die once." Each roll keeps one of |adv|+1
 * dice; it shows S (and explodes) with chance m and at most r (r < S) with
 * chance F(r). A total is Sj + v with j explosions and a last v in 1..S-1, so
 * for t = SJ + r (0 <= r < S) the roll exceeds t exactly when the first J
 * rolls all explode and the next is not at most r:
 *     P(1dS* > t) = m^J * (1 - F(r)),
 * with no truncation at all. (tests/rules/energy/odds_test.c checks it
 * against the core's fray_dist_die expansion.) */
static double die_exceeds(long t, int sides, int adv)
{
    if (t < 1)
        return 1.0;
    double k = (double)(adv < 0 ? -adv : adv) + 1.0;
    double s = (double)sides;
    double m, notle;
    long J = t / sides;
    int r = (int)(t % sides);
    if (adv >= 0) {
        m = 1.0 - pow((s - 1.0) / s, k);
        notle = 1.0 - pow(r / s, k);
    } else {
        m = pow(1.0 / s, k);
        notle = pow(1.0 - r / s, k);
    }
    return pow(m, (double)J) * notle;
}

static double evasion_exceeds(long t, int adv) { return die_exceeds(t, 10, adv); }

double en_evasion_exceeds(long t, int adv) { return evasion_exceeds(t, adv); }

/* r->damage as zeros over 0 .. the most one hit can deal: the top of the
 * damage roll, with the multipliers when mult (the fewest halvings); 0, or
 * -1 out of memory (dmg is then freed). */
static int damage_room(fray_dist *dmg, int mult, int weak, int resist, int halves, en_melee_odds *r)
{
    int dmax = dmg->lo + dmg->n - 1;
    if (dmax < 0)
        dmax = 0;
    if (mult)
        dmax = en_damage_multiply(dmax, weak, resist, 0, halves);
    r->damage.lo = 0;
    r->damage.n = dmax + 1;
    r->damage.p = calloc((size_t)r->damage.n, sizeof *r->damage.p);
    if (!r->damage.p) {
        fray_dist_free(dmg);
        return -1;
    }
    return 0;
}

/* P(the kept d20 shows n) with net Advantage adv (|adv|+1 dice). */
static double d20_face(int n, int adv)
{
    double k = (double)(adv < 0 ? -adv : adv) + 1.0;
    if (adv >= 0)
        return pow(n / 20.0, k) - pow((n - 1) / 20.0, k);
    return pow((21 - n) / 20.0, k) - pow((20 - n) / 20.0, k);
}

int en_melee_odds_compute(const en_melee_q *q, en_melee_odds *r)
{
    fray_dist dmg;
    memset(r, 0, sizeof *r);
    if (fray_dist_expr(&dmg, &q->damage, 0) < 0)
        return -1;

    /* #Melee Attacks: "If the AV is greater than or equal to the Defense
     * roll, the attack hits"; #Actions, Defend: "You now win ties on your
     * Defenses": then the AV must exceed the roll. #Evasion: "Evasion Roll =
     * 1d10* + Evasion". */
    long need = (long)q->av - q->evasion - (q->defend ? 1 : 0); /* hits when 1d10* <= need */
    /* #Evasion: a target that cannot roll Evasion is hit automatically */
    double evade = q->auto_hit ? 0.0 : evasion_exceeds(need, q->defense_adv);
    double beat = 1.0 - evade;

    /* #Combat Roll, through the ruleset's own table: 20 (widened by Precise,
     * #Critical Hits) is a Critical Hit, 1 a Critical Failure; otherwise a
     * roll below the Coverage hits the armour. The Combat roll itself may
     * have Advantage or Disadvantage (Dazed, Blinded): only then are the
     * faces' chances computed (40 pow() calls, two thirds of a query's
     * time: `fray odds` never asks for it, `fray play` rarely). */
    double w[4] = {0, 0, 0, 0}; /* crit, fail, armour, free */
    int count[4] = {0, 0, 0, 0};
    for (int n = 1; n <= 20; n++) {
        int f = en_d20_flags(n, q->precise);
        int i = (f & EN_OUT_MISS) ? 1 : (f & EN_OUT_CRIT) ? 0 : n < q->coverage ? 2 : 3;
        count[i]++;
        if (q->attack_adv)
            w[i] += d20_face(n, q->attack_adv);
    }
    double wc, pfail, wa, wf, pmiss;
    if (q->attack_adv) {
        wc = w[0];
        pfail = w[1];
        wa = w[2] * beat;
        wf = w[3] * beat;
        pmiss = w[1] + (w[2] + w[3]) * evade;
    } else {
        /* one d20: whole twentieths */
        wc = count[0] / 20.0;
        pfail = count[1] / 20.0;
        wa = count[2] * beat / 20.0;
        wf = count[3] * beat / 20.0;
        pmiss = (count[1] + (count[2] + count[3]) * evade) / 20.0;
    }
    r->p_crit = wc;
    r->p_hit = wc + wa + wf;
    /* "the target subtracts their Armor Rating": it reduces the damage only
     * when there is a Rating to subtract. */
    r->p_armor = q->ar > 0 ? wa : 0.0;
    r->p_fail = pfail;
    r->p_evade = evade;

    int mult = q->weak || q->resist || q->halves;
    if (damage_room(&dmg, mult, q->weak, q->resist, q->halves, r) < 0)
        return -1;
    /* misses, counted as 0 damage */
    r->damage.p[0] = pmiss;
    for (int i = 0; i < dmg.n; i++) {
        int v = dmg.lo + i;
        double pv = dmg.p[i];
        /* #Critical Hits: "ignore their armor regardless of its Coverage".
         * Damage never goes below 0: armour stops a blow, it does not heal
         * (the same reading as attack.c). */
        int full = v > 0 ? v : 0;
        int arm = v - q->ar > 0 ? v - q->ar : 0;
        if (mult) {
            /* "Weaknesses and Resistances are applied after any damage
             * reduction from armor", rounding down: the engine's function */
            full = en_damage_multiply(full, q->weak, q->resist, 0, q->halves);
            arm = en_damage_multiply(arm, q->weak, q->resist, 0, q->halves);
        }
        r->damage.p[full] += (wc + wf) * pv;
        r->damage.p[arm] += wa * pv;
    }
    double mean = 0.0;
    for (int v = 1; v < r->damage.n; v++)
        mean += v * r->damage.p[v];
    r->mean_damage = mean;
    r->tail = dmg.tail;
    r->damage.tail = dmg.tail;
    fray_dist_free(&dmg);
    return 0;
}

void en_melee_odds_free(en_melee_odds *r) { fray_dist_free(&r->damage); }

/* ---- Monte Carlo checks ----------------------------------------------------------- */

en_melee_in en_odds_melee_in(const en_melee_q *q)
{
    en_melee_in in;
    memset(&in, 0, sizeof in);
    in.av = q->av;
    in.evasion = q->evasion;
    in.coverage = q->coverage;
    in.ar = q->ar;
    in.damage = &q->damage;
    in.damage_bonus = 0;
    in.deals_damage = 1;
    in.precise = q->precise;
    in.defend = q->defend;
    in.defense_adv = q->defense_adv;
    in.attack_adv = q->attack_adv;
    in.auto_hit = q->auto_hit;
    return in;
}

/* The "mc" object of a melee or ranged check: counts of mc simulated
 * attacks, and the largest gap to the exact damage distribution when
 * maxdiff >= 0. */
static json_t *mc_attack_json(long mc, unsigned long long seed, long hit, long crit, long arm,
                              double sum, double maxdiff, double p_hit)
{
    double n = (double)mc;
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "n", json_integer(mc));
    json_object_set_new_nocheck(o, "seed", json_integer((json_int_t)seed));
    json_object_set_new_nocheck(o, "p_hit", json_real((double)hit / n));
    json_object_set_new_nocheck(o, "p_crit", json_real((double)crit / n));
    json_object_set_new_nocheck(o, "p_armor", json_real((double)arm / n));
    json_object_set_new_nocheck(o, "mean_damage", json_real(sum / n));
    if (maxdiff >= 0.0)
        json_object_set_new_nocheck(o, "max_abs_diff_damage", json_real(maxdiff));
    /* one standard error of p_hit, for reading the agreement */
    json_object_set_new_nocheck(o, "se_p_hit", json_real(sqrt(p_hit * (1.0 - p_hit) / n)));
    return o;
}

static json_t *mc_melee(const en_args *g, const en_melee_odds *r)
{
    fray_dice d;
    fray_dice_init(&d, g->seed, 0);
    d.keep_log = 0;
    en_melee_in in = en_odds_melee_in(&g->m);
    long hit = 0, crit = 0, arm = 0;
    double sum = 0.0;
    long *hist = calloc((size_t)r->damage.n + 1, sizeof *hist);
    if (!hist)
        return NULL;
    for (long i = 0; i < g->mc; i++) {
        en_attack_out o;
        en_melee_resolve(&in, &d, &o);
        o.damage = en_damage_multiply(o.damage, g->m.weak, g->m.resist, 0, g->m.halves);
        hit += o.hit;
        crit += o.hit && (o.flags & EN_OUT_CRIT);
        arm += o.hit && o.armour && g->m.ar > 0;
        sum += o.damage;
        hist[o.damage < r->damage.n ? o.damage : r->damage.n]++;
    }
    double n = (double)g->mc;
    double maxdiff = 0.0;
    for (int v = 0; v <= r->damage.n; v++) {
        double exact = v < r->damage.n ? r->damage.p[v] : 0.0;
        double diff = fabs((double)hist[v] / n - exact);
        if (diff > maxdiff)
            maxdiff = diff;
    }
    free(hist);
    return mc_attack_json(g->mc, g->seed, hit, crit, arm, sum, maxdiff, r->p_hit);
}

/* ---- JSON ------------------------------------------------------------------------ */

/* The decimal digits of v into key (at least 12 bytes); snprintf costs a
 * quarter of a `melee` query. */
static const char *int_key(char *key, int v)
{
    char tmp[12];
    int n = 0, neg = v < 0;
    unsigned u = neg ? 0u - (unsigned)v : (unsigned)v;
    do {
        tmp[n++] = (char)('0' + u % 10u);
        u /= 10u;
    } while (u);
    int k = 0;
    if (neg)
        key[k++] = '-';
    while (n)
        key[k++] = tmp[--n];
    key[k] = 0;
    return key;
}

json_t *en_odds_dist_json(const double *p, int lo, int n)
{
    json_t *o = json_object();
    char key[16];
    for (int i = 0; i < n; i++) {
        if (p[i] == 0.0)
            continue;
        json_object_set_new_nocheck(o, int_key(key, lo + i), json_real(p[i]));
    }
    return o;
}

json_t *en_odds_params_json(const en_args *g)
{
    json_t *p = json_object();
    if (g->attacker) {
        json_object_set_new_nocheck(p, "attacker", json_string(g->attacker));
        json_object_set_new_nocheck(p, "defender", json_string(g->defender));
    }
    json_object_set_new_nocheck(p, "av", json_integer(g->m.av));
    json_object_set_new_nocheck(p, "evasion", json_integer(g->m.evasion));
    json_object_set_new_nocheck(p, "coverage", json_integer(g->m.coverage));
    json_object_set_new_nocheck(p, "ar", json_integer(g->m.ar));
    char buf[96];
    fray_dexpr_format(&g->m.damage, buf, sizeof buf);
    json_object_set_new_nocheck(p, "damage", json_string(buf));
    if (g->m.weak || g->m.resist || g->m.halves) {
        json_object_set_new_nocheck(p, "weakness", json_boolean(g->m.weak));
        json_object_set_new_nocheck(p, "resistance", json_boolean(g->m.resist));
        json_object_set_new_nocheck(p, "halved", json_boolean(g->m.halves));
    }
    json_object_set_new_nocheck(p, "precise", json_integer(g->m.precise));
    json_object_set_new_nocheck(p, "defend", json_boolean(g->m.defend));
    json_object_set_new_nocheck(p, "defense", json_string(g->m.defense_adv > 0   ? "advantage"
                                                  : g->m.defense_adv < 0 ? "disadvantage"
                                                                         : "normal"));
    return p;
}

void en_odds_melee_json(json_t *o, const en_melee_odds *r)
{
    json_object_set_new_nocheck(o, "p_hit", json_real(r->p_hit));
    json_object_set_new_nocheck(o, "p_crit", json_real(r->p_crit));
    json_object_set_new_nocheck(o, "p_armor", json_real(r->p_armor));
    json_object_set_new_nocheck(o, "p_fumble", json_real(r->p_fail));
    json_object_set_new_nocheck(o, "damage", en_odds_dist_json(r->damage.p, 0, r->damage.n));
    json_object_set_new_nocheck(o, "mean_damage", json_real(r->mean_damage));
}

json_t *en_odds_truncation_json(const en_melee_odds *r)
{
    json_t *t = json_object();
    char buf[200];
    json_object_set_new_nocheck(t, "evasion", json_string_nocheck("closed form, no truncation"));
    json_object_set_new_nocheck(t, "tail", json_real(r->tail));
    if (r->tail > 0.0) {
        snprintf(buf, sizeof buf,
                 "Evasion roll 1d10* in closed form (exact); exploding damage dice expanded "
                 "until less than 1e-16 was left: %.3g left out",
                 r->tail);
        json_object_set_new_nocheck(t, "statement", json_string(buf));
    } else {
        json_object_set_new_nocheck(t, "statement",
                            json_string_nocheck("Evasion roll 1d10* in closed form: P(1d10* > 10J + r) "
                                        "= m^J (1 - F(r)), m the chance a roll explodes; "
                                        "nothing truncated"));
    }
    return t;
}

static int odds_melee(const en_args *g, json_t **out, char *err, size_t errlen)
{
    en_melee_odds r;
    if (en_melee_odds_compute(&g->m, &r) < 0) {
        snprintf(err, errlen, "the damage distribution is too large to compute exactly");
        return -1;
    }
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "ruleset", json_string_nocheck("energy"));
    json_object_set_new_nocheck(o, "check", json_string_nocheck("melee"));
    json_object_set_new_nocheck(o, "params", en_odds_params_json(g));
    en_odds_melee_json(o, &r);
    json_object_set_new_nocheck(o, "truncation", en_odds_truncation_json(&r));
    if (g->mc > 0) {
        json_t *mc = mc_melee(g, &r);
        if (mc)
            json_object_set_new_nocheck(o, "mc", mc);
    }
    en_melee_odds_free(&r);
    *out = o;
    return 0;
}

/* ---- One ranged attack ----------------------------------------------------------- */

int en_ranged_odds_compute(const en_ranged_q *q, en_melee_odds *r)
{
    fray_dist dmg;
    memset(r, 0, sizeof *r);
    if (fray_dist_expr(&dmg, &q->damage, 0) < 0)
        return -1;
    /* hit[armour][halved]: the chance of a hit through (or into) armour,
     * with the thrown weapon's halving or without */
    double hit[2][2] = {{0, 0}, {0, 0}}, crit = 0.0, miss = 0.0;
    for (int n = 1; n <= 20; n++) {
        double pn = d20_face(n, q->hit_adv);
        /* #Throwing Weapons: "Weapons without the Thrown property deal half
         * damage when thrown unless the Hit Roll is a natural 20" */
        int half = q->thrown_halves && n != 20;
        /* #Hit Roll: "20 Critical Hit (You hit the target, ignore their
         * armor ...)", "1 Critical Failure (counts as a miss)" */
        int f = en_d20_flags(n, q->precise);
        if (f & EN_OUT_MISS) {
            r->p_fail += pn;
            miss += pn;
            continue;
        }
        if (f & EN_OUT_CRIT) {
            crit += pn;
            hit[0][half] += pn;
            continue;
        }
        /* #Ranged Attacks: "Miss Chance = Miss Chance Modifier + Target's
         * Ranged Evasion roll + Situational Modifiers", and the Hit roll
         * "must [be] greater than or equal to the Miss Chance to hit"; a
         * Defending target wins the tie (#Actions, Defend) when it rolls. */
        long base = (long)q->mcm + q->situational;
        double ph;
        if (!q->evade) {
            ph = n >= base ? 1.0 : 0.0;
        } else {
            /* #Ranged Evasion Roll: "1d4* + Halved Dexterity Modifier +
             * Shield bonus": hits when 1d4* <= n - base - Ranged Evasion
             * (minus 1 against Defend) */
            long need = (long)n - base - q->ranged_evasion - (q->defend ? 1 : 0);
            ph = 1.0 - die_exceeds(need, 4, q->defense_adv);
        }
        /* #Hit Roll: the formula's "- AR if Hit Roll is less than AC"
         * (option 0) or the sentence "If your Hit roll is greater than or
         * equal to the target's Ranged AC, then you hit their armor" (1) */
        int armour = q->armour_rule ? q->coverage > 0 && n >= q->coverage : n < q->coverage;
        hit[armour][half] += pn * ph;
        miss += pn * (1.0 - ph);
    }
    double arm = hit[1][0] + hit[1][1];
    r->p_crit = crit;
    r->p_hit = hit[0][0] + hit[0][1] + arm;
    r->p_armor = q->ar > 0 ? arm : 0.0;
    r->p_evade = miss - r->p_fail;
    int mult = q->weak || q->resist || q->halves || q->thrown_halves;
    if (damage_room(&dmg, mult, q->weak, q->resist, q->halves, r) < 0)
        return -1;
    r->damage.p[0] = miss;
    for (int i = 0; i < dmg.n; i++) {
        int v = dmg.lo + i;
        for (int armour = 0; armour < 2; armour++)
            for (int half = 0; half < 2; half++) {
                int d = armour ? v - q->ar : v;
                if (d < 0)
                    d = 0;
                if (mult) /* #Weaknesses and Resistances: after armour */
                    d = en_damage_multiply(d, q->weak, q->resist, 0, q->halves + half);
                r->damage.p[d] += hit[armour][half] * dmg.p[i];
            }
    }
    for (int v = 1; v < r->damage.n; v++)
        r->mean_damage += v * r->damage.p[v];
    r->tail = dmg.tail;
    r->damage.tail = dmg.tail;
    fray_dist_free(&dmg);
    return 0;
}

typedef struct en_rargs {
    en_ranged_q q;
    char damage_text[64];
    int have_mcm;
    long mc;
    unsigned long long seed;
} en_rargs;

static const char *const armor_rule_words[] = {"formula", "sentence", NULL};
static const fray_arg ranged_args[] = {
    {.name = "--mcm", .kind = FRAY_ARG_INT, .at = offsetof(en_rargs, q.mcm),
      .min = -100000, .max = 100000, .seen = FRAY_SEEN(en_rargs, have_mcm)},
    {.name = "--ranged-evasion", .kind = FRAY_ARG_INT, .at = offsetof(en_rargs, q.ranged_evasion),
      .min = -100000, .max = 100000},
    {.name = "--unaware", .kind = FRAY_ARG_FLAG, .at = offsetof(en_rargs, q.evade),
      .min = 0, .max = 0},
    {.name = "--situational", .kind = FRAY_ARG_INT, .at = offsetof(en_rargs, q.situational),
      .min = -100000, .max = 100000},
    {.name = "--coverage", .kind = FRAY_ARG_INT, .at = offsetof(en_rargs, q.coverage),
      .min = 0, .max = 21},
    {.name = "--ar", .kind = FRAY_ARG_INT, .at = offsetof(en_rargs, q.ar), .min = 0, .max = 100000},
    {.name = "--damage", .kind = FRAY_ARG_TEXT, .at = offsetof(en_rargs, damage_text),
      .min = 0, .max = 64},
    {.name = "--precise", .kind = FRAY_ARG_INT, .at = offsetof(en_rargs, q.precise),
      .min = 0, .max = 19},
    {.name = "--defend", .kind = FRAY_ARG_FLAG, .at = offsetof(en_rargs, q.defend),
      .min = 1, .max = 1},
    {.name = "--defense", .kind = FRAY_ARG_ENUM, .at = offsetof(en_rargs, q.defense_adv),
      .words = adv_words, .values = adv_values},
    {.name = "--hit", .kind = FRAY_ARG_ENUM, .at = offsetof(en_rargs, q.hit_adv),
      .words = adv_words, .values = adv_values},
    {.name = "--armor-rule", .kind = FRAY_ARG_ENUM, .at = offsetof(en_rargs, q.armour_rule),
      .words = armor_rule_words},
    {.name = "--mc", .kind = FRAY_ARG_LONG, .at = offsetof(en_rargs, mc), .min = 0, .max = MC_MAX},
    {.name = "--seed", .kind = FRAY_ARG_U64, .at = offsetof(en_rargs, seed)},
    {.name = NULL}};

static int parse_ranged(int argc, char **argv, en_rargs *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->q.evade = 1;
    g->seed = 1;
    snprintf(g->damage_text, sizeof g->damage_text, "1");
    const fray_ruleset *rs = fray_ruleset_find("energy");
    if (rs && rs->options && rs->noptions == EN_NOPTS)
        g->q.armour_rule = rs->options[EN_O_RANGED_ARMOUR].def;
    const fray_arg *const tables[] = {ranged_args, NULL};
    if (fray_args_parse(argc, argv, tables, g, err, errlen) < 0)
        return -1;
    if (!g->have_mcm)
        return fail(err, errlen, "check '%s' needs --mcm N (the Miss Chance Modifier)%s", argv[0],
                    "");
    char perr[128];
    if (fray_dexpr_parse(g->damage_text, &g->q.damage, perr, sizeof perr) < 0) {
        snprintf(err, errlen, "--damage '%s': %s", g->damage_text, perr);
        return -1;
    }
    return 0;
}

static json_t *mc_ranged(const en_rargs *g, const en_melee_odds *r)
{
    fray_dice d;
    fray_dice_init(&d, g->seed, 0);
    d.keep_log = 0;
    en_ranged_in in;
    memset(&in, 0, sizeof in);
    in.mcm = g->q.mcm;
    in.ranged_evasion = g->q.ranged_evasion;
    in.evade = g->q.evade;
    in.situational = g->q.situational;
    in.hit_adv = g->q.hit_adv;
    in.defense_adv = g->q.defense_adv;
    in.defend = g->q.defend;
    in.coverage = g->q.coverage;
    in.ar = g->q.ar;
    in.armour_rule = g->q.armour_rule;
    in.damage = &g->q.damage;
    in.precise = g->q.precise;
    long hit = 0, crit = 0, arm = 0;
    double sum = 0.0;
    for (long i = 0; i < g->mc; i++) {
        en_attack_out o;
        en_ranged_resolve(&in, &d, &o);
        hit += o.hit;
        crit += o.hit && (o.flags & EN_OUT_CRIT);
        arm += o.hit && o.armour && g->q.ar > 0;
        sum += o.damage;
    }
    return mc_attack_json(g->mc, g->seed, hit, crit, arm, sum, -1.0, r->p_hit);
}

static const char *adv_name(int adv)
{
    return adv > 0 ? "advantage" : adv < 0 ? "disadvantage" : "normal";
}

static int ranged_out(const en_rargs *gp, json_t **out, char *err, size_t errlen)
{
    const en_rargs g = *gp;
    en_melee_odds r;
    if (en_ranged_odds_compute(&g.q, &r) < 0) {
        snprintf(err, errlen, "the damage distribution is too large to compute exactly");
        return -1;
    }
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "ruleset", json_string_nocheck("energy"));
    json_object_set_new_nocheck(o, "check", json_string_nocheck("ranged"));
    json_t *p = json_object();
    json_object_set_new_nocheck(p, "mcm", json_integer(g.q.mcm));
    json_object_set_new_nocheck(p, "ranged_evasion", json_integer(g.q.ranged_evasion));
    json_object_set_new_nocheck(p, "evade", json_boolean(g.q.evade));
    json_object_set_new_nocheck(p, "situational", json_integer(g.q.situational));
    json_object_set_new_nocheck(p, "coverage", json_integer(g.q.coverage));
    json_object_set_new_nocheck(p, "ar", json_integer(g.q.ar));
    char buf[96];
    fray_dexpr_format(&g.q.damage, buf, sizeof buf);
    json_object_set_new_nocheck(p, "damage", json_string(buf));
    json_object_set_new_nocheck(p, "precise", json_integer(g.q.precise));
    json_object_set_new_nocheck(p, "defend", json_boolean(g.q.defend));
    json_object_set_new_nocheck(p, "defense", json_string(adv_name(g.q.defense_adv)));
    json_object_set_new_nocheck(p, "hit", json_string(adv_name(g.q.hit_adv)));
    json_object_set_new_nocheck(p, "armor_rule", json_string(g.q.armour_rule ? "sentence" : "formula"));
    json_object_set_new_nocheck(o, "params", p);
    en_odds_melee_json(o, &r);
    json_t *t = json_object();
    json_object_set_new_nocheck(t, "ranged_evasion", json_string_nocheck("closed form, no truncation"));
    json_object_set_new_nocheck(t, "tail", json_real(r.tail));
    json_object_set_new_nocheck(o, "truncation", t);
    if (g.mc > 0)
        json_object_set_new_nocheck(o, "mc", mc_ranged(&g, &r));
    en_melee_odds_free(&r);
    *out = o;
    return 0;
}

static int odds_ranged(int argc, char **argv, json_t **out, char *err, size_t errlen)
{
    en_rargs g;
    if (parse_ranged(argc, argv, &g, err, errlen) < 0)
        return -1;
    return ranged_out(&g, out, err, errlen);
}

int en_melee_odds_json(const en_melee_q *q, const char *attacker, const char *defender,
                       json_t **out, char *err, size_t errlen)
{
    en_args g;
    memset(&g, 0, sizeof g);
    g.m = *q;
    g.attacker = attacker;
    g.defender = defender;
    return odds_melee(&g, out, err, errlen);
}

int en_ranged_odds_json(const en_ranged_q *q, json_t **out, char *err, size_t errlen)
{
    en_rargs g;
    memset(&g, 0, sizeof g);
    g.q = *q;
    return ranged_out(&g, out, err, errlen);
}

int en_odds(int argc, char **argv, json_t **out, char *err, size_t errlen)
{
    en_args g;
    *out = NULL;
    if (argc < 1 || !argv[0]) {
        snprintf(err, errlen, "no check given: energy has 'melee', 'ranged' and 'defeat'");
        return -1;
    }
    if (!strcmp(argv[0], "ranged"))
        return odds_ranged(argc, argv, out, err, errlen);
    int defeat = !strcmp(argv[0], "defeat");
    if (!defeat && strcmp(argv[0], "melee") != 0) {
        snprintf(err, errlen, "unknown check '%s': energy has 'melee', 'ranged' and 'defeat'",
                 argv[0]);
        return -1;
    }
    if (parse_args(argc, argv, defeat, &g, err, errlen) < 0)
        return -1;
    return defeat ? en_odds_defeat(&g, out, err, errlen) : odds_melee(&g, out, err, errlen);
}
