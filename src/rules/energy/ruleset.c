/* ruleset.c: the energy ruleset's hooks: Rounds without turns, the
 * scheduler, the legal actions, their resolution with Initiative, Immediate
 * Interrupts and Swift Attacks, damage, death and rests. */
#include <stdio.h>
#include <string.h>

#include "energy.h"
#include "odds.h"

#define RULE(h) EN_RULE(h)

const char *const en_condition_names[EN_NCOND] = {
    "Exposed", "Shaken",    "Exhausted",   "Dazed",       "Blinded",   "Slowed",
    "Prone",   "Surprised", "Unguarded",   "Restrained",  "Restraining", "Unconscious",
    "Defending", "Stabilized", "Bleeding"};

static const char *const resource_names[EN_NRES] = {"Energy", "Stamina", "Agility", "Aura",
                                                    "Recovery Surges"};

/* #Conditions: "If one condition is imposing another condition ... you
 * cannot remove the daughter condition without removing the parent."
 *  parent -> daughter (-1 none) */
static const int en_daughter[EN_NCOND] = {
    [EN_C_EXPOSED] = -1,         [EN_C_SHAKEN] = -1,     [EN_C_EXHAUSTED] = -1,
    [EN_C_DAZED] = EN_C_EXPOSED, [EN_C_BLINDED] = EN_C_UNGUARDED,
    [EN_C_SLOWED] = -1,          [EN_C_PRONE] = EN_C_EXPOSED,
    [EN_C_SURPRISED] = EN_C_UNGUARDED, [EN_C_UNGUARDED] = EN_C_EXPOSED,
    [EN_C_RESTRAINED] = EN_C_EXPOSED,  [EN_C_RESTRAINING] = EN_C_SLOWED,
    [EN_C_UNCONSCIOUS] = EN_C_UNGUARDED, [EN_C_DEFENDING] = -1,
    [EN_C_STABILIZED] = -1,      [EN_C_BLEEDING] = -1};

static const fray_action_info en_actions[EN_NACTIONS] = {
    [EN_A_MELEE] = {"Melee Attack", "3 Energy", "attack a target within your Reach (Combat roll, AV against Evasion)",
        "#Melee Attacks: a melee weapon in hand and a foe within its Reach; not while Restrained or Restraining (#Restrain)"},
    [EN_A_RANGED] = {"Ranged Attack", "1 Energy (option ranged_attack_cost; the Actions list says 2)", "shoot or throw: Hit roll against Miss Chance",
        "#Ranged Attacks: a loaded ranged weapon, or a weapon to throw, in hand and a foe within its third range number; not while Restrained or Restraining"},
    [EN_A_LOAD] = {"Load", "the weapon's Load Energy", "load a ranged weapon with ammunition",
        "#Actions (Load): a ranged weapon with a Load value in hand, not yet loaded"},
    [EN_A_SHIFT] = {"Shift", "1 Energy or 2 Agility", "move 1 m",
        "#Actions (Run, Shift; Prone in #Conditions): not Restrained, Prone or kneeling"},
    [EN_A_RUN] = {"Run", "3 Energy (1 per third of Speed actually run)", "run your Speed; turning sharply costs movement",
        "#Actions (Run, Shift; Prone in #Conditions): not Restrained, Prone or kneeling"},
    [EN_A_SPRINT] = {"Sprint", "3 Energy + 1 Stamina", "a full Run plus extra metres from Leg Strength",
        "#Actions (Sprint): 1 Stamina; not Restrained, Prone or kneeling"},
    [EN_A_QUICK_RUN] = {"Quick Run", "2 Energy", "run two thirds of your Speed",
        "#Actions (Run, Shift; Prone in #Conditions): not Restrained, Prone or kneeling"},
    [EN_A_AGILE_MOVE] = {"Agile Move", "1 Agility (Immediate Interrupt; once per Energy spent on non-movement actions)", "move 1 m",
        "#Agility: an Agile Move earned by Energy spent on non-movement actions this Round and 1 Agility; not Slowed, Restrained, Prone or kneeling"},
    [EN_A_JUMP] = {"Jump", "1 Energy + 1 Stamina after moving 2 m, else 2 Energy + 1 Stamina", "jump; land Unguarded",
        "#Actions (Jump): 1 Stamina; not Restrained, Prone or kneeling"},
    [EN_A_KNEEL] = {"Kneel From Prone", "1 Energy", "right yourself from Prone; become Unguarded",
        "#Actions (Kneel From Prone): Prone, and not Restrained"},
    [EN_A_STAND] = {"Stand Up", "1 Energy", "stand up from kneeling",
        "#Actions (Kneel From Prone): kneeling after righting yourself, no longer Prone"},
    [EN_A_DEFEND] = {"Defend", "1 Energy", "end your own Unguarded and Exposed; win ties on your Defenses",
        "#Actions (Defend): not Defending already (unless Exposed)"},
    [EN_A_STOW] = {"Stow Item", "1 Energy (side arm) or 2 Energy", "put away the weapon in hand",
        "#Actions (Stow/Equip an Item): a weapon in hand"},
    [EN_A_EQUIP] = {"Equip Item", "1 Energy (side arm) or 2 Energy", "take a weapon in hand",
        "#Actions (Stow/Equip an Item): an empty hand and a weapon carried (not one on the ground)"},
    [EN_A_PICK_UP] = {"Pick Up Item", "1 Energy and Exposed (option pick_up_cost; the Actions list says 2)", "pick up your weapon from the ground",
        "#Actions (Pick Up an Item): your dropped weapon within 1.5 m"},
    [EN_A_CATCH_BREATH] = {"Catch Your Breath", "3 Energy (or all your Energy)", "regain 1 Stamina",
        "#Actions (Catch Your Breath): Stamina below its maximum and at least 1 Energy"},
    [EN_A_UNARMED] = {"Unarmed Attack", "2 Energy", "a melee attack with Reach 0; damage MASAB (min 1)",
        "#Unarmed Attacks: a foe within Reach 0; not while Restrained or Restraining"},
    [EN_A_SWIFT] = {"Swift Attack", "1 Energy (Immediate Interrupt, once per Round)", "a melee attack on an Unguarded creature or one moving through your Reach",
        "#Swift Attacks: once per Round, a foe within your weapon's Reach that is Unguarded (or, as an Immediate Interrupt, moves through your Reach while you face it)"},
    [EN_A_TRIP] = {"Trip", "3 Energy", "Trip/Push Down: melee attack at -5 AV; failed Fortitude roll knocks Prone",
        "#Trip/Push Down: a foe within your weapon's Reach, at most one Size Category larger than you"},
    [EN_A_DISARM] = {"Disarm", "3 Energy", "melee attack at -5 AV; failed Fortitude roll drops the weapon",
        "#Disarm: a foe within your weapon's Reach, holding a weapon and facing you; Light weapons may not Disarm Heavy weapons"},
    [EN_A_RESTRAIN] = {"Restrain", "2 Energy", "Unarmed attack at -5 AV; a hit Restrains the target",
        "#Restrain: a foe within Reach 0, not a larger Size Category; neither of you holding or held already"},
    [EN_A_ESCAPE] = {"Escape", "3 Energy", "Fortitude roll against the restrainer's Fortitude roll",
        "#Restrain: you are Restrained"},
    [EN_A_PUSH] = {"Push", "2 Energy", "Unarmed attack at -5 AV; failed Fortitude roll pushes 1 m (3 m after a Sprint of 3 m)",
        "#Push: a foe within Reach 0, not a larger Size Category"},
    [EN_A_RELEASE] = {"Release", "0 Energy", "let go of a creature you are Restraining",
        "#Restrain: you are Restraining a creature"},
    [EN_A_INITIATIVE] = {"Initiative", "once per Round, no Energy; the action it wins costs its own", "roll to act before a declared attack",
        "#Initiative: an attack declared against you, once per Round, and 1 Energy (or Stamina) for the action it wins"},
};

static const fray_option_info en_options[EN_NOPTS] = {
    [EN_O_RANGED_COST] = {"ranged_attack_cost", 1, 1, 2, "Energy of a Ranged Attack: the Ranged Attack paragraphs say 1, the Actions list says 2; a bow's Load adds 1, so a shot still takes 2"},
    [EN_O_PICK_UP_COST] = {"pick_up_cost", 1, 1, 2, "Energy to pick an item off the ground: the paragraph says 1 (and Exposed), the Actions list says 2"},
    [EN_O_EXPOSED_ROUNDS] = {"exposed_rounds", 0, 0, 1, "default length of Exposed: 0 until the end of the Round (the Exposed section), 1 until the end of the next Round (the Conditions list)"},
    [EN_O_MC_SIZE_TABLE] = {"mc_size_table", 0, 0, 1, "Miss Chance size modifier: 0 the Miss Chance Size Modifier table, 1 the Size Chart column (they differ for Diminutive and Fine)"},
    [EN_O_RANGED_ARMOUR] = {"ranged_armour_rule", 0, 0, 1, "ranged armour: 0 armour counts when the Hit roll is less than ranged Coverage (the formula), 1 when it is greater or equal (the sentence)"},
    [EN_O_NONLETHAL_EFFECT] = {"nonlethal_effect", 0, 0, 2, "Non-Lethal damage at 0 Aura: 0 both paragraphs (Exhausted to the end of next Round, and Shaken to a Short Rest with 5 Stamina lost), 1 Exhausted only, 2 Shaken and Stamina only"},
    [EN_O_SPRINT_EXTRA] = {"sprint_extra_m", 2, 0, 10, "metres a Sprint adds to a Run before Leg Strength (the Leg Strength section is not in the text): extra = this + Leg Strength"},
    [EN_O_SHORT_REST_MIN] = {"short_rest_minutes", 30, 5, 30, "length of a Short Rest: one Recovery Surge may be spent every 5 minutes"},
    [EN_O_SWIFT_ON_ENTER] = {"swift_on_enter", 1, 0, 1, "a move that ends inside your maximum Reach counts as moving through it (1) or only a move that enters and leaves does (0)"},
    [EN_O_AGILE_BANKED] = {"agile_move_banked", 1, 0, 1, "Agile Moves earned by Energy spent on non-movement actions: 1 kept for the rest of the Round (and usable as an Immediate Interrupt against an attack), 0 lost as soon as another creature acts"},
    [EN_O_INIT_DEX] = {"initiative_dex", 1, 0, 1, "Initiative roll = 1d20 + Initiative points, plus the Dexterity modifier when 1 (the Skills section is not in the text)"},
};

/* ---- Access ---- */

static en_creature *cr(fray_encounter *e, int i) { return fray_priv(e, i); }
static const en_creature *ccr(const fray_encounter *e, int i) { return fray_cpriv(e, i); }
static en_state *st(fray_encounter *e) { return (en_state *)e->state; }
static int res(const fray_encounter *e, int i, int r) { return e->c[i].res[r]; }
static int has(const fray_encounter *e, int i, int k) { return fray_has(e, i, k); }
static int able(const fray_encounter *e, int i) { return e->c[i].status == FRAY_ABLE; }

