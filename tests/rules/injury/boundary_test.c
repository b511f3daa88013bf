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

/* fray sim's dealt and taken rows count injuries: every injury the attack
 * inflicts is dealt by A and taken by B (they were always 0). */
static void sim_counts_injuries(void **s)
{
    (void)s;
    fray_encounter *e = duel("20");
    set_dv(e, 1, 20); /* 26: a hit by 6, 1 degree, + 1 critical */
    assert_int_equal(attack(e, 0, 1, 0), 1);
    assert_true(injuries(e, 1) >= 1);
    assert_int_equal(e->c[1].taken, injuries(e, 1));
    assert_int_equal(e->c[0].dealt, injuries(e, 1));
    assert_int_equal(e->c[0].taken, 0);
    fray_encounter_free(e);
}

/* The amounts of `kind` against `t` in the legal list, as a bit set. */
static unsigned amounts(fray_encounter *e, int who, int t, int kind)
{
    fray_action out[FRAY_MAX_LEGAL];
    fray_res_set(e, who, IN_R_AP, 3);
    int n = in_legal(e, who, FRAY_WIN_ACT, NULL, out, FRAY_MAX_LEGAL);
    unsigned m = 0;
    for (int i = 0; i < n; i++)
        if (out[i].kind == kind && out[i].target == t)
            m |= 1u << ((out[i].arg >> 4) & 15);
    return m;
}

/* #Power Attack: "you can spend an amount of stamina up to your martial
 * bonus to gain a +2 bonus to your attack roll for each stamina spent";
 * #Reckless Attack: "For each degree, you must spend 1 stamina and incur +1
 * disadvantage" (no cap but the Stamina). Martial bonus 3, Stamina 8. */
static void power_attack_up_to_martial_bonus(void **s)
{
    (void)s;
    fray_encounter *e = duel("");
    /* 1, 2 and 3 (= the martial bonus) are offered, 4 (one above) is not */
    assert_int_equal(amounts(e, 0, 1, IN_A_POWER), 0xEu);
    assert_int_equal(amounts(e, 0, 1, IN_A_RECKLESS), 0x1FEu); /* 1..8: the Stamina */
    fray_res_set(e, 0, IN_R_STAMINA, 2); /* Stamina one below the martial bonus */
    assert_int_equal(amounts(e, 0, 1, IN_A_POWER), 0x6u);
    assert_int_equal(amounts(e, 0, 1, IN_A_RECKLESS), 0x6u);
    fray_res_set(e, 0, IN_R_STAMINA, 3); /* equal */
    assert_int_equal(amounts(e, 0, 1, IN_A_POWER), 0xEu);
    fray_encounter_free(e);
    /* Power Attack 1: a natural 10 + 6 + 2 = 18; "higher than your
     * target's DV" at 17, not at 18 */
    for (int dv = 17; dv <= 18; dv++) {
        e = duel("10");
        set_dv(e, 1, dv);
        fray_action a = {.kind = IN_A_POWER, .actor = 0, .target = 1, .arg = 0 | (1 << 4)};
        fray_res_set(e, 0, IN_R_AP, 3);
        in_resolve(e, &a);
        assert_int_equal(fray_res(e, 0, IN_R_STAMINA), 8 - 1);
        assert_int_equal(fray_res(e, 1, IN_R_STRAIN), dv == 17 ? 1 : 0);
        fray_encounter_free(e);
    }
}

/* #Reactive Attack: "an opponent that commits an action that provokes
 * you"; #Maneuvers: "maneuvers provoke from the target if you are
 * untrained with the skill" is the only provoking action of the text, so
 * leaving a foe's reach provokes only with option leave_provokes. */
static void leaving_reach_provokes_only_by_option(void **s)
{
    (void)s;
    for (int opt = 0; opt <= 1; opt++) {
        fray_encounter *e = duel_o("", opt ? "\"leave_provokes\": 1" : "", "");
        assert_int_equal(fray_opt(e, IN_OPT_LEAVE_PROVOKES), opt);
        fray_cond_remove(e, 1, IN_C_OFFGUARD);
        fray_res_set(e, 1, IN_R_REACT, 1);
        fray_res_set(e, 0, IN_R_AP, 3);
        fray_action a = {.kind = IN_A_MOVE, .actor = 0, .target = 1, .x = 600, .y = 0};
        in_resolve(e, &a);
        assert_int_equal(fray_res(e, 1, IN_R_REACT), 1 - opt);
        fray_encounter_free(e);
    }
}

