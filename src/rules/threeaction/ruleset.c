/* ruleset.c: the `threeaction` ruleset table: its actions with their costs
 * as the text gives them, resources, conditions, rule options (the readings
 * of what the text leaves to other chapters) and hooks. */
#include "threeaction.h"
#include "loop.h"

#define N(h) TA_RULE(h)

static const fray_action_info ta_actions[TA_NACT] = {
    [TA_A_MELEE] = {"Melee Attack", "1 Action",
                    "d20 + Level + STR (DEX with a Light or Medium Weapon) against Physical Defense",
                    "#Melee Attack: a melee weapon in hand and a foe within its Reach"},
    [TA_A_RANGED] = {"Ranged Attack", "1 Action",
                     "d20 + Level + DEX, -1 per Range Increment, Disadvantage within 5 ft",
                     "#Ranged Attack: a ranged weapon in hand and a foe within its range"},
    [TA_A_CAST] = {"Cast", "1 Action and the Spell's Energy",
                   "a Spell Attack, d20 + Level + ESS against Physical or Mental Defense (one roll for an Area)",
                   "#Cast: a Spell whose Energy you have and a foe within its Range"},
    [TA_A_CONTROL] = {"Control", "1 Action", "the lasting Spell acts again, once per Turn",
                      "#Control: a lasting Spell Cast on an earlier Turn, not yet Controlled this Turn"},
    [TA_A_MOVE] = {"Move", "1 Action", "up to your Speed towards a creature (Crawl 5 ft while Prone)",
                   "#Move: a Speed above 0 (not Entangled) and a foe not already within your Reach"},
    [TA_A_FLANK] = {"Move: Flank", "1 Action", "to the square opposite an ally across a foe",
                    "#Flanked: an ally within Reach of the foe, not Prone"},
    [TA_A_RETREAT] = {"Move: Away", "1 Action", "up to your Speed away from a creature",
                      "#Move: a Speed above 0 and a foe within 15 ft"},
    [TA_A_STAND] = {"Stand", "1 Action", "stand up from Prone", "#Prone: you are Prone"},
    [TA_A_DODGE] = {"Dodge", "1 Action", "the next Attack against you has Disadvantage", NULL},
    [TA_A_FOCUS] = {"Focus", "1 Action", "gain (ESS+Level)/3 Energy, rounded down",
                    "#Focus: Energy below your maximum"},
    [TA_A_COMMAND] = {"Command", "1 Action", "a creature under your Control acts now, once per Round",
                      "#Command: a creature you Command that has not been Commanded this Round"},
    [TA_A_BREAK] = {"Break", "1 Action (an Attack)", "opposed: damage to an Object they carry",
                    "#Maneuver: a Melee Attack you could make, against a foe holding a weapon"},
    [TA_A_PUSH] = {"Push", "1 Action (an Attack)", "opposed: pushed 5 ft, up to 15 ft on a Critical",
                   "#Maneuver: a Melee Attack you could make"},
    [TA_A_FEINT] = {"Feint", "1 Action (an Attack)", "against Mental Defense: Flat Footed against you",
                    "#Maneuver: a Melee Attack you could make"},
    [TA_A_DISARM] = {"Disarm", "1 Action (an Attack)", "opposed: they drop an item",
                     "#Maneuver: a Melee Attack you could make, against a foe holding a weapon"},
    [TA_A_TRIP] = {"Trip", "1 Action (an Attack)", "opposed: Prone; flyers fall",
                   "#Maneuver: a Melee Attack you could make, against a foe not Prone"},
    [TA_A_GRAPPLE] = {"Grapple", "1 Action (an Attack)", "opposed: Grappling and Grappled",
                      "#Grapple: a Melee Attack you could make and a free hand or Natural Weapon"},
    [TA_A_READY] = {"Ready", "2 Actions",
                    "a Melee Attack that fires when a foe comes into Reach, or a Ranged Attack when "
                    "one comes within range",
                    "#Readied action: two Actions left, a weapon, nothing readied"},
    [TA_A_READIED] = {"Readied Attack", "the readied Action (no Reaction: option readied_reaction)",
                      "the readied Melee or Ranged Attack",
                      "#Readied action: a foe moved within your Reach (or range)"},
    [TA_A_MEDICINE] = {"Use a Skill: Medicine", "1 Action",
                       "a Medicine Check ends Bleeding and resets the Bleed Penalty",
                       "#Use a Skill: an ally within 5 ft who is Bleeding"},
    [TA_A_PUT_OUT] = {"Put Out Fire", "1 Action", "drop Prone and roll: no longer On fire",
                      "#On fire: you are On fire"},
    [TA_A_PICK_UP] = {"Pick Up", "1 Action", "take a dropped weapon back in hand",
                      "#Action: your weapon on the ground within 5 ft"},
    [TA_A_SMOTHER] = {"Smother", "1 Action", "the creature you Grapple cannot breathe for a Round",
                      "#Grappling: a creature you Grapple"},
    [TA_A_DROP_PRONE] = {"Drop Prone", "Free Action", "fall Prone", "#Free Action: not Prone"},
    [TA_A_RELEASE] = {"Release", "Free Action", "let go of the creature you Grapple",
                      "#Grappling: a creature you Grapple"},
    [TA_A_HOLD] = {"Hold", "free, before acting", "act again right after that creature's Turn",
                   "#Round: your Turn, before you have acted"},
    [TA_A_DELAY] = {"Delay", "free, before acting", "enter the Initiative again after a later Turn",
                    "#Turn: your Turn, before you have acted"},
    [TA_A_ENTER] = {"Enter", "free", "end the delay: act now, keeping this place",
                    "#Turn: you are delaying and a Turn just ended"},
    [TA_A_STRAIGHT] = {"Move: Straight", "1 Action",
                       "up to your Speed straight towards a creature, into deep water or onto thin ice",
                       "#Move: a map with deep water or thin ice on the way to a foe"},
    [TA_A_COVER] = {"Move: Take Cover", "1 Action", "to a spot behind an object from a foe (#Cover)",
                    "#Cover: a ranged weapon or spell and an object of your Size within your Speed"},
    [TA_A_STABILIZE] = {"Stabilize", "1 Action", "no more Disadvantage from floating free",
                        "#Zero-G: you are Unstable"},
};

