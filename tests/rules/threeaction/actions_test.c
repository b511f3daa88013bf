/* actions_test.c: the Attacks and Actions of 002_9c6f0ed04fdad0e7.txt
 * (src/rules/threeaction/actions.c, resolve.c, rounds.c) at the
 * boundaries of their sentences (issue 33), driven by hand with scripted
 * dice. Positions are in metres (1.5 = 5 ft). */
#include <stdio.h>
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/threeaction/threeaction.h"

#define SWORD "{\"name\": \"sword\", \"weight\": \"medium\", \"damage\": \"1d8\"}"
#define BOW "{\"name\": \"bow\", \"damage\": \"1d8\", \"range\": 30}"
#define SHEET(w) "{\"level\": 1, \"hp\": 20, \"weapons\": [" w "]}"

/* An encounter of `combatants` (a JSON list body) with `options` (a JSON
 * object body, may be ""), started and in round 1. */
static fray_encounter *fight(const char *combatants, const char *options)
{
    static char json[8192];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"threeaction\", \"options\": {%s}, \"combatants\": [%s]}", options,
             combatants);
    return test_open_round1(json, "actions_test.json");
}

static void dice(fray_encounter *e, const int *d, size_t n) { fray_set_dice_script(e, d, n); }

static void act(fray_encounter *e, int kind, int who, int t, int arg)
{
    fray_action a = {.kind = (int16_t)kind, .actor = (int8_t)who, .target = (int8_t)t,
                     .arg = (int16_t)arg};
    ta_resolve(e, &a);
}

/* #Ranged Attack: "If the target of the Attack is farther away than the
 * Range Increment of the Weapon you take a -1 Penalty on the Attack for
 * every Range Increment it is from you rounded down." A 30 ft increment:
 * 29 and 30 ft no penalty, 31 and 59 ft -1, 60 and 61 ft -2 (60 ft is two
 * increments away), 89 -2, 90 -3. */
static void range_penalty_rounded_down(void **s)
{
    (void)s;
    static const struct { const char *at; int pen; } rows[] = {
        {"8.7", 0}, {"9", 0}, {"9.3", 1}, {"17.7", 1}, {"18", 2}, {"18.3", 2}, {"26.7", 2}, {"27", 3},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char cs[1024];
        snprintf(cs, sizeof cs,
                 "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET(BOW) "},"
                 "{\"name\": \"T\", \"side\": \"red\", \"at\": [%s, 0], \"sheet\": " SHEET(SWORD) "}",
                 rows[i].at);
        fray_encounter *e = fight(cs, "");
        int d = ta_dist(e, 0, 1);
        assert_int_equal(ta_range_penalty(e, d, ta_ccr(e, 0)->w[0].increment), rows[i].pen);
        fray_encounter_free(e);
    }
    /* the same in an attack: d20 11 + Level 1 against Physical Defense 11
     * hits at 59 ft (-1) and misses at 60 ft (-2) */
    fray_encounter *e = fight(
        "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET(BOW) "},"
        "{\"name\": \"N\", \"side\": \"red\", \"at\": [17.7, 0], \"sheet\": " SHEET(SWORD) "},"
        "{\"name\": \"F\", \"side\": \"red\", \"at\": [0, 18], \"sheet\": " SHEET(SWORD) "}",
        "");
    assert_int_equal(ta_ccr(e, 1)->pdef, 11);
    int d[] = {11, 4, 11};
    dice(e, d, 3);
    act(e, TA_A_RANGED, 0, 1, 0);
    assert_int_equal(fray_res(e, 1, TA_R_HP), 16);
    act(e, TA_A_RANGED, 0, 2, 0);
    assert_int_equal(fray_res(e, 2, TA_R_HP), 20);
    fray_encounter_free(e);
    /* option range_past_first: the old count, -1 at exactly 60 ft */
    e = fight("{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET(BOW) "},"
              "{\"name\": \"F\", \"side\": \"red\", \"at\": [18, 0], \"sheet\": " SHEET(SWORD) "}",
              "\"range_past_first\": 1");
    assert_int_equal(ta_range_penalty(e, ta_dist(e, 0, 1), ta_ccr(e, 0)->w[0].increment), 1);
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(range_penalty_rounded_down),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
