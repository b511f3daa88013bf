/* boundary_test.c: every comparison of 001_7bb09e523b7677c3.txt at its
 * boundary (equal, one below, one above), with scripted dice: the tests the
 * table "Comparisons at their boundaries" of docs/rules/injury.md names.
 * Two fighters (martial bonus 3, Strength 3: +6 with the longsword, which
 * threatens from 19) face each other 1.5 m apart; the defender's DV is set
 * through its armour. */
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/injury/injury.h"

/* A duel whose dice start with `dice` (after the two initiative rolls 20
 * and 1: A acts first) and options `opts` (a JSON object body). */
static fray_encounter *duel_o(const char *dice, const char *opts, const char *bsheet)
{
    char json[2048];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"injury\", \"name\": \"t\", \"options\": {%s}, \"dice\": [20, 1%s%s],"
             "\"combatants\": ["
             "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"fighter\"},"
             "{\"name\": \"B\", \"side\": \"red\", \"at\": [1.5, 0], \"use\": \"fighter\"%s}]}",
             opts, *dice ? ", " : "", dice, bsheet);
    return test_open_round1(json, "t");
}

static fray_encounter *duel(const char *dice)
{
    return duel_o(dice, "", "");
}

/* Give B the DV `dv` (as A's attacks see it) through its armour. */
static void set_dv(fray_encounter *e, int t, int dv)
{
    IN_CR(e, t)->armor += dv - in_dv(e, t, 0, in_offguard(e, t));
    assert_int_equal(in_dv(e, t, 0, in_offguard(e, t)), dv);
}

static int attack(fray_encounter *e, int who, int t, int weapon)
{
    fray_action a = {.kind = IN_A_ATTACK, .actor = (int16_t)who, .target = (int16_t)t};
    return in_attack(e, &a, t, &(in_attack_opts){.weapon = weapon});
}

static int injuries(const fray_encounter *e, int who)
{
    int n = 0;
    const in_creature *c = IN_CCR(e, who);
    for (int i = 0; i < c->npart; i++)
        n += c->part[i].inj;
    return n;
}

/* #Critical Hits and Misses: "A natural 20 on an attack roll is a critical
 * hit. If the attack roll result is still less than the target's DV, the
 * attack deals a minor injury instead of being unsuccessful. Otherwise, the
 * critical hit adds another degree and applies the weapon's critical
 * effect". A natural 20 + 6 = 26. Strain is 1 + the degrees of the hit;
 * the longsword's critical effect is bleed. */
static void natural_twenty_at_dv(void **s)
{
    (void)s;
    static const struct { int dv, strain, bleed; } row[] = {
        {27, 1, 0}, /* one above the total: less than the DV, a minor injury */
        {26, 2, 1}, /* equal: not less, so a critical hit: 0 + 1 degree */
        {25, 2, 1}, /* one below: a hit by 1 (0 degrees) + 1 */
    };
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        fray_encounter *e = duel("20");
        set_dv(e, 1, row[i].dv);
        assert_int_equal(attack(e, 0, 1, 0), 1);
        assert_int_equal(fray_res(e, 1, IN_R_STRAIN), row[i].strain);
        assert_int_equal(fray_res(e, 1, IN_R_BLEED), row[i].bleed);
        assert_true(injuries(e, 1) >= 1);
        fray_encounter_free(e);
    }
}

/* "Natural rolls in the rest of the critical range only threaten if the
 * result is a successful hit." A natural 19 + 6 = 25 with the longsword. */
static void threat_range_needs_a_hit(void **s)
{
    (void)s;
    static const struct { int dv, hit, strain, bleed; } row[] = {
        {25, 0, 0, 0}, /* equal: no hit, no threat */
        {24, 1, 2, 1}, /* one below: a hit, a critical: 0 + 1 degree */
        {26, 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        fray_encounter *e = duel("19");
        set_dv(e, 1, row[i].dv);
        assert_int_equal(attack(e, 0, 1, 0), row[i].hit);
        assert_int_equal(fray_res(e, 1, IN_R_STRAIN), row[i].strain);
        assert_int_equal(fray_res(e, 1, IN_R_BLEED), row[i].bleed);
        fray_encounter_free(e);
    }
}

/* #Critical Hits and Misses: "If the attack roll result is less than the
 * target's DV, then the attacker loses their grip on their weapon and drops
 * it." A natural 1 + 6 = 7. */
static void natural_one_drops_below_dv(void **s)
{
    (void)s;
    static const struct { int dv, dropped; } row[] = {
        {8, 1}, /* one above the total: less than the DV, dropped */
        {7, 0}, /* equal: not less, kept */
        {6, 0}, /* one below: a hit (and "no injury is inflicted") */
    };
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        fray_encounter *e = duel("1");
        set_dv(e, 1, row[i].dv);
        attack(e, 0, 1, 0);
        assert_int_equal(IN_CCR(e, 0)->w[0].state == IN_W_DROPPED, row[i].dropped);
        assert_int_equal(injuries(e, 1), 0);
        fray_encounter_free(e);
    }
}

/* #Injuries: "When your attack roll is higher than your target's DV ...
 * You inflict a minor injury"; degrees of success (option degree_step, 5):
 * one for every full step above DV + 1. A natural 10 + 6 = 16. */
static void higher_than_dv_and_degrees(void **s)
{
    (void)s;
    static const struct { int dv, hit, strain; } row[] = {
        {16, 0, 0}, /* equal: not higher, a miss */
        {15, 1, 1}, /* one above the DV: a hit, 0 degrees (strain 1) */
        {17, 0, 0},
        {11, 1, 1}, /* 16 = DV + 1 + 4: still 0 degrees */
        {10, 1, 2}, /* 16 = DV + 1 + 5: 1 degree (strain 1 + 1) */
    };
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        fray_encounter *e = duel("10");
        set_dv(e, 1, row[i].dv);
        assert_int_equal(attack(e, 0, 1, 0), row[i].hit);
        assert_int_equal(fray_res(e, 1, IN_R_STRAIN), row[i].strain);
        fray_encounter_free(e);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(natural_twenty_at_dv),
    cmocka_unit_test(threat_range_needs_a_hit),
    cmocka_unit_test(natural_one_drops_below_dv),
    cmocka_unit_test(higher_than_dv_and_degrees),
};

int main(void)
{
    return cmocka_run_group_tests(tests, NULL, NULL);
}
