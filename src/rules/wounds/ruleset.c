/* ruleset.c: the `wounds` ruleset table: actions with their AP costs,
 * resources, conditions and rule options. */
#include "odds.h"
#include "wounds.h"
#include "loop.h"

/* Costs the text gives are quoted; the ones lost from the stat-block
 * corners name the rule option that sets them (docs/rules/wounds.md). */
static const fray_action_info wo_actions[WO_NACT] = {
    [WO_A_MOVE] = {"Move", "1-4 AP per purchase of movement (Movement table)",
                   "move towards a creature, buying movement with AP",
        "#Movement: your turn, not grappled or pinned, the AP for the yards bought from the Movement table"},
    [WO_A_MOVE_AWAY] = {"Move Away", "1-4 AP per purchase of movement (Movement table)",
                        "move up to four yards away from a creature",
        "#Movement: your turn, a foe within 6 yards, not grappled or pinned"},
    [WO_A_NONLETHAL] = {"Nonlethal Attack", "6 AP (option ap_nonlethal)",
                        "melee attack at -2, any wound up to the rolled level, knock out",
        "#Action: Nonlethal Attack: a melee weapon in hand and a foe within its reach"},
    [WO_A_QUICK] = {"Quick Attack", "4 AP (option ap_quick)",
                    "melee attack, the wound reduced by one step",
        "#Attacks and Combat Checks: a melee weapon in hand and a foe within its reach"},
    [WO_A_STANDARD] = {"Standard Attack", "6 AP (option ap_standard)",
                       "a single attack, melee or ranged",
        "#Attacks and Combat Checks: a foe within your melee weapon's reach, or within three range increments of your ranged weapon (not underwater)"},
    [WO_A_STRONG] = {"Strong Attack", "8 AP, 1 stamina (options ap_strong, stamina_strong)",
                     "melee attack, +1d6 damage on a hit",
        "#Attacks and Combat Checks: a melee weapon in hand, a foe within its reach, and 1 stamina"},
    [WO_A_REBUFF] = {"Rebuff", "4 AP, reaction (option ap_rebuff)",
                     "attack a creature approaching closer than your optimal reach; wound +1 step",
        "#Reaction: Rebuff: a foe moving from your optimal reach to closer than it, and initiative above 0"},
    [WO_A_CAST] = {"Cast a Spell", "6 AP plus the spell's mana (option ap_cast)",
                   "a spell attack: Rsn [Arcana/school] against the spell's defense",
        "#Attacks and Combat Checks: a spell known, its mana, and a foe within its range"},
    [WO_A_DEFEND] = {"Defend", "4 AP (option ap_defend)",
                     "until your next turn or a wound: the best defense or +2",
        "#Action: Defend: not Defending already"},
    [WO_A_HARRY] = {"Harry", "2 AP, reaction (option ap_harry)",
                    "a ranged attacker in your reach has -2 this round",
        "#Reaction: Harry: a foe within your melee weapon's reach making a ranged attack, once per foe per round, and initiative above 0"},
    [WO_A_READY] = {"Ready an Action", "2 AP, then the action's cost (option ap_minor)",
                    "choose an action (the question Readied action) to take later as a reaction",
        "#Action: Ready an Action: no action readied already"},
    [WO_A_RETRIEVE] = {"Retrieve or Stow an Item",
                       "scabbard or pocket 1, belt pouch 3, sack or backpack 6 AP",
                       "draw a weapon with an empty hand, or stow one",
        "#Action: Retrieve or Stow an Item: an empty hand and a weapon in a scabbard, pouch or pack (or a weapon in hand to stow)"},
    [WO_A_POSTURE] = {"Change Posture", "2 AP (option ap_minor)",
                      "standing, crouching or prone (not prone to standing)",
        "#Action: Change Posture: not mounted; from prone only to crouching"},
    [WO_A_OPENING] = {"Create an Opening", "4 AP (option ap_maneuver)",
                      "a melee attack roll that replaces your Defense against the target's rebuff",
        "#Action: Create an Opening: a foe whose optimal reach is longer than your melee weapon's, within its reach"},
    [WO_A_ENTER] = {"Enter Occupied Space", "4 AP (option ap_maneuver)",
                    "Power or Agility check to share a creature's space",
        "#Action: Enter Occupied Space: a foe in your space (gap 0) within 5 sizes of you, not mounted, not sharing a space already"},
    [WO_A_ESCAPE] = {"Escape", "4 AP (option ap_maneuver)",
                     "Power or Agility check to end a grapple or a pin",
        "#Action: Escape: you are grappled or pinned"},
    [WO_A_MOUNT] = {"Mount/Dismount", "4 AP (option ap_mount)", "climb on or off your mount",
        "#Action: Mount/Dismount: a mount"},
    [WO_A_DASH] = {"Dash", "2 AP, 2 stamina (options ap_minor, stamina_dash)",
                   "double the movement rate; again: Athletics for more",
        "#Action: Dash: at most twice a round, and the stamina"},
    [WO_A_CLING] = {"Cling", "2 AP, reaction (option ap_grapple_reaction)",
                    "Power check to move with a grappled creature that moves away",
        "#Reaction: Cling: a creature you grapple about to move out of your reach, and initiative above 0"},
    [WO_A_DRAG] = {"Drag", "6 AP, then up to 4 AP of movement (option ap_grapple)",
                   "Power check to move the whole grapple",
        "#Action: Drag: you are grappled and have not dragged this turn"},
    [WO_A_GRAPPLE] = {"Grapple", "6 AP (option ap_grapple)",
                      "melee attack with a reach-0 weapon: both grapple",
        "#Action: Grapple: a foe in your space (gap 0) within 5 sizes of you, not grappled by you already, not mounted"},
    [WO_A_INTERPOSE] = {"Interpose", "2 AP, reaction (option ap_grapple_reaction)",
                        "force an attack on you onto a creature you grapple",
        "#Reaction: Interpose: an attack on you while you grapple another creature, and initiative above 0"},
    [WO_A_PIN] = {"Pin", "6 AP (option ap_grapple)",
                  "Power check at -2: the grappled target is helpless and immobile",
        "#Action: Pin: a foe you grapple, not pinned already"},
    [WO_A_END_EFFECT] = {"End a Magical Effect", "2 AP (option ap_minor)",
                         "end an item's effect; its invested mana returns",
        "#Action: End a Magical Effect: an item's effect active"},
    [WO_A_HINDER] = {"Hinder: Disarm", "4 AP (option ap_maneuver)",
                     "melee weapon check: the target drops the item it holds",
        "#Action: Hinder: a foe within your melee weapon's reach"},
    [WO_A_DISTRACT] = {"Hinder: Distract", "4 AP (option ap_maneuver)",
                       "Prs [Deception]: -2 to attack and defense until the end of the round",
        "#Action: Hinder: a foe within your melee weapon's reach"},
    [WO_A_SHOVE] = {"Hinder: Shove", "4 AP (option ap_maneuver)",
                    "Power check: moved 1 yard plus a third of the margin",
        "#Action: Hinder: a foe within your melee weapon's reach"},
    [WO_A_TRIP] = {"Hinder: Trip", "4 AP (option ap_maneuver)", "Power check: knocked prone",
        "#Action: Hinder: a foe within your melee weapon's reach"},
    [WO_A_CLING_HOLD] = {"Cling: Hold", "2 AP, reaction (option ap_grapple_reaction)",
                         "Power check: every 10 points a yard cut from the move of a grappled creature, the rest to follow it",
        "#Reaction: Cling: a creature you grapple about to move out of your reach, and initiative above 0"},
    [WO_A_JUMP] = {"Long Jump", "the AP of the movement it uses, as a Move",
                   "Str [Athletics/Jumping]: up to the result in feet towards a creature, halved without a 5-yard run-up",
        "#Jumping: your turn, not mounted, a creature farther than your Move would stop"},
    [WO_A_CANCEL] = {"Cancel Long Action", "0 AP",
                     "give up an action still being paid over several turns",
        "#Action Points: a long action still being paid for"},
    [WO_A_SEIZE] = {"Seize Initiative", "4 AP (option ap_seize)", "initiative +1d6",
        "#Action: Seize Initiative: your turn"},
    [WO_A_STABILIZE] = {"Stabilize", "8 AP (option ap_heal)",
                        "Lor [Healing/Wounds] against the number of wounds: no longer dying",
        "#Action: Stabilize: an ally who is dying, in your space (gap 0)"},
    [WO_A_TREAT_COND] = {"Treat Condition", "8 AP (option ap_heal)",
                         "reduce bleeding, burning, hobbled or poisoned",
        "#Action: Treat Condition: yourself or an ally in your space, bleeding, burning, hobbled or poisoned"},
    [WO_A_TREAT_WOUND] = {"Treat Wound", "8 AP (option ap_heal)",
                          "reduce a wound by steps; the target takes fatigue",
        "#Action: Treat Wound: yourself or an ally in your space with a wound"},
    [WO_A_USE_OBJECT] = {"Use an Object",
                         "door 2, torch 2, potion 4, warning bell 6, flint and steel 8 AP",
                         "use an object in hand or within reach",
        "#Action: Use an Object: an object left to use"},
    [WO_A_IGNORE_FLANK] = {"Ignore Flank", "0 AP (free)",
                           "ignore a flanker: its attacks are rear attacks",
        "#Ignoring Your Flank: your turn, and a foe flanking you (or one you ignore, to stop)"},
    [WO_A_SURFACE] = {"Return to Surface", "4 AP", "Str [Athletics/Swimming] check after sinking",
        "#Swimming and Climbing: swimming and sunk underwater"},
    [WO_A_HURRY] = {"Hurry", "the action's cost, less 1 per success step (quick_tn)",
                    "perform a posture change or mounting more quickly",
        "#Performing Actions More Quickly: a posture change or mounting you could take"},
    [WO_A_CALM_MOUNT] = {"Calm Mount", "8 AP", "Prs [Nature/Riding] check to regain control",
        "#Mounted Combat: mounted on a mount that bolted"},
};

