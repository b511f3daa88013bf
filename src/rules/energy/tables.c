/* tables.c: every table of the energy text, as const arrays, and their
 * lookups. Numbers live here once; code and tests read them. */
#include <limits.h>

#include "energy.h"

const char *const en_size_names[EN_NSIZES] = {
    "Miniscule", "Fine", "Diminutive", "Tiny", "Small", "Medium", "Large", "Huge"};

/* 000_ca603e8fb651e0df.txt#Size, "Size Chart". The chart has no Miniscule
 * row; a Miniscule creature uses the Fine row except for its Miss Chance
 * (see en_mc_size). Jump in centimetres (".5" m = 50, ".3" m = 30).
 *  size            height cm   Inh.Ev  MissCh  Jump cm  Speed m */
const en_size_row en_size_chart[] = {
    {EN_SIZE_FINE,       0,  15,  12,  8,   30,  1},
    {EN_SIZE_DIMINUTIVE, 15, 30,  11,  6,   50,  2},
    {EN_SIZE_TINY,       30, 60,  10,  4,  100,  3},
    {EN_SIZE_SMALL,      60, 140,  9,  2,  200,  5},
    {EN_SIZE_MEDIUM,    140, 240,  8,  0,  300,  6},
    {EN_SIZE_LARGE,     240, 360,  7, -2,  400,  8},
    {EN_SIZE_HUGE,      360, 480,  6, -4,  500, 10},
};
const int en_size_chart_rows = (int)(sizeof en_size_chart / sizeof en_size_chart[0]);

/* 000_ca603e8fb651e0df.txt#Situational Modifiers to Miss Chance,
 * "Miss Chance Size Modifier".
 *  target size          modifier  typical height cm */
const en_mc_size_row en_mc_size[] = {
    {EN_SIZE_HUGE,        -4, 360, 480},
    {EN_SIZE_LARGE,       -2, 240, 360},
    {EN_SIZE_MEDIUM,       0, 120, 240},
    {EN_SIZE_SMALL,        2,  60, 120},
    {EN_SIZE_TINY,         4,  30,  60},
    {EN_SIZE_DIMINUTIVE,   8,  15,  30},
    {EN_SIZE_FINE,        12,   5,  15},
    {EN_SIZE_MINISCULE,   18,   0,   5},
};
const int en_mc_size_rows = (int)(sizeof en_mc_size / sizeof en_mc_size[0]);

/* 000_ca603e8fb651e0df.txt#Situational Modifiers to Miss Chance,
 * "Miss Chance Movement Modifier".
 *  amount of movement                                   modifier */
const en_mc_move_row en_mc_move[] = {
    {EN_MOVE_NONE,    -5}, /* none */
    {EN_MOVE_TYPICAL,  0}, /* running, walking, and typical combat */
    {EN_MOVE_ZIGZAG,   5}, /* running with zig-zagging, Sprinting */
};
const int en_mc_move_rows = (int)(sizeof en_mc_move / sizeof en_mc_move[0]);

/* 000_ca603e8fb651e0df.txt#Stamina, "Energy Per Round"; 0 Energy stands for
 * "unconscious".
 *  stamina lo  hi       energy per Round */
const en_energy_row en_energy_table[] = {
    {INT_MIN, 0,        0},
    {1, 1,              1},
    {2, 2,              2},
    {3, 3,              3},
    {4, 4,              4},
    {5, INT_MAX,        5},
};
const int en_energy_rows = (int)(sizeof en_energy_table / sizeof en_energy_table[0]);

/* 000_ca603e8fb651e0df.txt#Combat Roll and #Hit Roll (the same table):
 *  d20 lo hi   outcome
 * A natural 1 is also in 1-3: both rows apply. */
const en_d20_row en_combat_roll[] = {
    {20, 20, EN_OUT_CRIT},          /* Critical Hit: hit, ignore armour, target Exposed */
    {1, 3,   EN_OUT_SELF_EXPOSED},  /* you become Exposed (until the end of the next Round) */
    {1, 1,   EN_OUT_MISS},          /* Critical Failure: the attack misses */
};
const int en_combat_roll_rows = (int)(sizeof en_combat_roll / sizeof en_combat_roll[0]);

