/* odds_test.c: `fray odds energy melee` and `defeat` against values worked
 * out by hand from 000_ca603e8fb651e0df.txt, and the --mc checks against the
 * exact answers. Each expected value is derived in the comment above it. */
#include "test.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rules/energy/odds.h"

#define EPS 1e-12

/* Run the odds hook on a NULL-terminated argument list; the JSON result or
 * NULL (with the message in err) on bad input. */
static json_t *run(char *err, const char *arg0, ...)
{
    char *argv[40];
    int argc = 0;
    va_list ap;
    va_start(ap, arg0);
    for (const char *a = arg0; a && argc < 40; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    va_end(ap);
    json_t *out = NULL;
    char buf[256] = "";
    int rc = en_odds(argc, argv, &out, err ? err : buf, 256);
    if (rc < 0) {
        assert_null(out);
        return NULL;
    }
    assert_non_null(out);
    return out;
}

static double num(const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    assert_true(json_is_number(v));
    return json_number_value(v);
}

static double at(const json_t *o, const char *obj, int value)
{
    char k[16];
    snprintf(k, sizeof k, "%d", value);
    json_t *v = json_object_get(json_object_get(o, obj), k);
    return v ? json_number_value(v) : 0.0;
}

static void near(double got, double want) { assert_true(fabs(got - want) < EPS); }

/* #Melee Attacks: "If the AV is greater than or equal to the Defense roll,
 * the attack hits." #Evasion: "Evasion Roll = 1d10* + Evasion". AV 15 against
 * Evasion 8 hits when 1d10* <= 7: 7/10. #Combat Roll: 20 hits anyway
 * (Critical Hit), 1 misses (Critical Failure), so
 * p_hit = 1/20 + 18/20 * 7/10 = 0.68. */
static void test_av15_vs_evasion8(void **s)
{
    (void)s;
    json_t *o = run(NULL, "melee", "--av", "15", "--evasion", "8", NULL);
    near(num(o, "p_hit"), 0.68);
    near(num(o, "p_crit"), 0.05);
    near(num(o, "p_fumble"), 0.05);
    near(num(o, "p_armor"), 0.0);
    /* default damage 1: hits deal 1, misses 0 */
    near(at(o, "damage", 1), 0.68);
    near(at(o, "damage", 0), 0.32);
    near(num(o, "mean_damage"), 0.68);
    json_decref(o);
}

/* #Defenses: "if you roll the highest number on the die, reroll it and add
 * the result". A 10 always rolls again, so 10 is never a total: 1d10* <= 9
 * and 1d10* <= 10 both have chance 9/10, and 1d10* <= 17 is
 * 9/10 + 1/10 * 7/10 = 0.97. */
static void test_exploding_evasion(void **s)
{
    (void)s;
    json_t *a = run(NULL, "melee", "--av", "17", "--evasion", "8", NULL);
    json_t *b = run(NULL, "melee", "--av", "18", "--evasion", "8", NULL);
    json_t *c = run(NULL, "melee", "--av", "25", "--evasion", "8", NULL);
    near(num(a, "p_hit"), 0.05 + 0.9 * 0.9);
    near(num(b, "p_hit"), 0.05 + 0.9 * 0.9);
    near(num(c, "p_hit"), 0.05 + 0.9 * 0.97);
    /* the Evasion roll is in closed form: nothing is truncated */
    near(num(json_object_get(c, "truncation"), "tail"), 0.0);
    json_decref(a);
    json_decref(b);
    json_decref(c);
}

/* The closed form P(1d10* > t) = m^J (1 - F(r)) against the core's
 * level-by-level expansion of the same die (fray_dist_die), for every t up
 * to 60 and Advantage -2..2: the two agree to 1e-15. */
static void test_closed_form_matches_core_dist(void **s)
{
    (void)s;
    for (int adv = -2; adv <= 2; adv++) {
        fray_dist d;
        assert_int_equal(fray_dist_die(&d, 10, 1, adv), 0);
        for (long t = -2; t <= 60; t++) {
            double gt = d.tail;
            for (int i = 0; i < d.n; i++)
                if (d.lo + i > t)
                    gt += d.p[i];
            assert_true(fabs(en_evasion_exceeds(t, adv) - gt) < 1e-15);
        }
        fray_dist_free(&d);
    }
}

/* #Actions, Defend: "You now win ties on your Defenses." With Defend, AV 15
 * against Evasion 8 needs 1d10* + 8 < 15, 1d10* <= 6: 6/10;
 * p_hit = 1/20 + 18/20 * 6/10 = 0.59. */
static void test_defend_wins_ties(void **s)
{
    (void)s;
    json_t *o = run(NULL, "melee", "--av", "15", "--evasion", "8", "--defend", NULL);
    near(num(o, "p_hit"), 0.59);
    json_decref(o);
}

/* #Critical Hits: "a scimitar which has Precise 1 will Crit on a Combat roll
 * of 19 or 20". Precise 2: 18-20, p_crit = 3/20; p_hit = 3/20 + 16/20 * 7/10
 * = 0.71. */
static void test_precise_widens_crit(void **s)
{
    (void)s;
    json_t *o = run(NULL, "melee", "--av", "15", "--evasion", "8", "--precise", "2", NULL);
    near(num(o, "p_crit"), 0.15);
    near(num(o, "p_hit"), 0.71);
    json_decref(o);
}

/* #Combat Roll: "1 Critical Failure. Your attack misses." even when Precise
 * 19 would make every roll a Crit: p_crit = 19/20, p_fumble = 1/20, and a
 * defender that could never be hit otherwise is hit 19/20 of the time. */
static void test_natural_one_misses_inside_crit_range(void **s)
{
    (void)s;
    json_t *o = run(NULL, "melee", "--av", "0", "--evasion", "100", "--precise", "19", NULL);
    near(num(o, "p_crit"), 0.95);
    near(num(o, "p_hit"), 0.95);
    near(num(o, "p_fumble"), 0.05);
    json_decref(o);
}

/* "If your Combat roll is less than the target's Armor Coverage, the target
 * subtracts their Armor Rating from the damage they take." Coverage 10, AR 3,
 * damage 6, AV 15 vs Evasion 8 (7/10): Combat rolls 2-9 hit the armour,
 * p_armor = 8/20 * 7/10 = 0.28 (damage 3); 10-19 hit the body,
 * 10/20 * 7/10 = 0.35, and a Crit ignores the armour, 0.05 (damage 6: 0.40);
 * misses 1/20 + 18/20 * 3/10 = 0.32. Mean 3 * 0.28 + 6 * 0.40 = 3.24. */
static void test_coverage_and_armor_rating(void **s)
{
    (void)s;
    json_t *o = run(NULL, "melee", "--av", "15", "--evasion", "8", "--coverage", "10", "--ar", "3",
                    "--damage", "6", NULL);
    near(num(o, "p_armor"), 0.28);
    near(at(o, "damage", 3), 0.28);
    near(at(o, "damage", 6), 0.40);
    near(at(o, "damage", 0), 0.32);
    near(num(o, "mean_damage"), 3.24);
    json_decref(o);
}

/* Armour stops a blow but does not heal: damage 2 against AR 5 with Coverage
 * 21 (every non-critical roll hits the armour) deals 0, only the Crit's 2
 * gets through (1/20). */
static void test_damage_never_below_zero(void **s)
{
    (void)s;
    json_t *o = run(NULL, "melee", "--av", "15", "--evasion", "8", "--coverage", "21", "--ar", "5",
                    "--damage", "2", NULL);
    near(at(o, "damage", 2), 0.05);
    near(at(o, "damage", 0), 0.95);
    near(num(o, "p_armor"), 0.9 * 0.7);
    json_decref(o);
}

/* #Defenses: "Advantage and Disadvantage applies every time you would
 * normally roll the die once." With Advantage the kept die is at most 7 with
 * chance (7/10)^2 = 0.49; with Disadvantage 1 - (3/10)^2 = 0.91. A kept 10
 * explodes: with Advantage, 1d10* <= 17 is (9/10)^2 + (1 - (9/10)^2) * 0.49
 * = 0.81 + 0.19 * 0.49 = 0.9031. */
static void test_defense_advantage(void **s)
{
    (void)s;
    json_t *a = run(NULL, "melee", "--av", "15", "--evasion", "8", "--defense", "advantage", NULL);
    json_t *d =
        run(NULL, "melee", "--av", "15", "--evasion", "8", "--defense", "disadvantage", NULL);
    json_t *x = run(NULL, "melee", "--av", "25", "--evasion", "8", "--defense", "advantage", NULL);
    near(num(a, "p_hit"), 0.05 + 0.9 * 0.49);
    near(num(d, "p_hit"), 0.05 + 0.9 * 0.91);
    near(num(x, "p_hit"), 0.05 + 0.9 * 0.9031);
    json_decref(a);
    json_decref(d);
    json_decref(x);
}

/* A damage roll: 1d8+2 on a hit with no armour, AV 15 vs 8 (p_hit 0.68):
 * each of 3..10 has 0.68/8 = 0.085. */
static void test_damage_expression(void **s)
{
    (void)s;
    json_t *o = run(NULL, "melee", "--av", "15", "--evasion", "8", "--damage", "1d8+2", NULL);
    for (int v = 3; v <= 10; v++)
        near(at(o, "damage", v), 0.085);
    near(num(o, "mean_damage"), 0.68 * 6.5);
    json_decref(o);
}

/* #Ranged Attacks: the Hit roll "must [be] greater than or equal to the
 * Miss Chance to hit", Miss Chance = Miss Chance Modifier + Ranged Evasion
 * roll + Situational Modifiers; a target that is not aware makes no roll
 * (#Ranged Evasion Roll: "If the target ... is aware of the incoming attack
 * and able to actively avoid it they may make a Ranged Evasion roll").
 * Unaware, MCM 10: Hit rolls 10-19 hit, 20 is a Critical Hit: 11/20. With
 * Advantage on the Hit roll the kept die is 10 or more with 1 - (9/20)^2. */
static void test_ranged_unaware(void **s)
{
    (void)s;
    json_t *o = run(NULL, "ranged", "--mcm", "10", "--unaware", NULL);
    near(num(o, "p_hit"), 0.55);
    near(num(o, "p_fumble"), 0.05);
    json_decref(o);
    o = run(NULL, "ranged", "--mcm", "10", "--unaware", "--hit", "advantage", NULL);
    near(num(o, "p_hit"), 1 - 0.45 * 0.45);
    near(num(o, "p_fumble"), 1.0 / 400);
    json_decref(o);
}

/* #Ranged Evasion Roll: "1d4* + ..." (exploding: 4 is never a total). MCM 5
 * and Ranged Evasion 1: a Hit roll n hits when 1d4* <= n - 6: n = 7..9 give
 * 1/4, 2/4, 3/4; 10 gives 3/4; 11 3/4 + 1/16, 12 3/4 + 2/16, 13 and 14
 * 3/4 + 3/16, 15 15/16 + 1/64, 16 15/16 + 2/64, 17 and 18 15/16 + 3/64, 19
 * 63/64 + 1/256; with the Crit on 20 the sum is 11.69140625 / 20. Armour
 * (the formula, "- AR if Hit Roll is less than AC", Coverage 10): n = 7-9,
 * (1/4 + 2/4 + 3/4) / 20 = 0.075; with the sentence ("greater than or
 * equal to the target's Ranged AC") the other non-critical hits:
 * 0.5845703125 - 0.05 - 0.075. */
static void test_ranged_evasion_roll(void **s)
{
    (void)s;
    json_t *o = run(NULL, "ranged", "--mcm", "5", "--ranged-evasion", "1", "--coverage", "10",
                    "--ar", "2", "--armor-rule", "formula", NULL);
    near(num(o, "p_hit"), 11.69140625 / 20);
    near(num(o, "p_armor"), 0.075);
    json_decref(o);
    o = run(NULL, "ranged", "--mcm", "5", "--ranged-evasion", "1", "--coverage", "10", "--ar",
            "2", "--armor-rule", "sentence", NULL);
    near(num(o, "p_armor"), 11.69140625 / 20 - 0.05 - 0.075);
    json_decref(o);
    /* Defend: the target wins the tie, so n hits when 1d4* <= n - 7: each
     * Hit roll has the chance the roll one lower had above (n = 7 never
     * hits), 9.703125 in all, plus the Crit: 10.703125 / 20 */
    o = run(NULL, "ranged", "--mcm", "5", "--ranged-evasion", "1", "--defend", "--mc", "100000",
            NULL);
    near(num(o, "p_hit"), 10.703125 / 20);
    json_t *mc = json_object_get(o, "mc");
    double p = num(o, "p_hit");
    assert_true(fabs(num(mc, "p_hit") - p) < 5 * sqrt(p * (1 - p) / 100000));
    json_decref(o);
}

static void test_bad_parameters(void **s)
{
    (void)s;
    char err[256];
    assert_null(run(err, "melee", "--av", "15", NULL));
    assert_non_null(strstr(err, "--evasion"));
    assert_null(run(err, "melee", "--av", "15", "--evasion", "8", "--defense", "sideways", NULL));
    assert_null(run(err, "melee", "--av", "x", "--evasion", "8", NULL));
    assert_null(run(err, "melee", "--av", "15", "--evasion", "8", "--aura", "3", NULL));
    assert_null(run(err, "melee", "--av", "15", "--evasion", "8", "--damage", "1d", NULL));
    assert_null(run(err, "melee", "--av", "15", "--evasion", "8", "--coverage", NULL));
    assert_null(run(err, "lunge", "--av", "15", "--evasion", "8", NULL));
    assert_null(run(err, "defeat", "--av", "15", "--evasion", "8", NULL));
    assert_null(run(err, "ranged", "--ranged-evasion", "2", NULL));
    assert_null(run(err, "ranged", "--mcm", "5", "--armor-rule", "both", NULL));
    assert_null(run(err, "ranged", "--mcm", "5", "--av", "3", NULL));
}

/* --mc: N attacks resolved with en_melee_resolve (the engine's function) agree
 * with the exact figures within 5 standard errors. */
static void test_mc_agrees(void **s)
{
    (void)s;
    json_t *o = run(NULL, "melee", "--av", "16", "--evasion", "7", "--coverage", "12", "--ar",
                    "2", "--damage", "2d6+1", "--precise", "1", "--defense", "disadvantage",
                    "--mc", "200000", "--seed", "7", NULL);
    json_t *mc = json_object_get(o, "mc");
    assert_non_null(mc);
    double n = num(mc, "n");
    const char *keys[] = {"p_hit", "p_crit", "p_armor"};
    for (int i = 0; i < 3; i++) {
        double p = num(o, keys[i]);
        double se = sqrt(p * (1 - p) / n);
        assert_true(fabs(num(mc, keys[i]) - p) < 5 * se + 1e-12);
    }
    assert_true(fabs(num(mc, "mean_damage") - num(o, "mean_damage")) < 0.05);
    assert_true(num(mc, "max_abs_diff_damage") < 0.01);
    json_decref(o);
}

/* Time to defeat. Precise 18 makes Combat rolls 2-20 Critical Hits and 1 a
 * miss, so every attack hits with chance 19/20 whatever the Evasion. At 0
 * Aura every damaging hit makes a Death roll (#Death: "a Death roll every
 * time you are damaged with 0 Aura"); <=1 dies and 2-4 falls unconscious:
 * out with 4/20. Without Death Saves the attack that takes the defender out
 * is geometric with p = 19/20 * 4/20 = 0.19. */
static void test_defeat_from_zero_aura(void **s)
{
    (void)s;
    json_t *o = run(NULL, "defeat", "--av", "0", "--evasion", "100", "--precise", "18",
                    "--aura", "0", "--no-saves", NULL);
    near(at(o, "attacks", 1), 0.19);
    near(at(o, "attacks", 2), 0.81 * 0.19);
    near(at(o, "attacks", 3), 0.81 * 0.81 * 0.19);
    assert_true(fabs(num(o, "mean_attacks") - 1 / 0.19) < 1e-9);
    assert_true(num(o, "tail") < 1e-15);
    /* dead 1/20 and unconscious 3/20 of every Death roll */
    assert_true(fabs(num(o, "p_dead") - 0.25) < 1e-12);
    json_decref(o);
}

/* #Aura: "Taking damage reduces the strength of your Aura, and once your
 * Aura's strength is reduced to 0, your body is affected". Aura 2 and
 * damage 1: two hits empty the Aura without a Death roll; the earliest out is
 * the third attack, (19/20)^2 * 0.19. */
static void test_defeat_aura_absorbs(void **s)
{
    (void)s;
    json_t *o = run(NULL, "defeat", "--av", "0", "--evasion", "100", "--precise", "18",
                    "--aura", "2", "--no-saves", NULL);
    near(at(o, "attacks", 1), 0.0);
    near(at(o, "attacks", 2), 0.0);
    near(at(o, "attacks", 3), 0.95 * 0.95 * 0.19);
    json_decref(o);
    /* damage 3 against Aura 2: the hit that empties the Aura makes no Death
     * roll by default, one with --overflow */
    o = run(NULL, "defeat", "--av", "0", "--evasion", "100", "--precise", "18", "--aura", "2",
            "--damage", "3", "--no-saves", NULL);
    near(at(o, "attacks", 1), 0.0);
    json_decref(o);
    o = run(NULL, "defeat", "--av", "0", "--evasion", "100", "--precise", "18", "--aura", "2",
            "--damage", "3", "--no-saves", "--overflow", NULL);
    near(at(o, "attacks", 1), 0.19);
    json_decref(o);
}

/* #Death Roll: "5-9 ... must make a Death Save at the beginning of every
 * Round"; #Death Save: "2-4 You fall unconscious", "<=1 You die". One attack
 * a Round from 0 Aura: Round 1 takes the defender out with 0.19 and leaves
 * it bleeding with 19/20 * 5/20 = 0.2375; its Death Save at the start of
 * Round 2 takes it out with 4/20, after 1 attack: 0.19 + 0.2375 * 0.2. */
static void test_defeat_death_saves(void **s)
{
    (void)s;
    json_t *o = run(NULL, "defeat", "--av", "0", "--evasion", "100", "--precise", "18",
                    "--aura", "0", NULL);
    near(at(o, "rounds", 1), 0.19);
    near(at(o, "attacks", 1), 0.19 + 0.2375 * 0.2);
    json_decref(o);
}

/* Rounds: 5 Energy a Round (#Energy Per Round) and 3 a melee attack
 * (#Melee Attacks) is 1 attack a Round; 6 Energy is 2, so Round 1 takes the
 * defender out with 1 - 0.81^2. */
static void test_defeat_rounds(void **s)
{
    (void)s;
    json_t *o = run(NULL, "defeat", "--av", "0", "--evasion", "100", "--precise", "18",
                    "--aura", "0", "--no-saves", "--energy", "6", NULL);
    assert_int_equal((int)num(o, "attacks_per_round"), 2);
    near(at(o, "rounds", 1), 1 - 0.81 * 0.81);
    json_decref(o);
}

/* #Stamina: "Once per Round, you may spend 1 Stamina when you would
 * normally spend 1 Energy", and #Energy Per Round gives Energy from Stamina
 * (>=5: 5, 4: 4, ...). With 6 Stamina: Round 1 has 5 Energy + 1 Stamina, 2
 * attacks (Stamina 5); Round 2 the same (Stamina 4); Round 3 has 4 Energy, and
 * a fifth point buys no second attack: 1 attack a Round from then on. With 2
 * Stamina: 2 Energy + 1 Stamina is one attack, then 1 Stamina is kept ("Dropping
 * to 0 Stamina will immediately result in unconsciousness") and 1 Energy
 * never pays for an attack: the rest is tail. */
static void test_defeat_stamina_as_energy(void **s)
{
    (void)s;
    json_t *o = run(NULL, "defeat", "--av", "15", "--evasion", "8", "--aura", "30", "--stamina",
                    "6", NULL);
    json_t *ra = json_object_get(o, "round_attacks");
    int want[] = {2, 2, 1, 1, 1};
    for (size_t i = 0; i < 5; i++)
        assert_int_equal(json_integer_value(json_array_get(ra, i)), want[i]);
    json_decref(o);
    o = run(NULL, "defeat", "--av", "0", "--evasion", "100", "--precise", "18", "--aura", "0",
            "--stamina", "2", "--no-saves", NULL);
    near(at(o, "attacks", 1), 0.19);
    near(num(o, "tail"), 0.81);
    assert_int_equal((int)num(o, "horizon"), 1);
    json_decref(o);
}

static void test_defeat_mc_agrees(void **s)
{
    (void)s;
    json_t *o = run(NULL, "defeat", "--av", "15", "--evasion", "8", "--coverage", "10", "--ar",
                    "3", "--damage", "1d8+2", "--aura", "20", "--mc", "40000", "--seed", "3",
                    NULL);
    json_t *mc = json_object_get(o, "mc");
    assert_true(fabs(num(mc, "mean_attacks") - num(o, "mean_attacks")) <
                5 * num(mc, "se_mean_attacks"));
    assert_true(fabs(num(mc, "p_dead") - num(o, "p_dead")) < 0.015);
    json_decref(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_av15_vs_evasion8),
        cmocka_unit_test(test_exploding_evasion),
        cmocka_unit_test(test_closed_form_matches_core_dist),
        cmocka_unit_test(test_defend_wins_ties),
        cmocka_unit_test(test_precise_widens_crit),
        cmocka_unit_test(test_natural_one_misses_inside_crit_range),
        cmocka_unit_test(test_coverage_and_armor_rating),
        cmocka_unit_test(test_damage_never_below_zero),
        cmocka_unit_test(test_defense_advantage),
        cmocka_unit_test(test_damage_expression),
        cmocka_unit_test(test_ranged_unaware),
        cmocka_unit_test(test_ranged_evasion_roll),
        cmocka_unit_test(test_bad_parameters),
        cmocka_unit_test(test_mc_agrees),
        cmocka_unit_test(test_defeat_from_zero_aura),
        cmocka_unit_test(test_defeat_aura_absorbs),
        cmocka_unit_test(test_defeat_death_saves),
        cmocka_unit_test(test_defeat_rounds),
        cmocka_unit_test(test_defeat_stamina_as_energy),
        cmocka_unit_test(test_defeat_mc_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
