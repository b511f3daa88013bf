/* rules.h: what the files of the energy ruleset's hooks share (ruleset.c,
 * damage.c, legal.c, combat.c, actions.c, rounds.c): the accessors, the
 * payer of Energy costs, and the functions one part calls in another.
 * Internal to src/rules/energy/. */
#ifndef EN_RULES_H
#define EN_RULES_H

#include "energy.h"

#define RULE(h) EN_RULE(h)

/* The core's links (geometry.h) the energy rules use: a Restrain's hold. */
enum { EN_LINK_HOLD = 0 };

extern const fray_action_info en_actions[EN_NACTIONS];

/* ---- Access ---- */

/* fray_priv and fray_cpriv, with the block's size known here without
 * reading it: creature_size is sizeof(en_creature) (ruleset.c), so the
 * index is a constant multiply, not one by a size loaded from e. */
static inline en_creature *cr(fray_encounter *e, int i)
{
    return (en_creature *)(void *)(e->priv + (size_t)i * sizeof(en_creature));
}
static inline const en_creature *ccr(const fray_encounter *e, int i)
{
    return (const en_creature *)(const void *)(e->priv + (size_t)i * sizeof(en_creature));
}
static inline en_state *st(fray_encounter *e) { return (en_state *)e->state; }

static inline const en_weapon *hand(const en_creature *c)
{
    return c->wielded >= 0 && c->wielded < c->nw ? &c->w[c->wielded] : NULL;
}
static inline const en_weapon *melee_weapon(const en_creature *c)
{
    const en_weapon *w = hand(c);
    return w && !(w->props & EN_W_RANGED) ? w : NULL;
}


static inline int reach_of(const fray_encounter *e, int a, int b, int reach_m)
{
    return en_reach_cm(ccr(e, a)->size, reach_m, ccr(e, b)->size);
}


static inline int weapon_reach(const en_creature *c)
{
    const en_weapon *w = melee_weapon(c);
    return w ? w->reach : 0;
}

/* Every condition `who` has, one bit per EN_C_* (the core keeps the mask). */
static inline unsigned conds(const fray_encounter *e, int who) { return (unsigned)e->c[who].cmask; }
#define HAS(mask, k) (((mask) >> (k)) & 1u)

static inline int speed_of(const en_creature *c, unsigned mine)
{
    int s = c->d.speed_cm;
    /* #Conditions, Slowed: "Your Speed is halved (the Speed left is rounded up)" */
    if (HAS(mine, EN_C_SLOWED))
        s = (s + 1) / 2;
    return s;
}

static inline int speed_cm(const fray_encounter *e, int who) { return speed_of(ccr(e, who), conds(e, who)); }

/* #Conditions: Shaken and Exhausted "may not spend Stamina". */
static inline int stamina_ok(unsigned mine)
{
    return !HAS(mine, EN_C_SHAKEN) && !HAS(mine, EN_C_EXHAUSTED);
}

static inline int agility_ok(unsigned mine)
{
    /* Slowed: "you may not use Agility" */
    return !HAS(mine, EN_C_SLOWED);
}

/* How `cost` Energy can be paid: 0 with Energy, EN_ARG_STAMINA with one
 * Stamina in place of one Energy (#Stamina: "Once per Round, you may spend 1
 * Stamina when you would normally spend 1 Energy"), -1 not at all. A
 * creature never spends its last Stamina this way: it would fall unconscious.
 * A payer holds what that reads of the creature, for the legal actions that
 * ask it about many costs. */
typedef struct payer {
    int en;      /* Energy */
    int sub;     /* one Stamina may stand in for one Energy */
} payer;

static inline payer payer_of(const fray_encounter *e, int who, unsigned mine)
{
    payer p = {fray_res(e, who, EN_R_ENERGY), 0};
    p.sub = !ccr(e, who)->stamina_as_energy && stamina_ok(mine) && fray_res(e, who, EN_R_STAMINA) >= 2;
    return p;
}

