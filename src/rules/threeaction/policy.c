/* policy.c: the built-in policy. It spends its three Actions well: stands
 * up, puts out a fire, commands its companion, attacks the foe where the
 * expected damage is highest (finishing a foe first), Trips a standing foe
 * first when the opposed roll favours it (Prone: melee Advantage), closes
 * in by the flanking square when an ally holds the foe, keeps a ranged
 * weapon out of 5 ft, Focuses an empty spellcaster, readies an attack for
 * a foe coming in, and Dodges what it cannot answer. Choices only, never
 * outcomes: the estimates are exact integers and draw no dice. */
#include "threeaction.h"

/* The estimates are exact integers, so a seed gives the same fight on
 * every machine: a chance as a count over 400 (a d20's twentieths, squared
 * for Advantage and Disadvantage), a damage as eighths (a die's mean is a
 * half, an area or a Control spell counts 1.5 times, both 2.25 times). */
#define P_DEN 400
#define M_DEN 8

/* P(d20 + bonus >= def) with Advantage (+1), Disadvantage (-1) or neither,
 * in 400ths; a natural 20 hits and a natural 1 misses. */
static int64_t p_hit(int bonus, int def, int adv)
{
    int need = def - bonus;
    if (need < 2)
        need = 2;
    if (need > 20)
        need = 20;
    int64_t k = 21 - need; /* faces that hit, of 20 */
    if (adv > 0)
        return P_DEN - (20 - k) * (20 - k);
    if (adv < 0)
        return k * k;
    return 20 * k;
}

/* The mean of a damage expression, in halves. */
static int64_t mean_damage2(const fray_dexpr *d)
{
    int64_t m = 0;
    for (int i = 0; i < d->n; i++) {
        const fray_dterm *t = &d->t[i];
        m += t->sign * (t->count ? (int64_t)t->count * (t->sides + 1) : 2 * (int64_t)t->value);
    }
    return m;
}

/* The Advantages less the Disadvantages of who's attack of `kind` on t,
 * before they cancel (ta_settle_adv). */
static int adv_count(fray_encounter *e, int who, int t, int kind)
{
    int mark = fray_mods_mark(e), n = 0;
    ta_attack_adv(e, who, t, kind, &n);
    if (t >= 0 && fray_has(e, t, TA_C_DODGING))
        n--;
    fray_mods_drop(e, mark);
    return n;
}

static int adv_of(fray_encounter *e, int who, int t, int kind)
{
    return ta_settle_adv(e, adv_count(e, who, t, kind));
}

/* What an attack with chance p (400ths) and mean damage m (eighths) on t
 * is worth: its expected damage, far more when it likely takes t out. */
static int64_t worth(const fray_encounter *e, int t, int64_t p, int64_t m)
{
    int64_t v = p * m;
    if (m >= (int64_t)M_DEN * e->c[t].res[TA_R_HP])
        v += 100 * M_DEN * p; /* likely takes it out */
    return v;
}

/* The expected damage of an attack in the list (a larger number for one
 * that likely drops the foe), in 1/(P_DEN * M_DEN), or -1 for anything
 * else, and for one worth no more than `floor` even with Advantage (its
 * Advantages, the costlier question, then not judged: worth grows with
 * the chance, which Advantage makes highest). */
static int64_t attack_value(fray_encounter *e, const fray_action *a, int64_t floor)
{
    int who = a->actor, t = a->target;
    if (t < 0 || !fray_able(e, t))
        return -1;
    const ta_creature *c = ta_ccr(e, who), *ct = ta_ccr(e, t);
    int64_t m;
    int bonus, def, kind = -1; /* the kind ta_attack_adv judges; -1 an Area, none */
    if (a->kind == TA_A_MELEE) {
        bonus = ta_melee_bonus(e, who, a->arg, NULL);
        def = ct->pdef;
        kind = 0;
        m = 4 * (mean_damage2(&c->w[a->arg].damage) + 2 * (int64_t)c->str);
    } else if (a->kind == TA_A_RANGED) {
        bonus = c->level + c->dex - ta_range_penalty(e, ta_dist(e, who, t), c->w[a->arg].increment);
        def = ct->pdef;
        kind = 1;
        m = 4 * mean_damage2(&c->w[a->arg].damage);
    } else if (a->kind == TA_A_CAST || a->kind == TA_A_CONTROL) {
        const ta_spell *s = &c->sp[a->arg];
        bonus = c->level + c->ess;
        def = s->defense == TA_MENTAL ? ct->mdef : ct->pdef;
        kind = s->area ? -1 : 2;
        /* an area counts 1.5 times; a Control spell, no Energy spent, 1.5
         * times again */
        int f = (s->area ? 3 : 2) * (a->kind == TA_A_CONTROL ? 3 : 2);
        m = mean_damage2(&s->damage) * f;
    } else {
        return -1;
    }
    if (kind >= 0 && m >= 0 && worth(e, t, p_hit(bonus, def, 1), m) <= floor)
        return -1;
    return worth(e, t, p_hit(bonus, def, kind >= 0 ? adv_of(e, who, t, kind) : 0), m);
}