/* 000_ca603e8fb651e0df.txt#Draw Weight, "Draw Weight Table". The first three
 * rows print their range as "-3/10/60", "-2/5/30", "-1/5/10": read as the
 * whole trio subtracted (a lighter draw shortens every range), since the
 * column grows with Arm Strength everywhere else. "+0" is +0/0/0; "-" extra
 * damage is 0.
 *  arm lo    hi       kg   range adj        extra  restriction */
const en_draw_row en_draw_weight[] = {
    {INT_MIN, 0,       19, {-3, -10, -60},  0, EN_DW_NONE},
    {1, 3,             20, {-2, -5, -30},   0, EN_DW_NONE},
    {4, 7,             25, {-1, -5, -10},   0, EN_DW_NONE},
    {8, 11,            30, {0, 0, 0},       0, EN_DW_NONE},
    {12, 15,           35, {0, 5, 10},      1, EN_DW_HAND_XBOW_MAX},
    {16, 19,           40, {1, 6, 12},      2, EN_DW_MPL12_MAX},
    {20, 24,           45, {1, 9, 18},      3, EN_DW_MPL34_MAX},
    {25, 29,           50, {2, 12, 24},     4, EN_DW_MPL5_MAX},
    {30, 34,           60, {2, 15, 30},     5, EN_DW_HEAVY_SIEGE_XBOW},
    {35, 39,           70, {3, 18, 36},     6, EN_DW_SIEGE_XBOW},
    {40, INT_MAX,      80, {3, 26, 52},     7, EN_DW_SIEGE_XBOW},
};
const int en_draw_rows = (int)(sizeof en_draw_weight / sizeof en_draw_weight[0]);

/* 000_ca603e8fb651e0df.txt#Throwing Weapons, "Increased Throwing Distance".
 *  arm lo    hi        extra distance m */
const en_throw_row en_throw_distance[] = {
    {INT_MIN, 4,       {0, 0, 0}},
    {5, 9,             {0, 2, 4}},
    {10, 14,           {1, 4, 8}},
    {15, 19,           {1, 6, 10}},
    {20, 24,           {2, 8, 16}},
    {25, 29,           {2, 10, 20}},
    {30, 34,           {3, 12, 24}},
    {35, 39,           {3, 14, 28}},
    {40, INT_MAX,      {4, 16, 32}},
};
const int en_throw_rows = (int)(sizeof en_throw_distance / sizeof en_throw_distance[0]);

/* 000_ca603e8fb651e0df.txt#Non-Lethal Damage, "Dealing Non-Lethal Damage".
 *  damage source          Chance roll needed (>=) */
const en_nl_row en_nonlethal[] = {
    {EN_NL_BLUNT_MELEE,  5},
    {EN_NL_OTHER_MELEE, 10},
    {EN_NL_RANGED,      15},
};
const int en_nonlethal_rows = (int)(sizeof en_nonlethal / sizeof en_nonlethal[0]);

/* 000_ca603e8fb651e0df.txt#Death Roll.
 *  d20 lo    hi       effect */
const en_death_row en_death_roll[] = {
    {20, INT_MAX,      EN_DR_NOTHING},          /* just a scratch */
    {15, 19,           EN_DR_EXHAUSTED_ROUND},  /* Exhausted until the end of the next Round */
    {10, 14,           EN_DR_EXHAUSTED_REST},   /* Exhausted until your next Short Rest */
    {5, 9,             EN_DR_BLEED},            /* ... and a Death Save every Round */
    {2, 4,             EN_DR_UNCONSCIOUS},      /* ... and unconscious */
    {INT_MIN, 1,       EN_DR_DIE},
};
const int en_death_roll_rows = (int)(sizeof en_death_roll / sizeof en_death_roll[0]);

/* 000_ca603e8fb651e0df.txt#Death Save.
 *  d20 lo    hi       result */
const en_death_row en_death_save[] = {
    {20, INT_MAX,      EN_DS_STABILIZED},
    {5, 19,            EN_DS_CONTINUE},
    {2, 4,             EN_DS_UNCONSCIOUS},
    {INT_MIN, 1,       EN_DS_DIE},
};
const int en_death_save_rows = (int)(sizeof en_death_save / sizeof en_death_save[0]);

/* 000_ca603e8fb651e0df.txt#Stamina, "Spending Stamina".
 *  action                 Stamina lo hi */
