/* wounds.h: the `wounds` ruleset (seed 003_45dec7998f478a90.txt), internal.
 *
 * Sections:
 *   1. enumerations: wound levels, attributes, skills, resources, conditions,
 *      actions, rule options
 *   2. the text's tables (tables.c), each const, with lookup functions
 *   3. pure rules (health.c): damage -> wound level, slot escalation,
 *      defenses, the attack check pieces, stamina and fatigue, rests. These
 *      take numbers, not an encounter, so that exact odds (`fray odds
 *      wounds`) and a time-to-defeat DP can be built on them.
 *   4. the creature sheet (sheet.c) and the combat hooks (combat.c,
 *      attacks.c, action_points.c, actions.c, reactions.c, movement.c,
 *      maneuvers.c, care.c, sharing
 *      combat.h; policy.c).
 *
 * Every number of the text lives once in tables.c; every interpretation of a
 * silent or ambiguous passage is a rule option (WO_OPT_*), documented in
 * docs/rules/wounds.md.
 */
#ifndef WOUNDS_H
#define WOUNDS_H

#include "core.h"

#define WO_SEED "003_45dec7998f478a90.txt"

/* ---- 1. Enumerations ------------------------------------------------------ */

enum wo_level { WO_NONE = -1, WO_LIGHT = 0, WO_MODERATE, WO_SEVERE, WO_CRITICAL, WO_FATAL,
                WO_NLEVELS };

enum wo_attr { WO_STR, WO_DEX, WO_VIT, WO_RSN, WO_PRC, WO_PRS, WO_LOR, WO_NATTR };

enum wo_skill { WO_SK_MELEE, WO_SK_AIM, WO_SK_ARCANA, WO_SK_ATHLETICS, WO_SK_REFLEX,
                WO_SK_RESISTANCE, WO_SK_DECEPTION, WO_SK_HEALING, WO_SK_NATURE,
                WO_SK_ACROBATICS, WO_SK_STEALTH, WO_NSKILL };

enum wo_res { WO_R_AP, WO_R_INIT, WO_R_STAMINA, WO_R_FATIGUE, WO_R_MANA, WO_R_MOVE,
              WO_R_LIGHT, WO_R_MODERATE, WO_R_SEVERE, WO_R_CRITICAL, WO_R_FATAL, WO_NRES };

enum wo_cond { WO_C_STAGGERED, WO_C_HELPLESS, WO_C_PRONE, WO_C_CROUCHING, WO_C_GRAPPLED,
               WO_C_PINNED, WO_C_EXHAUSTED, WO_C_UNCONSCIOUS, WO_C_DYING, WO_C_DEFENDING,
               WO_C_HARRIED, WO_C_DISTRACTED, WO_C_DASHING, WO_C_SURPRISED, WO_C_MOUNTED,
               WO_C_UNDERWATER, WO_C_READIED, WO_C_SHARING, WO_C_OPENING, WO_C_BLEEDING,
               WO_C_BURNING, WO_C_HOBBLED, WO_C_POISONED, WO_C_STABLE, WO_NCOND };

enum wo_act {
    WO_A_MOVE, WO_A_MOVE_AWAY,
    WO_A_NONLETHAL, WO_A_QUICK, WO_A_STANDARD, WO_A_STRONG, WO_A_REBUFF,
    WO_A_CAST, WO_A_DEFEND, WO_A_HARRY, WO_A_READY, WO_A_RETRIEVE,
    WO_A_POSTURE, WO_A_OPENING, WO_A_ENTER, WO_A_ESCAPE, WO_A_MOUNT, WO_A_DASH,
    WO_A_CLING, WO_A_DRAG, WO_A_GRAPPLE, WO_A_INTERPOSE, WO_A_PIN,
    WO_A_END_EFFECT, WO_A_HINDER, WO_A_SEIZE, WO_A_STABILIZE, WO_A_TREAT_COND,
    WO_A_TREAT_WOUND, WO_A_USE_OBJECT, WO_A_IGNORE_FLANK, WO_A_SURFACE, WO_A_HURRY,
    WO_A_CALM_MOUNT, WO_A_DISTRACT, WO_A_SHOVE, WO_A_TRIP, WO_A_CANCEL, WO_A_CLING_HOLD, WO_A_JUMP, WO_NACT
};

