/* tables.c: the tables of 004_ddd5865ba645a58b.txt as const arrays, and the
 * numbers the text leaves to its other chapters (marked as readings; the
 * docs name them). Code and tests read them from here. */
#include "contest.h"

/* The attributes the text names (Strength, Agility, PER) and two it
 * implies for Sorcery and Focus (a reading: Intellect, Will). */
const char *const ct_attr_name[CT_NATTR] = {"Strength", "Agility", "Perception", "Intellect",
                                            "Will"};

/* #Primary Actions, #Step II: Defend, #Maneuvers: the skills the chapter
 * tests. columns: skill | governing attribute (a reading: the text gives
 * only Fighting Style's) */
const char *const ct_skill_name[CT_NSKILL] = {"Dodge",         "Sorcery",    "Focus",
                                              "Athletics",     "Acrobatics", "Sleight of Hand",
                                              "Deception",     "Observation", "Stealth"};
const int ct_skill_attr[CT_NSKILL] = {CT_AGI, CT_INT, CT_WIL, CT_STR, CT_AGI,
                                      CT_AGI, CT_WIL, CT_PER, CT_AGI};

/* #Damage Type: type -> group (Physical, Magical, Other) */
const char *const ct_dtype_name[CT_NDTYPE] = {"crushing", "piercing", "slashing", "fire",
                                              "frost",    "shock",    "acid",     "force",
                                              "necrotic", "radiant",  "poison",   "psychic"};
const int ct_dtype_group[CT_NDTYPE] = {
    CT_G_PHYSICAL, CT_G_PHYSICAL, CT_G_PHYSICAL, CT_G_MAGICAL, CT_G_MAGICAL, CT_G_MAGICAL,
    CT_G_OTHER,    CT_G_OTHER,    CT_G_OTHER,    CT_G_OTHER,   CT_G_OTHER,   CT_G_OTHER};
const char *const ct_group_name[CT_NGROUP] = {"physical", "magical", "other"};

/* #Size Matters: sizes in order, one step apart */
const char *const ct_size_name[CT_NSIZE] = {"tiny", "small", "medium", "large", "huge"};

/* #Armor: Armor Level */
const char *const ct_level_name[CT_NLEVEL] = {"unarmored", "partial", "full"};

/* #Armor: Armor Rating by Armor Material and Armor Level.
 * columns: material | unarmored | partial | full
 * The text gives one value (full Iron: AR 5); the rest is a reading of
 * "sturdier materials ... provide more protection", partial about half. */
const ct_material_row ct_materials[] = {
    {"cloth", {0, 1, 1}},   {"leather", {0, 1, 2}}, {"bone", {0, 2, 3}},
    {"bronze", {0, 2, 4}},  {"iron", {0, 3, 5}},    {"steel", {0, 3, 6}},
};
const int ct_nmaterials = (int)(sizeof ct_materials / sizeof ct_materials[0]);

/* #Cover. columns: ranged attack modifier | Dodge modifier | attacks fail */
const char *const ct_cover_name[CT_NCOVER] = {"none", "low", "high", "full"};
const ct_cover_row ct_cover_table[CT_NCOVER] = {
    {0, 0, 0}, {-2, 2, 0}, {-5, 5, 0}, {0, 0, 1},
};

/* #Step II: Defend; #Maneuvers */
const char *const ct_def_name[CT_NDEF] = {"None", "Block", "Dodge", "Parry", "Withstand"};
const char *const ct_man_name[CT_NMAN] = {"None", "Bash", "Brace", "Disarm", "Feint",
                                          "Precision", "Push", "Trip"};
/* #Maneuvers: Disarm: the item chosen (the shield, or a weapon by its place
 * on the sheet) */
const char *const ct_item_name[CT_NITEM] = {"Shield", "Weapon 1", "Weapon 2", "Weapon 3",
                                            "Weapon 4"};