const en_stamina_cost_row en_stamina_costs[] = {
    {"Sprint", 1, 1},
    {"Jump", 1, 1},
    {"Break down door/wall", 1, 1},
    {"Climb", 1, 3},
};
const int en_stamina_cost_rows = (int)(sizeof en_stamina_costs / sizeof en_stamina_costs[0]);

/* ---- Lookups ---- */

int en_energy_for_stamina(int stamina)
{
    /* The rows do not overlap, so the order of the search does not matter:
     * from the last, the row of every creature with 5 Stamina or more, at
     * the start of every Round, is the first one tried. */
    for (int i = en_energy_rows - 1; i >= 0; i--)
        if (stamina >= en_energy_table[i].stamina_lo && stamina <= en_energy_table[i].stamina_hi)
            return en_energy_table[i].energy;
    return 0;
}

const en_size_row *en_size_row_of(int size)
{
    if (size == EN_SIZE_MINISCULE)
        size = EN_SIZE_FINE;
    for (int i = 0; i < en_size_chart_rows; i++)
        if (en_size_chart[i].size == size)
            return &en_size_chart[i];
    return &en_size_chart[EN_SIZE_MEDIUM - 1];
}

int en_mc_size_modifier(int size)
{
    for (int i = 0; i < en_mc_size_rows; i++)
        if (en_mc_size[i].size == size)
            return en_mc_size[i].modifier;
    return 0;
}

int en_mc_move_modifier(int movement)
{
    for (int i = 0; i < en_mc_move_rows; i++)
        if (en_mc_move[i].movement == movement)
            return en_mc_move[i].modifier;
    return 0;
}

int en_d20_flags(int natural, int precise)
{
    int f = 0;
    for (int i = 0; i < en_combat_roll_rows; i++) {
        int lo = en_combat_roll[i].lo;
        /* #Critical Hits: "This Crit range can be expanded by increased
         * Precision ... Precise 1 will Crit on a Combat roll of 19 or 20." */
        if (en_combat_roll[i].flags & EN_OUT_CRIT)
            lo -= precise;
        if (natural >= lo && natural <= en_combat_roll[i].hi)
            f |= en_combat_roll[i].flags;
    }
    /* a natural 1 misses even inside a very wide crit range */
    if (f & EN_OUT_MISS)
        f &= ~EN_OUT_CRIT;
    return f;
}

const en_draw_row *en_draw_row_for_arm(int arm_strength)
{
    for (int i = 0; i < en_draw_rows; i++)
        if (arm_strength >= en_draw_weight[i].arm_lo && arm_strength <= en_draw_weight[i].arm_hi)
            return &en_draw_weight[i];
    return &en_draw_weight[0];
}

const en_draw_row *en_draw_row_for_kg(int draw_kg)
{
    /* the heaviest row whose draw weight the weapon reaches */
    const en_draw_row *r = &en_draw_weight[0];
    for (int i = 0; i < en_draw_rows; i++)
        if (draw_kg >= en_draw_weight[i].draw_kg)
            r = &en_draw_weight[i];
    return r;
}

const en_throw_row *en_throw_row_for_arm(int arm_strength)
{
    for (int i = 0; i < en_throw_rows; i++)
        if (arm_strength >= en_throw_distance[i].arm_lo && arm_strength <= en_throw_distance[i].arm_hi)
            return &en_throw_distance[i];
    return &en_throw_distance[0];
}

int en_nonlethal_min(int source, int trades)
{
    int m = 21;
    for (int i = 0; i < en_nonlethal_rows; i++)
        if (en_nonlethal[i].source == source)
            m = en_nonlethal[i].chance_min;
    /* #Non-Lethal Damage: "-3 AV (or +3 Miss Chance) ... increase the range
     * of numbers in which you deal Non-Lethal damage by 5" */
    return m - 5 * trades;
}

static int death_lookup(const en_death_row *t, int n, int roll)
{
    for (int i = 0; i < n; i++)
        if (roll >= t[i].lo && roll <= t[i].hi)
            return t[i].effect;
    return t[n - 1].effect;
}

int en_death_roll_effect(int roll) { return death_lookup(en_death_roll, en_death_roll_rows, roll); }
int en_death_save_effect(int roll) { return death_lookup(en_death_save, en_death_save_rows, roll); }

int en_div_down(int a, int b)
{
    int q = a / b;
    if ((a % b != 0) && (a < 0))
        q--;
    return q;
}

int en_ability_mod(int score) { return en_div_down(score - 10, 2); }
