/* movement.c: #Move and #Terrain and movement as far as an encounter
 * without a map has them: #Running up to the Speed, #Crawling 5 ft while
 * Prone, #Flying at twice the Speed, moving through allies at no Penalty and
 * through an enemy by a free Push (#Move), the grappled pair moving
 * together (#Grappled, #Grappling), and #Occupied Squares (a square passed
 * through costs double). Moves go in a straight line towards a creature
 * (Move), to the square opposite an ally across a foe (Flank), or away
 * (Retreat). */
#include <string.h>

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
    /* a flyer above (or below): the reach is counted with the height
     * between them (ta_in_reach), so the ground distance is shorter */
    int64_t dz = ta_ccr(e, who)->altitude - ta_ccr(e, t)->altitude;
    if (dz != 0) {
        int64_t h2 = (int64_t)limit * limit - dz * dz;
        limit = h2 > 0 ? fray_isqrt(h2) : 0;
    }
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

/* Where the move a heads for, before the ground has its say. */
static void move_end(const fray_encounter *e, const fray_action *a, int speed, int *x, int *y)
{
    int who = a->actor, t = a->target;
    *x = e->c[who].x;
    *y = e->c[who].y;
    if (a->kind == TA_A_RETREAT)
        fray_step_towards(e->c[who].x, e->c[who].y, e->c[t].x, e->c[t].y, speed, 1, x, y);
    else if (a->kind == TA_A_COVER)
        ta_cover_point(e, who, t, x, y);
    else if (a->kind == TA_A_FLANK)
        ta_flank_point(e, who, t, x, y);
    else
        ta_approach_point(e, who, t, x, y);
}

/* On the map: towards the end of the first wall in the way, or the corner
 * of the first object in the way, first. */
static void around(const fray_encounter *e, int who, int *x, int *y)
{
    int wx, wy;
    if (fray_map_detour(e->map, e->c[who].x, e->c[who].y, *x, *y, space(e, who) / 2 + 10, &wx, &wy) ||
        fray_map_object_detour(e->map, e->c[who].x, e->c[who].y, *x, *y, space(e, who) / 2, &wx, &wy)) {
        *x = wx;
        *y = wy;
    }
}

