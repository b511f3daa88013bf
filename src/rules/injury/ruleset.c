/* ruleset.c: the `injury` ruleset table: actions with their AP costs,
 * resources, conditions, questions and rule options. */
#include "injury.h"
#include "loop.h"

static const fray_action_info in_actions[IN_NACT] = {
    [IN_A_ATTACK] = {"Attack", "1 AP (simple)", "an attack roll against the target's DV; a hit injures a chosen body part",
        "#Attack: a foe within your melee reach, or in range of your ranged weapon; not after Defend"},
    [IN_A_POWER] = {"Power Attack", "1 AP, Stamina up to your martial bonus (free action)",
        "+2 to the melee attack roll per Stamina spent",
        "#Power Attack: a melee attack and the Stamina"},
    [IN_A_RECKLESS] = {"Reckless Attack", "1 AP, 1 Stamina per degree (free action)",
        "+1 degree on a hit per Stamina, +1 disadvantage each",
        "#Reckless Attack: a melee attack and the Stamina"},
    [IN_A_DEADLY_AIM] = {"Deadly Aim", "1 AP, Stamina up to your martial bonus (free action)",
        "+2 to the ranged attack roll per Stamina spent", "#Deadly Aim: a ranged attack and the Stamina"},
    [IN_A_MULTIWEAPON] = {"Multiweapon", "1 AP (simple)", "attack with each melee weapon, +1 disadvantage each",
        "#Multiweapon: more than one melee weapon wielded, the foe within reach"},
    [IN_A_RAPID] = {"Rapid Shot", "1 AP (simple)", "two ranged attacks, +1 disadvantage each",
        "#Rapid Shot: a weapon reloaded or drawn as a free action"},
    [IN_A_THROW] = {"Throw", "1 AP (simple)", "throw a weapon; a miss scatters 1d8",
        "#Throw: a thrown weapon, the target out of reach (within option max_increments when it is set)"},
    [IN_A_LUNGE] = {"Lunge", "0 AP, 1 Stamina (free action)", "next melee attack +5 feet of reach; your defences open",
        "#Lunge: a melee weapon and 1 Stamina"},
    [IN_A_DISARM] = {"Disarm", "1 AP (simple)", "Acrobatics maneuver: the foe drops its weapon",
        "#Maneuvers: the foe within reach, holding a weapon"},
    [IN_A_DRAG] = {"Drag", "1 AP (simple)", "Athletics maneuver: step back and pull the grappled foe",
        "#Maneuvers: a foe you grapple, within reach"},
    [IN_A_GRAPPLE] = {"Grapple", "1 AP (simple)", "Athletics maneuver: the foe cannot move",
        "#Maneuvers: the foe within reach, not grappled"},
    [IN_A_OVERRUN] = {"Overrun", "1 AP (simple)", "Athletics maneuver: pass through to the square beyond the foe",
        "#Maneuvers: the foe within reach"},
    [IN_A_REPOSITION] = {"Reposition", "1 AP (simple)", "Acrobatics maneuver: move the foe a square around you",
        "#Maneuvers: the foe within reach"},
    [IN_A_SHOVE] = {"Shove", "1 AP (simple)", "Athletics maneuver: push the foe 5 feet away",
        "#Maneuvers: the foe within reach"},
    [IN_A_STEAL] = {"Steal", "1 AP (simple)", "Thievery maneuver: take an item the foe carries unheld",
        "#Maneuvers: the foe within reach, carrying a stowed item"},
    [IN_A_SUNDER] = {"Sunder", "1 AP (simple)", "Strength maneuver: the foe's held weapon breaks",
        "#Maneuvers: the foe within reach, holding a weapon"},
    [IN_A_TRICK] = {"Trick", "1 AP (simple)", "Thievery maneuver: the foe is off-guard until its next turn",
        "#Maneuvers: the foe within reach"},
    [IN_A_TRIP] = {"Trip", "1 AP (simple)", "Acrobatics maneuver: the foe falls prone",
        "#Maneuvers: the foe within reach, standing"},
    [IN_A_DEFEND] = {"Defend", "1 AP (simple)", "+martial bonus dodge to DV until your next turn; no more attacks this turn",
        "#Defend: not defending already"},
    [IN_A_SHIELD] = {"Ready Shield", "1 AP (simple)", "the shield's bonus to DV until your next turn",
        "#Ready Shield: a shield, its arm without a 2nd injury"},
    [IN_A_CHARGE] = {"Charge", "2 AP (standard; option charge_adv)",
        "move up to your speed at a foe and attack with +1 advantage; your defences open",
        "#Charge: a melee weapon, a foe out of reach within your speed, 2 AP"},
    [IN_A_MOVE] = {"Move", "1 AP (simple; option move_ft)", "move up to your speed towards a foe",
        "#Rounds and Actions: not prone or grappled"},
    [IN_A_STAND] = {"Stand Up", "1 AP (option ap_stand) +1 per injured foot, +2 per injured leg",
        "stand up from prone", "#Prone: prone, and not every leg or foot injured"},
    [IN_A_PICKUP] = {"Pick Up", "1 AP (simple)", "pick up a dropped weapon",
        "#Critical Hits and Misses: a dropped weapon and a hand to hold it"},
    [IN_A_PARRY] = {"Parry", "reaction, 1 Stamina", "an attack roll against the melee attack's: each degree over it takes one off",
        "#Parry: a melee attack roll against you, a reaction, 1 Stamina, a melee weapon"},
    [IN_A_ESCAPE] = {"Escape", "1 AP (simple; option grapple_escape)",
        "Athletics or Acrobatics maneuver against the grappler's DV: the grapple ends",
        "#Maneuver (a reading: the text gives no escape): grappled, the grappler within reach"},
    [IN_A_REACTIVE] = {"Reactive Attack", "reaction", "an attack on a foe whose action provokes you",
        "#Reactive Attack: a foe provoking you (an untrained maneuver; leaving your reach with option leave_provokes), a reaction"},
};

