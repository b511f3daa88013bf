/* odds.c: `fray odds contest strike ...`: the exact Combat Roll
 * (#Step III: Determine Results) of one attack against each defence, as
 * the policy reads it (exact.c, in integers), shown as probabilities: each
 * outcome's, and the damage's after Armor Rating, Block Rating, resistance
 * and vulnerability (#Damage & Health). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "contest.h"
#include "odds.h"

/* A chance in fixed point as a probability, rounded to 1e-9 (the fixed
 * point is good to about 1e-9). */
static double shown(double p)
{
    return floor(p * 1e9 + 0.5) / 1e9;
}

static void spread(const ct_plan *p, int blocked, int other_block, double mass,
                   ct_odds_shown *o)
{
    if (mass <= 0)
        return;
    int64_t count[CT_MAX_RAW], ways = ct_raw_counts(p, count);
    for (int v = 0; v < CT_MAX_RAW; v++) {
        if (!count[v])
            continue;
        int d = ct_damage_after(v + p->bonus, p->type, p->ar, p->br, blocked, p->resist,
                                p->vuln, other_block);
        o->dmg[d < 127 ? d : 127] += mass * (double)count[v] / (double)ways;
    }
}

void ct_odds_of(int model, int base, int thr, int other_block, const ct_plan *p, int def,
                ct_odds_shown *o)
{
    ct_masses m;
    memset(o, 0, sizeof *o);
    ct_masses_of(model, base, thr, p, def, &m);
    const double one = (double)CT_P_ONE * (double)CT_P_ONE;
    o->both_fail = (double)m.both_fail / one, o->att_crit = (double)m.att_crit / one;
    o->def_crit = (double)m.def_crit / one, o->block = (double)m.block / one;
    o->hit = (double)m.hit / one, o->miss = (double)m.miss / one;
    o->dmg[0] += o->both_fail + o->def_crit + o->miss;
    spread(p, 0, other_block, o->att_crit + o->hit, o);
    spread(p, 1, other_block, o->block, o);
}

double ct_expected_damage(const ct_odds_shown *o)
{
    double m = 0;
    for (int v = 1; v < 128; v++)
        m += v * o->dmg[v];
    return m;
}

/* ---- fray odds contest strike ---- */

const char ct_odds_help[] =
    "contest strike --attack N [--block N] [--dodge N] [--parry N] [--withstand N]\n"
    "              [--attack-boon N] [--defence-boon N] [--damage NdS+K] [--type TYPE]\n"
    "              [--ar N] [--br N] [--resist N] [--vuln N] [--spell] [--ranged] [--mind]\n"
    "              [--model d20|pool] [--base N] [--threshold N] [--other-block 0|1]\n"
    "    One Combat Roll (#Step III: Determine Results) against each defence given\n"
    "    (and None): the rating of each test (attribute + skill or Fighting Style +\n"
    "    modifiers), boons minus banes, and the test model (test_model: d20 roll-under\n"
    "    against --base + rating, Successes = margin + 1; or a pool of rating d6,\n"
    "    Successes on --threshold or more). For each defence: p_both_fail,\n"
    "    p_attacker_critical, p_defender_critical, p_block, p_hit, p_miss, and damage\n"
    "    (P(damage = v) after Armor Rating, Block Rating on a block (half against\n"
    "    magic), resistance and vulnerability; misses count as 0), mean_damage.\n"
    "    --attacker NAME|FILE --defender NAME|FILE read every number from two sheets\n"
    "    (bundled in data/contest/ or a file) at 1 m: the attacker's first weapon.\n";

typedef struct odds_args {
    int attack, boon, dboon, rating[CT_NDEF], seen[CT_NDEF], have_attack;
    char damage[32], type[16], model[8];
    int ar, br, resist, vuln, spell, ranged, mind, base, thr, other_block;
} odds_args;

#define INT_ARG(n, f) .name = n, .kind = FRAY_ARG_INT, .at = offsetof(odds_args, f), \
                      .min = -1000, .max = 1000
