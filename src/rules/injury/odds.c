/* odds.c: exact odds of the `injury` ruleset: one attack roll against a
 * Defence Value (hit, critical, degrees of success and so the severity of
 * the injury) and the chance that one attack takes a fresh defender out.
 * Every number comes from the rules the resolution uses (attack.c,
 * injuries.c, policy.c). */
#include <stdio.h>
#include <string.h>

#include "odds.h"

const char in_odds_help[] =
    "injury attack --bonus N --dv N [--adv N] [--crit-from N] [--size-diff N]\n"
    "              [--reckless N] [--step N] [--adv-mode 0|1]\n"
    "    One attack roll (#Attack Roll, #Critical Hits and Misses): 1d20 with --adv\n"
    "    counted advantage + --bonus against --dv; a hit needs more than the DV. Gives\n"
    "    p_hit, p_crit, p_fumble (natural 1), p_hit_no_injury, degrees (k -> P) and\n"
    "    severity (the highest severity the degrees reach, minor..fatal -> P).\n"
    "    --size-diff: the target is that many size categories larger (negative:\n"
    "    smaller); --step, --adv-mode default to the options degree_step, adv_mode.\n"
    "    --attacker NAME|FILE --defender NAME|FILE take them from two sheets (the\n"
    "    attacker's first weapon, the defender's DV).\n"
    "injury defeat --attacker NAME|FILE --defender NAME|FILE\n"
    "    The chance that one attack takes the fresh defender out (dead or\n"
    "    unconscious, by injuries or by strain), with the policy's choice of body\n"
    "    part and the initiative order (off-guarded DV when the attacker goes first):\n"
    "    attacks[\"1\"].\n";

void in_attack_odds(int bonus, int dv, int adv, int adv_mode, int crit_from, int step,
                    int extra_deg, in_attack_dist *o)
{
    memset(o, 0, sizeof *o);
    if (adv_mode == 1) {
        bonus += 2 * adv;
        adv = 0;
    }
    fray_dist d;
    if (fray_dist_die(&d, 20, 0, adv) < 0)
        return;
    for (int v = 1; v <= 20; v++) {
        double p = fray_dist_at(&d, v);
        int total = v + bonus, hit = total > dv, crit = v == 20 || (v >= crit_from && hit);
        int deg, forced = v == 20 && total < dv; /* attack.c: a minor injury */
        if (forced) {
            hit = 1;
            deg = 0;
        } else {
            /* a natural 20 at the DV is a critical hit: 0 degrees + 1 */
            deg = hit ? (total - dv - 1) / step + (crit ? 1 : 0) + extra_deg
                      : crit ? 1 + extra_deg : 0;
            hit = hit || crit;
        }
        if (hit && crit && !forced)
            o->p_crit += p;
        if (v == 1) {
            o->p_fumble += p;
            deg -= 1;
        }
        if (!hit)
            o->p_miss += p;
        else if (deg < 0)
            o->p_noinj += p;
        else
            o->p_deg[deg > 15 ? 15 : deg] += p;
    }
    fray_dist_free(&d);
}

typedef struct in_args {
    int bonus, dv, adv, crit_from, size_diff, reckless, step, adv_mode;
    int have_bonus, have_dv, have_step, have_mode;
} in_args;

#define INT_ARG(n, f, lo, hi) .name = n, .kind = FRAY_ARG_INT, .at = offsetof(in_args, f), .min = lo, .max = hi
static const fray_arg attack_args[] = {
    {INT_ARG("--bonus", bonus, -1000, 1000), .seen = FRAY_SEEN(in_args, have_bonus)},
    {INT_ARG("--dv", dv, -1000, 1000), .seen = FRAY_SEEN(in_args, have_dv)},
    {INT_ARG("--adv", adv, -10, 10)},
    {INT_ARG("--crit-from", crit_from, 2, 20)},
    {INT_ARG("--size-diff", size_diff, -8, 8)},
    {INT_ARG("--reckless", reckless, 0, 10)},
    {INT_ARG("--step", step, 1, 20), .seen = FRAY_SEEN(in_args, have_step)},
    {INT_ARG("--adv-mode", adv_mode, 0, 1), .seen = FRAY_SEEN(in_args, have_mode)},
    {.name = "--attacker", .kind = FRAY_ARG_SKIP},
    {.name = "--defender", .kind = FRAY_ARG_SKIP},
    {.name = NULL}};

