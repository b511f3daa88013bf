/* positioning_test.c: #Attack of Opportunity (src/rules/contest/
 * positioning.c): a move that passes through a foe's reach. */
#include <stdio.h>
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/contest/contest.h"

/* A at (0, 0) walks to (6.6 m, 0); E, a foe with a spear (reach 2 m), at
 * (4 m, ey cm): the path comes within ey of E, neither end within 2 m. */
static fray_encounter *walk(int ey, const char *opts)
{
    char json[4096];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"contest\", \"name\": \"pass\", \"options\": {%s},"
             " \"dice\": [6, 2, 20, 20, 20, 20, 20, 20, 20, 20], \"combatants\": ["
             " {\"name\": \"A\", \"side\": \"a\", \"at\": [0, 0], \"sheet\": {"
             "  \"attributes\": {\"Strength\": 2}, \"health\": 30, \"weapons\": [\"longsword\"]}},"
             " {\"name\": \"E\", \"side\": \"e\", \"at\": [4, %d.%02d], \"sheet\": {"
             "  \"attributes\": {\"Strength\": 2}, \"health\": 30, \"weapons\": [\"spear\"]}}]}",
             opts, ey / 100, ey % 100);
    fray_encounter *e = test_open_round1(json, "pass");
    for (int i = 0; i < 2; i++) {
        e->c[i].res[CT_R_AP] = 3;
        e->c[i].res[CT_R_ATTACKS] = 2;
        e->c[i].res[CT_R_MOVE] = 800;
    }
    return e;
}

static void count(void *ud, const fray_encounter *e, const fray_event *ev)
{
    (void)e;
    if (!strcmp(ev->kind, "attack") && ev->action && !strcmp(ev->action, "Opportunity Attack"))
        ++*(int *)ud;
}

static int attacks_on_walk(int ey, const char *opts)
{
    fray_encounter *e = walk(ey, opts);
    int n = 0;
    fray_subscribe(e, count, &n);
    fray_action a = {.kind = CT_A_MOVE, .actor = 0, .target = 1, .x = 660, .y = 0};
    e->rs->resolve(e, &a);
    assert_false(e->failed);
    assert_int_equal(e->c[0].x, 660);
    assert_int_equal(fray_res(e, 0, CT_R_MOVE), 800 - 660);
    fray_encounter_free(e);
    return n;
}

/* #Attack of Opportunity: "Move. Characters that willingly move within a
 * foe's reach or leave it." Passing E at 2 m (its reach, equal) provokes
 * twice: entering, then leaving; at 1.99 m too; at 2.01 m (one above) not
 * at all. Option pass_through 0 (the old reading: only the ends count):
 * nothing. */
static void passing_through_a_reach_provokes(void **s)
{
    (void)s;
    assert_int_equal(attacks_on_walk(199, ""), 2);
    assert_int_equal(attacks_on_walk(200, ""), 2);
    assert_int_equal(attacks_on_walk(201, ""), 0);
    assert_int_equal(attacks_on_walk(200, "\"pass_through\": 0"), 0);
}

/* "A character can avoid provoking an opportunity attack in this way by
 * taking the Disengage action". */
static void disengage_spares_the_pass(void **s)
{
    (void)s;
    fray_encounter *e = walk(100, "");
    int n = 0;
    fray_subscribe(e, count, &n);
    fray_action d = {.kind = CT_A_DISENGAGE, .actor = 0, .target = -1};
    e->rs->resolve(e, &d);
    fray_action a = {.kind = CT_A_MOVE, .actor = 0, .target = 1, .x = 660, .y = 0};
    e->rs->resolve(e, &a);
    assert_int_equal(n, 0);
    assert_int_equal(e->c[0].x, 660);
    fray_encounter_free(e);
}


