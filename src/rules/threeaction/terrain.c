/* terrain.c: #Terrain and movement on the encounter's map (the core's
 * map.h): #Difficult Terrain judged by the square left, #Swimming and
 * currents, #Suffocating under water, #Falling into water and the Climb
 * grab, #Climbing, #Zero-G, #Darkness, #Light and #Fog (Concealed),
 * #Burrowing, #Thin Ice, #Squeezing into narrow spaces, #Line of Effect and
 * #Cover from walls and objects, and a #Push into a wall. Everything here
 * runs only when the encounter has a map (e->map), so a fight without one
 * is exactly what it was. */
#include <string.h>

#include "threeaction.h"

#define R(h) TA_RULE(h)
#define K(k) FRAY_RG(k)

static int space(const fray_encounter *e, int who) { return ta_size_space[ta_ccr(e, who)->size]; }
static ta_state *st(fray_encounter *e) { return (ta_state *)e->state; }
static const ta_state *cst(const fray_encounter *e) { return (const ta_state *)e->state; }

static int broken(const fray_encounter *e, int r)
{
    return r < TA_MAX_ICE && (cst(e)->broken[r / 64] >> (r % 64)) & 1u;
}

/* The kinds of region at a point as the fight has left them: broken ice is
 * deep water. */
static unsigned kinds_at(const fray_encounter *e, int x, int y)
{
    unsigned k = fray_map_at(e->map, x, y);
    if (k & K(FRAY_RG_THIN_ICE)) {
        int whole = 0;
        for (int i = 0; i < e->map->nregion; i++) {
            const fray_region *r = &e->map->region[i];
            if (r->kind != FRAY_RG_THIN_ICE || x < r->x0 || x >= r->x1 || y < r->y0 || y >= r->y1)
                continue;
            if (broken(e, i))
                k |= K(FRAY_RG_DEEP_WATER);
            else
                whole = 1;
        }
        if (!whole)
            k &= ~K(FRAY_RG_THIN_ICE);
    }
    return k;
}

/* On the ground (not in the air): what the ground does applies to it. */
static int grounded(const fray_encounter *e, int who)
{
    const ta_creature *c = ta_ccr(e, who);
    return c->altitude == 0 && !c->flight;
}

static unsigned here(const fray_encounter *e, int who)
{
    return kinds_at(e, e->c[who].x, e->c[who].y);
}

int ta_zero_g(const fray_encounter *e, int who)
{
    return e->map && (e->map->kinds & K(FRAY_RG_ZERO_G)) && !ta_ccr(e, who)->flight &&
           (here(e, who) & K(FRAY_RG_ZERO_G));
}

static void note(fray_encounter *e, int who, const char *what, const char *name, const char *rule)
{
    fray_emit(e, &(fray_event){.kind = "terrain", .actor = who, .target = who, .action = name,
                                .detail = what, .rule = rule});
}

/* A skill check: d20 + skill against a DC option; emitted. */
static int skill_check(fray_encounter *e, int who, int bonus, int dc, const char *skill, const char *rule)
{
    fray_check c;
    fray_check_start(&c, fray_opt(e, dc));
    fray_check_mod(e, &c, skill, bonus);
    fray_check_roll(e, &c, 20, 0, skill[0] == 'S' ? "Swim Check, 1d20" : "Climb Check, 1d20");
    fray_check_settle(&c, 0);
    fray_emit(e, &(fray_event){.kind = "check", .actor = who, .target = who, .action = skill,
                                .outcome = c.success ? "success" : "failure", .value = c.total,
                                .has_value = 1, .rule = rule});
    return c.success ? 1 : c.margin <= -fray_opt(e, TA_OPT_CLIMB_FALL_MARGIN) ? -1 : 0;
}

/* ---- Line of Effect, Cover, concealment ---- */

/* The map's answers about a segment (its walls, objects and regions are
 * fixed for the fight) depend on nothing but the segment's ends and the
 * question, so they are kept by those: between two moves the policy asks
 * the same pairs again and again (Line of Effect and Cover for every
 * attack it weighs, every legal list; 30% of the skirmish, issue 34), and
 * a move makes another key, never a stale answer. One table per thread
 * (each sim worker has its own), direct-mapped: a collision asks the map
 * again. The map's serial keeps apart two maps at one address. */
