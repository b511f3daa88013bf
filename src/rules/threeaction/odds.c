/* odds.c: exact odds of `threeaction` (`fray odds threeaction ...`): one
 * Attack (#Attack, #Melee Attack: hit, critical success, the damage
 * distribution with double damage on a critical, and what the hit does to
 * the target's hit points and its next roll on the Bleed Table), and the
 * attacks until the defender falls to 0 HP (`defeat`, on the core's walk).
 * The rules are the ruleset's own: its options' defaults, ta_bleed_lookup,
 * the sheet's numbers with --attacker/--defender. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threeaction.h"

const char ta_odds_help[] =
    "threeaction attack --bonus N --defense N [--damage EXPR] [--adv none|advantage|disadvantage]\n"
    "                   [--hp N] [--max-hp N] [--penalty N] [--crit-margin N] [--natural-crits 0|1]\n"
    "    One Attack (#Attack): d20 + --bonus (Level + STR or DEX or ESS) against\n"
    "    --defense; a critical success (a natural 20, or --crit-margin over the\n"
    "    defense; the options' defaults) deals double damage. p_hit, p_crit, damage\n"
    "    (P(hit and damage = v)), and for a target with --hp left (max --max-hp)\n"
    "    and Bleed Penalty --penalty: p_incapacitated, p_dead and its next roll on\n"
    "    the Bleed Table after the hit (#Bleeding, #Bleed Table).\n"
    "    --attacker NAME|FILE --defender NAME|FILE take the numbers from two sheets\n"
    "    (the attacker's first melee weapon, else its ranged one); parameters given\n"
    "    as well override them.\n"
    "threeaction defeat (the attack parameters)\n"
    "    Attacks until the defender is at 0 HP or less (#Incapacitated): attacks\n"
    "    (j -> P(out by attack j)), mean_attacks, tail.\n";

typedef struct ta_args {
    int bonus, defense, adv, hp, max_hp, penalty, margin, natural;
    int have_bonus, have_defense, have_hp, have_max;
    char damage[48];
    const char *attacker, *defender;
} ta_args;

static const char *const adv_words[] = {"none", "advantage", "disadvantage", NULL};
static const int adv_values[] = {0, 1, -1};

#define INT_ARG(n, f, lo, hi) .name = n, .kind = FRAY_ARG_INT, .at = offsetof(ta_args, f), .min = lo, .max = hi
static const fray_arg args[] = {
    {INT_ARG("--bonus", bonus, -100, 100), .seen = FRAY_SEEN(ta_args, have_bonus)},
    {INT_ARG("--defense", defense, -100, 200), .seen = FRAY_SEEN(ta_args, have_defense)},
    {.name = "--damage", .kind = FRAY_ARG_TEXT, .at = offsetof(ta_args, damage), .max = 48},
    {.name = "--adv", .kind = FRAY_ARG_ENUM, .at = offsetof(ta_args, adv), .words = adv_words,
     .values = adv_values},
    {INT_ARG("--hp", hp, -10000, 10000), .seen = FRAY_SEEN(ta_args, have_hp)},
    {INT_ARG("--max-hp", max_hp, 1, 10000), .seen = FRAY_SEEN(ta_args, have_max)},
    {INT_ARG("--penalty", penalty, 0, 100)},
    {INT_ARG("--crit-margin", margin, 0, 100)},
    {INT_ARG("--natural-crits", natural, 0, 1)},
    {.name = "--attacker", .kind = FRAY_ARG_SKIP},
    {.name = "--defender", .kind = FRAY_ARG_SKIP},
    {.name = NULL}};

static int option_default(int index)
{
    const fray_ruleset *rs = fray_ruleset_find("threeaction");
    return rs->options[index].def;
}

/* The attacker's first melee weapon (else ranged), as resolve reads it. */
static int from_sheets(ta_args *g, ta_args *given, char *err, size_t errlen)
{
    fray_encounter *e = fray_encounter_pair("threeaction", g->attacker, g->defender, err, errlen);
    if (!e)
        return -1;
    const ta_creature *a = ta_ccr(e, 0), *d = ta_ccr(e, 1);
    int w = ta_melee_weapon(e, 0), melee = w >= 0;
    if (!melee)
        w = ta_ranged_weapon(e, 0);
    if (w < 0) {
        snprintf(err, errlen, "--attacker %s: no weapon to attack with", g->attacker);
        fray_encounter_free(e);
        return -1;
    }
    g->bonus = melee ? ta_melee_bonus(e, 0, w, NULL) : a->level + a->dex;
    g->defense = d->pdef;
    g->hp = d->hp_max;
    g->max_hp = d->hp_max;
    fray_dexpr_format(&a->w[w].damage, g->damage, sizeof g->damage);
    if (melee && a->str) {
        size_t l = strlen(g->damage);
        snprintf(g->damage + l, sizeof g->damage - l, "%+d", a->str);
    }
    fray_encounter_free(e);
    if (given->have_bonus) g->bonus = given->bonus;
    if (given->have_defense) g->defense = given->defense;
    if (given->have_hp) g->hp = given->hp;
    if (given->have_max) g->max_hp = given->max_hp;
    if (given->damage[0]) memcpy(g->damage, given->damage, sizeof g->damage);
    return 0;
}

