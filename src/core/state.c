/* state.c: changing the encounter state so that every change is recorded for
 * the next event: resources, status, position; and integer geometry.
 * Conditions are in cond.c. */
#include <string.h>

#include "core.h"

void fray_record_change(fray_encounter *e, int who, const char *what, int before, int after)
{
    e->unsettled = 1;
    if (e->nchanges < FRAY_EV_CHANGES) {
        fray_event_change *ch = &e->changes[e->nchanges++];
        ch->who = who;
        ch->what = what;
        ch->before = before;
        ch->after = after;
    }
}

static const char *const status_names[] = {"able", "down", "dead"};

void fray_set_status(fray_encounter *e, int who, int status)
{
    if (e->c[who].status == status)
        return;
    /* the change's "what" names the status reached; before/after are codes */
    fray_record(e, who, status_names[status], e->c[who].status, status);
    e->c[who].status = status;
    e->status_changed = 1;
    e->unsettled = 1;
}

void fray_move(fray_encounter *e, int who, int x, int y)
{
    int64_t dx = x - e->c[who].x, dy = y - e->c[who].y;
    fray_move_len(e, who, x, y, fray_isqrt(dx * dx + dy * dy));
}

void fray_move_len(fray_encounter *e, int who, int x, int y, int len)
{
    fray_combatant *c = &e->c[who];
    if (c->x == x && c->y == y)
        return;
    /* Recorded as the distance moved, in centimetres: where it went is in the
     * state, how far is what the rules count. */
    fray_record(e, who, "moved_cm", 0, len);
    c->x = x;
    c->y = y;
}

