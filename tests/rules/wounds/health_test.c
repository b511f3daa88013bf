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

/* ---- Comparisons at their boundaries (docs/rules/wounds.md): each one
 * equal, one below and one above ---- */

/* #Wound Thresholds: "You gain a wound of the highest level whose threshold
 * the damage exceeds or equals." (Severe at 4, Light at 0) */
static void threshold_exceeds_or_equals(void **s)
{
    (void)s;
    assert_int_equal(wo_wound_level(3), WO_MODERATE);
    assert_int_equal(wo_wound_level(4), WO_SEVERE);
    assert_int_equal(wo_wound_level(5), WO_SEVERE);
    assert_int_equal(wo_wound_level(-1), WO_NONE);
    assert_int_equal(wo_wound_level(0), WO_LIGHT);
    assert_int_equal(wo_wound_level(1), WO_LIGHT);
    assert_int_equal(wo_wound_level(7), WO_CRITICAL);
    assert_int_equal(wo_wound_level(8), WO_FATAL);
    assert_int_equal(wo_wound_level(9), WO_FATAL);
}

/* #Wound Slots: "If all the slots of that level are already full, increase
 * the wound's severity until there is an empty slot." (2 moderate slots:
 * 1 filled, 2 filled, 3 filled) */
static void slots_already_full(void **s)
{
    (void)s;
    int slots[WO_NLEVELS] = {5, 2, 2, 2, 1};
    int below[WO_NLEVELS] = {0, 1, 0, 0, 0}, at[WO_NLEVELS] = {0, 2, 0, 0, 0},
        above[WO_NLEVELS] = {0, 3, 0, 0, 0};
    assert_int_equal(wo_wound_fill(below, slots, WO_MODERATE), WO_MODERATE);
    assert_int_equal(wo_wound_fill(at, slots, WO_MODERATE), WO_SEVERE);
    assert_int_equal(wo_wound_fill(above, slots, WO_MODERATE), WO_SEVERE);
    /* "While you have at least one wound": 0, 1, 2 light wounds */
    int none[WO_NLEVELS] = {0}, one[WO_NLEVELS] = {1}, two[WO_NLEVELS] = {2};
    assert_int_equal(wo_severity(none), WO_NONE);
    assert_int_equal(wo_severity(one), WO_LIGHT);
    assert_int_equal(wo_severity(two), WO_LIGHT);
}

/* #Stamina: "If an action or effect would reduce your stamina below 0, your
 * stamina instead becomes 0 and you take fatigue equal to the excess
 * stamina cost." (stamina 3: cost 2, 3, 4) */
static void stamina_below_zero(void **s)
{
    (void)s;
    int f = 0;
    assert_int_equal(wo_spend_stamina(3, 2, &f), 1);
    assert_int_equal(f, 0);
    assert_int_equal(wo_spend_stamina(3, 3, &f), 0);
    assert_int_equal(f, 0);
    assert_int_equal(wo_spend_stamina(3, 4, &f), 0);
    assert_int_equal(f, 1);
    /* #Fatigue: "Your maximum stamina is reduced by your fatigue level." */
    assert_int_equal(wo_max_stamina(6, 5), 1);
    assert_int_equal(wo_max_stamina(6, 6), 0);
    assert_int_equal(wo_max_stamina(6, 7), 0);
}

/* #Fatigue: "If your fatigue is greater than or equal to half your normal
 * maximum stamina, you become exhausted. If it is greater than or equal to
 * your normal maximum stamina, you become staggered." (maximum 8: half 4) */
static void fatigue_half_and_whole(void **s)
{
    (void)s;
    assert_false(wo_is_exhausted(8, 3));
    assert_true(wo_is_exhausted(8, 4));
    assert_true(wo_is_exhausted(8, 5));
    assert_false(wo_is_staggered_by_fatigue(8, 7));
    assert_true(wo_is_staggered_by_fatigue(8, 8));
    assert_true(wo_is_staggered_by_fatigue(8, 9));
}