static inline int pay_arg(const payer *p, int cost)
{
    if (cost <= p->en)
        return 0;
    if (cost >= 1 && cost - 1 <= p->en && p->sub)
        return EN_ARG_STAMINA;
    return -1;
}

static inline int can_pay_arg(const fray_encounter *e, int who, int cost)
{
    if (cost <= fray_res(e, who, EN_R_ENERGY))
        return 0; /* the common case, without reading the conditions */
    payer p = payer_of(e, who, conds(e, who));
    return pay_arg(&p, cost);
}



/* The dice failed (a script that ran out, a roll a person did not enter):
 * every later draw reads 1, so nothing rolled from here on happened. What
 * the rolls would decide is neither applied nor reported; the fight stops
 * with the dice's error at the end of the step. */
static inline int dice_out(const fray_encounter *e) { return e->dice.error != 0; }

static inline void face(fray_encounter *e, int who, int target)
{
    /* #Facing: "Turning around does not take Energy or any other resource." */
    if (target >= 0 && target != who && (e->c[target].x != e->c[who].x || e->c[target].y != e->c[who].y))
        e->c[who].facing = fray_facing_towards(e, who, target);
}

/* a foe still able to fight, for fray_nearest */
static inline int able_foe(const fray_encounter *e, int who, int i) { return en_foe(e, who, i) && fray_able(e, i); }

static inline int can_attack(unsigned mine)
{
    /* Restrained: "no movement or attack actions"; Restraining: "You may not
     * make any attack actions." */
    return !HAS(mine, EN_C_RESTRAINED) && !HAS(mine, EN_C_RESTRAINING);
}

static inline int can_move(const en_creature *c, unsigned mine)
{
    /* Prone: "sprawled out on the ground, which may limit what you are able
     * to do": no moves until the creature kneels and stands. */
    return !HAS(mine, EN_C_RESTRAINED) && !HAS(mine, EN_C_PRONE) && !c->kneeling;
}

static inline int ranged_cost(const fray_encounter *e, const en_creature *c, const en_weapon *w)
{
    /* #Martial Proficiency Level: "must spend an additional Energy on your
     * Ranged Attacks with the weapon" */
    return fray_opt(e, EN_O_RANGED_COST) + (en_weapon_proficient(c, w) ? 0 : 1);
}

static inline int side_arm(const en_weapon *w)
{
    /* #Actions, Stow/Equip: "a side arm, or otherwise easily accessible item
     * takes only 1 Energy. Most other items require 2 Energy" */
    return (w->props & (EN_W_SIDEARM | EN_W_LIGHT)) != 0;
}

static inline int target_ok(const fray_encounter *e, int who, int t)
{
    return t != who && en_foe(e, who, t) && fray_able(e, t);
}

static inline int is_move(int kind)
{
    return kind == EN_A_RUN || kind == EN_A_SPRINT || kind == EN_A_QUICK_RUN || kind == EN_A_SHIFT ||
           kind == EN_A_JUMP || kind == EN_A_AGILE_MOVE;
}

static inline int is_attack(int kind)
{
    return kind == EN_A_MELEE || kind == EN_A_RANGED || kind == EN_A_UNARMED || kind == EN_A_TRIP ||
           kind == EN_A_DISARM || kind == EN_A_RESTRAIN || kind == EN_A_PUSH;
}

/* Whether `who` may roll Initiative against the declared action `trigger`
 * (#Initiative: "in response to another creature's action"): any creature
 * against any action but an Immediate Interrupt or an Initiative; with
 * option initiative_any 0, only the creature an attack targets. */
static inline int initiative_window(const fray_encounter *e, int who, const fray_action *trigger)
{
    if (trigger->actor == who || trigger->kind == EN_A_SWIFT || trigger->kind == EN_A_INITIATIVE ||
        trigger->kind == EN_A_AGILE_MOVE)
        return 0;
    return fray_opt(e, EN_O_INITIATIVE_ANY) || (is_attack(trigger->kind) && trigger->target == who);
}