static int trip(fray_encounter *e)
{
    fray_action a = {.kind = IN_A_TRIP, .actor = 0, .target = 1};
    in_maneuver(e, &a);
    return fray_has(e, 1, IN_C_PRONE);
}

/* #Maneuvers: "roll the skill check and add your martial bonus to the
 * result - if the result is equal or greater than the target's DV, the
 * maneuver is a success". Trip: a natural 10 + martial bonus 3 +
 * Acrobatics 2 = 15. */
static void maneuver_equal_or_greater(void **s)
{
    (void)s;
    static const struct { int dv, ok; } row[] = {{15, 1}, {16, 0}, {14, 1}};
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        fray_encounter *e = duel("10");
        set_dv(e, 1, row[i].dv);
        assert_int_equal(trip(e), row[i].ok);
        fray_encounter_free(e);
    }
}

/* #Maneuver: "Maneuvers are a type of attack ... To perform a maneuver,
 * make an attack roll": the penalties of attack rolls apply (Exhausted,
 * Confused, Sickened: +1 disadvantage each, -2 with adv_mode 1; #Prone:
 * "You incur +1 disadvantage on melee attacks against non-prone
 * opponents"). 15 - 2 = 13 against DV 14 fails, against 13 succeeds. */
static void maneuver_takes_attack_penalties(void **s)
{
    (void)s;
    static const int cond[] = {IN_C_EXHAUSTED, IN_C_CONFUSED, IN_C_SICKENED, IN_C_PRONE};
    for (size_t i = 0; i < sizeof cond / sizeof cond[0]; i++)
        for (int dv = 13; dv <= 14; dv++) {
            fray_encounter *e = duel("10");
            set_dv(e, 1, dv);
            fray_cond_add(e, 0, cond[i], -1, FRAY_EXP_NEVER, 0);
            assert_int_equal(trip(e), dv == 13);
            fray_encounter_free(e);
        }
}

/* #Head 2nd injury: "You become stunned for 1 round unless you make a DC 25
 * Constitution check. If you succeed, you only become dazed for 1 round.
 * Whether or not you succeed, you become permanently confused afterwards
 * until the injury is healed." Not during the stunned round: after it. */
static void head_confused_afterwards(void **s)
{
    (void)s;
    for (int roll = 1; roll <= 20; roll += 19) { /* 1: stunned; 20: dazed */
        char dice[12];
        snprintf(dice, sizeof dice, "%d", roll);
        fray_encounter *e = duel(dice);
        in_injure(e, 1, IN_HEAD, 2, 0);
        assert_true(fray_has(e, 1, roll == 1 ? IN_C_STUNNED : IN_C_DAZED));
        assert_false(fray_has(e, 1, IN_C_CONFUSED));
        int r = IN_CCR(e, 1)->confuse_round;
        assert_true(r >= 1);
        e->round = r - 1; /* a turn before the stunned round's */
        in_turn_end(e, 1);
        assert_false(fray_has(e, 1, IN_C_CONFUSED));
        e->round = r; /* the stunned (dazed) round's turn ends */
        in_turn_end(e, 1);
        assert_true(fray_has(e, 1, IN_C_CONFUSED));
        fray_encounter_free(e);
    }
}

/* Point 14 of issue 33, a reading (the text names Grapple's skill, not its
 * effect; options grapple_escape, unarmed): the grappled creature Escapes as
 * a maneuver against the grappler, "if the result is equal or greater than
 * the target's DV, the maneuver is a success"; B (Athletics 2 + Strength 3,
 * martial bonus 3) rolls a natural 10: 18. */
