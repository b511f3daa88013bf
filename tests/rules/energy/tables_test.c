/* tables_test.c: every table of 000_ca603e8fb651e0df.txt at every row
 * boundary (src/rules/energy/tables.c). Expected numbers are the text's. */
#include <limits.h>

#include "support/test.h"
#include "rules/energy/energy.h"

/* #Stamina, Energy Per Round: "0 unconscious / 1 1 / 2 2 / 3 3 / 4 4 / >=5 5" */
static void energy_per_round_rows(void **state)
{
    (void)state;
    assert_int_equal(en_energy_for_stamina(0), 0);
    assert_int_equal(en_energy_for_stamina(-3), 0);
    assert_int_equal(en_energy_for_stamina(1), 1);
    assert_int_equal(en_energy_for_stamina(2), 2);
    assert_int_equal(en_energy_for_stamina(3), 3);
    assert_int_equal(en_energy_for_stamina(4), 4);
    assert_int_equal(en_energy_for_stamina(5), 5);
    assert_int_equal(en_energy_for_stamina(6), 5);
    assert_int_equal(en_energy_for_stamina(INT_MAX), 5);
    assert_int_equal(en_energy_rows, 6);
}

/* #Conditions: "Exhausted: ... you gain 2 less Energy at the beginning of
 * each Round"; #Non-Lethal Damage: "only gain 3 Energy per Round" */
static void energy_exhausted(void **state)
{
    (void)state;
    assert_int_equal(en_energy_per_round(10, 1), 3);
    assert_int_equal(en_energy_per_round(5, 1), 3);
    assert_int_equal(en_energy_per_round(3, 1), 1);
    assert_int_equal(en_energy_per_round(2, 1), 0);
    assert_int_equal(en_energy_per_round(1, 1), 0);
    assert_int_equal(en_energy_per_round(4, 0), 4);
}

/* #Size, Size Chart: "Huge 360-480 6 -4 5 10 ... Fine <15 12 +8 .3 1" */
static void size_chart_rows(void **state)
{
    (void)state;
    static const struct { int size, ev, mc, jump, speed, lo, hi; } want[] = {
        {EN_SIZE_HUGE, 6, -4, 500, 10, 360, 480},  {EN_SIZE_LARGE, 7, -2, 400, 8, 240, 360},
        {EN_SIZE_MEDIUM, 8, 0, 300, 6, 140, 240},  {EN_SIZE_SMALL, 9, 2, 200, 5, 60, 140},
        {EN_SIZE_TINY, 10, 4, 100, 3, 30, 60},     {EN_SIZE_DIMINUTIVE, 11, 6, 50, 2, 15, 30},
        {EN_SIZE_FINE, 12, 8, 30, 1, 0, 15},
    };
    assert_int_equal(en_size_chart_rows, 7);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const en_size_row *r = en_size_row_of(want[i].size);
        assert_int_equal(r->size, want[i].size);
        assert_int_equal(r->inherent_evasion, want[i].ev);
        assert_int_equal(r->miss_chance_mod, want[i].mc);
        assert_int_equal(r->jump_cm, want[i].jump);
        assert_int_equal(r->speed_m, want[i].speed);
        assert_int_equal(r->height_lo_cm, want[i].lo);
        assert_int_equal(r->height_hi_cm, want[i].hi);
    }
    /* "This value is 8 for Medium creatures and 9 for Small creatures." */
    assert_int_equal(en_size_row_of(EN_SIZE_MEDIUM)->inherent_evasion, 8);
    assert_int_equal(en_size_row_of(EN_SIZE_SMALL)->inherent_evasion, 9);
    /* no Miniscule row in the chart: the Fine row stands in */
    assert_ptr_equal(en_size_row_of(EN_SIZE_MINISCULE), en_size_row_of(EN_SIZE_FINE));
}

/* #Situational Modifiers to Miss Chance, Miss Chance Size Modifier:
 * "Huge -4 ... Diminutive +8, Fine +12, Miniscule +18" */