static const char *const in_resources[IN_NRES] = {"AP", "Initiative", "Reactions", "Stamina",
                                                  "Exhaustion", "Strain", "Bleed", "Attacks"};

static const char *const in_conditions[IN_NCOND] = {
    "Off-Guard", "Prone",    "Unconscious", "Stunned", "Dazed",    "Confused",
    "Sickened",  "Exhausted", "Defending",  "Shield Ready", "Opened", "Lunging",
    "Grappled",  "Flying",   "Blinded",     "Deafened", "Coma",     "Tricked"};

#define C(n) ((uint64_t)1 << (n))
static const fray_cond_info in_cond_info[IN_NCOND] = {
    [IN_C_OFFGUARD] = {"Off-Guard", FRAY_STACK_EXTEND, 0, FRAY_CF_NO_REACTIONS | FRAY_CF_FLAT_FOOTED, IN_RULE("Initiative")},
    [IN_C_PRONE] = {"Prone", FRAY_STACK_EXTEND, 0, 0, IN_RULE("Prone")},
    [IN_C_UNCONSCIOUS] = {"Unconscious", FRAY_STACK_EXTEND, C(IN_C_PRONE),
        FRAY_CF_NO_ACTIONS | FRAY_CF_NO_REACTIONS | FRAY_CF_FLAT_FOOTED | FRAY_CF_DOWN, IN_RULE("Stamina and Exhaustion")},
    [IN_C_STUNNED] = {"Stunned", FRAY_STACK_EXTEND, 0, FRAY_CF_NO_ACTIONS | FRAY_CF_NO_REACTIONS | FRAY_CF_FLAT_FOOTED, IN_RULE("Head")},
    [IN_C_DAZED] = {"Dazed", FRAY_STACK_EXTEND, 0, FRAY_CF_NO_REACTIONS, IN_RULE("Head")},
    [IN_C_CONFUSED] = {"Confused", FRAY_STACK_EXTEND, 0, 0, IN_RULE("Head")},
    [IN_C_SICKENED] = {"Sickened", FRAY_STACK_EXTEND, 0, 0, IN_RULE("Heart")},
    [IN_C_EXHAUSTED] = {"Exhausted", FRAY_STACK_EXTEND, 0, 0, IN_RULE("Stamina and Exhaustion")},
    [IN_C_DEFENDING] = {"Defending", FRAY_STACK_EXTEND, 0, 0, IN_RULE("Defend")},
    [IN_C_SHIELD] = {"Shield Ready", FRAY_STACK_EXTEND, 0, 0, IN_RULE("Ready Shield")},
    [IN_C_OPENED] = {"Opened", FRAY_STACK_EXTEND, 0, 0, IN_RULE("Lunge")},
    [IN_C_LUNGING] = {"Lunging", FRAY_STACK_EXTEND, 0, 0, IN_RULE("Lunge")},
    [IN_C_GRAPPLED] = {"Grappled", FRAY_STACK_EXTEND, 0, FRAY_CF_NO_MOVE, IN_RULE("Maneuver")},
    [IN_C_FLYING] = {"Flying", FRAY_STACK_EXTEND, 0, 0, IN_RULE("Wing")},
    [IN_C_BLINDED] = {"Blinded", FRAY_STACK_EXTEND, 0, 0, IN_RULE("Eye")},
    [IN_C_DEAFENED] = {"Deafened", FRAY_STACK_EXTEND, 0, 0, IN_RULE("Ear")},
    [IN_C_COMA] = {"Coma", FRAY_STACK_EXTEND, C(IN_C_UNCONSCIOUS), 0, IN_RULE("Head")},
    [IN_C_TRICKED] = {"Tricked", FRAY_STACK_EXTEND, 0, FRAY_CF_NO_REACTIONS | FRAY_CF_FLAT_FOOTED, IN_RULE("Maneuver")},
};