static fray_encounter *at(int dx, const char *a)
{
    char json[2048];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"contest\", \"name\": \"reach\", \"combatants\": ["
             " {\"name\": \"A\", \"side\": \"a\", \"at\": [0, 0], \"sheet\": {"
             "  \"attributes\": {\"Strength\": 2}, \"health\": 30, %s}},"
             " {\"name\": \"D\", \"side\": \"d\", \"at\": [%d.%02d, 0], \"sheet\": {"
             "  \"health\": 30, \"weapons\": [\"spear\"]}}]}",
             a, dx / 100, dx % 100);
    fray_encounter *e = test_open_round1(json, "reach");
    for (int i = 0; i < 2; i++) {
        e->c[i].res[CT_R_AP] = 3;
        e->c[i].res[CT_R_ATTACKS] = 2;
        e->c[i].res[CT_R_MOVE] = 800;
    }
    return e;
}

static int offered(fray_encounter *e, int kind, int arg)
{
    fray_action out[FRAY_MAX_LEGAL];
    int n = ct_legal(e, 0, FRAY_WIN_ACT, NULL, out, FRAY_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (out[i].kind == kind && (arg < 0 || out[i].arg == arg))
            return 1;
    return 0;
}

/* #Step I: "make a Fighting Style test against a foe within their weapon's
 * reach", "Make a Sorcery test against a foe within the spell's range":
 * a longsword (1.5 m) reaches a foe 150 cm away, not 151; a firebolt (20 m)
 * 2000 cm, not 2001. */
static void within_reach_and_range(void **s)
{
    (void)s;
    fray_encounter *e = at(150, "\"weapons\": [\"longsword\"]");
    assert_true(ct_weapon_reaches(e, 0, 0, 1));
    assert_true(offered(e, CT_A_STRIKE, 0));
    fray_encounter_free(e);
    e = at(151, "\"weapons\": [\"longsword\"]");
    assert_false(ct_weapon_reaches(e, 0, 0, 1));
    assert_false(offered(e, CT_A_STRIKE, 0));
    fray_encounter_free(e);
    e = at(2000, "\"spells\": [\"firebolt\"]");
    assert_true(offered(e, CT_A_MAGIC, 0));
    fray_encounter_free(e);
    e = at(2001, "\"spells\": [\"firebolt\"]");
    assert_false(offered(e, CT_A_MAGIC, 0));
    fray_encounter_free(e);
}

/* #The Initiative Structure: "while moving a number of meters up to their
 * speed"; #Primary Actions: "Dash. You can move a number of meters up to
 * your speed." Speed 8: a move towards a foe 9.50 m away goes 800 cm (no
 * more) and ends 150 cm off, within the longsword's reach (equal); one 9.51
 * m away ends 151 cm off, out of it; then no Move is offered until a Dash
 * adds 800 cm. */
static void move_up_to_speed(void **s)
{
    (void)s;
    int dist[2] = {950, 951};
    for (int k = 0; k < 2; k++) {
        fray_encounter *e = at(dist[k], "\"weapons\": [\"longsword\"]");
        fray_action out[FRAY_MAX_LEGAL];
        int n = ct_legal(e, 0, FRAY_WIN_ACT, NULL, out, FRAY_MAX_LEGAL), m = -1;
        for (int i = 0; i < n; i++)
            if (out[i].kind == CT_A_MOVE)
                m = i;
        assert_true(m >= 0);
        assert_int_equal(out[m].x, 800);
        e->rs->resolve(e, &out[m]);
        assert_int_equal(fray_res(e, 0, CT_R_MOVE), 0);
        assert_int_equal(ct_in_reach(e, 0, 1), k == 0);
        assert_false(offered(e, CT_A_MOVE, -1));
        fray_action d = {.kind = CT_A_DASH, .actor = 0, .target = -1};
        e->rs->resolve(e, &d);
        assert_int_equal(fray_res(e, 0, CT_R_MOVE), 800);
        fray_encounter_free(e);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(passing_through_a_reach_provokes),
        cmocka_unit_test(disengage_spares_the_pass),
        cmocka_unit_test(within_reach_and_range),
        cmocka_unit_test(move_up_to_speed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