enum { Q_LINES = 1, Q_COVER, Q_TOUCHED };
typedef struct seg_key { uint32_t serial, q; int32_t x0, y0, x1, y1; } seg_key;
typedef struct seg_entry { seg_key k; unsigned v; } seg_entry;
#define SEG_MEMO 2048
static _Thread_local seg_entry seg_memo[SEG_MEMO];

/* The entry for the question: *hit whether it holds the answer; when not,
 * the caller writes the answer to its v. Serials start at 1, so a zeroed
 * entry matches no key. */
static seg_entry *seg_slot(const fray_encounter *e, unsigned q, int x0, int y0, int x1, int y1,
                           int *hit)
{
    seg_key k = {e->map->serial, q, x0, y0, x1, y1};
    uint64_t h = ((uint64_t)(uint32_t)x0 << 32 | (uint32_t)y0) * 0x9E3779B97F4A7C15u;
    h = (h ^ ((uint64_t)(uint32_t)x1 << 32 | (uint32_t)y1) ^ q) * 0x9E3779B97F4A7C15u;
    seg_entry *s = &seg_memo[(h >> 32) % SEG_MEMO];
    *hit = !memcmp(&s->k, &k, sizeof k);
    if (!*hit)
        s->k = k;
    return s;
}

/* fray_map_touched, kept. */
static unsigned touched(const fray_encounter *e, int x0, int y0, int x1, int y1)
{
    int hit;
    seg_entry *s = seg_slot(e, Q_TOUCHED, x0, y0, x1, y1, &hit);
    if (!hit)
        s->v = fray_map_touched(e->map, x0, y0, x1, y1);
    return s->v;
}

/* #Line of Effect: "an unobstructed line could be drawn from a point within
 * your space to a target": the centre or a corner of a's space to t's
 * centre, not through a wall. Darkness and Fog do not block it. Returns
 * how many of the five lines are clear. */
static int clear_lines(const fray_encounter *e, int a, int t)
{
    static const int cx[5] = {0, -1, 1, -1, 1}, cy[5] = {0, -1, -1, 1, 1};
    int h = space(e, a) / 2 - 1, hit;
    seg_entry *s = seg_slot(e, Q_LINES | (unsigned)h << 8, e->c[a].x, e->c[a].y, e->c[t].x,
                            e->c[t].y, &hit);
    if (hit)
        return (int)s->v;
    int n = 0;
    for (int k = 0; k < 5; k++)
        n += !fray_map_blocked(e->map, e->c[a].x + cx[k] * h, e->c[a].y + cy[k] * h, e->c[t].x,
                               e->c[t].y, FRAY_MAP_WALLS, 0, NULL);
    s->v = (unsigned)n;
    return n;
}

int ta_line_of_effect(const fray_encounter *e, int a, int t)
{
    if (!e->map || !e->map->nwall)
        return 1;
    int v = ta_sit_get(e, TA_SIT_LOE, a, t); /* situation.c */
    return v >= 0 ? v : ta_sit_put(e, TA_SIT_LOE, a, t, clear_lines(e, a, t) > 0);
}

/* #Cover from the map: "partially obscured by a Creature or Object of at
 * least their Size": an object of at least t's Size across the line
 * between the centres, or a wall across it while a corner still sees t
 * (a wall that hides t wholly leaves no Line of Effect: no attack). */
int ta_map_cover_at(const fray_encounter *e, int t, int x, int y, int altitude)
{
    if (!e->map)
        return 0;
    const fray_combatant *ct = &e->c[t];
    /* an object on the ground covers nothing in the air, nor from it */
    int air = altitude > 0 || ta_ccr(e, t)->altitude > 0, size = ta_ccr(e, t)->size, hit;
    seg_entry *s = seg_slot(e, Q_COVER | (unsigned)(size << 1 | air) << 8, x, y, ct->x, ct->y, &hit);
    if (!hit)
        s->v = (!air && fray_map_blocked(e->map, x, y, ct->x, ct->y, FRAY_MAP_OBJECTS, size, NULL)) ||
               (e->map->nwall && fray_map_blocked(e->map, x, y, ct->x, ct->y, FRAY_MAP_WALLS, 0, NULL));
    return (int)s->v;
}

int ta_map_cover(const fray_encounter *e, int t, int a)
{
    return ta_map_cover_at(e, t, e->c[a].x, e->c[a].y, ta_ccr(e, a)->altitude);
}

/* #Light: "Fire usually lights a 20ft radius": a creature On fire lights
 * its surroundings. */