/* Where the policy reads the legal actions: the whole list l[0..n), or,
 * for the decide hook, legal's parts, each listed when first asked for
 * (most choices never look at the moves or the maneuvers, whose map
 * questions were half a skirmish's time). Each kind comes from one part,
 * in the list's order, so the first entry found is the same. */
typedef struct src {
    const fray_action *l; /* the whole list, or NULL: the parts */
    int n;
    unsigned built;       /* bit p: part p is in part[p] */
    fray_list part[TA_NPARTS];
    fray_action buf[TA_NPARTS][FRAY_MAX_LEGAL];
    fray_action one;      /* a move asked of legal for one target */
} src;

static int part_of(int kind)
{
    switch (kind) {
    case TA_A_MELEE: case TA_A_RANGED: case TA_A_CAST: case TA_A_CONTROL:
        return TA_PART_ATTACKS;
    case TA_A_MOVE: case TA_A_STRAIGHT: case TA_A_COVER: case TA_A_FLANK: case TA_A_RETREAT:
        return TA_PART_MOVES;
    case TA_A_BREAK: case TA_A_PUSH: case TA_A_FEINT: case TA_A_DISARM: case TA_A_TRIP:
    case TA_A_GRAPPLE:
        return TA_PART_MANEUVERS;
    default:
        return TA_PART_OTHERS;
    }
}

/* The entries that may hold `kind`: the whole list, or its part. */
static const fray_action *entries(fray_encounter *e, int who, src *s, int kind, int *n)
{
    if (s->l) {
        *n = s->n;
        return s->l;
    }
    int p = part_of(kind);
    if (!((s->built >> p) & 1u)) {
        s->part[p] = (fray_list){s->buf[p], 0, FRAY_MAX_LEGAL};
        ta_legal_part(e, who, p, &s->part[p]);
        s->built |= 1u << p;
    }
    *n = s->part[p].n;
    return s->part[p].out;
}

static const fray_action *find(fray_encounter *e, int who, src *s, int kind, int target)
{
    /* a move towards one target, asked alone: the moves part would ask
     * the map's questions (Cover, Flank) of every target (issue 34) */
    if (!s->l && target >= 0 && part_of(kind) == TA_PART_MOVES &&
        !((s->built >> TA_PART_MOVES) & 1u)) {
        if (!ta_legal_move(e, who, kind, target))
            return NULL;
        s->one = (fray_action){.kind = (int16_t)kind, .actor = (int16_t)who,
                               .target = (int16_t)target};
        return &s->one;
    }
    int n;
    const fray_action *l = entries(e, who, s, kind, &n);
    for (int i = 0; i < n; i++)
        if (l[i].kind == kind && (target < 0 || l[i].target == target))
            return &l[i];
    return NULL;
}

static int nearest_foe(const fray_encounter *e, int who)
{
    int best = -1, bd = 0;
    for (int t = 0; t < e->n; t++) {
        if (!ta_foes(e, who, t) || !fray_able(e, t))
            continue;
        int d = ta_dist(e, who, t);
        if (best < 0 || d < bd) {
            best = t;
            bd = d;
        }
    }
    return best;
}

/* Trip first when the foe stands, two Actions are left to use the
 * Advantage, and our opposed roll is at least as good as its. */
static const fray_action *trip_first(fray_encounter *e, int who, const fray_action *a, src *s)
{
    int t = a->target;
    if (a->kind != TA_A_MELEE || e->c[who].res[TA_R_ACTIONS] < 3 || ta_flat_footed(e, t, who) ||
        ta_ccr(e, t)->altitude > 0)
        return NULL;
    int mine = ta_melee_bonus(e, who, ta_melee_weapon(e, who), NULL);
    int theirs = ta_melee_bonus(e, t, ta_melee_weapon(e, t), NULL);
    return mine >= theirs + 2 ? find(e, who, s, TA_A_TRIP, t) : NULL;
}