int ta_move_goes(const fray_encounter *e, const fray_action *a)
{
    int who = a->actor, speed = ta_speed(e, who), x, y;
    if (speed <= 0 || a->target < 0)
        return 0;
    move_end(e, a, speed, &x, &y);
    if (x == e->c[who].x && y == e->c[who].y)
        return 0;
    if (!e->map)
        return 1;
    int ally;
    if (ta_zero_g(e, who)) /* push_off: an ally or a fixed object to push from */
        return ta_can_push_off(e, who, &ally) != 0;
    if (!ta_ccr(e, who)->flight && ta_ccr(e, who)->altitude == 0 &&
        (fray_map_region_at(e->map, FRAY_RG_DEEP_WATER, e->c[who].x, e->c[who].y) >= 0 ||
         fray_map_region_at(e->map, FRAY_RG_CLIMB, e->c[who].x, e->c[who].y) >= 0))
        return 1; /* a Swim or Climb Check first: dice */
    around(e, who, &x, &y);
    return ta_walk_goes(e, who, x, y, speed, a->kind == TA_A_STRAIGHT);
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

/* #Occupied Squares: "Creatures may Move through squares occupied by
 * Allies or by Creatures either 2 sizes larger or smaller than themselves.
 * While moving through these squares count as Difficult Terrain." #Move
 * says allies' squares are passed "at no Penalty": the text contradicts
 * itself there, and fray takes #Move's sentence (option
 * ally_squares_difficult 1: the Occupied Squares one). An enemy 2 Sizes or
 * more apart is passed without a Push. */
static int size_apart(const fray_encounter *e, int who, int k)
{
    int ds = ta_ccr(e, k)->size - ta_ccr(e, who)->size;
    return ds >= 2 || ds <= -2;
}

/* The extra cost (cm) of the squares of creatures passed through without
 * a Push on the path (x0,y0)-(x1,y1): enemies 2 Sizes apart (and allies
 * with ally_squares_difficult) count as Difficult Terrain, their space
 * twice. */
static int occupied_cost(const fray_encounter *e, int who, int t, int x0, int y0, int x1, int y1)
{
    int extra = 0;
    for (int k = 0; k < e->n; k++) {
        if (k == who || k == t || !fray_able(e, k) || fray_linked(e, 0, who, k) ||
            fray_linked(e, 0, k, who))
            continue;
        if (ta_foes(e, who, k) ? !size_apart(e, who, k) : !fray_opt(e, TA_OPT_ALLY_SQUARES_DIFFICULT))
            continue;
        int64_t r = (space(e, k) + space(e, who)) / 2 - 1;
        if (fray_dist2_point_segment(e->c[k].x, e->c[k].y, x0, y0, x1, y1) < r * r)
            extra += space(e, k);
    }
    return extra;
}

/* The first enemy (other than the one moved to, and than those 2 Sizes
 * apart, passed without a Push) whose space the path (x0,y0)-(x1,y1)
 * crosses, and how far along the path its space begins. */
static int blocker(const fray_encounter *e, int who, int t, int x0, int y0, int x1, int y1, int *at)
{
    int best = -1;
    int64_t len = fray_isqrt((int64_t)(x1 - x0) * (x1 - x0) + (int64_t)(y1 - y0) * (y1 - y0));
    if (len == 0)
        return -1;
    for (int k = 0; k < e->n; k++) {
        if (k == who || k == t || !fray_able(e, k) || !ta_foes(e, who, k) ||
            fray_linked(e, 0, who, k) || fray_linked(e, 0, k, who) || size_apart(e, who, k))
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
static const char *travel(fray_encounter *e, int who, int t, int x1, int y1, int mbudget,
                          int straight)
{
    int x0 = e->c[who].x, y0 = e->c[who].y;
    int64_t dx = x1 - x0, dy = y1 - y0;
    int len = fray_isqrt(dx * dx + dy * dy), budget = len, limit = len, extra = 0;
    uint32_t passed = 0;
    if (!ta_underground(e, who)) { /* #Occupied Squares: Difficult Terrain */
        extra = occupied_cost(e, who, t, x0, y0, x1, y1);
        budget -= extra;
    }
    for (int guard = 0; guard < 4 && !ta_underground(e, who); guard++) {
        int at = 0, k = blocker(e, who, t, x0, y0, x1, y1, &at);
        while (k >= 0 && ((passed >> k) & 1u))
            k = -1; /* already pushed through */
        if (k < 0)
            break;
        int r = ta_opposed(e, who, k, "Push through (free)");
        passed |= 1u << k;
        if (r <= 0) { /* stop before its space */
            budget = limit = at;
            break;
        }
        if (r == 1) { /* Difficult Terrain: its square costs double */
            budget -= space(e, k);
            extra += space(e, k);
        }
    }
    if (e->map) /* terrain.c: the ground, walls and water on the way */
        return ta_travel_map(e, who, x1, y1, mbudget - extra, straight, limit);
    if (budget < 0)
        budget = 0;
    int x, y;
    fray_step_along(x0, y0, dx, dy, len, budget < len ? budget : len, 0, &x, &y);
    ta_carry(e, who, x, y);
    return NULL;
}

/* #Zero-G: "you are only able to Move by pushing off of things": a fixed
 * Object sends you up to your Speed, an ally within 1 Size half of it (and
 * the ally the other way), and you keep drifting so each turn. */
static const char *push_off(fray_encounter *e, int who, int x, int y, int speed)
{
    ta_creature *c = ta_cr(e, who);
    int ally, fixed = ta_can_push_off(e, who, &ally) == 2;
    int s = fixed ? speed : speed / 2;
    int64_t dx = x - e->c[who].x, dy = y - e->c[who].y;
    int len = fray_isqrt(dx * dx + dy * dy);
    if (len == 0 || s <= 0)
        return "push off";
    c->drift_x = (int)(dx * s / len);
    c->drift_y = (int)(dy * s / len);
    if (!fixed && ally >= 0) {
        ta_creature *ca = ta_cr(e, ally);
        ca->drift_x = -c->drift_x;
        ca->drift_y = -c->drift_y;
        ta_travel_map(e, ally, e->c[ally].x + ca->drift_x, e->c[ally].y + ca->drift_y, s, 1, INT32_MAX);
        ta_after_move(e, ally);
    }
    ta_travel_map(e, who, e->c[who].x + c->drift_x, e->c[who].y + c->drift_y, s, 1, INT32_MAX);
    return "push off";
}

/* The heading of the terrain a move on the map went through. */
static const char *terrain_rule(const char *how, const char *rule)
{
    static const char *const hows[][2] = {
        {"swim", R("Swimming")},   {"founder", R("Swimming")},  {"climb", R("Climbing")},
        {"slip", R("Climbing")},   {"burrow", R("Burrowing")},  {"squeeze", R("Squeezing")},
        {"push off", R("Zero-G")}, {"wade", R("Difficult Terrain")},
        {"difficult ground", R("Difficult Terrain")}};
    for (size_t i = 0; i < sizeof hows / sizeof hows[0]; i++)
        if (!strcmp(how, hows[i][0]))
            return hows[i][1];
    return rule;
}

/* A Move on the encounter's map (terrain.c): around a wall, through the
 * ground's costs, a Swim or Climb Check first where the text asks one. */
static const char *move_on_map(fray_encounter *e, const fray_action *a, int speed)
{
    int who = a->actor, t = a->target, x, y;
    move_end(e, a, speed, &x, &y);
    if (ta_zero_g(e, who))
        return push_off(e, who, x, y, speed);
    if (!ta_swim(e, who))
        return "founder";
    if (!ta_climb_start(e, who))
        return "slip";
    around(e, who, &x, &y);
    if (a->kind == TA_A_RETREAT || a->kind == TA_A_COVER)
        return ta_travel_map(e, who, x, y, speed, 0, INT32_MAX);
    return travel(e, who, t, x, y, speed, a->kind == TA_A_STRAIGHT);
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
    if (e->map) {
        const char *terrain = move_on_map(e, a, speed);
        if (terrain)
            how = terrain;
    } else if (a->kind == TA_A_RETREAT) {
        fray_step_towards(e->c[who].x, e->c[who].y, e->c[t].x, e->c[t].y, speed, 1, &x, &y);
        ta_carry(e, who, x, y);
    } else {
        go = a->kind == TA_A_FLANK ? ta_flank_point(e, who, t, &x, &y) : ta_approach_point(e, who, t, &x, &y);
        if (go > speed) {
            int64_t dx = x - e->c[who].x, dy = y - e->c[who].y;
            fray_step_along(e->c[who].x, e->c[who].y, dx, dy, go, speed, 0, &x, &y);
        }
        travel(e, who, t, x, y, speed, 0);
    }
    const char *rule = fray_has(e, who, TA_C_PRONE) ? R("Crawling") : c->flight ? R("Flying") : R("Move");
    if (e->map)
        rule = terrain_rule(how, rule);
    fray_emit(e, &(fray_event){.kind = "move", .actor = who, .target = t,
                                .action = e->rs->actions[a->kind].name, .detail = how,
                                .rule = rule});
    if (e->map) /* the ground where it stops: thin ice, a narrow space (terrain.c) */
        ta_after_move(e, who);
}
