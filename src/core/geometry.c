/* geometry.c: distances, facing, steps, paths, flanking shapes and ranges
 * (geometry.h). Integers only, the same on every machine. */
#include "core.h"


int fray_isqrt(int64_t v)
{
    if (v <= 0)
        return 0;
    /* Newton's method in integers from a power of two above the root: the
     * iterates fall to the floor of the root and stop there. The start is
     * within a factor of two of the root, so a root of up to 2^31 takes at
     * most six divisions; distances are memoised (geometry.h), and this
     * runs on a pair's first question after a move. No floating point:
     * the result decides fights (issue 34). */
    uint64_t u = (uint64_t)v;
    int bits = 64 - __builtin_clzll(u);
    uint64_t x = (uint64_t)1 << ((bits + 1) / 2), y;
    while ((y = (x + u / x) >> 1) < x)
        x = y;
    return (int)x;
}

int fray_distance_miss(const fray_encounter *e, int a, int b, int64_t d2)
{
    /* the memo is not state (core.h): writing it through a const encounter
     * changes nothing the caller can see */
    fray_encounter *memo = (fray_encounter *)e;
    memo->dist_memo[a][b].d2 = d2;
    memo->dist_memo[a][b].d = fray_isqrt(d2);
    return memo->dist_memo[a][b].d;
}

static const int dir_x[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int dir_y[8] = {0, 1, 1, 1, 0, -1, -1, -1};

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

void fray_step_towards(int x0, int y0, int x1, int y1, int dist, int away, int *x, int *y)
{
    int64_t dx = (int64_t)x1 - x0, dy = (int64_t)y1 - y0;
    fray_step_along(x0, y0, dx, dy, fray_isqrt(dx * dx + dy * dy), dist, away, x, y);
}

int64_t fray_dist2_point_segment(int px, int py, int ax, int ay, int bx, int by)
{
    int64_t vx = (int64_t)bx - ax, vy = (int64_t)by - ay, wx = (int64_t)px - ax, wy = (int64_t)py - ay;
    int64_t len2 = vx * vx + vy * vy, dot = wx * vx + wy * vy;
    int64_t cx = ax, cy = ay;
    if (len2 > 0 && dot > 0) {
        if (dot >= len2) {
            cx = bx;
            cy = by;
        } else {
            cx = ax + vx * dot / len2;
            cy = ay + vy * dot / len2;
        }
    }
    return (px - cx) * (px - cx) + (py - cy) * (py - cy);
}

int fray_path_enters(int px, int py, int r, int x0, int y0, int x1, int y1, int through)
{
    int64_t r2 = (int64_t)r * r;
    int64_t sx = (int64_t)x0 - px, sy = (int64_t)y0 - py;
    if (sx * sx + sy * sy <= r2)
        return 0; /* it started inside: it did not move into the reach */
    if (fray_dist2_point_segment(px, py, x0, y0, x1, y1) > r2)
        return 0;
    int64_t ex = (int64_t)x1 - px, ey = (int64_t)y1 - py;
    return !through || ex * ex + ey * ey > r2;
}

/* Halve the four coordinates until the products below fit in 64 bits. */
static void scale_down(int64_t *c, int n)
{
    for (;;) {
        int64_t m = 0;
        for (int i = 0; i < n; i++) {
            int64_t a = c[i] < 0 ? -c[i] : c[i];
            if (a > m)
                m = a;
        }
        if (m <= 30000)
            return;
        for (int i = 0; i < n; i++)
            c[i] /= 2;
    }
}

int fray_apart_120(int64_t tx, int64_t ty, int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    int64_t c[4] = {ax - tx, ay - ty, bx - tx, by - ty};
    scale_down(c, 4);
    int64_t ux = c[0], uy = c[1], vx = c[2], vy = c[3];
    if ((ux == 0 && uy == 0) || (vx == 0 && vy == 0))
        return 0;
    /* cos(angle) <= -1/2  <=>  u.v < 0 and 4 (u.v)^2 >= |u|^2 |v|^2 */
    int64_t dot = ux * vx + uy * vy;
    if (dot >= 0)
        return 0;
    return 4 * dot * dot >= (ux * ux + uy * uy) * (vx * vx + vy * vy);
}

int fray_opposite(int64_t tx, int64_t ty, int64_t ax, int64_t ay, int64_t bx, int64_t by, int half)
{
    int64_t c[5] = {ax - tx, ay - ty, bx - tx, by - ty, half};
    scale_down(c, 5);
    int64_t ux = c[0], uy = c[1], vx = c[2], vy = c[3], h = c[4];
    /* the target between them: a and b on either side (u.v < 0) */
    if (ux * vx + uy * vy >= 0)
        return 0;
    /* the line a-b passes within h of the centre: |u x v| / |u - v| <= h */
    int64_t cross = ux * vy - uy * vx, wx = vx - ux, wy = vy - uy;
    return cross * cross <= h * h * (wx * wx + wy * wy);
}

int fray_range_increments(int d, int increment)
{
    if (increment <= 0 || d <= increment)
        return 0;
    return (d - 1) / increment;
}

int fray_range_increments_floor(int d, int increment)
{
    if (increment <= 0 || d <= increment)
        return 0;
    return d / increment;
}

int fray_nearest(const fray_encounter *e, int who, int (*ok)(const fray_encounter *e, int who, int i))
{
    int best = -1, bd = 0;
    for (int i = 0; i < e->n; i++) {
        if (i == who || !ok(e, who, i))
            continue;
        int d = fray_distance(e, who, i);
        if (best < 0 || d < bd) {
            best = i;
            bd = d;
        }
    }
    return best;
}

/* ---- Links ---- */

void fray_link(fray_encounter *e, int kind, int a, int b) { e->c[a].link[kind] |= 1u << b; }

void fray_unlink(fray_encounter *e, int kind, int a, int b) { e->c[a].link[kind] &= ~(1u << b); }

int fray_linked(const fray_encounter *e, int kind, int a, int b)
{
    return (int)((e->c[a].link[kind] >> b) & 1u);
}

int fray_link_held(const fray_encounter *e, int kind, int a)
{
    uint32_t m = e->c[a].link[kind];
    if (!m)
        return -1;
    int b = 0;
    while (!(m & 1u)) {
        m >>= 1;
        b++;
    }
    return b;
}

int fray_link_holder(const fray_encounter *e, int kind, int b)
{
    for (int a = 0; a < e->n; a++)
        if ((e->c[a].link[kind] >> b) & 1u)
            return a;
    return -1;
}

void fray_unlink_all(fray_encounter *e, int who)
{
    for (int k = 0; k < FRAY_LINK_KINDS; k++) {
        e->c[who].link[k] = 0;
        for (int a = 0; a < e->n; a++)
            e->c[a].link[k] &= ~(1u << who);
    }
}
