/* terrain_test.c: #Terrain and movement on an encounter's map
 * (src/rules/threeaction/terrain.c), each rule checked against the sentence
 * of 002_9c6f0ed04fdad0e7.txt it implements, driven by hand. */
#include <stdio.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/threeaction/threeaction.h"

#define SHEET "\"level\": 1, \"hp\": 20, \"weapons\": [{\"name\": \"club\", \"damage\": \"1d6\"}]"

/* A (blue) and T (red) with extra sheet keys, on a map. */
static fray_encounter *pair(const char *a_at, const char *a_extra, const char *t_at,
                            const char *t_extra, const char *map)
{
    char json[2048];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"threeaction\", \"combatants\": ["
             "{\"name\": \"A\", \"side\": \"blue\", \"at\": [%s], \"sheet\": {" SHEET "%s}},"
             "{\"name\": \"T\", \"side\": \"red\", \"at\": [%s], \"sheet\": {" SHEET "%s}}],"
             "\"map\": %s}",
             a_at, a_extra, t_at, t_extra, map);
    return test_open_round1(json, "terrain_test.json");
}

/* #Difficult Terrain: "all movement through it counts as moving twice as
 * far ... Whether you are moving in Difficult Terrain is Determined by the
 * square you are moving out of." */
static void difficult_by_the_square_left(void **s)
{
    (void)s;
    /* rubble under the first two squares: leaving them costs 300 cm each */
    fray_encounter *e = pair("0, 0", "", "30, 0", "",
                             "{\"regions\": [{\"kind\": \"difficult\", \"from\": [-0.75, -1], \"to\": [2.25, 1]}]}");
    ta_travel_map(e, 0, 3000, 0, 900, 0, INT32_MAX);
    assert_int_equal(e->c[0].x, 600); /* 300 + 300, then 150 + 150 */
    fray_encounter_free(e);
    /* rubble ahead: the square entered costs nothing more, the one left does */
    e = pair("0, 0", "", "30, 0", "",
             "{\"regions\": [{\"kind\": \"difficult\", \"from\": [5.25, -1], \"to\": [9, 1]}]}");
    ta_travel_map(e, 0, 3000, 0, 900, 0, INT32_MAX);
    assert_int_equal(e->c[0].x, 750); /* 5 squares out of plain ground, then 150 of budget left */
    fray_encounter_free(e);
}

/* "If you have an ability that allows you to pass through the Area by other
 * means, such as fly over it, Burrowing under it ... without Penalty." */
static void flyers_and_burrowers_pass_free(void **s)
{
    (void)s;
    fray_encounter *e = pair("0, 0", ", \"flight\": \"flight\"", "30, 0", "",
                             "{\"regions\": [{\"kind\": \"difficult\", \"from\": [-1, -1], \"to\": [20, 1]}]}");
    ta_travel_map(e, 0, 3000, 0, 900, 0, INT32_MAX);
    assert_int_equal(e->c[0].x, 900);
    fray_encounter_free(e);
    e = pair("0, 0", ", \"burrow\": true", "30, 0", "",
             "{\"regions\": [{\"kind\": \"difficult\", \"from\": [-1, -1], \"to\": [20, 1]},"
             "{\"kind\": \"earth\", \"from\": [-1, -1], \"to\": [20, 1]}]}");
    assert_true(ta_underground(e, 0));
    ta_travel_map(e, 0, 3000, 0, 900, 0, INT32_MAX);
    assert_int_equal(e->c[0].x, 900);
    fray_encounter_free(e);
}

/* #Line of Effect: "an unobstructed line could be drawn from a point within
 * your space to a target ... Line of Effect is not affected by things that
 * prevent vision, like Darkness or Fog." #Cover: "If it is completely
 * obscured by a protective Object it cannot be attacked." */
static void line_of_effect_and_walls(void **s)
{
    (void)s;
    fray_encounter *e = pair("0, 0", "", "6, 0", "",
                             "{\"walls\": [{\"from\": [3, -5], \"to\": [3, 5]}],"
                             "\"regions\": [{\"kind\": \"fog\", \"from\": [-1, 2], \"to\": [1, 3]}]}");
    assert_false(ta_line_of_effect(e, 0, 1));
    fray_move(e, 1, 0, 600); /* now past the fog, no wall between */
    assert_true(ta_line_of_effect(e, 0, 1));
    assert_true(ta_concealed(e, 1, 0)); /* fog between conceals, does not block */
    fray_encounter_free(e);
}

/* #Cover: "partially obscured by a Creature or Object of at least their
 * Size ... Attacks against Creatures with Cover are made with
 * Disadvantage." A wall that hides the centre but not a corner is partial. */