static const fray_option_info in_options[IN_NOPT] = {
    [IN_OPT_ADV_MODE] = {"adv_mode", 1, 0, 1,
        "what one level of counted advantage does (the text does not say): 0 one more d20 per "
        "level, keep the best (worst for disadvantage); 1 +2 (-2) per level"},
    [IN_OPT_DEGREE_STEP] = {"degree_step", 5, 1, 20,
        "points per degree of success (the text does not say): a degree for every full step "
        "above DV + 1, the lowest hitting total"},
    [IN_OPT_DV_BASE] = {"dv_base", 10, 0, 30, "the base of the Defence Value (not given)"},
    [IN_OPT_AMBUSH_SIDE] = {"ambush_side", 0, 0, 8,
        "0: both sides are ready (1d20 + Dexterity); k: the k-th side of the file hides "
        "(Stealth against Perception)"},
    [IN_OPT_STRAIN_STAMINA] = {"strain_stamina", 1, 0, 1,
        "strain is Stamina damage, then Exhaustion (the Conditions chapter is not in the text)"},
    [IN_OPT_INJURY_VALUE] = {"injury_value", 0, 0, 1,
        "the value of an injury in the unconscious save's DC: 0 its severity's rank (minor 1 .. "
        "fatal 5), 1 one each"},
    [IN_OPT_EXHAUSTED_DIS] = {"exhausted_dis", 1, 0, 5,
        "disadvantage on d20 rolls while exhausted (the Conditions chapter is not in the text)"},
    [IN_OPT_LEAVE_PROVOKES] = {"leave_provokes", 0, 0, 1,
        "1: moving out of a foe's reach provokes a Reactive Attack (a rule the text does not "
        "have: it names no provoking action but untrained maneuvers; off by default)"},
    [IN_OPT_CHARGE_ADV] = {"charge_adv", 1, 0, 3, "advantage of Charge's attack (Charge has no body)"},
    [IN_OPT_AP_STAND] = {"ap_stand", 1, 0, 3, "AP to stand up before injuries (not given)"},
    [IN_OPT_HEART_LORE] = {"heart_lore", 1, 0, 1,
        "a Lore check (DC 15 + level) before a heart can be targeted, once per foe"},
    [IN_OPT_SPREAD] = {"spread", 1, 0, 1,
        "which of several parts of a kind an injury goes to: 1 the least injured, 0 the most"},
    [IN_OPT_BLIND_DIS] = {"blind_dis", 2, 0, 5,
        "disadvantage on attack rolls while blinded (the Conditions chapter is not in the text)"},
    [IN_OPT_MOVE_FT] = {"move_ft", 30, 5, 120, "feet one Move action covers, at most your speed"},
    [IN_OPT_GRAPPLE_ESCAPE] = {"grapple_escape", 1, 0, 1,
        "the grapple's reading (the text gives no effect): 1 the grappled creature may Escape (the "
        "better of Athletics and Acrobatics + martial bonus against the grappler's DV, equal "
        "succeeds), and the grapple ends when the pair is apart; 0 a grapple never ends"},
    [IN_OPT_MAX_INCREMENTS] = {"max_increments", 0, 0, 100,
        "the longest shot or throw, in range increments (a rule the text does not have: 0, "
        "the default, no maximum)"},
    [IN_OPT_FREE_ONCE] = {"free_once", 0, 0, 1,
        "the text contradicts itself: #Rounds and Actions 'Free action: 0 AP, but only once per "
        "turn', #Free Actions 'as many free actions as you want'; 0 (default) no limit, 1 one "
        "free action a turn (Lunge, Cleave, Power Attack, Reckless Attack, Deadly Aim)"},
    [IN_OPT_UNARMED] = {"unarmed", 1, 0, 1,
        "a reading (the text has no unarmed attack): a creature with a hand and no other usable "
        "melee weapon attacks with its fist (reach 5 ft, Strength or Dexterity)"},
};

static const char *const part_answers[IN_NPART] = {"Ear", "Nose", "Tail", "Wing", "Eye",
                                                   "Hand", "Foot", "Horn", "Mouth", "Arm",
                                                   "Leg", "Head", "Heart"};
