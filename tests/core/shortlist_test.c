/* shortlist_test.c: the policy's shortened lists change no fight.
 *
 * While a ruleset's own policy chooses, the core sets e->for_policy and
 * e->want, and legal may leave out what that policy would not choose
 * (core.h, policy_kinds). The contract: the policy picks the same action.
 * For every example of every ruleset, and the crowds of tests/data/shortlist
 * (lists long enough to be cut at FRAY_MAX_LEGAL), 30 seeds with the policy on both
 * sides and 30 with random play on one side are run twice, once with the
 * ruleset as it is and once with a legal that always lists everything; the
 * JSON event streams must be identical, byte for byte. The shortened runs
 * must also list fewer actions in all, somewhere, or this test tests
 * nothing. */
#include "test.h"
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

static const fray_ruleset *real; /* the ruleset under test */
static long listed;              /* actions listed by legal, in all */

/* legal as the ruleset has it, counting what it lists */
static int counted_legal(fray_encounter *e, int who, int window, const fray_action *trigger,
                         fray_action *out, int max)
{
    int n = real->legal(e, who, window, trigger, out, max);
    listed += n > 0 ? n : 0;
    return n;
}

/* legal as for any controller: the whole list */
static int whole_legal(fray_encounter *e, int who, int window, const fray_action *trigger,
                       fray_action *out, int max)
{
    e->for_policy = 0;
    e->want = FRAY_WANT_ALL;
    return counted_legal(e, who, window, trigger, out, max);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = calloc(1, 1 << 20);
    assert_non_null(buf);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

/* The JSON Lines of `seeds` fights (caller frees), and what legal listed. */
static char *fights(const fray_ruleset *rs, const char *text, const char *path, int random_red,
                    long *nlisted)
{
    char err[512] = "";
    fray_encounter *e = fray_encounter_load_with(rs, text, path, err, sizeof err);
    if (!e)
        fail_msg("%s: %s", path, err);
    if (random_red)
        assert_int_equal(fray_set_controller(e, fray_side_name(e, 1), "random"), 0);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    assert_non_null(f);
    fray_subscribe(e, fray_sink_jsonl, f);
    listed = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        fray_reset(e, seed, 0);
        assert_true(fray_run(e) >= 0);
    }
    *nlisted = listed;
    fclose(f);
    fray_encounter_free(e);
    return out;
}

static void test_shortened_lists_change_no_fight(void **s)
{
    (void)s;
    glob_t g;
    assert_int_equal(glob("examples/*.json", 0, NULL, &g), 0);
    assert_int_equal(glob("tests/data/shortlist/*.json", GLOB_APPEND, NULL, &g), 0);
    int shortened = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char err[512] = "";
        fray_encounter *probe = fray_encounter_load_file(g.gl_pathv[i], err, sizeof err);
        if (!probe)
            fail_msg("%s: %s", g.gl_pathv[i], err);
        real = probe->rs;
        fray_encounter_free(probe);
        fray_ruleset as_is = *real, whole = *real;
        as_is.legal = counted_legal;
        whole.legal = whole_legal;
        /* the policy chooses from legal's lists here, not through decide
         * (which decide_test checks against the whole list) */
        as_is.decide = whole.decide = NULL;
        char *text = slurp(g.gl_pathv[i]);
        for (int random_red = 0; random_red < 2; random_red++) {
            long n_short, n_whole;
            char *a = fights(&as_is, text, g.gl_pathv[i], random_red, &n_short);
            char *b = fights(&whole, text, g.gl_pathv[i], random_red, &n_whole);
            if (strcmp(a, b) != 0)
                fail_msg("%s (%s): the policy's shortened lists changed a fight", g.gl_pathv[i],
                         random_red ? "random red" : "policy");
            assert_true(n_short <= n_whole);
            shortened += n_short < n_whole;
            free(a);
            free(b);
        }
        free(text);
    }
    assert_true(shortened > 0);
    globfree(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shortened_lists_change_no_fight),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
