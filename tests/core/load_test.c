/* load_test.c: every bad input gets one clear message with file, line,
 * column and key path, and nothing half-loaded (LeakSanitizer checks the
 * frees on every error path). */
#include "test.h"
#include <stdio.h>
#include <string.h>
#include "testrules.h"

static char err[512];

static fray_encounter *load(const char *json)
{
    err[0] = 0;
    return fray_encounter_load_with(&tr_ruleset, json, "t.json", err, sizeof err);
}

static void expect_error(const char *json, const char *want)
{
    fray_encounter *e = load(json);
    if (e) {
        fray_encounter_free(e);
        fail_msg("loaded, expected an error containing '%s'", want);
    }
    if (!strstr(err, want))
        fail_msg("error '%s' lacks '%s'", err, want);
}

static void test_syntax_error_has_line_and_column(void **s)
{
    (void)s;
    expect_error("{\"ruleset\": \"test\",\n \"combatants\": [\n  {\"name\": \"A\",,}\n]}",
                 "t.json:3:");
    expect_error("{\"ruleset\": \"test\",\n \"combatants\": [\n  {\"name\": \"A\",,}\n]}",
                 "syntax error");
}

static void test_unknown_key_names_path_and_line(void **s)
{
    (void)s;
    expect_error("{\"ruleset\":\"test\",\n\"combatants\":[\n"
                 "{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":5}},\n"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":5,\n  \"hpp\":3}}]}",
                 "t.json:5:3: combatants[1].sheet.hpp: unknown key (expected one of: hp, bonus)");
    expect_error("{\"ruleset\":\"test\",\"colour\":1,\"combatants\":[]}",
                 "t.json:1:19: colour: unknown key");
}

static void test_wrong_type_and_range(void **s)
{
    (void)s;
    expect_error("{\"ruleset\":\"test\",\"combatants\":[\n"
                 "{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":\"lots\"}},\n"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":5}}]}",
                 "t.json:2:33: combatants[0].sheet.hp: expected an integer from 1 to 100, got a "
                 "string");
    expect_error("{\"ruleset\":\"test\",\"combatants\":[\n"
                 "{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":500}},\n"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":5}}]}",
                 "combatants[0].sheet.hp: 500 is out of range (expected 1 to 100)");
    expect_error("{\"ruleset\":\"test\",\"combatants\":[\n"
                 "{\"name\":\"A\",\"side\":\"a\",\"at\":[1],\"sheet\":{\"hp\":5}},\n"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":5}}]}",
                 "combatants[0].at: expected [x, y] in metres");
}

/* "hidden": true keeps a creature from the players' view (fray serve) until
 * the GM reveals it; anything but a boolean is refused with its place. */
static void test_hidden(void **s)
{
    (void)s;
    fray_encounter *e = load("{\"ruleset\":\"test\",\"combatants\":[\n"
                             "{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":5}},\n"
                             "{\"name\":\"B\",\"side\":\"b\",\"hidden\":true,\"sheet\":{\"hp\":5}}]}");
    assert_non_null(e);
    assert_int_equal(e->c[0].hidden, 0);
    assert_int_equal(e->c[1].hidden, 1);
    fray_encounter_free(e);
    expect_error("{\"ruleset\":\"test\",\"combatants\":[\n"
                 "{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":5}},\n"
                 "{\"name\":\"B\",\"side\":\"b\",\"hidden\":\"yes\",\"sheet\":{\"hp\":5}}]}",
                 "combatants[1].hidden: expected true or false, got a string");
}

static void test_unknown_ruleset(void **s)
{
    (void)s;
    expect_error("{\"ruleset\":\"chess\",\"combatants\":[]}",
                 "t.json:1:2: ruleset: unknown ruleset 'chess'");
    expect_error("{\"combatants\":[{\"name\":\"A\"}]}", "ruleset: missing");
}

