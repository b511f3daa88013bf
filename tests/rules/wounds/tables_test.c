/* tables_test.c: every table of 003_45dec7998f478a90.txt at every row
 * boundary (src/rules/wounds/tables.c). Expected numbers are the text's. */
#include <string.h>

#include "support/test.h"
#include "rules/wounds/wounds.h"

/* #Wound Thresholds: "Light 0 / Moderate 2 / Severe 4 / Critical 6 / Fatal 8"
 * and "You gain a wound of the highest level whose threshold the damage
 * exceeds or equals." */
static void wound_threshold_rows(void **s)
{
    (void)s;
    assert_int_equal(wo_wound_level(-1), WO_NONE);
    assert_int_equal(wo_wound_level(-20), WO_NONE);
    assert_int_equal(wo_wound_level(0), WO_LIGHT);
    assert_int_equal(wo_wound_level(1), WO_LIGHT);
    assert_int_equal(wo_wound_level(2), WO_MODERATE);
    assert_int_equal(wo_wound_level(3), WO_MODERATE);
    assert_int_equal(wo_wound_level(4), WO_SEVERE);
    assert_int_equal(wo_wound_level(5), WO_SEVERE);
    assert_int_equal(wo_wound_level(6), WO_CRITICAL);
    assert_int_equal(wo_wound_level(7), WO_CRITICAL);
    assert_int_equal(wo_wound_level(8), WO_FATAL);
    assert_int_equal(wo_wound_level(40), WO_FATAL);
}

/* #Wound Slots: the Vitality table, every row, and Vitality past its ends. */
static void wound_slot_rows(void **s)
{
    (void)s;
    static const int text[11][4] = {
        {-5, 1, 1, 0}, {-4, 1, 1, 1}, {-3, 2, 1, 1}, {-2, 2, 2, 1}, {-1, 3, 2, 1}, {0, 3, 2, 2},
        {1, 3, 3, 2},  {2, 4, 3, 2},  {3, 4, 3, 3},  {4, 4, 4, 3},  {5, 5, 4, 3},
    };
    for (int i = 0; i < 11; i++) {
        const wo_slot_row *r = wo_slots_for_vitality(text[i][0]);
        assert_int_equal(r->vitality, text[i][0]);
        assert_int_equal(r->moderate, text[i][1]);
        assert_int_equal(r->severe, text[i][2]);
        assert_int_equal(r->critical, text[i][3]);
    }
    assert_int_equal(wo_slots_for_vitality(-9)->vitality, -5);
    assert_int_equal(wo_slots_for_vitality(9)->vitality, 5);
}

/* #Recovery Checks: "Light -8 / Moderate -5 / Severe -1 / Critical 4 /
 * Fatal 10": the highest level the result reaches. */
static void recovery_tn_rows(void **s)
{
    (void)s;
    assert_int_equal(wo_recovery_reach(-9), WO_NONE);
    assert_int_equal(wo_recovery_reach(-8), WO_LIGHT);
    assert_int_equal(wo_recovery_reach(-6), WO_LIGHT);
    assert_int_equal(wo_recovery_reach(-5), WO_MODERATE);
    assert_int_equal(wo_recovery_reach(-2), WO_MODERATE);
    assert_int_equal(wo_recovery_reach(-1), WO_SEVERE);
    assert_int_equal(wo_recovery_reach(3), WO_SEVERE);
    assert_int_equal(wo_recovery_reach(4), WO_CRITICAL);
    assert_int_equal(wo_recovery_reach(9), WO_CRITICAL);
    assert_int_equal(wo_recovery_reach(10), WO_FATAL);
}

/* #Action: Treat Wound: "Light -3 / Moderate 0 / Severe 3 / Critical 6 /
 * Fatal 9" */
static void treat_wound_tn_rows(void **s)
{
    (void)s;
    static const int text[5] = {-3, 0, 3, 6, 9};
    for (int l = 0; l < WO_NLEVELS; l++)
        assert_int_equal(wo_treat_wound_tn[l], text[l]);
}

