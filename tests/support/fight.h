/* fight.h: helpers for ruleset tests that drive the hooks by hand. */
#ifndef FRAY_TEST_FIGHT_H
#define FRAY_TEST_FIGHT_H
#include "core.h"

/* Load an encounter of a registered ruleset from JSON (failing the test on
 * an error), start the combat and round 1: the state a creature's first
 * choice sees. The caller frees it. */
fray_encounter *test_open_round1(const char *json, const char *name);
/* Whether WHO may take an action of KIND now (the ruleset's legal list of
 * the action window). */
int test_has_action(fray_encounter *e, int who, int kind);
#endif
