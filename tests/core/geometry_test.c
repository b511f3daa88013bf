/* geometry_test.c: distances, facing, steps, the paths of attacks of
 * opportunity, flanking shapes, range increments and the nearest foe
 * (src/core/geometry.c). */
#include "test.h"
#include <string.h>
#include "testrules.h"

static const char *duel =
    "{\"ruleset\":\"test\",\"combatants\":["
    "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{\"hp\":5}},"
    "{\"name\":\"B\",\"side\":\"red\",\"at\":[3,4],\"sheet\":{\"hp\":5}}]}";

/* fray_isqrt is the floor of the root for every v: at each square, one
 * below it and one above, over the whole range a distance can take, up to
 * the largest root an int holds. */
static void test_isqrt_exact(void **s)
{
    (void)s;
    assert_int_equal(fray_isqrt(0), 0);
    assert_int_equal(fray_isqrt(-5), 0);
    for (int64_t r = 1; r < ((int64_t)1 << 31); r = r < 5000 ? r + 1 : r * 3 / 2 + 7) {
        int64_t sq = r * r;
        if (fray_isqrt(sq) != r || fray_isqrt(sq - 1) != r - 1 || fray_isqrt(sq + 1) != r)
            fail_msg("fray_isqrt around %lld^2 = %lld: %d %d %d", (long long)r, (long long)sq,
                     fray_isqrt(sq - 1), fray_isqrt(sq), fray_isqrt(sq + 1));
    }
    assert_int_equal(fray_isqrt(((int64_t)1 << 62) - 1), INT32_MAX);
}

static void test_geometry(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    assert_int_equal(fray_distance(e, 0, 1), 500); /* 3-4-5 metres, in cm */
    assert_int_equal(fray_isqrt(99), 9);
    assert_int_equal(fray_isqrt(100), 10);
    assert_int_equal(fray_isqrt((int64_t)1 << 60), 1 << 30);
    /* A at the origin faces B (up and right: direction 1, 45 degrees) */
    assert_int_equal(e->c[0].facing, 1);
    assert_true(fray_faces(e, 0, 300, 400));
    assert_false(fray_faces(e, 0, -300, -400));
    e->c[0].facing = 0; /* +x: a point straight beside counts as faced */
    assert_true(fray_faces(e, 0, 0, 100));
    assert_false(fray_faces(e, 0, -1, 100));
    fray_encounter_free(e);
}

/* The facing's definition, as a loop: the direction whose unit vector has
 * the largest projection, the first of equals, diagonals scaled by 181/256. */