/* GM fiat on a resource (`set`; Initiative, Actions and Reactions are the
 * core's): HP is the damage track (its thresholds: Dying, Bleeding),
 * Energy a plain pool; the Bleed Penalty is the Bleeding rules'. */
static int ta_res_range(const fray_encounter *e, int who, int res, int *lo, int *hi, char *why,
                        size_t len)
{
    const ta_creature *c = ta_ccr(e, who);
    *lo = 0;
    if (res == TA_R_HP) {
        *hi = c->hp_max;
        snprintf(why, len, "damage and healing move HP (below 0: #Dying)");
        return FRAY_SET_TRACK;
    }
    if (res == TA_R_ENERGY && c->energy_max > 0) {
        *hi = c->energy_max;
        return FRAY_SET_PLAIN;
    }
    if (res == TA_R_ENERGY)
        return snprintf(why, len, "%s has no Energy", e->c[who].name), FRAY_SET_NO;
    return snprintf(why, len, "the Bleed Penalty is the Bleeding rules': it grows with each Bleed "
                    "Table roll and ends when the bleeding stops"), FRAY_SET_NO;
}

static const char *const ta_resources[TA_NRES] = {"HP", "Initiative", "Actions", "Reactions",
                                                  "Energy", "Bleed Penalty"};

static const fray_option_info ta_options[TA_NOPT] = {
    [TA_OPT_CRIT_MARGIN] = {"crit_margin", 10, 0, 100,
                            "a Critical Success beats the defense (or the opposed roll) by this much "
                            "(0: only natural 20s); the text leaves criticals to another chapter"},
    [TA_OPT_NATURAL_CRITS] = {"natural_crits", 1, 0, 1,
                              "a natural 20 hits and is a Critical Success, a natural 1 misses"},
    [TA_OPT_OPPOSED_TIES] = {"opposed_ties", 0, 0, 1,
                             "a tie on an opposed Melee Attack roll: 0 the defender's, 1 the attacker's"},
    [TA_OPT_DEFENSE_BASE] = {"defense_base", 10, 0, 30,
                             "Physical Defense = this + Level + DEX + armor, Mental = this + Level + "
                             "ESS, when the sheet does not give them"},
    [TA_OPT_HP_BASE] = {"hp_base", 10, 1, 100, "HP = this + Level x (hp_per_level + CON) unless given"},
    [TA_OPT_HP_PER_LEVEL] = {"hp_per_level", 5, 0, 50, "see hp_base"},
    [TA_OPT_INITIATIVE_LEVEL] = {"initiative_level", 0, 0, 1,
                                 "Initiative is d20 + DEX, plus Level when 1"},
    [TA_OPT_ADV_STACK] = {"adv_stack", 0, 0, 1,
                          "0: Advantages and Disadvantages cancel and leave at most one; 1: each "
                          "one left adds a die"},
    [TA_OPT_MAX_INCREMENTS] = {"max_increments", 10, 1, 100,
                               "a ranged weapon reaches this many Range Increments past the first"},
    [TA_OPT_FALL_DIE] = {"fall_die", 6, 1, 20, "the die of fall damage, one per 10 ft"},
    [TA_OPT_POISON_DIE] = {"poison_die", 6, 1, 20, "the die of Poison Damage, one per level"},
    [TA_OPT_MEDICINE_DC] = {"medicine_dc", 15, 1, 40, "the DC of the Medicine Check that ends Bleeding"},
    [TA_OPT_STABILIZE_SKIPS_DAMAGE] = {"stabilize_skips_damage", 1, 0, 1,
                                       "a Stabilize result ends Bleeding before its 2d6 Bleed Damage"},
    [TA_OPT_READIED_REACTION] = {"readied_reaction", 0, 0, 1,
                                 "a readied Action, when it fires, also uses the Reaction"},
    [TA_OPT_SWIM_DC] = {"swim_dc", 10, 1, 40,
                        "the DC of the Swim Check to move in deep water or tread water at a turn's "
                        "end (the Skills chapter sets none)"},
    [TA_OPT_CLIMB_DC] = {"climb_dc", 10, 1, 40,
                         "the DC of the Climb Check to scale a surface or grab one when falling"},
    [TA_OPT_CLIMB_FALL_MARGIN] = {"climb_fall_margin", 5, 1, 40,
                                  "a Climb Check failed by this much on a surface is a fall from its height"},
    [TA_OPT_WATER_FALL] = {"water_fall", 50, 0, 100,
                           "feet taken off a fall that lands in water (\"may reduce ... by 50 ft\")"},
    [TA_OPT_DIFFICULT_IGNORE_SIZE] = {"difficult_ignore_size", 4, 0, 6,
                                      "creatures of this Size (0 tiny .. 5 gargantuan) or larger ignore "
                                      "Difficult Terrain (6: none)"},
    [TA_OPT_RANGE_PAST_FIRST] = {"range_past_first", 0, 0, 1,
                                 "0: -1 for every whole Range Increment to the target, rounded down "
                                 "(60 ft with 30 ft increments: -2), as the text says; 1: only the "
                                 "increments begun past the first ((d-1)/increment: -1 at 60 ft)"},
    [TA_OPT_INCAPACITATED_ACTS] = {"incapacitated_acts", 1, 0, 1,
                                   "1: an Incapacitated creature (not Unconscious) takes its turn "
                                   "with its 1 Action, as the text says; 0: its turn has only its "
                                   "Bleeding"},
    [TA_OPT_DODGE_UNTIL_TURN] = {"dodge_until_turn", 0, 0, 1,
                                 "1: a Dodge not yet used ends at the dodger's next turn (the text "
                                 "has no such limit: \"the next Attack against you\")"},
    [TA_OPT_PRONE_SPELL_DIS] = {"prone_spell_dis", 0, 0, 1,
                                "1: Spell Attacks against a Prone creature have Disadvantage too "
                                "(the text names Ranged Attacks only)"},
    [TA_OPT_COVER_RANGED_ONLY] = {"cover_ranged_only", 0, 0, 1,
                                  "1: Cover gives Disadvantage to ranged and spell attacks only (the "
                                  "text: \"Attacks against Creatures with Cover\", melee too)"},
    [TA_OPT_AREA_COVER] = {"area_cover", 1, 0, 1,
                           "1: a creature in an Area with Cover from the Area's point of origin (its "
                           "centre) reads the single Attack roll with Disadvantage, as the text "
                           "says; 0: Areas ignore Cover"},
    [TA_OPT_ALLY_SQUARES_DIFFICULT] = {"ally_squares_difficult", 0, 0, 1,
                                       "1: an ally's square counts as Difficult Terrain (#Occupied "
                                       "Squares); 0: passed at no Penalty (#Move): the text says both"},
};

