/* situation.c: what the policy asks of a pair of creatures again and again
 * (Line of Effect, Cover from the attacker, the map's concealment,
 * Flanked), answered once a decision (issue 34). While the policy decides
 * nothing changes, and the legal list, every attack it weighs, the Trip
 * and the Feint it considers ask the same pairs: each answer is kept from
 * its first question to the decision's end, so it is the one the question
 * would give, and a fight the same. Questions asked outside a decision
 * (while an action resolves, the state changing) are computed. A decision
 * starts a new generation, and an answer of an earlier one is not read:
 * nothing is cleared (keeping the answers across decisions, with a key of
 * every creature's place, height, size, status, grapples and reach checked
 * at each decision, cost more than they saved: 8% of a skirmish). One
 * table per thread, as each sim worker has its own fights. */
#include <string.h>

#include "threeaction.h"

/* answers[q][a * FRAY_MAX_COMBATANTS + b]: 2 * generation + the answer */
typedef struct sit {
    const fray_encounter *on; /* the encounter deciding now, or NULL */
    uint32_t gen;             /* the decision's generation, 1 .. 2^31 - 1 */
    uint32_t answers[TA_SIT_NQ][FRAY_MAX_COMBATANTS * FRAY_MAX_COMBATANTS];
} sit;

static _Thread_local sit the_sit;

void ta_sit_begin(const fray_encounter *e)
{
    sit *s = &the_sit;
    if (++s->gen >= (1u << 31) || s->gen == 1) { /* the first, or the count wrapped */
        memset(s->answers, 0, sizeof s->answers);
        s->gen = 1;
    }
    s->on = e;
}

void ta_sit_end(void) { the_sit.on = NULL; }

int ta_sit_get(const fray_encounter *e, int q, int a, int b)
{
    const sit *s = &the_sit;
    if (s->on != e)
        return -1;
    uint32_t v = s->answers[q][a * FRAY_MAX_COMBATANTS + b];
    return v >> 1 == s->gen ? (int)(v & 1u) : -1;
}

int ta_sit_put(const fray_encounter *e, int q, int a, int b, int v)
{
    sit *s = &the_sit;
    if (s->on == e)
        s->answers[q][a * FRAY_MAX_COMBATANTS + b] = s->gen << 1 | (v != 0);
    return v;
}