static const char *const wo_resources[WO_NRES] = {
    "AP", "Initiative", "Stamina", "Fatigue", "Mana", "Movement",
    "Light", "Moderate", "Severe", "Critical", "Fatal"};

static const char *const wo_conditions[WO_NCOND] = {
    "Staggered", "Helpless", "Prone", "Crouching", "Grappled", "Pinned", "Exhausted",
    "Unconscious", "Dying", "Defending", "Harried", "Distracted", "Dashing", "Surprised",
    "Mounted", "Underwater", "Readied", "Sharing Space", "Opening", "Bleeding", "Burning",
    "Hobbled", "Poisoned", "Stable"};

static const fray_option_info wo_options[WO_NOPT] = {
    [WO_OPT_WILD_ROLL] = {"wild_roll", 1, 0, 2,
                          "what a wild roll is (the text names it only): 0 a plain d20, 1 a "
                          "natural 20 rolls again and adds (repeating), 2 also a natural 1 rolls "
                          "again and subtracts"},
    [WO_OPT_AP_NONLETHAL] = {"ap_nonlethal", 6, 1, 30, "AP cost of Nonlethal Attack (lost)"},
    [WO_OPT_AP_QUICK] = {"ap_quick", 4, 1, 30, "AP cost of Quick Attack (lost)"},
    [WO_OPT_AP_STANDARD] = {"ap_standard", 6, 1, 30, "AP cost of Standard Attack (lost)"},
    [WO_OPT_AP_STRONG] = {"ap_strong", 8, 1, 30, "AP cost of Strong Attack (lost)"},
    [WO_OPT_AP_REBUFF] = {"ap_rebuff", 4, 1, 30, "AP cost of the Rebuff reaction (lost)"},
    [WO_OPT_AP_HARRY] = {"ap_harry", 2, 1, 30, "AP cost of the Harry reaction (lost)"},
    [WO_OPT_AP_DEFEND] = {"ap_defend", 4, 1, 30, "AP cost of Defend (lost)"},
    [WO_OPT_AP_CAST] = {"ap_cast", 6, 1, 30, "AP cost of Cast a Spell, generic (lost)"},
    [WO_OPT_AP_GRAPPLE] = {"ap_grapple", 6, 1, 30, "AP cost of Grapple, Pin and Drag (lost)"},
    [WO_OPT_AP_GRAPPLE_REACTION] = {"ap_grapple_reaction", 2, 1, 30,
                                    "AP cost of the Cling and Interpose reactions (lost)"},
    [WO_OPT_AP_MANEUVER] = {"ap_maneuver", 4, 1, 30,
                            "AP cost of Create an Opening, Enter Occupied Space, Escape, Hinder "
                            "(lost)"},
    [WO_OPT_AP_MINOR] = {"ap_minor", 2, 1, 30,
                         "AP cost of Change Posture, Dash, Ready an Action, End a Magical "
                         "Effect (lost)"},
    [WO_OPT_AP_SEIZE] = {"ap_seize", 4, 1, 30, "AP cost of Seize Initiative (lost)"},
    [WO_OPT_AP_MOUNT] = {"ap_mount", 4, 1, 30, "AP cost of Mount/Dismount (lost)"},
    [WO_OPT_AP_HEAL] = {"ap_heal", 8, 1, 30,
                        "AP cost of Stabilize, Treat Condition, Treat Wound (lost)"},
    [WO_OPT_STAMINA_STRONG] = {"stamina_strong", 1, 0, 10, "stamina cost of Strong Attack"},
    [WO_OPT_STAMINA_DASH] = {"stamina_dash", 2, 0, 10, "stamina cost of Dash"},
    [WO_OPT_DYING_ROUNDS] = {"dying_rounds", 4, 1, 100,
                             "rounds a dying PC lives untreated (\"promptly\")"},
    [WO_OPT_STAGGER_ON_CRITICAL] = {"stagger_on_critical", 1, 0, 1,
                                    "a PC with a critical wound is staggered"},
    [WO_OPT_CONDITION_PENALTY] = {"condition_penalty", 2, 0, 10,
                                  "penalty to checks while exhausted"},
    [WO_OPT_ENV_TN] = {"env_tn", 10, -10, 40,
                       "TN of the climbing and swimming checks (set by the GM)"},
    [WO_OPT_QUICK_TN] = {"quick_tn", 10, -10, 40,
                         "TN of the check to perform an action more quickly (set by the GM)"},
    [WO_OPT_NONLETHAL_HELPLESS] = {"nonlethal_helpless", 0, 0, 1,
                                   "a Nonlethal Attack that would knock out leaves the target "
                                   "conscious but helpless for 2 rounds instead (the attacker's "
                                   "choice in the text)"},
};