enum wo_opt {
    WO_OPT_WILD_ROLL, WO_OPT_AP_NONLETHAL, WO_OPT_AP_QUICK, WO_OPT_AP_STANDARD,
    WO_OPT_AP_STRONG, WO_OPT_AP_REBUFF, WO_OPT_AP_HARRY, WO_OPT_AP_DEFEND, WO_OPT_AP_CAST,
    WO_OPT_AP_GRAPPLE, WO_OPT_AP_GRAPPLE_REACTION, WO_OPT_AP_MANEUVER, WO_OPT_AP_MINOR,
    WO_OPT_AP_SEIZE, WO_OPT_AP_MOUNT, WO_OPT_AP_HEAL, WO_OPT_STAMINA_STRONG,
    WO_OPT_STAMINA_DASH, WO_OPT_DYING_ROUNDS, WO_OPT_STAGGER_ON_CRITICAL,
    WO_OPT_CONDITION_PENALTY, WO_OPT_ENV_TN, WO_OPT_QUICK_TN, WO_OPT_NONLETHAL_HELPLESS, WO_NOPT
};

/* wild_roll option values */
enum { WO_WILD_PLAIN = 0, WO_WILD_EXPLODE = 1, WO_WILD_BOTH = 2 };

/* NPC tiers; PCs are tier 0 */
enum { WO_PC = 0, WO_MINION = 1, WO_STANDARD = 2, WO_ELITE = 3 };

/* the seven defenses (and the immobile one) */
enum wo_def { WO_D_MELEE, WO_D_RANGED, WO_D_IMMOBILE, WO_D_POWER, WO_D_AGILITY,
              WO_D_FORTITUDE, WO_D_WILLPOWER, WO_NDEF };

/* the seven attack and combat checks of "Attacks and Combat Checks" */
enum wo_check { WO_K_MELEE, WO_K_RANGED, WO_K_SPELL, WO_K_POWER, WO_K_AGILITY,
                WO_K_FORTITUDE, WO_K_WILLPOWER, WO_NCHECK };

/* weapon properties */
enum { WO_P_ARMOR_PIERCING = 1, WO_P_CONCUSSIVE = 2, WO_P_SLICING = 4, WO_P_PENETRATING = 8,
       WO_P_AQUATIC = 16 };

/* where an item is kept (Retrieve or Stow an Item) */
enum { WO_IN_HAND = 0, WO_SCABBARD, WO_POUCH, WO_BACKPACK, WO_DROPPED, WO_NPLACE };

enum { WO_STANDING = 0, WO_CROUCH = 1, WO_PRONE = 2 };

enum { WO_ENV_GROUND = 0, WO_ENV_UNDERWATER, WO_ENV_SWIMMING, WO_ENV_CLIMBING };

/* cover levels of the modifiers table */
enum { WO_COVER_NONE = 0, WO_COVER_QUARTER, WO_COVER_HALF, WO_COVER_THREE_QUARTERS,
       WO_COVER_NINE_TENTHS };

/* ---- 2. Tables (tables.c) ------------------------------------------------- */

typedef struct wo_slot_row { int vitality, moderate, severe, critical; } wo_slot_row;
typedef struct wo_speed_row { int speed, round_start, turn_end, max_ap; } wo_speed_row;
typedef struct wo_move_row { int rate, lo, hi, yards[4]; } wo_move_row;
typedef struct wo_terrain_row { const char *situation; int cost; } wo_terrain_row;
typedef struct wo_mod_row { const char *target_is; int melee, ranged; } wo_mod_row;
typedef struct wo_hinder_row { const char *name, *attacker, *defender, *effect; } wo_hinder_row;
typedef struct wo_object_row { const char *name; int ap; } wo_object_row;

