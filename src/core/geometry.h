/* geometry.h: positions, distances and shapes on the battlefield, in
 * integers only (centimetres, as the loader converts every "at" once).
 *
 * Every ruleset measures with these: distance, facing, a step towards or
 * away, the closest approach of a move (attacks of opportunity, Swift
 * Attacks on a creature moving through a reach), flanking shapes (two
 * creatures 120 degrees apart around a target, or on opposite sides of it),
 * range increments and the nearest foe. What a ruleset counts in other
 * units (wounds' yards between the edges of two spaces) it derives from
 * these, once per question. Included by core.h. */
#ifndef FRAY_GEOMETRY_H
#define FRAY_GEOMETRY_H

#include <stdint.h>

struct fray_encounter;

/* floor(sqrt(v)), exact for every v >= 0 (0 for v <= 0). */
int fray_isqrt(int64_t v);
/* fray_isqrt(v) for a caller that knows the root is most likely one of
 * g - 2 .. g (a step of g cm, whose coordinates were rounded toward zero):
 * then three products instead of a square root, whose latency a decision
 * waiting on it pays in full; any other v gets fray_isqrt. Inline. */
static inline int fray_isqrt_near(int64_t v, int g)
{
    int64_t g2 = (int64_t)g * g;
    if (g >= 2 && v >= g2 - 4 * (int64_t)g + 4 && v < g2 + 2 * (int64_t)g + 1)
        return g - (v < g2) - (v < g2 - 2 * (int64_t)g + 1);
    return fray_isqrt(v);
}
/* Distance in centimetres between two combatants, rounded down. Inline
 * (below): it is asked many times between two moves, and the memo of each
 * pair's last squared distance and its root answers most of them. */
static inline __attribute__((always_inline)) int fray_distance(const struct fray_encounter *e, int a, int b);
/* fray_distance(e, a, b) for a caller that has the squared offset d2 of
 * the pair already (fray_distance2, in core.h; inline, below). */
static inline __attribute__((always_inline)) int fray_distance_sq(const struct fray_encounter *e, int a, int b,
                                                                  int64_t d2);
/* The root of d2 for a pair whose memo did not hold it, kept in the memo. */
int fray_distance_miss(const struct fray_encounter *e, int a, int b, int64_t d2);

/* ---- Facing: eight directions, 0 = +x, counter-clockwise by 45 degrees ---- */

/* The facing (0..7) that looks most nearly along (dx, dy). */
static inline int fray_facing_of(int64_t dx, int64_t dy)
{
    /* The direction whose unit vector has the largest projection, the
     * first of equals; diagonal vectors are scaled by 1/sqrt(2) ~ 181/256,
     * with the division rounding toward zero. Only the three directions
     * of (dx, dy)'s quadrant can win (every other projection is at most
     * 181/256 of the larger of |dx| and |dy|): counter-clockwise, the
     * axis a, the diagonal c, the axis b, facings q, q + 1, q + 2. In the
     * quadrant of facing 6 (dx >= 0, dy < 0) b is facing 0, the first,
     * which wins its ties there. No branch and no loop, as facing is
     * asked on every move (tests/core/geometry_test.c checks this against
     * the definition, a loop over the eight projections). */
    int sx = dx < 0, sy = dy < 0, swap = sx ^ sy;
    int64_t ax = sx ? -dx : dx, ay = sy ? -dy : dy;
    int64_t a = swap ? ay : ax, b = swap ? ax : ay, c = (ax + ay) * 181 >> 8;
    int q = (sy << 2) | (swap << 1), t = sy & !sx;
    int k = ((b > a - t) & (b > c - t)) ? 2 : c > a;
    return (q + k) & 7;
}
/* The facing (0..7) that points from a towards b. */
int fray_facing_towards(const struct fray_encounter *e, int a, int b);
/* Whether `who` faces the point (x, y): the half-plane in front of it (a
 * point exactly beside counts as faced). */
int fray_faces(const struct fray_encounter *e, int who, int x, int y);

/* ---- Steps ---- */

/* p / len, rounded toward zero as the 64-bit division rounds, for len > 0:
 * with a 32-bit division when p fits in 32 bits (the usual case, a few
 * metres times a few metres), which gives the same quotient much faster. */