static json_t *attack_json(const in_attack_dist *d)
{
    json_t *o = json_object(), *deg = json_object(), *sev = json_object();
    double sv[IN_NSEV] = {0}, hit = 1 - d->p_miss;
    for (int k = 0; k < 16; k++) {
        char key[12];
        snprintf(key, sizeof key, "%d", k);
        if (d->p_deg[k] > 0)
            json_object_set_new(deg, key, json_real(d->p_deg[k]));
        sv[k > IN_FATAL ? IN_FATAL : k] += d->p_deg[k];
    }
    for (int s = 0; s < IN_NSEV; s++)
        json_object_set_new(sev, in_sev_name[s], json_real(sv[s]));
    json_object_set_new(o, "check", json_string("attack"));
    json_object_set_new(o, "p_hit", json_real(hit));
    json_object_set_new(o, "p_crit", json_real(d->p_crit));
    json_object_set_new(o, "p_fumble", json_real(d->p_fumble));
    json_object_set_new(o, "p_hit_no_injury", json_real(d->p_noinj));
    json_object_set_new(o, "degrees", deg);
    json_object_set_new(o, "severity", sev);
    return o;
}

static int first_weapon(const fray_encounter *e, int who)
{
    const in_creature *c = IN_CCR(e, who);
    for (int i = 0; i < c->nweapon; i++)
        if (in_weapon_usable(c, i))
            return i;
    return 0;
}

/* The pair's numbers: bonus, extra degrees, advantage, crit range. */
static void from_pair(fray_encounter *e, in_args *g)
{
    const in_creature *a = IN_CCR(e, 0), *d = IN_CCR(e, 1);
    const in_weapon *w = &a->w[first_weapon(e, 0)];
    int mark = fray_mods_mark(e);
    if (!g->have_bonus)
        g->bonus = in_attack_bonus(e, 0, w, 0) + (w->melee ? in_size_attack(d->size - a->size) : 0);
    g->adv += in_adv(e, 0, 1, w, 0, 0);
    fray_mods_drop(e, mark);
    g->crit_from = w->crit_from;
    g->size_diff = d->size - a->size;
    if (!g->have_dv)
        g->dv = in_dv(e, 1, w->touch, 0);
}

/* P(the attacker's turn comes first): 1d20 + Dexterity each, ties to the
 * higher Dexterity, then a die. */
static double p_first(int da, int dd)
{
    double p = 0;
    for (int x = 1; x <= 20; x++)
        for (int y = 1; y <= 20; y++) {
            int a = x + da, b = y + dd;
            p += (a > b || (a == b && da > dd)) ? 1 : (a == b && da == dd) ? 0.5 : 0;
        }
    return p / 400;
}

/* Whether k degrees take the fresh defender out with the policy's choice. */
static int out_with(const fray_encounter *e, int k, int heart, int strain_only)
{
    const in_creature *d = IN_CCR(e, 1);
    if (d->has_con && fray_opt(e, IN_OPT_STRAIN_STAMINA) &&
        1 + (k > 0 ? k : 0) >= fray_res(e, 1, IN_R_STAMINA) + fray_res(e, 1, IN_R_EXH))
        return 1;
    if (strain_only)
        return 0;
    uint32_t allowed = in_part_allowed(d, k > IN_FATAL ? IN_FATAL : k);
    if (!heart)
        allowed &= ~(1u << IN_HEART);
    int spread = fray_opt(e, IN_OPT_SPREAD), iv = fray_opt(e, IN_OPT_INJURY_VALUE);
    in_creature c = *d;
    int part = in_best_part(&c, k, allowed, spread, iv);
    if (part < 0)
        return 0;
    in_injure_plain(&c, part, 1 + k - in_parts[part].severity, spread);
    return in_plain_out(&c);
}

static double p_out(const fray_encounter *e, const in_args *g, int dv)
{
    in_attack_dist o;
    int step = g->have_step ? g->step : fray_opt(e, IN_OPT_DEGREE_STEP);
    int mode = g->have_mode ? g->adv_mode : fray_opt(e, IN_OPT_ADV_MODE);
    in_attack_odds(g->bonus, dv, g->adv, mode, g->crit_from, step, in_size_degrees(g->size_diff),
                   &o);
    const in_creature *a = IN_CCR(e, 0), *d = IN_CCR(e, 1);
    double lore = 1;
    if (fray_opt(e, IN_OPT_HEART_LORE)) {
        int need = 15 + d->level - (a->attr[IN_INT] + a->skill[IN_SK_LORE]);
        lore = need <= 1 ? 1 : need > 20 ? 0 : (21.0 - need) / 20;
    }
    double p = o.p_noinj * out_with(e, -1, 0, 1);
    for (int k = 0; k < 16; k++) {
        double pk = o.p_deg[k];
        if (pk <= 0)
            continue;
        if (k >= IN_FATAL && in_count(d, IN_HEART))
            p += pk * (lore * out_with(e, k, 1, 0) + (1 - lore) * out_with(e, k, 0, 0));
        else
            p += pk * out_with(e, k, 0, 0);
    }
    return p;
}

