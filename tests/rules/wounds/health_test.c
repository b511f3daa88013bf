/* health_test.c: the pure rules of src/rules/wounds/health.c against the
 * sentences of 003_45dec7998f478a90.txt they implement. */
#include <string.h>

#include "support/test.h"
#include "rules/wounds/wounds.h"

/* #Wound Thresholds: "Damage received = Attack Roll + Damage Roll - Defense
 * - Toughness." */
static void damage_received(void **s)
{
    (void)s;
    assert_int_equal(wo_damage_received(17, 5, 13, 4), 5);
    assert_int_equal(wo_wound_level(wo_damage_received(17, 5, 13, 4)), WO_SEVERE);
    assert_int_equal(wo_damage_received(13, 2, 13, 3), -1);
    assert_int_equal(wo_wound_level(wo_damage_received(13, 2, 13, 3)), WO_NONE);
}

/* #Wound Slots: "Each time you receive a wound, fill one wound slot of that
 * level. If all the slots of that level are already full, increase the
 * wound's severity until there is an empty slot." */
static void escalation(void **s)
{
    (void)s;
    int slots[WO_NLEVELS] = {5, 2, 1, 1, 1};
    int filled[WO_NLEVELS] = {0};
    assert_int_equal(wo_wound_fill(filled, slots, WO_MODERATE), WO_MODERATE);
    assert_int_equal(wo_wound_fill(filled, slots, WO_MODERATE), WO_MODERATE);
    assert_int_equal(wo_wound_fill(filled, slots, WO_MODERATE), WO_SEVERE);
    assert_int_equal(wo_wound_fill(filled, slots, WO_MODERATE), WO_CRITICAL);
    assert_int_equal(wo_wound_fill(filled, slots, WO_LIGHT), WO_LIGHT);
    assert_int_equal(wo_wound_fill(filled, slots, WO_SEVERE), WO_FATAL);
    assert_int_equal(filled[WO_MODERATE], 2);
    assert_int_equal(filled[WO_SEVERE], 1);
    assert_int_equal(filled[WO_CRITICAL], 1);
    assert_int_equal(filled[WO_FATAL], 1);
    assert_int_equal(wo_wound_fill(filled, slots, WO_NONE), WO_NONE);
    /* a Vitality -5 creature has no critical slot: severe escalates to fatal */
    int s5[WO_NLEVELS], f5[WO_NLEVELS] = {0};
    wo_slot_counts(WO_PC, -5, 0, s5);
    assert_int_equal(s5[WO_CRITICAL], 0);
    f5[WO_SEVERE] = 1;
    assert_int_equal(wo_wound_fill(f5, s5, WO_SEVERE), WO_FATAL);
}

/* "if you have 3 light wounds and 1 critical wound, you are considered
 * critically wounded." */
static void severity(void **s)
{
    (void)s;
    int filled[WO_NLEVELS] = {3, 0, 0, 1, 0};
    assert_int_equal(wo_severity(filled), WO_CRITICAL);
    int none[WO_NLEVELS] = {0};
    assert_int_equal(wo_severity(none), WO_NONE);
}

/* "You have a number of light wound slots equal to 5 + your Persona ...
 * All characters have only a single fatal wound slot." #NPCs and Wounds:
 * "1, 2, or 3 slots of each level from Moderate to Critical depending on
 * whether they are a minion, standard, or elite NPC." */
static void slot_counts(void **s)
{
    (void)s;
    int sl[WO_NLEVELS];
    wo_slot_counts(WO_PC, 2, 1, sl);
    assert_int_equal(sl[WO_LIGHT], 6);
    assert_int_equal(sl[WO_MODERATE], 4);
    assert_int_equal(sl[WO_SEVERE], 3);
    assert_int_equal(sl[WO_CRITICAL], 2);
    assert_int_equal(sl[WO_FATAL], 1);
    for (int tier = WO_MINION; tier <= WO_ELITE; tier++) {
        wo_slot_counts(tier, 5, -1, sl);
        assert_int_equal(sl[WO_LIGHT], 4);
        assert_int_equal(sl[WO_MODERATE], tier);
        assert_int_equal(sl[WO_SEVERE], tier);
        assert_int_equal(sl[WO_CRITICAL], tier);
        assert_int_equal(sl[WO_FATAL], 1);
    }
}