static void mc_size_rows(void **state)
{
    (void)state;
    assert_int_equal(en_mc_size_rows, 8);
    assert_int_equal(en_mc_size_modifier(EN_SIZE_HUGE), -4);
    assert_int_equal(en_mc_size_modifier(EN_SIZE_LARGE), -2);
    assert_int_equal(en_mc_size_modifier(EN_SIZE_MEDIUM), 0);
    assert_int_equal(en_mc_size_modifier(EN_SIZE_SMALL), 2);
    assert_int_equal(en_mc_size_modifier(EN_SIZE_TINY), 4);
    assert_int_equal(en_mc_size_modifier(EN_SIZE_DIMINUTIVE), 8);
    assert_int_equal(en_mc_size_modifier(EN_SIZE_FINE), 12);
    assert_int_equal(en_mc_size_modifier(EN_SIZE_MINISCULE), 18);
    /* the two tables disagree below Tiny (option mc_size_table) */
    assert_int_not_equal(en_mc_size_modifier(EN_SIZE_DIMINUTIVE),
                         en_size_row_of(EN_SIZE_DIMINUTIVE)->miss_chance_mod);
}

/* Miss Chance Movement Modifier: "none -5 / Running, Walking, and typical
 * combat +0 / Running with zig-zagging, Sprinting +5" */
static void mc_move_rows(void **state)
{
    (void)state;
    assert_int_equal(en_mc_move_rows, 3);
    assert_int_equal(en_mc_move_modifier(EN_MOVE_NONE), -5);
    assert_int_equal(en_mc_move_modifier(EN_MOVE_TYPICAL), 0);
    assert_int_equal(en_mc_move_modifier(EN_MOVE_ZIGZAG), 5);
}

/* #Combat Roll: "20 Critical Hit ... 1-3 You become Exposed ... 1 Critical
 * Failure. Your attack misses."; #Critical Hits: "a scimitar which has
 * Precise 1 will Crit on a Combat roll of 19 or 20." */
static void combat_roll_rows(void **state)
{
    (void)state;
    assert_int_equal(en_d20_flags(20, 0), EN_OUT_CRIT);
    assert_int_equal(en_d20_flags(19, 0), 0);
    assert_int_equal(en_d20_flags(19, 1), EN_OUT_CRIT);
    assert_int_equal(en_d20_flags(18, 1), 0);
    assert_int_equal(en_d20_flags(4, 0), 0);
    assert_int_equal(en_d20_flags(3, 0), EN_OUT_SELF_EXPOSED);
    assert_int_equal(en_d20_flags(2, 0), EN_OUT_SELF_EXPOSED);
    assert_int_equal(en_d20_flags(1, 0), EN_OUT_SELF_EXPOSED | EN_OUT_MISS);
    /* a natural 1 misses even when Precise reaches down to it */
    assert_int_equal(en_d20_flags(1, 19), EN_OUT_SELF_EXPOSED | EN_OUT_MISS);
    assert_int_equal(en_d20_flags(2, 18), EN_OUT_SELF_EXPOSED | EN_OUT_CRIT);
}

