/* odds.c: exact odds of the `wounds` ruleset: one attack (`attack`) and the
 * time to a fatal wound (`defeat`). Readings of the text are in docs/odds.md;
 * every rule below cites the heading of 003_45dec7998f478a90.txt it applies,
 * and the numbers come from the ruleset's own tables and pure functions. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "combat.h"
#include "odds.h"

#define ODDS_CUT 1e-15
#define DEFEAT_HORIZON 100000
#define MC_MAX 100000000L

const char wo_odds_help[] =
    "wounds attack --attack N --defense N [--damage N] [--toughness N]\n"
    "             [--action standard|quick|strong|rebuff] [--penetrating] [--concussive]\n"
    "             [--wild plain|explode|both] [--mc N] [--seed S]\n"
    "    One attack (#Attacks and Combat Checks, #Wound Thresholds): the wild d20 +\n"
    "    --attack (attribute + skill + specialization + accuracy + modifiers) hits\n"
    "    when it equals or exceeds --defense; damage received = attack roll +\n"
    "    --damage (Strength + weapon damage) - Defense - --toughness gives the wound\n"
    "    level. p_hit, p_crit (natural 20), p_fumble (natural 1), wound (level ->\n"
    "    probability, misses as none), damage (P(hit and damage received = v)).\n"
    "    --wild defaults to the ruleset's option wild_roll.\n"
    "    --attacker NAME|FILE --defender NAME|FILE take the numbers from two\n"
    "    creature sheets (bundled in data/wounds/ or a file): the weapon in hand\n"
    "    (Dex [Melee or Aim/group] + accuracy, Strength + damage, its properties),\n"
    "    the defender's melee (or ranged) Defense, Toughness and wound slots, and\n"
    "    the attacker's Speed; parameters given as well override them.\n"
    "wounds defeat (the attack parameters) [--tier pc|minion|standard|elite]\n"
    "             [--vitality N] [--persona N] [--wounds L,M,S,C] [--speed N] [--ap N]\n"
    "             [--horizon N] [--mc N] [--seed S]\n"
    "    Attacks and rounds until the defender receives a fatal wound (an NPC dies,\n"
    "    a PC is dying), with wound slots from --tier/--vitality/--persona filling\n"
    "    and escalating (#Wound Slots, #NPCs and Wounds) from the wounds already\n"
    "    taken (--wounds). Rounds: the attacker (--speed, default 0) gains AP from\n"
    "    the Speed table at the round start and at its turn's end and attacks while\n"
    "    it has --ap (default: the ruleset's AP option for the action).\n";

/* ---- Parameters ------------------------------------------------------------- */

typedef struct wo_args {
    wo_attack_q a;
    const char *attacker, *defender; /* sheets, or NULL */
    int sheet_slots[WO_NLEVELS];     /* the defender's slots, from its sheet */
    int have_slots;
    int have_attack, have_defense, have_wild;
    int tier, vitality, persona, seen_slots;
    char wounds[32]; /* --wounds L,M,S,C */
    int start[4]; /* light, moderate, severe, critical wounds already taken */
    int speed, ap, have_ap, horizon;
    long mc;
    unsigned long long seed;
} wo_args;

static int fail(char *err, size_t errlen, const char *fmt, const char *a, const char *b)
{
    snprintf(err, errlen, fmt, a, b);
    return -1;
}

static const char *const action_names[] = {"standard", "quick", "strong", "rebuff", NULL};
static const char *const wild_names[] = {"plain", "explode", "both", NULL};
static const char *const tier_names[] = {"pc", "minion", "standard", "elite", NULL};

/* The parameters of each check; "defeat" takes the attack ones too. */
#define INT_ARG(n, field, lo, hi) \
    .name = n, .kind = FRAY_ARG_INT, .at = offsetof(wo_args, field), .min = lo, .max = hi