/* #Recovery Checks: "the selected wound is reduced by one level, assuming
 * there is an open slot of the next lower level." */
static void reduce(void **s)
{
    (void)s;
    int slots[WO_NLEVELS] = {5, 1, 1, 1, 1};
    int filled[WO_NLEVELS] = {0, 1, 1, 0, 0};
    assert_int_equal(wo_wound_reduce(filled, slots, WO_SEVERE), 0); /* moderate full */
    assert_int_equal(wo_wound_reduce(filled, slots, WO_MODERATE), 1);
    assert_int_equal(filled[WO_LIGHT], 1);
    assert_int_equal(wo_wound_reduce(filled, slots, WO_SEVERE), 1);
    assert_int_equal(filled[WO_MODERATE], 1);
    assert_int_equal(filled[WO_SEVERE], 0);
    assert_int_equal(wo_wound_reduce(filled, slots, WO_LIGHT), 1);
    assert_int_equal(filled[WO_LIGHT], 0);
    assert_int_equal(wo_wound_reduce(filled, slots, WO_LIGHT), 0);
    /* the recovery check's choice: the highest reducible wound in reach */
    int f2[WO_NLEVELS] = {1, 0, 1, 1, 0};
    int s2[WO_NLEVELS] = {5, 3, 2, 2, 1};
    assert_int_equal(wo_recovery_heal(f2, s2, WO_SEVERE), WO_SEVERE);
    assert_int_equal(f2[WO_MODERATE], 1);
    assert_int_equal(wo_recovery_heal(f2, s2, WO_NONE), WO_NONE);
}

/* #Defense: the formulas, and "If Speed + Reason is less than -5, use -5
 * instead." */
static void defenses(void **s)
{
    (void)s;
    assert_int_equal(wo_def_melee(0, 1, 1, 3), 15);
    assert_int_equal(wo_def_melee(4, -1, -2, 0), 3);
    assert_int_equal(wo_def_melee(0, -4, -3, 0), 5);  /* -7 -> -5 */
    assert_int_equal(wo_def_melee(0, -3, -2, 0), 5);  /* exactly -5 */
    assert_int_equal(wo_def_melee(0, -2, -2, 0), 6);
    assert_int_equal(wo_def_ranged(0, -10, -10, 2), 7);
    assert_int_equal(wo_def_immobile(0), 5);
    assert_int_equal(wo_def_immobile(4), 1);
    assert_int_equal(wo_def_power(2, 1, 3, 1), 17);
    assert_int_equal(wo_def_agility(2, 1, 3, 1), 15);
    assert_int_equal(wo_def_fortitude(2, 1, 1), 14);
    assert_int_equal(wo_def_willpower(-1, 2, 0), 11);
}

/* #Stamina: "your stamina instead becomes 0 and you take fatigue equal to
 * the excess stamina cost." #Fatigue: maximum reduced; exhausted at half,
 * staggered at the normal maximum. */
static void stamina_fatigue(void **s)
{
    (void)s;
    int f = 0;
    assert_int_equal(wo_spend_stamina(5, 3, &f), 2);
    assert_int_equal(f, 0);
    assert_int_equal(wo_spend_stamina(2, 5, &f), 0);
    assert_int_equal(f, 3);
    assert_int_equal(wo_spend_stamina(0, 1, &f), 0);
    assert_int_equal(f, 4);
    assert_int_equal(wo_max_stamina(10, 4), 6);
    assert_int_equal(wo_max_stamina(3, 4), 0);
    assert_false(wo_is_exhausted(10, 4));
    assert_true(wo_is_exhausted(10, 5));
    assert_true(wo_is_exhausted(9, 5));   /* 5 >= 4.5 */
    assert_false(wo_is_exhausted(9, 4));  /* 4 < 4.5 */
    assert_false(wo_is_staggered_by_fatigue(10, 9));
    assert_true(wo_is_staggered_by_fatigue(10, 10));
}

/* #Long Rest: "your fatigue is reduced by 5 + your Vitality - your highest
 * wound level (1 for light, 2 for moderate, etc.), to a minimum of 1 if you
 * are not wounded or 0 if you are." #Resting: "8 hours of sleep minus half
 * an hour for each point of Vitality" */
