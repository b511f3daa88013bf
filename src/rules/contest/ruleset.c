/* ruleset.c: the `contest` ruleset table: actions with their AP costs,
 * resources, conditions, questions and rule options. The text gives no AP
 * cost for any action; every action and reaction costs one AP (options
 * ap_primary, ap_reaction), which with 3 AP a round makes "two attacks and
 * a defence" the round the chapter describes. */
#include <stdio.h>

#include "contest.h"
#include "loop.h"

static const fray_action_info ct_actions[CT_NACT] = {
    [CT_A_STRIKE] = {"Strike", "1 AP (option ap_primary), an attack",
                     "attack with a weapon: the Combat Roll against the defence the foe picks",
                     "#Step I: Attack: your turn, an attack left this round, a foe within your "
                     "weapon's reach or range"},
    [CT_A_MAGIC] = {"Use Magic", "1 AP (option ap_primary); an attack spell is an attack",
                    "cast a spell: a Sorcery test against the foe's defence, or a healing spell",
                    "#Primary Actions: your turn, a spell and a target within its range"},
    [CT_A_MOVE] = {"Move", "free (up to your speed each turn)",
                   "move towards a foe, or away from one in reach",
                   "#The Initiative Structure: your turn, movement left, not grappled or prone"},
    [CT_A_DASH] = {"Dash", "1 AP (option ap_primary)", "move up to your speed again",
                   "#Primary Actions: your turn, not grappled"},
    [CT_A_DISENGAGE] = {"Disengage", "1 AP (option ap_primary)",
                        "no opportunity attacks for the rest of your turn",
                        "#Primary Actions: your turn"},
    [CT_A_GRAPPLE] = {"Grapple", "1 AP (option ap_primary), not an attack",
                      "Athletics vs Athletics or Acrobatics: the foe cannot move",
                      "#Primary Actions: your turn, a hand free of weapons, shield and "
                      "grapples, and a foe within 1.5 m (or the foe grappling you)"},
    [CT_A_SEARCH] = {"Search", "1 AP (option ap_primary)",
                     "an Observation test to find a hidden foe",
                     "#Primary Actions: your turn and a hidden foe"},
    [CT_A_SNEAK] = {"Sneak", "1 AP (option ap_primary)", "a Stealth test to become hidden",
                    "#Primary Actions: your turn, no foe with you in its reach"},
    [CT_A_SAVE] = {"Save Turn", "free",
                   "act right after the creature you name instead of now",
                   "#Saving Your Turn: your turn, before you act, once a round"},
    [CT_A_STAND] = {"Stand Up", "the round's free action",
                    "end Prone (provokes opportunity attacks)",
                    "#Free Actions: prone, and your free action of the round unused"},
    [CT_A_DEFEND] = {"Defend", "1 AP, reaction (option ap_reaction)",
                     "Block, Dodge, Parry or Withstand an attack, chosen before the dice "
                     "(the Defence question)",
                     "#Step II: Defend: attacked, aware of it, 1 AP left"},
    [CT_A_MANIPULATE] = {"Manipulate", "1 AP, reaction (option ap_reaction)",
                         "draw a stowed weapon or shield, pick one of yours up from the floor "
                         "(within 1.5 m), or stow one in hand",
                         "#Reactions: the hands the item needs free (one, two for a "
                         "two-handed weapon), or an item in hand"},
    [CT_A_OPPORTUNITY] = {"Opportunity Attack", "1 AP, reaction (option ap_reaction), an attack",
                          "a melee Strike at a foe that moves into or out of your reach, casts "
                          "or stands up",
                          "#Attack of Opportunity: a foe provoking within your reach, an "
                          "attack left this round"},
    [CT_A_MAGIC_REACT] = {"Use Magic (reaction)", "1 AP, reaction (option ap_reaction)",
                          "cast a non-attacking spell: heal an ally",
                          "#Reactions: after an attack, a healing spell and a hurt ally in range"},
};

static const char *const ct_resources[CT_NRES] = {"Health", "Initiative", "AP", "Attacks",
                                                  "Free", "Movement"};

static const char *const ct_conditions[CT_NCOND] = {
    "Unconscious", "Prone", "Dazed", "Grappled", "Braced", "Feinting", "Disengaged",
    "Surprised", "Hidden", "Disarmed"};

#define BIT(c) ((uint64_t)1 << (c))
static const fray_cond_info ct_cond_info[CT_NCOND] = {
    [CT_C_UNCONSCIOUS] = {"Unconscious", FRAY_STACK_EXTEND, BIT(CT_C_PRONE),
                          FRAY_CF_NO_ACTIONS | FRAY_CF_NO_REACTIONS | FRAY_CF_DOWN,
                          CT_RULE("Damage & Health")},
    [CT_C_PRONE] = {"Prone", FRAY_STACK_EXTEND, 0, 0, CT_RULE("Maneuvers")},
    [CT_C_DAZED] = {"Dazed", FRAY_STACK_EXTEND, 0, 0, CT_RULE("Maneuvers")},
    [CT_C_GRAPPLED] = {"Grappled", FRAY_STACK_EXTEND, 0, FRAY_CF_NO_MOVE,
                       CT_RULE("Primary Actions")},
    [CT_C_BRACED] = {"Braced", FRAY_STACK_EXTEND, 0, 0, CT_RULE("Maneuvers")},
    [CT_C_FEINTING] = {"Feinting", FRAY_STACK_EXTEND, 0, 0, CT_RULE("Maneuvers")},
    [CT_C_DISENGAGED] = {"Disengaged", FRAY_STACK_EXTEND, 0, 0, CT_RULE("Primary Actions")},
    [CT_C_SURPRISED] = {"Surprised", FRAY_STACK_EXTEND, 0,
                        FRAY_CF_NO_ACTIONS | FRAY_CF_NO_REACTIONS, CT_RULE("Combat Overview")},
    [CT_C_HIDDEN] = {"Hidden", FRAY_STACK_EXTEND, 0, 0, CT_RULE("Primary Actions")},
    [CT_C_DISARMED] = {"Disarmed", FRAY_STACK_EXTEND, 0, 0, CT_RULE("Maneuvers")},
};