static int lit_by_fire(const fray_encounter *e, int x, int y)
{
    for (int k = 0; k < e->n; k++) {
        if (!fray_has(e, k, TA_C_ON_FIRE) || e->c[k].gone)
            continue;
        int64_t dx = e->c[k].x - x, dy = e->c[k].y - y;
        if (dx * dx + dy * dy <= (int64_t)(20 * TA_FT) * (20 * TA_FT))
            return 1;
    }
    return 0;
}

static int in_dark(const fray_encounter *e, int who)
{
    return fray_map_dark_at(e->map, e->c[who].x, e->c[who].y) &&
           !lit_by_fire(e, e->c[who].x, e->c[who].y);
}

/* #Darkness: "Creatures in Darkness are Concealed to all Creatures that do
 * not have Darkvision"; #Fog: "If Fog interrupts sight of a Creature at any
 * point the Creature is Concealed (... the viewer is in Fog, the Creature
 * is in Fog, or there is Fog between the two)". */
static int map_concealed(const fray_encounter *e, int t, int a)
{
    if (!ta_ccr(e, a)->darkvision && in_dark(e, t))
        return 1;
    return (e->map->kinds & K(FRAY_RG_FOG)) &&
           (touched(e, e->c[a].x, e->c[a].y, e->c[t].x, e->c[t].y) & K(FRAY_RG_FOG));
}

int ta_map_concealed(const fray_encounter *e, int t, int a)
{
    if (!e->map)
        return 0;
    int v = ta_sit_get(e, TA_SIT_CONCEALED, t, a); /* situation.c */
    return v >= 0 ? v : ta_sit_put(e, TA_SIT_CONCEALED, t, a, map_concealed(e, t, a));
}

/* #Hidden "ends their Turn without concealment": darkness or fog around it
 * still conceals it. */
int ta_terrain_hides(const fray_encounter *e, int who)
{
    return e->map && (in_dark(e, who) || (here(e, who) & K(FRAY_RG_FOG)));
}

/* ---- Zero-G ---- */

/* #Zero-G: "If you Push off of a fixed Object such as a wall ... you Move up
 * to your Speed"; "an unfixed Object within 1 Size of you ... half your
 * Speed": a wall or map object within reach of the space, else an ally
 * within 5 ft of at most one Size apart (*ally). 0: nothing to push off. */
int ta_can_push_off(const fray_encounter *e, int who, int *ally)
{
    *ally = -1;
    if (fray_map_near_fixed(e->map, e->c[who].x, e->c[who].y, space(e, who) / 2 + TA_SQUARE / 2))
        return 2;
    for (int k = 0; k < e->n; k++) {
        int ds = ta_ccr(e, k)->size - ta_ccr(e, who)->size;
        if (k != who && !e->c[k].gone && !ta_foes(e, who, k) && ds >= -1 && ds <= 1 &&
            ta_in_reach(e, who, k, TA_SQUARE)) {
            *ally = k;
            return 1;
        }
    }
    return 0;
}

/* "If you make an Attack or are hit while not touching a fixed Object you
 * must spend an Action to Stabilize yourself or take Disadvantage". */
void ta_unsteady(fray_encounter *e, int who)
{
    if (!ta_zero_g(e, who) || fray_has(e, who, TA_C_UNSTABLE) || e->c[who].status == FRAY_DEAD ||
        fray_map_near_fixed(e->map, e->c[who].x, e->c[who].y, space(e, who) / 2 + TA_SQUARE / 2))
        return;
    fray_cond_add(e, who, TA_C_UNSTABLE, -1, FRAY_EXP_NEVER, 0);
    fray_flush(e, who, R("Zero-G"));
}

/* ---- After a creature is moved: the ground under it ---- */

/* #Thin Ice: "Can support 2 Bulk per 5ft square for every inch thick it
 * is": the creature's Bulk against 2 x inches x the squares it covers. */
static void ice(fray_encounter *e, int who)
{
    const ta_creature *c = ta_ccr(e, who);
    int sq = space(e, who) / TA_SQUARE;
    if (sq < 1)
        sq = 1;
    for (int i = 0; i < e->map->nregion && i < TA_MAX_ICE; i++) {
        const fray_region *r = &e->map->region[i];
        int x = e->c[who].x, y = e->c[who].y;
        if (r->kind != FRAY_RG_THIN_ICE || broken(e, i) || x < r->x0 || x >= r->x1 || y < r->y0 ||
            y >= r->y1 || c->bulk <= 2 * r->value * sq * sq)
            continue;
        st(e)->broken[i / 64] |= (uint64_t)1 << (i % 64);
        fray_mod(e, "Bulk", c->bulk);
        fray_mod(e, "Ice holds (2 Bulk per inch per square)", 2 * r->value * sq * sq);
        note(e, who, "breaks through the thin ice into the water", r->name, R("Thin Ice"));
    }
}