extern const int wo_wound_threshold[WO_NLEVELS];
extern const char *const wo_level_name[WO_NLEVELS];
extern const wo_slot_row wo_slot_table[11];
extern const int wo_recovery_tn[WO_NLEVELS];
extern const int wo_treat_wound_tn[WO_NLEVELS];
extern const wo_speed_row wo_speed_table[21];
extern const wo_move_row wo_move_table[26];
extern const wo_terrain_row wo_terrain_table[8];
extern const wo_mod_row wo_mod_table[7]; /* prone, crouching, flanked, 4 covers */
extern const wo_hinder_row wo_hinder_table[4];
extern const int wo_container_ap[WO_NPLACE];
extern const wo_object_row wo_object_table[5];
extern const char *const wo_attr_name[WO_NATTR];
extern const char *const wo_skill_name[WO_NSKILL];

/* Wound slots of Vitality v (clamped to the table's -5..5). */
const wo_slot_row *wo_slots_for_vitality(int v);
/* The Speed row (Speed clamped to -10..10). */
const wo_speed_row *wo_speed_row_for(int speed);
/* Movement rate from Strength + Size + Athletics. */
int wo_movement_rate(int str_size_athletics);
/* Yards of movement bought with ap (1..4) AP at movement rate `rate` (0..25;
 * rates past the table scale as the table's last column does). */
int wo_move_yards(int rate, int ap);
/* yards[ap] = wo_move_yards(rate, ap) for ap 0..4, at once. */
void wo_move_yards_row(int rate, int yards[5]);
/* Terrain cost multiplier by name, 0 when unknown. */
int wo_terrain_cost(const char *situation);
/* The rows of wo_terrain_table that the environments use ("Swimming",
 * "Vertical climb", "Walking underwater"), by index so that moving looks
 * nothing up by name; tables_test checks the names. */
enum { WO_TERRAIN_SWIMMING = 4, WO_TERRAIN_VERTICAL_CLIMB = 6, WO_TERRAIN_UNDERWATER = 7 };

/* ---- 3. Pure rules (health.c) ----------------------------------------------- */

/* "You gain a wound of the highest level whose threshold the damage exceeds
 * or equals": WO_NONE below the Light threshold. */
int wo_wound_level(int final_damage);
/* Damage received = Attack Roll + Damage Roll - Defense - Toughness. */
int wo_damage_received(int attack_roll, int damage_roll, int defense, int toughness);
/* Fill a wound of `level`: escalate while that level's slots are full.
 * filled[] and slots[] are per level; returns the level filled (WO_FATAL when
 * even the fatal slot was full) and updates filled. */
int wo_wound_fill(int filled[WO_NLEVELS], const int slots[WO_NLEVELS], int level);
/* The highest level with a wound, or WO_NONE. */
int wo_severity(const int filled[WO_NLEVELS]);
/* Reduce one wound of `level` by one step if the next lower level has an open
 * slot (a light wound is healed outright). Returns 1 if done. */
int wo_wound_reduce(int filled[WO_NLEVELS], const int slots[WO_NLEVELS], int level);
/* Slot counts: light 5 + Persona; moderate..critical from Vitality for PCs
 * or 1/2/3 by NPC tier; fatal 1. */
void wo_slot_counts(int tier, int vitality, int persona, int slots[WO_NLEVELS]);

/* Defenses of "Defense": the -5 floor on Speed + Reason applies to melee and
 * ranged. */
int wo_def_melee(int size, int speed, int reason, int block_bonuses);
int wo_def_ranged(int size, int speed, int reason, int defensive_block_bonuses);
int wo_def_immobile(int size);
int wo_def_power(int str, int size, int athletics, int spec);
int wo_def_agility(int dex, int size, int reflex, int spec);
int wo_def_fortitude(int vit, int resistance, int spec);
int wo_def_willpower(int prs, int resistance, int spec);