const int wo_ready_kinds[WO_NREADY] = {
    WO_A_STANDARD, WO_A_QUICK,      WO_A_STRONG,     WO_A_NONLETHAL,  WO_A_CAST,
    WO_A_DEFEND,   WO_A_MOVE,       WO_A_MOVE_AWAY,  WO_A_RETRIEVE,   WO_A_POSTURE,
    WO_A_OPENING,  WO_A_ENTER,      WO_A_ESCAPE,     WO_A_MOUNT,      WO_A_DASH,
    WO_A_DRAG,     WO_A_GRAPPLE,    WO_A_PIN,        WO_A_END_EFFECT, WO_A_HINDER,
    WO_A_DISTRACT, WO_A_SHOVE,      WO_A_TRIP,       WO_A_SEIZE,      WO_A_STABILIZE,
    WO_A_TREAT_COND, WO_A_TREAT_WOUND, WO_A_USE_OBJECT, WO_A_SURFACE, WO_A_CALM_MOUNT,
};

/* the names of wo_ready_kinds, as wo_actions gives them */
static const char *const ready_answers[WO_NREADY] = {
    "Standard Attack", "Quick Attack", "Strong Attack", "Nonlethal Attack", "Cast a Spell",
    "Defend", "Move", "Move Away", "Retrieve or Stow an Item", "Change Posture",
    "Create an Opening", "Enter Occupied Space", "Escape", "Mount/Dismount", "Dash",
    "Drag", "Grapple", "Pin", "End a Magical Effect", "Hinder: Disarm",
    "Hinder: Distract", "Hinder: Shove", "Hinder: Trip", "Seize Initiative", "Stabilize",
    "Treat Condition", "Treat Wound", "Use an Object", "Return to Surface", "Calm Mount",
};