/* #Squeezing: "A Creature can Move through a space half the Size it would
 * normally be able to": a narrow region that fits one Size smaller. */
static int narrow_fit(const fray_encounter *e, int who, int x, int y)
{
    int r = fray_map_region_at(e->map, FRAY_RG_NARROW, x, y);
    if (r < 0)
        return 0;
    int over = ta_ccr(e, who)->size - e->map->region[r].value;
    return over <= 0 ? 0 : over == 1 ? 1 : 2; /* 0 fits, 1 squeezes, 2 cannot */
}

/* #On fire: "put out the fire ... by entering a body of water": water
 * where it stands or that its move went through. */
static void douse(fray_encounter *e, int who, unsigned kinds)
{
    if (fray_has(e, who, TA_C_ON_FIRE) && grounded(e, who) &&
        (kinds & (K(FRAY_RG_WATER) | K(FRAY_RG_DEEP_WATER)))) {
        fray_cond_remove(e, who, TA_C_ON_FIRE);
        note(e, who, "puts out the fire in the water", "water", R("On fire"));
    }
}

void ta_after_move(fray_encounter *e, int who)
{
    if (!e->map)
        return;
    douse(e, who, here(e, who) | ta_cr(e, who)->crossed);
    ta_cr(e, who)->crossed = 0;
    if (grounded(e, who) && (e->map->kinds & K(FRAY_RG_THIN_ICE)))
        ice(e, who);
    if (e->map->kinds & K(FRAY_RG_NARROW)) {
        int sq = narrow_fit(e, who, e->c[who].x, e->c[who].y) == 1;
        if (sq && !fray_has(e, who, TA_C_SQUEEZING)) {
            fray_cond_add(e, who, TA_C_SQUEEZING, -1, FRAY_EXP_NEVER, 0);
            note(e, who, "squeezes into", e->map->region[fray_map_region_at(e->map, FRAY_RG_NARROW,
                 e->c[who].x, e->c[who].y)].name, R("Squeezing"));
        } else if (!sq && fray_has(e, who, TA_C_SQUEEZING)) {
            fray_cond_remove(e, who, TA_C_SQUEEZING);
            note(e, who, "is out of the narrow space", "narrow", R("Squeezing"));
        }
    }
    if (fray_has(e, who, TA_C_UNSTABLE) &&
        fray_map_near_fixed(e->map, e->c[who].x, e->c[who].y, space(e, who) / 2 + TA_SQUARE / 2)) {
        fray_cond_remove(e, who, TA_C_UNSTABLE); /* "until you touch a fixed Object" */
        fray_flush(e, who, R("Zero-G"));
    }
}

/* ---- Moving across the map ---- */

/* Whether ice region i holds who: not broken, and its Bulk within 2 per
 * inch per square it covers. */
static int ice_holds(const fray_encounter *e, int who, int i)
{
    int sq = space(e, who) / TA_SQUARE < 1 ? 1 : space(e, who) / TA_SQUARE;
    return !broken(e, i) && ta_ccr(e, who)->bulk <= 2 * e->map->region[i].value * sq * sq;
}

/* The kinds the walk pays double to leave (#Difficult Terrain, knee-deep
 * water, swimming, squeezing), and the kinds a careful move stops before
 * (deep water, ice too thin for it) or that need a look first (a narrow
 * space, a climbable surface). */
static void walk_rules(const fray_encounter *e, int who, int straight, fray_walk *w)
{
    const ta_creature *c = ta_ccr(e, who);
    unsigned at = here(e, who);
    *w = (fray_walk){.step = TA_SQUARE, .clear = space(e, who) / 2};
    if (c->flight) /* "fly over it ... without Penalty" */
        return;
    if (c->burrow && (at & K(FRAY_RG_EARTH))) /* "Burrowing under it" */
        return;
    if (c->size < fray_opt(e, TA_OPT_DIFFICULT_IGNORE_SIZE))
        w->dear |= K(FRAY_RG_DIFFICULT) | K(FRAY_RG_WATER);
    w->dear |= K(FRAY_RG_DEEP_WATER);
    if (fray_has(e, who, TA_C_SQUEEZING))
        w->dear |= K(FRAY_RG_NARROW);
    w->stop = K(FRAY_RG_NARROW) | K(FRAY_RG_CLIMB);
    if (!straight && !(at & K(FRAY_RG_DEEP_WATER)))
        w->stop |= K(FRAY_RG_DEEP_WATER);
    for (int i = 0; i < e->map->nregion; i++)
        if (e->map->region[i].kind == FRAY_RG_THIN_ICE && !ice_holds(e, who, i))
            w->stop |= K(FRAY_RG_THIN_ICE); /* careful: stop; straight: onto it, and through */
    w->stop &= e->map->kinds;
}

