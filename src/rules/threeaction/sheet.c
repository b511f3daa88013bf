/* sheet.c: the creature sheet of `threeaction`: level, attributes, hit
 * points, Physical and Mental Defense, Speed, Size, Energy, Reactions,
 * weapons, spells, skills, flight and the conditions it starts with. What
 * the combat chapter leaves to other chapters (hit points, the defenses)
 * is derived by the rule options hp_base, hp_per_level and defense_base
 * unless the sheet gives it (docs/rules/threeaction.md). */
#include <string.h>

#include "threeaction.h"

static const char *const sheet_keys[] = {
    "description", "level", "attributes", "hp", "physical_defense", "mental_defense", "armor",
    "speed", "size", "energy", "reactions", "flight", "altitude", "free_hand", "unaware",
    "skills", "weapons", "spells", "conditions", "commander", "darkvision", "burrow", "bulk", NULL};
static const char *const attr_keys[] = {"STR", "DEX", "CON", "ESS", "INT", "WIS", "CHA", NULL};
static const char *const skill_keys[] = {"Medicine", "Climb", "Swim", "Jump", "Sneak",
                                         "Intimidate", "Investigation", NULL};
static const char *const weapon_keys[] = {"name", "weight", "damage", "reach", "range",
                                          "natural", "hp", "durability", "on_hit", NULL};
static const char *const spell_keys[] = {"name", "defense", "energy", "damage", "range", "area",
                                         "control", "on_hit", NULL};
static const char *const inflict_keys[] = {"condition", "rounds", "level", NULL};
static const char *const weight_names[] = {"light", "medium", "heavy"};
static const char *const flight_names[] = {"none", "flight", "improved"};
static const char *const defense_names[] = {"physical", "mental"};

static int load_dexpr(fray_load *ld, const json_t *o, const char *key, fray_dexpr *out,
                      const char *def)
{
    char buf[48], why[128];
    if (fray_load_str(ld, o, key, buf, sizeof buf, def, def == NULL) < 0)
        return -1;
    if (fray_dexpr_parse(buf, out, why, sizeof why) < 0)
        return fray_load_fail(ld, key, "expected a dice expression such as 1d8+2: %s", why);
    if (fray_dexpr_max_finite(out) > 10000 || fray_dexpr_min(out) < 0)
        return fray_load_fail(ld, key, "expected damage between 0 and 10000 without exploding dice");
    return 0;
}

/* {"condition": "Poisoned", "rounds": 3, "level": 2}: a condition a hit (or
 * the sheet) gives. */
static int load_inflict(fray_load *ld, const json_t *o, ta_inflict *in)
{
    int cond, rounds, level;
    if (fray_load_keys(ld, o, inflict_keys) < 0 ||
        fray_load_enum(ld, o, "condition", &cond, ta_cond_names, TA_NCOND, 0, 1) < 0 ||
        fray_load_int(ld, o, "rounds", &rounds, 0, 0, 100, 0) < 0 ||
        fray_load_int(ld, o, "level", &level, 1, 1, 20, 0) < 0)
        return -1;
    in->cond = (int8_t)cond;
    in->rounds = (int8_t)rounds;
    in->level = (int8_t)level;
    return 0;
}

static int load_on_hit(fray_load *ld, const json_t *o, ta_inflict *in)
{
    in->cond = -1;
    const json_t *h = json_object_get(o, "on_hit");
    if (!h)
        return 0;
    size_t mark = fray_load_push(ld, "on_hit", -1);
    if (load_inflict(ld, h, in) < 0)
        return -1;
    fray_load_pop(ld, mark);
    return 0;
}

static int load_weapon(fray_load *ld, const json_t *o, ta_weapon *w)
{
    int weight, reach, range, natural, hp, dur;
    if (fray_load_keys(ld, o, weapon_keys) < 0 ||
        fray_load_str(ld, o, "name", w->name, sizeof w->name, NULL, 1) < 0 ||
        fray_load_enum(ld, o, "weight", &weight, weight_names, 3, TA_MEDIUM, 0) < 0 ||
        load_dexpr(ld, o, "damage", &w->damage, NULL) < 0 ||
        fray_load_int(ld, o, "reach", &reach, 5, 5, 30, 0) < 0 ||
        fray_load_int(ld, o, "range", &range, 0, 0, 500, 0) < 0 ||
        fray_load_bool(ld, o, "natural", &natural, 0) < 0 ||
        fray_load_int(ld, o, "hp", &hp, 10, 1, 1000, 0) < 0 ||
        fray_load_int(ld, o, "durability", &dur, 0, 0, 100, 0) < 0 ||
        load_on_hit(ld, o, &w->on_hit) < 0)
        return -1;
    w->weight = (int8_t)weight;
    w->ranged = range > 0;
    w->natural = (int8_t)natural;
    w->reach = (int16_t)(reach * TA_FT);
    w->increment = (int16_t)(range * TA_FT);
    w->hp = (int16_t)hp;
    w->durability = (int16_t)dur;
    w->where = TA_IN_HAND;
    return 0;
}