static const fray_arg attack_args[] = {
    {INT_ARG("--attack", a.attack, -10000, 10000), .seen = FRAY_SEEN(wo_args, have_attack)},
    {INT_ARG("--defense", a.defense, -10000, 10000), .seen = FRAY_SEEN(wo_args, have_defense)},
    {INT_ARG("--damage", a.damage, -10000, 10000)},
    {INT_ARG("--toughness", a.toughness, -10000, 10000)},
    {.name = "--action", .kind = FRAY_ARG_ENUM, .at = offsetof(wo_args, a.action),
     .words = action_names},
    {.name = "--penetrating", .kind = FRAY_ARG_FLAG, .at = offsetof(wo_args, a.penetrating),
     .min = 1},
    {.name = "--concussive", .kind = FRAY_ARG_FLAG, .at = offsetof(wo_args, a.concussive),
     .min = 1},
    {.name = "--wild", .kind = FRAY_ARG_ENUM, .at = offsetof(wo_args, a.wild), .words = wild_names,
     .seen = FRAY_SEEN(wo_args, have_wild)},
    {.name = "--mc", .kind = FRAY_ARG_LONG, .at = offsetof(wo_args, mc), .min = 0, .max = MC_MAX},
    {.name = "--seed", .kind = FRAY_ARG_U64, .at = offsetof(wo_args, seed)},
    {.name = "--attacker", .kind = FRAY_ARG_SKIP},
    {.name = "--defender", .kind = FRAY_ARG_SKIP},
    {.name = NULL}};
static const fray_arg defeat_args[] = {
    /* slots from --tier, --vitality and --persona rather than the sheet's */
    {.name = "--tier", .kind = FRAY_ARG_ENUM, .at = offsetof(wo_args, tier), .words = tier_names,
     .seen = FRAY_SEEN(wo_args, seen_slots)},
    {INT_ARG("--vitality", vitality, -5, 5), .seen = FRAY_SEEN(wo_args, seen_slots)},
    {INT_ARG("--persona", persona, -5, 20), .seen = FRAY_SEEN(wo_args, seen_slots)},
    {.name = "--wounds", .kind = FRAY_ARG_TEXT, .at = offsetof(wo_args, wounds), .max = 32},
    {INT_ARG("--speed", speed, -10, 10)},
    {INT_ARG("--ap", ap, 1, 1000), .seen = FRAY_SEEN(wo_args, have_ap)},
    {INT_ARG("--horizon", horizon, 1, 10000000)},
    {.name = NULL}};


/* The ruleset's option defaults, when the ruleset is registered with its
 * option table; otherwise the values docs/odds.md names. */
static int option_default(int index, int fallback)
{
    const fray_ruleset *rs = fray_ruleset_find("wounds");
    if (rs && rs->options && rs->noptions == WO_NOPT)
        return rs->options[index].def;
    return fallback;
}

static int action_ap(int action)
{
    switch (action) {
    case WO_ODDS_QUICK: return option_default(WO_OPT_AP_QUICK, 2);
    case WO_ODDS_STRONG: return option_default(WO_OPT_AP_STRONG, 4);
    case WO_ODDS_REBUFF: return option_default(WO_OPT_AP_REBUFF, 2);
    default: return option_default(WO_OPT_AP_STANDARD, 3);
    }
}

/* The numbers of a plain attack with the weapon in hand, as combat.c's
 * attack roll takes them without situational modifiers
 * (#Attacks and Combat Checks: "Melee weapon: Dex [Melee/Weapon group] +
 * weapon's accuracy"; "add your Strength and the weapon's damage value"). */