static void test_encounter_shape(void **s)
{
    (void)s;
    expect_error("{\"ruleset\":\"test\",\"combatants\":[{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":1}}]}",
                 "combatants: expected an array of at least two combatants");
    expect_error("{\"ruleset\":\"test\",\"combatants\":["
                 "{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":1}},"
                 "{\"name\":\"a\",\"side\":\"b\",\"sheet\":{\"hp\":1}}]}",
                 "combatants[1].name: 'a' is already the name of combatants[0]");
    expect_error("{\"ruleset\":\"test\",\"combatants\":["
                 "{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":1}},"
                 "{\"name\":\"B\",\"side\":\"a\",\"sheet\":{\"hp\":1}}]}",
                 "a fight needs two sides");
    expect_error("{\"ruleset\":\"test\",\"combatants\":["
                 "{\"name\":\"A\",\"side\":\"a\"},"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":1}}]}",
                 "combatants[0]: needs \"use\"");
    expect_error("{\"ruleset\":\"test\",\"options\":{\"damage_die\":0},\"combatants\":["
                 "{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":1}},"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":1}}]}",
                 "options.damage_die: 0 is out of range (expected 1 to 20)");
    expect_error("{\"ruleset\":\"test\",\"options\":{\"speed\":2},\"combatants\":["
                 "{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":1}},"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":1}}]}",
                 "options.speed: not a rule option of test (options: damage_die)");
    expect_error("{\"ruleset\":\"test\",\"dice\":[3,0],\"combatants\":["
                 "{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":1}},"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":1}}]}",
                 "dice[1]: expected a die result from 1 to 1000");
}

static void test_script_errors(void **s)
{
    (void)s;
    expect_error("{\"ruleset\":\"test\",\"combatants\":["
                 "{\"name\":\"A\",\"side\":\"a\",\"script\":[\"Fly > B\"],\"sheet\":{\"hp\":1}},"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":1}}]}",
                 "combatants[0].script[0]: 'Fly' is not an action of test");
    expect_error("{\"ruleset\":\"test\",\"combatants\":["
                 "{\"name\":\"A\",\"side\":\"a\",\"script\":[\"Strike > Zed\"],\"sheet\":{\"hp\":1}},"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":1}}]}",
                 "combatants[0].script[0]: no combatant named 'Zed'");
}

static void test_bundled_creature_missing(void **s)
{
    (void)s;
    expect_error("{\"ruleset\":\"test\",\"combatants\":["
                 "{\"name\":\"A\",\"side\":\"a\",\"use\":\"nobody\"},"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":1}}]}",
                 "combatants[0].use: no bundled test creature 'nobody'");
    expect_error("{\"ruleset\":\"test\",\"combatants\":["
                 "{\"name\":\"A\",\"side\":\"a\",\"use\":\"../etc/passwd\"},"
                 "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":1}}]}",
                 "is not a creature name");
}

/* Truncations of a valid file must all fail cleanly, never crash or leak. */
static void test_every_truncation_fails_cleanly(void **s)
{
    (void)s;
    const char *good = "{\"ruleset\":\"test\",\"name\":\"x\",\"combatants\":["
                       "{\"name\":\"A\",\"side\":\"a\",\"at\":[1.5,2],\"script\":[\"Strike > B\"],"
                       "\"sheet\":{\"hp\":3,\"bonus\":1}},"
                       "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":1}}]}";
    fray_encounter *e = load(good);
    assert_non_null(e);
    assert_int_equal(e->c[0].x, 150);
    fray_encounter_free(e);
    char buf[512];
    size_t n = strlen(good);
    for (size_t k = 0; k < n; k++) {
        memcpy(buf, good, k);
        buf[k] = 0;
        e = load(buf);
        assert_null(e);
        assert_true(strlen(err) > 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_syntax_error_has_line_and_column),
        cmocka_unit_test(test_unknown_key_names_path_and_line),
        cmocka_unit_test(test_wrong_type_and_range),
        cmocka_unit_test(test_hidden),
        cmocka_unit_test(test_unknown_ruleset),
        cmocka_unit_test(test_encounter_shape),
        cmocka_unit_test(test_script_errors),
        cmocka_unit_test(test_bundled_creature_missing),
        cmocka_unit_test(test_every_truncation_fails_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
