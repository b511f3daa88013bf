/* state.c: changing the encounter state so that every change is recorded for
 * the next event: resources, status, position; and integer geometry.
 * Conditions are in cond.c. */
#include <math.h>
#include <string.h>

#include "core.h"

void fray_record(fray_encounter *e, int who, const char *what, int before, int after)
{
    /* without a sink (the sim) nobody reads the changes */
    if (e->nsinks && e->nchanges < FRAY_EV_CHANGES) {
        fray_event_change *ch = &e->changes[e->nchanges++];
        ch->who = who;
        ch->what = what;
        ch->before = before;
        ch->after = after;
    }
}

void fray_res_set(fray_encounter *e, int who, int res, int value)
{
    int *slot = &e->c[who].res[res];
    if (*slot == value)
        return;
    fray_record(e, who, e->rs->resources[res], *slot, value);
    *slot = value;
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
}

void fray_move(fray_encounter *e, int who, int x, int y)
{
    fray_combatant *c = &e->c[who];
    if (c->x == x && c->y == y)
        return;
    /* Recorded as the distance moved, in centimetres: where it went is in the
     * state, how far is what the rules count. */
    int64_t dx = x - c->x, dy = y - c->y;
    fray_record(e, who, "moved_cm", 0, fray_isqrt(dx * dx + dy * dy));
    c->x = x;
    c->y = y;
}

/* ---- Geometry ---- */

int fray_isqrt(int64_t v)
{
    if (v <= 0)
        return 0;
    /* IEEE sqrt is correctly rounded, so the double is within one of the
     * floor; the integer corrections make the result exact for every v,
     * the same on every machine. Distances are computed many times a
     * step, and the bit-by-bit loop was a tenth of a simulated fight. */
    int64_t r = (int64_t)sqrt((double)v);
    while (r * r > v)
        r--;
    while ((r + 1) * (r + 1) <= v)
        r++;
    return (int)r;
}

int fray_distance(const fray_encounter *e, int a, int b)
{
    int64_t dx = e->c[a].x - e->c[b].x, dy = e->c[a].y - e->c[b].y;
    return fray_isqrt(dx * dx + dy * dy);
}

static const int dir_x[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int dir_y[8] = {0, 1, 1, 1, 0, -1, -1, -1};

int fray_facing_of(int64_t dx, int64_t dy)
{
    /* the direction whose unit vector has the largest projection, the
     * first of equals; diagonal vectors are scaled by 1/sqrt(2) ~ 181/256.
     * The projections on directions 0..7 are dx, d1, dy, d3, -dx, -d1,
     * -dy, -d3 (division rounds toward zero, so (-a) * 181 / 256 is
     * -(a * 181 / 256)): no loop, as facing is asked on every move. */
    int64_t d1 = (dx + dy) * 181 / 256, d3 = (dy - dx) * 181 / 256;
    int best = 0;
    int64_t bestp = dx;
    if (d1 > bestp) { bestp = d1; best = 1; }
    if (dy > bestp) { bestp = dy; best = 2; }
    if (d3 > bestp) { bestp = d3; best = 3; }
    if (-dx > bestp) { bestp = -dx; best = 4; }
    if (-d1 > bestp) { bestp = -d1; best = 5; }
    if (-dy > bestp) { bestp = -dy; best = 6; }
    if (-d3 > bestp) best = 7;
    return best;
}

int fray_facing_towards(const fray_encounter *e, int a, int b)
{
    return fray_facing_of((int64_t)e->c[b].x - e->c[a].x, (int64_t)e->c[b].y - e->c[a].y);
}

int fray_faces(const fray_encounter *e, int who, int x, int y)
{
    const fray_combatant *c = &e->c[who];
    int64_t dx = x - c->x, dy = y - c->y;
    /* the half-plane in front: a point exactly beside counts as faced, as the
     * energy text counts the squares beside "as a whole" as faced */
    return dx * dir_x[c->facing & 7] + dy * dir_y[c->facing & 7] >= 0;
}
