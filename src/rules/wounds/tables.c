/* tables.c: every table of 003_45dec7998f478a90.txt, as const arrays. Code
 * and tests read them; docs/rules/wounds.md quotes them. */
#include <string.h>
#include <strings.h>

#include "wounds.h"

/* 003_45dec7998f478a90.txt#Wound Thresholds
 * columns: wound level -> threshold */
const int wo_wound_threshold[WO_NLEVELS] = {
    /* Light Moderate Severe Critical Fatal */
    0, 2, 4, 6, 8,
};

const char *const wo_level_name[WO_NLEVELS] = {"Light", "Moderate", "Severe", "Critical",
                                               "Fatal"};

/* 003_45dec7998f478a90.txt#Wound Slots
 * columns: Vitality | Moderate | Severe | Critical */
const wo_slot_row wo_slot_table[11] = {
    {-5, 1, 1, 0}, {-4, 1, 1, 1}, {-3, 2, 1, 1}, {-2, 2, 2, 1}, {-1, 3, 2, 1}, {0, 3, 2, 2},
    {1, 3, 3, 2},  {2, 4, 3, 2},  {3, 4, 3, 3},  {4, 4, 4, 3},  {5, 5, 4, 3},
};

/* 003_45dec7998f478a90.txt#Recovery Checks
 * columns: wound level -> TN */
const int wo_recovery_tn[WO_NLEVELS] = {
    /* Light Moderate Severe Critical Fatal */
    -8, -5, -1, 4, 10,
};

/* 003_45dec7998f478a90.txt#Action: Treat Wound
 * columns: wound level -> TN */
const int wo_treat_wound_tn[WO_NLEVELS] = {
    /* Light Moderate Severe Critical Fatal */
    -3, 0, 3, 6, 9,
};

/* 003_45dec7998f478a90.txt#Action Points
 * columns: Speed | Round Start | Turn End | Max AP */
const wo_speed_row wo_speed_table[21] = {
    {-10, 2, 1, 5},   {-9, 2, 1, 5},    {-8, 2, 2, 6},    {-7, 3, 2, 7},    {-6, 3, 2, 8},
    {-5, 3, 3, 9},    {-4, 4, 3, 10},   {-3, 4, 4, 12},   {-2, 5, 4, 14},   {-1, 5, 5, 16},
    {0, 6, 6, 18},    {1, 7, 7, 21},    {2, 8, 8, 24},    {3, 9, 9, 27},    {4, 11, 10, 31},
    {5, 12, 12, 36},  {6, 14, 14, 41},  {7, 16, 16, 48},  {8, 18, 18, 55},  {9, 21, 21, 63},
    {10, 24, 24, 72},
};

/* 003_45dec7998f478a90.txt#Movement
 * columns: Movement Rate | Strength + Size + Athletics (lo..hi) | yards for
 * 1, 2, 3, 4 AP spent. Row 0 is "-30 or less". */
const wo_move_row wo_move_table[26] = {
    {0, -1000, -30, {0, 0, 0, 0}},  {1, -29, -26, {0, 0, 0, 1}},  {2, -25, -22, {0, 1, 1, 2}},
    {3, -21, -18, {0, 1, 2, 3}},    {4, -17, -14, {1, 2, 3, 4}},  {5, -13, -10, {1, 2, 3, 5}},
    {6, -9, -6, {1, 3, 4, 6}},      {7, -5, -2, {1, 3, 5, 7}},    {8, -1, 2, {2, 4, 6, 8}},
    {9, 3, 6, {2, 4, 6, 9}},        {10, 7, 10, {2, 5, 7, 10}},   {11, 11, 14, {2, 5, 8, 11}},
    {12, 15, 18, {3, 6, 9, 12}},    {13, 19, 22, {3, 6, 9, 13}},  {14, 23, 26, {3, 7, 10, 14}},
    {15, 27, 30, {3, 7, 11, 15}},   {16, 31, 34, {4, 8, 12, 16}}, {17, 35, 38, {4, 8, 12, 17}},
    {18, 39, 42, {4, 9, 13, 18}},   {19, 43, 46, {4, 9, 14, 19}}, {20, 47, 50, {5, 10, 15, 20}},
    {21, 51, 54, {5, 10, 15, 21}},  {22, 55, 58, {5, 11, 16, 22}}, {23, 59, 62, {5, 11, 17, 23}},
    {24, 63, 66, {6, 12, 18, 24}},  {25, 67, 70, {6, 12, 18, 25}},
};