/* #Feint first, when it pays: a success makes the foe Flat Footed against
 * us for the rest of the turn (Advantage on the Melee Attacks left), so
 * with a Actions left it pays when p(feint) * (a - 1) * (p(hit with
 * Advantage) - p(hit)) > p(hit) (one attack given up), all in 400ths. */
static const fray_action *feint_first(fray_encounter *e, int who, const fray_action *a, src *s)
{
    int t = a->target, acts = e->c[who].res[TA_R_ACTIONS];
    if (a->kind != TA_A_MELEE || acts < 2 || ta_flat_footed(e, t, who))
        return NULL;
    int bonus = ta_melee_bonus(e, who, a->arg, NULL), n = adv_count(e, who, t, 0);
    int64_t pf = p_hit(bonus, ta_ccr(e, t)->mdef, ta_settle_adv(e, n));
    int64_t p0 = p_hit(bonus, ta_ccr(e, t)->pdef, ta_settle_adv(e, n));
    int64_t p1 = p_hit(bonus, ta_ccr(e, t)->pdef, ta_settle_adv(e, n + 1));
    if (pf * (acts - 1) * (p1 - p0) <= P_DEN * p0)
        return NULL;
    return find(e, who, s, TA_A_FEINT, t);
}

/* Whether the foe t may attack who on its next turn: within its range, or
 * its melee reach after two Moves. */
static int threatens(fray_encounter *e, int t, int who)
{
    const ta_creature *ct = ta_ccr(e, t);
    int rw = ta_ranged_weapon(e, t), mw = ta_melee_weapon(e, t), d = ta_dist(e, t, who);
    if (rw >= 0 && d <= ct->w[rw].increment * (fray_opt(e, TA_OPT_MAX_INCREMENTS) + 1))
        return 1;
    if (ct->nspells && d <= ct->sp[0].range)
        return 1;
    return mw >= 0 && d <= 2 * ta_speed(e, t) + ct->w[mw].reach + TA_SQUARE;
}

/* A move towards a foe that gets who somewhere (ta_move_goes: a Move that
 * stops where it stands, before deep water, a wall or out of reach of a
 * flyer, achieves nothing): flanking the nearest foe, else a Move to the
 * nearest foe it can get nearer to, else a Move: Straight (into the
 * water) towards one. */
static const fray_action *approach(fray_encounter *e, int who, src *s, int foe)
{
    const fray_action *k;
    if (foe >= 0 && (k = find(e, who, s, TA_A_FLANK, foe)) && ta_move_goes(e, k))
        return k;
    uint64_t done = 0; /* foes tried, a bit each */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < e->n; i++) {
            int t = -1, bd = 0;
            for (int u = 0; u < e->n; u++) { /* the nearest foe not yet tried */
                if (u >= 64 || ((done >> u) & 1u) || !ta_foes(e, who, u) || !fray_able(e, u))
                    continue;
                int d = ta_dist(e, who, u);
                if (t < 0 || d < bd)
                    t = u, bd = d;
            }
            if (t < 0)
                break;
            done |= (uint64_t)1 << t;
            if ((k = find(e, who, s, pass ? TA_A_STRAIGHT : TA_A_MOVE, t)) && ta_move_goes(e, k))
                return k;
        }
        done = 0;
    }
    return NULL;
}