static inline int defense_dis(const fray_encounter *e, int t, int evasion_roll)
{
    /* Surprised and Dazed: Disadvantage on Defense rolls; Blinded and Prone:
     * on Evasion rolls. */
    return fray_has(e, t, EN_C_SURPRISED) || fray_has(e, t, EN_C_DAZED) ||
           (evasion_roll && (fray_has(e, t, EN_C_BLINDED) || fray_has(e, t, EN_C_PRONE)));
}

static inline int attack_dis(const fray_encounter *e, int who)
{
    /* Dazed and Blinded: "Disadvantage on all Attack rolls" */
    return fray_has(e, who, EN_C_DAZED) || fray_has(e, who, EN_C_BLINDED);
}

static inline void end_defending(fray_encounter *e, int who)
{
    /* Defend "lasts until you make an attack, cast a spell, or move more than
     * your Speed during a Round" */
    if (fray_has(e, who, EN_C_DEFENDING))
        fray_cond_remove(e, who, EN_C_DEFENDING);
}

/* ---- A list of legal actions being written ---- */

static inline int add_paid(fray_list *b, const payer *p, int kind, int who, int target, int cost, int arg)
{
    int how = pay_arg(p, cost);
    if (how < 0)
        return 0;
    fray_list_add(b, kind, who, target, arg | how, 0, 0);
    return 1;
}

/* ---- One decision's reading of the field (legal.c) ---- */

/* What one list of legal actions reads about a target t many times, computed
 * once: the distance and the offset from `who` to t, and who's reaches. */
typedef struct foe_view {
    int64_t d2;        /* the squared distance from who to t: en_view_d */
    int dx, dy;        /* t's position minus who's */
    int reach;         /* who's melee reach against t (its weapon's Reach), cm */
    int unarmed;       /* who's Unarmed reach (Reach 0) against t, cm */
    int to_x, to_y;    /* the point 1 m towards t (Shift, Agile Move) */
    int from_x, from_y;/* the point 1 m away from t */
    int loss;          /* movement a run towards t loses to turning, -1 not yet known */
    int run_m;         /* the last run towards t that approach() planned, cm, -1 none */
    int run_x, run_y;  /* where it ends: a Run, Quick Run or Jump stopped by the */
                       /* reach often ends at the same point, computed once */
} foe_view;

/* What a creature's actions in FRAY_WIN_ACT depend on, read once per
 * decision: its conditions, how it pays, the foes it may target and its
 * view of each. The list of legal actions is written from it kind by kind
 * (en_legal_kinds), so that the policy can ask for only the kinds it looks
 * at, in the order it looks (policy.c), and get each kind's entries in the
 * same order as in the whole list. */
typedef struct en_look {
    fray_encounter *e;
    int who;
    const en_creature *c;
    unsigned mine;                       /* conds(e, who) */
    int en;                              /* fray_res(e, who, EN_R_ENERGY) */
    uint32_t foes;                       /* bit t: target_ok(e, who, t), views[t] set */
    /* the foes within who's melee reach (en_view_d(k, t) <= reach) and
     * within its Unarmed reach: the only ones an attack of each kind may
     * target */
    uint32_t near, near_unarmed;
    uint32_t unguarded;                  /* the Unguarded foes: a Swift Attack's targets */
    int allies;                          /* an able creature of who's side but who */
    uint32_t stepped;                    /* bit t: views[t]'s steps (to_x...) are set */
    int attacks;                         /* can_attack(mine) */
    /* read by the moves, once (mv_ready): speed, how the costs are paid;
     * what only the runs read, once they ask (runs_ready) */
    int mv_ready, moves_ok, agile_ok, sp, pay1, agility2;
    int runs_ready, pay2, pay3, stamina, extra, jcost, jd, jpay;
    foe_view views[FRAY_MAX_COMBATANTS];
} en_look;