/* 003_45dec7998f478a90.txt#Difficult Terrain
 * columns: Situation | Cost (yards of normal movement per yard). The
 * flattened "41" of the vertical climb is 4 with footnote 1. */
const wo_terrain_row wo_terrain_table[8] = {
    {"Climbing a steep hill", 2},           {"Wading through knee-high water", 2},
    {"Walking in mud", 2},                  {"Moving through thick undergrowth", 3},
    {"Swimming", 3},                        {"Wading through waist-high water", 4},
    {"Vertical climb", 4},                  {"Walking underwater", 10},
};

/* 003_45dec7998f478a90.txt#Modifiers to Attack
 * columns: Target is/has... | Melee | Ranged */
const wo_mod_row wo_mod_table[7] = {
    {"Prone", 3, -3},     {"Crouching", 2, -2}, {"Flanked", 2, 2},
    {"1/4 cover", 0, -1}, {"1/2 cover", -2, -2}, {"3/4 cover", -3, -3},
    {"9/10 cover (arrow slit)", -5, -5},
};

/* 003_45dec7998f478a90.txt#Action: Hinder
 * columns: Hindrance | Attacker | Defender | Effect */
const wo_hinder_row wo_hinder_table[4] = {
    {"Disarm", "Melee weapon check", "Melee weapon check or Agility defense",
     "The target drops one item it is holding."},
    {"Distract", "Prs [Deception]", "Prc [Deception]",
     "The target has a -2 penalty to attack and defense until the end of the round."},
    {"Shove", "Power", "Power or Agility defense",
     "The target is forced to move 1 yard plus up to one third of your margin of success."},
    {"Trip", "Power", "Power or Agility defense", "The target is knocked prone."},
};

/* 003_45dec7998f478a90.txt#Action: Retrieve or Stow an Item
 * columns: container -> AP (in hand and dropped: not retrievable, 0) */
const int wo_container_ap[WO_NPLACE] = {
    /* in hand, scabbard or normal pocket, belt pouch, sack or backpack, dropped */
    0, 1, 3, 6, 0,
};

/* 003_45dec7998f478a90.txt#Action: Use an Object
 * columns: use | AP */
const wo_object_row wo_object_table[5] = {
    {"Open or close a door", 2},
    {"Light a torch or candle from an existing flame", 2},
    {"Drink a potion", 4},
    {"Ring a large warning bell", 6},
    {"Start a fire with flint and steel", 8},
};

const char *const wo_attr_name[WO_NATTR] = {"Strength", "Dexterity", "Vitality", "Reason",
                                             "Perception", "Persona", "Lore"};
const char *const wo_skill_name[WO_NSKILL] = {"Melee",      "Aim",       "Arcana",
                                               "Athletics",  "Reflex",    "Resistance",
                                               "Deception",  "Healing",   "Nature",
                                               "Acrobatics", "Stealth"};

const wo_slot_row *wo_slots_for_vitality(int v)
{
    if (v < -5)
        v = -5;
    if (v > 5)
        v = 5;
    return &wo_slot_table[v + 5];
}

const wo_speed_row *wo_speed_row_for(int speed)
{
    if (speed < -10)
        speed = -10;
    if (speed > 10)
        speed = 10;
    return &wo_speed_table[speed + 10];
}

int wo_movement_rate(int s)
{
    if (s <= wo_move_table[0].hi)
        return 0;
    for (int r = 1; r < 26; r++)
        if (s >= wo_move_table[r].lo && s <= wo_move_table[r].hi)
            return r;
    /* past the table: one more rate for every 4 points, as the table runs */
    return 25 + (s - wo_move_table[25].hi + 3) / 4;
}

int wo_move_yards(int rate, int ap)
{
    if (ap <= 0 || rate <= 0)
        return 0;
    if (ap > 4)
        ap = 4;
    if (rate <= 25)
        return wo_move_table[rate].yards[ap - 1];
    /* the table's columns are rate * AP / 4 rounded down on every row */
    return rate * ap / 4;
}

void wo_move_yards_row(int rate, int yards[5])
{
    for (int ap = 0; ap <= 4; ap++)
        yards[ap] = wo_move_yards(rate, ap);
}

int wo_terrain_cost(const char *situation)
{
    for (int i = 0; i < 8; i++)
        if (!strcasecmp(wo_terrain_table[i].situation, situation))
            return wo_terrain_table[i].cost;
    return 0;
}