static void cover_from_objects_and_wall_ends(void **s)
{
    (void)s;
    fray_encounter *e = pair("0, 0", "", "6, 0", "",
                             "{\"objects\": [{\"from\": [2.5, -0.5], \"to\": [3.5, 0.5], \"size\": \"small\"}]}");
    assert_false(ta_cover(e, 1, 0)); /* a small crate does not cover a Medium creature */
    fray_encounter_free(e);
    e = pair("0, 0", "", "6, 0", ", \"size\": \"small\"",
             "{\"objects\": [{\"from\": [2.5, -0.5], \"to\": [3.5, 0.5], \"size\": \"small\"}]}");
    assert_true(ta_cover(e, 1, 0));
    int n = 0;
    int mark = fray_mods_mark(e);
    ta_attack_adv(e, 0, 1, 1, &n);
    fray_mods_drop(e, mark);
    assert_int_equal(n, -1);
    fray_encounter_free(e);
    e = pair("0, 0", "", "6, 0", "", "{\"walls\": [{\"from\": [3, -0.2], \"to\": [3, 5]}]}");
    assert_true(ta_line_of_effect(e, 0, 1));
    assert_true(ta_cover(e, 1, 0));
    fray_encounter_free(e);
}

/* #Darkness: "Creatures in Darkness are Concealed to all Creatures that do
 * not have Darkvision"; #Light: "Fire usually lights a 20ft radius". */
static void darkness_light_and_darkvision(void **s)
{
    (void)s;
    fray_encounter *e = pair("0, 0", "", "1.5, 0", "",
                             "{\"dark\": true, \"regions\": [{\"kind\": \"light\", \"at\": [20, 0], \"radius\": 6}]}");
    assert_true(ta_concealed(e, 1, 0));
    ta_cr(e, 0)->darkvision = 1;
    assert_false(ta_concealed(e, 1, 0));
    ta_cr(e, 0)->darkvision = 0;
    fray_move(e, 1, 1500, 0); /* within the light */
    assert_false(ta_concealed(e, 1, 0));
    fray_move(e, 1, 150, 0);
    fray_cond_add(e, 0, TA_C_ON_FIRE, -1, FRAY_EXP_NEVER, 0); /* A burns: lights 20 ft */
    assert_false(ta_concealed(e, 1, 0));
    fray_encounter_free(e);
}

/* #Fog: "If Fog interrupts sight of a Creature at any point the Creature is
 * Concealed (this may be because the viewer is in Fog, the Creature is in
 * Fog, or there is Fog between the two)". */
static void fog_anywhere_on_the_line(void **s)
{
    (void)s;
    fray_encounter *e = pair("0, 0", "", "6, 0", "",
                             "{\"regions\": [{\"kind\": \"fog\", \"from\": [-1, -1], \"to\": [1, 1]}]}");
    assert_true(ta_concealed(e, 1, 0)); /* the viewer in fog */
    assert_true(ta_concealed(e, 0, 1)); /* the creature in fog */
    fray_move(e, 0, 0, 300);
    assert_false(ta_concealed(e, 1, 0));
    fray_move(e, 0, -600, 0); /* fog between */
    assert_true(ta_concealed(e, 1, 0));
    fray_encounter_free(e);
}

/* #Thin Ice: "Can support 2 Bulk per 5ft square for every inch thick it
 * is." A Medium creature (Bulk 6) breaks 2 inches, not 3. */
static void thin_ice_by_bulk(void **s)
{
    (void)s;
    fray_encounter *e = pair("0, 0", "", "9, 0", "",
                             "{\"regions\": [{\"kind\": \"thin_ice\", \"from\": [-1, -1], \"to\": [1, 1], \"thickness\": 3},"
                             "{\"kind\": \"thin_ice\", \"from\": [5, -1], \"to\": [7, 1], \"thickness\": 2}]}");
    ta_after_move(e, 0);
    assert_int_equal(((ta_state *)e->state)->broken[0], 0);
    fray_move(e, 0, 600, 0);
    ta_after_move(e, 0);
    assert_int_equal(((ta_state *)e->state)->broken[0], 2); /* region 1 broke */
    /* broken ice is deep water: a careful move now stops before it */
    fray_move(e, 0, 0, 0);
    ta_travel_map(e, 0, 900, 0, 900, 0, INT32_MAX);
    assert_true(e->c[0].x < 500);
    fray_encounter_free(e);
}

/* #Push: "If their movement is ended prematurely by a hard surface (such as
 * a wall) they take a d6 of Damage for every 5 ft they could not travel and
 * fall Prone." */