static int facing_by_definition(int64_t dx, int64_t dy)
{
    static const int ux[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    static const int uy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    int best = 0;
    int64_t bestp = INT64_MIN;
    for (int i = 0; i < 8; i++) {
        int64_t p = dx * ux[i] + dy * uy[i];
        if (ux[i] && uy[i])
            p = p * 181 / 256;
        if (p > bestp) {
            bestp = p;
            best = i;
        }
    }
    return best;
}

static void test_facing_without_a_loop(void **s)
{
    (void)s;
    assert_int_equal(fray_facing_of(100, 0), 0);
    assert_int_equal(fray_facing_of(100, 100), 1);
    assert_int_equal(fray_facing_of(-100, -1), 4);
    assert_int_equal(fray_facing_of(0, 0), 0); /* no direction: the first */
    for (int64_t dx = -400; dx <= 400; dx++)
        for (int64_t dy = -400; dy <= 400; dy++)
            if (fray_facing_of(dx, dy) != facing_by_definition(dx, dy))
                fail_msg("facing of (%lld, %lld)", (long long)dx, (long long)dy);
    for (int64_t k = 1; k < ((int64_t)1 << 40); k = k * 3 + 1)
        for (int sx = -1; sx <= 1; sx++)
            for (int sy = -1; sy <= 1; sy++)
                assert_int_equal(fray_facing_of(sx * k, sy * (k / 2 + 1)),
                                 facing_by_definition(sx * k, sy * (k / 2 + 1)));
}

/* fray_isqrt_near is fray_isqrt whatever the guess: three products when the
 * root is one of g - 2 .. g, fray_isqrt otherwise. */
static void test_isqrt_near(void **s)
{
    (void)s;
    for (int g = -3; g <= 130; g++)
        for (int64_t v = -2; v <= 140 * 140; v++)
            if (fray_isqrt_near(v, g) != fray_isqrt(v))
                fail_msg("fray_isqrt_near(%lld, %d) = %d, not %d", (long long)v, g, fray_isqrt_near(v, g),
                         fray_isqrt(v));
    /* the step the moves take: 1 m from (0, 0) towards any point 1 m to
     * 30 m away, coordinates rounded toward zero, is 98 to 100 cm long */
    for (int dx = -3000; dx <= 3000; dx += 7)
        for (int dy = -3000; dy <= 3000; dy += 13) {
            int64_t d2 = (int64_t)dx * dx + (int64_t)dy * dy;
            int d = fray_isqrt(d2);
            if (d < 100)
                continue;
            int64_t qx = (int64_t)dx * 100 / d, qy = (int64_t)dy * 100 / d, q2 = qx * qx + qy * qy;
            int m = fray_isqrt(q2);
            if (m < 98 || m > 100 || fray_isqrt_near(q2, 100) != m)
                fail_msg("a 1 m step towards (%d, %d) is %d cm", dx, dy, m);
        }
    assert_int_equal(fray_isqrt_near((int64_t)1 << 60, 100), 1 << 30);
}

/* A step towards stops at the point; away goes on; from the point itself,
 * away is along +x; coordinates round toward zero either way. */
static void test_steps(void **s)
{
    (void)s;
    int x, y;
    fray_step_towards(0, 0, 300, 400, 100, 0, &x, &y);
    assert_int_equal(x, 60);
    assert_int_equal(y, 80);
    fray_step_towards(0, 0, 300, 400, 900, 0, &x, &y); /* no overshoot */
    assert_int_equal(x, 300);
    assert_int_equal(y, 400);
    fray_step_towards(0, 0, 300, 400, 100, 1, &x, &y);
    assert_int_equal(x, -60);
    assert_int_equal(y, -80);
    fray_step_towards(50, 50, 50, 50, 100, 1, &x, &y);
    assert_int_equal(x, 150);
    assert_int_equal(y, 50);
    fray_step_towards(0, 0, -100, -200, 100, 0, &x, &y); /* toward zero: -44.7, -89.4 */
    assert_int_equal(x, -44);
    assert_int_equal(y, -89);
    /* with a length too large for 32-bit products */
    fray_step_along(0, 0, 3000000, 4000000, 5000000, 1000, 0, &x, &y);
    assert_int_equal(x, 600);
    assert_int_equal(y, 800);
}

/* An attack of opportunity: a move that comes into the reach from outside,
 * by passing through it or by ending in it; not one that starts inside,
 * nor one that passes by. `through`: only a move that leaves it again. */
static void test_paths_into_a_reach(void **s)
{
    (void)s;
    /* a guard at the origin with a 150 cm reach */
    assert_true(fray_path_enters(0, 0, 150, -500, 100, 500, 100, 0));  /* passes 1 m by */
    assert_true(fray_path_enters(0, 0, 150, -500, 100, 500, 100, 1));  /* and leaves */
    assert_false(fray_path_enters(0, 0, 150, -500, 200, 500, 200, 0)); /* 2 m by: outside */
    assert_true(fray_path_enters(0, 0, 150, -500, 0, -100, 0, 0));     /* ends inside */
    assert_false(fray_path_enters(0, 0, 150, -500, 0, -100, 0, 1));    /* ...and stays */
    assert_false(fray_path_enters(0, 0, 150, -100, 0, -500, 0, 0));    /* starts inside */
    assert_false(fray_path_enters(0, 0, 150, 500, 0, 900, 0, 0));      /* moves away */
    assert_true(fray_path_enters(0, 0, 150, -150, 151, 150, 151, 0) ==
                (fray_dist2_point_segment(0, 0, -150, 151, 150, 151) <= 150 * 150));
    assert_int_equal(fray_dist2_point_segment(0, 0, 300, -100, 300, 100), 300 * 300);
    assert_int_equal(fray_dist2_point_segment(0, 0, 300, 400, 600, 800), 500 * 500); /* the end */
}

/* Flanking shapes around a target at the origin: 120 degrees apart (the
 * wounds text, #Flanking: "at least a 120-degree separation between any two
 * of the surrounding creatures from the center of the target's space"),
 * and opposite sides through the target's space (grid flanking: a line
 * between the two flankers crosses the target). */
static void test_flanking_shapes(void **s)
{
    (void)s;
    assert_true(fray_apart_120(0, 0, 100, 0, -100, 0));
    assert_false(fray_apart_120(0, 0, 100, 0, 0, 100));
    /* (1000, 0) and (-500, 866) are 120.0002 degrees apart, (-500, 867) 119.97 */
    assert_true(fray_apart_120(0, 0, 1000, 0, -500, 866));
    assert_false(fray_apart_120(0, 0, 1000, 0, -500, 867));
    assert_true(fray_apart_120(0, 0, 5000000, 0, -5000000, 1));
    assert_false(fray_apart_120(0, 0, 0, 0, -100, 0));
    /* opposite: east and west, and the diagonals of a 1.5 m square */
    assert_true(fray_opposite(0, 0, 150, 0, -150, 0, 75));
    assert_true(fray_opposite(0, 0, 150, 150, -150, -150, 75));
    /* east and a knight's move to the north-west: the line between them
     * passes 67 cm from the centre, inside a 75 cm half-space, and 106 cm
     * from it one square further north */
    assert_true(fray_opposite(0, 0, 150, 0, -150, 150, 75));
    assert_false(fray_opposite(0, 0, 150, 0, -150, 150, 60));
    assert_false(fray_opposite(0, 0, 150, 0, -150, 300, 75));
    /* both on one side: never */
    assert_false(fray_opposite(0, 0, 150, 0, 300, 0, 75));
    assert_true(fray_opposite(0, 0, 4000000, 10, -4000000, -10, 75));
}

/* -2 per range increment beyond the first (the first's end counts inside). */
static void test_range_increments(void **s)
{
    (void)s;
    assert_int_equal(fray_range_increments(0, 10), 0);
    assert_int_equal(fray_range_increments(10, 10), 0);
    assert_int_equal(fray_range_increments(11, 10), 1);
    assert_int_equal(fray_range_increments(20, 10), 1);
    assert_int_equal(fray_range_increments(21, 10), 2);
    assert_int_equal(fray_range_increments(50, 0), 0); /* no increments: none */
}

static int is_foe(const fray_encounter *e, int who, int i) { return e->c[i].side != e->c[who].side; }

static void test_nearest(void **s)
{
    (void)s;
    fray_encounter *e = tr_load("{\"ruleset\":\"test\",\"combatants\":["
                                "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{\"hp\":5}},"
                                "{\"name\":\"F\",\"side\":\"blue\",\"at\":[1,0],\"sheet\":{\"hp\":5}},"
                                "{\"name\":\"B\",\"side\":\"red\",\"at\":[0,5],\"sheet\":{\"hp\":5}},"
                                "{\"name\":\"C\",\"side\":\"red\",\"at\":[3,4],\"sheet\":{\"hp\":5}},"
                                "{\"name\":\"D\",\"side\":\"red\",\"at\":[4,0],\"sheet\":{\"hp\":5}}]}");
    /* B and C both 5 m away: the earlier in the file; D is nearer */
    assert_int_equal(fray_nearest(e, 0, is_foe), 4);
    e->c[4].x = 600;
    assert_int_equal(fray_nearest(e, 0, is_foe), 2);
    assert_int_equal(fray_nearest(e, 2, is_foe), 0); /* A 5 m, F 5.1 m from B */
    fray_encounter_free(e);
}

/* Links between two creatures (a grapple, a hold): directed, by kind, reset
 * with the fight, and gone with a creature that leaves. */
static void test_links(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    assert_int_equal(fray_link_held(e, 0, 0), -1);
    fray_link(e, 0, 0, 1);
    assert_true(fray_linked(e, 0, 0, 1));
    assert_false(fray_linked(e, 0, 1, 0));  /* directed */
    assert_false(fray_linked(e, 1, 0, 1));  /* by kind */
    assert_int_equal(fray_link_held(e, 0, 0), 1);
    assert_int_equal(fray_link_holder(e, 0, 1), 0);
    assert_int_equal(fray_link_holder(e, 0, 0), -1);
    fray_unlink(e, 0, 0, 1);
    assert_false(fray_linked(e, 0, 0, 1));
    fray_link(e, 2, 1, 0);
    fray_reset(e, 1, 0);
    assert_false(fray_linked(e, 2, 1, 0)); /* a new fight starts unlinked */
    fray_link(e, 2, 1, 0);
    fray_link(e, 3, 0, 1);
    assert_int_equal(fray_remove_combatant(e, 0), 0);
    assert_int_equal(fray_link_holder(e, 2, 0), -1);
    assert_int_equal(fray_link_held(e, 3, 0), -1);
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_isqrt_exact),
        cmocka_unit_test(test_geometry),         cmocka_unit_test(test_facing_without_a_loop),
        cmocka_unit_test(test_isqrt_near),
        cmocka_unit_test(test_steps),            cmocka_unit_test(test_paths_into_a_reach),
        cmocka_unit_test(test_flanking_shapes),  cmocka_unit_test(test_range_increments),
        cmocka_unit_test(test_nearest),          cmocka_unit_test(test_links),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
