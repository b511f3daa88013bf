/* odds_test.c: `fray odds wounds attack` and `defeat` against values worked
 * out by hand from 003_45dec7998f478a90.txt, and the --mc checks. */
#include "test.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rules/wounds/odds.h"

#define EPS 1e-12

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
    int rc = wo_odds(argc, argv, &out, err ? err : buf, 256);
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

static double wound(const json_t *o, const char *level)
{
    return num(json_object_get(o, "wound"), level);
}

static double at(const json_t *o, const char *obj, int value)
{
    char k[16];
    snprintf(k, sizeof k, "%d", value);
    json_t *v = json_object_get(json_object_get(o, obj), k);
    return v ? json_number_value(v) : 0.0;
}

static void near(double got, double want) { assert_true(fabs(got - want) < EPS); }

/* #Attacks and Combat Checks: "If the attack roll equals or exceeds the
 * target's Defense, then the attack hits." #Wound Thresholds: "Damage
 * received = Attack Roll + Damage Roll - Defense - Toughness" and "You gain a
 * wound of the highest level whose threshold the damage exceeds or equals"
 * (Light 0, Moderate 2, Severe 4, Critical 6, Fatal 8). Attack +5 against
 * Defense 14 hits on a d20 of 9 or more: 12/20. Damage received = d20 + 5 +
 * 4 - 14 - 3 = d20 - 8: 9 light, 10-11 moderate, 12-13 severe, 14-15
 * critical, 16-20 fatal. */
static void test_attack_wound_levels(void **s)
{
    (void)s;
    json_t *o = run(NULL, "attack", "--attack", "5", "--defense", "14", "--damage", "4",
                    "--toughness", "3", "--wild", "plain", NULL);
    near(num(o, "p_hit"), 0.6);
    near(wound(o, "none"), 0.4);
    near(wound(o, "Light"), 0.05);
    near(wound(o, "Moderate"), 0.10);
    near(wound(o, "Severe"), 0.10);
    near(wound(o, "Critical"), 0.10);
    near(wound(o, "Fatal"), 0.25);
    near(at(o, "damage", 1), 0.05);
    near(at(o, "damage", 12), 0.05);
    json_decref(o);
}

/* #Penetrating Attacks: "These attacks add their damage to the attack roll
 * before determining a hit". Attack 0, damage 5 against Defense 15: a plain
 * attack hits on 15-20 (6/20), a penetrating one on 10-20 (11/20). */
static void test_penetrating(void **s)
{
    (void)s;
    json_t *a = run(NULL, "attack", "--attack", "0", "--defense", "15", "--damage", "5", "--wild",
                    "plain", NULL);
    json_t *b = run(NULL, "attack", "--attack", "0", "--defense", "15", "--damage", "5", "--wild",
                    "plain", "--penetrating", NULL);
    near(num(a, "p_hit"), 0.30);
    near(num(b, "p_hit"), 0.55);
    json_decref(a);
    json_decref(b);
}

/* #Action: Quick Attack: "On a hit, the resulting wound level is reduced by
 * one step": the example above loses its light wound (none: 0.45) and its
 * fatal wounds become critical (0.25). #Reaction: Rebuff: "the severity of
 * any wound dealt is increased one step": fatal stays fatal (0.35).
 * #Action: Strong Attack: "an additional 1d6 damage": d20 9 + 1d6 gives
 * damage 2..7, never a light wound. */
