/* policy_test.c: the built-in play's choices in plain situations
 * (src/rules/energy/policy.c). */
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/energy/energy.h"

static fray_encounter *open_fight(const char *json) { return test_open_round1(json, "policy"); }

static const char *adjacent =
    "{\"ruleset\": \"energy\", \"name\": \"p\", \"combatants\": ["
    " {\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"knight\"},"
    " {\"name\": \"B\", \"side\": \"red\", \"at\": [1, 0], \"facing\": 4, \"use\": \"ogre\"}]}";

/* 2 m: the edge of both Reaches (Reach 1 against a Large foe, 200 cm) */
static const char *at_edge =
    "{\"ruleset\": \"energy\", \"name\": \"p\", \"combatants\": ["
    " {\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"knight\"},"
    " {\"name\": \"B\", \"side\": \"red\", \"at\": [2, 0], \"facing\": 4, \"use\": \"ogre\"}]}";

static const char *apart =
    "{\"ruleset\": \"energy\", \"name\": \"p\", \"combatants\": ["
    " {\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"knight\"},"
    " {\"name\": \"B\", \"side\": \"red\", \"at\": [5, 0], \"facing\": 4, \"use\": \"ogre\"},"
    " {\"name\": \"C\", \"side\": \"blue\", \"at\": [0, 3], \"use\": \"archer\"}]}";

static int choose(fray_encounter *e, int who, int window, const fray_action *trigger, fray_action *l,
                  int *n)
{
    *n = e->rs->legal(e, who, window, trigger, l, FRAY_MAX_LEGAL);
    return en_policy(e, who, window, trigger, l, *n);
}

/* A foe in Reach and a full Round of Energy: a Melee Attack. */
static void attacks_in_reach(void **state)
{
    (void)state;
    fray_encounter *e = open_fight(adjacent);
    fray_action l[FRAY_MAX_LEGAL];
    int n, k = choose(e, 0, FRAY_WIN_ACT, NULL, l, &n);
    assert_true(k >= 0);
    assert_int_equal(l[k].kind, EN_A_MELEE);
    assert_int_equal(l[k].target, 1);
    /* with 1 Energy left it Defends rather than spend Stamina */
    fray_res_set(e, 0, EN_R_ENERGY, 1);
    k = choose(e, 0, FRAY_WIN_ACT, NULL, l, &n);
    assert_true(k >= 0);
    assert_int_equal(l[k].kind, EN_A_DEFEND);
    /* defending already: it waits, keeping the Energy for a Swift Attack */
    e->rs->resolve(e, &l[k]);
    fray_res_set(e, 0, EN_R_ENERGY, 1);
    k = choose(e, 0, FRAY_WIN_ACT, NULL, l, &n);
    assert_int_equal(k, -1);
    fray_encounter_free(e);
}

/* "When you are Unguarded anyone can make Swift Attacks against you": the
 * policy takes one when it is offered. */
static void swift_when_offered(void **state)
{
    (void)state;
    fray_encounter *e = open_fight(adjacent);
    fray_cond_add(e, 1, EN_C_UNGUARDED, -1, FRAY_EXP_ROUND_END, 1);
    fray_action trig = {.kind = EN_A_KNEEL, .actor = 1, .target = -1};
    fray_action l[FRAY_MAX_LEGAL];
    int n, k = choose(e, 0, FRAY_WIN_TRIGGERED, &trig, l, &n);
    assert_true(k >= 0);
    assert_int_equal(l[k].kind, EN_A_SWIFT);
    fray_encounter_free(e);
}

/* Out of Reach: it closes in on the nearest foe; the archer shoots. */
static void closes_and_shoots(void **state)
{
    (void)state;
    fray_encounter *e = open_fight(apart);
    fray_action l[FRAY_MAX_LEGAL];
    int n, k = choose(e, 0, FRAY_WIN_ACT, NULL, l, &n);
    assert_true(k >= 0);
    assert_true(l[k].kind == EN_A_RUN || l[k].kind == EN_A_QUICK_RUN);
    assert_int_equal(l[k].target, 1);
    /* a Quick Run leaves the 3 Energy of a Melee Attack */
    assert_int_equal(l[k].kind, EN_A_QUICK_RUN);
    k = choose(e, 2, FRAY_WIN_ACT, NULL, l, &n);
    assert_true(k >= 0);
    assert_int_equal(l[k].kind, EN_A_RANGED);
    fray_encounter_free(e);
}