/* A check's modifier: attribute + skill + specialization (+ accuracy,
 * +/- Size for Power and Agility checks). */
int wo_check_mod(int attr, int skill, int spec, int extra);

/* The "wild" d20 of option wild_roll: the natural die and the total. A
 * natural 20 is a critical success, a natural 1 a critical failure. */
typedef struct wo_roll { int natural, total, crit; /* +1, -1, 0 */ } wo_roll;
wo_roll wo_wild(fray_dice *d, int mode, const char *purpose);

/* Attack modifiers from the table: posture 0 standing / 1 crouching / 2
 * prone, cover WO_COVER_*, flank 0 none / 1 flanked / 2 rear attack (an
 * ignored creature: twice the bonus). Cover and posture penalties do not
 * stack (only the larger penalty applies); bonuses stack. */
int wo_attack_mod(int ranged, int posture, int cover, int flank);
/* Stamina below 0 becomes fatigue: returns the new stamina and adds the
 * excess to *fatigue. */
int wo_spend_stamina(int stamina, int cost, int *fatigue);
/* Maximum stamina after fatigue (never below 0). */
int wo_max_stamina(int normal_max, int fatigue);
int wo_is_exhausted(int normal_max, int fatigue);
int wo_is_staggered_by_fatigue(int normal_max, int fatigue);
/* The highest wound level a recovery check result reaches, or WO_NONE. */
int wo_recovery_reach(int result);
/* Long rest fatigue reduction: 5 + Vitality - highest wound level (1 light,
 * 2 moderate, ...), at least 1 unwounded or 0 wounded. */
int wo_long_rest_fatigue_cut(int vitality, int severity);
/* Sleep needed, in minutes: 8 hours minus half an hour per Vitality. */
int wo_sleep_minutes(int vitality);
/* Jump: long jump feet or high jump inches from the check result. */
int wo_jump_long_feet(int check, int speed, int run_up);
int wo_jump_high_inches(int check, int speed, int run_up);
/* AP left after gaining `gain` with a maximum (carried over, excess lost). */
int wo_gain_ap(int ap, int gain, int max_ap);
/* The text's floor on AP costs: 1, or 0 for effects that say so. */
int wo_ap_floor(int cost, int may_be_zero);
/* "For every N points in the result": points / per, rounded down, 0 for a
 * result of 0 or less (Dash 3, Cling 5 and 10). */
int wo_per_points(int points, int per);
/* "one step plus one step for every `per` points by which your check
 * exceeds the TN" (Treat Wound, Treat Condition: 2): 0 when total < tn. */
int wo_steps_over(int total, int tn, int per);
/* #Performing Actions More Quickly: the AP an action of cost `base` costs
 * after the check `total` against `tn`. */
int wo_hurry_cost(int base, int total, int tn);
/* #Action: Hinder, Shove: "1 yard plus up to one third of your margin of
 * success" (total >= tn). */
int wo_shove_yards(int total, int tn);
/* Enter Occupied Space ("whose size is less than 5 larger or smaller than
 * yours") and Grapple ("You cannot target a creature whose size is 5 or
 * more greater or smaller"): sizes a and b close enough. */
int wo_sizes_within_5(int a, int b);
/* #Action: Drag: "a -2 penalty for each opponent beyond the first". */
int wo_drag_penalty(int opponents);
/* #Mounted Combat: Calm Mount's "+1 bonus for each consecutive action spent
 * to calm the mount to a maximum of +5": the bonus after another failure. */
int wo_calm_bonus_after(int bonus);
/* #Mounted Combat: does a rider on a mount of mount_size get the +1 against
 * a foe of size t_size (t_mount_size its mount's, t_mounted whether it
 * rides)? "against any opponents of a size smaller than your mount unless
 * they are also mounted on a creature at least as large as your mount" */