static void test_action_steps(void **s)
{
    (void)s;
    json_t *q = run(NULL, "attack", "--attack", "5", "--defense", "14", "--damage", "4",
                    "--toughness", "3", "--wild", "plain", "--action", "quick", NULL);
    near(wound(q, "none"), 0.45);
    near(wound(q, "Light"), 0.10);
    near(wound(q, "Critical"), 0.25);
    near(wound(q, "Fatal"), 0.0);
    json_t *r = run(NULL, "attack", "--attack", "5", "--defense", "14", "--damage", "4",
                    "--toughness", "3", "--wild", "plain", "--action", "rebuff", NULL);
    near(wound(r, "Light"), 0.0);
    near(wound(r, "Moderate"), 0.05);
    near(wound(r, "Fatal"), 0.35);
    json_t *st = run(NULL, "attack", "--attack", "5", "--defense", "14", "--damage", "4",
                     "--toughness", "3", "--wild", "plain", "--action", "strong", NULL);
    near(wound(st, "Light"), 0.0);
    near(num(st, "p_hit"), 0.6);
    near(at(st, "damage", 2), 0.05 / 6);
    json_decref(q);
    json_decref(r);
    json_decref(st);
}

/* The wild die (option wild_roll): "explode" adds another d20 on a natural
 * 20, so Defense 21 is hit by attack +0 only on a natural 20 (1/20) and a
 * plain d20 never hits it; "both" also subtracts an exploding d20 from a
 * natural 1 (1 - 1d20* <= 0), so Defense 1 is missed exactly on a natural 1. */
static void test_wild_die(void **s)
{
    (void)s;
    json_t *a = run(NULL, "attack", "--attack", "0", "--defense", "21", "--wild", "plain", NULL);
    json_t *b = run(NULL, "attack", "--attack", "0", "--defense", "21", "--wild", "explode", NULL);
    json_t *c = run(NULL, "attack", "--attack", "0", "--defense", "1", "--wild", "both", NULL);
    json_t *d = run(NULL, "attack", "--attack", "0", "--defense", "1", "--wild", "explode", NULL);
    near(num(a, "p_hit"), 0.0);
    near(num(b, "p_hit"), 0.05);
    near(num(c, "p_hit"), 0.95);
    near(num(d, "p_hit"), 1.0);
    assert_true(num(json_object_get(b, "truncation"), "tail") < 1e-15);
    json_decref(a);
    json_decref(b);
    json_decref(c);
    json_decref(d);
}

static void test_bad_parameters(void **s)
{
    (void)s;
    char err[256];
    assert_null(run(err, "attack", "--attack", "5", NULL));
    assert_null(run(err, "attack", "--attack", "5", "--defense", "14", "--action", "lunge", NULL));
    assert_null(run(err, "attack", "--attack", "5", "--defense", "14", "--tier", "pc", NULL));
    assert_null(run(err, "defeat", "--attack", "5", "--defense", "14", "--wounds", "1,2", NULL));
    /* a minion has one critical slot */
    assert_null(run(err, "defeat", "--attack", "5", "--defense", "14", "--tier", "minion",
                    "--wounds", "0,0,0,2", NULL));
    assert_non_null(strstr(err, "Critical"));
}

static void test_mc_agrees(void **s)
{
    (void)s;
    json_t *o = run(NULL, "attack", "--attack", "6", "--defense", "15", "--damage", "3",
                    "--toughness", "2", "--wild", "both", "--action", "strong", "--mc", "200000",
                    NULL);
    json_t *mc = json_object_get(o, "mc");
    double n = num(mc, "n");
    double p = num(o, "p_hit");
    assert_true(fabs(num(mc, "p_hit") - p) < 5 * sqrt(p * (1 - p) / n));
    const char *lv[] = {"none", "Light", "Moderate", "Severe", "Critical", "Fatal"};
    for (int i = 0; i < 6; i++) {
        double e = wound(o, lv[i]);
        assert_true(fabs(wound(mc, lv[i]) - e) < 5 * sqrt(e * (1 - e) / n) + 1e-12);
    }
    json_decref(o);
}

/* #Wound Slots: "If all the slots of that level are already full, increase
 * the wound's severity until there is an empty slot"; #NPCs and Wounds:
 * "they have 1, 2, or 3 slots of each level from Moderate to Critical ...
 * and die immediately when they receive a fatal wound". A Quick Attack that
 * always hits with damage 8 or more gives a critical wound every time: a
 * minion (1 critical slot) is out at the 2nd attack, an elite (3) at the 4th,
 * an elite already holding one critical wound at the 3rd. */