/* #Defense: "If Speed + Reason is less than -5, use -5 instead." (-6, -5, -4) */
static void speed_reason_floor(void **s)
{
    (void)s;
    assert_int_equal(wo_def_melee(0, -3, -3, 0), 5);
    assert_int_equal(wo_def_melee(0, -3, -2, 0), 5);
    assert_int_equal(wo_def_melee(0, -2, -2, 0), 6);
    assert_int_equal(wo_def_ranged(0, -3, -3, 0), 5);
    assert_int_equal(wo_def_ranged(0, -3, -2, 0), 5);
    assert_int_equal(wo_def_ranged(0, -2, -2, 0), 6);
}

/* #Recovery Checks: "Compare the result to the TNs in the table to the
 * right to determine the highest wound level you can affect." (each TN:
 * one below, equal, one above) */
static void recovery_tn_reach(void **s)
{
    (void)s;
    for (int l = WO_LIGHT; l <= WO_FATAL; l++) {
        int tn = wo_recovery_tn[l];
        assert_int_equal(wo_recovery_reach(tn - 1), l - 1 >= WO_LIGHT ? l - 1 : WO_NONE);
        assert_int_equal(wo_recovery_reach(tn), l);
        if (l < WO_FATAL && wo_recovery_tn[l + 1] > tn + 1)
            assert_int_equal(wo_recovery_reach(tn + 1), l);
    }
}

/* #Long Rest: "reduced by 5 + your Vitality - your highest wound level ...,
 * to a minimum of 1 if you are not wounded or 0 if you are." (unwounded:
 * 0, 1, 2 before the floor; wounded: -1, 0, 1) */
static void long_rest_minimum(void **s)
{
    (void)s;
    assert_int_equal(wo_long_rest_fatigue_cut(-5, WO_NONE), 1);  /* 0 -> 1 */
    assert_int_equal(wo_long_rest_fatigue_cut(-4, WO_NONE), 1);  /* 1 */
    assert_int_equal(wo_long_rest_fatigue_cut(-3, WO_NONE), 2);
    assert_int_equal(wo_long_rest_fatigue_cut(-5, WO_LIGHT), 0); /* -1 -> 0 */
    assert_int_equal(wo_long_rest_fatigue_cut(-4, WO_LIGHT), 0);
    assert_int_equal(wo_long_rest_fatigue_cut(-3, WO_LIGHT), 1);
}

/* #Interrupting a Rest: "provided that the interruption lasts no more than
 * half an hour, you may resume the long rest ... by adding an extra hour"
 * and "If a long rest is interrupted after at least 15 minutes, then you
 * may apply all the benefits associated with a short rest for every 15
 * minutes that have passed." */
static void rest_interruption(void **s)
{
    (void)s;
    int sr, extra;
    assert_int_equal(wo_rest_interrupted(14, 29, &sr, &extra), 1);
    assert_int_equal(sr, 0);
    assert_int_equal(extra, 60);
    assert_int_equal(wo_rest_interrupted(15, 30, &sr, &extra), 1);
    assert_int_equal(sr, 1);
    assert_int_equal(wo_rest_interrupted(16, 31, &sr, &extra), 0);
    assert_int_equal(sr, 1);
    assert_int_equal(extra, 0);
    assert_int_equal(wo_rest_interrupted(29, 0, &sr, &extra), 1);
    assert_int_equal(sr, 1);
    assert_int_equal(wo_rest_interrupted(30, 0, &sr, &extra), 1);
    assert_int_equal(sr, 2);
}

/* #Action Points: "any AP gained in excess of your max AP as listed in the
 * table is lost." (max 18: 11+6, 12+6, 13+6) and "no effect can reduce an
 * AP cost below 1" (0, 1, 2) */
static void ap_max_and_floor(void **s)
{
    (void)s;
    assert_int_equal(wo_gain_ap(11, 6, 18), 17);
    assert_int_equal(wo_gain_ap(12, 6, 18), 18);
    assert_int_equal(wo_gain_ap(13, 6, 18), 18);
    assert_int_equal(wo_ap_floor(0, 0), 1);
    assert_int_equal(wo_ap_floor(1, 0), 1);
    assert_int_equal(wo_ap_floor(2, 0), 2);
    assert_int_equal(wo_ap_floor(-1, 1), 0);
    assert_int_equal(wo_ap_floor(0, 1), 0);
    assert_int_equal(wo_ap_floor(1, 1), 1);
}