/* floor(sqrt(d2)) <= r, asked of the square: d2 < (r + 1)^2 for r >= 0 */
static inline int en_within_sq(int64_t d2, int r)
{
    return r >= 0 && d2 < (int64_t)(r + 1) * (r + 1);
}

/* fray_distance(e, who, t) for foe t of the look. Its root is taken only
 * when asked (the core's memo keeps it): the tests against a reach are
 * asked of the square (en_within_sq), and a decision branching on them
 * then does not wait for a square root. */
static inline int en_view_d(const en_look *k, int t)
{
    return fray_distance_sq(k->e, k->who, t, k->views[t].d2);
}

/* pay_arg for the look's creature: whether Stamina may stand in for Energy
 * (payer_of) is read only for a cost above its Energy, which most are not. */
static inline int en_look_pay(const en_look *k, int cost)
{
    return cost <= k->en ? 0 : can_pay_arg(k->e, k->who, cost);
}

#define EN_KIND(k) (1u << (k))
/* Not a kind: the moves away from a foe (Run, Shift, Agile Move with
 * EN_ARG_AWAY), written only when this bit is asked for too. */
#define EN_AWAY_MOVES (1u << 31)
#define EN_ALL_KINDS (((1u << EN_NACTIONS) - 1u) | EN_AWAY_MOVES)
_Static_assert(EN_NACTIONS <= 31, "the kinds and EN_AWAY_MOVES share one 32-bit mask");
/* The kinds add_moves and add_agile write: the policy compares them with one
 * another in list order, so they are always written together. */
#define EN_MOVE_KINDS (EN_KIND(EN_A_SHIFT) | EN_KIND(EN_A_RUN) | EN_KIND(EN_A_SPRINT) | \
                       EN_KIND(EN_A_QUICK_RUN) | EN_KIND(EN_A_JUMP) | EN_KIND(EN_A_AGILE_MOVE))

/* The kinds add_attacks writes (one per foe each), and the kinds that
 * concern no foe's position (add_own, and Load). */
#define EN_ATTACK_KINDS (EN_KIND(EN_A_MELEE) | EN_KIND(EN_A_SWIFT) | EN_KIND(EN_A_UNARMED) | \
                         EN_KIND(EN_A_TRIP) | EN_KIND(EN_A_DISARM) | EN_KIND(EN_A_RESTRAIN) | \
                         EN_KIND(EN_A_PUSH) | EN_KIND(EN_A_RANGED))
#define EN_OWN_KINDS (EN_KIND(EN_A_KNEEL) | EN_KIND(EN_A_STAND) | EN_KIND(EN_A_DEFEND) | \
                      EN_KIND(EN_A_STOW) | EN_KIND(EN_A_EQUIP) | EN_KIND(EN_A_PICK_UP) | \
                      EN_KIND(EN_A_CATCH_BREATH) | EN_KIND(EN_A_ESCAPE) | EN_KIND(EN_A_RELEASE))

void en_look_init(en_look *k, fray_encounter *e, int who);
/* Whether who's whole list is sure to fit in FRAY_MAX_LEGAL entries. */
int en_look_fits(const en_look *k);
/* Append to b, in the order of the whole list, who's legal actions in
 * FRAY_WIN_ACT of the kinds in `kinds` (bit k for kind k). */
void en_legal_kinds(en_look *k, fray_list *b, uint32_t kinds);
/* One entry of the list, as en_legal_kinds writes it, for the policy that
 * asks about one kind (and one foe) at a time: 1 with the entry in *a when
 * the list holds it, 0 when not. en_attack_entry: attack `kind` on foe t
 * (t in k->foes; the caller checked k->attacks); en_own_entry: Load or an
 * action of EN_OWN_KINDS but Equip; en_equip_entry: Equip of weapon i. */