static void test_defeat_slots_escalate(void **s)
{
    (void)s;
    json_t *m = run(NULL, "defeat", "--attack", "20", "--defense", "1", "--wild", "plain",
                    "--action", "quick", "--tier", "minion", NULL);
    json_t *e = run(NULL, "defeat", "--attack", "20", "--defense", "1", "--wild", "plain",
                    "--action", "quick", "--tier", "elite", NULL);
    json_t *w = run(NULL, "defeat", "--attack", "20", "--defense", "1", "--wild", "plain",
                    "--action", "quick", "--tier", "elite", "--wounds", "0,0,0,1", NULL);
    near(at(m, "attacks", 2), 1.0);
    near(at(e, "attacks", 4), 1.0);
    near(at(w, "attacks", 3), 1.0);
    near(num(m, "tail"), 0.0);
    json_decref(m);
    json_decref(e);
    json_decref(w);
}

/* #Wound Slots: "You have a number of light wound slots equal to 5 + your
 * Persona"; Vitality -5 gives 1 moderate, 1 severe and 0 critical slots.
 * Attack 0 against Defense 0 always hits; damage received d20 - 20 gives a
 * light wound only on a 20, and --concussive (a hit gives at least a light
 * wound, the engine's reading) makes every hit light: 5 light, then 1
 * moderate, 1 severe, and the 8th escalates past the missing critical slot
 * to fatal. */
static void test_defeat_light_wounds_escalate(void **s)
{
    (void)s;
    json_t *o = run(NULL, "defeat", "--attack", "0", "--defense", "0", "--damage", "0",
                    "--toughness", "20", "--wild", "plain", "--concussive", "--tier", "pc",
                    "--vitality", "-5", "--persona", "0", NULL);
    near(at(o, "attacks", 7), 0.0);
    near(at(o, "attacks", 8), 1.0);
    json_decref(o);
}

/* #Action Points, Speed 0: 6 AP at the round start, 6 at the end of the
 * turn, at most 18. At 6 AP an attack: round 1 has 1 attack (6 AP), round 2
 * 2 attacks (6 carried + 6), round 3 2 attacks: the 4th attack is in round 3. */
static void test_defeat_rounds_from_ap(void **s)
{
    (void)s;
    json_t *e = run(NULL, "defeat", "--attack", "20", "--defense", "1", "--wild", "plain",
                    "--action", "quick", "--tier", "elite", "--speed", "0", "--ap", "6", NULL);
    near(at(e, "rounds", 3), 1.0);
    json_decref(e);
    json_t *m = run(NULL, "defeat", "--attack", "20", "--defense", "1", "--wild", "plain",
                    "--action", "quick", "--tier", "minion", "--speed", "0", "--ap", "6", NULL);
    near(at(m, "rounds", 2), 1.0);
    json_decref(m);
}

static void test_defeat_mc_agrees(void **s)
{
    (void)s;
    json_t *o = run(NULL, "defeat", "--attack", "5", "--defense", "14", "--damage", "4",
                    "--toughness", "3", "--tier", "pc", "--vitality", "1", "--mc", "40000",
                    "--seed", "5", NULL);
    json_t *mc = json_object_get(o, "mc");
    assert_true(fabs(num(mc, "mean_attacks") - num(o, "mean_attacks")) <
                5 * num(mc, "se_mean_attacks"));
    json_decref(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_attack_wound_levels),
        cmocka_unit_test(test_penetrating),
        cmocka_unit_test(test_action_steps),
        cmocka_unit_test(test_wild_die),
        cmocka_unit_test(test_bad_parameters),
        cmocka_unit_test(test_mc_agrees),
        cmocka_unit_test(test_defeat_slots_escalate),
        cmocka_unit_test(test_defeat_light_wounds_escalate),
        cmocka_unit_test(test_defeat_rounds_from_ap),
        cmocka_unit_test(test_defeat_mc_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