static const char *how_of(const fray_encounter *e, int who, unsigned crossed)
{
    const ta_creature *c = ta_ccr(e, who);
    if (c->flight)
        return NULL;
    if ((crossed & K(FRAY_RG_NARROW)) && narrow_fit(e, who, e->c[who].x, e->c[who].y) == 1)
        return "squeeze";
    if (c->burrow && (crossed & K(FRAY_RG_EARTH)))
        return "burrow";
    if (crossed & K(FRAY_RG_DEEP_WATER))
        return "swim";
    if (crossed & K(FRAY_RG_CLIMB))
        return "climb";
    if (crossed & K(FRAY_RG_WATER))
        return "wade";
    if (crossed & K(FRAY_RG_DIFFICULT))
        return "difficult ground";
    return NULL;
}

/* A surface or a gap met on the way: go on (1) or stop there (0). */
static int meet(fray_encounter *e, int who, const fray_walk *w, int x, int y, unsigned *stop)
{
    const fray_region *r = &e->map->region[w->region];
    if (r->kind == FRAY_RG_NARROW) {
        (void)x, (void)y;
        int fit = narrow_fit(e, who, (r->x0 + r->x1) / 2, (r->y0 + r->y1) / 2);
        if (fit == 2) {
            note(e, who, "is too large to squeeze into", r->name, R("Squeezing"));
            return 0;
        }
        *stop &= ~K(FRAY_RG_NARROW);
        return 1;
    }
    if (r->kind == FRAY_RG_CLIMB) { /* #Climbing: "using the Climb Skill" */
        if (skill_check(e, who, ta_ccr(e, who)->climb, TA_OPT_CLIMB_DC, "Climb", R("Climbing")) <= 0) {
            note(e, who, "cannot scale", r->name, R("Climbing"));
            return 0;
        }
        *stop &= ~K(FRAY_RG_CLIMB);
        return 1;
    }
    return 0; /* deep water or thin ice: a careful move stops short */
}

/* Move who from where it stands towards (x1, y1) with `budget` cm of
 * movement on the map: walls stop it, the ground left sets the cost, an
 * enemy in the way takes a free Push (movement.c computed it: `limit` cm
 * along the path at most, `extra` cm of budget spent). */
static const char *walk(fray_encounter *e, int who, int x1, int y1, int budget, int straight, int limit)
{
    fray_walk w;
    walk_rules(e, who, straight, &w);
    int x0 = e->c[who].x, y0 = e->c[who].y, x = x0, y = y0;
    int64_t dx = x1 - x0, dy = y1 - y0;
    int len = fray_isqrt(dx * dx + dy * dy);
    if (limit < len)
        fray_step_along(x0, y0, dx, dy, len, limit, 0, &x1, &y1);
    unsigned stop = w.stop, crossed = here(e, who);
    for (int guard = 0; guard < 8 && budget > 0; guard++) {
        w.stop = stop;
        fray_map_walk(e->map, &w, x, y, x1, y1, budget, &x, &y);
        budget -= w.spent;
        crossed |= touched(e, x0, y0, x, y);
        if (w.why == FRAY_WALK_REGION && e->map->region[w.region].kind == FRAY_RG_THIN_ICE) {
            int holds = ice_holds(e, who, w.region);
            if (!holds && !straight)
                break; /* a careful move stops short of ice that will not hold */
            /* a square onto the ice: on, or through it (ta_after_move breaks it) */
            int64_t rx = x1 - x, ry = y1 - y;
            int rl = fray_isqrt(rx * rx + ry * ry), s = rl < TA_SQUARE ? rl : TA_SQUARE;
            fray_step_along(x, y, rx, ry, rl, s < budget ? s : budget, 0, &x, &y);
            budget -= s < budget ? s : budget;
            crossed |= K(FRAY_RG_THIN_ICE);
            if (!holds)
                break;
            continue;
        }
        /* the kind met is off the stop list now: the walk goes on into it */
        if (w.why != FRAY_WALK_REGION || !meet(e, who, &w, x, y, &stop))
            break;
    }
    ta_carry(e, who, x, y);
    ta_cr(e, who)->crossed = crossed; /* for ta_after_move */
    return how_of(e, who, crossed);
}