static inline int en_attack_entry(const en_look *k, int kind, int t, fray_action *a)
{
    const fray_encounter *e = k->e;
    int who = k->who;
    const en_creature *c = k->c;
    const en_creature *tc = ccr(e, t);
    const foe_view *v = &k->views[t];
    int wr = (k->near >> t) & 1u, ur = (k->near_unarmed >> t) & 1u; /* v->reach, v->unarmed */
    int cost, arg = 0;
    switch (kind) {
    case EN_A_MELEE:
        if (!c->d.hand_melee || !wr)
            return 0;
        cost = 3;
        break;
    case EN_A_SWIFT:
        if (c->swift_used || !wr || !fray_has(e, t, EN_C_UNGUARDED))
            return 0;
        cost = 1;
        break;
    case EN_A_UNARMED:
        if (!ur)
            return 0;
        cost = 2;
        break;
    case EN_A_TRIP:
        /* #Trip/Push Down: "The target cannot be more than one Size
         * Category larger than you." */
        if (!wr || tc->size > c->size + 1)
            return 0;
        cost = 3;
        break;
    case EN_A_DISARM: {
        /* #Disarm: "against an opponent which is facing you"; "Light
         * weapons may not Disarm Heavy weapons." */
        if (!wr)
            return 0;
        const en_weapon *tw = hand(tc), *mw = melee_weapon(c);
        if (!tw || !fray_faces(e, t, e->c[who].x, e->c[who].y) ||
            (mw && (mw->props & EN_W_LIGHT) && (tw->props & EN_W_HEAVY)))
            return 0;
        cost = 3;
        break;
    }
    case EN_A_RESTRAIN:
        /* #Restrain, #Push: "The target cannot be a larger Size Category" */
        if (!ur || tc->size > c->size || fray_link_holder(e, EN_LINK_HOLD, t) >= 0 ||
            fray_link_held(e, EN_LINK_HOLD, who) >= 0)
            return 0;
        cost = 2;
        break;
    case EN_A_PUSH:
        if (!ur || tc->size > c->size)
            return 0;
        cost = 2;
        break;
    case EN_A_RANGED: {
        /* a loaded ranged weapon shoots, any other weapon is thrown, out
         * to the third range number (read here: only a creature with a
         * weapon in hand asks) */
        const en_weapon *hw = hand(c);
        if (!hw || !en_within_sq(v->d2, c->d.hand_range_cm))
            return 0;
        if (hw->props & EN_W_RANGED) {
            if (hw->load && !c->loaded)
                return 0;
            cost = ranged_cost(e, c, hw);
        } else {
            cost = fray_opt(e, EN_O_RANGED_COST);
            arg = EN_ARG_THROW;
        }
        break;
    }
    default:
        return 0;
    }
    int how = en_look_pay(k, cost);
    if (how < 0)
        return 0;
    *a = (fray_action){.kind = (int16_t)kind, .actor = (int16_t)who, .target = (int16_t)t,
                       .arg = (int16_t)(arg | how)};
    return 1;
}

/* The foes an attack of `kind` may target at all (a subset of k->foes, in
 * its order): the reach each kind needs, as en_attack_entry tests it, and
 * none for a Swift Attack already made this Round; the caller checked
 * k->attacks. The policy's loops then skip the foes out of reach. */
static inline uint32_t en_attack_foes(const en_look *k, int kind)
{
    switch (kind) {
    case EN_A_MELEE: case EN_A_TRIP: case EN_A_DISARM:
        return k->near;
    case EN_A_SWIFT:
        return k->c->swift_used ? 0 : k->near & k->unguarded;
    case EN_A_UNARMED: case EN_A_RESTRAIN: case EN_A_PUSH:
        return k->near_unarmed;
    default:
        return k->foes;
    }
}

