/* state.c: changing the encounter state so that every change is recorded for
 * the next event: resources, status, position, conditions with their parent
 * and daughter entries and their durations; and integer geometry. */
#include <math.h>
#include <string.h>

#include "core.h"

static void record(fray_encounter *e, int who, const char *what, int before, int after)
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
    record(e, who, e->rs->resources[res], *slot, value);
    *slot = value;
}

static const char *const status_names[] = {"able", "down", "dead"};

void fray_set_status(fray_encounter *e, int who, int status)
{
    if (e->c[who].status == status)
        return;
    /* the change's "what" names the status reached; before/after are codes */
    record(e, who, status_names[status], e->c[who].status, status);
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
    record(e, who, "moved_cm", 0, fray_isqrt(dx * dx + dy * dy));
    c->x = x;
    c->y = y;
}

/* ---- Conditions ---- */

int fray_cond_has(const fray_encounter *e, int who, int cond)
{
    const fray_combatant *c = &e->c[who];
    for (int i = 0; i < c->ncond; i++)
        if (c->cond[i].id == cond)
            return 1;
    return 0;
}

/* The change names are "+Name" and "-Name", built once per condition in a
 * static table would need the ruleset's names at compile time; instead the
 * change carries the bare name with before/after 0/1. */
static void note_cond(fray_encounter *e, int who, int cond, int before, int after)
{
    if (before != after)
        record(e, who, e->rs->conditions[cond], before, after);
}

/* Later of two ends; FRAY_EXP_NEVER outlasts everything, a rest-bound entry
 * outlasts any round-bound one. */
static int outlasts(int exp_a, int round_a, int exp_b, int round_b)
{
    if (exp_a == exp_b)
        return round_a > round_b;
    if (exp_a == FRAY_EXP_NEVER)
        return 1;
    if (exp_b == FRAY_EXP_NEVER)
        return 0;
    if (exp_a == FRAY_EXP_REST)
        return 1;
    if (exp_b == FRAY_EXP_REST)
        return 0;
    /* both round- or turn-bound: compare rounds, end-of-round beats start */
    if (round_a != round_b)
        return round_a > round_b;
    return exp_a == FRAY_EXP_ROUND_END || exp_a == FRAY_EXP_TURN_END;
}

void fray_cond_add(fray_encounter *e, int who, int cond, int parent, int expire, int round)
{
    fray_combatant *c = &e->c[who];
    int had = fray_cond_has(e, who, cond);
    for (int i = 0; i < c->ncond; i++) {
        fray_cond *k = &c->cond[i];
        if (k->id == cond && k->parent == parent) {
            if (outlasts(expire, round, k->expire, k->round)) {
                k->expire = (uint8_t)expire;
                k->round = (int16_t)round;
            }
            return;
        }
    }
    if (c->ncond == FRAY_MAX_COND)
        return; /* a creature under 24 entries at once is beyond any rule text */
    fray_cond *k = &c->cond[c->ncond++];
    k->id = (int8_t)cond;
    k->parent = (int8_t)parent;
    k->expire = (uint8_t)expire;
    k->round = (int16_t)round;
    note_cond(e, who, cond, had, 1);
}

/* Drop entry i, then every entry whose parent no longer stands. */
static void drop_entry(fray_encounter *e, int who, int i)
{
    fray_combatant *c = &e->c[who];
    int id = c->cond[i].id;
    c->cond[i] = c->cond[--c->ncond];
    if (fray_cond_has(e, who, id))
        return; /* still held through another entry: its daughters stay */
    note_cond(e, who, id, 1, 0);
    for (int j = 0; j < c->ncond;) {
        if (c->cond[j].parent == id) {
            drop_entry(e, who, j);
            j = 0; /* the array changed under us */
        } else {
            j++;
        }
    }
}

int fray_cond_remove(fray_encounter *e, int who, int cond)
{
    fray_combatant *c = &e->c[who];
    for (int i = 0; i < c->ncond;) {
        if (c->cond[i].id == cond && c->cond[i].parent < 0)
            drop_entry(e, who, i);
        else
            i++;
    }
    return !fray_cond_has(e, who, cond);
}

static int due(const fray_cond *k, int when, int round)
{
    if (k->expire != when)
        return 0;
    if (when == FRAY_EXP_REST || when == FRAY_EXP_NEVER)
        return when == FRAY_EXP_REST;
    return k->round <= round;
}

void fray_cond_expire(fray_encounter *e, int who, int when)
{
    fray_combatant *c = &e->c[who];
    if (!c->ncond)
        return;
    for (int i = 0; i < c->ncond;) {
        if (due(&c->cond[i], when, e->round)) {
            drop_entry(e, who, i);
            i = 0;
        } else {
            i++;
        }
    }
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
