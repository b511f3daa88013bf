/* map.h: an encounter's map of regions, walls and objects (the optional
 * "map" key of an encounter file), and the integer queries a ruleset asks
 * of it: which kinds of region hold a point, does a segment cross a wall
 * or an object (line of effect, cover, a push into a wall), which regions
 * does it touch (fog between two creatures), and a walk along a straight
 * line that pays double for leaving costly ground and stops at walls.
 *
 * The map is static: loaded once, shared by every fight of a `sim`, never
 * changed. What a fight changes on it (thin ice broken, a tunnel dug) the
 * ruleset keeps in its own per-encounter state, which fray_reset restores.
 * An encounter without a map has e->map NULL, and every query answers
 * "nothing here" at the cost of one test. Units: centimetres, as positions;
 * the file gives metres. Included by core.h. */
#ifndef FRAY_MAP_H
#define FRAY_MAP_H

#include <stdint.h>

#include <jansson.h>

/* Kinds of region (bit k of a kind mask). What each means is the
 * ruleset's: the core only stores and measures them. */
enum {
    FRAY_RG_DIFFICULT = 0, /* hard ground: underbrush, rubble, knee-deep water */
    FRAY_RG_WATER,         /* shallow water: wading (may have a current) */
    FRAY_RG_DEEP_WATER,    /* water to swim in (may have a current) */
    FRAY_RG_CLIMB,         /* a climbable surface (cliff, wall face) of a height */
    FRAY_RG_ZERO_G,        /* no gravity */
    FRAY_RG_DARK,          /* darkness (unless a light reaches) */
    FRAY_RG_LIGHT,         /* a light source: a circle of a radius */
    FRAY_RG_FOG,           /* fog, smoke, mist: obscures sight through it */
    FRAY_RG_EARTH,         /* soft earth a burrower can move through */
    FRAY_RG_THIN_ICE,      /* ice of a thickness over water */
    FRAY_RG_NARROW,        /* a narrow space: fits creatures up to a size */
    FRAY_RG_KINDS
};
#define FRAY_RG(k) (1u << (k))

/* Sizes as grid games name them (a narrow space's "fits", an object's
 * "size"): 0 tiny .. 5 gargantuan. */
enum { FRAY_MAP_SIZES = 6 };
extern const char *const fray_map_size_names[FRAY_MAP_SIZES];
extern const char *const fray_region_names[FRAY_RG_KINDS];

typedef struct fray_region {
    int kind;
    int x0, y0, x1, y1; /* the rectangle x0 <= x < x1, y0 <= y < y1 (a light's bounding box) */
    int cx, cy, r;      /* a light: its centre and radius (the circle, edge included) */
    int dx, dy;         /* water: the current, cm moved at a turn's start */
    int value;          /* climb: height cm; thin_ice: inches thick; narrow: the largest size that fits */
    char name[24];      /* optional, for narration ("the river") */
} fray_region;

typedef struct fray_wall {
    int x0, y0, x1, y1; /* a segment that blocks movement and line of effect */
} fray_wall;

typedef struct fray_object {
    int x0, y0, x1, y1; /* a rectangle that blocks movement and gives cover across it */
    int size;           /* 0 tiny .. 5 gargantuan: the creatures it can cover */
    char name[24];
} fray_object;

typedef struct fray_map {
    int dark;           /* the whole map is dark but where a light reaches */
    int nregion, nwall, nobject;
    unsigned kinds;     /* the kinds of region present (FRAY_RG bits) */
    fray_region *region;
    fray_wall *wall;
    fray_object *object;
    /* appended: a number no other map loaded by this process has (from 1),
     * so a memo keyed by what the map answers never confuses two maps that
     * came to the same address */
    unsigned serial;
} fray_map;

struct fray_encounter;
struct fray_load;

/* Load the "map" value j (may be NULL: no map) into a new map in *out (NULL
 * for none); the encounter frees it with fray_map_free. 0, or -1 after
 * fray_load_fail (nothing kept). */
int fray_map_load(struct fray_load *ld, const json_t *j, fray_map **out);
void fray_map_free(fray_map *m);

/* The kinds of region holding the point (a light's circle, the others'
 * rectangles); 0 without a map. */
unsigned fray_map_at(const fray_map *m, int x, int y);
/* The first region of `kind` holding the point, -1 none. */
int fray_map_region_at(const fray_map *m, int kind, int x, int y);
/* Whether the point is dark: in a dark region, or anywhere on a dark map,
 * and no light's circle holds it. */
int fray_map_dark_at(const fray_map *m, int x, int y);
/* The kinds of region the segment touches anywhere (ends included). */
unsigned fray_map_touched(const fray_map *m, int x0, int y0, int x1, int y1);

/* What a segment may cross (fray_map_blocked's `what`). */
enum { FRAY_MAP_WALLS = 1, FRAY_MAP_OBJECTS = 2 };
/* Whether the segment (x0,y0)-(x1,y1) crosses a wall or an object of at
 * least min_size (as `what` says): 1, with *at (may be NULL) the distance
 * from (x0,y0) to the first crossing, rounded down; else 0. An object the
 * segment starts inside does not count (a creature standing at a crate). */
int fray_map_blocked(const fray_map *m, int x0, int y0, int x1, int y1, unsigned what, int min_size,
                     int *at);
/* Whether a wall or an object comes within r cm of the point (touching a
 * fixed object). */
int fray_map_near_fixed(const fray_map *m, int x, int y, int r);

/* A walk along a straight line (fray_map_walk). */
typedef struct fray_walk {
    unsigned dear;  /* kinds whose ground costs double to leave ("judged by the square left") */
    unsigned stop;  /* kinds the walk stops before entering */
    int step;       /* cm judged at once: the ruleset's square */
    int clear;      /* how near a wall or object the walker's centre may come (half its space) */
    /* out */
    int spent;      /* movement spent, cm */
    int why;        /* FRAY_WALK_* */
    int region;     /* FRAY_WALK_REGION: the region it stopped before */
} fray_walk;
enum { FRAY_WALK_DONE = 0, FRAY_WALK_BUDGET, FRAY_WALK_WALL, FRAY_WALK_REGION };
/* Walk from (x0,y0) towards (x1,y1) with `budget` cm of movement: each step
 * costs its length, twice over where the point it leaves lies in a `dear`
 * region; stops before a wall or object (keeping `clear`), before entering
 * a `stop` region, or when the budget is spent. Writes where it ends to
 * *x, *y and fills w's out fields. Without a map: the plain straight step. */
void fray_map_walk(const fray_map *m, fray_walk *w, int x0, int y0, int x1, int y1, int budget,
                   int *x, int *y);
/* When the segment (x0,y0)-(x1,y1) crosses a wall: 1 and a point beside
 * the end of the first wall crossed (`clear` cm past it) that leads
 * around it; else 0. */
int fray_map_detour(const fray_map *m, int x0, int y0, int x1, int y1, int clear, int *wx, int *wy);
/* When the segment (x0,y0)-(x1,y1) meets an object (its box widened by
 * `clear`): 1 and the corner of the first one met that leads round it by
 * the shorter way and is seen from (x0,y0); else 0. */
int fray_map_object_detour(const fray_map *m, int x0, int y0, int x1, int y1, int clear, int *wx,
                           int *wy);

#endif