/* #Modifiers to Attack: "Attack penalties for cover and prone or crouching
 * targets do not stack; only the higher penalty applies. ... Penalties and
 * bonuses do stack." #Ignoring Your Flank: "gain double the normal flanking
 * bonus" (ranged at a prone target, -3, behind cover of -2, -3, -5) */
static void penalties_higher_applies(void **s)
{
    (void)s;
    assert_int_equal(wo_attack_mod(1, WO_PRONE, WO_COVER_HALF, 0), -3);
    assert_int_equal(wo_attack_mod(1, WO_PRONE, WO_COVER_THREE_QUARTERS, 0), -3);
    assert_int_equal(wo_attack_mod(1, WO_PRONE, WO_COVER_NINE_TENTHS, 0), -5);
    assert_int_equal(wo_attack_mod(1, WO_PRONE, WO_COVER_NINE_TENTHS, 1), -3);
    assert_int_equal(wo_attack_mod(0, WO_STANDING, WO_COVER_NONE, 1), 2);
    assert_int_equal(wo_attack_mod(0, WO_STANDING, WO_COVER_NONE, 2), 4);
}

/* #Jumping: "If you moved at least 5 yards leading up to the jump, you use
 * your normal result and add your Speed. Otherwise, halve your result."
 * (4, 5, 6 yards; halving 13 rounds down) */
static void jump_run_up(void **s)
{
    (void)s;
    assert_false(wo_jump_run_up(4));
    assert_true(wo_jump_run_up(5));
    assert_true(wo_jump_run_up(6));
    assert_int_equal(wo_jump_long_feet(13, 2, wo_jump_run_up(4)), 6);
    assert_int_equal(wo_jump_long_feet(13, 2, wo_jump_run_up(5)), 15);
    assert_int_equal(wo_jump_high_inches(13, 2, wo_jump_run_up(5)), 30);
}

/* #Action: Dash: "For every 3 points in the check result, your movement
 * rate increases by 1"; #Reaction: Cling: "For every 5 points in the
 * result, you may move 1 yard with the target, or for every 10 points, you
 * may reduce the target's movement by 1 yard." */
static void for_every_n_points(void **s)
{
    (void)s;
    assert_int_equal(wo_per_points(2, 3), 0);
    assert_int_equal(wo_per_points(3, 3), 1);
    assert_int_equal(wo_per_points(4, 3), 1);
    assert_int_equal(wo_per_points(5, 3), 1);
    assert_int_equal(wo_per_points(6, 3), 2);
    assert_int_equal(wo_per_points(4, 5), 0);
    assert_int_equal(wo_per_points(5, 5), 1);
    assert_int_equal(wo_per_points(6, 5), 1);
    assert_int_equal(wo_per_points(9, 10), 0);
    assert_int_equal(wo_per_points(10, 10), 1);
    assert_int_equal(wo_per_points(11, 10), 1);
    assert_int_equal(wo_per_points(-4, 3), 0);
}

/* #Reaction: Cling: "You can mix both effects, such as by moving 1 yard
 * with the target and reducing its movement by 1 yard by spending 15 points
 * from your check result." (14, 15, 16 points, 1 yard of reduction asked) */
static void cling_mix(void **s)
{
    (void)s;
    int follow;
    assert_int_equal(wo_cling_split(14, 1, &follow), 1);
    assert_int_equal(follow, 0);
    assert_int_equal(wo_cling_split(15, 1, &follow), 1);
    assert_int_equal(follow, 1);
    assert_int_equal(wo_cling_split(16, 1, &follow), 1);
    assert_int_equal(follow, 1);
    /* reduction asked but only 9 points: none, 1 yard of following */
    assert_int_equal(wo_cling_split(9, 1, &follow), 0);
    assert_int_equal(follow, 1);
    assert_int_equal(wo_cling_split(20, 0, &follow), 0);
    assert_int_equal(follow, 4);
    assert_int_equal(wo_cling_split(30, 5, &follow), 3);
    assert_int_equal(follow, 0);
}