static int load_spell(fray_load *ld, const json_t *o, ta_spell *s)
{
    int def, energy, range, area, control;
    if (fray_load_keys(ld, o, spell_keys) < 0 ||
        fray_load_str(ld, o, "name", s->name, sizeof s->name, NULL, 1) < 0 ||
        fray_load_enum(ld, o, "defense", &def, defense_names, 2, TA_PHYSICAL, 0) < 0 ||
        fray_load_int(ld, o, "energy", &energy, 1, 0, 100, 0) < 0 ||
        load_dexpr(ld, o, "damage", &s->damage, "0") < 0 ||
        fray_load_int(ld, o, "range", &range, 60, 5, 1000, 0) < 0 ||
        fray_load_int(ld, o, "area", &area, 0, 0, 100, 0) < 0 ||
        fray_load_bool(ld, o, "control", &control, 0) < 0 ||
        load_on_hit(ld, o, &s->on_hit) < 0)
        return -1;
    s->defense = (int8_t)def;
    s->energy = (int16_t)energy;
    s->range = (int16_t)(range * TA_FT);
    s->area = (int16_t)(area * TA_FT);
    s->control = (int8_t)control;
    return 0;
}

/* A list of objects under key, each read by fn into base + i * size. */
static int load_list(fray_load *ld, const json_t *sheet, const char *key, int max, int *n,
                     int (*fn)(fray_load *, const json_t *, void *), void *base, size_t size)
{
    const json_t *arr = json_object_get(sheet, key);
    *n = 0;
    if (!arr)
        return 0;
    if (!json_is_array(arr) || json_array_size(arr) > (size_t)max)
        return fray_load_fail(ld, key, "expected an array of at most %d objects", max);
    size_t i;
    const json_t *v;
    json_array_foreach(arr, i, v) {
        size_t mark = fray_load_push(ld, key, (int)i);
        if (fn(ld, v, (char *)base + i * size) < 0)
            return -1;
        fray_load_pop(ld, mark);
        (*n)++;
    }
    return 0;
}

static int weapon_fn(fray_load *ld, const json_t *o, void *p) { return load_weapon(ld, o, p); }
static int spell_fn(fray_load *ld, const json_t *o, void *p) { return load_spell(ld, o, p); }
static int inflict_fn(fray_load *ld, const json_t *o, void *p) { return load_inflict(ld, o, p); }

static int load_attributes(fray_load *ld, const json_t *sheet, ta_creature *c)
{
    const json_t *a = json_object_get(sheet, "attributes");
    int unused;
    if (!a)
        return 0;
    size_t mark = fray_load_push(ld, "attributes", -1);
    if (fray_load_keys(ld, a, attr_keys) < 0 ||
        fray_load_int(ld, a, "STR", &c->str, 0, -5, 10, 0) < 0 ||
        fray_load_int(ld, a, "DEX", &c->dex, 0, -5, 10, 0) < 0 ||
        fray_load_int(ld, a, "CON", &c->con, 0, -5, 10, 0) < 0 ||
        fray_load_int(ld, a, "ESS", &c->ess, 0, -5, 10, 0) < 0 ||
        fray_load_int(ld, a, "INT", &unused, 0, -5, 10, 0) < 0 ||
        fray_load_int(ld, a, "WIS", &unused, 0, -5, 10, 0) < 0 ||
        fray_load_int(ld, a, "CHA", &unused, 0, -5, 10, 0) < 0)
        return -1;
    fray_load_pop(ld, mark);
    return 0;
}

static int load_skills(fray_load *ld, const json_t *sheet, ta_creature *c)
{
    const json_t *s = json_object_get(sheet, "skills");
    int unused;
    c->medicine = c->climb = c->swim = 0;
    if (!s)
        return 0;
    size_t mark = fray_load_push(ld, "skills", -1);
    if (fray_load_keys(ld, s, skill_keys) < 0 ||
        fray_load_int(ld, s, "Medicine", &c->medicine, 0, -5, 30, 0) < 0 ||
        fray_load_int(ld, s, "Climb", &c->climb, 0, -5, 30, 0) < 0 ||
        fray_load_int(ld, s, "Swim", &c->swim, 0, -5, 30, 0) < 0)
        return -1;
    for (int k = 3; skill_keys[k]; k++)
        if (fray_load_int(ld, s, skill_keys[k], &unused, 0, -5, 30, 0) < 0)
            return -1;
    fray_load_pop(ld, mark);
    return 0;
}