static void escape_equal_or_greater(void **s)
{
    (void)s;
    static const struct { int dv, free; } row[] = {{18, 1}, {19, 0}, {17, 1}};
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        fray_encounter *e = duel("15, 10"); /* A's Grapple: 15 + 8 against 14 */
        fray_action g = {.kind = IN_A_GRAPPLE, .actor = 0, .target = 1};
        in_resolve(e, &g);
        assert_true(fray_has(e, 1, IN_C_GRAPPLED));
        set_dv(e, 0, row[i].dv);
        assert_true(in_escape_ok(e, 1));
        fray_action x = {.kind = IN_A_ESCAPE, .actor = 1, .target = 0};
        in_resolve(e, &x);
        assert_int_equal(!fray_has(e, 1, IN_C_GRAPPLED), row[i].free);
        assert_int_equal(IN_CCR(e, 1)->grappler, row[i].free ? -1 : 0);
        fray_encounter_free(e);
    }
    /* option grapple_escape 0: no Escape */
    fray_encounter *e = duel_o("15", "\"grapple_escape\": 0", "");
    fray_action g = {.kind = IN_A_GRAPPLE, .actor = 0, .target = 1};
    in_resolve(e, &g);
    assert_true(fray_has(e, 1, IN_C_GRAPPLED));
    assert_false(in_escape_ok(e, 1));
    fray_encounter_free(e);
}

/* The grapple holds while the pair is within the grappler's 5 feet: a
 * Shove (5 feet away) parts them; Drag (both move) does not. */
static void grapple_ends_apart(void **s)
{
    (void)s;
    fray_encounter *e = duel("15, 15, 15");
    fray_action g = {.kind = IN_A_GRAPPLE, .actor = 0, .target = 1};
    in_resolve(e, &g);
    fray_action d = {.kind = IN_A_DRAG, .actor = 0, .target = 1};
    in_resolve(e, &d);
    assert_true(fray_has(e, 1, IN_C_GRAPPLED));
    fray_action sh = {.kind = IN_A_SHOVE, .actor = 0, .target = 1};
    in_resolve(e, &sh);
    assert_false(fray_has(e, 1, IN_C_GRAPPLED));
    assert_int_equal(IN_CCR(e, 1)->grappler, -1);
    fray_encounter_free(e);
}

/* A disarmed creature fights with its fist (option unarmed): usable only
 * when no other melee weapon is. */
static void disarmed_fights_unarmed(void **s)
{
    (void)s;
    fray_encounter *e = duel("");
    const in_creature *c = IN_CCR(e, 1);
    int fist = c->nweapon - 1;
    assert_true(c->w[fist].unarmed);
    assert_false(in_weapon_usable(c, fist));
    IN_CR(e, 1)->w[0].state = IN_W_DROPPED;
    assert_true(in_weapon_usable(c, fist));
    fray_res_set(e, 1, IN_R_AP, 3);
    fray_action out[FRAY_MAX_LEGAL];
    int n = in_legal(e, 1, FRAY_WIN_ACT, NULL, out, FRAY_MAX_LEGAL), att = 0;
    for (int i = 0; i < n; i++)
        att |= out[i].kind == IN_A_ATTACK && (out[i].arg & 15) == fist;
    assert_true(att);
    fray_encounter_free(e);
    e = duel_o("", "\"unarmed\": 0", "");
    for (int i = 0; i < IN_CCR(e, 1)->nweapon; i++)
        assert_false(IN_CCR(e, 1)->w[i].unarmed);
    fray_encounter_free(e);
}

/* An encounter of A (`a`) at the origin and B (`b`) `bx` metres east. */
static fray_encounter *pair(const char *a, const char *b, const char *bx, const char *bsheet)
{
    char json[1024];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"injury\", \"name\": \"t\", \"dice\": [20, 1], \"combatants\": ["
             "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"%s\"},"
             "{\"name\": \"B\", \"side\": \"red\", \"at\": [%s, 0], \"use\": \"%s\"%s}]}",
             a, bx, b, bsheet);
    return test_open_round1(json, "t");
}

/* #Stamina and Exhaustion: "Your maximum Stamina pool can never go below
 * 1." A level 3 fighter with Constitution 0: training 0, 1, 2. */
static void stamina_never_below_one(void **s)
{
    (void)s;
    static const struct { const char *train; int max; } row[] = {
        {"0", 1}, {"1", 1}, {"2", 2}};
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        char sheet[160];
        snprintf(sheet, sizeof sheet,
                 ", \"sheet\": {\"attributes\": {\"Constitution\": 0}, \"stamina_training\": %s}",
                 row[i].train);
        fray_encounter *e = duel_o("", "", sheet);
        assert_int_equal(IN_CCR(e, 1)->stamina_max, row[i].max);
        fray_encounter_free(e);
    }
}

/* "When your current Stamina points reach 0 or below, you become
 * 'exhausted'". Stamina 8: 7 damage leaves 1 (not exhausted), 1 more 0. */
