/* map.c: an encounter's map (map.h): loading the "map" key, and the
 * queries on regions, walls and objects. Integers only: segment crossings
 * are decided by the signs of 64-bit cross products, and distances along a
 * segment are rounded down once. Coordinates are kept within 1 km of the
 * origin, so every product fits in 64 bits with room to spare. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

const char *const fray_map_size_names[FRAY_MAP_SIZES] = {"tiny",  "small", "medium",
                                                         "large", "huge",  "gargantuan"};
const char *const fray_region_names[FRAY_RG_KINDS] = {
    "difficult", "water", "deep_water", "climb",    "zero_g", "dark",
    "light",     "fog",   "earth",      "thin_ice", "narrow"};

#define MAP_LIMIT_CM 100000 /* 1 km from the origin */
#define MAP_MAX 256        /* regions, walls or objects of one map */

/* ---- Loading ---- */

static const char *const map_keys[] = {"dark", "regions", "walls", "objects", NULL};
static const char *const wall_keys[] = {"from", "to", NULL};
static const char *const object_keys[] = {"name", "from", "to", "size", NULL};

/* The keys each kind of region takes: every one a name; rectangles take
 * from/to, a light at/radius; and one parameter per kind. */
static const char *const region_keys[FRAY_RG_KINDS][7] = {
    [FRAY_RG_DIFFICULT] = {"kind", "name", "from", "to", NULL},
    [FRAY_RG_WATER] = {"kind", "name", "from", "to", "current", NULL},
    [FRAY_RG_DEEP_WATER] = {"kind", "name", "from", "to", "current", NULL},
    [FRAY_RG_CLIMB] = {"kind", "name", "from", "to", "height", NULL},
    [FRAY_RG_ZERO_G] = {"kind", "name", "from", "to", NULL},
    [FRAY_RG_DARK] = {"kind", "name", "from", "to", NULL},
    [FRAY_RG_LIGHT] = {"kind", "name", "at", "radius", NULL},
    [FRAY_RG_FOG] = {"kind", "name", "from", "to", NULL},
    [FRAY_RG_EARTH] = {"kind", "name", "from", "to", NULL},
    [FRAY_RG_THIN_ICE] = {"kind", "name", "from", "to", "thickness", NULL},
    [FRAY_RG_NARROW] = {"kind", "name", "from", "to", "fits", NULL},
};

/* A number of metres from min_cm up to the map's limit, to whole
 * centimetres. */
static int metres(fray_load *ld, const json_t *v, const char *key, int min_cm, int *out)
{
    return fray_load_metres(ld, v, key, min_cm, MAP_LIMIT_CM, out);
}

/* An [x, y] pair in metres (a point, or with `signed_` a current). */
static int point(fray_load *ld, const json_t *obj, const char *key, int *x, int *y)
{
    const json_t *p = json_object_get(obj, key);
    if (!p)
        return fray_load_fail(ld, key, "missing (expected [x, y] in metres)");
    if (!json_is_array(p) || json_array_size(p) != 2 || !json_is_number(json_array_get(p, 0)) ||
        !json_is_number(json_array_get(p, 1)))
        return fray_load_fail(ld, key, "expected [x, y] in metres");
    if (metres(ld, json_array_get(p, 0), key, -MAP_LIMIT_CM, x) < 0 ||
        metres(ld, json_array_get(p, 1), key, -MAP_LIMIT_CM, y) < 0)
        return -1;
    return 0;
}

/* from/to as a rectangle, either corner first; it must have an area. */
static int rect(fray_load *ld, const json_t *obj, int *x0, int *y0, int *x1, int *y1)
{
    int ax, ay, bx, by;
    if (point(ld, obj, "from", &ax, &ay) < 0 || point(ld, obj, "to", &bx, &by) < 0)
        return -1;
    if (ax == bx || ay == by)
        return fray_load_fail(ld, "to", "the rectangle from \"from\" to \"to\" has no area");
    *x0 = ax < bx ? ax : bx;
    *x1 = ax < bx ? bx : ax;
    *y0 = ay < by ? ay : by;
    *y1 = ay < by ? by : ay;
    return 0;
}

