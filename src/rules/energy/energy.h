/* energy.h: the `energy` ruleset (seed 000_ca603e8fb651e0df.txt), internal.
 *
 * Sections: the text's tables (tables.c), the creature sheet and its derived
 * values (sheet.c), the pure math of an attack (attack.c: a melee attack or a
 * ranged attack resolved from plain numbers and a dice source, damage after
 * armour, Weakness and Resistance), and the ruleset's hooks (ruleset.c,
 * policy.c). The pure functions take no encounter, so that `fray odds energy`
 * can call them with numbers from its command line.
 *
 * Rounding: the text says "Halved ... Modifier", "1/3 Level" and
 * "(Str + Dex) / 3" without a rule; en_div_down rounds toward minus
 * infinity ("rounding down", the text's only stated rounding, from
 * Weaknesses and Resistances), and is used for every such division.
 */
#ifndef EN_ENERGY_H
#define EN_ENERGY_H

#include "core.h"

#define EN_SEED "000_ca603e8fb651e0df.txt"
#define EN_RULE(h) EN_SEED "#" h

/* ---- Tables (tables.c) ---------------------------------------------------- */

/* Sizes, smallest first; EN_SIZE_MINISCULE exists only in the Miss Chance
 * Size Modifier table. */
enum {
    EN_SIZE_MINISCULE = 0, EN_SIZE_FINE, EN_SIZE_DIMINUTIVE, EN_SIZE_TINY,
    EN_SIZE_SMALL, EN_SIZE_MEDIUM, EN_SIZE_LARGE, EN_SIZE_HUGE, EN_NSIZES
};
extern const char *const en_size_names[EN_NSIZES];

typedef struct en_size_row {
    int size;
    int height_lo_cm, height_hi_cm; /* typical height/length */
    int inherent_evasion;
    int miss_chance_mod;            /* the Size Chart's column */
    int jump_cm;                    /* approximate Jump Reach & Distance */
    int speed_m;                    /* approximate Speed */
} en_size_row;
extern const en_size_row en_size_chart[]; /* Fine..Huge */
extern const int en_size_chart_rows;

typedef struct en_mc_size_row { int size; int modifier; int height_lo_cm, height_hi_cm; } en_mc_size_row;
extern const en_mc_size_row en_mc_size[];
extern const int en_mc_size_rows;

enum { EN_MOVE_NONE = 0, EN_MOVE_TYPICAL, EN_MOVE_ZIGZAG };
typedef struct en_mc_move_row { int movement; int modifier; } en_mc_move_row;
extern const en_mc_move_row en_mc_move[];
extern const int en_mc_move_rows;

typedef struct en_energy_row { int stamina_lo, stamina_hi; int energy; } en_energy_row;
extern const en_energy_row en_energy_table[];
extern const int en_energy_rows;

/* Combat roll and Hit roll: flags of a natural d20 result. */
enum { EN_OUT_CRIT = 1, EN_OUT_SELF_EXPOSED = 2, EN_OUT_MISS = 4 };
typedef struct en_d20_row { int lo, hi; int flags; } en_d20_row;
extern const en_d20_row en_combat_roll[];
extern const int en_combat_roll_rows;

typedef struct en_draw_row {
    int arm_lo, arm_hi;   /* INT_MIN / INT_MAX for open ends */
    int draw_kg;          /* the row's Draw Weight; 19 stands for "<20" */
    int range[3];         /* added to the weapon's range trio, metres */
    int extra_damage;
    int restriction;      /* EN_DW_* */
} en_draw_row;
enum { EN_DW_NONE = 0, EN_DW_HAND_XBOW_MAX, EN_DW_MPL12_MAX, EN_DW_MPL34_MAX, EN_DW_MPL5_MAX,
       EN_DW_HEAVY_SIEGE_XBOW, EN_DW_SIEGE_XBOW };
extern const en_draw_row en_draw_weight[];
extern const int en_draw_rows;

typedef struct en_throw_row { int arm_lo, arm_hi; int extra[3]; } en_throw_row;
extern const en_throw_row en_throw_distance[];
extern const int en_throw_rows;

