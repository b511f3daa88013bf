/* state.c: changing the encounter state so that every change is recorded for
 * the next event: resources, status, position; and integer geometry.
 * Conditions are in cond.c. */
#include <stdio.h>
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

/* The turn counter that lives in res, or NULL. */
static const fray_counter_info *counter_of(const fray_encounter *e, int res)
{
    const fray_turn_rules *tr = e->rs->turns;
    for (int k = 0; tr && k < tr->ncounters; k++)
        if (tr->counters[k].res == res)
            return &tr->counters[k];
    return NULL;
}

int fray_res_fiat(fray_encounter *e, int who, int res, int value, int apply, char *why,
                  size_t whylen)
{
    const fray_ruleset *rs = e->rs;
    const fray_turn_rules *tr = rs->turns;
    const fray_counter_info *ci = counter_of(e, res);
    const char *name = rs->resources[res], *cn = e->c[who].name;
    int lo = 0, hi = 0, how = FRAY_SET_PLAIN;
    why[0] = 0;
    if (tr && res == tr->score_res) {
        if (e->round < 1)
            return snprintf(why, whylen, "%s is rolled as the fight starts: set it from round 1 on",
                            name), -1;
        lo = -999;
        hi = 999;
    } else if (ci) {
        hi = ci->amount >= 0 ? ci->amount : tr->counter_size(e, who, res);
        if (hi <= 0)
            return snprintf(why, whylen, "%s counts what %s did in the turn: the rules keep it",
                            name, cn), -1;
    } else if (rs->res_range) {
        how = rs->res_range(e, who, res, &lo, &hi, why, whylen);
        if (how == FRAY_SET_NO)
            return -1;
        if (how == FRAY_SET_TRACK && !rs->fiat)
            return snprintf(why, whylen, "%s has no GM damage or healing", rs->id), -1;
    } else {
        return snprintf(why, whylen, "%s keeps %s by its rules: the GM may not set it", rs->id,
                        name), -1;
    }
    if (value < lo || value > hi) {
        char note[200];
        snprintf(note, sizeof note, "%s", why);
        return snprintf(why, whylen, "%s of %s takes %d to %d, not %d%s%s", name, cn, lo, hi, value,
                        note[0] ? ": " : "", note), -1;
    }
    if (tr && res == tr->score_res && fray_turns_rescore_check(e, who, value) < 0)
        return snprintf(why, whylen, "%s's turn this round is still to come, and %s %d would put "
                        "it before turns already had: set it once its turn has begun, or after "
                        "this round", cn, name, value), -1;
    if (!apply)
        return 0;
    int now = e->c[who].res[res];
    if (how == FRAY_SET_TRACK) {
        if (value != now)
            rs->fiat(e, who, value < now ? now - value : value - now, value > now);
        return 0;
    }
    fray_res_set(e, who, res, value);
    if (tr && res == tr->score_res)
        fray_turns_rescore(e, who);
    return 0;
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
    e->world_rev++;
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
    e->world_rev++;
}