static const en_weapon *hand(const en_creature *c)
{
    return c->wielded >= 0 && c->wielded < c->nw ? &c->w[c->wielded] : NULL;
}
static const en_weapon *melee_weapon(const en_creature *c)
{
    const en_weapon *w = hand(c);
    return w && !(w->props & EN_W_RANGED) ? w : NULL;
}

int en_foe(const fray_encounter *e, int a, int b) { return e->c[a].side != e->c[b].side; }

static int reach_of(const fray_encounter *e, int a, int b, int reach_m)
{
    return en_reach_cm(ccr(e, a)->size, reach_m, ccr(e, b)->size);
}

int en_in_reach(const fray_encounter *e, int a, int b, int reach_m)
{
    return fray_distance(e, a, b) <= reach_of(e, a, b, reach_m);
}

static int weapon_reach(const en_creature *c)
{
    const en_weapon *w = melee_weapon(c);
    return w ? w->reach : 0;
}

/* Every condition `who` has, one bit per EN_C_* (the core keeps the mask). */
static unsigned conds(const fray_encounter *e, int who) { return (unsigned)e->c[who].cmask; }
#define HAS(mask, k) (((mask) >> (k)) & 1u)

static int speed_of(const en_creature *c, unsigned mine)
{
    int s = c->d.speed_cm;
    /* #Conditions, Slowed: "Your Speed is halved (the Speed left is rounded up)" */
    if (HAS(mine, EN_C_SLOWED))
        s = (s + 1) / 2;
    return s;
}

static int speed_cm(const fray_encounter *e, int who) { return speed_of(ccr(e, who), conds(e, who)); }

/* #Conditions: Shaken and Exhausted "may not spend Stamina". */
static int stamina_ok(unsigned mine)
{
    return !HAS(mine, EN_C_SHAKEN) && !HAS(mine, EN_C_EXHAUSTED);
}

static int agility_ok(unsigned mine)
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