static const char *const cleave_answers[2] = {"No", "Cleave"};
static const fray_question in_questions[IN_NQ] = {
    [IN_Q_PART] = {"Body part", part_answers, IN_NPART},
    [IN_Q_CLEAVE] = {"Cleave", cleave_answers, 2},
};

/* #Rounds and Actions: "a participant has 3 action points (AP) and one
 * reaction" (plus the extra reactions of #Reactions) each turn. */
/* GM fiat on a resource (`set`; Initiative, AP, Reactions and Attacks are
 * the core's): Stamina is the track strain takes (then Exhaustion); the
 * rest are kept by the rules of strain and bleeding. */
static int in_res_range(const fray_encounter *e, int who, int res, int *lo, int *hi, char *why,
                        size_t len)
{
    *lo = 0;
    if (res == IN_R_STAMINA) {
        *hi = IN_CCR(e, who)->stamina_max;
        snprintf(why, len, "damage and healing move Stamina (past 0: Exhaustion)");
        return FRAY_SET_TRACK;
    }
    return snprintf(why, len, "%s is kept by the rules (strain past Stamina, bleeding, rest): "
                    "change it by damage and heal", e->rs->resources[res]), FRAY_SET_NO;
}

static const fray_counter_info in_counters[] = {{IN_R_AP, FRAY_REFILL_TURN, 3},
                                                {IN_R_REACT, FRAY_REFILL_TURN, -1},
                                                {IN_R_ATTACKS, FRAY_REFILL_TURN, 0}};
static const fray_turn_rules in_turns = {
    .order = FRAY_ORDER_FIXED,
    .score_res = IN_R_INIT,
    .tie_purpose = "Initiative tie, 1dN",
    .rule = IN_RULE("Initiative"),
    .start_detail = "initiative",
    .end_res = IN_R_AP,
    .end_detail = "AP left",
    .end_rule = IN_RULE("Rounds and Actions"),
    .down_takes_turn = 1,
    .counters = in_counters,
    .ncounters = 3,
    .counter_size = in_counter_size,
    .tie = in_tie,
    .turn_start = in_turn_start,
    .turn_end = in_turn_end,
    .turn_over = in_turn_over,
};

FRAY_RULESET(fray_ruleset_injury,
    .version = FRAY_RULESET_VERSION,
    .id = "injury",
    .seed = IN_SEED,
    .summary = "d20 initiative, 3 AP and reactions a turn; hits inflict injuries on chosen body "
               "parts, strain drains Stamina and Exhaustion",
    .actions = in_actions,
    .nactions = IN_NACT,
    .resources = in_resources,
    .nresources = IN_NRES,
    .conditions = in_conditions,
    .nconditions = IN_NCOND,
    .options = in_options,
    .noptions = IN_NOPT,
    .creature_size = sizeof(in_creature),
    .state_size = sizeof(in_state),
    .load_creature = in_load_creature,
    .loaded = in_loaded,
    .start_combat = in_start_combat,
    .start_round = in_start_round,
    .end_round = in_end_round,
    .legal = in_legal,
    .may_answer = in_may_answer,
    .resolve = in_resolve,
    .policy = in_policy,
    .decide = in_decide,
    /* what in_policy ever picks: of the maneuvers, Trip and Trick */
    .policy_kinds = FRAY_KIND(IN_A_ATTACK) | FRAY_KIND(IN_A_POWER) | FRAY_KIND(IN_A_DEADLY_AIM) |
                    FRAY_KIND(IN_A_RECKLESS) | FRAY_KIND(IN_A_LUNGE) | FRAY_KIND(IN_A_TRIP) |
                    FRAY_KIND(IN_A_TRICK) |
                    FRAY_KIND(IN_A_MULTIWEAPON) | FRAY_KIND(IN_A_RAPID) | FRAY_KIND(IN_A_THROW) |
                    FRAY_KIND(IN_A_DEFEND) | FRAY_KIND(IN_A_SHIELD) | FRAY_KIND(IN_A_CHARGE) |
                    FRAY_KIND(IN_A_MOVE) | FRAY_KIND(IN_A_STAND) | FRAY_KIND(IN_A_PICKUP) |
                    FRAY_KIND(IN_A_PARRY) | FRAY_KIND(IN_A_REACTIVE) | FRAY_KIND(IN_A_ESCAPE),
    .describe = in_describe,
    .rest = in_rest,
    .odds = in_odds,
    .odds_help = in_odds_help,
    .turns = &in_turns,
    .cond_info = in_cond_info,
    .questions = in_questions,
    .nquestions = IN_NQ,
    .answer = in_answer,
    .fiat = in_fiat,
    .res_range = in_res_range,
    .action_odds = in_action_odds)