int wo_mount_edge(int mount_size, int t_size, int t_mounted, int t_mount_size);
/* #Jumping: "If you moved at least 5 yards leading up to the jump". */
int wo_jump_run_up(int yards_moved);
/* #Reaction: Cling: a Power check result `total` spent first on `reduce`
 * yards of the target's movement ("for every 10 points") and the rest on
 * following it ("For every 5 points ... 1 yard"): the yards of reduction
 * it buys (at most `reduce`), the yards of following in *follow. */
int wo_cling_split(int total, int reduce, int *follow);
/* #Action: Treat Wound: "If the target's fatigue is equal to or higher than
 * its normal maximum stamina, the attempt automatically fails." */
int wo_treat_auto_fails(int fatigue, int normal_max);
/* #Mounted Combat: Calm Mount's "-1 penalty for each enemy within 30 feet"
 * (10 yards of gap). */
int wo_within_30_feet(int gap_yd);
/* #Underwater Combat: "all weapon damage is halved except from aquatic
 * weapons" (rounded down). */
int wo_underwater_damage(int damage, int aquatic);
/* #Swimming and Climbing: "a -5 penalty for each wound level beyond light". */
int wo_env_wound_penalty(int level);
/* #Surprise: "Creatures with a Perception higher than 5 cannot be
 * surprised"; the initiative penalty "equal to 5 - your Perception", or 0. */
int wo_can_be_surprised(int perception);
int wo_surprise_penalty(int perception);
/* #Mounted Combat: "a creature must be at least the size of its rider". */
int wo_mount_fits(int mount_size, int rider_size);
/* Yards as centimetres (1 yard = 91.44 cm, rounded down) and back (rounded
 * to nearest). */
int wo_yd_to_cm(int yards);
int wo_cm_to_yd(int cm);

/* ---- 4. Creature sheet and runtime state ------------------------------------ */

#define WO_MAX_WEAPONS 6
#define WO_MAX_SPECS 16
#define WO_MAX_SPELLS 4
#define WO_MAX_OBJECTS 4
#define WO_MAX_EFFECTS 3

typedef struct wo_weapon {
    char name[24];
    char group[20];     /* the weapon group specialization */
    int accuracy, damage, reach, optimal_reach;
    int ranged, range;  /* range: first increment in yards */
    int props;          /* WO_P_* */
    int block;          /* block bonus to melee Defense */
    int defensive;      /* the block also counts against ranged attacks */
    int group_rank;     /* the wielder's specialization rank in `group` (wo_rank_specs) */
} wo_weapon;

typedef struct wo_spell {
    char name[24];
    char school[20];
    int mana, damage, range, defense; /* defense: WO_D_* targeted */
    int school_rank; /* the caster's specialization rank in `school` (wo_rank_specs) */
} wo_spell;

typedef struct wo_object {
    char name[24];
    int kind;  /* index in wo_object_table */
    int heal;  /* a potion's wound steps healed */
} wo_object;

typedef struct wo_effect { char name[24]; int mana; } wo_effect;

/* The specializations the rules ask for by name, resolved once at loading
 * (wo_rank_specs) so that no name is compared during a fight. */
enum wo_spk { WO_SPK_NONE, WO_SPK_POWER, WO_SPK_AGILITY, WO_SPK_FORTITUDE, WO_SPK_WILLPOWER,
              WO_SPK_INITIATIVE, WO_SPK_RIDING, WO_SPK_SWIMMING, WO_SPK_CLIMBING,
              WO_SPK_RUNNING, WO_SPK_WOUNDS, WO_SPK_UNARMED, WO_SPK_JUMPING, WO_NSPK };
extern const char *const wo_spk_name[WO_NSPK];

/* A creature's private block. Everything a fight may write comes first, up
 * to `attr`: fray_reset copies back only that part between simulated fights
 * (.creature_live, ruleset.c), so a weapon's place, an object's count and an
 * effect's being active live here rather than in their sheet entries. */