/* #Action: Treat Wound: "the wound is reduced by one step, plus one step for
 * every 2 points by which your check exceeds the TN" (TN 3: 2, 3, 4, 5) */
static void steps_over_tn(void **s)
{
    (void)s;
    assert_int_equal(wo_steps_over(2, 3, 2), 0);
    assert_int_equal(wo_steps_over(3, 3, 2), 1);
    assert_int_equal(wo_steps_over(4, 3, 2), 1);
    assert_int_equal(wo_steps_over(5, 3, 2), 2);
}

/* #Performing Actions More Quickly: "passing the check will reduce the AP
 * cost of the action by 1 ... For every 3 points by which you beat the TN,
 * the cost further decreases by 1. If you fail the check ... you may lose 1
 * AP plus 1 for every 3 points by which you failed" (base 4, TN 10) */
static void hurry_points(void **s)
{
    (void)s;
    assert_int_equal(wo_hurry_cost(4, 10, 10), 3);
    assert_int_equal(wo_hurry_cost(4, 12, 10), 3);
    assert_int_equal(wo_hurry_cost(4, 13, 10), 2);
    assert_int_equal(wo_hurry_cost(4, 14, 10), 2);
    assert_int_equal(wo_hurry_cost(4, 9, 10), 5);
    assert_int_equal(wo_hurry_cost(4, 8, 10), 5);
    assert_int_equal(wo_hurry_cost(4, 7, 10), 6);
    /* #Action Points: "no effect can reduce an AP cost below 1 unless it
     * specifically says it can": this one does not */
    assert_int_equal(wo_hurry_cost(1, 30, 10), 1);
}

/* #Action: Hinder, Shove: "forced to move 1 yard plus up to one third of
 * your margin of success" (margin 2, 3, 4) */
static void shove_third(void **s)
{
    (void)s;
    assert_int_equal(wo_shove_yards(12, 10), 1);
    assert_int_equal(wo_shove_yards(13, 10), 2);
    assert_int_equal(wo_shove_yards(14, 10), 2);
    assert_int_equal(wo_shove_yards(10, 10), 1);
}

/* #Action: Enter Occupied Space: "whose size is less than 5 larger or
 * smaller than yours"; #Action: Grapple: "You cannot target a creature
 * whose size is 5 or more greater or smaller than yours" (4, 5, 6 apart) */
static void size_less_than_5(void **s)
{
    (void)s;
    assert_true(wo_sizes_within_5(4, 0));
    assert_false(wo_sizes_within_5(5, 0));
    assert_false(wo_sizes_within_5(6, 0));
    assert_true(wo_sizes_within_5(0, 4));
    assert_false(wo_sizes_within_5(0, 5));
    assert_false(wo_sizes_within_5(0, 6));
}

/* #Action: Drag: "with a -2 penalty for each opponent beyond the first"
 * (1, 2, 3 opponents) */
static void drag_beyond_first(void **s)
{
    (void)s;
    assert_int_equal(wo_drag_penalty(1), 0);
    assert_int_equal(wo_drag_penalty(2), -2);
    assert_int_equal(wo_drag_penalty(3), -4);
}

/* #Mounted Combat: "a +1 bonus for each consecutive action spent to calm
 * the mount to a maximum of +5" (4, 5, 6 tries) */
static void calm_maximum(void **s)
{
    (void)s;
    assert_int_equal(wo_calm_bonus_after(3), 4);
    assert_int_equal(wo_calm_bonus_after(4), 5);
    assert_int_equal(wo_calm_bonus_after(5), 5);
}

/* #Mounted Combat: "against any opponents of a size smaller than your mount
 * unless they are also mounted on a creature at least as large as your
 * mount" (mount 5: foes of size 4, 5, 6; a mounted foe's mount 4, 5, 6) */
