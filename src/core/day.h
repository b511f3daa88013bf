/* day.h: adventuring days: several fights in order with rests between
 * them, the party carrying its damage, wounds, spent resources and dead
 * from one fight to the next.
 *
 * An encounter file becomes a day with a "day" key: its "combatants" are
 * the party (one side), and "day" lists the steps in order, each a fight
 * ({"name": ..., "combatants": [the foes]}) or a rest ({"rest": "short"} or
 * "long", as the ruleset's rest hook defines them):
 *
 *     fray_day *d = fray_day_load(text, "day.json", err, sizeof err);
 *     fray_day_out o;
 *     int won = fray_day_run(d, seed, 0, &o);  // fights the party won in a row
 *     fray_day_free(d);
 *
 * Fight k of day i draws from stream i * FRAY_DAY_STEPS + k of the seed, so
 * a day replays exactly. Between two fights the party keeps its status,
 * resources, conditions and the ruleset's private state of each creature
 * (wounds, injuries, spent Aura...); it takes each fight's own positions,
 * and the conditions timed by the last fight's rounds and turns, or given
 * by its foes, end with it. A day ends at the first fight the party does
 * not win.
 */
#ifndef FRAY_DAY_H
#define FRAY_DAY_H

#include "core.h"

typedef struct fray_day {
    int nfights, nparty, party_side;
    fray_encounter *fight[FRAY_DAY_STEPS]; /* each: the party (0..nparty-1) and its foes */
    char name[FRAY_DAY_STEPS][64];         /* each fight's name */
    int nrest[FRAY_DAY_STEPS];             /* rests after fight k, and their kinds */
    int rest[FRAY_DAY_STEPS][FRAY_DAY_STEPS];
    /* Called before fight k > 0 begins, after the rests (`fray run` prints a
     * heading there); NULL for none. */
    void (*between)(void *ud, const struct fray_day *d, int k);
    /* Called when fight k is over, before the rests after it; NULL for none. */
    void (*after)(void *ud, const struct fray_day *d, int k);
    void *between_ud;
} fray_day;

typedef struct fray_day_out {
    int played;                 /* fights played (the last may be lost) */
    int won;                    /* fights won in a row */
    int last;                   /* index of the last fight played */
    int rounds;                 /* rounds over every fight */
    uint64_t dice;              /* dice drawn over every fight */
    /* after fight k (k < played): party member i still alive (not dead) */
    uint32_t alive[FRAY_DAY_STEPS];
} fray_day_out;

/* A day from an encounter file's text (name is used in messages). NULL with
 * err when the file is not valid, or is not a day (err says so). */
fray_day *fray_day_load(const char *json, const char *name, char *err, size_t errlen);
void fray_day_free(fray_day *d);
/* Play day `stream` of the seed: fights until the party loses one or the
 * day is over. Returns the fights won, or -1 when a fight failed (its
 * error: fray_error(d->fight[o->last])). */
int fray_day_run(fray_day *d, uint64_t seed, uint64_t stream, fray_day_out *o);

#endif