/* Whether a walk on the map from where who stands towards (x1, y1) gets
 * anywhere, asked before the move (the policy): 1 when its first stretch
 * moves it, or when what it meets lets it on (a climbable surface, after a
 * Climb Check: dice, not nothing; a narrow space it fits; thin ice, for a
 * straight move); 0 when it stops where it stands (a wall, deep water or
 * thin ice a careful move stops before, its budget spent). No dice, no
 * change. */
int ta_walk_goes(const fray_encounter *e, int who, int x1, int y1, int budget, int straight)
{
    fray_walk w;
    walk_rules(e, who, straight, &w);
    int x, y;
    fray_map_walk(e->map, &w, e->c[who].x, e->c[who].y, x1, y1, budget, &x, &y);
    if (x != e->c[who].x || y != e->c[who].y)
        return 1;
    if (w.why != FRAY_WALK_REGION)
        return 0;
    /* walk() goes on where it meets: a surface to Climb (a check), a
     * narrow space it fits, thin ice a straight move steps onto */
    const fray_region *r = &e->map->region[w.region];
    return r->kind == FRAY_RG_CLIMB || (straight && r->kind == FRAY_RG_THIN_ICE) ||
           (r->kind == FRAY_RG_NARROW && narrow_fit(e, who, (r->x0 + r->x1) / 2, (r->y0 + r->y1) / 2) != 2);
}

/* Move who towards (x1, y1) with `budget` cm of movement on the map, at
 * most `limit` cm along the path (an enemy that held on a free Push);
 * straight: into deep water and thin ice too. Returns how it went
 * ("swim", "wade", ...) for the narration, NULL plain. */
const char *ta_travel_map(fray_encounter *e, int who, int x1, int y1, int budget, int straight,
                          int limit)
{
    return walk(e, who, x1, y1, budget, straight, limit); /* the caller then calls ta_after_move */
}

/* #Burrowing: "You can Move through dirt or other soft earth": a burrower
 * starting in earth goes under the creatures in its way. */
int ta_underground(const fray_encounter *e, int who)
{
    return e->map && ta_ccr(e, who)->burrow && (here(e, who) & K(FRAY_RG_EARTH));
}

/* #Swimming: a Move from deep water takes a Swim Check; 0 if it fails
 * (the creature founders where it is). */
int ta_swim(fray_encounter *e, int who)
{
    ta_creature *c = ta_cr(e, who);
    if (!e->map || !grounded(e, who) || !(here(e, who) & K(FRAY_RG_DEEP_WATER)))
        return 1;
    int ok = skill_check(e, who, c->swim, TA_OPT_SWIM_DC, "Swim", R("Swimming")) > 0;
    c->swam = ok ? 1 : -1;
    return ok;
}

/* #Climbing from a surface one stands on: a failure by climb_fall_margin
 * or more is a fall from its height. Returns 0 when the Move is lost. */
int ta_climb_start(fray_encounter *e, int who)
{
    int r = e->map ? fray_map_region_at(e->map, FRAY_RG_CLIMB, e->c[who].x, e->c[who].y) : -1;
    if (r < 0 || !grounded(e, who))
        return 1;
    int ok = skill_check(e, who, ta_ccr(e, who)->climb, TA_OPT_CLIMB_DC, "Climb", R("Climbing"));
    if (ok < 0)
        ta_fall(e, who, e->map->region[r].value / TA_FT, 0);
    return ok > 0;
}

/* #Push: "If their movement is ended prematurely by a hard surface (such as
 * a wall) they take a d6 of Damage for every 5 ft they could not travel and
 * fall Prone" (the distance short rounded to the nearest 5 ft). Moves t
 * up to d cm away from who; returns how far it went. */
