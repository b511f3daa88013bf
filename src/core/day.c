/* day.c: adventuring days (day.h). */
#include <stdlib.h>
#include <string.h>

#include "day.h"

void fray_day_free(fray_day *d)
{
    if (!d)
        return;
    for (int k = 0; k < d->nfights; k++)
        fray_encounter_free(d->fight[k]);
    free(d);
}

/* The names and rests of the steps; the fights are loaded already. */
static void read_steps(fray_day *d, const json_t *day)
{
    int k = -1;
    for (size_t s = 0; s < json_array_size(day); s++) {
        const json_t *st = json_array_get(day, s);
        const char *rest = json_string_value(json_object_get(st, "rest"));
        if (rest) {
            if (k >= 0) /* a rest before the first fight changes nothing */
                d->rest[k][d->nrest[k]++] = strcmp(rest, "long") ? 0 : 1;
            continue;
        }
        k++;
        const char *name = json_string_value(json_object_get(st, "name"));
        snprintf(d->name[k], sizeof d->name[k], "%s", name && *name ? name : "");
        if (!d->name[k][0])
            snprintf(d->name[k], sizeof d->name[k], "fight %d", k + 1);
    }
}

/* The party is one side, and no foe stands on it. */
static int check_sides(fray_day *d, const char *name, char *err, size_t errlen)
{
    for (int k = 0; k < d->nfights; k++) {
        const fray_encounter *e = d->fight[k];
        for (int i = 0; i < e->n; i++) {
            int party = i < d->nparty, same = e->c[i].side == d->party_side;
            if (party != same)
                return snprintf(err, errlen, "%s: day: %s '%s' %s: the party (\"combatants\") is "
                                "one side and its foes stand on others", name,
                                party ? "party member" : "foe", e->c[i].name,
                                party ? "is on another side" : "is on the party's side"), -1;
        }
    }
    return 0;
}

fray_day *fray_day_load(const char *json, const char *name, char *err, size_t errlen)
{
    fray_encounter *e = fray_encounter_load_fight(json, name, -1, err, errlen);
    if (!e)
        return NULL;
    if (!e->nday) {
        snprintf(err, errlen, "%s: not an adventuring day (no \"day\" key)", name);
        fray_encounter_free(e);
        return NULL;
    }
    fray_day *d = calloc(1, sizeof *d);
    json_t *root = json_loads(json, 0, NULL);
    if (!d || !root) {
        snprintf(err, errlen, "%s: out of memory", name);
        goto fail;
    }
    d->nfights = e->nday;
    d->fight[0] = e;
    e = NULL;
    for (int k = 1; k < d->nfights; k++)
        if (!(d->fight[k] = fray_encounter_load_fight(json, name, k, err, errlen)))
            goto fail;
    d->nparty = (int)json_array_size(json_object_get(root, "combatants"));
    d->party_side = d->fight[0]->c[0].side;
    read_steps(d, json_object_get(root, "day"));
    if (check_sides(d, name, err, errlen) < 0)
        goto fail;
    json_decref(root);
    return d;
fail:
    json_decref(root);
    fray_encounter_free(e);
    fray_day_free(d);
    return NULL;
}

/* The fight in e is won: what its foes gave ends, their links let go, and
 * the party's conditions timed by the fight end with it. */
static void end_fight(fray_encounter *e, int np)
{
    for (int j = np; j < e->n; j++) {
        fray_cond_remove_from(e, j);
        fray_unlink_all(e, j);
    }
    for (int i = 0; i < np; i++)
        fray_cond_end_fight(e, i, np);
}

/* The party as `from` left it, into `to` just reset: each keeps the new
 * fight's position and facing. */
static void carry(fray_encounter *to, const fray_encounter *from, int np)
{
    size_t csz = to->rs->creature_size;
    for (int i = 0; i < np; i++) {
        fray_combatant *t = &to->c[i];
        const fray_combatant *f = &from->c[i];
        t->status = f->status;
        memcpy(t->res, f->res, sizeof t->res);
        memcpy(t->cond, f->cond, sizeof t->cond);
        t->ncond = f->ncond;
        t->cmask = f->cmask;
        t->cflags = f->cflags;
        memcpy(fray_priv(to, i), fray_cpriv(from, i), csz);
    }
    to->src_timed = 1; /* conservatively: an entry may end with its source's turn */
    to->cond_any = 1;
    to->status_changed = 1;
    to->unsettled = 1;
    to->world_rev++;
}

int fray_day_run(fray_day *d, uint64_t seed, uint64_t stream, fray_day_out *o)
{
    memset(o, 0, sizeof *o);
    for (int k = 0; k < d->nfights; k++) {
        fray_encounter *e = d->fight[k];
        fray_reset(e, seed, stream * FRAY_DAY_STEPS + (uint64_t)k);
        if (k > 0) {
            carry(e, d->fight[k - 1], d->nparty);
            if (d->between)
                d->between(d->between_ud, d, k);
        }
        o->last = k;
        o->played = k + 1;
        int rc = fray_run(e);
        o->rounds += e->round;
        o->dice += e->dice.drawn;
        if (rc < 0)
            return -1;
        for (int i = 0; i < d->nparty; i++)
            if (e->c[i].status != FRAY_DEAD)
                o->alive[k] |= 1u << i;
        if (d->after)
            d->after(d->between_ud, d, k);
        if (e->winner != d->party_side)
            break;
        o->won++;
        if (k + 1 == d->nfights)
            break;
        end_fight(e, d->nparty);
        for (int r = 0; r < d->nrest[k]; r++) {
            for (int i = 0; i < d->nparty && e->rs->rest; i++)
                if (e->c[i].status != FRAY_DEAD)
                    e->rs->rest(e, i, d->rest[k][r]);
            fray_flush(e, -1, NULL);
        }
    }
    return o->won;
}