static void exhausted_at_zero(void **s)
{
    (void)s;
    fray_encounter *e = duel("");
    in_stamina_damage(e, 1, 7);
    assert_int_equal(fray_res(e, 1, IN_R_STAMINA), 1);
    assert_false(fray_has(e, 1, IN_C_EXHAUSTED));
    in_stamina_damage(e, 1, 1);
    assert_true(fray_has(e, 1, IN_C_EXHAUSTED));
    in_stamina_damage(e, 1, 1);
    assert_true(fray_has(e, 1, IN_C_EXHAUSTED));
    fray_encounter_free(e);
}

/* #Iterative Attacks: "+1 disadvantage on your attack roll for each
 * previous attack action you performed during your turn". */
static void iterative_per_previous_attack(void **s)
{
    (void)s;
    fray_encounter *e = duel("");
    const in_weapon *w = &IN_CCR(e, 0)->w[0];
    for (int k = 0; k <= 2; k++) {
        fray_res_set(e, 0, IN_R_ATTACKS, k);
        assert_int_equal(in_adv(e, 0, 1, w, 0, 0), -k);
    }
    fray_encounter_free(e);
}

/* #Ranged: "You incur a number of disadvantages on your ranged attack roll
 * equal to the distance of your target from you divided by your attack's
 * range increment" (rounded down). Shortbow: 60 feet. */
static void range_increments_rounded_down(void **s)
{
    (void)s;
    static const struct { const char *m; int adv; } row[] = {
        {"16.5", 0}, {"18", -1}, {"19.5", -1}, {"36", -2}}; /* 55, 60, 65, 120 ft */
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        fray_encounter *e = pair("archer", "fighter", row[i].m, "");
        assert_true(IN_CCR(e, 0)->w[0].ranged);
        assert_int_equal(in_adv(e, 0, 1, &IN_CCR(e, 0)->w[0], 0, 0), row[i].adv);
        fray_encounter_free(e);
    }
}

/* #Throw: "thrown objects have a range increment of 10 feet ... For every
 * +1 Strength bonus, increase your thrown object's range increment by 5
 * feet." The dagger's increment is 10 feet. */
static void thrown_increment_per_strength(void **s)
{
    (void)s;
    fray_encounter *e = duel("");
    in_creature *c = IN_CR(e, 0);
    static const int str[] = {-1, 0, 1, 2}, ft[] = {10, 10, 15, 20};
    for (int i = 0; i < 4; i++) {
        c->attr[IN_STR] = str[i];
        assert_int_equal(in_increment_ft(e, 0, &c->w[1], 1), ft[i]);
    }
    fray_encounter_free(e);
}

/* #Heart: "1st injury: Make a DC 25 Constitution check or be stunned for 1
 * round." Constitution 7: a natural 18 makes 25. */
static void heart_check_at_dc(void **s)
{
    (void)s;
    static const struct { const char *d; int stunned; } row[] = {
        {"17", 1}, {"18", 0}, {"19", 0}};
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        fray_encounter *e = duel_o(row[i].d, "", ", \"sheet\": {\"attributes\": {\"Constitution\": 7}}");
        in_injure(e, 1, IN_HEART, 1, 0);
        assert_int_equal(fray_has(e, 1, IN_C_STUNNED), row[i].stunned);
        assert_true(fray_has(e, 1, IN_C_SICKENED));
        fray_encounter_free(e);
    }
}

static void creature_of(in_creature *c, int type, int n)
{
    memset(c, 0, sizeof *c);
    c->has_con = 1;
    c->npart = n;
    for (int i = 0; i < n; i++)
        c->part[i].type = (int8_t)type;
}

/* #Head: "When more than half of the creature's heads have the same number
 * of injuries, then that injury effect applies to the whole creature."
 * Two heads: one injured is half (not more); four heads: 2 is half, 3
 * more. */
static void heads_more_than_half(void **s)
{
    (void)s;
    in_creature c;
    in_fx fx;
    creature_of(&c, IN_HEAD, 2);
    c.part[0].inj = 1;
    in_effects(&c, &fx);
    assert_int_equal(fx.head_level, 0);
    c.part[1].inj = 1;
    in_effects(&c, &fx);
    assert_int_equal(fx.head_level, 1);
    creature_of(&c, IN_HEAD, 4);
    c.part[0].inj = c.part[1].inj = 2;
    in_effects(&c, &fx);
    assert_int_equal(fx.head_level, 0);
    c.part[2].inj = 2;
    in_effects(&c, &fx);
    assert_int_equal(fx.head_level, 2);
}