int ta_push_map(fray_encounter *e, int who, int t, int d)
{
    int x, y;
    fray_step_towards(e->c[t].x, e->c[t].y, e->c[who].x, e->c[who].y, d, 1, &x, &y);
    fray_walk w = {.step = TA_SQUARE, .clear = space(e, t) / 2};
    int x0 = e->c[t].x, y0 = e->c[t].y;
    fray_map_walk(e->map, &w, x0, y0, x, y, d, &x, &y);
    ta_carry(e, t, x, y);
    int short_by = d - w.spent, dice = (short_by + TA_SQUARE / 2) / TA_SQUARE;
    if (w.why == FRAY_WALK_WALL && dice > 0) {
        int dmg = 0;
        for (int i = 0; i < dice; i++)
            dmg += fray_die(&e->dice, 6, "Wall Damage, 1d6 per 5 ft short");
        fray_cond_add(e, t, TA_C_PRONE, -1, FRAY_EXP_NEVER, 0);
        note(e, t, "is pushed into a wall", "wall", R("Push"));
        ta_damage(e, t, dmg, who, "the wall", R("Push"));
    }
    return w.spent;
}

/* ---- Turn edges ---- */

/* #Swimming: "If the water has a current it moves every Creature in it in
 * the direction of the current at the start of their Turns"; #Zero-G: "You
 * will continue to Move in that direction at you Speed at the beginning of
 * your Turn every Round until you run into something". */
void ta_terrain_turn_start(fray_encounter *e, int who)
{
    ta_creature *c = ta_cr(e, who);
    c->swam = 0;
    if (!e->map || e->c[who].status == FRAY_DEAD)
        return;
    int x, y;
    if (grounded(e, who) && (e->map->kinds & (K(FRAY_RG_WATER) | K(FRAY_RG_DEEP_WATER)))) {
        for (int i = 0; i < e->map->nregion; i++) {
            const fray_region *r = &e->map->region[i];
            if ((r->kind != FRAY_RG_WATER && r->kind != FRAY_RG_DEEP_WATER) || (!r->dx && !r->dy) ||
                fray_map_region_at(e->map, r->kind, e->c[who].x, e->c[who].y) != i)
                continue;
            fray_walk w = {.step = TA_SQUARE, .clear = space(e, who) / 2};
            fray_map_walk(e->map, &w, e->c[who].x, e->c[who].y, e->c[who].x + r->dx,
                          e->c[who].y + r->dy, INT32_MAX / 2, &x, &y);
            ta_carry(e, who, x, y);
            note(e, who, "is carried by the current", r->name, R("Swimming"));
            ta_after_move(e, who);
            break;
        }
    }
    if ((c->drift_x || c->drift_y) && ta_zero_g(e, who)) {
        fray_walk w = {.step = TA_SQUARE, .clear = space(e, who) / 2};
        fray_map_walk(e->map, &w, e->c[who].x, e->c[who].y, e->c[who].x + c->drift_x,
                      e->c[who].y + c->drift_y, INT32_MAX / 2, &x, &y);
        ta_carry(e, who, x, y);
        if (w.why == FRAY_WALK_WALL || !ta_zero_g(e, who))
            c->drift_x = c->drift_y = 0; /* "until you run into something" */
        note(e, who, c->drift_x || c->drift_y ? "drifts on" : "drifts into something and stops",
             "free fall", R("Zero-G"));
        ta_after_move(e, who);
    }
}

/* #Swimming and #Suffocating: at the end of its turn a creature in deep
 * water that has not swum this turn treads water (a Swim Check); one that
 * failed, or is down, goes under and holds its breath (Suffocating, which
 * rounds.c counts). Out of the water, or swimming, it breathes. */
void ta_terrain_turn_end(fray_encounter *e, int who)
{
    ta_creature *c = ta_cr(e, who);
    if (!e->map || !(e->map->kinds & (K(FRAY_RG_DEEP_WATER) | K(FRAY_RG_THIN_ICE))) ||
        e->c[who].status == FRAY_DEAD)
        return;
    int wet = grounded(e, who) && (here(e, who) & K(FRAY_RG_DEEP_WATER));
    if (wet && c->swam == 0 && fray_able(e, who))
        ta_swim(e, who);
    int under = wet && (c->swam < 0 || !fray_able(e, who));
    if (under && !fray_has(e, who, TA_C_SUFFOCATING)) {
        fray_cond_add(e, who, TA_C_SUFFOCATING, -1, FRAY_EXP_NEVER, 0);
        note(e, who, "goes under", "deep water", R("Suffocating"));
    } else if (!under && fray_has(e, who, TA_C_SUFFOCATING) &&
               fray_cond_source(e, who, TA_C_SUFFOCATING) < 0 && !fray_has(e, who, TA_C_GRAPPLED)) {
        fray_cond_remove(e, who, TA_C_SUFFOCATING);
        note(e, who, "comes up for air", "deep water", R("Suffocating"));
    }
}