static const fray_question wo_questions[WO_NQ] = {
    [WO_Q_READY] = {"Readied action", ready_answers, WO_NREADY},
};

/* #Initiative: a running score, the highest still to act goes next; it
 * changes during the round, so the order is asked anew at every turn. */
static const fray_turn_rules wo_turns = {
    .order = FRAY_ORDER_RUNNING,
    .score_res = WO_R_INIT,
    .tie_purpose = "Initiative tie, 1dN",
    .rule = WO_SEED "#Initiative",
    .start_detail = "initiative",
    .end_res = WO_R_AP,
    .end_detail = "AP",
    .end_rule = WO_SEED "#Action Points",
    .turn_start = wo_turn_start,
    .turn_end = wo_turn_end,
};

/* GM fiat on a resource (`set`; Initiative is the core's): AP, Stamina
 * (its maximum less fatigue) and Mana (less what is invested) are plain
 * pools; wounds are dealt by damage through the Wound Thresholds and
 * healed by heal; fatigue and movement are the rules'. */
static int wo_res_range(const fray_encounter *e, int who, int res, int *lo, int *hi, char *why,
                        size_t len)
{
    const wo_creature *c = fray_cpriv(e, who);
    *lo = 0;
    switch (res) {
    case WO_R_AP: *hi = c->max_ap; return FRAY_SET_PLAIN;
    case WO_R_STAMINA:
        *hi = wo_max_stamina(c->max_stamina, fray_res(e, who, WO_R_FATIGUE));
        return FRAY_SET_PLAIN;
    case WO_R_MANA: *hi = c->max_mana > c->invested ? c->max_mana - c->invested : 0; return FRAY_SET_PLAIN;
    case WO_R_FATIGUE:
    case WO_R_MOVE:
        return snprintf(why, len, "%s is kept by the rules (stamina spent past 0, the move under "
                        "way)", e->rs->resources[res]), FRAY_SET_NO;
    default:
        return snprintf(why, len, "wounds are dealt by damage (#Wound Thresholds) and taken back "
                        "by heal"), FRAY_SET_NO;
    }
}