static int region_param(fray_load *ld, const json_t *j, fray_region *r)
{
    switch (r->kind) {
    case FRAY_RG_WATER:
    case FRAY_RG_DEEP_WATER:
        if (json_object_get(j, "current"))
            return point(ld, j, "current", &r->dx, &r->dy);
        return 0;
    case FRAY_RG_CLIMB:
        if (!json_object_get(j, "height"))
            return fray_load_fail(ld, "height", "missing (expected the surface's height in metres)");
        return metres(ld, json_object_get(j, "height"), "height", 1, &r->value);
    case FRAY_RG_LIGHT:
        if (point(ld, j, "at", &r->cx, &r->cy) < 0)
            return -1;
        if (!json_object_get(j, "radius"))
            return fray_load_fail(ld, "radius", "missing (expected the light's radius in metres)");
        if (metres(ld, json_object_get(j, "radius"), "radius", 1, &r->r) < 0)
            return -1;
        r->x0 = r->cx - r->r;
        r->x1 = r->cx + r->r + 1;
        r->y0 = r->cy - r->r;
        r->y1 = r->cy + r->r + 1;
        return 0;
    case FRAY_RG_THIN_ICE:
        return fray_load_int(ld, j, "thickness", &r->value, 0, 1, 120, 1);
    case FRAY_RG_NARROW:
        return fray_load_enum(ld, j, "fits", &r->value, fray_map_size_names, FRAY_MAP_SIZES, 0, 1);
    default:
        return 0;
    }
}

static int load_region(fray_load *ld, const json_t *j, fray_region *r)
{
    if (!json_is_object(j))
        return fray_load_fail(ld, NULL, "expected a region: an object with a \"kind\"");
    if (fray_load_enum(ld, j, "kind", &r->kind, fray_region_names, FRAY_RG_KINDS, 0, 1) < 0 ||
        fray_load_keys(ld, j, region_keys[r->kind]) < 0 ||
        fray_load_str(ld, j, "name", r->name, sizeof r->name, fray_region_names[r->kind], 0) < 0)
        return -1;
    if (r->kind != FRAY_RG_LIGHT && rect(ld, j, &r->x0, &r->y0, &r->x1, &r->y1) < 0)
        return -1;
    return region_param(ld, j, r);
}

static int load_wall(fray_load *ld, const json_t *j, fray_wall *w)
{
    if (!json_is_object(j))
        return fray_load_fail(ld, NULL, "expected a wall: {\"from\": [x, y], \"to\": [x, y]}");
    if (fray_load_keys(ld, j, wall_keys) < 0 || point(ld, j, "from", &w->x0, &w->y0) < 0 ||
        point(ld, j, "to", &w->x1, &w->y1) < 0)
        return -1;
    if (w->x0 == w->x1 && w->y0 == w->y1)
        return fray_load_fail(ld, "to", "a wall needs two different ends");
    return 0;
}

static int load_object(fray_load *ld, const json_t *j, fray_object *o)
{
    if (!json_is_object(j))
        return fray_load_fail(ld, NULL, "expected an object: {\"from\", \"to\", \"size\"}");
    if (fray_load_keys(ld, j, object_keys) < 0 ||
        fray_load_str(ld, j, "name", o->name, sizeof o->name, "object", 0) < 0 ||
        rect(ld, j, &o->x0, &o->y0, &o->x1, &o->y1) < 0 ||
        fray_load_enum(ld, j, "size", &o->size, fray_map_size_names, FRAY_MAP_SIZES, 2, 0) < 0)
        return -1;
    return 0;
}