#define FLAG_ARG(n, f) .name = n, .kind = FRAY_ARG_FLAG, .at = offsetof(odds_args, f), .min = 1
static const fray_arg strike_args[] = {
    {INT_ARG("--attack", attack), .seen = FRAY_SEEN(odds_args, have_attack)},
    {INT_ARG("--block", rating[CT_D_BLOCK]), .seen = FRAY_SEEN(odds_args, seen[CT_D_BLOCK])},
    {INT_ARG("--dodge", rating[CT_D_DODGE]), .seen = FRAY_SEEN(odds_args, seen[CT_D_DODGE])},
    {INT_ARG("--parry", rating[CT_D_PARRY]), .seen = FRAY_SEEN(odds_args, seen[CT_D_PARRY])},
    {INT_ARG("--withstand", rating[CT_D_WITHSTAND]),
     .seen = FRAY_SEEN(odds_args, seen[CT_D_WITHSTAND])},
    {INT_ARG("--attack-boon", boon)}, {INT_ARG("--defence-boon", dboon)},
    {INT_ARG("--ar", ar)}, {INT_ARG("--br", br)}, {INT_ARG("--resist", resist)},
    {INT_ARG("--vuln", vuln)}, {INT_ARG("--base", base)}, {INT_ARG("--threshold", thr)},
    {INT_ARG("--other-block", other_block)},
    {.name = "--damage", .kind = FRAY_ARG_TEXT, .at = offsetof(odds_args, damage), .max = 32},
    {.name = "--type", .kind = FRAY_ARG_TEXT, .at = offsetof(odds_args, type), .max = 16},
    {.name = "--model", .kind = FRAY_ARG_TEXT, .at = offsetof(odds_args, model), .max = 8},
    {FLAG_ARG("--spell", spell)}, {FLAG_ARG("--ranged", ranged)}, {FLAG_ARG("--mind", mind)},
    {.name = "--attacker", .kind = FRAY_ARG_SKIP}, {.name = "--defender", .kind = FRAY_ARG_SKIP},
    {.name = NULL}};

static int fail(char *err, size_t len, const char *msg, const char *what)
{
    snprintf(err, len, msg, what);
    return -1;
}

/* The plan from numbers. */
static int plan_from_args(const odds_args *g, ct_plan *p, char *err, size_t len)
{
    memset(p, 0, sizeof *p);
    if (!g->have_attack)
        return fail(err, len, "contest strike: %s is required (or --attacker and --defender)",
                    "--attack");
    fray_dexpr x;
    char why[128];
    if (fray_dexpr_parse(g->damage, &x, why, sizeof why) < 0 || x.n < 1 || x.n > 2 ||
        x.t[0].count < 1 || x.t[0].count > 4 || x.t[0].sides > 20 || x.t[0].explode ||
        x.t[0].keep || x.t[0].count_ge || (x.n == 2 && x.t[1].count))
        return fail(err, len, "--damage: expected NdS or NdS+K (N 1-4, S up to 20), got '%s'",
                    g->damage);
    p->dice = x.t[0].count, p->sides = x.t[0].sides;
    p->bonus = x.n == 2 ? x.t[1].sign * x.t[1].value : 0;
    p->type = -1;
    for (int i = 0; i < CT_NDTYPE; i++)
        if (!strcmp(g->type, ct_dtype_name[i]))
            p->type = i;
    if (p->type < 0)
        return fail(err, len, "--type: '%s' is not a damage type (crushing, piercing, slashing, "
                              "fire, frost, shock, acid, force, necrotic, radiant, poison, "
                              "psychic)", g->type);
    p->att = (ct_test){g->attack, g->boon, 0};
    p->allowed = 1u << CT_D_NONE;
    for (int d = CT_D_BLOCK; d < CT_NDEF; d++) {
        p->def[d] = (ct_test){g->rating[d], g->dboon, 0};
        if (g->seen[d])
            p->allowed |= 1u << d;
    }
    p->spell = g->spell, p->ranged = g->ranged, p->mind = g->mind;
    if (p->spell || p->ranged)
        p->allowed &= ~(1u << CT_D_PARRY);
    if (!p->mind)
        p->allowed &= ~(1u << CT_D_WITHSTAND);
    p->ar = g->ar, p->br = g->br, p->resist = g->resist, p->vuln = g->vuln;
    return 0;
}