static void mount_smaller_at_least(void **s)
{
    (void)s;
    assert_true(wo_mount_edge(5, 4, 0, 0));
    assert_false(wo_mount_edge(5, 5, 0, 0));
    assert_false(wo_mount_edge(5, 6, 0, 0));
    assert_true(wo_mount_edge(5, 0, 1, 4));
    assert_false(wo_mount_edge(5, 0, 1, 5));
    assert_false(wo_mount_edge(5, 0, 1, 6));
}

/* #Action: Treat Wound: "If the target's fatigue is equal to or higher than
 * its normal maximum stamina, the attempt automatically fails." (max 6) */
static void treat_fatigue_equal_or_higher(void **s)
{
    (void)s;
    assert_false(wo_treat_auto_fails(5, 6));
    assert_true(wo_treat_auto_fails(6, 6));
    assert_true(wo_treat_auto_fails(7, 6));
}

/* #Mounted Combat: "with a -1 penalty for each enemy within 30 feet" (9,
 * 10, 11 yards) and "a creature must be at least the size of its rider"
 * (mount 1 below, equal, 1 above a size-2 rider) */
static void mount_within_and_size(void **s)
{
    (void)s;
    assert_true(wo_within_30_feet(9));
    assert_true(wo_within_30_feet(10));
    assert_false(wo_within_30_feet(11));
    assert_false(wo_mount_fits(1, 2));
    assert_true(wo_mount_fits(2, 2));
    assert_true(wo_mount_fits(3, 2));
}

/* #Underwater Combat: "all weapon damage is halved except from aquatic
 * weapons" (3, 4, 5: rounded down) */
static void underwater_halved(void **s)
{
    (void)s;
    assert_int_equal(wo_underwater_damage(3, 0), 1);
    assert_int_equal(wo_underwater_damage(4, 0), 2);
    assert_int_equal(wo_underwater_damage(5, 0), 2);
    assert_int_equal(wo_underwater_damage(5, 1), 5);
}

/* #Swimming and Climbing: "you must make another check at a -5 penalty for
 * each wound level beyond light" (light, moderate, severe) */
static void env_beyond_light(void **s)
{
    (void)s;
    assert_int_equal(wo_env_wound_penalty(WO_LIGHT), 0);
    assert_int_equal(wo_env_wound_penalty(WO_MODERATE), -5);
    assert_int_equal(wo_env_wound_penalty(WO_SEVERE), -10);
}

/* #Surprise: "you take a penalty to your initiative equal to 5 - your
 * Perception. Creatures with a Perception higher than 5 cannot be
 * surprised." (Perception 4, 5, 6) */
static void surprise_perception(void **s)
{
    (void)s;
    assert_true(wo_can_be_surprised(4));
    assert_true(wo_can_be_surprised(5));
    assert_false(wo_can_be_surprised(6));
    assert_int_equal(wo_surprise_penalty(4), -1);
    assert_int_equal(wo_surprise_penalty(5), 0);
    assert_int_equal(wo_surprise_penalty(6), 0);
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
        cmocka_unit_test(threshold_exceeds_or_equals),
        cmocka_unit_test(slots_already_full),
        cmocka_unit_test(stamina_below_zero),
        cmocka_unit_test(fatigue_half_and_whole),
        cmocka_unit_test(speed_reason_floor),
        cmocka_unit_test(recovery_tn_reach),
        cmocka_unit_test(long_rest_minimum),
        cmocka_unit_test(rest_interruption),
        cmocka_unit_test(ap_max_and_floor),
        cmocka_unit_test(penalties_higher_applies),
        cmocka_unit_test(jump_run_up),
        cmocka_unit_test(for_every_n_points),
        cmocka_unit_test(cling_mix),
        cmocka_unit_test(steps_over_tn),
        cmocka_unit_test(hurry_points),
        cmocka_unit_test(shove_third),
        cmocka_unit_test(size_less_than_5),
        cmocka_unit_test(drag_beyond_first),
        cmocka_unit_test(calm_maximum),
        cmocka_unit_test(mount_smaller_at_least),
        cmocka_unit_test(treat_fatigue_equal_or_higher),
        cmocka_unit_test(mount_within_and_size),
        cmocka_unit_test(underwater_halved),
        cmocka_unit_test(env_beyond_light),
        cmocka_unit_test(surprise_perception),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