/* One list of the map: its items loaded by `one` into a new array. */
static int load_list(fray_load *ld, const json_t *m, const char *key, size_t size, int *n,
                     void **out, int (*one)(fray_load *, const json_t *, void *))
{
    const json_t *a = json_object_get(m, key);
    if (!a)
        return 0;
    if (!json_is_array(a) || json_array_size(a) > MAP_MAX)
        return fray_load_fail(ld, key, "expected an array of at most %d", MAP_MAX);
    *n = (int)json_array_size(a);
    if (!*n)
        return 0;
    *out = calloc((size_t)*n, size);
    if (!*out)
        return fray_load_fail(ld, key, "out of memory");
    for (int i = 0; i < *n; i++) {
        size_t mark = fray_load_push(ld, key, i);
        if (one(ld, json_array_get(a, (size_t)i), (char *)*out + (size_t)i * size) < 0)
            return -1;
        fray_load_pop(ld, mark);
    }
    return 0;
}

static int one_region(fray_load *ld, const json_t *j, void *p) { return load_region(ld, j, p); }
static int one_wall(fray_load *ld, const json_t *j, void *p) { return load_wall(ld, j, p); }
static int one_object(fray_load *ld, const json_t *j, void *p) { return load_object(ld, j, p); }

int fray_map_load(fray_load *ld, const json_t *j, fray_map **out)
{
    *out = NULL;
    if (!j)
        return 0;
    if (!json_is_object(j))
        return fray_load_fail(ld, "map", "expected an object with regions, walls and objects");
    fray_map *m = calloc(1, sizeof *m);
    if (!m)
        return fray_load_fail(ld, "map", "out of memory");
    size_t mark = fray_load_push(ld, "map", -1);
    int rc = -1;
    if (fray_load_keys(ld, j, map_keys) < 0 || fray_load_bool(ld, j, "dark", &m->dark, 0) < 0 ||
        load_list(ld, j, "regions", sizeof *m->region, &m->nregion, (void **)&m->region, one_region) < 0 ||
        load_list(ld, j, "walls", sizeof *m->wall, &m->nwall, (void **)&m->wall, one_wall) < 0 ||
        load_list(ld, j, "objects", sizeof *m->object, &m->nobject, (void **)&m->object, one_object) < 0)
        goto done;
    for (int i = 0; i < m->nregion; i++)
        m->kinds |= FRAY_RG(m->region[i].kind);
    static atomic_uint serials;
    m->serial = atomic_fetch_add(&serials, 1u) + 1u;
    rc = 0;
done:
    fray_load_pop(ld, mark);
    if (rc < 0)
        fray_map_free(m);
    else
        *out = m;
    return rc;
}

void fray_map_free(fray_map *m)
{
    if (!m)
        return;
    free(m->region);
    free(m->wall);
    free(m->object);
    free(m);
}

/* ---- Points ---- */

static int in_region(const fray_region *r, int x, int y)
{
    if (x < r->x0 || x >= r->x1 || y < r->y0 || y >= r->y1)
        return 0;
    if (r->kind != FRAY_RG_LIGHT)
        return 1;
    int64_t dx = x - r->cx, dy = y - r->cy;
    return dx * dx + dy * dy <= (int64_t)r->r * r->r;
}

unsigned fray_map_at(const fray_map *m, int x, int y)
{
    unsigned k = 0;
    if (!m)
        return 0;
    for (int i = 0; i < m->nregion; i++)
        if (in_region(&m->region[i], x, y))
            k |= FRAY_RG(m->region[i].kind);
    return k;
}

int fray_map_region_at(const fray_map *m, int kind, int x, int y)
{
    if (!m || !(m->kinds & FRAY_RG(kind)))
        return -1;
    for (int i = 0; i < m->nregion; i++)
        if (m->region[i].kind == kind && in_region(&m->region[i], x, y))
            return i;
    return -1;
}

int fray_map_dark_at(const fray_map *m, int x, int y)
{
    if (!m || (!m->dark && !(m->kinds & FRAY_RG(FRAY_RG_DARK))))
        return 0;
    unsigned k = fray_map_at(m, x, y);
    return (m->dark || (k & FRAY_RG(FRAY_RG_DARK))) && !(k & FRAY_RG(FRAY_RG_LIGHT));
}

/* ---- Segments ---- */

static int64_t cross(int64_t ax, int64_t ay, int64_t bx, int64_t by) { return ax * by - ay * bx; }