/* #Action Points: the Speed table, every column, and Speed past its ends. */
static void speed_rows(void **s)
{
    (void)s;
    static const int start[21] = {2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 11, 12, 14, 16, 18, 21, 24};
    static const int end[21] = {1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 21, 24};
    static const int maxap[21] = {5, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 21, 24, 27, 31, 36, 41, 48, 55, 63, 72};
    for (int sp = -10; sp <= 10; sp++) {
        const wo_speed_row *r = wo_speed_row_for(sp);
        assert_int_equal(r->speed, sp);
        assert_int_equal(r->round_start, start[sp + 10]);
        assert_int_equal(r->turn_end, end[sp + 10]);
        assert_int_equal(r->max_ap, maxap[sp + 10]);
    }
    assert_int_equal(wo_speed_row_for(-11)->speed, -10);
    assert_int_equal(wo_speed_row_for(11)->speed, 10);
}

/* #Movement: the movement-rate table at both ends of every row's
 * Strength + Size + Athletics range, and its yards for 1-4 AP. */
static void movement_rows(void **s)
{
    (void)s;
    static const int yards[26][4] = {
        {0, 0, 0, 0},   {0, 0, 0, 1},   {0, 1, 1, 2},   {0, 1, 2, 3},   {1, 2, 3, 4},
        {1, 2, 3, 5},   {1, 3, 4, 6},   {1, 3, 5, 7},   {2, 4, 6, 8},   {2, 4, 6, 9},
        {2, 5, 7, 10},  {2, 5, 8, 11},  {3, 6, 9, 12},  {3, 6, 9, 13},  {3, 7, 10, 14},
        {3, 7, 11, 15}, {4, 8, 12, 16}, {4, 8, 12, 17}, {4, 9, 13, 18}, {4, 9, 14, 19},
        {5, 10, 15, 20}, {5, 10, 15, 21}, {5, 11, 16, 22}, {5, 11, 17, 23}, {6, 12, 18, 24},
        {6, 12, 18, 25},
    };
    /* "0 | -30 or less" */
    assert_int_equal(wo_movement_rate(-30), 0);
    assert_int_equal(wo_movement_rate(-100), 0);
    /* "1 | -29 - -26" ... "25 | 67 - 70": rows of four */
    for (int r = 1; r <= 25; r++) {
        int lo = -29 + 4 * (r - 1), hi = lo + 3;
        assert_int_equal(wo_movement_rate(lo), r);
        assert_int_equal(wo_movement_rate(hi), r);
    }
    for (int r = 0; r <= 25; r++)
        for (int ap = 1; ap <= 4; ap++)
            assert_int_equal(wo_move_yards(r, ap), yards[r][ap - 1]);
    /* "A full movement costs 4 AP": spending more in one purchase buys no more */
    assert_int_equal(wo_move_yards(8, 6), 8);
    assert_int_equal(wo_move_yards(8, 0), 0);
    /* past the table, the rows' own pattern: one rate per 4 points */
    assert_int_equal(wo_movement_rate(71), 26);
    assert_int_equal(wo_movement_rate(74), 26);
    assert_int_equal(wo_movement_rate(75), 27);
    assert_int_equal(wo_move_yards(26, 4), 26);
    assert_int_equal(wo_move_yards(26, 1), 6);
}

/* #Difficult Terrain: "Each yard of movement in difficult terrain costs 2,
 * 3, 4, or more yards" - the table, every row. */
static void terrain_rows(void **s)
{
    (void)s;
    assert_int_equal(wo_terrain_cost("Climbing a steep hill"), 2);
    assert_int_equal(wo_terrain_cost("Wading through knee-high water"), 2);
    assert_int_equal(wo_terrain_cost("Walking in mud"), 2);
    assert_int_equal(wo_terrain_cost("Moving through thick undergrowth"), 3);
    assert_int_equal(wo_terrain_cost("Swimming"), 3);
    assert_int_equal(wo_terrain_cost("Wading through waist-high water"), 4);
    assert_int_equal(wo_terrain_cost("Vertical climb"), 4);
    assert_int_equal(wo_terrain_cost("Walking underwater"), 10);
    assert_int_equal(wo_terrain_cost("Flying"), 0);
    /* the rows the environments use by index (combat.c's terrain()) */
    assert_string_equal(wo_terrain_table[WO_TERRAIN_SWIMMING].situation, "Swimming");
    assert_string_equal(wo_terrain_table[WO_TERRAIN_VERTICAL_CLIMB].situation, "Vertical climb");
    assert_string_equal(wo_terrain_table[WO_TERRAIN_UNDERWATER].situation, "Walking underwater");
}

