/* jsonout_test.c: reals printed in their shortest exact form
 * (src/core/jsonout.c): the fewest significant digits that read back as
 * the same double, still a real, strings left alone. */
#include "test.h"

#include <stdlib.h>
#include <string.h>

#include "jsonout.h"

static void shortest_reals(void **state)
{
    (void)state;
    static const struct {
        double v;
        const char *text;
    } cases[] = {
        {0.781, "0.781"},                          /* %.17g: 0.78100000000000003 */
        {0.59, "0.59"},                            /* 0.58999999999999997 */
        {0.1 + 0.2, "0.30000000000000004"},        /* needs all 17 digits */
        {1.0, "1.0"},                              /* still a real */
        {-0.5, "-0.5"},
        {100.0, "100.0"},
        {1e-05, "1e-05"},
        {123456.789, "123456.789"},
        {2.0 / 3.0, "0.6666666666666666"},         /* 16 digits: 17 are not needed */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[32];
        fray_json_real_text(cases[i].v, buf, sizeof buf);
        assert_string_equal(buf, cases[i].text);
        assert_true(strtod(buf, NULL) == cases[i].v);
    }
}

/* A whole document: every real shortened, integers and strings (even one
 * that looks like a number) as they were. */
static void whole_document(void **state)
{
    (void)state;
    json_t *o = json_pack("{s:f, s:i, s:s, s:[f, f]}", "p", 0.781, "n", 12, "s", "0.78100000000000003 \"x\"",
                          "a", 0.1 + 0.2, 3.0);
    char *text = fray_json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
    assert_non_null(text);
    assert_string_equal(text, "{\"a\":[0.30000000000000004,3.0],\"n\":12,\"p\":0.781,"
                              "\"s\":\"0.78100000000000003 \\\"x\\\"\"}");
    json_error_t err;
    json_t *back = json_loads(text, 0, &err);
    assert_non_null(back);
    assert_true(json_equal(o, back));
    json_decref(back);
    free(text);
    json_decref(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shortest_reals),
        cmocka_unit_test(whole_document),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
