/* initiative_test.c: #Combat Overview, Determine Surprise
 * (src/rules/contest/initiative.c). */
#include <stdio.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/contest/contest.h"

/* "If one party tried to sneak up on the other, make a Stealth vs
 * Observation contest. Observing characters are surprised if the fail the
 * contest". Both targets 8 + 4 = 12; the contest read as a Combat Roll
 * (ties to the observer: the text is silent): the sneak's roll one lower
 * than the observer's surprises it, equal and one higher do not. */
static int surprised(int stealth_roll, int observe_roll)
{
    char json[2048];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"contest\", \"name\": \"surprise\", \"dice\": [%d, %d, 6, 1],"
             " \"combatants\": ["
             " {\"name\": \"S\", \"side\": \"a\", \"at\": [0, 0], \"sheet\": {\"health\": 9,"
             "  \"ambush\": true, \"attributes\": {\"Agility\": 2}, \"skills\": {\"Stealth\": 2}}},"
             " {\"name\": \"O\", \"side\": \"d\", \"at\": [9, 0], \"sheet\": {\"health\": 9,"
             "  \"skills\": {\"Observation\": 4}}}]}",
             stealth_roll, observe_roll);
    fray_encounter *e = test_open_round1(json, "surprise");
    int r = fray_has(e, 1, CT_C_SURPRISED);
    fray_encounter_free(e);
    return r;
}

static void surprise_contest_ties(void **s)
{
    (void)s;
    assert_true(surprised(5, 6));
    assert_false(surprised(6, 6));
    assert_false(surprised(7, 6));
    /* the observer fails: a passing sneak surprises it */
    assert_true(surprised(12, 13));
    assert_false(surprised(13, 13));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(surprise_contest_ties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