static inline int64_t fray_div_len(int64_t p, int len)
{
    if (p >= INT32_MIN && p <= INT32_MAX)
        return (int32_t)p / len;
    return p / len;
}

/* The point `dist` cm from (x0, y0) along (dx, dy), whose length rounded
 * down is len; towards it, stopping at its end, or away from it (away from
 * a point at distance 0: along +x). Coordinates round toward zero. Inline:
 * the legal-action lists step towards every foe. */
static inline void fray_step_along(int x0, int y0, int64_t dx, int64_t dy, int len, int dist, int away,
                             int *x, int *y)
{
    if (len == 0) {
        *x = x0 + (away ? dist : 0);
        *y = y0;
        return;
    }
    if (away) {
        dx = -dx;
        dy = -dy;
    } else if (dist > len) {
        dist = len;
    }
    *x = x0 + (int)fray_div_len(dx * dist, len);
    *y = y0 + (int)fray_div_len(dy * dist, len);
}
/* The same from (x0, y0) towards (or away from) the point (x1, y1). */
void fray_step_towards(int x0, int y0, int x1, int y1, int dist, int away, int *x, int *y);

/* ---- Paths ---- */

/* The squared distance from (px, py) to the segment (ax, ay)-(bx, by). */
int64_t fray_dist2_point_segment(int px, int py, int ax, int ay, int bx, int by);
/* Whether a move from (x0, y0) to (x1, y1) comes within r cm of (px, py)
 * after starting farther than r from it: it enters that reach on the way
 * (an attack of opportunity, a Swift Attack on a creature moving through a
 * Reach). A move that ends inside counts; `through` set: only one that also
 * leaves again. */
int fray_path_enters(int px, int py, int r, int x0, int y0, int x1, int y1, int through);

/* ---- Flanking shapes around a target at (tx, ty) ---- */

/* a and b are at least 120 degrees apart seen from the target:
 * cos(angle) <= -1/2. Either at the target's centre: no. */
int fray_apart_120(int64_t tx, int64_t ty, int64_t ax, int64_t ay, int64_t bx, int64_t by);
/* a and b are on opposite sides of the target: the segment a-b passes
 * within `half` cm of its centre (half its space), and the target lies
 * between them (straight-line flanking on a grid). */
int fray_opposite(int64_t tx, int64_t ty, int64_t ax, int64_t ay, int64_t bx, int64_t by,
                  int half);

/* ---- Ranges and foes ---- */

/* Range increments beyond the first at distance d (units of `increment`,
 * the first increment's end counting as inside it): 0 within the first. */
int fray_range_increments(int d, int increment);
/* Whole range increments at distance d, rounded down, counted only beyond
 * the first increment: 0 up to `increment`, then d / increment (a target
 * at exactly two increments is 2 away). The threeaction text's "for every
 * Range Increment it is from you rounded down". */
int fray_range_increments_floor(int d, int increment);
/* The nearest creature to `who` for which ok(e, who, i) holds, -1 none;
 * ties go to the earlier creature in the file. */
int fray_nearest(const struct fray_encounter *e, int who,
                 int (*ok)(const struct fray_encounter *e, int who, int i));

/* ---- Links between two creatures ---- */

/* A ruleset's kinds of link (0..FRAY_LINK_KINDS-1: a grapple, a hold, a
 * rider on a mount), directed: `a` holds `b`. Kept with the creatures, so
 * they reset and copy with them; nothing is narrated (the conditions a
 * ruleset gives with a link are). A creature that leaves the fight loses
 * its links. */
void fray_link(struct fray_encounter *e, int kind, int a, int b);
void fray_unlink(struct fray_encounter *e, int kind, int a, int b);
int fray_linked(const struct fray_encounter *e, int kind, int a, int b);
/* The first creature a holds by `kind`, or -1. */
int fray_link_held(const struct fray_encounter *e, int kind, int a);
/* The first creature that holds b by `kind`, or -1. */
int fray_link_holder(const struct fray_encounter *e, int kind, int b);
/* Every link to or from who, of every kind, goes. */
void fray_unlink_all(struct fray_encounter *e, int who);

#endif