static payer payer_of(const fray_encounter *e, int who, unsigned mine)
{
    payer p = {res(e, who, EN_R_ENERGY), 0};
    p.sub = !ccr(e, who)->stamina_as_energy && stamina_ok(mine) && res(e, who, EN_R_STAMINA) >= 2;
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

static int can_pay_arg(const fray_encounter *e, int who, int cost)
{
    if (cost <= res(e, who, EN_R_ENERGY))
        return 0; /* the common case, without reading the conditions */
    payer p = payer_of(e, who, conds(e, who));
    return pay_arg(&p, cost);
}

int en_can_pay(const fray_encounter *e, int who, int energy) { return can_pay_arg(e, who, energy) >= 0; }

/* ---- Conditions ---- */

static void impose(fray_encounter *e, int who, int parent)
{
    int d = en_daughter[parent];
    if (d < 0)
        return;
    fray_cond_add(e, who, d, parent, FRAY_EXP_NEVER, 0);
    impose(e, who, d);
}

static void give(fray_encounter *e, int who, int cond, int expire, int round)
{
    fray_cond_add(e, who, cond, -1, expire, round);
    impose(e, who, cond);
}

/* Exposed for the text's default length (option exposed_rounds). */
static void expose(fray_encounter *e, int who)
{
    give(e, who, EN_C_EXPOSED, FRAY_EXP_ROUND_END, e->round + fray_opt(e, EN_O_EXPOSED_ROUNDS));
}

/* #Unguarded: "you maintain the condition until the end of the Round" */
static void unguard(fray_encounter *e, int who)
{
    give(e, who, EN_C_UNGUARDED, FRAY_EXP_ROUND_END, e->round);
}

/* ---- Resources, unconsciousness, death ---- */

static void release_hold(fray_encounter *e, int holder)
{
    en_creature *h = cr(e, holder);
    if (h->holding < 0)
        return;
    int t = h->holding;
    cr(e, t)->holder = -1;
    h->holding = -1;
    fray_cond_remove(e, t, EN_C_RESTRAINED);
    fray_cond_remove(e, holder, EN_C_RESTRAINING);
}

static void free_from_holds(fray_encounter *e, int who)
{
    release_hold(e, who);
    int h = cr(e, who)->holder;
    if (h >= 0)
        release_hold(e, h);
}

static void knock_out(fray_encounter *e, int who, int cause)
{
    if (e->c[who].status == FRAY_DEAD)
        return;
    en_creature *c = cr(e, who);
    if (!has(e, who, EN_C_UNCONSCIOUS) || cause == EN_UNC_DEATH)
        c->unc_cause = cause;
    give(e, who, EN_C_UNCONSCIOUS, FRAY_EXP_NEVER, 0);
    fray_set_status(e, who, FRAY_DOWN);
    fray_res_set(e, who, EN_R_ENERGY, 0);
    free_from_holds(e, who);
    c->passed = 1;
}

static void kill(fray_encounter *e, int who)
{
    free_from_holds(e, who);
    fray_set_status(e, who, FRAY_DEAD);
    fray_res_set(e, who, EN_R_ENERGY, 0);
    cr(e, who)->passed = 1;
}

static void set_stamina(fray_encounter *e, int who, int v)
{
    /* #Stamina: "Negative Stamina does not exist." */
    if (v < 0)
        v = 0;
    int max = ccr(e, who)->d.stamina_max;
    if (v > max)
        v = max;
    fray_res_set(e, who, EN_R_STAMINA, v);
    /* "Dropping to 0 Stamina will immediately result in unconsciousness." */
    if (v == 0 && e->c[who].status == FRAY_ABLE)
        knock_out(e, who, EN_UNC_STAMINA);
}

static void pay(fray_encounter *e, int who, int cost, int arg)
{
    en_creature *c = cr(e, who);
    if ((arg & EN_ARG_STAMINA) && cost > 0 && !c->stamina_as_energy) {
        c->stamina_as_energy = 1;
        cost--;
        set_stamina(e, who, res(e, who, EN_R_STAMINA) - 1);
    }
    int en = res(e, who, EN_R_ENERGY) - cost;
    fray_res_set(e, who, EN_R_ENERGY, en < 0 ? 0 : en);
}

/* A non-movement action spent `energy`: #Actions, Agile Move: "Once per
 * Energy you spend on a non-movement action, you may also move one meter". */
static void acted(fray_encounter *e, int who, int energy)
{
    en_creature *c = cr(e, who);
    c->acted = 1;
    c->agile_credit += energy;
    c->last_move = 0;
    c->last_move_cm = 0;
    c->last_sprint_cm = 0;
}

static void death_roll(fray_encounter *e, int who)
{
    /* #Death Roll */
    int r = fray_die(&e->dice, 20, "Death roll, 1d20");
    int eff = en_death_roll_effect(r);
    static const char *const outcome[] = {"scratch", "exhausted", "major injury", "bleeding",
                                          "unconscious", "dead"};
    if (eff == EN_DR_EXHAUSTED_ROUND)
        give(e, who, EN_C_EXHAUSTED, FRAY_EXP_ROUND_END, e->round + 1);
    /* 2-4: "You suffer the effects of rolling a 5-9. You also fall
     * unconscious."; 5-9: "You suffer the effects of rolling a 10-14." */
    if (eff == EN_DR_UNCONSCIOUS)
        knock_out(e, who, EN_UNC_DEATH);
    if (eff == EN_DR_UNCONSCIOUS || eff == EN_DR_BLEED) {
        fray_cond_remove(e, who, EN_C_STABILIZED);
        give(e, who, EN_C_BLEEDING, FRAY_EXP_NEVER, 0);
    }
    if (eff >= EN_DR_EXHAUSTED_REST && eff <= EN_DR_UNCONSCIOUS)
        give(e, who, EN_C_EXHAUSTED, FRAY_EXP_REST, 0);
    if (eff == EN_DR_DIE)
        kill(e, who);
    fray_emit(e, &(fray_event){.kind = "death roll", .actor = who, .target = -1, .outcome = outcome[eff],
                                .value = r, .has_value = 1, .rule = RULE("Death Roll")});
}

static void death_save(fray_encounter *e, int who)
{
    en_creature *c = cr(e, who);
    /* #Death Save: "You only ever make one Death Save per Round" */
    if (c->saved)
        return;
    c->saved = 1;
    int r = fray_die(&e->dice, 20, "Death Save, 1d20");
    int eff = en_death_save_effect(r);
    static const char *const outcome[] = {"stabilized", "bleeding", "unconscious", "dead"};
    switch (eff) {
    case EN_DS_STABILIZED:
        fray_cond_remove(e, who, EN_C_BLEEDING);
        give(e, who, EN_C_STABILIZED, FRAY_EXP_NEVER, 0);
        break;
    case EN_DS_UNCONSCIOUS:
        if (!has(e, who, EN_C_UNCONSCIOUS))
            knock_out(e, who, EN_UNC_DEATH);
        break;
    case EN_DS_DIE:
        kill(e, who);
        break;
    default:
        break;
    }
    fray_emit(e, &(fray_event){.kind = "death save", .actor = who, .target = -1, .outcome = outcome[eff],
                                .value = r, .has_value = 1, .rule = RULE("Death Save")});
}

/* Damage of one attack, after armour; multipliers, Aura, then the body.
 * nl_source: EN_NL_* when the attacker tries for Non-Lethal damage, -1 not,
 * -2 for an Unarmed attack (Non-Lethal without a roll). */
static void deal(fray_encounter *e, int src, int who, int base, int dtype, int halves, int nl_source,
                 int trades)
{
    const en_creature *t = ccr(e, who);
    int bit = dtype >= 0 ? 1 << dtype : 0;
    int dmg = en_damage_multiply(base, (t->weak & bit) != 0, (t->resist & bit) != 0, 0, halves);
    int aura = res(e, who, EN_R_AURA);
    if (dmg <= 0) {
        fray_emit(e, &(fray_event){.kind = "damage", .actor = src, .target = who, .outcome = "none",
                                    .value = 0, .has_value = 1, .rule = RULE("Weaknesses and Resistances")});
        return;
    }
    if (src >= 0)
        e->c[src].dealt += dmg;
    e->c[who].taken += dmg;
    if (aura > 0) {
        /* #Aura: "Taking damage reduces the strength of your Aura" */
        fray_res_set(e, who, EN_R_AURA, aura > dmg ? aura - dmg : 0);
        fray_emit(e, &(fray_event){.kind = "damage", .actor = src, .target = who, .outcome = "aura",
                                    .value = dmg, .has_value = 1, .rule = RULE("Aura")});
        return;
    }
    /* #Death: "making a Death roll every time you are damaged with 0 Aura" */
    int nonlethal = 0;
    if (nl_source == -2) {
        nonlethal = 1; /* #Unarmed Attacks: "You may willingly deal Non-Lethal damage" */
    } else if (nl_source >= 0) {
        /* #Non-Lethal Damage: "Other attacks require a Chance roll" */
        int r = fray_die(&e->dice, 20, "Chance roll (Non-Lethal), 1d20");
        nonlethal = r >= en_nonlethal_min(nl_source, trades);
        fray_emit(e, &(fray_event){.kind = "chance roll", .actor = src, .target = who,
                                    .outcome = nonlethal ? "non-lethal" : "lethal", .value = r,
                                    .has_value = 1, .rule = RULE("Non-Lethal Damage")});
    }
    fray_emit(e, &(fray_event){.kind = "damage", .actor = src, .target = who,
                                .outcome = nonlethal ? "non-lethal" : "body", .value = dmg,
                                .has_value = 1, .rule = RULE("Death")});
    if (!nonlethal) {
        death_roll(e, who);
        return;
    }
    int opt = fray_opt(e, EN_O_NONLETHAL_EFFECT);
    /* "You are Exhausted ... until the end of the next Round." */
    if (opt != 2)
        give(e, who, EN_C_EXHAUSTED, FRAY_EXP_ROUND_END, e->round + 1);
    /* "they are Shaken until their next Short Rest and lose 5 Stamina" */
    if (opt != 1) {
        give(e, who, EN_C_SHAKEN, FRAY_EXP_REST, 0);
        int s = res(e, who, EN_R_STAMINA) - 5;
        if (s <= 0 && e->c[who].status == FRAY_ABLE) {
            fray_res_set(e, who, EN_R_STAMINA, 0);
            knock_out(e, who, EN_UNC_NONLETHAL);
        } else {
            set_stamina(e, who, s);
        }
    }
    fray_emit(e, &(fray_event){.kind = "non-lethal", .actor = src, .target = who, .outcome = "winded",
                                .rule = RULE("Non-Lethal Damage")});
}

/* ---- Geometry ---- */

static void face(fray_encounter *e, int who, int target)
{
    /* #Facing: "Turning around does not take Energy or any other resource." */
    if (target >= 0 && target != who && (e->c[target].x != e->c[who].x || e->c[target].y != e->c[who].y))
        e->c[who].facing = fray_facing_towards(e, who, target);
}

/* a foe still able to fight, for fray_nearest */
static int able_foe(const fray_encounter *e, int who, int i) { return en_foe(e, who, i) && able(e, i); }

/* ---- Legal actions ---- */

typedef struct lbuf { fray_action *out; int n, max; } lbuf;

static inline void add(lbuf *b, int kind, int actor, int target, int arg, int x, int y)
{
    if (b->n >= b->max)
        return;
    fray_action *a = &b->out[b->n++];
    a->kind = (int16_t)kind;
    a->actor = (int16_t)actor;
    a->target = (int16_t)target;
    a->arg = (int16_t)arg;
    a->x = x;
    a->y = y;
}

static inline int add_paid(lbuf *b, const payer *p, int kind, int who, int target, int cost, int arg)
{
    int how = pay_arg(p, cost);
    if (how < 0)
        return 0;
    add(b, kind, who, target, arg | how, 0, 0);
    return 1;
}

static int can_attack(unsigned mine)
{
    /* Restrained: "no movement or attack actions"; Restraining: "You may not
     * make any attack actions." */
    return !HAS(mine, EN_C_RESTRAINED) && !HAS(mine, EN_C_RESTRAINING);
}

static int can_move(const en_creature *c, unsigned mine)
{
    /* Prone: "sprawled out on the ground, which may limit what you are able
     * to do": no moves until the creature kneels and stands. */
    return !HAS(mine, EN_C_RESTRAINED) && !HAS(mine, EN_C_PRONE) && !c->kneeling;
}

static int ranged_cost(const fray_encounter *e, const en_creature *c, const en_weapon *w)
{
    /* #Martial Proficiency Level: "must spend an additional Energy on your
     * Ranged Attacks with the weapon" */
    return fray_opt(e, EN_O_RANGED_COST) + (en_weapon_proficient(c, w) ? 0 : 1);
}

static int side_arm(const en_weapon *w)
{
    /* #Actions, Stow/Equip: "a side arm, or otherwise easily accessible item
     * takes only 1 Energy. Most other items require 2 Energy" */
    return (w->props & (EN_W_SIDEARM | EN_W_LIGHT)) != 0;
}

static int target_ok(const fray_encounter *e, int who, int t)
{
    return t != who && en_foe(e, who, t) && able(e, t);
}

/* What one list of legal actions reads about a target t many times, computed
 * once: the distance and the offset from `who` to t, and who's reaches. */
typedef struct foe_view {
    int d;             /* fray_distance(e, who, t) */
    int dx, dy;        /* t's position minus who's */
    int reach;         /* who's melee reach against t (its weapon's Reach), cm */
    int unarmed;       /* who's Unarmed reach (Reach 0) against t, cm */
    int to_x, to_y;    /* the point 1 m towards t (Shift, Agile Move) */
    int from_x, from_y;/* the point 1 m away from t */
    int run_m;         /* the last run towards t that approach() planned, cm, -1 none */
    int run_x, run_y;  /* where it ends: a Run, Quick Run or Jump stopped by the */
                       /* reach often ends at the same point, computed once */
} foe_view;

static void view_foe(const fray_encounter *e, int who, int t, int weapon_reach_m, foe_view *v)
{
    int x0 = e->c[who].x, y0 = e->c[who].y;
    v->dx = e->c[t].x - x0;
    v->dy = e->c[t].y - y0;
    v->d = fray_distance(e, who, t);
    int size = ccr(e, who)->size, tsize = ccr(e, t)->size;
    v->reach = en_reach_cm(size, weapon_reach_m, tsize);
    v->unarmed = en_reach_cm(size, 0, tsize);
    v->run_m = -1;
    if (v->d < 100) {
        fray_step_along(x0, y0, v->dx, v->dy, v->d, 100, 0, &v->to_x, &v->to_y);
        fray_step_along(x0, y0, v->dx, v->dy, v->d, 100, 1, &v->from_x, &v->from_y);
        return;
    }
    /* fray_step without its special cases: the division rounds toward
     * zero, so the step away is the step towards negated */
    int qx = (int)fray_div_len((int64_t)v->dx * 100, v->d), qy = (int)fray_div_len((int64_t)v->dy * 100, v->d);
    v->to_x = x0 + qx;
    v->to_y = y0 + qy;
    v->from_x = x0 - qx;
    v->from_y = y0 - qy;
}

/* The point `dist` cm from who towards the target of view v (away from it). */
static inline void step_view(const fray_encounter *e, int who, const foe_view *v, int dist, int away, int *x, int *y)
{
    fray_step_along(e->c[who].x, e->c[who].y, v->dx, v->dy, v->d, dist, away, x, y);
}

/* The distance a run of `avail` cm towards the target of v may cover,
 * stopping inside the mover's melee reach. */
static inline int approach(const fray_encounter *e, int who, foe_view *v, int avail, int *x, int *y)
{
    int stop = v->reach - 50;
    if (stop < 100)
        stop = 100;
    if (v->d <= stop || avail <= 0)
        return 0;
    int m = v->d - stop < avail ? v->d - stop : avail;
    if (m != v->run_m) {
        step_view(e, who, v, m, 0, &v->run_x, &v->run_y);
        v->run_m = m;
    }
    *x = v->run_x;
    *y = v->run_y;
    return m;
}

static int turn_loss(const fray_encounter *e, int who, int x, int y)
{
    const en_creature *c = ccr(e, who);
    if (!c->last_move)
        return 0;
    return en_turn_loss_cm(c->last_move - 1, fray_facing_of(x - e->c[who].x, y - e->c[who].y));
}

/* turn_loss for a move along (dx, dy). */
static int turn_loss_dir(const en_creature *c, int64_t dx, int64_t dy)
{
    if (!c->last_move)
        return 0;
    return en_turn_loss_cm(c->last_move - 1, fray_facing_of(dx, dy));
}

/* The moves towards and away from each target t in foes (bit t), whose
 * view is views[t]. */
static void add_moves(lbuf *b, const fray_encounter *e, int who, unsigned mine, const payer *p,
                      uint32_t foes, foe_view *views)
{
    const en_creature *c = ccr(e, who);
    int sp = speed_of(c, mine);
    /* What does not depend on the target, once: the costs that are paid
     * the same way for every target, and the Jump. */
    int pay1 = pay_arg(p, 1), pay2 = pay_arg(p, 2), pay3 = pay_arg(p, 3);
    int stamina = stamina_ok(mine) && res(e, who, EN_R_STAMINA) >= 2;
    int agility2 = agility_ok(mine) && res(e, who, EN_R_AGILITY) >= 2;
    int extra = (fray_opt(e, EN_O_SPRINT_EXTRA) + c->leg) * 100;
    /* Jump: "immediately after having moved at least 2m" costs 1 Energy */
    int jcost = c->last_move && c->last_move_cm >= 200 ? 1 : 2;
    int jd = c->d.jump_cm + (c->last_sprint_cm > 0 ? 100 : 0);
    /* "If you Jump further than you could Run using 2 Energy, additional
     * Energy must be spent" */
    if (jd > sp * 2 / 3 && sp > 0)
        jcost += ((jd - sp * 2 / 3) * 3 + sp - 1) / sp;
    int jpay = pay_arg(p, jcost);
    for (int t = 0; t < e->n; t++) {
        if (!(foes & (1u << t)))
            continue;
        foe_view *v = &views[t];
        int x, y;
        /* Run, Quick Run, Sprint towards t: full distance known before the
         * turning loss, which is taken off the start */
        int loss = turn_loss_dir(c, v->dx, v->dy);
        int m = approach(e, who, v, sp - loss, &x, &y);
        if (m > 0) {
            /* #Incomplete Actions: "only move 1/3 of your Speed ... only spend
             * 1 Energy"; metres lost to turning count as run */
            int cost = ((m + loss) * 3 + sp - 1) / sp;
            if (cost < 1)
                cost = 1;
            int how = pay_arg(p, cost);
            if (how >= 0)
                add(b, EN_A_RUN, who, t, how, x, y);
        }
        if (pay2 >= 0 && approach(e, who, v, sp * 2 / 3 - loss, &x, &y) > 0)
            add(b, EN_A_QUICK_RUN, who, t, pay2, x, y);
        if (stamina && res(e, who, EN_R_ENERGY) >= 3 && v->d - v->reach > sp * 2 / 3 &&
            approach(e, who, v, sp + (extra > 0 ? extra : 0) - loss, &x, &y) > 0)
            add(b, EN_A_SPRINT, who, t, 0, x, y);
        if (stamina && jpay >= 0 && approach(e, who, v, jd, &x, &y) > 0)
            add(b, EN_A_JUMP, who, t, jpay | (jcost & EN_ARG_LOW), x, y);
        /* Shift 1 m, towards or away */
        for (int away = 0; away < 2; away++) {
            if (!away && v->d <= 150)
                continue;
            x = away ? v->from_x : v->to_x;
            y = away ? v->from_y : v->to_y;
            if (agility2)
                add(b, EN_A_SHIFT, who, t, EN_ARG_AGILITY | (away ? EN_ARG_AWAY : 0), x, y);
            if (pay1 >= 0)
                add(b, EN_A_SHIFT, who, t, pay1 | (away ? EN_ARG_AWAY : 0), x, y);
        }
        /* Run away from t */
        if (pay3 >= 0 && v->d < 2 * sp) {
            step_view(e, who, v, sp - turn_loss_dir(c, -(int64_t)v->dx, -(int64_t)v->dy), 1, &x, &y);
            add(b, EN_A_RUN, who, t, pay3 | EN_ARG_AWAY, x, y);
        }
    }
}

/* foes and views: as for add_moves, or views NULL to compute the one
 * needed (foes is then not read). */
static void add_agile(lbuf *b, const fray_encounter *e, int who, unsigned mine, int only_from,
                      uint32_t foes, const foe_view *views)
{
    const en_creature *c = ccr(e, who);
    if (c->agile_credit < 1 || res(e, who, EN_R_AGILITY) < 1 || !agility_ok(mine) || !can_move(c, mine))
        return;
    for (int t = 0; t < e->n; t++) {
        if (views ? !(foes & (1u << t)) : !target_ok(e, who, t))
            continue;
        if (only_from >= 0 && t != only_from)
            continue;
        foe_view own;
        const foe_view *v = views ? &views[t] : &own;
        if (!views)
            view_foe(e, who, t, 0, &own);
        add(b, EN_A_AGILE_MOVE, who, t, EN_ARG_AWAY, v->from_x, v->from_y);
        if (only_from < 0 && v->d > 150)
            add(b, EN_A_AGILE_MOVE, who, t, 0, v->to_x, v->to_y);
    }
}

static int swift_target(const fray_encounter *e, int who, int t)
{
    /* #Swift Attacks: "against creatures who are Unguarded, completely
     * unaware of your attack, or unable to obstruct or avoid your attack" */
    return target_ok(e, who, t) && has(e, t, EN_C_UNGUARDED) &&
           en_in_reach(e, who, t, weapon_reach(ccr(e, who)));
}

static int is_move(int kind)
{
    return kind == EN_A_RUN || kind == EN_A_SPRINT || kind == EN_A_QUICK_RUN || kind == EN_A_SHIFT ||
           kind == EN_A_JUMP || kind == EN_A_AGILE_MOVE;
}

static int is_attack(int kind)
{
    return kind == EN_A_MELEE || kind == EN_A_RANGED || kind == EN_A_UNARMED || kind == EN_A_TRIP ||
           kind == EN_A_DISARM || kind == EN_A_RESTRAIN || kind == EN_A_PUSH;
}

/* "When a creature moves through your maximum Reach (and you are facing
 * them), you may make a Swift Attack against them." */
static int moved_through_reach(fray_encounter *e, int who, const fray_action *mv)
{
    en_state *s = st(e);
    int m = mv->actor;
    if (!target_ok(e, who, m))
        return 0;
    int r = reach_of(e, who, m, weapon_reach(ccr(e, who)));
    /* option swift_on_enter 0: only a move that enters and leaves again */
    if (!fray_path_enters(e->c[who].x, e->c[who].y, r, s->mv_x0, s->mv_y0, e->c[m].x, e->c[m].y,
                          !fray_opt(e, EN_O_SWIFT_ON_ENTER)))
        return 0;
    return fray_faces(e, who, e->c[m].x, e->c[m].y) || fray_faces(e, who, s->mv_x0, s->mv_y0);
}

static int legal_act(fray_encounter *e, int who, lbuf *b)
{
    const en_creature *c = ccr(e, who);
    const en_weapon *mw = melee_weapon(c), *hw = hand(c);
    unsigned mine = conds(e, who);
    payer p = payer_of(e, who, mine);
    foe_view views[FRAY_MAX_COMBATANTS];
    uint32_t foes = 0; /* bit t: target_ok(e, who, t), and views[t] is set */
    for (int t = 0; t < e->n; t++)
        if (target_ok(e, who, t)) {
            foes |= 1u << t;
            view_foe(e, who, t, weapon_reach(c), &views[t]);
        }
    int attack = can_attack(mine);
    /* The weapon in hand may be shot or thrown: its range and cost are the
     * same for every target. */
    int range_cm = -1, ranged_pay = 0, ranged_arg = 0;
    if (attack && hw) {
        if (hw->props & EN_W_RANGED) {
            if (!hw->load || c->loaded)
                range_cm = c->d.hand_range_cm;
            ranged_pay = ranged_cost(e, c, hw);
        } else {
            range_cm = c->d.hand_range_cm;
            ranged_pay = fray_opt(e, EN_O_RANGED_COST);
            ranged_arg = EN_ARG_THROW;
        }
    }
    for (int t = 0; t < e->n && attack; t++) {
        if (!(foes & (1u << t)))
            continue;
        const en_creature *tc = ccr(e, t);
        const foe_view *v = &views[t];
        int wr = v->d <= v->reach, ur = v->d <= v->unarmed;
        if (mw && wr)
            add_paid(b, &p, EN_A_MELEE, who, t, 3, 0);
        if (!c->swift_used && wr && has(e, t, EN_C_UNGUARDED))
            add_paid(b, &p, EN_A_SWIFT, who, t, 1, 0);
        if (ur)
            add_paid(b, &p, EN_A_UNARMED, who, t, 2, 0);
        /* #Trip/Push Down: "The target cannot be more than one Size Category
         * larger than you." */
        if (wr && tc->size <= c->size + 1)
            add_paid(b, &p, EN_A_TRIP, who, t, 3, 0);
        /* #Disarm: "against an opponent which is facing you"; "Light weapons
         * may not Disarm Heavy weapons." */
        const en_weapon *tw = hand(tc);
        if (wr && tw && fray_faces(e, t, e->c[who].x, e->c[who].y) &&
            !(mw && (mw->props & EN_W_LIGHT) && (tw->props & EN_W_HEAVY)))
            add_paid(b, &p, EN_A_DISARM, who, t, 3, 0);
        /* #Restrain, #Push: "The target cannot be a larger Size Category" */
        if (ur && tc->size <= c->size && tc->holder < 0 && c->holding < 0)
            add_paid(b, &p, EN_A_RESTRAIN, who, t, 2, 0);
        if (ur && tc->size <= c->size)
            add_paid(b, &p, EN_A_PUSH, who, t, 2, 0);
        /* a loaded ranged weapon shoots, any other weapon is thrown, out to
         * the third range number */
        if (range_cm >= 0 && v->d <= range_cm)
            add_paid(b, &p, EN_A_RANGED, who, t, ranged_pay, ranged_arg);
    }
    if (hw && (hw->props & EN_W_RANGED) && hw->load && !c->loaded)
        add_paid(b, &p, EN_A_LOAD, who, -1, hw->load, 0);
    if (can_move(c, mine))
        add_moves(b, e, who, mine, &p, foes, views);
    add_agile(b, e, who, mine, -1, foes, views);
    if (HAS(mine, EN_C_PRONE) && !HAS(mine, EN_C_RESTRAINED))
        add_paid(b, &p, EN_A_KNEEL, who, -1, 1, 0);
    if (c->kneeling && !HAS(mine, EN_C_PRONE))
        add_paid(b, &p, EN_A_STAND, who, -1, 1, 0);
    if (!HAS(mine, EN_C_DEFENDING) || HAS(mine, EN_C_EXPOSED))
        add_paid(b, &p, EN_A_DEFEND, who, -1, 1, 0);
    if (hw)
        add_paid(b, &p, EN_A_STOW, who, -1, side_arm(hw) ? 1 : 2, 0);
    for (int i = 0; i < c->nw && c->wielded < 0; i++)
        if (i != c->dropped)
            add_paid(b, &p, EN_A_EQUIP, who, -1, side_arm(&c->w[i]) ? 1 : 2, i);
    if (c->dropped >= 0) {
        int64_t dx = c->drop_x - e->c[who].x, dy = c->drop_y - e->c[who].y;
        if (dx * dx + dy * dy <= 150 * 150)
            add_paid(b, &p, EN_A_PICK_UP, who, -1, fray_opt(e, EN_O_PICK_UP_COST), 0);
    }
    if (res(e, who, EN_R_STAMINA) < c->d.stamina_max && res(e, who, EN_R_ENERGY) >= 1)
        add(b, EN_A_CATCH_BREATH, who, -1, 0, 0, 0);
    if (HAS(mine, EN_C_RESTRAINED))
        add_paid(b, &p, EN_A_ESCAPE, who, c->holder, 3, 0);
    if (c->holding >= 0)
        add(b, EN_A_RELEASE, who, c->holding, 0, 0, 0);
    return b->n;
}

/* FRAY_WIN_DECLARED: answering an attack declared against `who`. */
static int legal_declared(fray_encounter *e, int who, const fray_action *trigger, lbuf *b)
{
    const en_creature *c = ccr(e, who);
    /* Only the creature attacked may answer a declared attack. */
    if (!is_attack(trigger->kind) || trigger->target != who)
        return 0;
    /* #Initiative: "You may only roll Initiative once per Round." */
    if (!c->init_rolled && can_pay_arg(e, who, 1) >= 0)
        add(b, EN_A_INITIATIVE, who, trigger->actor, 0, 0, 0);
    /* #Immediate Interrupts: step out of Reach before the roll */
    if (trigger->kind != EN_A_RANGED)
        add_agile(b, e, who, conds(e, who), trigger->actor, 0, NULL);
    return b->n;
}

/* FRAY_WIN_TRIGGERED: Swift Attacks. */
static int legal_swift(fray_encounter *e, int who, const fray_action *trigger, lbuf *b)
{
    const en_creature *c = ccr(e, who);
    if (c->swift_used || !can_attack(conds(e, who)))
        return 0;
    int how = can_pay_arg(e, who, 1);
    if (how < 0)
        return 0;
    int mover = is_move(trigger->kind) ? trigger->actor : -1;
    for (int t = 0; t < e->n; t++) {
        /* swift_target and moved_through_reach both ask target_ok first */
        if (!target_ok(e, who, t))
            continue;
        int ok = swift_target(e, who, t);
        if (!ok && t == mover)
            ok = moved_through_reach(e, who, trigger);
        if (ok)
            add(b, EN_A_SWIFT, who, t, how, 0, 0);
    }
    return b->n;
}

static int legal(fray_encounter *e, int who, int window, const fray_action *trigger, fray_action *out,
                 int max)
{
    lbuf b = {out, 0, max};
    if (!able(e, who))
        return 0;
    if (window == FRAY_WIN_ACT)
        return ccr(e, who)->passed ? 0 : legal_act(e, who, &b);
    /* Interrupts cannot interrupt interrupts: no windows inside one. */
    if (!trigger || st(e)->depth > 0)
        return 0;
    if (window == FRAY_WIN_DECLARED)
        return legal_declared(e, who, trigger, &b);
    return legal_swift(e, who, trigger, &b);
}

/* ---- Resolution ---- */

static void offer_triggered(fray_encounter *e, const fray_action *a)
{
    if (st(e)->depth == 0)
        fray_offer(e, FRAY_WIN_TRIGGERED, a);
}

static int defense_dis(const fray_encounter *e, int t, int evasion_roll)
{
    /* Surprised and Dazed: Disadvantage on Defense rolls; Blinded and Prone:
     * on Evasion rolls. */
    return has(e, t, EN_C_SURPRISED) || has(e, t, EN_C_DAZED) ||
           (evasion_roll && (has(e, t, EN_C_BLINDED) || has(e, t, EN_C_PRONE)));
}

static int attack_dis(const fray_encounter *e, int who)
{
    /* Dazed and Blinded: "Disadvantage on all Attack rolls" */
    return has(e, who, EN_C_DAZED) || has(e, who, EN_C_BLINDED);
}

static int fortitude_roll(fray_encounter *e, int who, int adv)
{
    /* #Fortitude: "Fortitude Roll = 1d10* + Fortitude" */
    return fray_die_explode(&e->dice, 10, adv, "Fortitude roll, 1d10 exploding") + ccr(e, who)->d.fortitude;
}

static void end_defending(fray_encounter *e, int who)
{
    /* Defend "lasts until you make an attack, cast a spell, or move more than
     * your Speed during a Round" */
    if (has(e, who, EN_C_DEFENDING))
        fray_cond_remove(e, who, EN_C_DEFENDING);
}

static const char *attack_outcome(const en_attack_out *o)
{
    if (o->flags & EN_OUT_MISS)
        return "critical failure";
    if (o->flags & EN_OUT_CRIT)
        return "critical";
    return o->hit ? "hit" : "miss";
}

/* What a melee attack of `a` (Melee, Swift, Unarmed, a Combat Maneuver)
 * reads of the creatures before any die is rolled: resolve rolls it,
 * action_odds computes its exact odds. Each modifier goes to the next
 * event. */
typedef struct melee_plan {
    en_melee_in in;
    const en_weapon *w;  /* NULL: an Unarmed attack */
    int unarmed, maneuver;
    int full_av;         /* the AV before the Combat Maneuver's -5 */
    int unguards;        /* a Combat Maneuver on a target not Exposed */
    int nl, trades;      /* Non-Lethal source (-1 lethal) and AV traded */
} melee_plan;

static void melee_plan_of(fray_encounter *e, const fray_action *a, melee_plan *m)
{
    int who = a->actor, t = a->target, k = a->kind;
    const en_creature *c = ccr(e, who), *tc = ccr(e, t);
    *m = (melee_plan){.nl = -1};
    m->unarmed = k == EN_A_UNARMED || k == EN_A_RESTRAIN || k == EN_A_PUSH;
    m->maneuver = k == EN_A_TRIP || k == EN_A_DISARM || k == EN_A_RESTRAIN || k == EN_A_PUSH;
    const en_weapon *w = m->w = m->unarmed ? NULL : melee_weapon(c);
    int av = en_melee_av(c, w);
    fray_mod(e, "MASAB", c->d.masab);
    if (w && w->av_bonus)
        fray_mod(e, "Weapon Attack Bonus", w->av_bonus);
    if (w && !en_weapon_proficient(c, w))
        fray_mod(e, "not Proficient", -1);
    m->full_av = av;
    if (m->maneuver) {
        /* "You make a melee attack against an opponent with -5 AV" */
        av -= 5;
        fray_mod(e, "Combat Maneuver", -5);
        /* #Combat Maneuvers: "If you perform a Combat Maneuver which is not a
         * Swift Attack against a target that is not Exposed, you become
         * Unguarded and the target has Advantage on their first Defense roll" */
        m->unguards = !has(e, t, EN_C_EXPOSED);
    }
    if (!m->maneuver && c->nonlethal) {
        m->nl = m->unarmed ? -2 : (w && (w->props & EN_W_BLUNT)) ? EN_NL_BLUNT_MELEE : EN_NL_OTHER_MELEE;
        if (m->nl != -2 && c->nl_trades) {
            m->trades = c->nl_trades;
            av -= 3 * m->trades;
            fray_mod(e, "Non-Lethal trade", -3 * m->trades);
        }
    }
    /* #Facing: "If you are attacked from where you are not facing, you have
     * Disadvantage on Evasion rolls and you use your Unarmed Evasion." */
    int behind = !fray_faces(e, t, e->c[who].x, e->c[who].y);
    en_melee_in *in = &m->in;
    in->defender = t;
    in->av = av;
    in->evasion = behind ? tc->d.unarmed_evasion : tc->d.evasion;
    fray_mod(e, behind ? "target Unarmed Evasion (attacked from behind)" : "target Evasion", in->evasion);
    in->coverage = tc->has_armour ? tc->armour.coverage : 0;
    in->ar = tc->has_armour ? tc->armour.ar : 0;
    in->damage = w ? &w->damage : NULL;
    /* #Unarmed Attacks: "Damage = MASAB (min 1)" */
    in->damage_bonus = w ? c->d.masdb : (c->d.masab < 1 ? 1 : c->d.masab);
    in->deals_damage = !m->maneuver;
    in->precise = w ? w->precise : 0;
    in->defend = has(e, t, EN_C_DEFENDING);
    in->defense_adv = en_net_adv(tc->first_def_adv || m->unguards, behind || defense_dis(e, t, 1));
    in->attack_adv = en_net_adv(0, attack_dis(e, who));
    /* #Unconsciousness: "creatures may automatically hit you" */
    in->auto_hit = has(e, t, EN_C_UNCONSCIOUS);
}

/* Melee Attack, Swift Attack, Unarmed Attack and the Combat Maneuvers. */
static void melee(fray_encounter *e, const fray_action *a, int cost)
{
    int who = a->actor, t = a->target;
    en_creature *c = cr(e, who);
    en_creature *tc = cr(e, t);
    int k = a->kind;
    int sprint_cm = c->last_sprint_cm; /* for a Push at the end of a Sprint */
    face(e, who, t);
    pay(e, who, cost, a->arg);
    acted(e, who, cost);
    if (k == EN_A_SWIFT)
        c->swift_used = 1;
    end_defending(e, who);

    melee_plan m;
    melee_plan_of(e, a, &m);
    const en_weapon *w = m.w;
    int unarmed = m.unarmed, maneuver = m.maneuver, full_av = m.full_av, nl = m.nl, trades = m.trades;
    int av = m.in.av;
    if (m.unguards)
        unguard(e, who);
    tc->first_def_adv = 0;
    en_melee_in in = m.in;
    en_attack_out o;
    en_melee_resolve(&in, &e->dice, &o);
    /* #Combat Roll: Exposure "happens during the attack, not after" */
    if (o.flags & EN_OUT_SELF_EXPOSED)
        give(e, who, EN_C_EXPOSED, FRAY_EXP_ROUND_END, e->round + 1);
    if (o.flags & EN_OUT_CRIT)
        expose(e, t);
    fray_emit(e, &(fray_event){.kind = "attack", .actor = who, .target = t, .action = en_actions[k].name,
                                .outcome = attack_outcome(&o), .value = av, .has_value = 1,
                                .detail = o.armour ? "armour" : NULL,
                                .rule = maneuver ? RULE("Combat Maneuvers")
                                        : unarmed ? RULE("Unarmed Attacks")
                                                  : RULE("Combat Roll")});
    st(e)->respond = t;
    if (!o.hit)
        return;
    if (!maneuver) {
        /* #Martial Proficiency Level: "you deal half damage with the weapon" */
        int halves = w && !en_weapon_proficient(c, w);
        deal(e, who, t, o.damage, w ? w->dtype : EN_DMG_BLUDGEONING, halves, nl, trades);
        return;
    }
    if (k == EN_A_RESTRAIN) {
        /* "If the attack hits, then the target is Held and you are Holding them" */
        tc->holder = who;
        c->holding = t;
        give(e, t, EN_C_RESTRAINED, FRAY_EXP_NEVER, 0);
        give(e, who, EN_C_RESTRAINING, FRAY_EXP_NEVER, 0);
        fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = t, .action = "Restrain",
                                    .outcome = "restrained", .rule = RULE("Restrain")});
        return;
    }
    /* "the target makes a Fortitude roll which must be higher than your AV
     * (without the -5) to succeed"; a Defending target wins the tie. Trip:
     * "If the target is moving during the attack, it has a Disadvantage". */
    int moving = k == EN_A_TRIP && tc->last_move;
    int fr = fortitude_roll(e, t, en_net_adv(0, moving || defense_dis(e, t, 0)));
    int resisted = fr > full_av || (fr == full_av && has(e, t, EN_C_DEFENDING));
    const char *outcome = resisted ? "resisted" : "failed";
    if (k == EN_A_TRIP) {
        if (!resisted)
            give(e, t, EN_C_PRONE, FRAY_EXP_NEVER, 0);
        fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = t, .action = "Trip",
                                    .outcome = outcome, .value = fr, .has_value = 1,
                                    .rule = RULE("Trip/Push Down")});
    } else if (k == EN_A_DISARM) {
        if (!resisted && tc->wielded >= 0) {
            const en_weapon *tw = hand(tc);
            tc->dropped = tc->wielded;
            tc->drop_x = e->c[t].x;
            tc->drop_y = e->c[t].y;
            tc->wielded = -1;
            en_derive(tc);
            /* "If the weapon is not Heavy, you may also spend 1 Agility to
             * fling the weapon up to 2m away from the target." */
            if (!(tw->props & EN_W_HEAVY) && res(e, who, EN_R_AGILITY) >= 1 && agility_ok(conds(e, who))) {
                fray_res_set(e, who, EN_R_AGILITY, res(e, who, EN_R_AGILITY) - 1);
                fray_step_towards(e->c[t].x, e->c[t].y, e->c[who].x, e->c[who].y, 200, 1, &tc->drop_x, &tc->drop_y);
                outcome = "flung";
            } else {
                outcome = "dropped";
            }
        }
        fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = t, .action = "Disarm",
                                    .outcome = outcome, .value = fr, .has_value = 1, .rule = RULE("Disarm")});
    } else { /* Push */
        if (resisted) {
            /* "If the target succeeds on their Fortitude roll, you become Unguarded." */
            unguard(e, who);
        } else {
            /* "the target is Unguarded and pushed 1 meter"; after a Sprint
             * from at least 3 m away, "up to 3m" */
            int dist = sprint_cm >= 300 ? 300 : 100;
            int x, y;
            fray_step_towards(e->c[t].x, e->c[t].y, e->c[who].x, e->c[who].y, dist, 1, &x, &y);
            unguard(e, t);
            fray_move(e, t, x, y);
            outcome = dist == 300 ? "pushed 3 m" : "pushed 1 m";
        }
        fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = t, .action = "Push",
                                    .outcome = outcome, .value = fr, .has_value = 1, .rule = RULE("Push")});
    }
}