/* Whether segment p0-p1 meets segment q0-q1; *t_num / *den is where along
 * p0-p1 (0..1), den > 0. Parallel segments never meet here: a move along a
 * wall's line is not stopped by it, and a wall is crossed only through it. */
static int meets(int64_t px, int64_t py, int64_t rx, int64_t ry, int64_t qx, int64_t qy, int64_t sx,
                 int64_t sy, int64_t *t_num, int64_t *den)
{
    int64_t d = cross(rx, ry, sx, sy);
    if (d == 0)
        return 0;
    int64_t t = cross(qx - px, qy - py, sx, sy), u = cross(qx - px, qy - py, rx, ry);
    if (d < 0) {
        d = -d;
        t = -t;
        u = -u;
    }
    if (t < 0 || t > d || u < 0 || u > d)
        return 0;
    *t_num = t;
    *den = d;
    return 1;
}

/* The first crossing of p0-p1 with the rectangle's edges, as t/den. */
static int meets_rect(int x0, int y0, int rx, int ry, int ax, int ay, int bx, int by, int64_t *tn,
                      int64_t *td)
{
    static const int corner[4][4] = {{0, 0, 1, 0}, {1, 0, 1, 1}, {1, 1, 0, 1}, {0, 1, 0, 0}};
    int xs[2] = {ax, bx}, ys[2] = {ay, by}, found = 0;
    for (int k = 0; k < 4; k++) {
        int qx = xs[corner[k][0]], qy = ys[corner[k][1]];
        int sx = xs[corner[k][2]] - qx, sy = ys[corner[k][3]] - qy;
        int64_t t, d;
        if (meets(x0, y0, rx, ry, qx, qy, sx, sy, &t, &d) && (!found || t * *td < *tn * d)) {
            *tn = t;
            *td = d;
            found = 1;
        }
    }
    return found;
}

int fray_map_blocked(const fray_map *m, int x0, int y0, int x1, int y1, unsigned what, int min_size,
                     int *at)
{
    if (!m || (!m->nwall && !m->nobject))
        return 0;
    int64_t rx = x1 - x0, ry = y1 - y0, bn = 0, bd = 1;
    int found = 0;
    if (what & FRAY_MAP_WALLS)
        for (int i = 0; i < m->nwall; i++) {
            const fray_wall *w = &m->wall[i];
            int64_t t, d;
            if (meets(x0, y0, rx, ry, w->x0, w->y0, w->x1 - w->x0, w->y1 - w->y0, &t, &d) &&
                (!found || t * bd < bn * d)) {
                bn = t;
                bd = d;
                found = 1;
            }
        }
    if (what & FRAY_MAP_OBJECTS)
        for (int i = 0; i < m->nobject; i++) {
            const fray_object *o = &m->object[i];
            int64_t t, d;
            if (o->size < min_size ||
                (x0 >= o->x0 && x0 <= o->x1 && y0 >= o->y0 && y0 <= o->y1))
                continue;
            if (meets_rect(x0, y0, (int)rx, (int)ry, o->x0, o->y0, o->x1, o->y1, &t, &d) &&
                (!found || t * bd < bn * d)) {
                bn = t;
                bd = d;
                found = 1;
            }
        }
    if (found && at)
        *at = (int)(fray_isqrt(rx * rx + ry * ry) * bn / bd);
    return found;
}

unsigned fray_map_touched(const fray_map *m, int x0, int y0, int x1, int y1)
{
    if (!m)
        return 0;
    unsigned k = fray_map_at(m, x0, y0) | fray_map_at(m, x1, y1);
    for (int i = 0; i < m->nregion; i++) {
        const fray_region *r = &m->region[i];
        int64_t t, d;
        if (!(k & FRAY_RG(r->kind)) && r->kind != FRAY_RG_LIGHT &&
            meets_rect(x0, y0, x1 - x0, y1 - y0, r->x0, r->y0, r->x1, r->y1, &t, &d))
            k |= FRAY_RG(r->kind);
    }
    return k;
}