static const char *const push_opts[] = {"5 ft", "10 ft", "15 ft"};
static const char *const disarm_opts[] = {"Drop", "Fling", "Take"};
static const fray_question ta_questions[TA_NQ] = {
    [TA_Q_PUSH] = {"Push distance", push_opts, 3},
    [TA_Q_DISARM] = {"Disarmed item", disarm_opts, 3},
};

FRAY_RULESET(fray_ruleset_threeaction,
    .version = FRAY_RULESET_VERSION,
    .id = "threeaction",
    .seed = TA_SEED,
    .summary = "initiative order, three Actions and one Reaction a turn, d20 + Level against "
               "Physical or Mental Defense, hit points, Bleeding on the Bleed Table",
    .actions = ta_actions,
    .nactions = TA_NACT,
    .resources = ta_resources,
    .nresources = TA_NRES,
    .conditions = ta_cond_names,
    .nconditions = TA_NCOND,
    .options = ta_options,
    .noptions = TA_NOPT,
    .creature_size = sizeof(ta_creature),
    .state_size = sizeof(ta_state),
    .load_creature = ta_load_creature,
    .loaded = ta_loaded,
    .start_combat = ta_start_combat,
    .start_round = ta_start_round,
    .end_round = ta_end_round,
    .next_actor = NULL,
    .legal = ta_legal,
    .resolve = ta_resolve,
    .policy = ta_policy,
    .describe = ta_describe,
    .odds = ta_odds,
    .odds_help = ta_odds_help,
    .turns = &ta_turns,
    .cond_info = ta_cond_info,
    .questions = ta_questions,
    .nquestions = TA_NQ,
    .answer = ta_answer,
    .join = ta_join,
    .fiat = ta_fiat,
    .res_range = ta_res_range,
    .action_odds = ta_action_odds)