/* What a ranged attack of `a` reads of the creatures before any die, as
 * melee_plan_of. The weapon in hand must be there (checked by the caller). */
typedef struct ranged_plan {
    en_ranged_in in;
    const en_weapon *w;
    int thrown, nl, trades;
} ranged_plan;

static void ranged_plan_of(fray_encounter *e, const fray_action *a, ranged_plan *m)
{
    int who = a->actor, t = a->target;
    const en_creature *c = ccr(e, who), *tc = ccr(e, t);
    *m = (ranged_plan){.nl = -1};
    int thrown = m->thrown = (a->arg & EN_ARG_THROW) != 0;
    const en_weapon *w = m->w = hand(c);
    int range[3];
    en_weapon_range(c, w, thrown, range);
    int d = fray_distance(e, who, t);
    /* #Reading Range Values: within the first number Advantage, beyond the
     * second Disadvantage */
    int near = d <= range[0] * 100, far = d > range[1] * 100;
    en_ranged_in *in = &m->in;
    in->defender = t;
    in->mcm = en_miss_chance_mod(c, w);
    fray_mod(e, "Miss Chance Modifier", in->mcm);
    int behind = !fray_faces(e, t, e->c[who].x, e->c[who].y);
    in->ranged_evasion = tc->d.ranged_evasion + (tc->has_shield && !behind ? tc->shield.evasion : 0);
    in->evade = !has(e, t, EN_C_UNCONSCIOUS);
    fray_mod(e, "target Ranged Evasion", in->ranged_evasion);
    int size_mod = fray_opt(e, EN_O_MC_SIZE_TABLE) ? en_size_row_of(tc->size)->miss_chance_mod
                                                  : en_mc_size_modifier(tc->size);
    /* Miss Chance Movement Modifier: Sprinting +5; a target standing still
     * (helpless, or not moved this Round with no foe within 2 m) -5. */
    int movement = EN_MOVE_TYPICAL;
    if (tc->sprinted) {
        movement = EN_MOVE_ZIGZAG;
    } else if (has(e, t, EN_C_UNCONSCIOUS) || has(e, t, EN_C_RESTRAINED)) {
        movement = EN_MOVE_NONE;
    } else if (!tc->moved_cm) {
        int near_foe = 0;
        for (int i = 0; i < e->n; i++)
            if (en_foe(e, t, i) && able(e, i) && fray_distance(e, t, i) <= 200)
                near_foe = 1;
        if (!near_foe)
            movement = EN_MOVE_NONE;
    }
    int move_mod = en_mc_move_modifier(movement);
    in->situational = size_mod + move_mod;
    if (size_mod)
        fray_mod(e, "target size", size_mod);
    if (move_mod)
        fray_mod(e, "target movement", move_mod);
    if (c->nonlethal) {
        m->nl = EN_NL_RANGED;
        m->trades = c->nl_trades;
        if (m->trades) {
            in->situational += 3 * m->trades;
            fray_mod(e, "Non-Lethal trade", 3 * m->trades);
        }
    }
    in->hit_adv = en_net_adv(near, far || attack_dis(e, who));
    in->defense_adv = en_net_adv(tc->first_def_adv, behind || defense_dis(e, t, 1));
    in->defend = has(e, t, EN_C_DEFENDING);
    in->coverage = tc->has_armour ? tc->armour.ranged_coverage : 0;
    in->ar = tc->has_armour ? tc->armour.ar : 0;
    in->armour_rule = fray_opt(e, EN_O_RANGED_ARMOUR);
    in->damage = &w->damage;
    in->damage_bonus = thrown ? 0 : en_draw_extra_damage(c, w);
    if (in->damage_bonus)
        fray_mod(e, "Draw Weight extra damage", in->damage_bonus);
    in->precise = w->precise;
}