static int64_t dist2_rect(int x, int y, const fray_object *o)
{
    int64_t dx = x < o->x0 ? o->x0 - x : x > o->x1 ? x - o->x1 : 0;
    int64_t dy = y < o->y0 ? o->y0 - y : y > o->y1 ? y - o->y1 : 0;
    return dx * dx + dy * dy;
}

int fray_map_near_fixed(const fray_map *m, int x, int y, int r)
{
    if (!m)
        return 0;
    int64_t r2 = (int64_t)r * r;
    for (int i = 0; i < m->nwall; i++) {
        const fray_wall *w = &m->wall[i];
        if (fray_dist2_point_segment(x, y, w->x0, w->y0, w->x1, w->y1) <= r2)
            return 1;
    }
    for (int i = 0; i < m->nobject; i++)
        if (dist2_rect(x, y, &m->object[i]) <= r2)
            return 1;
    return 0;
}

/* ---- Walking ---- */

void fray_map_walk(const fray_map *m, fray_walk *w, int x0, int y0, int x1, int y1, int budget,
                   int *x, int *y)
{
    int64_t dx = x1 - x0, dy = y1 - y0;
    int len = fray_isqrt(dx * dx + dy * dy), limit = len, at;
    w->why = FRAY_WALK_DONE;
    w->region = -1;
    if (fray_map_blocked(m, x0, y0, x1, y1, FRAY_MAP_WALLS | FRAY_MAP_OBJECTS, 0, &at) &&
        at - w->clear < limit) {
        limit = at - w->clear > 0 ? at - w->clear : 0;
        w->why = FRAY_WALK_WALL;
    }
    int pos = 0, spent = 0, step = w->step > 0 ? w->step : 1;
    unsigned here = fray_map_at(m, x0, y0);
    while (pos < limit) {
        int seg = limit - pos < step ? limit - pos : step;
        int mult = (here & w->dear) ? 2 : 1, px, py;
        if (spent + seg * mult > budget) {
            pos += (budget - spent) / mult;
            spent += (budget - spent) / mult * mult;
            w->why = FRAY_WALK_BUDGET;
            break;
        }
        fray_step_along(x0, y0, dx, dy, len, pos + seg, 0, &px, &py);
        unsigned next = fray_map_at(m, px, py);
        unsigned entering = next & ~here & w->stop;
        if (entering) {
            for (int k = 0; k < FRAY_RG_KINDS; k++)
                if (entering & FRAY_RG(k)) {
                    w->region = fray_map_region_at(m, k, px, py);
                    break;
                }
            w->why = FRAY_WALK_REGION;
            break;
        }
        pos += seg;
        spent += seg * mult;
        here = next;
    }
    if (pos >= len && w->why != FRAY_WALK_REGION)
        w->why = FRAY_WALK_DONE;
    w->spent = spent;
    fray_step_along(x0, y0, dx, dy, len, pos, 0, x, y);
}

int fray_map_detour(const fray_map *m, int x0, int y0, int x1, int y1, int clear, int *wx, int *wy)
{
    if (!m || !m->nwall)
        return 0;
    int64_t rx = x1 - x0, ry = y1 - y0, bn = 0, bd = 1;
    int first = -1;
    for (int i = 0; i < m->nwall; i++) {
        const fray_wall *w = &m->wall[i];
        int64_t t, d;
        if (meets(x0, y0, rx, ry, w->x0, w->y0, w->x1 - w->x0, w->y1 - w->y0, &t, &d) &&
            (first < 0 || t * bd < bn * d)) {
            bn = t;
            bd = d;
            first = i;
        }
    }
    if (first < 0)
        return 0;
    const fray_wall *w = &m->wall[first];
    /* the end with the shorter way round, then `clear` past it along the wall */
    int64_t a = fray_isqrt((int64_t)(w->x0 - x0) * (w->x0 - x0) + (int64_t)(w->y0 - y0) * (w->y0 - y0)) +
                fray_isqrt((int64_t)(w->x0 - x1) * (w->x0 - x1) + (int64_t)(w->y0 - y1) * (w->y0 - y1));
    int64_t b = fray_isqrt((int64_t)(w->x1 - x0) * (w->x1 - x0) + (int64_t)(w->y1 - y0) * (w->y1 - y0)) +
                fray_isqrt((int64_t)(w->x1 - x1) * (w->x1 - x1) + (int64_t)(w->y1 - y1) * (w->y1 - y1));
    int ex = a <= b ? w->x0 : w->x1, ey = a <= b ? w->y0 : w->y1;
    int ox = a <= b ? w->x1 : w->x0, oy = a <= b ? w->y1 : w->y0;
    fray_step_towards(ex, ey, ox, oy, clear, 1, wx, wy);
    return 1;
}