/* #Draw Weight, Draw Weight Table, every Arm Strength boundary */
static void draw_weight_rows(void **state)
{
    (void)state;
    static const struct { int arm, kg, extra, r0, r1, r2; } want[] = {
        {-5, 19, 0, -3, -10, -60}, {0, 19, 0, -3, -10, -60}, {1, 20, 0, -2, -5, -30},
        {3, 20, 0, -2, -5, -30},   {4, 25, 0, -1, -5, -10},  {7, 25, 0, -1, -5, -10},
        {8, 30, 0, 0, 0, 0},       {11, 30, 0, 0, 0, 0},     {12, 35, 1, 0, 5, 10},
        {15, 35, 1, 0, 5, 10},     {16, 40, 2, 1, 6, 12},    {19, 40, 2, 1, 6, 12},
        {20, 45, 3, 1, 9, 18},     {24, 45, 3, 1, 9, 18},    {25, 50, 4, 2, 12, 24},
        {29, 50, 4, 2, 12, 24},    {30, 60, 5, 2, 15, 30},   {34, 60, 5, 2, 15, 30},
        {35, 70, 6, 3, 18, 36},    {39, 70, 6, 3, 18, 36},   {40, 80, 7, 3, 26, 52},
        {99, 80, 7, 3, 26, 52},
    };
    assert_int_equal(en_draw_rows, 11);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const en_draw_row *r = en_draw_row_for_arm(want[i].arm);
        assert_int_equal(r->draw_kg, want[i].kg);
        assert_int_equal(r->extra_damage, want[i].extra);
        assert_int_equal(r->range[0], want[i].r0);
        assert_int_equal(r->range[1], want[i].r1);
        assert_int_equal(r->range[2], want[i].r2);
        /* the same row found by its weight */
        assert_ptr_equal(en_draw_row_for_kg(want[i].kg), r);
    }
    assert_int_equal(en_draw_row_for_arm(12)->restriction, EN_DW_HAND_XBOW_MAX);
    assert_int_equal(en_draw_row_for_arm(16)->restriction, EN_DW_MPL12_MAX);
    assert_int_equal(en_draw_row_for_arm(20)->restriction, EN_DW_MPL34_MAX);
    assert_int_equal(en_draw_row_for_arm(25)->restriction, EN_DW_MPL5_MAX);
    assert_int_equal(en_draw_row_for_arm(30)->restriction, EN_DW_HEAVY_SIEGE_XBOW);
    assert_int_equal(en_draw_row_for_arm(35)->restriction, EN_DW_SIEGE_XBOW);
    assert_int_equal(en_draw_row_for_arm(40)->restriction, EN_DW_SIEGE_XBOW);
    /* a weight between rows counts as the lighter row */
    assert_int_equal(en_draw_row_for_kg(33)->draw_kg, 30);
}

/* #Throwing Weapons, Increased Throwing Distance */
static void throw_distance_rows(void **state)
{
    (void)state;
    static const struct { int arm, a, b, c; } want[] = {
        {-2, 0, 0, 0},  {4, 0, 0, 0},    {5, 0, 2, 4},    {9, 0, 2, 4},    {10, 1, 4, 8},
        {14, 1, 4, 8},  {15, 1, 6, 10},  {19, 1, 6, 10},  {20, 2, 8, 16},  {24, 2, 8, 16},
        {25, 2, 10, 20}, {29, 2, 10, 20}, {30, 3, 12, 24}, {34, 3, 12, 24}, {35, 3, 14, 28},
        {39, 3, 14, 28}, {40, 4, 16, 32}, {70, 4, 16, 32},
    };
    assert_int_equal(en_throw_rows, 9);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const en_throw_row *r = en_throw_row_for_arm(want[i].arm);
        assert_int_equal(r->extra[0], want[i].a);
        assert_int_equal(r->extra[1], want[i].b);
        assert_int_equal(r->extra[2], want[i].c);
    }
}

/* #Non-Lethal Damage, Dealing Non-Lethal Damage: "Blunt melee weapon >=5 /
 * Other melee weapon >=10 / Ranged/thrown weapon >=15"; "you could take a -6
 * Miss Chance on a ranged attack and deal Non-Lethal damage on a Chance roll
 * of 5 or greater" */
static void nonlethal_rows(void **state)
{
    (void)state;
    assert_int_equal(en_nonlethal_rows, 3);
    assert_int_equal(en_nonlethal_min(EN_NL_BLUNT_MELEE, 0), 5);
    assert_int_equal(en_nonlethal_min(EN_NL_OTHER_MELEE, 0), 10);
    assert_int_equal(en_nonlethal_min(EN_NL_RANGED, 0), 15);
    assert_int_equal(en_nonlethal_min(EN_NL_RANGED, 2), 5);
    assert_int_equal(en_nonlethal_min(EN_NL_OTHER_MELEE, 1), 5);
}