static void ranged(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    en_creature *c = cr(e, who);
    en_creature *tc = cr(e, t);
    int thrown = (a->arg & EN_ARG_THROW) != 0;
    const en_weapon *w = hand(c);
    /* still_possible checked it after the declared window; an Initiative
     * action (no window) is listed from the weapon in hand */
    if (!FRAY_CHECK(e, w != NULL))
        return;
    int cost = thrown ? fray_opt(e, EN_O_RANGED_COST) : ranged_cost(e, c, w);
    face(e, who, t);
    pay(e, who, cost, a->arg);
    acted(e, who, cost);
    end_defending(e, who);
    ranged_plan m;
    ranged_plan_of(e, a, &m);
    int nl = m.nl, trades = m.trades;
    tc->first_def_adv = 0;
    en_ranged_in in = m.in;
    en_attack_out o;
    en_ranged_resolve(&in, &e->dice, &o);
    if (o.flags & EN_OUT_SELF_EXPOSED)
        give(e, who, EN_C_EXPOSED, FRAY_EXP_ROUND_END, e->round + 1);
    if (o.flags & EN_OUT_CRIT)
        expose(e, t);
    int dtype = w->dtype, halves = !en_weapon_proficient(c, w);
    if (thrown) {
        /* #Throwing Weapons: "Weapons without the Thrown property deal half
         * damage when thrown unless the Hit Roll is a natural 20" */
        if (!(w->props & EN_W_THROWN) && o.natural != 20)
            halves++;
        c->dropped = c->wielded;
        c->drop_x = e->c[t].x;
        c->drop_y = e->c[t].y;
        c->wielded = -1;
        en_derive(c);
    } else if (w->load) {
        c->loaded = 0;
    }
    fray_emit(e, &(fray_event){.kind = "attack", .actor = who, .target = t, .action = "Ranged Attack",
                                .outcome = attack_outcome(&o), .value = o.miss_chance, .has_value = 1,
                                .detail = thrown ? "thrown" : o.armour ? "armour" : NULL,
                                .rule = RULE("Hit Roll")});
    st(e)->respond = t;
    if (o.hit)
        deal(e, who, t, o.damage, dtype, halves, nl, trades);
}