/* Whether the segment from (x0, y0) by (dx, dy) meets the box [bx0, bx1] x
 * [by0, by1]: 1, with where it enters as the fraction *tn / *td of the
 * segment (Liang-Barsky, in integers). */
static int seg_box(int64_t x0, int64_t y0, int64_t dx, int64_t dy, int64_t bx0, int64_t by0,
                   int64_t bx1, int64_t by1, int64_t *tn, int64_t *td)
{
    int64_t en = 0, ed = 1, xn = 1, xd = 1;
    const int64_t p[4] = {-dx, dx, -dy, dy}, q[4] = {x0 - bx0, bx1 - x0, y0 - by0, by1 - y0};
    for (int k = 0; k < 4; k++) {
        if (p[k] == 0) {
            if (q[k] < 0)
                return 0;
        } else if (p[k] < 0) { /* entering: t = q / p */
            if (-q[k] * ed > en * -p[k])
                en = -q[k], ed = -p[k];
        } else if (q[k] * xd < xn * p[k]) { /* leaving */
            xn = q[k], xd = p[k];
        }
    }
    if (en * xd > xn * ed)
        return 0;
    *tn = en;
    *td = ed;
    return 1;
}

/* The first object the segment (x0,y0)-(x1,y1) meets, its box widened by
 * `clear` (one the segment starts inside is left, not met), and the
 * corner of that box, `clear` + 20 cm out, that makes the way round
 * shortest and that (x0,y0) sees past the box: 1 and the corner in *wx,
 * *wy; 0 when no object is in the way, or no corner is seen. */
int fray_map_object_detour(const fray_map *m, int x0i, int y0i, int x1, int y1, int clear, int *wx,
                           int *wy)
{
    if (!m || !m->nobject)
        return 0;
    int64_t x0 = x0i, y0 = y0i, dx = x1 - x0, dy = y1 - y0, bn = 0, bd = 1, tn, td;
    int first = -1;
    for (int i = 0; i < m->nobject; i++) {
        const fray_object *o = &m->object[i];
        /* one it stands at already (inside the widened box) the walk leaves */
        if (x0 > o->x0 - clear && x0 < o->x1 + clear && y0 > o->y0 - clear && y0 < o->y1 + clear)
            continue;
        if (seg_box(x0, y0, dx, dy, o->x0 - clear, o->y0 - clear, o->x1 + clear, o->y1 + clear, &tn,
                    &td) &&
            (first < 0 || tn * bd < bn * td)) {
            bn = tn;
            bd = td;
            first = i;
        }
    }
    if (first < 0)
        return 0;
    const fray_object *o = &m->object[first];
    int out = clear + 20, best = -1;
    int64_t bc = 0;
    for (int k = 0; k < 4; k++) {
        int cx = k & 1 ? o->x1 + out : o->x0 - out, cy = k & 2 ? o->y1 + out : o->y0 - out;
        if (seg_box(x0, y0, cx - x0, cy - y0, o->x0 - clear, o->y0 - clear, o->x1 + clear,
                    o->y1 + clear, &tn, &td))
            continue;
        int64_t c = fray_isqrt((cx - x0) * (cx - x0) + (cy - y0) * (cy - y0)) +
                    fray_isqrt(((int64_t)x1 - cx) * (x1 - cx) + ((int64_t)y1 - cy) * (y1 - cy));
        if (best < 0 || c < bc) {
            best = k;
            bc = c;
            *wx = cx;
            *wy = cy;
        }
    }
    return best >= 0;
}