/* Dealing Non-Lethal Damage */
enum { EN_NL_BLUNT_MELEE = 0, EN_NL_OTHER_MELEE, EN_NL_RANGED };
typedef struct en_nl_row { int source; int chance_min; } en_nl_row;
extern const en_nl_row en_nonlethal[];
extern const int en_nonlethal_rows;

enum { EN_DR_NOTHING = 0, EN_DR_EXHAUSTED_ROUND, EN_DR_EXHAUSTED_REST, EN_DR_BLEED,
       EN_DR_UNCONSCIOUS, EN_DR_DIE };
typedef struct en_death_row { int lo, hi; int effect; } en_death_row;
extern const en_death_row en_death_roll[];
extern const int en_death_roll_rows;

enum { EN_DS_STABILIZED = 0, EN_DS_CONTINUE, EN_DS_UNCONSCIOUS, EN_DS_DIE };
extern const en_death_row en_death_save[];
extern const int en_death_save_rows;

typedef struct en_stamina_cost_row { const char *action; int lo, hi; } en_stamina_cost_row;
extern const en_stamina_cost_row en_stamina_costs[];
extern const int en_stamina_cost_rows;

/* Lookups. Each returns the table's row for the value; tests check every
 * row boundary. */
int en_energy_for_stamina(int stamina);   /* 0 for "unconscious" */
const en_size_row *en_size_row_of(int size);
int en_mc_size_modifier(int size);
int en_mc_move_modifier(int movement);
int en_d20_flags(int natural, int precise); /* Precise widens the crit range */
const en_draw_row *en_draw_row_for_arm(int arm_strength);
const en_draw_row *en_draw_row_for_kg(int draw_kg);
const en_throw_row *en_throw_row_for_arm(int arm_strength);
int en_nonlethal_min(int source, int trades); /* each -3 AV trade widens by 5 */
int en_death_roll_effect(int roll);
int en_death_save_effect(int roll);

/* ---- Small integer helpers ------------------------------------------------ */

int en_div_down(int a, int b);          /* floor(a / b), b > 0 */
int en_ability_mod(int score);          /* (score - 10) / 2, rounded down */

/* ---- Sheet (sheet.c) ------------------------------------------------------- */

enum { EN_STR = 0, EN_DEX, EN_CON, EN_INT, EN_WIS, EN_CHA, EN_NAB };

enum { /* weapon properties */
    EN_W_LIGHT = 1, EN_W_HEAVY = 2, EN_W_THROWN = 4, EN_W_RANGED = 8,
    EN_W_BLUNT = 16, EN_W_XBOW2H = 32, EN_W_HAND_XBOW = 64, EN_W_SIDEARM = 128
};
enum { EN_DMG_SLASHING = 0, EN_DMG_PIERCING, EN_DMG_BLUDGEONING, EN_DMG_FIRE, EN_DMG_COLD,
       EN_DMG_LIGHTNING, EN_DMG_ACID, EN_DMG_POISON, EN_NDMG };
extern const char *const en_damage_types[EN_NDMG];

#define EN_MAX_WEAPONS 4

typedef struct en_weapon {
    char name[24];
    int av_bonus;       /* Weapon Attack Bonus */
    fray_dexpr damage;  /* Weapon Damage roll */
    int dtype;          /* EN_DMG_* */
    int reach;          /* metres */
    int props;          /* EN_W_* */
    int precise;
    int accuracy;       /* ranged weapons; Thrown weapons use av_bonus */
    int range[3];       /* metres: ranged weapons, or Thrown(a/b/c) */
    int has_range;
    int draw_kg;        /* bows and crossbows; 0 = none */
    int load;           /* Energy to Load; 0 = needs no loading */
    int mpr;
    int evasion;        /* weapon bonus to Evasion */
} en_weapon;

typedef struct en_armour { int ar, coverage, ranged_coverage, penalty, mpr; } en_armour;
typedef struct en_shield { int evasion, mpr; } en_shield;