static void move_to(fray_encounter *e, const fray_action *a, int kind)
{
    int who = a->actor;
    en_creature *c = cr(e, who);
    en_state *s = st(e);
    s->mv_x0 = e->c[who].x;
    s->mv_y0 = e->c[who].y;
    int64_t dx = a->x - e->c[who].x, dy = a->y - e->c[who].y;
    int m = fray_isqrt(dx * dx + dy * dy);
    int dir = fray_facing_of(dx, dy);
    fray_move(e, who, a->x, a->y);
    /* turning is free: a creature that moved faces its nearest foe */
    int f = fray_nearest(e, who, able_foe);
    if (f >= 0)
        face(e, who, f);
    c->acted = 1;
    c->moved_cm += m;
    c->last_move = dir + 1;
    c->last_move_cm = m;
    c->last_sprint_cm = kind == EN_A_SPRINT ? m : 0;
    if (kind == EN_A_SPRINT)
        c->sprinted = 1;
    if (c->moved_cm > speed_cm(e, who))
        end_defending(e, who);
    /* a Restraining creature that moves away lets go */
    if (c->holding >= 0 && fray_distance(e, who, c->holding) > 150)
        release_hold(e, who);
}

static void resolve(fray_encounter *e, const fray_action *a);

/* #Initiative: roll against the creature whose action is declared; the
 * winner's action happens first. */
static void initiative(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, other = a->target;
    en_creature *c = cr(e, who), *oc = cr(e, other);
    int dex = fray_opt(e, EN_O_INIT_DEX);
    c->init_rolled = 1;
    c->init_value = fray_die(&e->dice, 20, "Initiative roll, 1d20") + c->init_bonus +
                    (dex ? c->d.mod[EN_DEX] : 0);
    /* "If another situation arises that requires you to roll Initiative
     * after you have already rolled it during the Round, you automatically
     * fail." */
    int won;
    if (oc->init_rolled) {
        won = 1;
    } else {
        oc->init_rolled = 1;
        oc->init_value = fray_die(&e->dice, 20, "Initiative roll, 1d20") + oc->init_bonus +
                         (dex ? oc->d.mod[EN_DEX] : 0);
        /* "If your roll is higher, you win the Initiative" */
        won = c->init_value > oc->init_value;
        fray_mod(e, "Initiative of the creature reacted to", oc->init_value);
    }
    fray_emit(e, &(fray_event){.kind = "initiative", .actor = who, .target = other,
                                .action = "Initiative", .outcome = won ? "won" : "lost",
                                .value = c->init_value, .has_value = 1, .rule = RULE("Initiative")});
    if (!won)
        return;
    fray_action opts[FRAY_MAX_LEGAL];
    lbuf b = {opts, 0, FRAY_MAX_LEGAL};
    legal_act(e, who, &b);
    /* what wins Initiative acts at once, without windows of its own */
    int pick = fray_choose(e, who, FRAY_WIN_DECLARED, a, opts, b.n);
    if (pick < 0)
        return;
    st(e)->depth++;
    resolve(e, &opts[pick]);
    st(e)->depth--;
}

static int still_possible(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    if (!able(e, who) || !able(e, t))
        return 0;
    const en_creature *c = ccr(e, who);
    if (a->kind == EN_A_RANGED) {
        /* the declared window may have taken the weapon (a Disarm, a drop)
         * or swapped it: the attack needs what it was declared with */
        const en_weapon *w = hand(c);
        int thrown = (a->arg & EN_ARG_THROW) != 0;
        if (!w || thrown == ((w->props & EN_W_RANGED) != 0))
            return 0;
        return thrown || !w->load || c->loaded;
    }
    if (!can_attack(conds(e, who)))
        return 0;
    int unarmed = a->kind == EN_A_UNARMED || a->kind == EN_A_RESTRAIN || a->kind == EN_A_PUSH;
    if (a->kind == EN_A_MELEE && !melee_weapon(c))
        return 0;
    return en_in_reach(e, who, t, unarmed ? 0 : weapon_reach(c));
}

static int attack_cost(const fray_encounter *e, const fray_action *a)
{
    switch (a->kind) {
    case EN_A_MELEE: case EN_A_TRIP: case EN_A_DISARM:
        return 3;
    case EN_A_SWIFT:
        return 1;
    case EN_A_RANGED: {
        const en_creature *c = ccr(e, a->actor);
        return (a->arg & EN_ARG_THROW) ? fray_opt(e, EN_O_RANGED_COST) : ranged_cost(e, c, hand(c));
    }
    default:
        return 2;
    }
}

static void attack(fray_encounter *e, const fray_action *a)
{
    en_state *s = st(e);
    if (s->depth == 0 && a->kind != EN_A_SWIFT) {
        fray_offer(e, FRAY_WIN_DECLARED, a);
        if (!still_possible(e, a)) {
            /* #Incomplete Actions: "you could willingly end the attack and
             * spend only 1 Energy" */
            if (able(e, a->actor)) {
                pay(e, a->actor, 1, res(e, a->actor, EN_R_ENERGY) >= 1 ? 0 : a->arg);
                acted(e, a->actor, 1);
            }
            fray_emit(e, &(fray_event){.kind = "attack", .actor = a->actor, .target = a->target,
                                        .action = en_actions[a->kind].name, .outcome = "abandoned",
                                        .value = 1, .has_value = 1, .rule = RULE("Incomplete Actions")});
            return;
        }
    }
    if (a->kind == EN_A_RANGED)
        ranged(e, a);
    else
        melee(e, a, attack_cost(e, a));
}

static void shaken_drop(fray_encounter *e, int who, int *dropped)
{
    /* #Conditions, Shaken: "a chance to drop items while manipulating them
     * ... (Chance roll with a DC: 5)" */
    *dropped = 0;
    if (!has(e, who, EN_C_SHAKEN))
        return;
    int r = fray_die(&e->dice, 20, "Chance roll (Shaken), 1d20");
    *dropped = r < 5;
    fray_emit(e, &(fray_event){.kind = "chance roll", .actor = who, .target = -1,
                                .outcome = *dropped ? "dropped" : "held", .value = r, .has_value = 1,
                                .rule = RULE("Conditions")});
}