typedef struct wo_creature {
    /* runtime */
    int weapon_place[WO_MAX_WEAPONS]; /* WO_IN_HAND ... of each weapon */
    int hand;           /* the first weapon in hand (wo_rehand after a change), -1 none */
    int object_count[WO_MAX_OBJECTS];
    int effect_active[WO_MAX_EFFECTS];
    int invested;           /* mana invested */
    int env;                /* WO_ENV_*: a climber or swimmer who falls is on the ground */
    int nogain;             /* surprised: no AP until after its first turn */
    int pending, pending_target, pending_arg, pending_left; /* an action spanning turns; -1 none */
    int dash_uses;          /* Dash this round */
    int dash_bonus;         /* the second Dash's movement rate increase */
    unsigned harried_by;    /* bitmask: Harry used against these this round */
    int harry_pen;          /* -2 to ranged attacks this round */
    unsigned ignored;       /* bitmask of creatures ignored for flanking */
    int flank_seen;         /* flanked when last looked at (Ignoring Your Flank's reaction) */
    unsigned grappling;     /* bitmask of creatures it grapples */
    int opening_vs, opening_value; /* Create an Opening */
    int recovery_bonus;     /* cumulative +1 on recovery checks */
    int dying_since;        /* round it started dying */
    int readied;            /* action kind readied, -1 none */
    int lost_control;       /* untrained mount out of control */
    int calm_bonus;
    int affl_level[4];      /* bleeding, burning, hobbled, poisoned levels */
    int share_with;         /* Enter Occupied Space: the creature whose space it shares, -1 */
    int drag_ap;            /* Drag: AP of movement left this round that carries the grapple */
    int move_cut;           /* yards of its move being resolved that a Cling: Hold cut */
    int run_yd;             /* yards moved since its last other action this turn (a jump's run-up) */
    /* sheet */
    int attr[WO_NATTR];
    int size, speed;
    int skill[WO_NSKILL];
    char spec_name[WO_MAX_SPECS][20];
    int spec_rank[WO_MAX_SPECS];
    int nspec;
    int tier;               /* WO_PC or an NPC tier */
    int stamina_race, mana_race;
    int armor;              /* armour Toughness; armour-piercing ignores it */
    wo_weapon weapon[WO_MAX_WEAPONS];
    int nweapon;
    wo_spell spell[WO_MAX_SPELLS];
    int nspell;
    wo_object object[WO_MAX_OBJECTS];
    int nobject;
    wo_effect effect[WO_MAX_EFFECTS];
    int neffect;
    int healing_kit;
    int cover, terrain_cost, posture0;
    int surprised;
    int mount_size, mount_rate, mount_prc, mount_trained, mounted0; /* mount_size < -99: none */
    int affl_tn;            /* TN of the bleeding/burning/hobbled/poisoned it starts with */
    /* derived */
    int slots[WO_NLEVELS];
    int max_stamina, max_mana, max_ap;
    int move_rate;
    int space;              /* yards of its space across (wo_space_yd of its size) */
    int spk[WO_NSPK];       /* rank of each WO_SPK_* specialization (wo_rank_specs) */
} wo_creature;

/* #Action: Ready an Action: "Choose an action." The actions one may ready
 * (every action that is neither a reaction nor about readying, cancelling,
 * hurrying or flanking), in the order of the question "Readied action"
 * (the first, Standard Attack, the answer of a controller without one). */
#define WO_NREADY 30
extern const int wo_ready_kinds[WO_NREADY];
enum { WO_Q_READY = 0, WO_NQ };

typedef struct wo_state {
    int cancel;      /* set when an interrupt cancels the declared action */
    int redirect;    /* Interpose: the new target, -1 none */
    int cling_cut;   /* Cling: Hold: yards cut from the declared move */
    int flank_offer; /* the creature offered Ignore Flank as it becomes flanked, -1 none */
    fray_action trigger; /* the action whose declared window is open */
    int trigger_valid;
    /* the window whose interrupts are open: FRAY_WIN_DECLARED, or one of
     * those between actions (FRAY_WIN_TURN_START, _TURN_END, _TRIGGERED) */
    int window;
} wo_state;

