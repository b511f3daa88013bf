/* ruleset.c: the energy ruleset's table (actions, resources, conditions,
 * rule options) and its small hooks: loading, narration, rests, the GM's
 * fiat. The rest lives by the text's parts: damage.c (#Aura, #Death,
 * #Stamina, #Non-Lethal Damage), legal.c (what a creature may do now),
 * combat.c (#Melee Attacks, #Ranged Attacks, #Combat Maneuvers), actions.c
 * (the other #Actions, #Initiative, resolution), rounds.c (#Rounds). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "loop.h"
#include "odds.h"
#include "rules.h"


const char *const en_condition_names[EN_NCOND] = {
    "Exposed", "Shaken",    "Exhausted",   "Dazed",       "Blinded",   "Slowed",
    "Prone",   "Surprised", "Unguarded",   "Restrained",  "Restraining", "Unconscious",
    "Defending", "Stabilized", "Bleeding"};

static const char *const resource_names[EN_NRES] = {"Energy", "Stamina", "Agility", "Aura",
                                                    "Recovery Surges"};


const fray_action_info en_actions[EN_NACTIONS] = {
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
    [EN_O_SWIFT_ON_LEAVE] = {"swift_on_leave", 1, 0, 1, "a move that starts inside your maximum Reach and ends outside it moves through it (1, the text's \"moves through\"), or does not (0: only moves from outside, the old reading)"},
    [EN_O_WAIT_FORFEITS] = {"wait_forfeits", 0, 0, 1, "a creature that passes: 0 waits, and may act again once another creature has acted (#Waiting to Act); 1 is done for the Round (the old reading)"},
    [EN_O_INITIATIVE_ANY] = {"initiative_any", 1, 0, 1, "who may roll Initiative before a declared action: 1 any creature, against any action but an Immediate Interrupt (#Initiative: \"in response to another creature's action\"); 0 only the target of an attack (the old reading)"},
    [EN_O_ATTACK_FOLLOW] = {"attack_follow", 1, 0, 1, "a melee attack whose target stepped out of Reach before the roll: 1 the attacker may follow it with Agile Moves (1 Agility a metre) and attack, or end the attack for 1 Energy (question Follow); 0 the attack always ends (the old reading)"},
    [EN_O_INIT_DEX] = {"initiative_dex", 1, 0, 1, "Initiative roll = 1d20 + Initiative points, plus the Dexterity modifier when 1 (the Skills section is not in the text)"},
};

static const char *const follow_answers[] = {"Abandon", "Follow"};
static const fray_question en_questions[EN_NQ] = {
    [EN_Q_FOLLOW] = {"Follow", follow_answers, 2},
};

/* The policy's answer: it follows (it wants the attack it paid for). */
static int answer(fray_encounter *e, int who, int q, uint32_t allowed, const fray_action *ctx)
{
    (void)e, (void)who, (void)ctx;
    return q == EN_Q_FOLLOW && (allowed & 2u) ? 1 : -1;
}

int en_foe(const fray_encounter *e, int a, int b) { return e->c[a].side != e->c[b].side; }
int en_in_reach(const fray_encounter *e, int a, int b, int reach_m)
{
    return fray_distance(e, a, b) <= reach_of(e, a, b, reach_m);
}
int en_can_pay(const fray_encounter *e, int who, int energy) { return can_pay_arg(e, who, energy) >= 0; }

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
                    fray_res(e, who, EN_R_AURA), c->d.aura_max, fray_res(e, who, EN_R_STAMINA),
                    c->d.stamina_max, fray_res(e, who, EN_R_ENERGY), fray_res(e, who, EN_R_AGILITY));
}

static void gain_aura(fray_encounter *e, int who, int v)
{
    int max = ccr(e, who)->d.aura_max;
    fray_res_set(e, who, EN_R_AURA, v > max ? max : v);
    /* #Death Save: "A creature can be stabilized by gaining Aura." */
    if (fray_has(e, who, EN_C_BLEEDING)) {
        fray_cond_remove(e, who, EN_C_BLEEDING);
        en_give(e, who, EN_C_STABILIZED, FRAY_EXP_NEVER, 0);
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
            int aura = fray_res(e, who, EN_R_AURA), surges = fray_res(e, who, EN_R_SURGES);
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
    if (fray_has(e, who, EN_C_UNCONSCIOUS) && !fray_has(e, who, EN_C_BLEEDING)) {
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
        gain_aura(e, who, fray_res(e, who, EN_R_AURA) + amount);
    else
        en_deal(e, -1, who, amount, -1, 0, -1, 0);
}

/* GM fiat on a resource (`set`): Aura is the damage track (#Aura; at 0,
 * each further hit is a Death roll; gaining Aura stabilizes); Stamina stops
 * at 1, since 0 knocks out (#Stamina); the rest are plain pools. */
static int res_range(const fray_encounter *e, int who, int res, int *lo, int *hi, char *why,
                     size_t len)
{
    const en_creature *c = ccr(e, who);
    int en = en_energy_per_round(c->d.stamina_max, 0), now = fray_res(e, who, res);
    *lo = 0;
    switch (res) {
    case EN_R_AURA:
        *hi = c->d.aura_max;
        snprintf(why, len, "damage and healing move Aura (#Aura)");
        return FRAY_SET_TRACK;
    case EN_R_STAMINA:
        *lo = 1;
        *hi = c->d.stamina_max;
        snprintf(why, len, "0 Stamina knocks out (#Stamina): the rules take it there");
        return FRAY_SET_PLAIN;
    case EN_R_AGILITY: *hi = c->d.agility_max; return FRAY_SET_PLAIN;
    case EN_R_SURGES: *hi = c->d.surges_max; return FRAY_SET_PLAIN;
    default: *hi = now > en ? now : en; return FRAY_SET_PLAIN; /* Energy: a Round's at most */
    }
}

FRAY_RULESET(fray_ruleset_energy,
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
    /* the fight's part of en_creature: its fields before the sheet */
    .creature_live = offsetof(en_creature, ab),
    .state_size = sizeof(en_state),
    .load_creature = load_creature,
    .loaded = NULL,
    .join = en_enter_combat,
    .fiat = fiat,
    .res_range = res_range,
    .act_order = en_act_order,
    .start_combat = en_start_combat,
    .start_round = en_start_round,
    .end_round = en_end_round,
    .next_actor = en_next_actor,
    .legal = en_legal,
    .resolve = en_resolve,
    .pass = en_pass,
    .policy = policy_hook,
    .describe = describe,
    .rest = rest,
    .odds = en_odds,
    .odds_help = en_odds_help,
    .action_odds = en_action_odds,
    .may_answer = en_may_answer,
    .questions = en_questions,
    .nquestions = EN_NQ,
    .answer = answer,
    .decide = en_decide)

