/* odds_test.c: `fray odds threeaction` (src/rules/threeaction/odds.c)
 * against counts made by hand from the text's rules. */
#include <math.h>
#include <string.h>

#include "support/test.h"
#include "rules/threeaction/threeaction.h"

static json_t *run(const char *line)
{
    char buf[256], *argv[32], err[256];
    int argc = 0;
    strcpy(buf, line);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        argv[argc++] = t;
    json_t *out = NULL;
    if (ta_odds(argc, argv, &out, err, sizeof err) < 0)
        fail_msg("%s", err);
    return out;
}

#define assert_near(a, b) assert_true(fabs((a) - (b)) < 1e-12)

static double num(json_t *o, const char *k) { return json_real_value(json_object_get(o, k)); }

/* #Attack: d20 + 5 against 14 hits on 9..20 (12 faces); "On a Critical
 * Success you deal double Damage": a natural 20 or 10 over (19, 20). */
static void attack_hit_and_crit(void **s)
{
    (void)s;
    json_t *o = run("attack --bonus 5 --defense 14 --damage 4");
    assert_near(num(o, "p_hit"), 0.6);
    assert_near(num(o, "p_crit"), 0.1);
    json_t *d = json_object_get(o, "damage");
    assert_near(json_real_value(json_object_get(d, "4")), 0.5);
    assert_near(json_real_value(json_object_get(d, "8")), 0.1);
    json_decref(o);
}

/* A natural 1 misses and a natural 20 hits, whatever the numbers. */
static void naturals(void **s)
{
    (void)s;
    json_t *o = run("attack --bonus 50 --defense 10 --damage 1");
    assert_near(num(o, "p_hit"), 0.95);
    json_decref(o);
    o = run("attack --bonus -50 --defense 10 --damage 1");
    assert_near(num(o, "p_hit"), 0.05);
    assert_near(num(o, "p_crit"), 0.05);
    json_decref(o);
}

/* Advantage: the better of two d20s; 11+ on one die is 1/2, on two 3/4. */
static void advantage(void **s)
{
    (void)s;
    json_t *o = run("attack --bonus 0 --defense 11 --damage 1 --adv advantage --crit-margin 0");
    assert_near(num(o, "p_hit"), 0.75);
    json_decref(o);
}

/* #Bleed Table after a hit: d20 - (penalty + 1); with penalty 0 the rows
 * get 1/20, 5/20, 5/20, 5/20, 4/20 (a 20 - 1 = 19 stabilizes, 1 - 1 = 0 dies). */
static void next_bleed_roll(void **s)
{
    (void)s;
    json_t *o = run("attack --bonus 5 --defense 14 --damage 10 --hp 8");
    json_t *b = json_object_get(o, "bleed");
    json_t *t = json_object_get(b, "next_bleed_roll_after_a_hit");
    assert_near(json_real_value(json_object_get(t, "Death")), 0.05);
    assert_near(json_real_value(json_object_get(t, "Stabilize")), 0.2);
    assert_near(num(b, "p_incapacitated"), 0.5); /* 10 >= 8, 20 < 16 */
    assert_near(num(b, "p_dead"), 0.1);           /* crit: 20 >= 16 */
    json_decref(o);
}

/* defeat: 4 damage a hit against 8 HP is out at the second hit, or the
 * first critical. */
static void defeat_two_hits(void **s)
{
    (void)s;
    json_t *o = run("defeat --bonus 5 --defense 14 --damage 4 --hp 8");
    json_t *a = json_object_get(o, "attacks");
    assert_near(json_real_value(json_object_get(a, "1")), 0.1);
    /* attack 2: (miss then crit) + (plain hit then any hit) */
    assert_near(json_real_value(json_object_get(a, "2")), 0.4 * 0.1 + 0.5 * 0.6);
    json_decref(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(attack_hit_and_crit),
        cmocka_unit_test(naturals),
        cmocka_unit_test(advantage),
        cmocka_unit_test(next_bleed_roll),
        cmocka_unit_test(defeat_two_hits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
