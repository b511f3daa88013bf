/* testrules.h: a tiny ruleset for the core's tests, using every hook. */
#ifndef FRAY_TESTRULES_H
#define FRAY_TESTRULES_H
#include "core.h"

extern const fray_ruleset tr_ruleset;
enum { TR_HP, TR_AP };
enum { TR_DAZED, TR_EXPOSED };
enum { TR_STRIKE, TR_BRACE, TR_RIPOSTE, TR_DAZE };

/* Load an encounter of tr_ruleset from text; fails the test on error. */
fray_encounter *tr_load(const char *json);
/* Collects events for assertions. */
typedef struct tr_log {
    int n;
    char kinds[256][16];
    char lines[256][160];
} tr_log;
void tr_sink(void *ud, const fray_encounter *e, const fray_event *ev);
/* How many legal calls of this fight listed only the policy's kinds. */
int tr_narrowed(const fray_encounter *e);
#endif