/* Values derived from the sheet (the issue's "Derived" list). */
typedef struct en_derived {
    int mod[EN_NAB];
    int masab, masdb;
    int evasion, ranged_evasion, unarmed_evasion;
    int fortitude, will;
    int aura_mod, aura_max, surges_max, recovery_value;
    int stamina_max, agility_max;
    int speed_cm, jump_cm, reach_adj; /* reach_adj: Huge +1, Tiny or smaller -1 */
    int unarmed_av;
    /* The weapon in hand, shot when Ranged and thrown otherwise: the last of
     * its range numbers, in cm (en_weapon_range); 0 with empty hands. Every
     * list of legal actions asks for it. */
    int hand_range_cm;
    /* Reach in cm against a Medium creature (en_reach_cm; a larger one adds
     * its footprint): with the melee weapon in hand (Reach 0 without one),
     * and Unarmed. Every look at the foes asks for both. */
    int reach_cm, unarmed_reach_cm;
    /* The weapon in hand is Ranged, or a melee weapon: what every look of
     * the policy asks of it first. */
    int hand_ranged, hand_melee;
    /* The Stamina the policy keeps (stamina_max / 2 + 1): it spends Stamina
     * in place of Energy only above it. */
    int stamina_keep;
} en_derived;

typedef struct en_creature {
    /* What a fight may change comes first: fray_reset copies back only
     * these bytes before each simulated fight (creature_live, ruleset.c);
     * the sheet below them stays as loaded. */
    /* per fight */
    int wielded;          /* index into w, or -1 for empty hands */
    int dropped;          /* weapon index lying on the ground, -1 none */
    int drop_x, drop_y;
    int loaded;           /* the wielded ranged weapon is loaded */
    int kneeling;
    int unc_cause;        /* EN_UNC_* while unconscious */
    /* per Round */
    int passed;
    int stamina_as_energy;/* used this Round */
    int init_rolled, init_value;
    int swift_used;
    int agile_credit;     /* Energy spent on non-movement actions, not yet used for Agile Moves */
    int moved_cm;         /* this Round */
    int sprinted;         /* this Round */
    int last_move;        /* the creature's last action was a move: its direction + 1, or 0 */
    int last_move_cm;     /* how far that move went */
    int last_sprint_cm;   /* how far the last action, a Sprint, went; 0 if it was not one */
    int acted;            /* took any action this Round */
    int saved;            /* made its Death Save this Round */
    int first_def_adv;    /* the next Defense roll has Advantage (Combat Maneuvers) */
    /* derived from the sheet and the weapon in hand: derived again
     * (en_derive) when a fight changes the weapon */
    en_derived d;
    /* sheet: as loaded, never written in a fight */
    int ab[EN_NAB];
    int level, mpl, size, speed_m;
    int arm, leg, init_bonus;
    int inh_evasion, inh_fort, inh_will;
    int agility_bonus;
    en_weapon w[EN_MAX_WEAPONS];
    int nw;
    int has_armour, has_shield;
    en_armour armour;
    en_shield shield;
    int weak, resist;     /* bit masks of EN_DMG_* */
    int nonlethal, nl_trades;
    int surprised;
    int start_conds;      /* bit mask of EN_C_* held from the start */
    int start_aura, start_stamina; /* -1: full */
} en_creature;

enum { EN_UNC_NONE = 0, EN_UNC_STAMINA, EN_UNC_NONLETHAL, EN_UNC_DEATH };

/* Derive every value of d from the sheet fields. Pure. */
void en_derive(en_creature *c);
int en_weapon_proficient(const en_creature *c, const en_weapon *w);
/* Melee AV with weapon w (NULL: Unarmed AV). */
int en_melee_av(const en_creature *c, const en_weapon *w);
/* Miss Chance Modifier = 8 - weapon Accuracy - Halved Dexterity Modifier. */
int en_miss_chance_mod(const en_creature *c, const en_weapon *w);
/* The range trio (metres) of weapon w, ranged or thrown, with the Draw
 * Weight or Increased Throwing Distance row added. */
void en_weapon_range(const en_creature *c, const en_weapon *w, int thrown, int out[3]);
int en_draw_extra_damage(const en_creature *c, const en_weapon *w);
/* The heaviest Draw Weight (kg) a creature of this MPL may use with a weapon
 * of these properties (the table's Restrictions column). */
