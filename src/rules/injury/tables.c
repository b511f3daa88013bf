/* tables.c: every number of 001_7bb09e523b7677c3.txt, once. Code and tests
 * read these; docs/rules/injury.md quotes them. */
#include "injury.h"

const char *const in_sev_name[IN_NSEV] = {"minor", "major", "severe", "deadly", "fatal"};
const char *const in_nth_name[5] = {"", "1st", "2nd", "3rd", "4th"};
const char *const in_size_name[IN_NSIZE] = {"fine",  "diminutive", "tiny",
                                            "small", "medium",     "large",
                                            "huge",  "gargantuan", "colossal"};
const char *const in_attr_name[IN_NATTR] = {"Strength",     "Dexterity", "Constitution",
                                            "Intelligence", "Wisdom",    "Charisma"};
const char *const in_skill_name[IN_NSKILL] = {"Acrobatics", "Athletics", "Thievery",
                                              "Perception", "Stealth",   "Lore",
                                              "Heal",       "Fly",       "Survival"};
/* the attribute each skill adds (the text names skills, not their attributes) */
const int in_skill_attr[IN_NSKILL] = {IN_DEX, IN_STR, IN_DEX, IN_WIS, IN_DEX,
                                      IN_INT, IN_WIS, IN_DEX, IN_WIS};

/* #Maneuver: "Disarm: Acrobatics / Drag: Athletics / Grapple: Athletics /
 * Overrun: Athletics / Reposition: Acrobatics / Shove: Athletics / Steal:
 * Thievery / Sunder: Strength / Trick: Thievery / Trip: Acrobatics";
 * -1: the Strength modifier (Sunder). In in_act order from IN_A_DISARM. */
const int in_maneuver_skill[IN_NMANEUVER] = {
    IN_SK_ACROBATICS, IN_SK_ATHLETICS, IN_SK_ATHLETICS, IN_SK_ATHLETICS, IN_SK_ACROBATICS,
    IN_SK_ATHLETICS,  IN_SK_THIEVERY,  -1,              IN_SK_THIEVERY,  IN_SK_ACROBATICS};

/* #Minor Injuries .. #Fatal Injuries: the part, its severity, the injury
 * that destroys it, and the rule for all parts of the kind.
 *  name      severity    destroy  all injured */
const in_part_info in_parts[IN_NPART] = {
    [IN_EAR] = {"Ear", IN_MINOR, 2, "permanently deafened"},
    [IN_NOSE] = {"Nose", IN_MINOR, 0, "loses the scent ability"},
    [IN_TAIL] = {"Tail", IN_MINOR, 2, NULL},
    [IN_WING] = {"Wing", IN_MINOR, 2, "can no longer fly (only 1 uninjured wing left)"},
    [IN_EYE] = {"Eye", IN_MAJOR, 2, "permanently blinded, gaze attacks disabled"},
    [IN_HAND] = {"Hand", IN_MAJOR, 3, NULL},
    [IN_FOOT] = {"Foot", IN_MAJOR, 3, "falls prone and cannot stand up"},
    [IN_HORN] = {"Horn", IN_MAJOR, 2, NULL},
    [IN_MOUTH] = {"Mouth", IN_MAJOR, 3, NULL},
    [IN_ARM] = {"Arm", IN_SEVERE, 3, NULL},
    [IN_LEG] = {"Leg", IN_SEVERE, 3, "falls prone and cannot stand up"},
    [IN_HEAD] = {"Head", IN_DEADLY, 4, "dies (all heads destroyed)"},
    [IN_HEART] = {"Heart", IN_FATAL, 2, "dies (all hearts destroyed)"},
};

#define SK(s) (1u << (s))
#define CRAFTY (SK(IN_SK_ATHLETICS) | SK(IN_SK_THIEVERY))

/* One row per part and injury, with what the engine does of the text.
 *  part, nth, text, attack_dis, d20_dis, skills, skill_dis, stand_ap,
 *  speed_ft, disables, drops, no_fly, special */