/* #Ear "When all ears have at least 1 injury, the creature is permanently
 * deafened"; #Eye "When all eyes have at least 1 injury ... blinded";
 * #Foot, #Leg "When all feet (legs) have at least 1 injury, you fall prone". */
static void all_parts_at_least_one(void **s)
{
    (void)s;
    static const int type[] = {IN_EAR, IN_EYE, IN_FOOT, IN_LEG};
    for (int t = 0; t < 4; t++) {
        in_creature c;
        in_fx fx;
        creature_of(&c, type[t], 2);
        c.part[0].inj = 1; /* one of two: not all */
        in_effects(&c, &fx);
        int got = type[t] == IN_EAR ? fx.deafened : type[t] == IN_EYE ? fx.blinded : fx.legs_down;
        assert_false(got);
        c.part[1].inj = 1; /* all at 1: at least 1 */
        in_effects(&c, &fx);
        got = type[t] == IN_EAR ? fx.deafened : type[t] == IN_EYE ? fx.blinded : fx.legs_down;
        assert_true(got);
    }
    /* #Wing: "You can no longer fly when you have only 1 uninjured wing
     * left": four wings, 2 uninjured fly, 1 does not */
    in_creature c;
    in_fx fx;
    creature_of(&c, IN_WING, 4);
    c.part[0].inj = c.part[1].inj = 1;
    in_effects(&c, &fx);
    assert_false(fx.no_fly);
    c.part[2].inj = 1;
    in_effects(&c, &fx);
    assert_true(fx.no_fly);
}

/* #Stamina and Exhaustion: "When you are unconscious ... you must make a
 * Constitution saving throw. - The DC is equal to the sum of the value of
 * all of your current injuries plus your current bleed damage. ... If you
 * fail the save, you die." A natural 10 + Constitution 2 = 12 against DC
 * 11, 12 (saved) and 13 (dies). */
static void unconscious_save_at_dc(void **s)
{
    (void)s;
    for (int dc = 11; dc <= 13; dc++) {
        fray_encounter *e = duel("10");
        in_creature *c = IN_CR(e, 1);
        c->part[in_instance(c, IN_EAR, 0)].inj = 1;
        in_injuries_changed(c);
        int value = in_fx_value(&c->fx, fray_opt(e, IN_OPT_INJURY_VALUE));
        assert_true(value >= 1 && value < dc);
        fray_res_set(e, 1, IN_R_BLEED, dc - value);
        in_unconscious_save(e, 1);
        assert_int_equal(e->c[1].status == FRAY_DEAD, dc == 13);
        fray_encounter_free(e);
    }
}

/* #Ranged: "Each creature of the same size as your target that is standing
 * in the path of your projectile between you and your target provides a
 * cumulative +2 bonus to your target's DV. that bonus increases by 2 for
 * every size category larger." A fighter (medium) 9 m from the archer; in
 * the path at 4.5 m a goblin (small: one below, nothing), a fighter (the
 * same size: +2), a minotaur (one larger: +4). */
static void path_dv_by_size(void **s)
{
    (void)s;
    static const struct { const char *use; int dv; } row[] = {
        {"goblin", 0}, {"fighter", 2}, {"minotaur", 4}};
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        char json[1024];
        snprintf(json, sizeof json,
                 "{\"ruleset\": \"injury\", \"name\": \"t\", \"dice\": [20, 1, 1], \"combatants\": ["
                 "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"archer\"},"
                 "{\"name\": \"B\", \"side\": \"red\", \"at\": [9, 0], \"use\": \"fighter\"},"
                 "{\"name\": \"C\", \"side\": \"red\", \"at\": [4.5, 0], \"use\": \"%s\"}]}",
                 row[i].use);
        fray_encounter *e = test_open_round1(json, "t");
        assert_int_equal(in_path_dv(e, 0, 1), row[i].dv);
        fray_encounter_free(e);
    }
}

/* #Parry: "If your result is higher than your opponent's, their attack is
 * reduced by 1 degree ... For every degree of success your parry attack
 * roll has over your opponent's attack roll result, reduce their attack is
 * reduced by another degree." B parries an attack total of 20 with +6: 14
 * makes 20 (equal: nothing), 15 makes 21 (1 degree), 20 makes 26 (21 + 5:
 * 2 degrees). */