int en_draw_cap_kg(int mpl, int props);
/* Energy per Round from Stamina, 2 fewer when Exhausted, never below 0. */
int en_energy_per_round(int stamina, int exhausted);
/* Melee reach in centimetres, centre to centre, of a creature of size `size`
 * with weapon reach `reach` against a target of size `tsize`. Inline: the
 * legal actions and the policy ask for it many times a decision. */
static inline int en_footprint_cm(int size)
{
    /* #Using a Grid: a Medium creature fills a 1 m space; a Large one about
     * 2 m, a Huge one 3 m (the hex figure): the centre sits half the extra
     * width further from its edge. */
    return size >= EN_SIZE_HUGE ? 100 : size == EN_SIZE_LARGE ? 50 : 0;
}
static inline int en_reach_cm(int size, int reach, int tsize)
{
    int r = reach + (size >= EN_SIZE_HUGE ? 1 : size <= EN_SIZE_TINY ? -1 : 0);
    /* Reach N reaches N spaces; Reach 0 (Unarmed) and Reach 1 both reach the
     * adjacent spaces, diagonals included (141 cm), hence the half space. */
    int cm = r < 0 ? 50 : (r < 1 ? 1 : r) * 100 + 50;
    return cm + en_footprint_cm(size) + en_footprint_cm(tsize);
}
/* Movement lost by turning: 1 m per 45 degrees between two of the eight
 * directions (0..7). */
int en_turn_loss_cm(int from_dir, int to_dir);
/* Advantage and Disadvantage cancel; several of one kind count as one. */
int en_net_adv(int adv, int dis);
/* At most 4 Stamina enhance one attack: how much of `want` may be spent
 * when `spent` already was; a single ability above 4 is allowed alone. */
int en_attack_stamina_allowed(int spent, int want);

/* Load a creature sheet (merged JSON) into c; 0 or -1 after fray_load_fail. */
int en_sheet_load(fray_load *ld, const json_t *sheet, en_creature *c);

/* ---- Attack math (attack.c) ----------------------------------------------- */

typedef struct en_melee_in {
    int defender;        /* who rolls the Evasion roll (a person may enter it) */
    int av;              /* Attack Value after every modifier */
    int evasion;         /* the Defense the target rolls 1d10* against */
    int coverage, ar;    /* the target's armour: Coverage and Armour Rating */
    const fray_dexpr *damage; /* Weapon Damage roll, or NULL */
    int damage_bonus;    /* MASDB, or an Unarmed attack's MASAB (min 1) */
    int deals_damage;    /* 0 for Combat Maneuvers */
    int precise;         /* widens the crit range */
    int defend;          /* the target took Defend: it wins ties */
    int defense_adv;     /* net Advantage on every die of the Evasion roll */
    int attack_adv;      /* net Advantage on the Combat roll */
    int auto_hit;        /* the target cannot make a Defense roll */
} en_melee_in;

typedef struct en_attack_out {
    int natural;         /* the Combat roll or Hit roll */
    int flags;           /* EN_OUT_* from the Combat Roll table */
    int defense;         /* the Defense roll total (Evasion roll, Ranged Evasion roll), 0 if none */
    int miss_chance;     /* ranged: the Miss Chance */
    int hit;
    int armour;          /* the armour took its Armour Rating off */
    int rolled;          /* damage rolled, bonuses included */
    int damage;          /* after armour, at least 0, before multipliers */
} en_attack_out;

/* Resolve one melee attack from plain numbers (the exact-odds module's
 * parameters): Combat roll, Evasion roll, Coverage, damage. */
void en_melee_resolve(const en_melee_in *in, fray_dice *d, en_attack_out *out);

typedef struct en_ranged_in {
    int defender;        /* who rolls the Ranged Evasion roll */
    int mcm;             /* the shooter's Miss Chance Modifier */
    int ranged_evasion;  /* the target's Ranged Evasion (shield bonus included if facing) */
    int evade;           /* the target is aware and able: it rolls 1d4* */
    int situational;     /* size, movement and Non-Lethal modifiers to Miss Chance */
    int hit_adv;         /* net Advantage on the Hit roll */
    int defense_adv;     /* net Advantage on the Ranged Evasion roll */
    int defend;          /* the target wins ties */
    int coverage, ar;    /* ranged Coverage and Armour Rating */
    int armour_rule;     /* option ranged_armour_rule */
    const fray_dexpr *damage;
    int damage_bonus;    /* Extra Damage from Draw Weight */
    int precise;
} en_ranged_in;