/* Hit points and defenses: the sheet's, else the options' reading. */
static int load_derived(fray_load *ld, const json_t *sheet, fray_encounter *e, ta_creature *c)
{
    int armor;
    int hp_def = fray_opt(e, TA_OPT_HP_BASE) + c->level * (fray_opt(e, TA_OPT_HP_PER_LEVEL) + c->con);
    if (hp_def < 1)
        hp_def = 1;
    if (fray_load_int(ld, sheet, "armor", &armor, 0, 0, 20, 0) < 0 ||
        fray_load_int(ld, sheet, "hp", &c->hp_max, hp_def, 1, 10000, 0) < 0 ||
        fray_load_int(ld, sheet, "physical_defense", &c->pdef,
                      fray_opt(e, TA_OPT_DEFENSE_BASE) + c->level + c->dex + armor, -50, 100, 0) < 0 ||
        fray_load_int(ld, sheet, "mental_defense", &c->mdef,
                      fray_opt(e, TA_OPT_DEFENSE_BASE) + c->level + c->ess, -50, 100, 0) < 0)
        return -1;
    return 0;
}

int ta_load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who)
{
    ta_creature *c = ta_cr(e, who);
    int speed, altitude, ninfl = 0;
    ta_inflict start[8];
    memset(c, 0, sizeof *c);
    c->size = TA_MEDIUM_SIZE;
    if (fray_load_keys(ld, sheet, sheet_keys) < 0 ||
        fray_load_int(ld, sheet, "level", &c->level, 1, 0, 30, 0) < 0 ||
        load_attributes(ld, sheet, c) < 0 || load_skills(ld, sheet, c) < 0 ||
        load_derived(ld, sheet, e, c) < 0 ||
        fray_load_int(ld, sheet, "speed", &speed, 30, 0, 200, 0) < 0 ||
        fray_load_enum(ld, sheet, "size", &c->size, ta_size_names, TA_NSIZES, TA_MEDIUM_SIZE, 0) < 0 ||
        fray_load_int(ld, sheet, "energy", &c->energy_max, 0, 0, 1000, 0) < 0 ||
        fray_load_int(ld, sheet, "reactions", &c->reactions, 1, 0, 5, 0) < 0 ||
        fray_load_enum(ld, sheet, "flight", &c->flight, flight_names, 3, 0, 0) < 0 ||
        fray_load_int(ld, sheet, "altitude", &altitude, 0, 0, 1000, 0) < 0 ||
        fray_load_bool(ld, sheet, "free_hand", &c->free_hand, 1) < 0 ||
        fray_load_bool(ld, sheet, "unaware", &c->unaware, 0) < 0 ||
        fray_load_bool(ld, sheet, "darkvision", &c->darkvision, 0) < 0 ||
        fray_load_bool(ld, sheet, "burrow", &c->burrow, 0) < 0 ||
        fray_load_str(ld, sheet, "commander", c->commander_name, sizeof c->commander_name, "", 0) < 0 ||
        load_list(ld, sheet, "weapons", TA_MAX_WEAPONS, &c->nweapons, weapon_fn, c->w, sizeof c->w[0]) < 0 ||
        load_list(ld, sheet, "spells", TA_MAX_SPELLS, &c->nspells, spell_fn, c->sp, sizeof c->sp[0]) < 0 ||
        load_list(ld, sheet, "conditions", 8, &ninfl, inflict_fn, start, sizeof start[0]) < 0)
        return -1;
    if (fray_load_int(ld, sheet, "bulk", &c->bulk, ta_size_bulk[c->size], 0, 10000, 0) < 0)
        return -1;
    if (altitude && !c->flight)
        return fray_load_fail(ld, "altitude", "expected 0: only a creature with flight starts in the air");
    c->speed = speed * TA_FT;
    c->altitude = altitude * TA_FT;
    c->active_spell = -1;
    c->commander = -1;
    fray_combatant *fc = &e->c[who];
    fc->res[TA_R_HP] = c->hp_max;
    fc->res[TA_R_ENERGY] = c->energy_max;
    fc->res[TA_R_ACTIONS] = 3;
    fc->res[TA_R_REACTIONS] = c->reactions;
    for (int i = 0; i < ninfl; i++)
        ta_inflict_on(e, who, -1, &start[i]);
    return 0;
}

/* After every sheet: the commander named by a commanded creature. */
int ta_loaded(fray_load *ld, fray_encounter *e)
{
    for (int i = 0; i < e->n; i++) {
        ta_creature *c = ta_cr(e, i);
        if (!c->commander_name[0])
            continue;
        for (int j = 0; j < e->n; j++)
            if (j != i && !strcmp(e->c[j].name, c->commander_name) && e->c[j].side == e->c[i].side)
                c->commander = j;
        if (c->commander < 0) {
            size_t mark = fray_load_push(ld, "combatants", i);
            fray_load_fail(ld, "commander", "expected the name of an ally of %s, got '%s'",
                           e->c[i].name, c->commander_name);
            fray_load_pop(ld, mark);
            return -1;
        }
    }
    return 0;
}