/* The encounter's memo (fray_memo, rs->memo_size): what the policy derives
 * from positions, statuses, conditions and the creatures' live bytes, kept
 * between decisions. flank_rev[t] is the e->world_rev at which flanked[t]
 * was wo_flanked_now(e, t) (0: never); the live bytes it reads (hand, the
 * weapon in it, ignored) bump the revision where they change (fray_touch). */
typedef struct wo_memo {
    uint64_t flank_rev[FRAY_MAX_COMBATANTS];
    unsigned char flanked[FRAY_MAX_COMBATANTS];
} wo_memo;

/* Yards of space a creature of `size` takes up across. */
static inline int wo_space_yd(int size) { return size <= 2 ? 1 : size <= 5 ? 2 : size <= 8 ? 3 : 4; }

/* Sheet loading (sheet.c). */
int wo_load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who);
int wo_loaded(fray_load *ld, fray_encounter *e);
void wo_prepare(fray_encounter *e, int i);
/* Specialization rank by name (0 when untrained). */
int wo_spec(const wo_creature *c, const char *name);
/* Resolve the specializations the rules name (spk, each weapon's group,
 * each spell's school) to ranks: once, when the sheet is loaded. */
void wo_rank_specs(wo_creature *c);
/* The weapon in hand (the first), or NULL when unarmed. */
static inline const wo_weapon *wo_wielded(const wo_creature *c)
{
    return c->hand >= 0 ? &c->weapon[c->hand] : NULL;
}
/* Find the weapon in hand again, after a weapon's place changed (asked on
 * every list and attack, so it is kept, not searched). */
void wo_rehand(wo_creature *c);
/* Toughness: Vitality + Size + armour, without the armour when `pierce`. */
int wo_toughness(const wo_creature *c, int pierce);
/* Normal maximum stamina (race + Vitality) and the defense of kind WO_D_*. */
int wo_normal_stamina(const wo_creature *c);
int wo_defense_base(const wo_creature *c, int def);

/* Combat hooks (combat.c; wo_legal in reactions.c, wo_ap_cost in action_points.c, wo_action_odds in odds.c). */
void wo_start_combat(fray_encounter *e);
void wo_enter_combat(fray_encounter *e, int i);
void wo_join(fray_encounter *e, int who);
void wo_fiat(fray_encounter *e, int who, int amount, int heal);
void wo_start_round(fray_encounter *e);
void wo_end_round(fray_encounter *e);
void wo_turn_start(fray_encounter *e, int who);
void wo_turn_end(fray_encounter *e, int who);
int wo_legal(fray_encounter *e, int who, int window, const fray_action *trigger,
             fray_action *out, int max);
void wo_resolve(fray_encounter *e, const fray_action *a);
/* The ruleset's action_odds: an attack's exact odds from the present state. */
int wo_action_odds(fray_encounter *e, const fray_action *a, json_t **out, char *err,
                   size_t errlen);
int wo_describe(const fray_encounter *e, int who, char *buf, size_t len);
int wo_ap_cost(const fray_encounter *e, int who, int kind, int arg);
int wo_in_reach(const fray_encounter *e, int a, int b, int reach_yd);
int wo_gap_yd(const fray_encounter *e, int a, int b);
int wo_is_reaction(int kind);
/* Exhausted and staggered follow fatigue (and critical wounds). */
void wo_update_fatigue(fray_encounter *e, int who);

/* Rests (rest.c). */
void wo_rest(fray_encounter *e, int who, int kind);
/* A long rest with a tender's check result substituted when higher (tend
 * below -1000: no tender). */
void wo_long_rest(fray_encounter *e, int who, int tend);
/* Heal the highest reducible wound up to level `reach`; the level or WO_NONE. */
int wo_recovery_heal(int filled[WO_NLEVELS], const int slots[WO_NLEVELS], int reach);
/* An interrupted rest: short rests earned and extra minutes of a resumed
 * long rest; returns 1 if the long rest may resume. */