void en_ranged_resolve(const en_ranged_in *in, fray_dice *d, en_attack_out *out);

/* Multiply damage after every additive modifier: Weakness and Resistance
 * cancel; `doubles` other sources of double damage each add the base once;
 * `halves` (Resistance, no proficiency, a thrown non-Thrown weapon) each
 * halve, rounding down. */
int en_damage_multiply(int base, int weak, int resist, int doubles, int halves);

/* ---- Ruleset (ruleset.c) ---------------------------------------------------- */

enum { /* resources */
    EN_R_ENERGY = 0, EN_R_STAMINA, EN_R_AGILITY, EN_R_AURA, EN_R_SURGES, EN_NRES
};
enum { /* conditions */
    EN_C_EXPOSED = 0, EN_C_SHAKEN, EN_C_EXHAUSTED, EN_C_DAZED, EN_C_BLINDED, EN_C_SLOWED,
    EN_C_PRONE, EN_C_SURPRISED, EN_C_UNGUARDED, EN_C_RESTRAINED, EN_C_RESTRAINING,
    EN_C_UNCONSCIOUS, EN_C_DEFENDING, EN_C_STABILIZED, EN_C_BLEEDING, EN_NCOND
};
extern const char *const en_condition_names[EN_NCOND];

enum { /* actions */
    EN_A_MELEE = 0, EN_A_RANGED, EN_A_LOAD, EN_A_SHIFT, EN_A_RUN, EN_A_SPRINT, EN_A_QUICK_RUN,
    EN_A_AGILE_MOVE, EN_A_JUMP, EN_A_KNEEL, EN_A_STAND, EN_A_DEFEND, EN_A_STOW, EN_A_EQUIP,
    EN_A_PICK_UP, EN_A_CATCH_BREATH, EN_A_UNARMED, EN_A_SWIFT, EN_A_TRIP, EN_A_DISARM,
    EN_A_RESTRAIN, EN_A_ESCAPE, EN_A_PUSH, EN_A_RELEASE, EN_A_INITIATIVE, EN_NACTIONS
};

enum { /* options */
    EN_O_RANGED_COST = 0, EN_O_PICK_UP_COST, EN_O_EXPOSED_ROUNDS, EN_O_MC_SIZE_TABLE,
    EN_O_RANGED_ARMOUR, EN_O_NONLETHAL_EFFECT, EN_O_SPRINT_EXTRA, EN_O_SHORT_REST_MIN,
    EN_O_SWIFT_ON_ENTER, EN_O_INIT_DEX, EN_O_AGILE_BANKED, EN_O_SWIFT_ON_LEAVE, EN_O_WAIT_FORFEITS, EN_O_INITIATIVE_ANY, EN_O_ATTACK_FOLLOW, EN_NOPTS
};

enum { /* questions (fray_ask) */
    EN_Q_FOLLOW = 0, EN_NQ
};

/* action.arg bits */
enum {
    EN_ARG_STAMINA = 0x100, /* one Stamina in place of one Energy */
    EN_ARG_AGILITY = 0x200, /* Shift for 2 Agility */
    EN_ARG_AWAY = 0x400,    /* a move away from the target */
    EN_ARG_THROW = 0x800,   /* Ranged Attack: throw the wielded weapon */
    EN_ARG_LOW = 0xff       /* an item index, or a variant */
};

typedef struct en_state {
    int respond;          /* the creature just attacked, who acts next if it can; -1 */
    int depth;            /* interrupt depth: interrupts cannot interrupt interrupts */
    int mv_x0, mv_y0;     /* where the move being resolved started */
} en_state;

extern const fray_ruleset fray_ruleset_energy;

/* policy.c */
int en_policy(fray_encounter *e, int who, int window, const fray_action *trigger,
              const fray_action *legal, int n);
/* ruleset.c helpers the policy reads */
int en_in_reach(const fray_encounter *e, int a, int b, int reach_m);
int en_foe(const fray_encounter *e, int a, int b);
int en_can_pay(const fray_encounter *e, int who, int energy);

#endif
