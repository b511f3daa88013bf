/* tables_test.c: every row of the body-part tables of
 * 001_7bb09e523b7677c3.txt (src/rules/injury/tables.c), one test per row:
 * the row is injured into a creature that has every part, and what the text
 * says of that injury is checked in the effects the engine reads. */
#include <string.h>

#include "support/test.h"
#include "rules/injury/injury.h"

static const int all_parts[IN_NPART] = {2, 1, 1, 2, 2, 2, 2, 2, 1, 2, 2, 1, 1};

/* natural weapons on the first part of each kind that has one */
static void make(in_creature *c)
{
    memset(c, 0, sizeof *c);
    for (int t = 0; t < IN_NPART; t++)
        for (int k = 0; k < all_parts[t]; k++)
            c->part[c->npart++] = (in_part){.type = (int8_t)t};
    static const int nat[] = {IN_TAIL, IN_WING, IN_EYE, IN_HAND, IN_FOOT, IN_HORN, IN_MOUTH,
                              IN_ARM, IN_LEG};
    for (int i = 0; i < 9; i++)
        c->w[c->nweapon++] = (in_weapon){.melee = 1, .natural = 1, .part = (int8_t)nat[i]};
    c->has_con = 1;
    in_injuries_changed(c);
}

static int weapon_on(const in_creature *c, int type)
{
    for (int i = 0; i < c->nweapon; i++)
        if (c->w[i].part == type)
            return in_weapon_usable(c, i);
    return -1;
}

/* Injure the first part of `type` n times; fx before the last and after. */
static void hurt(in_creature *c, int type, int n, in_fx *before, in_fx *after)
{
    make(c);
    for (int k = 0; k < n - 1; k++)
        in_injure_plain(c, type, 1, 0);
    *before = c->fx; /* what in_injure_plain keeps up to date */
    in_injure_plain(c, type, 1, 0);
    *after = c->fx;
    assert_int_equal(c->part[in_instance(c, type, 0)].inj, n);
    assert_non_null(in_injury_row_of(type, n));
}

#define ROW(name, type, n, body)              \
    static void name(void **s)                \
    {                                         \
        (void)s;                              \
        in_creature c;                        \
        in_fx b, a;                           \
        hurt(&c, type, n, &b, &a);            \
        body                                  \
    }

/* #Ear "1st injury: +1 disadvantage on Perception checks with an audio component." */
ROW(ear_1, IN_EAR, 1, { assert_int_equal(a.skill_dis[IN_SK_PERCEPTION] - b.skill_dis[IN_SK_PERCEPTION], 1); assert_false(a.deafened); })
/* #Ear "2nd injury: destroyed or severed." */
ROW(ear_2, IN_EAR, 2, { assert_true(in_part_destroyed(&c, in_instance(&c, IN_EAR, 0))); })
/* #Nose "1st injury: +1 disadvantage on Perception and Survival checks with a scent component.
 * When all noses have at least 1 injury, the creature loses the scent ability." */
ROW(nose_1, IN_NOSE, 1, { assert_int_equal(a.skill_dis[IN_SK_SURVIVAL], 1); assert_int_equal(a.skill_dis[IN_SK_PERCEPTION], 1); assert_true(a.no_scent); })
/* #Tail "1st injury: Your tail's slap natural attack is disabled." */
ROW(tail_1, IN_TAIL, 1, { assert_int_equal(weapon_on(&c, IN_TAIL), 0); })
/* #Tail "2nd injury: destroyed or severed." */
ROW(tail_2, IN_TAIL, 2, { assert_true(in_part_destroyed(&c, in_instance(&c, IN_TAIL, 0))); })
/* #Wing "1st injury: +1 disadvantage on Fly checks ... A wing attack attached to the
 * injured wing is also disabled." "You can no longer fly when you have only 1 uninjured wing left." */
