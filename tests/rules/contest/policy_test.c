/* policy_test.c: the built-in policy's choices of issue 35 (src/rules/
 * contest/policy.c): stepping into a melee weapon's reach instead of a
 * throw at a foe standing close, and saving the turn for a foe that will
 * come into reach. */
#include <stdio.h>
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/contest/contest.h"

/* A at (ax cm, 0) against D at (0, 0), A first in the order; each with the
 * counters of a turn and A's Move for its turn. */
static fray_encounter *pair(const char *a, int ax, const char *d)
{
    char json[4096];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"contest\", \"name\": \"policy\", \"dice\": [6, 1],"
             " \"combatants\": ["
             " {\"name\": \"A\", \"side\": \"a\", \"at\": [%d.%02d, 0], %s},"
             " {\"name\": \"D\", \"side\": \"d\", \"at\": [0, 0], %s}]}",
             ax / 100, ax % 100, a, d);
    fray_encounter *e = test_open_round1(json, "policy");
    for (int i = 0; i < 2; i++) {
        e->c[i].res[CT_R_AP] = 3;
        e->c[i].res[CT_R_ATTACKS] = 2;
        e->c[i].res[CT_R_FREE] = 1;
    }
    e->c[0].res[CT_R_MOVE] = 800;
    return e;
}

#define SHEET(extra)                                                                      \
    "\"sheet\": {\"attributes\": {\"Strength\": 2, \"Agility\": 2},"                       \
    " \"skills\": {\"Athletics\": 2, \"Acrobatics\": 1, \"Dodge\": 1},"                    \
    " \"fighting_styles\": [{\"name\": \"All\", \"rank\": 3, \"gear\": [\"spear\", "      \
    "\"javelin\", \"glaive\", \"shortbow\"]}], \"health\": 30, " extra "}"

/* What the policy chooses on who's own turn, from the list it is given. */
static fray_action choice(fray_encounter *e, int who)
{
    fray_action l[FRAY_MAX_LEGAL];
    e->for_policy = 1;
    int n = ct_legal(e, who, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    e->for_policy = 0;
    int i = ct_policy(e, who, FRAY_WIN_ACT, NULL, l, n);
    return i >= 0 ? l[i] : (fray_action){.kind = -1};
}

/* #Step I: "When making a ranged or thrown attack, the character must use
 * Agility": A holds a javelin (thrown, 1d6) and a spear (melee, 1d8, 2 m);
 * 2.3 m from D, inside D's glaive (2.5 m), the spear does not reach and the
 * javelin may be thrown. A free step of 0.4 m enters no reach it is not in
 * already (#Attack of Opportunity: "willingly move within a foe's reach or
 * leave it"): the policy steps in, and strikes with the spear from there.
 * Boundary: 2 m away the spear reaches, and it strikes at once. */
static void steps_into_the_better_weapons_reach(void **s)
{
    (void)s;
    fray_encounter *e = pair(SHEET("\"weapons\": [\"javelin\", \"spear\"]"), 230,
                             SHEET("\"weapons\": [\"glaive\"]"));
    fray_action a = choice(e, 0);
    assert_int_equal(a.kind, CT_A_MOVE);
    assert_int_equal(a.target, 1);
    fray_move(e, 0, a.x, a.y);
    a = choice(e, 0);
    assert_int_equal(a.kind, CT_A_STRIKE);
    assert_int_equal(a.arg, 1); /* the spear */
    fray_encounter_free(e);
    e = pair(SHEET("\"weapons\": [\"javelin\", \"spear\"]"), 200, SHEET("\"weapons\": [\"glaive\"]"));
    a = choice(e, 0);
    assert_int_equal(a.kind, CT_A_STRIKE);
    assert_int_equal(a.arg, 1);
    fray_encounter_free(e);
}

/* #Saving Your Turn: "A character can always choose not to act during
 * their turn, instead postponing it for later. They must immediately
 * declare after which character they would like to become the active
 * character." A (spear, 8 m of Move) 12 m from D (spear), whose turn is
 * still to come: closing in would take a Dash, so A saves its turn until
 * after D. Boundary: 9 m away its Move brings D within the spear's reach,
 * and it closes in. */
static void saves_its_turn_for_a_foe_that_will_come(void **s)
{
    (void)s;
    fray_encounter *e = pair(SHEET("\"weapons\": [\"spear\"]"), 1200, SHEET("\"weapons\": [\"spear\"]"));
    fray_action a = choice(e, 0);
    assert_int_equal(a.kind, CT_A_SAVE);
    assert_int_equal(a.target, 1);
    fray_encounter_free(e);
    e = pair(SHEET("\"weapons\": [\"spear\"]"), 900, SHEET("\"weapons\": [\"spear\"]"));
    a = choice(e, 0);
    assert_int_equal(a.kind, CT_A_MOVE);
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steps_into_the_better_weapons_reach),
        cmocka_unit_test(saves_its_turn_for_a_foe_that_will_come),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