static const fray_action *own_turn(fray_encounter *e, int who, src *s)
{
    const ta_creature *c = ta_ccr(e, who);
    const fray_action *k;
    if ((k = find(e, who, s, TA_A_COMMAND, -1)))
        return k;
    if ((k = find(e, who, s, TA_A_PUT_OUT, -1)))
        return k;
    if ((k = find(e, who, s, TA_A_STAND, -1)))
        return k;
    if ((k = find(e, who, s, TA_A_PICK_UP, -1)))
        return k;
    /* #Zero-G: Disadvantage on every attack until stabilized */
    if (e->c[who].res[TA_R_ACTIONS] >= 2 && (k = find(e, who, s, TA_A_STABILIZE, -1)))
        return k;
    const fray_action *best = NULL;
    int64_t bv = 0;
    int n;
    const fray_action *l = entries(e, who, s, TA_A_MELEE, &n);
    for (int i = 0; i < n; i++) {
        int64_t v = attack_value(e, &l[i], bv);
        if (v > bv) {
            bv = v;
            best = &l[i];
        }
    }
    /* a ranged attacker steps out of 5 ft first */
    if (best && best->kind == TA_A_RANGED && ta_melee_weapon(e, who) < 0 &&
        e->c[who].res[TA_R_ACTIONS] >= 2 && ta_dist(e, who, best->target) <= 2 * TA_SQUARE &&
        (k = find(e, who, s, TA_A_RETREAT, best->target)) && ta_move_goes(e, k))
        return k;
    /* #Cover: a shooter with its whole turn ahead steps behind an object
     * first: the foe's shots back have Disadvantage */
    if (best && (best->kind == TA_A_RANGED || best->kind == TA_A_CAST) &&
        e->c[who].res[TA_R_ACTIONS] >= 3 && (k = find(e, who, s, TA_A_COVER, best->target)) &&
        ta_move_goes(e, k))
        return k;
    if (best) {
        if ((k = trip_first(e, who, best, s)) || (k = feint_first(e, who, best, s)))
            return k;
        return best;
    }
    int foe = nearest_foe(e, who); /* nothing to attack: where to go */
    if (c->energy_max > 0 && c->nspells && (k = find(e, who, s, TA_A_FOCUS, -1)) &&
        (foe < 0 || !ta_in_reach(e, foe, who, 2 * TA_SQUARE)))
        return k;
    if ((k = approach(e, who, s, foe))) {
        /* too far to reach this turn and two Actions left: ready instead */
        const fray_action *r;
        if (k->kind == TA_A_MOVE && k->target == foe && (r = find(e, who, s, TA_A_READY, -1)) &&
            ta_dist(e, who, foe) > ta_speed(e, who) + 3 * TA_SQUARE &&
            ta_dist(e, who, foe) <= ta_speed(e, foe) + 2 * TA_SQUARE && c->speed < ta_speed(e, foe))
            return r;
        return k;
    }
    /* #Dodge: nothing to attack and nowhere to go, a foe that may attack
     * next turn gets Disadvantage */
    if (!fray_has(e, who, TA_C_DODGING))
        for (int t = 0; t < e->n; t++)
            if (ta_foes(e, who, t) && fray_able(e, t) && threatens(e, t, who))
                return find(e, who, s, TA_A_DODGE, -1);
    return NULL;
}

int ta_policy(fray_encounter *e, int who, int window, const fray_action *trig,
              const fray_action *l, int n)
{
    (void)trig;
    /* not src s = {...}: that zeroes the parts' buffers, unused with a
     * whole list (a memset of kilobytes a call: 6% of a skirmish) */
    src s;
    s.l = l;
    s.n = n;
    s.built = 0;
    const fray_action *k = NULL;
    if (window == FRAY_WIN_TRIGGERED)
        k = find(e, who, &s, TA_A_READIED, -1);
    else if (window == FRAY_WIN_WAITING)
        k = find(e, who, &s, TA_A_ENTER, -1);
    else if (window == FRAY_WIN_ACT) {
        ta_sit_begin(e);
        k = own_turn(e, who, &s);
        ta_sit_end();
    }
    return k ? (int)(k - l) : -1;
}

/* The decide hook: own_turn's choice from legal's parts, listed as it asks
 * for them. The other windows, and a list that might not fit in
 * FRAY_MAX_LEGAL (a part would then hold what the whole list drops), get
 * the whole list. */
int ta_decide(fray_encounter *e, int who, int window, const fray_action *trig, fray_action *out)
{
    (void)trig;
    if (window != FRAY_WIN_ACT || !ta_legal_acts(e, who))
        return FRAY_DECIDE_LIST;
    src s;
    s.l = NULL;
    s.built = 0;
    int n, m;
    ta_sit_begin(e); /* situation.c: the pairs' answers kept while it decides */
    entries(e, who, &s, TA_A_MELEE, &n);
    entries(e, who, &s, TA_A_DODGE, &m);
    const fray_action *k = NULL;
    int fits = n + m + ta_legal_bound(e, who, TA_PART_MOVES) +
               ta_legal_bound(e, who, TA_PART_MANEUVERS) <= FRAY_MAX_LEGAL;
    if (fits)
        k = own_turn(e, who, &s);
    ta_sit_end();
    if (!fits)
        return FRAY_DECIDE_LIST;
    if (!k)
        return FRAY_DECIDE_PASS;
    *out = *k;
    return FRAY_DECIDE_TAKE;
}

/* Push as far as a critical success allows; take a disarmed weapon. */
int ta_answer(fray_encounter *e, int who, int q, uint32_t allowed, const fray_action *ctx)
{
    (void)e, (void)who, (void)ctx;
    int want = q == TA_Q_PUSH ? 2 : TA_DISARM_TAKE;
    if ((allowed >> want) & 1u)
        return want;
    for (int k = 0; k < 32; k++)
        if ((allowed >> k) & 1u)
            return k;
    return 0;
}