static const fray_option_info ct_options[CT_NOPT] = {
    [CT_OPT_MODEL] = {"test_model", CT_MODEL_D20, 0, 1,
                      "what a test is (the text leaves it to its core chapter): 0 d20 "
                      "roll-under (pass on 1d20 <= d20_base + rating, Successes = margin + 1, "
                      "a boon keeps the lower of two d20, a bane the higher), 1 a pool of "
                      "rating d6 (a Success per die of pool_success or more, pass with one; a "
                      "boon adds a die, a bane takes one)"},
    [CT_OPT_D20_BASE] = {"d20_base", 8, 0, 20,
                         "d20 model: the target is this plus attribute plus skill"},
    [CT_OPT_POOL_SUCCESS] = {"pool_success", 5, 2, 6,
                             "pool model: the least a d6 shows to count as a Success"},
    [CT_OPT_AP_ROUND] = {"ap_per_round", 3, 1, 10, "AP each creature gains at a round's start"},
    [CT_OPT_ATTACKS] = {"attacks_per_round", 2, 1, 10, "actions with the Attack trait a round"},
    [CT_OPT_AP_PRIMARY] = {"ap_primary", 1, 0, 3,
                           "AP cost of a primary action (the text gives none)"},
    [CT_OPT_AP_REACTION] = {"ap_reaction", 1, 0, 3,
                            "AP cost of a reaction, Defend included (the text gives none)"},
    [CT_OPT_OTHER_BLOCK] = {"other_block", 1, 0, 1,
                            "a block against damage neither physical nor magical (acid, "
                            "force...): 1 the whole Block Rating, 0 half, rounded up"},
    [CT_OPT_UNTRAINED_ARMOR] = {"untrained_armor", CT_UA_BANE, 0, 2,
                                "armour in no Fighting Style: the text says both -2 to all "
                                "Fighting Style tests (#Step I: Attack) and a bane to all "
                                "Fighting Style, Dodge and Sorcery tests (#Using Untrained "
                                "Weapons and Armor): 0 the bane, 1 the -2, 2 both"},
    [CT_OPT_UNTRAINED_WEAPON] = {"untrained_weapon", 0, 0, 1,
                                 "a weapon or shield in no Fighting Style: 0 (the text) -2 to "
                                 "all Fighting Style tests while it is wielded, 1 -2 only to the "
                                 "tests made with it"},
    [CT_OPT_PASS_THROUGH] = {"pass_through", 1, 0, 1,
                             "a move through a foe's reach that neither starts nor ends in it: "
                             "1 (the text: \"move within a foe's reach or leave it\") provokes "
                             "on entering and on leaving, 0 provokes nothing"},
};

static const fray_question ct_questions[CT_NQ] = {
    [CT_Q_DEFENCE] = {"Defence", ct_def_name, CT_NDEF},
    [CT_Q_MANEUVER] = {"Maneuver", ct_man_name, CT_NMAN},
    [CT_Q_ITEM] = {"Disarm item", ct_item_name, CT_NITEM},
};

static int ct_describe(const fray_encounter *e, int who, char *buf, size_t len)
{
    return snprintf(buf, len, "Health %d/%d, AP %d, attacks %d", fray_res(e, who, CT_R_HEALTH),
                    ct_cc(e, who)->health, fray_res(e, who, CT_R_AP),
                    fray_res(e, who, CT_R_ATTACKS));
}

/* GM fiat on a resource (`set`): Health is the damage track (at 0:
 * unconscious); Initiative and the round's AP, Attacks, Free and Movement
 * are the core's (the turn score and counters). */
static int ct_res_range(const fray_encounter *e, int who, int res, int *lo, int *hi, char *why,
                        size_t len)
{
    (void)res;
    *lo = 0;
    *hi = ct_cc(e, who)->health;
    snprintf(why, len, "damage and healing move Health (at 0: Unconscious)");
    return FRAY_SET_TRACK;
}

FRAY_RULESET(fray_ruleset_contest,
    .version = FRAY_RULESET_VERSION,
    .id = "contest",
    .seed = CT_SEED,
    .summary = "every attack a contest: the defender blocks, dodges, parries or withstands "
               "before the dice; 3 AP a round shared with reactions, two attacks a round, a "
               "Health Pool behind Armor and Block Ratings",
    .actions = ct_actions,
    .nactions = CT_NACT,
    .resources = ct_resources,
    .nresources = CT_NRES,
    .conditions = ct_conditions,
    .nconditions = CT_NCOND,
    .options = ct_options,
    .noptions = CT_NOPT,
    .creature_size = sizeof(ct_creature),
    .state_size = sizeof(ct_state),
    .memo_size = sizeof(ct_memo),
    .load_creature = ct_load_creature,
    .loaded = ct_loaded,
    .start_combat = ct_start_combat,
    .start_round = ct_start_round,
    .end_round = ct_end_round,
    .legal = ct_legal,
    .may_answer = ct_may_answer,
    .resolve = ct_resolve,
    .policy = ct_policy,
    .describe = ct_describe,
    .odds = ct_odds,
    .odds_help = ct_odds_help,
    .turns = &ct_turns,
    .cond_info = ct_cond_info,
    .questions = ct_questions,
    .nquestions = CT_NQ,
    .answer = ct_answer,
    .join = ct_join,
    .fiat = ct_fiat,
    .res_range = ct_res_range)