FRAY_RULESET(fray_ruleset_wounds,
    .version = FRAY_RULESET_VERSION,
    .id = "wounds",
    .seed = WO_SEED,
    .summary = "running initiative with interrupts, AP twice a round from Speed, damage to "
               "wound slots, stamina and fatigue",
    .actions = wo_actions,
    .nactions = WO_NACT,
    .resources = wo_resources,
    .nresources = WO_NRES,
    .conditions = wo_conditions,
    .nconditions = WO_NCOND,
    .options = wo_options,
    .noptions = WO_NOPT,
    .creature_size = sizeof(wo_creature),
    /* the runtime part, which wo_creature puts first */
    .creature_live = offsetof(wo_creature, attr),
    .state_size = sizeof(wo_state),
    .memo_size = sizeof(wo_memo),
    .load_creature = wo_load_creature,
    .loaded = wo_loaded,
    .start_combat = wo_start_combat,
    .start_round = wo_start_round,
    .end_round = wo_end_round,
    .legal = wo_legal,
    .resolve = wo_resolve,
    .policy = wo_policy,
    .describe = wo_describe,
    .rest = wo_rest,
    .odds = wo_odds,
    .odds_help = wo_odds_help,
    /* what wo_policy (policy.c) ever picks or looks at */
    .turns = &wo_turns,
    .join = wo_join,
    .fiat = wo_fiat,
    .res_range = wo_res_range,
    .action_odds = wo_action_odds,
    .may_answer = wo_may_answer,
    .questions = wo_questions,
    .nquestions = WO_NQ,
    .decide = wo_decide,
    .policy_kinds = FRAY_KIND(WO_A_ESCAPE) | FRAY_KIND(WO_A_USE_OBJECT) | FRAY_KIND(WO_A_POSTURE) |
                    FRAY_KIND(WO_A_RETRIEVE) | FRAY_KIND(WO_A_STRONG) | FRAY_KIND(WO_A_CAST) |
                    FRAY_KIND(WO_A_STANDARD) | FRAY_KIND(WO_A_QUICK) | FRAY_KIND(WO_A_NONLETHAL) |
                    FRAY_KIND(WO_A_OPENING) | FRAY_KIND(WO_A_MOVE) | FRAY_KIND(WO_A_STABILIZE) |
                    FRAY_KIND(WO_A_DEFEND) | FRAY_KIND(WO_A_REBUFF) | FRAY_KIND(WO_A_HARRY) |
                    FRAY_KIND(WO_A_INTERPOSE) | FRAY_KIND(WO_A_CLING) | FRAY_KIND(WO_A_CANCEL) |
                    FRAY_KIND(WO_A_SEIZE))