static void simple(fray_encounter *e, const fray_action *a, const char *outcome, const char *rule)
{
    fray_emit(e, &(fray_event){.kind = "action", .actor = a->actor, .target = a->target,
                                .action = en_actions[a->kind].name, .outcome = outcome, .rule = rule});
}

static void resolve(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    en_creature *c = cr(e, who);
    en_state *s = st(e);
    if (s->depth == 0 && s->respond == who)
        s->respond = -1;
    /* option agile_move_banked 0: an Agile Move goes with the creature's own
     * action, so another creature's action ends what it had earned */
    if (!fray_opt(e, EN_O_AGILE_BANKED) && e->offer_depth == 0 && s->depth == 0)
        for (int i = 0; i < e->n; i++)
            if (i != who)
                cr(e, i)->agile_credit = 0;
    int sp = speed_cm(e, who);
    switch (a->kind) {
    case EN_A_MELEE: case EN_A_RANGED: case EN_A_UNARMED: case EN_A_TRIP: case EN_A_DISARM:
    case EN_A_RESTRAIN: case EN_A_PUSH:
        attack(e, a);
        break;
    case EN_A_SWIFT: {
        /* #Swift Attacks: "A Swift Attack is an Immediate Interrupt" */
        s->depth++;
        melee(e, a, 1);
        s->depth--;
        break;
    }
    case EN_A_INITIATIVE:
        initiative(e, a);
        return;
    case EN_A_LOAD: {
        const en_weapon *w = hand(c);
        pay(e, who, w->load, a->arg);
        acted(e, who, w->load);
        int dropped;
        shaken_drop(e, who, &dropped);
        c->loaded = !dropped;
        simple(e, a, dropped ? "ammunition dropped" : "loaded", RULE("Actions"));
        break;
    }
    case EN_A_SHIFT:
        if (a->arg & EN_ARG_AGILITY)
            fray_res_set(e, who, EN_R_AGILITY, res(e, who, EN_R_AGILITY) - 2);
        else
            pay(e, who, 1, a->arg);
        move_to(e, a, a->kind);
        simple(e, a, "moved", RULE("Actions"));
        break;
    case EN_A_RUN: case EN_A_QUICK_RUN: case EN_A_SPRINT: {
        int64_t dx = a->x - e->c[who].x, dy = a->y - e->c[who].y;
        int m = fray_isqrt(dx * dx + dy * dy);
        int loss = turn_loss(e, who, a->x, a->y);
        int cost = a->kind == EN_A_SPRINT ? 3 : ((m + loss) * 3 + sp - 1) / sp;
        if (cost < 1)
            cost = 1;
        if (a->kind == EN_A_QUICK_RUN)
            cost = 2;
        if (a->kind == EN_A_RUN && cost > 3)
            cost = 3;
        pay(e, who, cost, a->arg);
        if (a->kind == EN_A_SPRINT)
            set_stamina(e, who, res(e, who, EN_R_STAMINA) - 1);
        move_to(e, a, a->kind);
        fray_emit(e, &(fray_event){.kind = "move", .actor = who, .target = a->target,
                                    .action = en_actions[a->kind].name,
                                    .outcome = (a->arg & EN_ARG_AWAY) ? "away" : "towards", .value = m,
                                    .has_value = 1, .rule = RULE("Actions")});
        break;
    }
    case EN_A_AGILE_MOVE:
        fray_res_set(e, who, EN_R_AGILITY, res(e, who, EN_R_AGILITY) - 1);
        c->agile_credit--;
        {
            int keep = c->last_move, keep_cm = c->last_move_cm;
            move_to(e, a, a->kind);
            if (s->depth > 0 || e->offer_depth > 0) { /* an interrupt is no move of the action sequence */
                c->last_move = keep;
                c->last_move_cm = keep_cm;
            }
        }
        fray_emit(e, &(fray_event){.kind = "move", .actor = who, .target = a->target, .action = "Agile Move",
                                    .outcome = (a->arg & EN_ARG_AWAY) ? "away" : "towards", .value = 100,
                                    .has_value = 1, .rule = RULE("Immediate Interrupts")});
        if (e->offer_depth > 0)
            return; /* an Immediate Interrupt: no window of its own */
        break;
    case EN_A_JUMP: {
        int cost = a->arg & EN_ARG_LOW;
        pay(e, who, cost, a->arg);
        set_stamina(e, who, res(e, who, EN_R_STAMINA) - 1);
        move_to(e, a, a->kind);
        /* "When landing from a Jump, you become Unguarded." */
        if (able(e, who))
            unguard(e, who);
        simple(e, a, "landed", RULE("Actions"));
        break;
    }
    case EN_A_KNEEL:
        pay(e, who, 1, a->arg);
        acted(e, who, 1);
        fray_cond_remove(e, who, EN_C_PRONE);
        c->kneeling = 1;
        /* "You become Unguarded." */
        unguard(e, who);
        simple(e, a, "kneeling", RULE("Actions"));
        break;
    case EN_A_STAND:
        pay(e, who, 1, a->arg);
        acted(e, who, 1);
        c->kneeling = 0;
        simple(e, a, "standing", RULE("Actions"));
        break;
    case EN_A_DEFEND:
        pay(e, who, 1, a->arg);
        acted(e, who, 1);
        /* "If you were Unguarded, you no longer are. If you were Exposed, you
         * are no longer Exposed." - except where a parent imposes them
         * (#Surprise: "You cannot remove a daughter condition by itself.") */
        fray_cond_remove(e, who, EN_C_UNGUARDED);
        fray_cond_remove(e, who, EN_C_EXPOSED);
        give(e, who, EN_C_DEFENDING, FRAY_EXP_NEVER, 0);
        simple(e, a, "defending", RULE("Actions"));
        break;
    case EN_A_STOW: {
        int cost = side_arm(hand(c)) ? 1 : 2;
        pay(e, who, cost, a->arg);
        acted(e, who, cost);
        int dropped;
        shaken_drop(e, who, &dropped);
        if (dropped) {
            c->dropped = c->wielded;
            c->drop_x = e->c[who].x;
            c->drop_y = e->c[who].y;
        }
        c->wielded = -1;
        c->loaded = 0;
        en_derive(c);
        simple(e, a, dropped ? "dropped" : "stowed", RULE("Actions"));
        break;
    }
    case EN_A_EQUIP: {
        int i = a->arg & EN_ARG_LOW;
        int cost = side_arm(&c->w[i]) ? 1 : 2;
        pay(e, who, cost, a->arg);
        acted(e, who, cost);
        int dropped;
        shaken_drop(e, who, &dropped);
        if (dropped) {
            c->dropped = i;
            c->drop_x = e->c[who].x;
            c->drop_y = e->c[who].y;
        } else {
            c->wielded = i;
            c->loaded = 0;
            en_derive(c);
        }
        simple(e, a, dropped ? "dropped" : "equipped", RULE("Actions"));
        break;
    }
    case EN_A_PICK_UP: {
        int cost = fray_opt(e, EN_O_PICK_UP_COST);
        pay(e, who, cost, a->arg);
        acted(e, who, cost);
        /* "If you pick up an item off the ground you spend 1 Energy and
         * become Exposed." */
        expose(e, who);
        if (c->wielded < 0) {
            c->wielded = c->dropped;
            c->loaded = 0;
            en_derive(c);
        }
        c->dropped = -1;
        simple(e, a, "picked up", RULE("Actions"));
        break;
    }
    case EN_A_CATCH_BREATH: {
        /* "Using 3 Energy (or all your Energy), you may regain 1 Stamina." */
        int en = res(e, who, EN_R_ENERGY), cost = en < 3 ? en : 3;
        pay(e, who, cost, 0);
        acted(e, who, cost);
        set_stamina(e, who, res(e, who, EN_R_STAMINA) + 1);
        simple(e, a, "breath caught", RULE("Stamina"));
        break;
    }
    case EN_A_ESCAPE: {
        int h = c->holder;
        pay(e, who, 3, a->arg);
        acted(e, who, 3);
        /* Restrained: "a Fortitude roll ... contested by the ... Fortitude
         * roll of the restrainer"; the restrainer keeps its hold on a tie */
        int mine = fortitude_roll(e, who, 0), theirs = h >= 0 ? fortitude_roll(e, h, 0) : 0;
        int out = mine > theirs;
        if (out && h >= 0)
            release_hold(e, h);
        fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = h, .action = "Escape",
                                    .outcome = out ? "escaped" : "held", .value = mine, .has_value = 1,
                                    .rule = RULE("Restrain")});
        break;
    }
    case EN_A_RELEASE:
        release_hold(e, who);
        simple(e, a, "released", RULE("Restrain"));
        return;
    default:
        return;
    }
    if (e->offer_depth == 0)
        offer_triggered(e, a);
}

/* ---- Rounds and the scheduler ---- */

static int eligible(const fray_encounter *e, int i)
{
    const en_creature *c = ccr(e, i);
    return able(e, i) && !c->passed && (res(e, i, EN_R_ENERGY) > 0 || can_pay_arg(e, i, 1) >= 0);
}

/* The creature just attacked answers first; otherwise the one with the most
 * Energy left; ties by file order. */
static int next_actor(fray_encounter *e)
{
    en_state *s = st(e);
    if (s->respond >= 0 && eligible(e, s->respond))
        return s->respond;
    s->respond = -1;
    int best = -1;
    for (int i = 0; i < e->n; i++)
        if (eligible(e, i) && (best < 0 || res(e, i, EN_R_ENERGY) > res(e, best, EN_R_ENERGY)))
            best = i;
    return best;
}

static void pass(fray_encounter *e, int who, int window)
{
    if (window != FRAY_WIN_ACT)
        return;
    cr(e, who)->passed = 1;
    if (st(e)->respond == who)
        st(e)->respond = -1;
}

/* One creature enters the combat: conditions it starts with, surprise. */
static void enter_combat(fray_encounter *e, int i)
{
    en_creature *c = cr(e, i);
    for (int k = 0; k < EN_NCOND; k++)
        if (c->start_conds & (1 << k)) {
            give(e, i, k, FRAY_EXP_NEVER, 0);
            if (k == EN_C_UNCONSCIOUS) {
                c->unc_cause = EN_UNC_NONLETHAL;
                fray_set_status(e, i, FRAY_DOWN);
            }
        }
    /* #Surprise: "the surprised party is Surprised until the end of the
     * first Round of combat" */
    if (c->surprised)
        give(e, i, EN_C_SURPRISED, FRAY_EXP_ROUND_END, 1);
    if (res(e, i, EN_R_STAMINA) == 0)
        knock_out(e, i, EN_UNC_STAMINA);
    fray_flush(e, i, RULE("Surprise"));
}

static void start_combat(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++)
        enter_combat(e, i);
}