static void push_into_a_wall(void **s)
{
    (void)s;
    fray_encounter *e = pair("0, 0", "", "1.5, 0", "", "{\"walls\": [{\"from\": [3, -3], \"to\": [3, 3]}]}");
    static const int d[] = {4, 5, 1};
    fray_set_dice_script(e, d, 3);
    int went = ta_push_map(e, 0, 1, 450); /* 15 ft */
    assert_int_equal(went, 75); /* to half a square from the wall */
    assert_int_equal(e->c[1].x, 225);
    assert_int_equal(fray_res(e, 1, TA_R_HP), 20 - 4 - 5 - 1); /* 3d6: 15 ft short */
    assert_true(fray_has(e, 1, TA_C_PRONE));
    fray_encounter_free(e);
}

/* #Falling: "Landing in water may reduce the effective distance of the fall
 * by 50 ft"; #Swimming: "If the water has a current it moves every Creature
 * in it in the direction of the current at the start of their Turns". */
static void water_softens_falls_and_carries(void **s)
{
    (void)s;
    fray_encounter *e = pair("0, 0", "", "9, 0", "",
                             "{\"regions\": [{\"kind\": \"water\", \"from\": [-2, -2], \"to\": [2, 8], \"current\": [0, 3]}]}");
    assert_int_equal(ta_fall_water(e, 0, 60), 10);
    assert_int_equal(ta_fall_water(e, 0, 40), 0);
    assert_int_equal(ta_fall_water(e, 1, 60), 60);
    ta_terrain_turn_start(e, 0);
    assert_int_equal(e->c[0].y, 300);
    fray_encounter_free(e);
}

/* #Squeezing: "A Creature can Move through a space half the Size it would
 * normally be able to. The space counts as Difficult Terrain for the
 * Creature. While in this space the Creature is Flat Footed". */
static void squeezing_into_narrow_spaces(void **s)
{
    (void)s;
    fray_encounter *e = pair("0, 0", ", \"size\": \"large\"", "20, 0", "",
                             "{\"regions\": [{\"kind\": \"narrow\", \"from\": [3, -1], \"to\": [12, 1], \"fits\": \"medium\"}]}");
    ta_travel_map(e, 0, 2000, 0, 900, 0, INT32_MAX);
    ta_after_move(e, 0);
    assert_true(fray_has(e, 0, TA_C_SQUEEZING));
    assert_true(ta_flat_footed(e, 0, 1));
    fray_encounter_free(e);
    e = pair("0, 0", ", \"size\": \"huge\"", "20, 0", "",
             "{\"regions\": [{\"kind\": \"narrow\", \"from\": [3, -1], \"to\": [12, 1], \"fits\": \"medium\"}]}");
    ta_travel_map(e, 0, 2000, 0, 900, 0, INT32_MAX);
    assert_true(e->c[0].x < 300); /* two sizes too large: it stops outside */
    fray_encounter_free(e);
}

/* #Zero-G: "If you make an Attack or are hit while not touching a fixed
 * Object you must spend an Action to Stabilize yourself or take
 * Disadvantage on all Attack rolls". */
static void zero_g_unstable(void **s)
{
    (void)s;
    fray_encounter *e = pair("0, 0", "", "1.5, 0", "",
                             "{\"regions\": [{\"kind\": \"zero_g\", \"from\": [-10, -10], \"to\": [10, 10]}],"
                             "\"walls\": [{\"from\": [-0.75, -5], \"to\": [-0.75, 5]}]}");
    int ally;
    assert_int_equal(ta_can_push_off(e, 0, &ally), 2); /* at the wall */
    assert_int_equal(ta_can_push_off(e, 1, &ally), 0); /* nothing near T */
    ta_unsteady(e, 0);
    assert_false(fray_has(e, 0, TA_C_UNSTABLE)); /* touching the wall */
    ta_unsteady(e, 1);
    assert_true(fray_has(e, 1, TA_C_UNSTABLE));
    assert_true(fray_cflags(e, 1) & FRAY_CF_ATTACK_DIS);
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(difficult_by_the_square_left),
        cmocka_unit_test(flyers_and_burrowers_pass_free),
        cmocka_unit_test(line_of_effect_and_walls),
        cmocka_unit_test(cover_from_objects_and_wall_ends),
        cmocka_unit_test(darkness_light_and_darkvision),
        cmocka_unit_test(fog_anywhere_on_the_line),
        cmocka_unit_test(thin_ice_by_bulk),
        cmocka_unit_test(push_into_a_wall),
        cmocka_unit_test(water_softens_falls_and_carries),
        cmocka_unit_test(squeezing_into_narrow_spaces),
        cmocka_unit_test(zero_g_unstable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
