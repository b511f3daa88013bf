/* check_test.c: the check pipeline and fray_ask (src/core/check.c,
 * engine.c): modifiers with their sources, counted advantage, criticals,
 * degrees, opposed checks, the window after the roll, and a question
 * answered by each controller. */
#include "test.h"
#include <stdio.h>
#include <string.h>
#include "turnrules.h"

static const char *duel_with(const char *a_script, const char *b_script, char *buf, size_t len)
{
    snprintf(buf, len,
             "{\"ruleset\":\"turns\",\"max_rounds\":1,\"combatants\":["
             "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{\"bonus\":1},\"script\":%s},"
             "{\"name\":\"B\",\"side\":\"red\",\"at\":[1,0],\"sheet\":{},\"script\":%s}]}",
             a_script, b_script);
    return buf;
}

static fray_encounter *bare(void)
{
    char buf[1024];
    fray_encounter *e = tt_load(duel_with("[\"pass\"]", "[\"pass\"]", buf, sizeof buf));
    fray_set_seed(e, 1);
    return e;
}

/* Modifiers add to the total and go to the next event with their source;
 * a zero modifier is neither. */
static void test_mods(void **s)
{
    (void)s;
    fray_encounter *e = bare();
    tt_log log = {0};
    fray_subscribe(e, tt_sink, &log);
    const int dice[] = {7};
    fray_set_dice_script(e, dice, 1);
    fray_check c;
    fray_check_start(&c, 12);
    fray_check_mod(e, &c, "Level", 3);
    fray_check_mod(e, &c, "nothing", 0);
    fray_check_mod(e, &c, "Prone", -1);
    fray_check_roll(e, &c, 20, 20, "test, 1d20");
    fray_check_settle(&c, 0);
    assert_int_equal(c.total, 9);
    assert_int_equal(c.margin, -3);
    assert_false(c.success);
    fray_flush(e, 0, NULL);
    assert_non_null(strstr(log.line[0], "[Level +3] [Prone -1] (7)"));
    assert_null(strstr(log.line[0], "nothing"));
    fray_encounter_free(e);
}

/* Advantage and disadvantage cancel one for one; what is left rolls that
 * many more dice and keeps the best (or worst). */
static void test_counted_advantage(void **s)
{
    (void)s;
    fray_encounter *e = bare();
    const int dice[] = {4, 17, 4, 17, 9};
    fray_set_dice_script(e, dice, 5);
    fray_check c;
    fray_check_start(&c, 10);
    fray_check_adv(&c, 1);
    fray_check_adv(&c, 1);
    fray_check_adv(&c, -1);
    assert_int_equal(fray_check_roll(e, &c, 20, 20, "adv"), 17); /* best of two */
    fray_check_start(&c, 10);
    fray_check_adv(&c, -1);
    assert_int_equal(fray_check_roll(e, &c, 20, 20, "dis"), 4); /* worst of two */
    fray_check_start(&c, 10);
    fray_check_adv(&c, 1);
    fray_check_adv(&c, -1);
    assert_int_equal(fray_check_roll(e, &c, 20, 20, "flat"), 9); /* one die */
    assert_int_equal(fray_dice_drawn(e), 5);
    fray_encounter_free(e);
}

/* A natural crit_from or more is a critical success, a natural 1 a
 * critical failure, whatever the total; degrees count whole steps of the
 * margin, down for a failure. */
static void test_criticals_and_degrees(void **s)
{
    (void)s;
    fray_check c;
    fray_check_start(&c, 30);
    fray_check_natural(&c, 20, 1);
    fray_check_settle(&c, 5);
    assert_true(c.success);
    assert_int_equal(c.degrees, -2); /* 20 - 30 = -10 */
    fray_check_start(&c, 2);
    c.mod = 10;
    fray_check_natural(&c, 1, -1);
    fray_check_settle(&c, 5);
    assert_false(c.success);
    assert_int_equal(c.margin, 9);
    assert_int_equal(c.degrees, 1);
    fray_check_start(&c, 10);
    fray_check_natural(&c, 9, 0);
    fray_check_settle(&c, 5);
    assert_int_equal(c.degrees, -1); /* -1 is a degree of failure, not 0 */
}

/* Opposed checks: the higher total, then (if the rule says) the higher die. */
static void test_versus(void **s)
{
    (void)s;
    fray_check a = {.total = 12, .nat = 10}, b = {.total = 12, .nat = 8};
    assert_int_equal(fray_check_versus(&a, &b, 0), 0);
    assert_int_equal(fray_check_versus(&a, &b, 1), 1);
    b.total = 13;
    assert_int_equal(fray_check_versus(&a, &b, 1), -1);
}

/* The window after the roll: B's Parry raises what A must beat, after A's
 * die is known and before the hit takes effect. */
static void test_rolled_window(void **s)
{
    (void)s;
    char buf[1024];
    fray_encounter *e = tt_load(duel_with("[\"Strike > B\",\"pass\"]",
                                          "[\": None\",\"Parry > A\",\"pass\"]", buf, sizeof buf));
    tt_log log = {0};
    fray_subscribe(e, tt_sink, &log);
    const int dice[] = {15, 10, 12}; /* A 16, B 10; A rolls 12 + 1 = 13: a hit, parried */
    fray_set_dice_script(e, dice, 3);
    fray_set_seed(e, 1);
    fray_run(e);
    int parry = tt_find(&log, 0, "reaction B>A");
    int attack = tt_find(&log, 0, "attack A>B");
    assert_true(parry >= 0 && attack > parry);
    assert_non_null(strstr(log.line[attack], "attack A>B:miss"));
    assert_non_null(strstr(log.line[parry], "[Parry -5]"));
    assert_int_equal(fray_error_code(e), FRAY_OK);
    fray_encounter_free(e);
}