/* Prone: it kneels, then stands. */
static void gets_up(void **state)
{
    (void)state;
    fray_encounter *e = open_fight(adjacent);
    fray_cond_add(e, 0, EN_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    fray_action l[FRAY_MAX_LEGAL];
    int n, k = choose(e, 0, FRAY_WIN_ACT, NULL, l, &n);
    assert_true(k >= 0);
    assert_int_equal(l[k].kind, EN_A_KNEEL);
    e->rs->resolve(e, &l[k]);
    k = choose(e, 0, FRAY_WIN_ACT, NULL, l, &n);
    assert_true(k >= 0);
    assert_int_equal(l[k].kind, EN_A_STAND);
    fray_encounter_free(e);
}

static void same_choice(fray_encounter *e, int who);

/* #Incomplete Actions: "If the target of your melee attack uses an
 * Immediate Interrupt to move out of you reach before you could roll to hit
 * them or deal damage, you could willingly end the attack and spend only 1
 * Energy." B, 2 m away at the edge of A's Reach, can step out (Agility,
 * and 1 Energy spent on a non-movement action: #Agile Move, "Once per
 * Energy you spend"); A follows at 1 Agility a metre. With 1 Agility A follows and attacks; with 0 it would
 * only lose 1 Energy and close in again (issue 35's loop): it Defends. */
static void no_attack_that_steps_away(void **state)
{
    (void)state;
    fray_encounter *e = open_fight(at_edge);
    ((en_creature *)fray_priv(e, 1))->agile_credit = 1;
    fray_action l[FRAY_MAX_LEGAL];
    int n, k;
    fray_res_set(e, 0, EN_R_AGILITY, 1);
    k = choose(e, 0, FRAY_WIN_ACT, NULL, l, &n);
    assert_true(k >= 0);
    assert_int_equal(l[k].kind, EN_A_MELEE);
    same_choice(e, 0);
    fray_res_set(e, 0, EN_R_AGILITY, 0);
    k = choose(e, 0, FRAY_WIN_ACT, NULL, l, &n);
    assert_true(k >= 0);
    assert_int_equal(l[k].kind, EN_A_DEFEND);
    same_choice(e, 0);
    /* without the credit B cannot step: A attacks */
    ((en_creature *)fray_priv(e, 1))->agile_credit = 0;
    k = choose(e, 0, FRAY_WIN_ACT, NULL, l, &n);
    assert_true(k >= 0);
    assert_int_equal(l[k].kind, EN_A_MELEE);
    fray_encounter_free(e);
}

/* The other side of it: B steps out of a declared Melee Attack only when A
 * could not follow (0 Agility); against 1 it keeps its Agility. */
static void steps_out_only_unfollowed(void **state)
{
    (void)state;
    fray_encounter *e = open_fight(at_edge);
    ((en_creature *)fray_priv(e, 1))->agile_credit = 1;
    fray_action trig = {.kind = EN_A_MELEE, .actor = 0, .target = 1};
    fray_action l[FRAY_MAX_LEGAL], out;
    int n, k;
    fray_res_set(e, 0, EN_R_AGILITY, 0);
    k = choose(e, 1, FRAY_WIN_DECLARED, &trig, l, &n);
    assert_true(k >= 0);
    assert_int_equal(l[k].kind, EN_A_AGILE_MOVE);
    assert_int_equal(e->rs->decide(e, 1, FRAY_WIN_DECLARED, &trig, &out), FRAY_DECIDE_TAKE);
    assert_int_equal(out.kind, EN_A_AGILE_MOVE);
    fray_res_set(e, 0, EN_R_AGILITY, 1);
    k = choose(e, 1, FRAY_WIN_DECLARED, &trig, l, &n);
    assert_true(k < 0 || l[k].kind != EN_A_AGILE_MOVE);
    int r = e->rs->decide(e, 1, FRAY_WIN_DECLARED, &trig, &out);
    assert_true(r != FRAY_DECIDE_TAKE || out.kind != EN_A_AGILE_MOVE);
    fray_encounter_free(e);
}

/* Reach planned around: a spear (Reach 2) 1 m from a sword (Reach 1), with
 * no Energy for an attack (1, and 1 Stamina), steps 1 m back with an Agile Move: out of the
 * sword's Reach, the sword still within its own. */
static void longer_reach_steps_back(void **state)
{
    (void)state;
    fray_encounter *e = open_fight("{\"ruleset\": \"energy\", \"name\": \"p\", \"combatants\": ["
                                   " {\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"spearman\"},"
                                   " {\"name\": \"B\", \"side\": \"red\", \"at\": [1, 0], \"facing\": 4, \"use\": \"knight\"}]}");
    ((en_creature *)fray_priv(e, 0))->agile_credit = 1;
    fray_res_set(e, 0, EN_R_ENERGY, 1);
    fray_action l[FRAY_MAX_LEGAL];
    int n, k = choose(e, 0, FRAY_WIN_ACT, NULL, l, &n);
    assert_true(k >= 0);
    assert_int_equal(l[k].kind, EN_A_AGILE_MOVE);
    assert_true(l[k].arg & EN_ARG_AWAY);
    assert_int_equal(l[k].x, -100);
    same_choice(e, 0);
    fray_encounter_free(e);
}

/* The decide hook (core.h, version 6) chooses what the policy chooses from
 * the whole list, without the list; legal lists the whole list for the
 * policy too (the list --check-decide compares decide with). */
static void same_choice(fray_encounter *e, int who)
{
    fray_action whole[FRAY_MAX_LEGAL], mine[FRAY_MAX_LEGAL];
    int n = e->rs->legal(e, who, FRAY_WIN_ACT, NULL, whole, FRAY_MAX_LEGAL);
    int k = en_policy(e, who, FRAY_WIN_ACT, NULL, whole, n);
    e->for_policy = 1;
    int m = e->rs->legal(e, who, FRAY_WIN_ACT, NULL, mine, FRAY_MAX_LEGAL);
    e->for_policy = 0;
    assert_int_equal(m, n);
    assert_memory_equal(mine, whole, (size_t)n * sizeof whole[0]);
    fray_action pick;
    memset(&pick, 0, sizeof pick);
    int r = e->rs->decide(e, who, FRAY_WIN_ACT, NULL, &pick);
    if (k < 0) {
        assert_true(r == FRAY_DECIDE_PASS || r == FRAY_DECIDE_NONE);
        return;
    }
    assert_int_equal(r, FRAY_DECIDE_TAKE);
    assert_memory_equal(&pick, &whole[k], sizeof pick);
}

static void short_list_same_choice(void **state)
{
    (void)state;
    fray_encounter *e = open_fight(apart);
    for (int who = 0; who < 3; who++)
        same_choice(e, who);
    fray_res_set(e, 0, EN_R_ENERGY, 2);
    same_choice(e, 0);
    fray_res_set(e, 0, EN_R_ENERGY, 0);
    same_choice(e, 0);
    fray_encounter_free(e);

    e = open_fight(adjacent);
    for (int energy = 0; energy <= 5; energy++) {
        fray_res_set(e, 0, EN_R_ENERGY, energy);
        same_choice(e, 0);
        same_choice(e, 1);
    }
    fray_cond_add(e, 1, EN_C_UNGUARDED, -1, FRAY_EXP_ROUND_END, 1);
    same_choice(e, 0);
    fray_cond_add(e, 0, EN_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    same_choice(e, 0);
    fray_encounter_free(e);
}

/* A list that might not fit in max is written whole, as far as it fits,
 * for the policy too: it then chooses from what fits. */
static void short_max_whole_list(void **state)
{
    (void)state;
    fray_encounter *e = open_fight(adjacent);
    fray_action whole[FRAY_MAX_LEGAL], mine[FRAY_MAX_LEGAL];
    int n = e->rs->legal(e, 0, FRAY_WIN_ACT, NULL, whole, 4);
    assert_int_equal(n, 4);
    e->for_policy = 1;
    int m = e->rs->legal(e, 0, FRAY_WIN_ACT, NULL, mine, 4);
    e->for_policy = 0;
    assert_int_equal(m, n);
    assert_memory_equal(mine, whole, (size_t)n * sizeof whole[0]);
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(attacks_in_reach), cmocka_unit_test(swift_when_offered),
        cmocka_unit_test(closes_and_shoots), cmocka_unit_test(gets_up),
        cmocka_unit_test(short_list_same_choice), cmocka_unit_test(short_max_whole_list),
        cmocka_unit_test(no_attack_that_steps_away), cmocka_unit_test(steps_out_only_unfollowed),
        cmocka_unit_test(longer_reach_steps_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