/* an entry paid as p allows, written to a */
static inline int en_paid(const en_look *k, int kind, int target, int cost, int arg, fray_action *a)
{
    int how = en_look_pay(k, cost);
    if (how < 0)
        return 0;
    *a = (fray_action){.kind = (int16_t)kind, .actor = (int16_t)k->who, .target = (int16_t)target,
                       .arg = (int16_t)(arg | how)};
    return 1;
}

static inline int en_own_entry(const en_look *k, int kind, fray_action *a)
{
    const fray_encounter *e = k->e;
    int who = k->who;
    const en_creature *c = k->c;
    unsigned mine = k->mine;
    switch (kind) {
    case EN_A_LOAD:
        return c->d.hand_ranged && hand(c)->load && !c->loaded &&
               en_paid(k, EN_A_LOAD, -1, hand(c)->load, 0, a);
    case EN_A_KNEEL:
        return HAS(mine, EN_C_PRONE) && !HAS(mine, EN_C_RESTRAINED) && en_paid(k, kind, -1, 1, 0, a);
    case EN_A_STAND:
        return c->kneeling && !HAS(mine, EN_C_PRONE) && en_paid(k, kind, -1, 1, 0, a);
    case EN_A_DEFEND:
        return (!HAS(mine, EN_C_DEFENDING) || HAS(mine, EN_C_EXPOSED)) && en_paid(k, kind, -1, 1, 0, a);
    case EN_A_STOW: {
        const en_weapon *hw = hand(c);
        return hw && en_paid(k, kind, -1, side_arm(hw) ? 1 : 2, 0, a);
    }
    case EN_A_PICK_UP: {
        if (c->dropped < 0)
            return 0;
        int64_t dx = c->drop_x - e->c[who].x, dy = c->drop_y - e->c[who].y;
        return dx * dx + dy * dy <= 150 * 150 &&
               en_paid(k, kind, -1, fray_opt(e, EN_O_PICK_UP_COST), 0, a);
    }
    case EN_A_CATCH_BREATH:
        if (fray_res(e, who, EN_R_STAMINA) >= c->d.stamina_max || fray_res(e, who, EN_R_ENERGY) < 1)
            return 0;
        *a = (fray_action){.kind = EN_A_CATCH_BREATH, .actor = (int16_t)who, .target = -1};
        return 1;
    case EN_A_ESCAPE:
        return HAS(mine, EN_C_RESTRAINED) &&
               en_paid(k, kind, fray_link_holder(e, EN_LINK_HOLD, who), 3, 0, a);
    case EN_A_RELEASE: {
        int held = fray_link_held(e, EN_LINK_HOLD, who);
        if (held < 0)
            return 0;
        *a = (fray_action){.kind = EN_A_RELEASE, .actor = (int16_t)who, .target = (int16_t)held};
        return 1;
    }
    default:
        return 0;
    }
}

static inline int en_equip_entry(const en_look *k, int i, fray_action *a)
{
    const en_creature *c = k->c;
    return c->wielded < 0 && i != c->dropped && en_paid(k, EN_A_EQUIP, -1, side_arm(&c->w[i]) ? 1 : 2, i, a);
}

/* The entry of move `kind` (EN_MOVE_KINDS) on foe t (in k->foes): towards
 * it, or away with EN_ARG_AWAY in flags; a Shift paid with Agility with
 * EN_ARG_AGILITY, else with Energy. 1 with the entry in *a when the list
 * holds it. */
int en_move_entry(en_look *k, int kind, int t, int flags, fray_action *a);
/* The foes (bit t) who's list of FRAY_WIN_TRIGGERED for `trigger` holds a
 * Swift Attack against, in the list's order, each paid as *how (no
 * interrupt under way, who able). */
uint32_t en_swift_targets(fray_encounter *e, int who, const fray_action *trigger, int *how);
/* The policy's choice in FRAY_WIN_ACT from the kinds it asks for (policy.c):
 * 1 with the action in *pick, 0 to pass. */
int en_policy_act(fray_encounter *e, en_look *k, fray_action *pick);