/* #Death Roll: ">=20 ... 15-19 ... 10-14 ... 5-9 ... 2-4 ... <=1 You die." */
static void death_roll_rows(void **state)
{
    (void)state;
    assert_int_equal(en_death_roll_rows, 6);
    assert_int_equal(en_death_roll_effect(25), EN_DR_NOTHING);
    assert_int_equal(en_death_roll_effect(20), EN_DR_NOTHING);
    assert_int_equal(en_death_roll_effect(19), EN_DR_EXHAUSTED_ROUND);
    assert_int_equal(en_death_roll_effect(15), EN_DR_EXHAUSTED_ROUND);
    assert_int_equal(en_death_roll_effect(14), EN_DR_EXHAUSTED_REST);
    assert_int_equal(en_death_roll_effect(10), EN_DR_EXHAUSTED_REST);
    assert_int_equal(en_death_roll_effect(9), EN_DR_BLEED);
    assert_int_equal(en_death_roll_effect(5), EN_DR_BLEED);
    assert_int_equal(en_death_roll_effect(4), EN_DR_UNCONSCIOUS);
    assert_int_equal(en_death_roll_effect(2), EN_DR_UNCONSCIOUS);
    assert_int_equal(en_death_roll_effect(1), EN_DR_DIE);
    assert_int_equal(en_death_roll_effect(-2), EN_DR_DIE);
}

/* #Death Save: ">=20 Stabilized / 5-19 continue / 2-4 unconscious / <=1 die" */
static void death_save_rows(void **state)
{
    (void)state;
    assert_int_equal(en_death_save_rows, 4);
    assert_int_equal(en_death_save_effect(20), EN_DS_STABILIZED);
    assert_int_equal(en_death_save_effect(19), EN_DS_CONTINUE);
    assert_int_equal(en_death_save_effect(5), EN_DS_CONTINUE);
    assert_int_equal(en_death_save_effect(4), EN_DS_UNCONSCIOUS);
    assert_int_equal(en_death_save_effect(2), EN_DS_UNCONSCIOUS);
    assert_int_equal(en_death_save_effect(1), EN_DS_DIE);
}

/* #Stamina, Spending Stamina: "Sprint 1 / Jump 1 / Break down door/wall 1 /
 * Climb 1-3" */
static void stamina_cost_rows(void **state)
{
    (void)state;
    assert_int_equal(en_stamina_cost_rows, 4);
    assert_string_equal(en_stamina_costs[0].action, "Sprint");
    assert_int_equal(en_stamina_costs[0].lo, 1);
    assert_string_equal(en_stamina_costs[1].action, "Jump");
    assert_int_equal(en_stamina_costs[1].hi, 1);
    assert_int_equal(en_stamina_costs[3].lo, 1);
    assert_int_equal(en_stamina_costs[3].hi, 3);
}

/* Rounding down, for every "Halved" and "1/3" of the text */
static void rounding(void **state)
{
    (void)state;
    assert_int_equal(en_div_down(7, 3), 2);
    assert_int_equal(en_div_down(6, 3), 2);
    assert_int_equal(en_div_down(-1, 2), -1);
    assert_int_equal(en_div_down(-4, 3), -2);
    assert_int_equal(en_div_down(0, 3), 0);
    assert_int_equal(en_ability_mod(10), 0);
    assert_int_equal(en_ability_mod(11), 0);
    assert_int_equal(en_ability_mod(12), 1);
    assert_int_equal(en_ability_mod(9), -1);
    assert_int_equal(en_ability_mod(8), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(energy_per_round_rows), cmocka_unit_test(energy_exhausted),
        cmocka_unit_test(size_chart_rows),       cmocka_unit_test(mc_size_rows),
        cmocka_unit_test(mc_move_rows),          cmocka_unit_test(combat_roll_rows),
        cmocka_unit_test(draw_weight_rows),      cmocka_unit_test(throw_distance_rows),
        cmocka_unit_test(nonlethal_rows),        cmocka_unit_test(death_roll_rows),
        cmocka_unit_test(death_save_rows),       cmocka_unit_test(stamina_cost_rows),
        cmocka_unit_test(rounding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