/* ---- Falling ---- */

/* #Falling: "they may make a Climb Check as a Reaction to Grab a nearby
 * surface if possible": a climbable surface within 5 ft and a Reaction
 * left. 1 if it holds on. */
int ta_fall_grab(fray_encounter *e, int who)
{
    if (!e->map || !(e->map->kinds & K(FRAY_RG_CLIMB)) || e->c[who].res[TA_R_REACTIONS] <= 0 ||
        !fray_able(e, who) || (fray_cflags(e, who) & FRAY_CF_NO_REACTIONS))
        return 0;
    static const int ox[5] = {0, 1, -1, 0, 0}, oy[5] = {0, 0, 0, 1, -1};
    int near = 0;
    for (int k = 0; k < 5 && !near; k++)
        near = fray_map_region_at(e->map, FRAY_RG_CLIMB, e->c[who].x + ox[k] * TA_SQUARE,
                                  e->c[who].y + oy[k] * TA_SQUARE) >= 0;
    if (!near)
        return 0;
    fray_res_set(e, who, TA_R_REACTIONS, e->c[who].res[TA_R_REACTIONS] - 1);
    int ok = skill_check(e, who, ta_ccr(e, who)->climb, TA_OPT_CLIMB_DC, "Climb", R("Falling")) > 0;
    if (ok)
        note(e, who, "grabs the surface and does not fall", "climb", R("Falling"));
    return ok;
}

/* "Landing in water may reduce the effective distance of the fall by 50
 * ft" (option water_fall). */
int ta_fall_water(const fray_encounter *e, int who, int ft)
{
    if (!e->map || !(kinds_at(e, e->c[who].x, e->c[who].y) & (K(FRAY_RG_WATER) | K(FRAY_RG_DEEP_WATER))))
        return ft;
    ft -= fray_opt(e, TA_OPT_WATER_FALL);
    return ft < 0 ? 0 : ft;
}

/* ---- For the policy and legal ---- */

/* A spot behind a map object (of at least who's Size) from foe, within
 * who's Speed, from which foe still has Line of Effect: its distance, -1
 * none. */
int ta_cover_point(const fray_encounter *e, int who, int foe, int *x, int *y)
{
    int best = -1;
    if (!e->map || !e->map->nobject)
        return -1;
    int speed = ta_speed(e, who);
    for (int i = 0; i < e->map->nobject; i++) {
        const fray_object *o = &e->map->object[i];
        if (o->size < ta_ccr(e, who)->size)
            continue;
        int ocx = (o->x0 + o->x1) / 2, ocy = (o->y0 + o->y1) / 2;
        int half = (o->x1 - o->x0 > o->y1 - o->y0 ? o->x1 - o->x0 : o->y1 - o->y0) / 2;
        int px, py;
        fray_step_towards(ocx, ocy, e->c[foe].x, e->c[foe].y, half + space(e, who) / 2 + 10, 1, &px, &py);
        int64_t dx = px - e->c[who].x, dy = py - e->c[who].y;
        int d = fray_isqrt(dx * dx + dy * dy);
        if (d > speed || d < TA_SQUARE / 2 ||
            fray_map_blocked(e->map, e->c[who].x, e->c[who].y, px, py, FRAY_MAP_WALLS | FRAY_MAP_OBJECTS, 0, NULL) ||
            !fray_map_blocked(e->map, e->c[foe].x, e->c[foe].y, px, py, FRAY_MAP_OBJECTS,
                              ta_ccr(e, who)->size, NULL) ||
            fray_map_blocked(e->map, e->c[foe].x, e->c[foe].y, px, py, FRAY_MAP_WALLS, 0, NULL))
            continue;
        if (best < 0 || d < best) {
            best = d;
            *x = px;
            *y = py;
        }
    }
    return best;
}

/* Whether a straight move towards t would go where a careful one stops
 * (deep water, ice too thin): then Move: Straight is worth listing. */
int ta_straight_differs(const fray_encounter *e, int who, int t)
{
    if (!e->map || !(e->map->kinds & (K(FRAY_RG_DEEP_WATER) | K(FRAY_RG_THIN_ICE))) ||
        ta_ccr(e, who)->flight)
        return 0;
    return (touched(e, e->c[who].x, e->c[who].y, e->c[t].x, e->c[t].y) &
            (K(FRAY_RG_DEEP_WATER) | K(FRAY_RG_THIN_ICE))) != 0;
}
