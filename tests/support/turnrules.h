/* turnrules.h: "turns", a made-up turn-based ruleset for the core's tests
 * of the scheduler, conditions v2, checks and questions (turnrules.c). */
#ifndef FRAY_TURNRULES_H
#define FRAY_TURNRULES_H
#include "core.h"

extern const fray_ruleset tt_ruleset;
enum { TT_HP, TT_INIT, TT_ACTIONS, TT_REACTIONS };
enum { TT_STRIKE, TT_PARRY, TT_DELAY, TT_FOLLOW, TT_ENTER, TT_READY, TT_READIED, TT_COMMAND,
       TT_NACT };
enum { TT_STUNNED, TT_FLAT, TT_SHAKEN, TT_POISONED, TT_DODGING, TT_MARKED, TT_BLEEDING,
       TT_NCOND };
enum { TT_Q_DEFENCE };

/* Load an encounter of the turns ruleset; fails the test on an error. */
fray_encounter *tt_load(const char *json);

/* Every event as one line: "kind Actor>Target:outcome Who.What=after [mod +n] (roll)". */
#define TT_LOG 512
#define TT_LINE 200
typedef struct tt_log {
    int n;
    char line[TT_LOG][TT_LINE];
} tt_log;
void tt_sink(void *ud, const fray_encounter *e, const fray_event *ev);
/* The index of the first line from `from` on that holds text, or -1. */
int tt_find(const tt_log *log, int from, const char *text);
/* The "turn" events in order, "A B C:delaying ...". */
void tt_turns(const tt_log *log, char *out, size_t len);
#endif