/* #Modifiers to Attack: every row alone, melee and ranged. */
static void attack_modifier_rows(void **s)
{
    (void)s;
    /* Prone +3 / -3, Crouching +2 / -2 */
    assert_int_equal(wo_attack_mod(0, WO_PRONE, 0, 0), 3);
    assert_int_equal(wo_attack_mod(1, WO_PRONE, 0, 0), -3);
    assert_int_equal(wo_attack_mod(0, WO_CROUCH, 0, 0), 2);
    assert_int_equal(wo_attack_mod(1, WO_CROUCH, 0, 0), -2);
    /* Flanked +2 / +2 */
    assert_int_equal(wo_attack_mod(0, WO_STANDING, 0, 1), 2);
    assert_int_equal(wo_attack_mod(1, WO_STANDING, 0, 1), 2);
    /* 1/4 cover 0 / -1; 1/2 -2 / -2; 3/4 -3 / -3; 9/10 -5 / -5 */
    assert_int_equal(wo_attack_mod(0, WO_STANDING, WO_COVER_QUARTER, 0), 0);
    assert_int_equal(wo_attack_mod(1, WO_STANDING, WO_COVER_QUARTER, 0), -1);
    assert_int_equal(wo_attack_mod(0, WO_STANDING, WO_COVER_HALF, 0), -2);
    assert_int_equal(wo_attack_mod(1, WO_STANDING, WO_COVER_HALF, 0), -2);
    assert_int_equal(wo_attack_mod(0, WO_STANDING, WO_COVER_THREE_QUARTERS, 0), -3);
    assert_int_equal(wo_attack_mod(1, WO_STANDING, WO_COVER_THREE_QUARTERS, 0), -3);
    assert_int_equal(wo_attack_mod(0, WO_STANDING, WO_COVER_NINE_TENTHS, 0), -5);
    assert_int_equal(wo_attack_mod(1, WO_STANDING, WO_COVER_NINE_TENTHS, 0), -5);
    assert_int_equal(wo_attack_mod(1, WO_STANDING, WO_COVER_NONE, 0), 0);
}

/* "Attack penalties for cover and prone or crouching targets do not stack;
 * only the higher penalty applies. ... Penalties and bonuses do stack." */
static void attack_modifier_stacking(void **s)
{
    (void)s;
    assert_int_equal(wo_attack_mod(1, WO_PRONE, WO_COVER_HALF, 0), -3);
    assert_int_equal(wo_attack_mod(1, WO_CROUCH, WO_COVER_THREE_QUARTERS, 0), -3);
    assert_int_equal(wo_attack_mod(1, WO_CROUCH, WO_COVER_QUARTER, 0), -2);
    assert_int_equal(wo_attack_mod(0, WO_PRONE, WO_COVER_HALF, 0), 1);
    assert_int_equal(wo_attack_mod(1, WO_PRONE, WO_COVER_HALF, 1), -1);
    /* #Ignoring Your Flank: rear attacks "gain double the normal flanking bonus" */
    assert_int_equal(wo_attack_mod(0, WO_STANDING, 0, 2), 4);
}

/* #Action: Retrieve or Stow an Item: "Scabbard or normal pocket: 1 / Belt
 * pouch or concealed pocket: 3 / Sack or backpack: 6"; #Action: Use an
 * Object: "door: 2 / torch: 2 / potion: 4 / bell: 6 / fire: 8" */
static void container_and_object_rows(void **s)
{
    (void)s;
    assert_int_equal(wo_container_ap[WO_SCABBARD], 1);
    assert_int_equal(wo_container_ap[WO_POUCH], 3);
    assert_int_equal(wo_container_ap[WO_BACKPACK], 6);
    static const int ap[5] = {2, 2, 4, 6, 8};
    for (int i = 0; i < 5; i++)
        assert_int_equal(wo_object_table[i].ap, ap[i]);
    assert_string_equal(wo_hinder_table[3].name, "Trip");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wound_threshold_rows), cmocka_unit_test(wound_slot_rows),
        cmocka_unit_test(recovery_tn_rows),     cmocka_unit_test(treat_wound_tn_rows),
        cmocka_unit_test(speed_rows),           cmocka_unit_test(movement_rows),
        cmocka_unit_test(terrain_rows),         cmocka_unit_test(attack_modifier_rows),
        cmocka_unit_test(attack_modifier_stacking), cmocka_unit_test(container_and_object_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