static void parry_higher_than_the_attack(void **s)
{
    (void)s;
    static const struct { const char *d; int cut; } row[] = {
        {"14", 0}, {"15", 1}, {"13", 0}, {"19", 1}, {"20", 2}};
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        fray_encounter *e = duel(row[i].d);
        fray_check k;
        fray_check_start(&k, 0);
        k.total = 20;
        e->check = &k;
        fray_action a = {.kind = IN_A_PARRY, .actor = 1, .target = 0, .arg = 0};
        in_parry(e, &a);
        e->check = NULL;
        assert_int_equal(IN_CST(e)->parry_cut, row[i].cut);
        fray_encounter_free(e);
    }
}

/* Archer A, its target B 9 m (30 ft) away, A's ally C with a spear (reach
 * 10 ft) `cx` metres east; B is `b`. */
static int into_melee(const char *b, const char *cx)
{
    char json[1024];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"injury\", \"name\": \"t\", \"dice\": [20, 1, 1], \"combatants\": ["
             "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"archer\"},"
             "{\"name\": \"B\", \"side\": \"red\", \"at\": [9, 0], \"use\": \"%s\"},"
             "{\"name\": \"C\", \"side\": \"blue\", \"at\": [%s, 0], \"use\": \"fighter\","
             " \"sheet\": {\"weapons\": [{\"item\": \"spear\", \"hand\": 0}]}}]}",
             b, cx);
    fray_encounter *e = test_open_round1(json, "t");
    int adv = in_adv(e, 0, 1, &IN_CCR(e, 0)->w[0], 0, 0);
    fray_encounter_free(e);
    return adv;
}

/* #Ranged: "When making a ranged attack at an enemy engaged in melee with
 * an ally, you incur a +1 disadvantage ... unless your target is two or
 * more size categories larger or is 10 or more feet away from any ally."
 * Feet between squares, as reach counts them: the ally adjacent is 5 feet
 * away, one square between is 10. */
static void firing_into_melee(void **s)
{
    (void)s;
    assert_int_equal(into_melee("fighter", "10.5"), -1); /* 5 ft */
    assert_int_equal(into_melee("fighter", "12"), 0);    /* 10 ft: "10 or more" */
    assert_int_equal(into_melee("fighter", "13.5"), 0);  /* 15 ft (out of its reach) */
    /* sizes: the minotaur is one category larger (the penalty), the hydra
     * two (none); the ally adjacent to each */
    assert_int_equal(into_melee("minotaur", "11.25"), -1);
    assert_int_equal(into_melee("hydra", "12"), 0);
}

/* #Injuries: "Each injury must first be treated with a Heal check. The DC
 * starts at 15 for minor injuries"; "Every day that an injury goes
 * untreated, make a DC 20 Constitution check to not have it worsen. If you
 * fail, add another injury". B's Heal +5, Constitution +2; an Ear injury. */
static void heal_and_worsen_at_dc(void **s)
{
    (void)s;
    static const struct { const char *d; int treated, inj; } row[] = {
        {"10", 1, 1}, {"11", 1, 1}, {"9, 18", 0, 1}, {"9, 19", 0, 1}, {"9, 17", 0, 2}};
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        fray_encounter *e = duel(row[i].d);
        in_creature *c = IN_CR(e, 1);
        c->skill[IN_SK_HEAL] += 5 - in_skill_mod(e, 1, IN_SK_HEAL);
        int ear = in_instance(c, IN_EAR, 0);
        c->part[ear].inj = 1;
        in_injuries_changed(c);
        in_rest(e, 1, 1);
        assert_int_equal(c->part[ear].treated >= 1, row[i].treated);
        assert_int_equal(c->part[ear].inj, row[i].inj);
        fray_encounter_free(e);
    }
}

/* #Heart: "You need to succeed a Lore check ... to identify where the heart
 * is located in order to target it. The DC is 15 + the creature's base
 * level." B is level 3: DC 18; A's Lore is +0. A natural 20 against DV 10
 * makes 4 degrees (fatal: the heart may be targeted), then the Lore roll. */