const in_injury_row in_injury_table[] = {
    {IN_EAR, 1, "+1 disadvantage on Perception checks with an audio component", 0, 0,
     SK(IN_SK_PERCEPTION), 1, 0, 0, 0, 0, 0, IN_X_NONE},
    {IN_EAR, 2, "destroyed or severed", 0, 0, 0, 0, 0, 0, 0, 0, 0, IN_X_DESTROYED},
    {IN_NOSE, 1, "+1 disadvantage on Perception and Survival checks with a scent component", 0,
     0, SK(IN_SK_PERCEPTION) | SK(IN_SK_SURVIVAL), 1, 0, 0, 0, 0, 0, IN_X_NONE},
    {IN_TAIL, 1, "tail slap disabled; no longer an advantage on Acrobatics checks", 0, 0, 0, 0,
     0, 0, 1, 0, 0, IN_X_NONE},
    {IN_TAIL, 2, "destroyed or severed", 0, 0, 0, 0, 0, 0, 1, 0, 0, IN_X_DESTROYED},
    {IN_WING, 1, "+1 disadvantage on Fly checks, fly speed reduced, its wing attack disabled",
     0, 0, SK(IN_SK_FLY), 1, 0, 0, 1, 0, 1, IN_X_NONE},
    {IN_WING, 2, "destroyed or severed", 0, 0, 0, 0, 0, 0, 1, 0, 1, IN_X_DESTROYED},
    {IN_EYE, 1, "+1 disadvantage on attack rolls and on Perception checks with a visual component",
     1, 0, SK(IN_SK_PERCEPTION), 1, 0, 0, 1, 0, 0, IN_X_NONE},
    {IN_EYE, 2, "destroyed or severed", 0, 0, 0, 0, 0, 0, 1, 0, 0, IN_X_DESTROYED},
    {IN_HAND, 1, "+1 disadvantage on Athletics, craft, Musical Instrument and Thievery checks", 0,
     0, CRAFTY, 1, 0, 0, 0, 0, 0, IN_X_NONE},
    {IN_HAND, 2, "drops what it holds, no somatic casting, its claw or pincer attack disabled", 0,
     0, 0, 0, 0, 0, 1, 1, 0, IN_X_NONE},
    {IN_HAND, 3, "destroyed or severed", 0, 0, 0, 0, 0, 0, 1, 1, 0, IN_X_DESTROYED},
    {IN_FOOT, 1, "+1 disadvantage on Acrobatics and Athletics checks, standing up costs 1 AP more",
     0, 0, SK(IN_SK_ACROBATICS) | SK(IN_SK_ATHLETICS), 1, 1, 0, 0, 0, 0, IN_X_NONE},
    {IN_FOOT, 2, "speeds reduced by 5 feet, its claw, hoof or talon attack disabled", 0, 0, 0, 0,
     0, 5, 1, 0, 0, IN_X_NONE},
    {IN_FOOT, 3, "destroyed or severed", 0, 0, 0, 0, 0, 0, 1, 0, 0, IN_X_DESTROYED},
    {IN_HORN, 1, "its gore attack disabled", 0, 0, 0, 0, 0, 0, 1, 0, 0, IN_X_NONE},
    {IN_HORN, 2, "destroyed or severed", 0, 0, 0, 0, 0, 0, 1, 0, 0, IN_X_DESTROYED},
    {IN_MOUTH, 1, "cannot speak, use vocal components or Oratory", 0, 0, 0, 0, 0, 0, 0, 0, 0,
     IN_X_NONE},
    {IN_MOUTH, 2, "cannot eat or drink, its bite attack disabled", 0, 0, 0, 0, 0, 0, 1, 0, 0,
     IN_X_NONE},
    {IN_MOUTH, 3, "destroyed or severed", 0, 0, 0, 0, 0, 0, 1, 0, 0, IN_X_DESTROYED},
    {IN_ARM, 1,
     "+2 disadvantage on Acrobatics, Athletics, craft, Musical Instrument and Thievery checks", 0,
     0, CRAFTY | SK(IN_SK_ACROBATICS), 2, 0, 0, 0, 0, 0, IN_X_NONE},
    {IN_ARM, 2,
     "drops what it holds, cannot ready a shield, its claw, pincer or tentacle attack disabled", 0,
     0, 0, 0, 0, 0, 1, 1, 0, IN_X_NONE},
    {IN_ARM, 3, "destroyed or severed", 0, 0, 0, 0, 0, 0, 1, 1, 0, IN_X_DESTROYED},
    {IN_LEG, 1, "+2 disadvantage on Acrobatics and Athletics checks, standing up costs 2 AP more",
     0, 0, SK(IN_SK_ACROBATICS) | SK(IN_SK_ATHLETICS), 2, 2, 0, 0, 0, 0, IN_X_NONE},
    {IN_LEG, 2, "speeds reduced by 10 feet, its claw, hoof, talon or tentacle attack disabled", 0,
     0, 0, 0, 0, 10, 1, 0, 0, IN_X_NONE},
    {IN_LEG, 3, "destroyed or severed", 0, 0, 0, 0, 0, 0, 1, 0, 0, IN_X_DESTROYED},
    {IN_HEAD, 1, "concussion: +1 disadvantage on all d20 rolls", 0, 1, 0, 0, 0, 0, 0, 0, 0,
     IN_X_CONCUSSION},
    {IN_HEAD, 2, "stunned 1 round unless DC 25 Constitution (then dazed), confused afterwards", 0,
     0, 0, 0, 0, 0, 1, 0, 0, IN_X_STUN_CHECK},
    {IN_HEAD, 3, "knocked unconscious and prone; DC 30 Constitution or a coma", 0, 0, 0, 0, 0, 0,
     1, 0, 0, IN_X_KNOCKOUT},
    {IN_HEAD, 4, "destroyed or severed", 0, 0, 0, 0, 0, 0, 1, 0, 0, IN_X_DESTROYED},
    {IN_HEART, 1, "DC 25 Constitution or stunned 1 round; sickened until healed", 0, 0, 0, 0, 0, 0,
     0, 0, 0, IN_X_HEART_STUN},
    {IN_HEART, 2, "destroyed", 0, 0, 0, 0, 0, 0, 0, 0, 0, IN_X_DESTROYED},
};
const int in_injury_rows = (int)(sizeof in_injury_table / sizeof in_injury_table[0]);

const in_injury_row *in_injury_row_of(int part, int nth)
{
    for (int i = 0; i < in_injury_rows; i++)
        if (in_injury_table[i].part == part && in_injury_table[i].nth == nth)
            return &in_injury_table[i];
    return NULL;
}

/* #Size Differences: "+1 size bonus ... Double the bonus for every size
 * category larger the target is" (and the same penalty the other way). */
static int size_bonus(int k) { return k <= 0 ? 0 : 1 << (k - 1 > 8 ? 8 : k - 1); }

int in_size_attack(int diff) { return diff >= 0 ? size_bonus(diff) : -size_bonus(-diff); }

/* "+1 size bonus on maneuver attack rolls against a target one size
 * category smaller ... -1 penalty against a target one size larger" */
int in_size_maneuver(int diff) { return -in_size_attack(diff); }

/* "a bonus degree of success for each size category smaller ... reduce
 * your degrees of success for each size category larger" */
int in_size_degrees(int diff) { return -diff; }