/* ---- Shared between the parts ---- */

void en_unguard(fray_encounter *e, int who);
void en_pay(fray_encounter *e, int who, int cost, int arg);
void en_give(fray_encounter *e, int who, int cond, int expire, int round);
void en_expose(fray_encounter *e, int who);
void en_acted(fray_encounter *e, int who, int energy);
void en_set_stamina(fray_encounter *e, int who, int v);
void en_release_hold(fray_encounter *e, int holder);
void en_deal(fray_encounter *e, int src, int who, int base, int dtype, int halves, int nl_source,
                 int trades);
void en_make_death_save(fray_encounter *e, int who);
void en_offer_triggered(fray_encounter *e, const fray_action *a);
void en_melee(fray_encounter *e, const fray_action *a, int cost);
void en_ranged(fray_encounter *e, const fray_action *a);
int en_fortitude_roll(fray_encounter *e, int who, int adv);
int en_legal_act(fray_encounter *e, int who, fray_list *b);
int en_turn_loss(const fray_encounter *e, int who, int x, int y);
/* What a melee attack of `a` (Melee, Swift, Unarmed, a Combat Maneuver)
 * reads of the creatures before any die is rolled: resolve rolls it,
 * action_odds computes its exact odds. Each modifier goes to the next
 * event. */
typedef struct en_melee_plan {
    en_melee_in in;
    const en_weapon *w;  /* NULL: an Unarmed attack */
    int unarmed, maneuver;
    int full_av;         /* the AV before the Combat Maneuver's -5 */
    int unguards;        /* a Combat Maneuver on a target not Exposed */
    int nl, trades;      /* Non-Lethal source (-1 lethal) and AV traded */
} en_melee_plan;

/* What a ranged attack of `a` reads of the creatures before any die, as
 * en_melee_plan_of. The weapon in hand must be there (checked by the caller). */
typedef struct en_ranged_plan {
    en_ranged_in in;
    const en_weapon *w;
    int thrown, nl, trades;
} en_ranged_plan;

void en_melee_plan_of(fray_encounter *e, const fray_action *a, en_melee_plan *m);
void en_ranged_plan_of(fray_encounter *e, const fray_action *a, en_ranged_plan *m);
int en_action_odds(fray_encounter *e, const fray_action *a, json_t **out, char *err,
                       size_t errlen);
int en_legal(fray_encounter *e, int who, int window, const fray_action *trigger, fray_action *out,
                 int max);
void en_resolve(fray_encounter *e, const fray_action *a);
int en_may_answer(const fray_encounter *e, int who, int window, const fray_action *trigger);
int en_decide(fray_encounter *e, int who, int window, const fray_action *trigger, fray_action *out);
int en_policy_won(fray_encounter *e, int who, const fray_action *won, fray_action *out);
/* The Agile Moves the attacker of `a` needs to follow its target, standing
 * at (tx, ty), back within Reach (actions.c:follow), where they end in
 * (*x, *y); 0 when it cannot follow. */
int en_follow_steps(const fray_encounter *e, const fray_action *a, int tx, int ty, int *x, int *y);
/* The entry of `kind` (EN_A_INITIATIVE, or EN_A_AGILE_MOVE away from the
 * attacker) in who's list of FRAY_WIN_DECLARED for the declared action
 * `trigger` (no interrupt under way): 1 with it in *a, 0 when the list does
 * not hold one. */
int en_declared_entry(const fray_encounter *e, int who, const fray_action *trigger, int kind,
                      fray_action *a);
int en_next_actor(fray_encounter *e);
void en_act_order(const fray_encounter *e, int *order);
void en_pass(fray_encounter *e, int who, int window);
void en_start_combat(fray_encounter *e);
void en_start_round(fray_encounter *e);
void en_end_round(fray_encounter *e);
void en_enter_combat(fray_encounter *e, int i);

void en_knock_out(fray_encounter *e, int who, int cause);

#endif
