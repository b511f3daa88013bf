/* fidelity_test.c: issue 33's points for the energy ruleset, each a fight
 * with scripted dice replayed through the whole loop (fray_run) and read
 * back from its events; each quotes the sentence of the seed it checks and
 * sits at the boundary (src/rules/energy/actions.c, legal.c, rounds.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/test.h"
#include "rules/energy/energy.h"

#define MAX_EV 400

typedef struct evlog {
    char ev[MAX_EV][128];
    int n;
} evlog;

/* one line per event: "kind actor action outcome > target = value" */
static void sink(void *ud, const fray_encounter *e, const fray_event *ev)
{
    evlog *l = ud;
    if (l->n >= MAX_EV)
        return;
    snprintf(l->ev[l->n++], sizeof l->ev[0], "%s %s %s %s > %s = %d", ev->kind,
             ev->actor >= 0 ? e->c[ev->actor].name : "-", ev->action ? ev->action : "-",
             ev->outcome ? ev->outcome : "-", ev->target >= 0 ? e->c[ev->target].name : "-",
             ev->has_value ? ev->value : 0);
}

/* Run the encounter `json` (scripted dice and scripts) to its end; the
 * events in *l, fray_run's result returned. */
static int run(const char *json, evlog *l)
{
    char err[512];
    fray_encounter *e = fray_encounter_load_string(json, "fidelity", err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    l->n = 0;
    fray_subscribe(e, sink, l);
    fray_set_seed(e, 1);
    int rc = fray_run(e);
    fray_encounter_free(e);
    return rc;
}

/* The index of the first event at or after `from` that contains every
 * string of the NULL-terminated list, or -1. */
static int find_from(const evlog *l, int from, ...)
{
    for (int i = from < 0 ? 0 : from; i < l->n; i++) {
        va_list ap;
        va_start(ap, from);
        int ok = 1;
        for (const char *s = va_arg(ap, const char *); s; s = va_arg(ap, const char *))
            if (!strstr(l->ev[i], s))
                ok = 0;
        va_end(ap);
        if (ok)
            return i;
    }
    return -1;
}

static void dump(const evlog *l)
{
    for (int i = 0; i < l->n; i++)
        print_message("  %s\n", l->ev[i]);
}

/* ---- Scripted dice that run out -------------------------------------- */

/* Not a sentence of the seed: what was never rolled did not happen. The
 * Combat roll is scripted (14, a hit against Evasion 6 + 1d10 <= 11), the
 * Evasion roll is not: no attack and no damage may be reported, and the
 * fight fails. With one more die (the Evasion roll) the attack is told; with
 * all three the damage too. */
static const char *run_out_fmt =
    "{\"ruleset\": \"energy\", \"name\": \"out\", \"max_rounds\": 1, \"dice\": [%s],"
    " \"combatants\": ["
    "  {\"name\": \"Aldric\", \"side\": \"blue\", \"at\": [0, 0], \"facing\": 0, \"use\": \"knight\","
    "   \"script\": [\"Melee Attack > Grok\", \"pass\"]},"
    "  {\"name\": \"Grok\", \"side\": \"red\", \"at\": [1, 0], \"facing\": 4, \"use\": \"ogre\","
    "   \"script\": [\"pass\", \"pass\"]}]}";

static void dice_run_out(void **state)
{
    (void)state;
    static evlog l;
    char json[2048];
    /* the Evasion roll is missing */
    snprintf(json, sizeof json, run_out_fmt, "14");
    assert_true(run(json, &l) < 0);
    if (find_from(&l, 0, "attack Aldric", NULL) >= 0 || find_from(&l, 0, "damage", NULL) >= 0) {
        dump(&l);
        fail_msg("an attack was reported from dice that ran out");
    }
    /* the damage roll is missing: the hit is not told either (one event) */
    snprintf(json, sizeof json, run_out_fmt, "14, 2");
    assert_true(run(json, &l) < 0);
    assert_int_equal(find_from(&l, 0, "attack Aldric", NULL), -1);
    assert_int_equal(find_from(&l, 0, "damage", NULL), -1);
    /* every die there: the hit and its damage */
    snprintf(json, sizeof json, run_out_fmt, "14, 2, 3");
    assert_int_equal(run(json, &l), 0);
    assert_true(find_from(&l, 0, "attack Aldric Melee Attack hit > Grok", NULL) >= 0);
    assert_true(find_from(&l, 0, "damage Aldric - aura > Grok", NULL) >= 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dice_run_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