ROW(wing_1, IN_WING, 1, { assert_int_equal(a.skill_dis[IN_SK_FLY], 1); assert_int_equal(weapon_on(&c, IN_WING), 0); assert_true(a.no_fly); assert_false(b.no_fly); })
/* #Wing "2nd injury: destroyed or severed." */
ROW(wing_2, IN_WING, 2, { assert_true(in_part_destroyed(&c, in_instance(&c, IN_WING, 0))); })
/* #Eye "1st injury: +1 disadvantage on attack rolls and on Perception checks with a visual component." */
ROW(eye_1, IN_EYE, 1, { assert_int_equal(a.attack_dis - b.attack_dis, 1); assert_int_equal(a.skill_dis[IN_SK_PERCEPTION], 1); assert_false(a.blinded); })
/* #Eye "2nd injury: destroyed or severed." */
ROW(eye_2, IN_EYE, 2, { assert_true(in_part_destroyed(&c, in_instance(&c, IN_EYE, 0))); })
/* #Hand "1st injury: +1 disadvantage on checks for Athletics, craft skills, Musical Instrument, and Thievery." */
ROW(hand_1, IN_HAND, 1, { assert_int_equal(a.skill_dis[IN_SK_ATHLETICS], 1); assert_int_equal(a.skill_dis[IN_SK_THIEVERY], 1); assert_int_equal(weapon_on(&c, IN_HAND), 1); })
/* #Hand "2nd injury: The hand drops any item it was holding ... Your claw or pincer natural attack with that hand is disabled." */
ROW(hand_2, IN_HAND, 2, { assert_int_equal(weapon_on(&c, IN_HAND), 0); assert_true(in_injury_row_of(IN_HAND, 2)->drops); })
/* #Hand "3rd injury: destroyed or severed." */
ROW(hand_3, IN_HAND, 3, { assert_true(in_part_destroyed(&c, in_instance(&c, IN_HAND, 0))); })
/* #Foot "1st injury: +1 disadvantage on Acrobatics and Athletics checks, and the action to stand up is increased by 1 AP." */
ROW(foot_1, IN_FOOT, 1, { assert_int_equal(a.skill_dis[IN_SK_ACROBATICS], 1); assert_int_equal(a.stand_ap, 1); assert_false(a.legs_down); })
/* #Foot "2nd injury: Your base, burrow, and climb speeds are reduced by 5 feet, and your claw, hoof, or talon natural attack used by that foot is disabled." */
ROW(foot_2, IN_FOOT, 2, { assert_int_equal(a.speed_cut, 5); assert_int_equal(weapon_on(&c, IN_FOOT), 0); })
/* #Foot "3rd injury: destroyed or severed." */
ROW(foot_3, IN_FOOT, 3, { assert_true(in_part_destroyed(&c, in_instance(&c, IN_FOOT, 0))); })
/* #Horn "1st injury: Your gore natural attack attached to that horn is disabled." */
ROW(horn_1, IN_HORN, 1, { assert_int_equal(weapon_on(&c, IN_HORN), 0); })
/* #Horn "2nd injury: destroyed or severed." */
ROW(horn_2, IN_HORN, 2, { assert_true(in_part_destroyed(&c, in_instance(&c, IN_HORN, 0))); })
/* #Mouth "1st injury: You cannot speak ..." (the bite still works) */
ROW(mouth_1, IN_MOUTH, 1, { assert_int_equal(weapon_on(&c, IN_MOUTH), 1); })
/* #Mouth "2nd injury: ... Your bite attack with that mouth is disabled." */
ROW(mouth_2, IN_MOUTH, 2, { assert_int_equal(weapon_on(&c, IN_MOUTH), 0); })
/* #Mouth "3rd injury: destroyed or severed." */
ROW(mouth_3, IN_MOUTH, 3, { assert_true(in_part_destroyed(&c, in_instance(&c, IN_MOUTH, 0))); })
/* #Arm "1st injury: +2 disadvantage on checks for Acrobatics, Athletics, craft skills, Musical Instrument, and Thievery." */
ROW(arm_1, IN_ARM, 1, { assert_int_equal(a.skill_dis[IN_SK_ACROBATICS], 2); assert_int_equal(a.skill_dis[IN_SK_THIEVERY], 2); })
/* #Arm "2nd injury: The arm drops any item it was holding, cannot ready a shield ... Your claw, pincer, or tentacle natural attack with that arm is disabled." */
ROW(arm_2, IN_ARM, 2, { assert_int_equal(weapon_on(&c, IN_ARM), 0); assert_true(in_injury_row_of(IN_ARM, 2)->drops); })
/* #Arm "3rd injury: destroyed or severed." */
ROW(arm_3, IN_ARM, 3, { assert_true(in_part_destroyed(&c, in_instance(&c, IN_ARM, 0))); })
/* #Leg "1st injury: +2 disadvantage on Acrobatics and Athletics checks, and the action to stand up is increased by 2 AP." */
ROW(leg_1, IN_LEG, 1, { assert_int_equal(a.skill_dis[IN_SK_ATHLETICS], 2); assert_int_equal(a.stand_ap, 2); })
/* #Leg "2nd injury: Your base, burrow, and climb speeds are reduced by 10 feet, and your claw, hoof, talon, or tentacle natural attack used by that leg is disabled." */
ROW(leg_2, IN_LEG, 2, { assert_int_equal(a.speed_cut, 10); assert_int_equal(weapon_on(&c, IN_LEG), 0); })
/* #Leg "3rd injury: destroyed or severed." */
ROW(leg_3, IN_LEG, 3, { assert_true(in_part_destroyed(&c, in_instance(&c, IN_LEG, 0))); })
/* #Head "1st injury: You receive a concussion and incur a +1 disadvantage on all d20 rolls" */
ROW(head_1, IN_HEAD, 1, { assert_int_equal(a.d20_dis - b.d20_dis, 1); assert_int_equal(a.head_level, 1); assert_int_equal(in_injury_row_of(IN_HEAD, 1)->special, IN_X_CONCUSSION); })
/* #Head "2nd injury: You become stunned for 1 round unless you make a DC 25 Constitution check." */
ROW(head_2, IN_HEAD, 2, { assert_int_equal(a.head_level, 2); assert_int_equal(in_injury_row_of(IN_HEAD, 2)->special, IN_X_STUN_CHECK); assert_false(in_plain_out(&c)); })
/* #Head "3rd injury: You are knocked unconscious and fall prone." */
ROW(head_3, IN_HEAD, 3, { assert_int_equal(in_injury_row_of(IN_HEAD, 3)->special, IN_X_KNOCKOUT); assert_true(in_plain_out(&c)); assert_false(a.dead); })
/* #Head "4th injury: destroyed or severed." "When all heads are destroyed, the creature dies" */
ROW(head_4, IN_HEAD, 4, { assert_true(a.dead); })
/* #Heart "1st injury: Make a DC 25 Constitution check or be stunned for 1 round. Even if you succeed, you are sickened" */
ROW(heart_1, IN_HEART, 1, { assert_true(a.sickened); assert_int_equal(in_injury_row_of(IN_HEART, 1)->special, IN_X_HEART_STUN); assert_false(a.dead); })
/* #Heart "2nd injury: destroyed." "When all hearts are destroyed, the creature dies" */
ROW(heart_2, IN_HEART, 2, { assert_true(a.dead); })