static void start_round(fray_encounter *e)
{
    st(e)->respond = -1;
    st(e)->depth = 0;
    for (int i = 0; i < e->n; i++) {
        en_creature *c = cr(e, i);
        c->passed = c->stamina_as_energy = c->init_rolled = c->swift_used = 0;
        c->agile_credit = c->moved_cm = c->sprinted = c->acted = c->saved = 0;
        c->last_move = c->last_move_cm = c->last_sprint_cm = c->init_value = 0;
        c->first_def_adv = 0;
        if (e->c[i].status == FRAY_DEAD)
            continue;
        if (has(e, i, EN_C_UNCONSCIOUS) && c->unc_cause != EN_UNC_DEATH) {
            /* #Unconsciousness: "You roll a 1d20 each Round until you get a
             * 20, in which case you wake up, regaining 1 Stamina if you were
             * at 0." */
            int r = fray_die(&e->dice, 20, "Waking roll, 1d20");
            if (r == 20) {
                fray_cond_remove(e, i, EN_C_UNCONSCIOUS);
                if (res(e, i, EN_R_STAMINA) == 0)
                    fray_res_set(e, i, EN_R_STAMINA, 1);
                fray_set_status(e, i, FRAY_ABLE);
                c->unc_cause = EN_UNC_NONE;
            }
            fray_emit(e, &(fray_event){.kind = "waking roll", .actor = i, .target = -1,
                                        .outcome = r == 20 ? "awake" : "asleep", .value = r,
                                        .has_value = 1, .rule = RULE("Unconsciousness")});
        }
        /* #Death Roll: "a Death Save at the beginning of every Round until you
         * are Stabilized" */
        if (has(e, i, EN_C_BLEEDING))
            death_save(e, i);
        if (e->c[i].status == FRAY_ABLE) {
            /* #Rounds: "Your Energy is reset based on your Stamina"; "Your
             * Agility is reset" */
            fray_res_set(e, i, EN_R_ENERGY,
                         en_energy_per_round(res(e, i, EN_R_STAMINA), has(e, i, EN_C_EXHAUSTED)));
            fray_res_set(e, i, EN_R_AGILITY, c->d.agility_max);
        }
        fray_flush(e, i, RULE("Rounds"));
    }
}

static void end_round(fray_encounter *e)
{
    /* Waiting to Act: the Round ends when nobody can or will act. Expiry of
     * "until the end of the Round" conditions is the engine's. */
    st(e)->respond = -1;
}

/* ---- Loading, narration, rests ---- */

static int load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who)
{
    en_creature *c = cr(e, who);
    if (en_sheet_load(ld, sheet, c) < 0)
        return -1;
    fray_combatant *k = &e->c[who];
    k->res[EN_R_ENERGY] = 0;
    k->res[EN_R_STAMINA] = c->start_stamina >= 0 && c->start_stamina < c->d.stamina_max
                               ? c->start_stamina : c->d.stamina_max;
    k->res[EN_R_AGILITY] = c->d.agility_max;
    k->res[EN_R_AURA] = c->start_aura >= 0 && c->start_aura < c->d.aura_max ? c->start_aura
                                                                          : c->d.aura_max;
    k->res[EN_R_SURGES] = c->d.surges_max;
    c->loaded = 1; /* a fight starts with ranged weapons loaded */
    return 0;
}

static int describe(const fray_encounter *e, int who, char *buf, size_t len)
{
    const en_creature *c = ccr(e, who);
    return snprintf(buf, len, "Aura %d/%d, Stamina %d/%d, Energy %d, Agility %d",
                    res(e, who, EN_R_AURA), c->d.aura_max, res(e, who, EN_R_STAMINA),
                    c->d.stamina_max, res(e, who, EN_R_ENERGY), res(e, who, EN_R_AGILITY));
}

static void gain_aura(fray_encounter *e, int who, int v)
{
    int max = ccr(e, who)->d.aura_max;
    fray_res_set(e, who, EN_R_AURA, v > max ? max : v);
    /* #Death Save: "A creature can be stabilized by gaining Aura." */
    if (has(e, who, EN_C_BLEEDING)) {
        fray_cond_remove(e, who, EN_C_BLEEDING);
        give(e, who, EN_C_STABILIZED, FRAY_EXP_NEVER, 0);
    }
}

static void rest(fray_encounter *e, int who, int kind)
{
    if (e->c[who].status == FRAY_DEAD)
        return;
    en_creature *c = cr(e, who);
    /* #Short Rest: "You regain all your Stamina."; "You may spend 1 Recovery
     * Surge to regain Aura" every 5 minutes */
    fray_res_set(e, who, EN_R_STAMINA, c->d.stamina_max);
    if (kind == 0) {
        for (int m = 5; m <= fray_opt(e, EN_O_SHORT_REST_MIN); m += 5) {
            int aura = res(e, who, EN_R_AURA), surges = res(e, who, EN_R_SURGES);
            if (aura >= c->d.aura_max || surges <= 0)
                break;
            fray_res_set(e, who, EN_R_SURGES, surges - 1);
            gain_aura(e, who, aura + c->d.recovery_value);
        }
    } else {
        /* #Long Rest: "Your Aura is fully restored. You regain all your
         * Recovery Surges." */
        gain_aura(e, who, c->d.aura_max);
        fray_res_set(e, who, EN_R_SURGES, c->d.surges_max);
    }
    fray_cond_expire(e, who, FRAY_EXP_REST);
    if (has(e, who, EN_C_UNCONSCIOUS) && !has(e, who, EN_C_BLEEDING)) {
        fray_cond_remove(e, who, EN_C_UNCONSCIOUS);
        c->unc_cause = EN_UNC_NONE;
        fray_set_status(e, who, FRAY_ABLE);
    }
    fray_flush(e, who, kind ? RULE("Long Rest") : RULE("Short Rest"));
}

static int policy_hook(fray_encounter *e, int who, int window, const fray_action *trigger,
                       const fray_action *legal_list, int n)
{
    return en_policy(e, who, window, trigger, legal_list, n);
}

/* The GM deals damage (of no type, lethal) or grants Aura. */
static void fiat(fray_encounter *e, int who, int amount, int heal)
{
    if (heal)
        gain_aura(e, who, res(e, who, EN_R_AURA) + amount);
    else
        deal(e, -1, who, amount, -1, 0, -1, 0);
}

/* ---- Exact odds of an action now ---- */


/* The damage roll of a melee plan as one expression: the weapon's roll and
 * its bonus, an Unarmed attack's bonus alone, nothing for a maneuver. */
static int plan_damage(const en_melee_in *in, fray_dexpr *d)
{
    memset(d, 0, sizeof *d);
    if (!in->deals_damage)
        return 0;
    if (in->damage)
        *d = *in->damage;
    return en_dexpr_plus(d, in->damage_bonus);
}

/* action_odds: a melee or ranged attack of `a`, read as resolve reads it
 * (melee_plan_of, ranged_plan_of), with the multipliers deal() applies. */
static int action_odds(fray_encounter *e, const fray_action *a, json_t **out, char *err,
                       size_t errlen)
{
    int who = a->actor, t = a->target, k = a->kind;
    const en_creature *c = ccr(e, who);
    *out = NULL;
    if (t < 0 || t >= e->n || !(is_attack(k) || k == EN_A_SWIFT)) {
        snprintf(err, errlen, "%s has no exact odds: only attacks have them", en_actions[k].name);
        return -1;
    }
    const en_creature *tc = ccr(e, t);
    int mark = fray_mods_mark(e);
    int rc;
    if (k == EN_A_RANGED) {
        if (!hand(c)) {
            snprintf(err, errlen, "%s has no weapon in hand", e->c[who].name);
            return -1;
        }
        ranged_plan m;
        ranged_plan_of(e, a, &m);
        const en_ranged_in *in = &m.in;
        en_ranged_q q = {.mcm = in->mcm, .ranged_evasion = in->ranged_evasion, .evade = in->evade,
                         .situational = in->situational, .hit_adv = in->hit_adv,
                         .defense_adv = in->defense_adv, .defend = in->defend,
                         .coverage = in->coverage, .ar = in->ar, .armour_rule = in->armour_rule,
                         .precise = in->precise, .damage = m.w->damage};
        int bit = 1 << m.w->dtype;
        q.weak = (tc->weak & bit) != 0;
        q.resist = (tc->resist & bit) != 0;
        q.halves = !en_weapon_proficient(c, m.w);
        q.thrown_halves = m.thrown && !(m.w->props & EN_W_THROWN);
        fray_mods_drop(e, mark);
        if (en_dexpr_plus(&q.damage, in->damage_bonus) < 0)
            return snprintf(err, errlen, "the damage roll has too many terms"), -1;
        rc = en_ranged_odds_json(&q, out, err, errlen);
    } else {
        melee_plan m;
        melee_plan_of(e, a, &m);
        fray_mods_drop(e, mark);
        const en_melee_in *in = &m.in;
        en_melee_q q = {.av = in->av, .evasion = in->evasion, .coverage = in->coverage,
                        .ar = in->ar, .precise = in->precise, .defend = in->defend,
                        .defense_adv = in->defense_adv, .attack_adv = in->attack_adv,
                        .auto_hit = in->auto_hit};
        if (plan_damage(in, &q.damage) < 0)
            return snprintf(err, errlen, "the damage roll has too many terms"), -1;
        int bit = 1 << (m.w ? m.w->dtype : EN_DMG_BLUDGEONING);
        q.weak = in->deals_damage && (tc->weak & bit) != 0;
        q.resist = in->deals_damage && (tc->resist & bit) != 0;
        q.halves = in->deals_damage && m.w && !en_weapon_proficient(c, m.w);
        rc = en_melee_odds_json(&q, e->c[who].name, e->c[t].name, out, err, errlen);
    }
    if (rc == 0) {
        json_object_set_new(*out, "action", json_string(en_actions[k].name));
        if (k == EN_A_RESTRAIN)
            json_object_set_new(*out, "then", json_string("a hit Restrains the target (#Restrain)"));
        else if (k == EN_A_TRIP || k == EN_A_DISARM || k == EN_A_PUSH)
            json_object_set_new(*out, "then",
                                json_string("a hit then asks the target's Fortitude roll against "
                                            "the AV without the -5 (#Combat Maneuvers)"));
    }
    return rc;
}

const fray_ruleset fray_ruleset_energy = {
    .version = FRAY_RULESET_VERSION,
    .id = "energy",
    .seed = EN_SEED,
    .summary = "no turns: 5 Energy a Round spent at will; AV against exploding Evasion; Aura, then Death rolls",
    .actions = en_actions,
    .nactions = EN_NACTIONS,
    .resources = resource_names,
    .nresources = EN_NRES,
    .conditions = en_condition_names,
    .nconditions = EN_NCOND,
    .options = en_options,
    .noptions = EN_NOPTS,
    .creature_size = sizeof(en_creature),
    .state_size = sizeof(en_state),
    .load_creature = load_creature,
    .loaded = NULL,
    .join = enter_combat,
    .fiat = fiat,
    .start_combat = start_combat,
    .start_round = start_round,
    .end_round = end_round,
    .next_actor = next_actor,
    .legal = legal,
    .resolve = resolve,
    .pass = pass,
    .policy = policy_hook,
    .describe = describe,
    .rest = rest,
    .odds = en_odds,
    .odds_help = en_odds_help,
    .action_odds = action_odds,
};