static int from_sheets(const char *att, const char *def, wo_args *g, char *err, size_t errlen)
{
    fray_encounter *e = fray_encounter_pair("wounds", att, def, err, errlen);
    if (!e)
        return -1;
    const wo_creature *a = fray_cpriv(e, 0), *d = fray_cpriv(e, 1);
    static const wo_weapon fist = {"unarmed", "Unarmed", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    const wo_weapon *w = wo_wielded(a);
    if (!w)
        w = &fist;
    g->a.attack = wo_check_mod(a->attr[WO_DEX], a->skill[w->ranged ? WO_SK_AIM : WO_SK_MELEE],
                               wo_spec(a, w->group), 0) +
                  w->accuracy;
    g->a.defense = wo_defense_base(d, w->ranged ? WO_D_RANGED : WO_D_MELEE);
    g->a.damage = a->attr[WO_STR] + w->damage;
    if ((w->props & WO_P_SLICING) && d->armor == 0)
        g->a.damage += 1; /* the engine's reading of slicing */
    g->a.toughness = wo_toughness(d, (w->props & WO_P_ARMOR_PIERCING) != 0);
    g->a.penetrating = (w->props & WO_P_PENETRATING) != 0;
    g->a.concussive = (w->props & WO_P_CONCUSSIVE) != 0;
    memcpy(g->sheet_slots, d->slots, sizeof g->sheet_slots);
    g->have_slots = 1;
    g->tier = d->tier;
    g->speed = a->speed;
    g->have_attack = g->have_defense = 1;
    fray_encounter_free(e);
    return 0;
}

static int parse_args(int argc, char **argv, int defeat, wo_args *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->tier = WO_STANDARD;
    g->horizon = DEFEAT_HORIZON;
    g->seed = 1;
    if (fray_args_pair(argc, argv, &g->attacker, &g->defender, err, errlen) < 0 ||
        (g->attacker && from_sheets(g->attacker, g->defender, g, err, errlen) < 0))
        return -1;
    const fray_arg *const attack[] = {attack_args, NULL};
    const fray_arg *const both[] = {attack_args, defeat_args, NULL};
    if (fray_args_parse(argc, argv, defeat ? both : attack, g, err, errlen) < 0)
        return -1;
    if (g->seen_slots)
        g->have_slots = 0;
    if (g->wounds[0] && sscanf(g->wounds, "%d,%d,%d,%d", &g->start[0], &g->start[1], &g->start[2],
                               &g->start[3]) != 4)
        return fail(err, errlen,
                    "--wounds: expected L,M,S,C (light, moderate, severe and critical wounds "
                    "taken), got '%s'%s",
                    g->wounds, "");
    if (!g->have_attack || !g->have_defense)
        return fail(err, errlen, "check '%s' needs --attack N and --defense N%s", argv[0], "");
    if (!g->have_wild)
        g->a.wild = option_default(WO_OPT_WILD_ROLL, WO_WILD_EXPLODE);
    if (!g->have_ap)
        g->ap = action_ap(g->a.action);
    return 0;
}

/* ---- One attack ------------------------------------------------------------------ */

/* The wild d20 (#Rolls in Combat; the ruleset's option wild_roll, as wo_wild
 * rolls it): plain, a natural 20 exploding (add 1d20 again while it shows
 * 20), or also a natural 1 imploding (subtract an exploding 1d20). */
static int wild_dist(int mode, fray_dist *w, int *explosions)
{
    if (mode == WO_WILD_PLAIN) {
        *explosions = 0;
        return fray_dist_die(w, 20, 0, 0);
    }
    fray_dist e;
    if (fray_dist_die(&e, 20, 1, 0) < 0)
        return -1;
    *explosions = (e.n + 1) / 20 - 1;
    if (mode == WO_WILD_EXPLODE) {
        *w = e;
        return 0;
    }
    int hi = e.lo + e.n - 1;
    int lo = 1 - hi;
    w->lo = lo;
    w->n = hi - lo + 1;
    w->p = calloc((size_t)w->n, sizeof *w->p);
    if (!w->p) {
        fray_dist_free(&e);
        return -1;
    }
    double p1 = e.p[1 - e.lo]; /* the natural 1 */
    for (int i = 0; i < e.n; i++) {
        int v = e.lo + i;
        if (v != 1)
            w->p[v - lo] += e.p[i];
        w->p[1 - v - lo] += p1 * e.p[i];
    }
    w->tail = e.tail + p1 * e.tail;
    fray_dist_free(&e);
    return 0;
}

/* The wound level of a hit whose damage received is `final`, with the
 * action's steps (#Action: Quick Attack "reduced by one step", #Reaction:
 * Rebuff "increased one step"). */
static int hit_level(const wo_attack_q *q, int final)
{
    int level = wo_wound_level(final);
    if (q->concussive && level < WO_LIGHT)
        level = WO_LIGHT;
    if (q->nonlethal && level == WO_FATAL)
        level = WO_CRITICAL;
    if (q->action == WO_ODDS_QUICK && level >= WO_LIGHT)
        level--;
    if (q->action == WO_ODDS_REBUFF && level >= WO_LIGHT && level < WO_FATAL)
        level++;
    return level;
}

int wo_attack_odds_compute(const wo_attack_q *q, wo_attack_odds *r)
{
    fray_dist w;
    memset(r, 0, sizeof *r);
    if (wild_dist(q->wild, &w, &r->explosions) < 0)
        return -1;
    int strong = q->action == WO_ODDS_STRONG;
    /* damage received over the attack totals that hit, +1..6 for Strong */
    long lo = (long)w.lo + q->attack + q->damage - q->defense - q->toughness;
    long n = (long)w.n + (strong ? 6 : 0);
    if (n > INT_MAX / 2 || lo < INT_MIN / 2 || lo > INT_MAX / 2) {
        fray_dist_free(&w);
        return -1;
    }
    r->damage.lo = (int)lo;
    r->damage.n = (int)n;
    r->damage.p = calloc((size_t)n, sizeof *r->damage.p);
    if (!r->damage.p) {
        fray_dist_free(&w);
        return -1;
    }
    double nomiss = 0.0;
    for (int i = 0; i < w.n; i++) {
        double p = w.p[i];
        if (p == 0.0)
            continue;
        int roll = w.lo + i + q->attack;
        /* #Attacks and Combat Checks: "If the attack roll equals or exceeds
         * the target's Defense, then the attack hits"; #Penetrating Attacks:
         * "add their damage to the attack roll before determining a hit". */
        int hit = (q->penetrating ? roll + q->damage : roll) >= q->defense;
        if (!hit) {
            r->level[0] += p;
            continue;
        }
        nomiss += p;
        /* #Wound Thresholds: "Damage received = Attack Roll + Damage Roll -
         * Defense - Toughness." #Action: Strong Attack: "an additional 1d6". */
        int base = wo_damage_received(roll, q->damage, q->defense, q->toughness);
        for (int d6 = strong ? 1 : 0; d6 <= (strong ? 6 : 0); d6++) {
            double pp = strong ? p / 6.0 : p;
            int final = base + d6;
            r->damage.p[final - r->damage.lo] += pp;
            r->level[1 + hit_level(q, final)] += pp;
        }
    }
    r->p_hit = nomiss;
    /* the natural die: 20 a critical success, 1 a critical failure
     * (#Critical Successes and Failures) */
    r->p_crit = 1.0 / 20;
    r->p_fumble = 1.0 / 20;
    double wounds = 0.0, sum = 0.0;
    for (int l = WO_LIGHT; l < WO_NLEVELS; l++) {
        wounds += r->level[1 + l];
        sum += (l + 1) * r->level[1 + l];
    }
    r->mean_level = wounds > 0.0 ? sum / wounds : 0.0;
    r->tail = w.tail;
    r->damage.tail = w.tail;
    /* trim zero ends of the damage distribution */
    int a = 0, b = r->damage.n - 1;
    while (a < b && r->damage.p[a] == 0.0)
        a++;
    while (b > a && r->damage.p[b] == 0.0)
        b--;
    if (a > 0)
        memmove(r->damage.p, r->damage.p + a, (size_t)(b - a + 1) * sizeof *r->damage.p);
    r->damage.lo += a;
    r->damage.n = b - a + 1;
    fray_dist_free(&w);
    return 0;
}

void wo_attack_odds_free(wo_attack_odds *r) { fray_dist_free(&r->damage); }

/* ---- Time to a fatal wound -------------------------------------------------------- */

/* The rounds in which the attacker's attacks land: AP gained at the round
 * start and at the end of its turn from the Speed table, carried over up to
 * the maximum (#Action Points); on its turn it attacks while it has the AP.
 * An attack that costs more than the maximum is paid over several turns
 * ("spend all your current AP, and continue ... until the total cost has
 * been spent"). round_of[j] for j = 1..horizon. */
static void ap_schedule(int speed, int cost, int horizon, int *round_of)
{
    const wo_speed_row *row = wo_speed_row_for(speed);
    int ap = 0, paid = 0, j = 0, r = 0;
    while (j < horizon) {
        r++;
        ap = wo_gain_ap(ap, row->round_start, row->max_ap);
        if (cost <= row->max_ap) {
            while (ap >= cost && j < horizon) {
                ap -= cost;
                round_of[++j] = r;
            }
        } else {
            paid += ap;
            ap = 0;
            if (paid >= cost) {
                paid = 0;
                round_of[++j] = r;
            }
        }
        ap = wo_gain_ap(ap, row->turn_end, row->max_ap);
    }
}

typedef struct wo_defeat {
    wo_attack_odds a;
    int slots[WO_NLEVELS];
    fray_defeat w;   /* the core's walk, one attack at a time: p_att[1..n_att], tail */
    double *p_rnd;   /* [1..n_rnd]: by the attacker's AP schedule */
    int n_rnd;
    int *round_of;
} wo_defeat;

static void defeat_free(wo_defeat *d)
{
    wo_attack_odds_free(&d->a);
    fray_defeat_free(&d->w);
    free(d->p_rnd);
    free(d->round_of);
}

/* The transitions of the defeat DP: next[s * WO_NLEVELS + l] is the state
 * after a wound of level l in state s (ns states of dim[] filled slots per
 * level), -1 when the wound takes the defender out. */
static void fill_transitions(const int *dim, const int *slots, size_t ns, int *next)
{
    for (size_t s = 0; s < ns; s++) {
        int filled[WO_NLEVELS] = {0};
        size_t x = s;
        for (int l = 3; l >= 0; l--) {
            filled[l] = (int)(x % (size_t)dim[l]);
            x /= (size_t)dim[l];
        }
        for (int l = WO_LIGHT; l < WO_NLEVELS; l++) {
            int f[WO_NLEVELS];
            memcpy(f, filled, sizeof f);
            /* #Wound Slots: "If all the slots of that level are already
             * full, increase the wound's severity until there is an empty
             * slot." A fatal wound takes the defender out. */
            int got = wo_wound_fill(f, slots, l);
            if (got == WO_FATAL) {
                next[s * WO_NLEVELS + (size_t)l] = -1;
                continue;
            }
            size_t t = 0;
            for (int k = 0; k < 4; k++)
                t = t * (size_t)dim[k] + (size_t)f[k];
            next[s * WO_NLEVELS + (size_t)l] = (int)t;
        }
    }
}

/* The Round of each of the att attacks and the chance the defender is out
 * in each Round; 0, or -1 with err (d is then freed). */
static int defeat_rounds(const wo_args *g, wo_defeat *d, int att, char *err, size_t errlen)
{
    d->round_of = calloc((size_t)att + 1, sizeof *d->round_of);
    if (d->round_of) {
        ap_schedule(g->speed, g->ap, att, d->round_of);
        d->n_rnd = att > 0 ? d->round_of[att] : 0;
        d->p_rnd = calloc((size_t)d->n_rnd + 1, sizeof *d->p_rnd);
    }
    if (!d->round_of || !d->p_rnd) {
        defeat_free(d);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int j = 1; j <= att; j++)
        d->p_rnd[d->round_of[j]] += d->w.p_att[j];
    return 0;
}

/* One attack on the mass m with filled slots s: no wound stays, a wound
 * moves to the state wo_wound_fill gives, a fatal one goes out. */
typedef struct wo_chain {
    const int *next;  /* next[s * WO_NLEVELS + l]: after a wound of level l, -1 out */
    const double *q;  /* the one-attack wound levels: [0] none, [1 + l] level l */
} wo_chain;

static void wound_step(void *ud, int s, double m, double *nxt, double *out)
{
    const wo_chain *c = ud;
    nxt[s] += m * c->q[0];
    for (int l = WO_LIGHT; l < WO_NLEVELS; l++) {
        int t = c->next[(size_t)s * WO_NLEVELS + (size_t)l];
        if (t < 0)
            *out += m * c->q[1 + l];
        else
            nxt[t] += m * c->q[1 + l];
    }
}

static int defeat_compute(const wo_args *g, wo_defeat *d, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    /* #Wound Slots and #NPCs and Wounds, through the ruleset's function (or
     * as the defender's sheet derived them) */
    if (g->have_slots)
        memcpy(d->slots, g->sheet_slots, sizeof d->slots);
    else
        wo_slot_counts(g->tier, g->vitality, g->persona, d->slots);
    for (int l = 0; l < 4; l++)
        if (g->start[l] < 0 || g->start[l] > d->slots[l]) {
            snprintf(err, errlen, "--wounds: %d %s wounds, but the defender has %d such slots",
                     g->start[l], wo_level_name[l], d->slots[l]);
            return -1;
        }
    if (wo_attack_odds_compute(&g->a, &d->a) < 0) {
        snprintf(err, errlen, "the attack distribution is too large to compute exactly");
        return -1;
    }
    int dim[4];
    size_t ns = 1;
    for (int l = 0; l < 4; l++) {
        dim[l] = d->slots[l] + 1;
        ns *= (size_t)dim[l];
    }
    int *next = malloc(ns * WO_NLEVELS * sizeof *next);
    if (!next) {
        defeat_free(d);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    fill_transitions(dim, d->slots, ns, next);
    size_t s0 = 0;
    for (int k = 0; k < 4; k++)
        s0 = s0 * (size_t)dim[k] + (size_t)g->start[k];
    wo_chain c = {next, d->a.level};
    double harm = 0.0; /* chance one attack wounds */
    for (int l = WO_LIGHT; l < WO_NLEVELS; l++)
        harm += c.q[1 + l];
    /* the core's walk, one attack a round (the attacker's Rounds follow from
     * its AP below); no attack ever wounds: never a fatal wound */
    fray_defeat_chain ch = {.nstates = (int)ns, .start = (int)s0,
                            .horizon = harm > 0.0 ? g->horizon : 0, .cut = ODDS_CUT, .ud = &c,
                            .attack = wound_step};
    int rc = fray_defeat_run(&ch, &d->w);
    free(next);
    if (rc < 0) {
        defeat_free(d);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return defeat_rounds(g, d, d->w.n_att, err, errlen);
}

/* ---- Monte Carlo ----------------------------------------------------------------- */

/* One attack rolled with the ruleset's wild die: the wound level (WO_NONE
 * for a miss or no wound); *hit and *nat20 report the roll. */
static int sim_attack(const wo_attack_q *q, fray_dice *d, int *hit, int *nat20)
{
    wo_roll r = wo_wild(d, q->wild, "Attack roll, wild 1d20");
    int roll = r.total + q->attack;
    *nat20 = r.natural == 20;
    *hit = (q->penetrating ? roll + q->damage : roll) >= q->defense;
    if (!*hit)
        return WO_NONE;
    int dmg = q->damage;
    if (q->action == WO_ODDS_STRONG)
        dmg += fray_die(d, 6, "Strong Attack damage, 1d6");
    return hit_level(q, wo_damage_received(roll, dmg, q->defense, q->toughness));
}

static json_t *mc_attack(const wo_args *g)
{
    fray_dice d;
    fray_dice_init(&d, g->seed, 0);
    d.keep_log = 0;
    long hit = 0, crit = 0, lv[WO_NLEVELS + 1] = {0};
    for (long i = 0; i < g->mc; i++) {
        int h, c;
        int l = sim_attack(&g->a, &d, &h, &c);
        hit += h;
        crit += c;
        lv[1 + l]++;
    }
    double n = (double)g->mc;
    json_t *o = json_object();
    json_object_set_new(o, "n", json_integer(g->mc));
    json_object_set_new(o, "seed", json_integer((json_int_t)g->seed));
    json_object_set_new(o, "p_hit", json_real((double)hit / n));
    json_object_set_new(o, "p_crit", json_real((double)crit / n));
    json_t *w = json_object();
    json_object_set_new(w, "none", json_real((double)lv[0] / n));
    for (int l = 0; l < WO_NLEVELS; l++)
        json_object_set_new(w, wo_level_name[l], json_real((double)lv[1 + l] / n));
    json_object_set_new(o, "wound", w);
    return o;
}

static json_t *mc_defeat(const wo_args *g, const wo_defeat *x)
{
    fray_dice d;
    fray_dice_init(&d, g->seed, 0);
    d.keep_log = 0;
    long done = 0;
    double sum = 0.0, sum2 = 0.0, sumr = 0.0;
    for (long i = 0; i < g->mc; i++) {
        int f[WO_NLEVELS] = {g->start[0], g->start[1], g->start[2], g->start[3], 0};
        int att = 0, out = 0;
        while (!out && att < x->w.n_att) {
            int h, c;
            att++;
            int l = sim_attack(&g->a, &d, &h, &c);
            if (l >= WO_LIGHT && wo_wound_fill(f, x->slots, l) == WO_FATAL)
                out = 1;
        }
        if (out) {
            done++;
            sum += att;
            sum2 += (double)att * att;
            sumr += x->round_of[att];
        }
    }
    double n = (double)g->mc;
    json_t *o = json_object();
    json_object_set_new(o, "n", json_integer(g->mc));
    json_object_set_new(o, "seed", json_integer((json_int_t)g->seed));
    json_object_set_new(o, "p_out", json_real((double)done / n));
    if (done > 0) {
        double m = sum / (double)done;
        double var = sum2 / (double)done - m * m;
        json_object_set_new(o, "mean_attacks", json_real(m));
        json_object_set_new(o, "mean_rounds", json_real(sumr / (double)done));
        json_object_set_new(o, "se_mean_attacks",
                            json_real(sqrt(var > 0 ? var / (double)done : 0.0)));
    }
    return o;
}

/* ---- JSON ------------------------------------------------------------------------- */

static json_t *params_json(const wo_args *g)
{
    json_t *p = json_object();
    if (g->attacker) {
        json_object_set_new(p, "attacker", json_string(g->attacker));
        json_object_set_new(p, "defender", json_string(g->defender));
    }
    json_object_set_new(p, "attack", json_integer(g->a.attack));
    json_object_set_new(p, "defense", json_integer(g->a.defense));
    json_object_set_new(p, "damage", json_integer(g->a.damage));
    json_object_set_new(p, "toughness", json_integer(g->a.toughness));
    json_object_set_new(p, "action", json_string(action_names[g->a.action]));
    json_object_set_new(p, "penetrating", json_boolean(g->a.penetrating));
    json_object_set_new(p, "concussive", json_boolean(g->a.concussive));
    json_object_set_new(p, "wild", json_string(wild_names[g->a.wild]));
    return p;
}

static void attack_json(json_t *o, const wo_attack_odds *r)
{
    json_object_set_new(o, "p_hit", json_real(r->p_hit));
    json_object_set_new(o, "p_crit", json_real(r->p_crit));
    json_object_set_new(o, "p_fumble", json_real(r->p_fumble));
    json_t *w = json_object();
    json_object_set_new(w, "none", json_real(r->level[0]));
    for (int l = 0; l < WO_NLEVELS; l++)
        json_object_set_new(w, wo_level_name[l], json_real(r->level[1 + l]));
    json_object_set_new(o, "wound", w);
    json_object_set_new(o, "damage", fray_odds_dist_json(r->damage.p, r->damage.lo, r->damage.n));
}

static json_t *truncation_json(const wo_attack_odds *r)
{
    json_t *t = json_object();
    char buf[200];
    json_object_set_new(t, "wild_explosions", json_integer(r->explosions));
    json_object_set_new(t, "tail", json_real(r->tail));
    snprintf(buf, sizeof buf,
             "wild d20 expanded through %d explosions; probability left out %.3g (below 1e-15)",
             r->explosions, r->tail);
    json_object_set_new(t, "statement", json_string(buf));
    return t;
}

static int odds_attack(const wo_args *g, json_t **out, char *err, size_t errlen)
{
    wo_attack_odds r;
    if (wo_attack_odds_compute(&g->a, &r) < 0) {
        snprintf(err, errlen, "the attack distribution is too large to compute exactly");
        return -1;
    }
    json_t *o = json_object();
    json_object_set_new(o, "ruleset", json_string("wounds"));
    json_object_set_new(o, "check", json_string("attack"));
    json_object_set_new(o, "params", params_json(g));
    attack_json(o, &r);
    json_object_set_new(o, "truncation", truncation_json(&r));
    if (g->mc > 0)
        json_object_set_new(o, "mc", mc_attack(g));
    wo_attack_odds_free(&r);
    *out = o;
    return 0;
}

static int odds_defeat(const wo_args *g, json_t **out, char *err, size_t errlen)
{
    wo_defeat x;
    if (defeat_compute(g, &x, err, errlen) < 0)
        return -1;
    json_t *o = json_object();
    json_object_set_new(o, "ruleset", json_string("wounds"));
    json_object_set_new(o, "check", json_string("defeat"));
    json_t *p = params_json(g);
    json_object_set_new(p, "tier", json_string(g->tier >= 0 && g->tier < 4 ? tier_names[g->tier] : "?"));
    if (!g->have_slots) {
        json_object_set_new(p, "vitality", json_integer(g->vitality));
        json_object_set_new(p, "persona", json_integer(g->persona));
    }
    char buf[320];
    snprintf(buf, sizeof buf, "%d,%d,%d,%d", g->start[0], g->start[1], g->start[2], g->start[3]);
    json_object_set_new(p, "wounds", json_string(buf));
    json_object_set_new(p, "speed", json_integer(g->speed));
    json_object_set_new(p, "ap", json_integer(g->ap));
    json_object_set_new(o, "params", p);
    json_t *sl = json_object();
    for (int l = 0; l < WO_NLEVELS; l++)
        json_object_set_new(sl, wo_level_name[l], json_integer(x.slots[l]));
    json_object_set_new(o, "slots", sl);
    json_t *atk = json_object();
    attack_json(atk, &x.a);
    json_object_set_new(o, "attack", atk);
    json_object_set_new(o, "attacks", fray_odds_dist_json(x.w.p_att, 0, x.w.n_att + 1));
    json_object_set_new(o, "rounds", fray_odds_dist_json(x.p_rnd, 0, x.n_rnd + 1));
    double ma = 0.0, mr = 0.0, mass = 0.0;
    for (int j = 1; j <= x.w.n_att; j++) {
        ma += j * x.w.p_att[j];
        mr += x.round_of[j] * x.w.p_att[j];
        mass += x.w.p_att[j];
    }
    json_object_set_new(o, "mean_attacks", mass > 0.0 ? json_real(ma / mass) : json_null());
    json_object_set_new(o, "mean_rounds", mass > 0.0 ? json_real(mr / mass) : json_null());
    json_object_set_new(o, "horizon", json_integer(x.w.n_att));
    json_object_set_new(o, "tail", json_real(x.w.tail));
    snprintf(buf, sizeof buf,
             "computed through %d attacks (%d rounds at %d AP an attack, Speed %d); probability "
             "the defender has no fatal wound after them: %.3g; means are over the defeats "
             "within the horizon",
             x.w.n_att, x.n_rnd, g->ap, g->speed, x.w.tail);
    json_object_set_new(o, "statement", json_string(buf));
    json_object_set_new(o, "truncation", truncation_json(&x.a));
    if (g->mc > 0)
        json_object_set_new(o, "mc", mc_defeat(g, &x));
    defeat_free(&x);
    *out = o;
    return 0;
}

int wo_attack_odds_json(const wo_attack_q *q, const char *attacker, const char *defender,
                        json_t **out, char *err, size_t errlen)
{
    wo_args g;
    memset(&g, 0, sizeof g);
    g.a = *q;
    g.attacker = attacker;
    g.defender = defender;
    return odds_attack(&g, out, err, errlen);
}

int wo_odds(int argc, char **argv, json_t **out, char *err, size_t errlen)
{
    wo_args g;
    *out = NULL;
    if (argc < 1 || !argv[0]) {
        snprintf(err, errlen, "no check given: wounds has 'attack' and 'defeat'");
        return -1;
    }
    int defeat = !strcmp(argv[0], "defeat");
    if (!defeat && strcmp(argv[0], "attack") != 0) {
        snprintf(err, errlen, "unknown check '%s': wounds has 'attack' and 'defeat'", argv[0]);
        return -1;
    }
    if (parse_args(argc, argv, defeat, &g, err, errlen) < 0)
        return -1;
    return defeat ? odds_defeat(&g, out, err, errlen) : odds_attack(&g, out, err, errlen);
}

/* action_odds: an attack of `a` (Standard, Quick, Strong, Nonlethal,
 * Rebuff, a readied one, a spell), read as attack_roll and do_attack read
 * it, without the Swimming or Climbing check before it. */
int wo_action_odds(fray_encounter *e, const fray_action *a, json_t **out, char *err,
                   size_t errlen)
{
    static const int odds_action[WO_NACT] = {
        [WO_A_QUICK] = WO_ODDS_QUICK, [WO_A_STRONG] = WO_ODDS_STRONG,
        [WO_A_REBUFF] = WO_ODDS_REBUFF};
    int k = a->kind, who = a->actor, t = a->target;
    *out = NULL;
    int attack = k == WO_A_STANDARD || k == WO_A_QUICK || k == WO_A_STRONG ||
                 k == WO_A_NONLETHAL || k == WO_A_REBUFF || k == WO_A_CAST;
    if (!attack || t < 0 || t >= e->n) {
        snprintf(err, errlen, "%s has no exact odds: only attacks have them", e->rs->actions[k].name);
        return -1;
    }
    int spell = k == WO_A_CAST ? a->arg : -1;
    if (spell >= CCR(e, who)->nspell) {
        snprintf(err, errlen, "%s knows no such spell", e->c[who].name);
        return -1;
    }
    int mark = fray_mods_mark(e);
    wo_attack_plan p;
    wo_attack_plan_of(e, who, t, k, spell, &p);
    fray_mods_drop(e, mark);
    int nonlethal = k == WO_A_NONLETHAL;
    int pierce = spell < 0 && (p.w->props & WO_P_ARMOR_PIERCING) && !nonlethal;
    wo_attack_q q = {.attack = p.mod, .defense = p.defense, .damage = p.str + p.wdmg,
                     .toughness = wo_toughness(CCR(e, t), pierce), .action = odds_action[k],
                     .penetrating = p.pen,
                     .concussive = spell < 0 && (p.w->props & WO_P_CONCUSSIVE) && !nonlethal,
                     .wild = fray_opt(e, WO_OPT_WILD_ROLL), .nonlethal = nonlethal};
    if (wo_attack_odds_json(&q, e->c[who].name, e->c[t].name, out, err, errlen) < 0)
        return -1;
    json_object_set_new(*out, "action", json_string(spell >= 0 ? CCR(e, who)->spell[spell].name
                                                                : e->rs->actions[k].name));
    return 0;
}