static void heart_lore_at_dc(void **s)
{
    (void)s;
    static const struct { const char *d; int known; } row[] = {
        {"20, 17", 0}, {"20, 18", 1}, {"20, 19", 1}};
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        fray_encounter *e = duel(row[i].d);
        set_dv(e, 1, 10);
        assert_int_equal(in_skill_mod(e, 0, IN_SK_LORE), 0);
        attack(e, 0, 1, 0);
        assert_true(IN_CCR(e, 0)->heart_tried & 2u);
        assert_int_equal((IN_CCR(e, 0)->heart_known & 2u) != 0, row[i].known);
        fray_encounter_free(e);
    }
}

/* #Ranged gives no maximum range: none by default; option max_increments
 * (a rule the text does not have) sets one. Shortbow: 60 feet; 10
 * increments are 180 m. */
static void no_maximum_range(void **s)
{
    (void)s;
    static const struct { const char *m, *opt; int in; } row[] = {
        {"180", "", 1}, {"181.5", "", 1}, {"300", "", 1},
        {"178.5", "\"max_increments\": 10", 1}, {"180", "\"max_increments\": 10", 1},
        {"181.5", "\"max_increments\": 10", 0}};
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        char json[1024];
        snprintf(json, sizeof json,
                 "{\"ruleset\": \"injury\", \"name\": \"t\", \"options\": {%s}, \"dice\": [20, 1],"
                 "\"combatants\": [{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"archer\"},"
                 "{\"name\": \"B\", \"side\": \"red\", \"at\": [%s, 0], \"use\": \"fighter\"}]}",
                 row[i].opt, row[i].m);
        fray_encounter *e = test_open_round1(json, "t");
        assert_int_equal(in_in_range(e, 0, 1, &IN_CCR(e, 0)->w[0], 0), row[i].in);
        fray_encounter_free(e);
    }
}

/* #Rounds and Actions: "Free action: 0 AP, but only once per turn";
 * #Free Actions: "theoretically, you can take as many free actions as you
 * want". The text contradicts itself: no limit by default, option
 * free_once 1 allows one a turn. After a Lunge (one free action): */
static void free_actions_once_by_option(void **s)
{
    (void)s;
    for (int opt = 0; opt <= 1; opt++) {
        fray_encounter *e = duel_o("", opt ? "\"free_once\": 1" : "", "");
        assert_int_equal(amounts(e, 0, 1, IN_A_POWER), 0xEu); /* none taken yet */
        fray_action l = {.kind = IN_A_LUNGE, .actor = 0, .target = -1};
        in_resolve(e, &l);
        assert_int_equal(amounts(e, 0, 1, IN_A_POWER), opt ? 0u : 0xEu);
        assert_int_equal(amounts(e, 0, 1, IN_A_RECKLESS) != 0, !opt);
        fray_encounter_free(e);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(natural_twenty_at_dv),
    cmocka_unit_test(threat_range_needs_a_hit),
    cmocka_unit_test(natural_one_drops_below_dv),
    cmocka_unit_test(higher_than_dv_and_degrees),
    cmocka_unit_test(sim_counts_injuries),
    cmocka_unit_test(power_attack_up_to_martial_bonus),
    cmocka_unit_test(leaving_reach_provokes_only_by_option),
    cmocka_unit_test(maneuver_equal_or_greater),
    cmocka_unit_test(maneuver_takes_attack_penalties),
    cmocka_unit_test(head_confused_afterwards),
    cmocka_unit_test(escape_equal_or_greater),
    cmocka_unit_test(grapple_ends_apart),
    cmocka_unit_test(disarmed_fights_unarmed),
    cmocka_unit_test(stamina_never_below_one),
    cmocka_unit_test(exhausted_at_zero),
    cmocka_unit_test(iterative_per_previous_attack),
    cmocka_unit_test(range_increments_rounded_down),
    cmocka_unit_test(thrown_increment_per_strength),
    cmocka_unit_test(heart_check_at_dc),
    cmocka_unit_test(heads_more_than_half),
    cmocka_unit_test(all_parts_at_least_one),
    cmocka_unit_test(unconscious_save_at_dc),
    cmocka_unit_test(path_dv_by_size),
    cmocka_unit_test(parry_higher_than_the_attack),
    cmocka_unit_test(firing_into_melee),
    cmocka_unit_test(heal_and_worsen_at_dc),
    cmocka_unit_test(heart_lore_at_dc),
    cmocka_unit_test(no_maximum_range),
    cmocka_unit_test(free_actions_once_by_option),
};

int main(void)
{
    return cmocka_run_group_tests(tests, NULL, NULL);
}