int wo_rest_interrupted(int minutes_done, int interruption, int *short_rests, int *extra_minutes);

/* Policy (policy.c). */
/* The policy's turn up to its attack step, from the list's attacks (which
 * wo_legal lists first): the index in attacks[0..n) of the attack it takes
 * whatever follows, -1 when it takes none of them and goes on past its
 * attack step, -2 when a step before that may apply. */
int wo_policy_attacks(fray_encounter *e, int who, const fray_action *attacks, int n);
/* Its first part: -2 when a step before the attack step may apply, -1
 * when none can. */
int wo_policy_before_attacks(const fray_encounter *e, int who);
/* The policy's attack from the state (policy.c, described there). */
int wo_pick_attack(fray_encounter *e, int who, int ap, int only_target, fray_action *out,
                   int *listed);
/* The nearest enemy able to fight (the first of equals), or -1; its gap in
 * *gap: whom the policy closes in on. */
int wo_nearest_enemy(const fray_encounter *e, int who, const int *gaps, int *gap);
/* The nearest ally of who lying dying (the first of equals), or -1; its gap
 * in *gap. gaps as wo_nearest_enemy's. */
int wo_dying_ally(const fray_encounter *e, int who, const int *gaps, int *gap);
/* (wo_policy_after_attacks, wo_src: combat.h) */
/* The kinds the policy may take on its turn in the present state. */
uint64_t wo_policy_turn_kinds(const fray_encounter *e, int who);
/* Whether the policy would interrupt the declared trigger with an attack. */
int wo_policy_interrupts(const fray_encounter *e, int who, const fray_action *trigger);
/* Whether the policy might interrupt in `window`, one of those between
 * actions (FRAY_WIN_TURN_START, _TURN_END, _TRIGGERED), from the state
 * alone: when it would not, wo_legal lists it nothing there. */
int wo_policy_between(const fray_encounter *e, int who, int window);
/* Whether it takes its attack a there (its AP are spare). */
int wo_policy_between_take(const fray_encounter *e, int who, const fray_action *a);
/* Its pick in such a window from legal[0..n), or -1 to pass. */
int wo_policy_between_answer(fray_encounter *e, int who, int window, const fray_action *legal, int n);
/* The policy's own turn: its pick in legal[0..n), or -1 to pass. legal may
 * be the whole list or any part of it, in its order, holding every entry
 * the policy looks at (wo_decide, in a fight of more than four, lists just
 * those; in a smaller one it asks for them one by one: wo_policy_turn_src). */
int wo_policy_turn(fray_encounter *e, int who, const fray_action *legal, int n);
/* The policy's answer to the declared trigger: its pick in legal[0..n),
 * which holds the reactions first, or -1 to pass. */
int wo_policy_answer(fray_encounter *e, int who, const fray_action *trigger,
                     const fray_action *legal, int n);
int wo_policy(fray_encounter *e, int who, int window, const fray_action *trigger,
              const fray_action *legal, int n);
/* The ruleset's decide and may_answer hooks (reactions.c). */
int wo_decide(fray_encounter *e, int who, int window, const fray_action *trigger,
              fray_action *out);
int wo_may_answer(const fray_encounter *e, int who, int window, const fray_action *trigger);
/* Whether any creature might interrupt the active one in the window
 * between actions `window` (a necessary test of wo_may_answer's). */
/* Whether t could Rebuff the move m (#Reaction: Rebuff: m approaches
 * closer than t's optimal reach; t may react), its AP aside. */
int wo_move_rebuffed(const fray_encounter *e, int t, const fray_action *m);
int wo_may_interrupt_some(const fray_encounter *e, int active, int window);
/* The creatures wo_may_answer might let answer the declared action a while
 * it is offered (a mask for fray_offer_may): those it surely refuses
 * throughout are left out. */
uint32_t wo_may_answer_declared(const fray_encounter *e, const fray_action *a);

#endif
