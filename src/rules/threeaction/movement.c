/* movement.c: #Move and #Terrain and movement as far as an encounter
 * without a map has them: #Running up to the Speed, #Crawling 5 ft while
 * Prone, #Flying at twice the Speed, moving through allies at no Penalty and
 * through an enemy by a free Push (#Move), the grappled pair moving
 * together (#Grappled, #Grappling), and #Occupied Squares (a square passed
 * through costs double). Moves go in a straight line towards a creature
 * (Move), to the square opposite an ally across a foe (Flank), or away
 * (Retreat). */
#include "threeaction.h"

#define R(h) TA_RULE(h)

static int space(const fray_encounter *e, int who) { return ta_size_space[ta_ccr(e, who)->size]; }

/* Where who stands once the foe t is within its reach: along the line
 * between them, a few cm inside the reach. Returns the distance to go. */
int ta_approach_point(const fray_encounter *e, int who, int t, int *x, int *y)
{
    int w = ta_melee_weapon(e, who);
    int reach = w >= 0 ? ta_ccr(e, who)->w[w].reach : TA_SQUARE;
    int limit = reach + (space(e, who) + space(e, t)) / 2 - TA_SQUARE / 2;
    int d = fray_distance(e, who, t);
    int go = d - limit + TA_SQUARE / 4; /* end well inside the reach */
    int min_gap = (space(e, who) + space(e, t)) / 2; /* never into its space */
    if (go > d - min_gap)
        go = d - min_gap;
    if (go < 0)
        go = 0;
    fray_step_towards(e->c[who].x, e->c[who].y, e->c[t].x, e->c[t].y, go, 0, x, y);
    return go;
}

/* #Flanked: the point across t from an ally of who already within reach of
 * t, touching t's space. Returns the distance to it, -1 if no such ally. */
int ta_flank_point(const fray_encounter *e, int who, int t, int *x, int *y)
{
    for (int b = 0; b < e->n; b++) {
        if (b == who || !fray_able(e, b) || ta_foes(e, who, b) || !ta_foes(e, b, t))
            continue;
        int wb = ta_melee_weapon(e, b);
        if (wb < 0 || !ta_in_reach(e, b, t, ta_ccr(e, b)->w[wb].reach))
            continue;
        int gap = (space(e, who) + space(e, t)) / 2;
        fray_step_towards(e->c[t].x, e->c[t].y, e->c[b].x, e->c[b].y, gap, 1, x, y);
        int64_t dx = *x - e->c[who].x, dy = *y - e->c[who].y;
        return fray_isqrt(dx * dx + dy * dy);
    }
    return -1;
}

/* who and the creature it grapples, or that grapples it, move together. */
void ta_carry(fray_encounter *e, int who, int x, int y)
{
    int dx = x - e->c[who].x, dy = y - e->c[who].y;
    fray_move(e, who, x, y);
    for (int k = 0; k < e->n; k++)
        if (k != who && (fray_linked(e, 0, who, k) || fray_linked(e, 0, k, who)))
            fray_move(e, k, e->c[k].x + dx, e->c[k].y + dy);
}

/* The first enemy (other than the one moved to) whose space the path
 * (x0,y0)-(x1,y1) crosses, and how far along the path its space begins. */
static int blocker(const fray_encounter *e, int who, int t, int x0, int y0, int x1, int y1, int *at)
{
    int best = -1;
    int64_t len = fray_isqrt((int64_t)(x1 - x0) * (x1 - x0) + (int64_t)(y1 - y0) * (y1 - y0));
    if (len == 0)
        return -1;
    for (int k = 0; k < e->n; k++) {
        if (k == who || k == t || !fray_able(e, k) || !ta_foes(e, who, k) ||
            fray_linked(e, 0, who, k) || fray_linked(e, 0, k, who))
            continue;
        int64_t r = (space(e, k) + space(e, who)) / 2 - 1;
        if (fray_dist2_point_segment(e->c[k].x, e->c[k].y, x0, y0, x1, y1) >= r * r)
            continue;
        int64_t proj = ((int64_t)(e->c[k].x - x0) * (x1 - x0) + (int64_t)(e->c[k].y - y0) * (y1 - y0)) / len;
        int start = (int)(proj - r);
        if (start < 0)
            start = 0;
        if (best < 0 || start < *at) {
            best = k;
            *at = start;
        }
    }
    return best;
}

/* Move along the path, a free Push against each enemy in the way (#Move):
 * "on a failure your movement ends, on a success you may treat their
 * square as Difficult Terrain, on a Critical Success you can Move through
 * their square at no Penalty". */
static void travel(fray_encounter *e, int who, int t, int x1, int y1)
{
    int x0 = e->c[who].x, y0 = e->c[who].y;
    int64_t dx = x1 - x0, dy = y1 - y0;
    int len = fray_isqrt(dx * dx + dy * dy), budget = len;
    uint32_t passed = 0;
    for (int guard = 0; guard < 4; guard++) {
        int at = 0, k = blocker(e, who, t, x0, y0, x1, y1, &at);
        while (k >= 0 && ((passed >> k) & 1u))
            k = -1; /* already pushed through */
        if (k < 0)
            break;
        int r = ta_opposed(e, who, k, "Push through (free)");
        passed |= 1u << k;
        if (r <= 0) { /* stop before its space */
            budget = at;
            break;
        }
        if (r == 1) /* Difficult Terrain: its square costs double */
            budget -= space(e, k);
    }
    if (budget < 0)
        budget = 0;
    int x, y;
    fray_step_along(x0, y0, dx, dy, len, budget < len ? budget : len, 0, &x, &y);
    ta_carry(e, who, x, y);
}

void ta_move(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target, x, y, go;
    ta_creature *c = ta_cr(e, who);
    int speed = ta_speed(e, who);
    const char *how = fray_has(e, who, TA_C_PRONE) ? "crawl" : c->flight ? "fly" : "run";
    ta_spend(e, who, 1);
    if (c->flight)
        c->flew = 1;
    if (a->kind == TA_A_RETREAT) {
        fray_step_towards(e->c[who].x, e->c[who].y, e->c[t].x, e->c[t].y, speed, 1, &x, &y);
        ta_carry(e, who, x, y);
    } else {
        go = a->kind == TA_A_FLANK ? ta_flank_point(e, who, t, &x, &y) : ta_approach_point(e, who, t, &x, &y);
        if (go > speed) {
            int64_t dx = x - e->c[who].x, dy = y - e->c[who].y;
            fray_step_along(e->c[who].x, e->c[who].y, dx, dy, go, speed, 0, &x, &y);
        }
        travel(e, who, t, x, y);
    }
    fray_emit(e, &(fray_event){.kind = "move", .actor = who, .target = t,
                                .action = e->rs->actions[a->kind].name, .detail = how,
                                .rule = fray_has(e, who, TA_C_PRONE) ? R("Crawling")
                                        : c->flight ? R("Flying") : R("Move")});
}