static void long_rest_numbers(void **s)
{
    (void)s;
    assert_int_equal(wo_long_rest_fatigue_cut(2, WO_NONE), 7);
    assert_int_equal(wo_long_rest_fatigue_cut(2, WO_MODERATE), 5);
    assert_int_equal(wo_long_rest_fatigue_cut(-5, WO_NONE), 1);
    assert_int_equal(wo_long_rest_fatigue_cut(-5, WO_CRITICAL), 0);
    assert_int_equal(wo_sleep_minutes(2), 420);
    assert_int_equal(wo_sleep_minutes(-1), 510);
    int sr, extra;
    assert_int_equal(wo_rest_interrupted(100, 20, &sr, &extra), 1);
    assert_int_equal(sr, 6);
    assert_int_equal(extra, 60);
    assert_int_equal(wo_rest_interrupted(10, 45, &sr, &extra), 0);
    assert_int_equal(sr, 0);
}

/* #Jumping: "If you moved at least 5 yards leading up to the jump, you use
 * your normal result and add your Speed. Otherwise, halve your result." and
 * "double your check result in inches" */
static void jumping(void **s)
{
    (void)s;
    assert_int_equal(wo_jump_long_feet(12, 1, 1), 13);
    assert_int_equal(wo_jump_long_feet(13, 1, 0), 6);
    assert_int_equal(wo_jump_high_inches(12, 1, 1), 26);
    assert_int_equal(wo_jump_high_inches(13, 1, 0), 12);
    assert_int_equal(wo_jump_long_feet(-3, 0, 1), 0);
}

/* #Action Points: "Unspent AP is carried over, but any AP gained in excess
 * of your max AP as listed in the table is lost." "no effect can reduce an
 * AP cost below 1 unless it specifically says it can, in which case it has
 * a minimum AP cost of 0." */
static void ap_rules(void **s)
{
    (void)s;
    assert_int_equal(wo_gain_ap(10, 6, 18), 16);
    assert_int_equal(wo_gain_ap(16, 6, 18), 18);
    assert_int_equal(wo_gain_ap(18, 6, 18), 18);
    assert_int_equal(wo_ap_floor(-2, 0), 1);
    assert_int_equal(wo_ap_floor(0, 0), 1);
    assert_int_equal(wo_ap_floor(-2, 1), 0);
    assert_int_equal(wo_ap_floor(5, 0), 5);
}

/* #Rolls in Combat: wild rolls (option wild_roll). */
static void wild(void **s)
{
    (void)s;
    fray_dice d;
    fray_dice_init(&d, 1, 0);
    static const int script[] = {20, 20, 5, 1, 7, 1, 12, 14};
    fray_dice_script(&d, script, 8);
    wo_roll r = wo_wild(&d, WO_WILD_EXPLODE, "test");
    assert_int_equal(r.natural, 20);
    assert_int_equal(r.total, 45);
    assert_int_equal(r.crit, 1);
    r = wo_wild(&d, WO_WILD_EXPLODE, "test");
    assert_int_equal(r.total, 1);
    assert_int_equal(r.crit, -1);
    r = wo_wild(&d, WO_WILD_PLAIN, "test");
    assert_int_equal(r.total, 7);
    r = wo_wild(&d, WO_WILD_BOTH, "test");
    assert_int_equal(r.natural, 1);
    assert_int_equal(r.total, 1 - 12);
    r = wo_wild(&d, WO_WILD_BOTH, "test");
    assert_int_equal(r.total, 14);
    assert_int_equal(r.crit, 0);
}

static void yards(void **s)
{
    (void)s;
    assert_int_equal(wo_yd_to_cm(1), 91);
    assert_int_equal(wo_yd_to_cm(10), 914);
    assert_int_equal(wo_cm_to_yd(91), 1);
    assert_int_equal(wo_cm_to_yd(45), 0);
    assert_int_equal(wo_cm_to_yd(46), 1);
    assert_int_equal(wo_cm_to_yd(129), 1); /* a diagonal neighbour */
    assert_int_equal(wo_cm_to_yd(800), 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(damage_received), cmocka_unit_test(escalation),
        cmocka_unit_test(severity),        cmocka_unit_test(slot_counts),
        cmocka_unit_test(reduce),          cmocka_unit_test(defenses),
        cmocka_unit_test(stamina_fatigue), cmocka_unit_test(long_rest_numbers),
        cmocka_unit_test(jumping),         cmocka_unit_test(ap_rules),
        cmocka_unit_test(wild),
        cmocka_unit_test(yards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