/* The script answers: ": Block" in the defender's list (Block: +2 to beat
 * 10, so 11 misses); the "choice" event names it. */
static void test_ask_script(void **s)
{
    (void)s;
    char buf[1024];
    fray_encounter *e = tt_load(duel_with("[\"Strike > B\",\"pass\"]", "[\": Block\",\"pass\"]",
                                          buf, sizeof buf));
    tt_log log = {0};
    fray_subscribe(e, tt_sink, &log);
    const int dice[] = {15, 10, 10};
    fray_set_dice_script(e, dice, 3);
    fray_set_seed(e, 1);
    fray_run(e);
    int choice = tt_find(&log, 0, "choice B>A:Block");
    assert_true(choice >= 0);
    assert_true(tt_find(&log, choice, "attack A>B:miss") > choice);
    fray_encounter_free(e);
}

/* A scripted answer that is not allowed now is an input error; an answer
 * that answers no question is refused at load, with its place. */
static void test_ask_script_errors(void **s)
{
    (void)s;
    char buf[1024];
    fray_encounter *e = tt_load(duel_with("[\"pass\"]", "[\": Dodge\",\"pass\"]", buf, sizeof buf));
    fray_set_seed(e, 1);
    fray_action ctx = {.kind = TT_STRIKE, .actor = 0, .target = 1};
    assert_int_equal(fray_ask(e, 1, TT_Q_DEFENCE, 5u, &ctx), 0); /* Dodge not allowed */
    assert_int_equal(fray_error_code(e), FRAY_EINPUT);
    assert_non_null(strstr(fray_error(e), "'Dodge' is not an answer to Defence now"));
    fray_encounter_free(e);
    char err[512];
    assert_null(fray_encounter_load_with(&tt_ruleset,
                                         duel_with("[\"pass\"]", "[\": Jump\"]", buf, sizeof buf),
                                         "q.json", err, sizeof err));
    assert_non_null(strstr(err, "q.json:"));
    assert_non_null(strstr(err, "'Jump' answers no question of turns"));
}

/* The policy answers through the ruleset's hook (Block), random play
 * picks among what is allowed from its own stream (the same each time),
 * and a person answers through ask_fn. */
static int person(void *ud, fray_encounter *e, int who, int q, uint32_t allowed,
                  const fray_action *ctx)
{
    (void)e, (void)who, (void)q, (void)ctx;
    ++*(int *)ud;
    return (allowed >> 1) & 1u ? 1 : -1; /* Dodge */
}

static void test_ask_controllers(void **s)
{
    (void)s;
    fray_encounter *e = bare();
    fray_action ctx = {.kind = TT_STRIKE, .actor = 0, .target = 1};
    e->c[1].controller = FRAY_CTL_POLICY;
    assert_int_equal(fray_ask(e, 1, TT_Q_DEFENCE, 7u, &ctx), 0);
    assert_int_equal(fray_ask(e, 1, TT_Q_DEFENCE, 6u, &ctx), 2); /* no shield: None */
    e->c[1].controller = FRAY_CTL_RANDOM;
    int seen[3] = {0};
    fray_reset(e, 9, 0);
    e->c[1].controller = FRAY_CTL_RANDOM;
    int first[20];
    for (int i = 0; i < 20; i++) {
        first[i] = fray_ask(e, 1, TT_Q_DEFENCE, 5u, &ctx);
        seen[first[i]]++;
    }
    assert_int_equal(seen[1], 0); /* never one not allowed */
    assert_true(seen[0] > 0 && seen[2] > 0);
    fray_reset(e, 9, 0);
    e->c[1].controller = FRAY_CTL_RANDOM;
    for (int i = 0; i < 20; i++)
        assert_int_equal(fray_ask(e, 1, TT_Q_DEFENCE, 5u, &ctx), first[i]);
    int asked = 0;
    e->c[1].controller = FRAY_CTL_HUMAN;
    e->ask_fn = person;
    e->human_ud = &asked;
    assert_int_equal(fray_ask(e, 1, TT_Q_DEFENCE, 7u, &ctx), 1);
    assert_int_equal(fray_ask(e, 1, TT_Q_DEFENCE, 5u, &ctx), 0); /* declined: the policy's */
    assert_int_equal(asked, 2);
    fray_encounter_free(e);
}

/* The "choice" event is emitted aside: the rolls and modifiers gathered for
 * the event under construction stay with it. */
static void test_choice_aside(void **s)
{
    (void)s;
    fray_encounter *e = bare();
    tt_log log = {0};
    fray_subscribe(e, tt_sink, &log);
    const int dice[] = {13};
    fray_set_dice_script(e, dice, 1);
    fray_die(&e->dice, 20, "before the question");
    fray_mod(e, "Level", 2);
    fray_action ctx = {.kind = TT_STRIKE, .actor = 0, .target = 1};
    e->c[1].controller = FRAY_CTL_POLICY;
    fray_ask(e, 1, TT_Q_DEFENCE, 7u, &ctx);
    fray_flush(e, 0, NULL);
    assert_int_equal(log.n, 2);
    assert_string_equal(log.line[0], "choice B>A:Block");
    assert_non_null(strstr(log.line[1], "[Level +2] (13)"));
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mods),
        cmocka_unit_test(test_counted_advantage),
        cmocka_unit_test(test_criticals_and_degrees),
        cmocka_unit_test(test_versus),
        cmocka_unit_test(test_rolled_window),
        cmocka_unit_test(test_ask_script),
        cmocka_unit_test(test_ask_script_errors),
        cmocka_unit_test(test_ask_controllers),
        cmocka_unit_test(test_choice_aside),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