/* The severities of #Minor Injuries .. #Fatal Injuries, and no row left untested. */
static void severities_and_rows(void **s)
{
    (void)s;
    static const int sev[IN_NPART] = {0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 3, 4};
    for (int t = 0; t < IN_NPART; t++)
        assert_int_equal(in_parts[t].severity, sev[t]);
    assert_int_equal(in_injury_rows, 32);
}

/* #Size Differences: "+1 size bonus ... Double the bonus for every size category larger" */
static void size_rows(void **s)
{
    (void)s;
    assert_int_equal(in_size_attack(1), 1);
    assert_int_equal(in_size_attack(2), 2);
    assert_int_equal(in_size_attack(3), 4);
    assert_int_equal(in_size_attack(-2), -2);
    assert_int_equal(in_size_maneuver(-1), 1);
    assert_int_equal(in_size_maneuver(2), -2);
    assert_int_equal(in_size_degrees(-2), 2);
    assert_int_equal(in_size_degrees(1), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ear_1),   cmocka_unit_test(ear_2),   cmocka_unit_test(nose_1),
        cmocka_unit_test(tail_1),  cmocka_unit_test(tail_2),  cmocka_unit_test(wing_1),
        cmocka_unit_test(wing_2),  cmocka_unit_test(eye_1),   cmocka_unit_test(eye_2),
        cmocka_unit_test(hand_1),  cmocka_unit_test(hand_2),  cmocka_unit_test(hand_3),
        cmocka_unit_test(foot_1),  cmocka_unit_test(foot_2),  cmocka_unit_test(foot_3),
        cmocka_unit_test(horn_1),  cmocka_unit_test(horn_2),  cmocka_unit_test(mouth_1),
        cmocka_unit_test(mouth_2), cmocka_unit_test(mouth_3), cmocka_unit_test(arm_1),
        cmocka_unit_test(arm_2),   cmocka_unit_test(arm_3),   cmocka_unit_test(leg_1),
        cmocka_unit_test(leg_2),   cmocka_unit_test(leg_3),   cmocka_unit_test(head_1),
        cmocka_unit_test(head_2),  cmocka_unit_test(head_3),  cmocka_unit_test(head_4),
        cmocka_unit_test(heart_1), cmocka_unit_test(heart_2), cmocka_unit_test(severities_and_rows),
        cmocka_unit_test(size_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