static int odds_defeat(int argc, char **argv, json_t **out, char *err, size_t errlen)
{
    const char *att = NULL, *def = NULL;
    in_args g = {.crit_from = 20};
    const fray_arg *const tables[] = {attack_args, NULL};
    if (fray_args_parse(argc, argv, tables, &g, err, errlen) < 0 ||
        fray_args_pair(argc, argv, &att, &def, err, errlen) < 0)
        return -1;
    if (!att) {
        snprintf(err, errlen, "defeat needs --attacker and --defender");
        return -1;
    }
    fray_encounter *e = fray_encounter_pair("injury", att, def, err, errlen);
    if (!e)
        return -1;
    from_pair(e, &g);
    const in_creature *a = IN_CCR(e, 0), *d = IN_CCR(e, 1);
    const in_weapon *w = &a->w[first_weapon(e, 0)];
    double pf = p_first(a->attr[IN_DEX], d->attr[IN_DEX]);
    double p = pf * p_out(e, &g, in_dv(e, 1, w->touch, 1)) + (1 - pf) * p_out(e, &g, g.dv);
    json_t *o = json_object(), *at = json_object();
    json_object_set_new(at, "1", json_real(p));
    json_object_set_new(o, "check", json_string("defeat"));
    json_object_set_new(o, "p_attacker_first", json_real(pf));
    json_object_set_new(o, "attacks", at);
    fray_encounter_free(e);
    *out = o;
    return 0;
}

int in_odds(int argc, char **argv, json_t **out, char *err, size_t errlen)
{
    if (argc < 1 || (strcmp(argv[0], "attack") && strcmp(argv[0], "defeat"))) {
        snprintf(err, errlen, "injury checks: attack, defeat");
        return -1;
    }
    if (!strcmp(argv[0], "defeat"))
        return odds_defeat(argc, argv, out, err, errlen);
    in_args g = {.crit_from = 20, .step = 5};
    const fray_arg *const tables[] = {attack_args, NULL};
    const char *att = NULL, *def = NULL;
    if (fray_args_parse(argc, argv, tables, &g, err, errlen) < 0 ||
        fray_args_pair(argc, argv, &att, &def, err, errlen) < 0)
        return -1;
    int step = 5, mode = 0;
    if (att) {
        fray_encounter *e = fray_encounter_pair("injury", att, def, err, errlen);
        if (!e)
            return -1;
        from_pair(e, &g);
        step = fray_opt(e, IN_OPT_DEGREE_STEP);
        mode = fray_opt(e, IN_OPT_ADV_MODE);
        fray_encounter_free(e);
    } else if (!g.have_bonus || !g.have_dv) {
        snprintf(err, errlen, "attack needs --bonus and --dv (or --attacker and --defender)");
        return -1;
    }
    in_attack_dist d;
    in_attack_odds(g.bonus, g.dv, g.adv - g.reckless, g.have_mode ? g.adv_mode : mode,
                   g.crit_from, g.have_step ? g.step : step,
                   in_size_degrees(g.size_diff) + g.reckless, &d);
    *out = attack_json(&d);
    return 0;
}

int in_action_odds(fray_encounter *e, const fray_action *a, json_t **out, char *err,
                   size_t errlen)
{
    if (a->kind != IN_A_ATTACK && a->kind != IN_A_POWER && a->kind != IN_A_RECKLESS &&
        a->kind != IN_A_DEADLY_AIM) {
        snprintf(err, errlen, "no odds for %s", e->rs->actions[a->kind].name);
        return -1;
    }
    int who = a->actor, t = a->target, n = (a->arg >> 4) & 15;
    const in_creature *c = IN_CCR(e, who);
    const in_weapon *w = &c->w[a->arg & 15];
    int mark = fray_mods_mark(e);
    int bonus = in_attack_bonus(e, who, w, 0) +
                (w->melee ? in_size_attack(IN_CCR(e, t)->size - c->size) : 0);
    int adv = in_adv(e, who, t, w, 0, 0);
    fray_mods_drop(e, mark);
    int dv = in_dv(e, t, w->touch, in_offguard(e, t)) + (w->melee ? 0 : in_path_dv(e, who, t));
    int rk = a->kind == IN_A_RECKLESS ? n : 0;
    if (a->kind == IN_A_POWER || a->kind == IN_A_DEADLY_AIM)
        bonus += 2 * n;
    in_attack_dist d;
    in_attack_odds(bonus, dv, adv - rk, fray_opt(e, IN_OPT_ADV_MODE), w->crit_from,
                   fray_opt(e, IN_OPT_DEGREE_STEP), in_size_degrees(IN_CCR(e, t)->size - c->size) + rk,
                   &d);
    *out = attack_json(&d);
    return 0;
}