static json_t *defence_json(const ct_odds_shown *o)
{
    json_t *dm = json_object();
    for (int v = 0; v < 128; v++)
        if (shown(o->dmg[v]) > 0) {
            char k[12];
            snprintf(k, sizeof k, "%d", v);
            json_object_set_new(dm, k, json_real(shown(o->dmg[v])));
        }
    return json_pack("{s:f,s:f,s:f,s:f,s:f,s:f,s:o,s:f}", "p_both_fail", shown(o->both_fail),
                     "p_attacker_critical", shown(o->att_crit), "p_defender_critical",
                     shown(o->def_crit), "p_block", shown(o->block), "p_hit", shown(o->hit),
                     "p_miss", shown(o->miss), "damage", dm, "mean_damage",
                     shown(ct_expected_damage(o)));
}

static int plan_from_sheets(const char *a, const char *d, ct_plan *p, int opt[CT_NOPT],
                            char *err, size_t len)
{
    fray_encounter *e = fray_encounter_pair("contest", a, d, err, len);
    if (!e)
        return -1;
    const ct_creature *c = ct_cc(e, 0);
    int w = 0;
    while (w < c->nweapon - 1 && !ct_weapon_reaches(e, 0, w, 1) && !c->weapon[w].range)
        w++;
    /* a defender at the start of a round: its AP there to defend with */
    e->c[1].res[CT_R_AP] = fray_opt(e, CT_OPT_AP_ROUND);
    ct_plan_of(e, 0, 1, w, -1, 0, p);
    for (int i = 0; i < CT_NOPT; i++)
        opt[i] = e->opt[i];
    fray_encounter_free(e);
    return 0;
}

int ct_odds(int argc, char **argv, json_t **out, char *err, size_t errlen)
{
    if (argc < 1 || strcmp(argv[0], "strike"))
        return fail(err, errlen, "contest: unknown check '%s' (expected strike)",
                    argc ? argv[0] : "");
    odds_args g = {.base = 8, .thr = 5, .other_block = 1};
    snprintf(g.damage, sizeof g.damage, "1d6");
    snprintf(g.type, sizeof g.type, "slashing");
    snprintf(g.model, sizeof g.model, "d20");
    const fray_arg *const tables[] = {strike_args, NULL};
    const char *att = NULL, *def = NULL;
    if (fray_args_parse(argc, argv, tables, &g, err, errlen) < 0 ||
        fray_args_pair(argc, argv, &att, &def, err, errlen) < 0)
        return -1;
    int model = !strcmp(g.model, "pool") ? CT_MODEL_POOL : CT_MODEL_D20;
    if (strcmp(g.model, "pool") && strcmp(g.model, "d20"))
        return fail(err, errlen, "--model: '%s' is not d20 or pool", g.model);
    ct_plan p;
    int opt[CT_NOPT] = {0};
    if (att ? plan_from_sheets(att, def, &p, opt, err, errlen) < 0
            : plan_from_args(&g, &p, err, errlen) < 0)
        return -1;
    json_t *defs = json_object();
    for (int d = 0; d < CT_NDEF; d++) {
        if (!(p.allowed >> d & 1u))
            continue;
        ct_odds_shown o;
        ct_odds_of(model, g.base, g.thr, g.other_block, &p, d, &o);
        json_object_set_new(defs, ct_def_name[d], defence_json(&o));
    }
    *out = json_pack("{s:s,s:s,s:s,s:i,s:i,s:i,s:o}", "ruleset", "contest", "check", "strike",
                     "model", model == CT_MODEL_POOL ? "pool" : "d20", "attack", p.att.rating,
                     "attack_boon", p.att.boon, "ar", p.ar, "defences", defs);
    return 0;
}