static int parse(int argc, char **argv, ta_args *g, char *err, size_t errlen)
{
    ta_args given = {0};
    const fray_arg *const tables[] = {args, NULL};
    if (fray_args_parse(argc, argv, tables, &given, err, errlen) < 0 ||
        fray_args_pair(argc, argv, &given.attacker, &given.defender, err, errlen) < 0)
        return -1;
    *g = given;
    int seen_margin = 0, seen_nat = 0;
    for (int i = 1; i < argc; i++) {
        seen_margin |= !strcmp(argv[i], "--crit-margin");
        seen_nat |= !strcmp(argv[i], "--natural-crits");
    }
    if (!seen_margin) g->margin = option_default(TA_OPT_CRIT_MARGIN);
    if (!seen_nat) g->natural = option_default(TA_OPT_NATURAL_CRITS);
    if (g->attacker)
        return from_sheets(g, &given, err, errlen);
    if (!g->have_bonus || !g->have_defense) {
        snprintf(err, errlen, "%s: --bonus and --defense are required (or --attacker and --defender)",
                 argv[0]);
        return -1;
    }
    if (!g->damage[0])
        snprintf(g->damage, sizeof g->damage, "1d8");
    if (!g->have_hp) g->hp = 10;
    if (!g->have_max) g->max_hp = g->hp > 0 ? g->hp : 1;
    return 0;
}

typedef struct ta_attack_odds {
    double p_hit, p_crit;
    fray_dist dmg; /* P(hit and damage = v), v >= 0 */
} ta_attack_odds;

/* One roll, face by face, as attack_roll and ta_crit read it. */
static int attack_odds(const ta_args *g, ta_attack_odds *r, char *err, size_t errlen)
{
    fray_dexpr x;
    fray_dist die = {0}, base = {0};
    memset(r, 0, sizeof *r);
    if (fray_dexpr_parse(g->damage, &x, err, errlen) < 0)
        return -1;
    if (fray_dist_die(&die, 20, 0, g->adv) < 0 || fray_dist_expr(&base, &x, 0) < 0) {
        snprintf(err, errlen, "out of memory");
        fray_dist_free(&die);
        return -1;
    }
    for (int i = 0; i < die.n; i++) {
        int f = die.lo + i, total = f + g->bonus;
        int ok = total >= g->defense;
        if (g->natural && f == 20) ok = 1;
        if (g->natural && f == 1) ok = 0;
        int crit = ok && ((g->natural && f == 20) || (g->margin > 0 && total - g->defense >= g->margin));
        r->p_hit += ok ? die.p[i] : 0;
        r->p_crit += crit ? die.p[i] : 0;
    }
    /* damage: a hit's roll, doubled on a critical; below 0 deals 0 */
    int hi = base.lo + base.n - 1;
    int top = 2 * (hi > 0 ? hi : 0);
    r->dmg.lo = 0;
    r->dmg.n = top + 1;
    r->dmg.p = calloc((size_t)r->dmg.n, sizeof(double));
    if (!r->dmg.p) {
        fray_dist_free(&die);
        fray_dist_free(&base);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    double plain = r->p_hit - r->p_crit;
    for (int i = 0; i < base.n; i++) {
        int v = base.lo + i < 0 ? 0 : base.lo + i;
        r->dmg.p[v] += plain * base.p[i];
        r->dmg.p[2 * v] += r->p_crit * base.p[i];
    }
    fray_dist_free(&die);
    fray_dist_free(&base);
    return 0;
}

static json_t *params_json(const ta_args *g)
{
    json_t *p = json_pack("{s:i, s:i, s:s, s:i, s:i, s:i, s:i, s:i, s:i}", "bonus", g->bonus,
                          "defense", g->defense, "damage", g->damage, "adv", g->adv, "hp", g->hp,
                          "max_hp", g->max_hp, "penalty", g->penalty, "crit_margin", g->margin,
                          "natural_crits", g->natural);
    if (g->attacker) {
        json_object_set_new(p, "attacker", json_string(g->attacker));
        json_object_set_new(p, "defender", json_string(g->defender));
    }
    return p;
}

/* #Incapacitated at 0 HP or less, #Dead at -max HP; the next Bleed Table
 * roll is d20 - the penalty, which the hit raised by 1 (#Bleeding). */
static json_t *bleed_json(const ta_args *g, const ta_attack_odds *r)
{
    double incap = 0, dead = 0;
    for (int v = 1; v < r->dmg.n; v++) {
        int left = g->hp - v;
        if (left <= -g->max_hp)
            dead += r->dmg.p[v];
        else if (left <= 0 && g->hp > 0)
            incap += r->dmg.p[v];
    }
    double rows[5] = {0};
    for (int f = 1; f <= 20; f++)
        rows[ta_bleed_lookup(f - (g->penalty + 1))->effect] += 1.0 / 20;
    json_t *t = json_object();
    for (int k = 0; k < 5; k++)
        json_object_set_new(t, ta_bleed_table[k].name, json_real(rows[k]));
    return json_pack("{s:f, s:f, s:o}", "p_incapacitated", incap, "p_dead", dead,
                     "next_bleed_roll_after_a_hit", t);
}

typedef struct defeat_ud { const fray_dist *dmg; } defeat_ud;

/* State s: s HP left (1..hp). */
static void defeat_step(void *ud, int s, double m, double *next, double *out)
{
    const fray_dist *d = ((const defeat_ud *)ud)->dmg;
    double hitmass = 0;
    for (int v = 1; v < d->n; v++) {
        hitmass += d->p[v];
        if (v >= s)
            *out += m * d->p[v];
        else
            next[s - v] += m * d->p[v];
    }
    next[s] += m * (1 - hitmass);
}

static int defeat_json(const ta_args *g, const ta_attack_odds *r, json_t *o, char *err, size_t errlen)
{
    defeat_ud ud = {&r->dmg};
    if (g->hp <= 0) {
        snprintf(err, errlen, "defeat: --hp must be above 0");
        return -1;
    }
    fray_defeat_chain ch = {.nstates = g->hp + 1, .start = g->hp, .horizon = 100000,
                            .cut = 1e-15, .ud = &ud, .attack = defeat_step};
    fray_defeat d;
    if (fray_defeat_run(&ch, &d) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    double mean = 0, mass = 0;
    for (int j = 1; j <= d.n_att; j++) {
        mean += j * d.p_att[j];
        mass += d.p_att[j];
    }
    json_object_set_new(o, "attacks", fray_odds_dist_json(d.p_att + 1, 1, d.n_att));
    json_object_set_new(o, "mean_attacks", mass > 0 ? json_real(mean / mass) : json_null());
    json_object_set_new(o, "tail", json_real(d.tail));
    fray_defeat_free(&d);
    return 0;
}

static int odds_json(const ta_args *g, int defeat, json_t **out, char *err, size_t errlen)
{
    ta_attack_odds r;
    if (attack_odds(g, &r, err, errlen) < 0)
        return -1;
    json_t *o = json_object();
    json_object_set_new(o, "ruleset", json_string("threeaction"));
    json_object_set_new(o, "check", json_string(defeat ? "defeat" : "attack"));
    json_object_set_new(o, "params", params_json(g));
    json_object_set_new(o, "p_hit", json_real(r.p_hit));
    json_object_set_new(o, "p_crit", json_real(r.p_crit));
    json_object_set_new(o, "mean_damage", json_real(fray_dist_mean(&r.dmg)));
    json_object_set_new(o, "damage", fray_odds_dist_json(r.dmg.p, 0, r.dmg.n));
    json_object_set_new(o, "bleed", bleed_json(g, &r));
    int rc = defeat ? defeat_json(g, &r, o, err, errlen) : 0;
    fray_dist_free(&r.dmg);
    if (rc < 0) {
        json_decref(o);
        return -1;
    }
    *out = o;
    return 0;
}

int ta_odds(int argc, char **argv, json_t **out, char *err, size_t errlen)
{
    ta_args g;
    int defeat = argc > 0 && !strcmp(argv[0], "defeat");
    if (argc < 1 || (!defeat && strcmp(argv[0], "attack"))) {
        snprintf(err, errlen, "threeaction: unknown check '%s' (attack, defeat)", argc ? argv[0] : "");
        return -1;
    }
    if (parse(argc, argv, &g, err, errlen) < 0)
        return -1;
    return odds_json(&g, defeat, out, err, errlen);
}

/* fray play's `odds ACTION`: a melee or ranged attack as resolve reads it. */
int ta_action_odds(fray_encounter *e, const fray_action *a, json_t **out, char *err, size_t errlen)
{
    if (a->kind != TA_A_MELEE && a->kind != TA_A_RANGED && a->kind != TA_A_READIED) {
        snprintf(err, errlen, "no odds for %s", e->rs->actions[a->kind].name);
        return -1;
    }
    int who = a->actor, t = a->target, n = 0;
    int melee = a->kind == TA_A_MELEE || (a->kind == TA_A_READIED && !a->x);
    const ta_creature *c = ta_ccr(e, who), *ct = ta_ccr(e, t);
    ta_args g = {0};
    int mark = fray_mods_mark(e);
    ta_attack_adv(e, who, t, melee ? 0 : 1, &n);
    if (fray_has(e, t, TA_C_DODGING))
        n--;
    fray_mods_drop(e, mark);
    g.adv = ta_settle_adv(e, n);
    g.bonus = melee ? ta_melee_bonus(e, who, a->arg, NULL)
                    : c->level + c->dex - ta_range_penalty(e, ta_dist(e, who, t), c->w[a->arg].increment);
    g.defense = ct->pdef;
    g.hp = e->c[t].res[TA_R_HP];
    g.max_hp = ct->hp_max;
    g.penalty = e->c[t].res[TA_R_BLEED];
    g.margin = fray_opt(e, TA_OPT_CRIT_MARGIN);
    g.natural = fray_opt(e, TA_OPT_NATURAL_CRITS);
    fray_dexpr_format(&c->w[a->arg].damage, g.damage, sizeof g.damage);
    if (melee && c->str) {
        size_t l = strlen(g.damage);
        snprintf(g.damage + l, sizeof g.damage - l, "%+d", c->str);
    }
    return odds_json(&g, 0, out, err, errlen);
}
