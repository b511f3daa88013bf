/* sheet.c: the creature sheet of 001_7bb09e523b7677c3.txt: attributes and
 * their modifiers, level, martial bonus, defence modifier, armour, size,
 * Stamina and Exhaustion pools, reactions, skills, the anatomy (which body
 * parts and how many, from data) and the weapons (data/injury/items.json). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "injury.h"

static const char *const sheet_keys[] = {
    "ruleset", "description", "level", "martial_bonus", "attributes", "no_constitution",
    "defence_attribute", "armor", "shield", "size", "speed", "fly", "flying",
    "stamina_training", "exhaustion", "skills", "injury_limit", "cover", "anatomy", "weapons",
    NULL};
static const char *const weapon_keys[] = {
    "item", "name", "melee", "ranged", "thrown", "natural", "bow", "crossbow", "rapid", "touch",
    "part", "part_index", "hand", "crit_from", "crit_effect", "damage", "reach", "increment",
    "stowed", NULL};
static const char *const dmg_names[] = {"bludgeoning", "piercing", "slashing"};
static const char *const crit_names[] = {"none", "bleed", "prone"};
static const char *const cover_names[] = {"none", "cover", "total"};
static const char *const part_keys[] = {"ear",  "nose", "tail", "wing", "eye", "hand", "foot",
                                        "horn", "mouth", "arm", "leg", "head", "heart", NULL};

/* #Minor Injuries .. #Fatal Injuries: "two ears, two eyes, a nose, a mouth,
 * two hands, two feet, two arms, two legs, one head, one heart" (the issue's
 * humanoid, as the text lists them). */
static const int humanoid[IN_NPART] = {[IN_EAR] = 2, [IN_NOSE] = 1, [IN_EYE] = 2, [IN_HAND] = 2,
                                       [IN_FOOT] = 2, [IN_MOUTH] = 1, [IN_ARM] = 2, [IN_LEG] = 2,
                                       [IN_HEAD] = 1, [IN_HEART] = 1};

static json_t *items_entry(fray_load *ld, const char *section, const char *name, const char *key,
                           json_t **items)
{
    if (!*items) {
        char path[600];
        snprintf(path, sizeof path, "%s/injury/items.json", fray_data_dir());
        json_error_t je;
        *items = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
        if (!*items) {
            fray_load_fail(ld, key, "cannot read %s (%s)", path, je.text);
            return NULL;
        }
    }
    json_t *v = json_object_get(json_object_get(*items, section), name);
    if (!v)
        fray_load_fail(ld, key, "no %s named '%s' in data/injury/items.json", section, name);
    return v;
}

static int load_weapon_fields(fray_load *ld, const json_t *o, in_weapon *w)
{
    int part = w->part, stowed = w->state == IN_W_STOWED, v[9] = {
        w->melee, w->ranged, w->thrown, w->natural, w->bow, w->crossbow, w->rapid, w->touch, 0};
    int dmg = w->dmg, crit = w->crit_effect, cf = w->crit_from ? w->crit_from : 20;
    int pn = w->part_n, hand = w->hand, reach = w->reach_ft ? w->reach_ft : 5;
    int inc = w->increment_ft;
    char name0[sizeof w->name];
    memcpy(name0, w->name, sizeof name0);
    if (fray_load_keys(ld, o, weapon_keys) < 0 ||
        fray_load_str(ld, o, "name", w->name, sizeof w->name, name0[0] ? name0 : NULL,
                      !name0[0]) < 0 ||
        fray_load_bool(ld, o, "melee", &v[0], v[0]) < 0 ||
        fray_load_bool(ld, o, "ranged", &v[1], v[1]) < 0 ||
        fray_load_bool(ld, o, "thrown", &v[2], v[2]) < 0 ||
        fray_load_bool(ld, o, "natural", &v[3], v[3]) < 0 ||
        fray_load_bool(ld, o, "bow", &v[4], v[4]) < 0 ||
        fray_load_bool(ld, o, "crossbow", &v[5], v[5]) < 0 ||
        fray_load_bool(ld, o, "rapid", &v[6], v[6]) < 0 ||
        fray_load_bool(ld, o, "touch", &v[7], v[7]) < 0 ||
        fray_load_bool(ld, o, "stowed", &stowed, stowed) < 0 ||
        fray_load_enum(ld, o, "part", &part, part_keys, IN_NPART, part, 0) < 0 ||
        fray_load_int(ld, o, "part_index", &pn, pn, 0, IN_MAX_PARTS - 1, 0) < 0 ||
        fray_load_int(ld, o, "hand", &hand, hand, 0, 7, 0) < 0 ||
        fray_load_int(ld, o, "crit_from", &cf, cf, 2, 20, 0) < 0 ||
        fray_load_enum(ld, o, "crit_effect", &crit, crit_names, 3, crit, 0) < 0 ||
        fray_load_enum(ld, o, "damage", &dmg, dmg_names, 3, dmg, 0) < 0 ||
        fray_load_int(ld, o, "reach", &reach, reach, 0, 100, 0) < 0 ||
        fray_load_int(ld, o, "increment", &inc, inc, 0, 1000, 0) < 0)
        return -1;
    w->melee = (int8_t)v[0];
    w->ranged = (int8_t)v[1];
    w->thrown = (int8_t)v[2];
    w->natural = (int8_t)v[3];
    w->bow = (int8_t)v[4];
    w->crossbow = (int8_t)v[5];
    w->rapid = (int8_t)v[6];
    w->touch = (int8_t)v[7];
    w->part = (int8_t)part;
    w->part_n = (int8_t)pn;
    w->hand = (int8_t)hand;
    w->crit_from = (int8_t)cf;
    w->crit_effect = (int8_t)crit;
    w->dmg = (int8_t)dmg;
    w->reach_ft = (int16_t)reach;
    w->increment_ft = (int16_t)inc;
    w->state = stowed ? IN_W_STOWED : IN_W_READY;
    if (!w->melee && !w->ranged && !w->thrown)
        return fray_load_fail(ld, "melee", "a weapon needs melee, ranged or thrown");
    if (w->ranged && !w->increment_ft)
        return fray_load_fail(ld, "increment", "a ranged weapon needs its range increment (feet)");
    return 0;
}

static int load_weapon(fray_load *ld, const json_t *v, in_weapon *w, json_t **items)
{
    memset(w, 0, sizeof *w);
    w->part = -1;
    const json_t *base = NULL;
    if (json_is_string(v)) {
        base = items_entry(ld, "weapons", json_string_value(v), NULL, items);
        if (!base)
            return -1;
        snprintf(w->name, sizeof w->name, "%s", json_string_value(v));
        return load_weapon_fields(ld, base, w);
    }
    if (!json_is_object(v))
        return fray_load_fail(ld, NULL, "expected a weapon name or a weapon object");
    const json_t *item = json_object_get(v, "item");
    if (item) {
        if (!json_is_string(item))
            return fray_load_fail(ld, "item", "expected a weapon name of data/injury/items.json");
        base = items_entry(ld, "weapons", json_string_value(item), "item", items);
        if (!base)
            return -1;
        snprintf(w->name, sizeof w->name, "%s", json_string_value(item));
        if (load_weapon_fields(ld, base, w) < 0)
            return -1;
    }
    return load_weapon_fields(ld, v, w);
}

static int load_anatomy(fray_load *ld, const json_t *sheet, in_creature *c)
{
    int count[IN_NPART];
    memcpy(count, humanoid, sizeof count);
    const json_t *a = json_object_get(sheet, "anatomy");
    if (a && json_is_string(a)) {
        if (strcmp(json_string_value(a), "humanoid"))
            return fray_load_fail(ld, "anatomy", "expected \"humanoid\" or an object of part counts");
    } else if (a) {
        size_t mark = fray_load_push(ld, "anatomy", -1);
        if (fray_load_keys(ld, a, part_keys) < 0)
            return -1;
        for (int t = 0; t < IN_NPART; t++)
            if (fray_load_int(ld, a, part_keys[t], &count[t], 0, 0, 8, 0) < 0)
                return -1;
        fray_load_pop(ld, mark);
    }
    c->npart = 0;
    for (int t = 0; t < IN_NPART; t++)
        for (int k = 0; k < count[t]; k++) {
            if (c->npart >= IN_MAX_PARTS)
                return fray_load_fail(ld, "anatomy", "at most %d body parts", IN_MAX_PARTS);
            c->part[c->npart++] = (in_part){.type = (int8_t)t};
        }
    if (!count[IN_HEAD] && !count[IN_HEART] && !c->injury_limit)
        return fray_load_fail(ld, "anatomy", "needs a head, a heart or an injury_limit");
    return 0;
}

static int load_gear(fray_load *ld, const json_t *sheet, in_creature *c, json_t **items)
{
    const json_t *ws = json_object_get(sheet, "weapons");
    if (!json_is_array(ws) || json_array_size(ws) < 1 || json_array_size(ws) > IN_MAX_WEAPONS)
        return fray_load_fail(ld, "weapons", "expected an array of 1 to %d weapons", IN_MAX_WEAPONS);
    c->nweapon = (int)json_array_size(ws);
    for (size_t i = 0; i < json_array_size(ws); i++) {
        size_t mark = fray_load_push(ld, "weapons", (int)i);
        in_weapon *w = &c->w[i];
        if (load_weapon(ld, json_array_get(ws, i), w, items) < 0)
            return -1;
        if (w->natural && (w->part < 0 || in_instance(c, w->part, w->part_n) < 0))
            return fray_load_fail(ld, "part", "a natural weapon needs a body part it has");
        if (!w->natural && in_instance(c, IN_HAND, w->hand) < 0 && in_count(c, IN_HAND))
            return fray_load_fail(ld, "hand", "no hand %d to hold it", w->hand);
        fray_load_pop(ld, mark);
    }
    const json_t *ar = json_object_get(sheet, "armor");
    if (json_is_string(ar)) {
        const json_t *v = items_entry(ld, "armor", json_string_value(ar), "armor", items);
        if (!v || !json_is_integer(v))
            return v ? fray_load_fail(ld, "armor", "items.json: expected an integer") : -1;
        c->armor = (int)json_integer_value(v);
    } else if (fray_load_int(ld, sheet, "armor", &c->armor, 0, 0, 30, 0) < 0) {
        return -1;
    }
    const json_t *sh = json_object_get(sheet, "shield");
    if (json_is_string(sh)) {
        const json_t *v = items_entry(ld, "shields", json_string_value(sh), "shield", items);
        if (!v || !json_is_integer(v))
            return v ? fray_load_fail(ld, "shield", "items.json: expected an integer") : -1;
        c->shield = (int)json_integer_value(v);
    } else if (fray_load_int(ld, sheet, "shield", &c->shield, 0, 0, 10, 0) < 0) {
        return -1;
    }
    return 0;
}

static int load_numbers(fray_load *ld, const json_t *sheet, in_creature *c)
{
    static const char *const attr_keys[] = {"Strength", "Dexterity", "Constitution",
                                            "Intelligence", "Wisdom", "Charisma", NULL};
    static const char *const skill_keys[] = {"Acrobatics", "Athletics", "Thievery",
                                             "Perception", "Stealth",   "Lore",
                                             "Heal",       "Fly",       "Survival", NULL};
    int nocon = 0;
    if (fray_load_int(ld, sheet, "level", &c->level, 1, 0, 30, 0) < 0 ||
        fray_load_int(ld, sheet, "martial_bonus", &c->mb, 0, 0, 30, 1) < 0 ||
        fray_load_bool(ld, sheet, "no_constitution", &nocon, 0) < 0 ||
        fray_load_enum(ld, sheet, "defence_attribute", &c->def_attr, in_attr_name, IN_NATTR,
                       IN_DEX, 0) < 0 ||
        fray_load_enum(ld, sheet, "size", &c->size, in_size_name, IN_NSIZE, IN_MEDIUM, 0) < 0 ||
        fray_load_int(ld, sheet, "speed", &c->speed_ft, 30, 0, 200, 0) < 0 ||
        fray_load_int(ld, sheet, "fly", &c->fly_ft, 0, 0, 300, 0) < 0 ||
        fray_load_bool(ld, sheet, "flying", &c->flying0, 0) < 0 ||
        fray_load_int(ld, sheet, "injury_limit", &c->injury_limit, 0, 0, 50, 0) < 0 ||
        fray_load_enum(ld, sheet, "cover", &c->cover, cover_names, 3, 0, 0) < 0)
        return -1;
    c->has_con = !nocon;
    if (nocon && !c->injury_limit)
        return fray_load_fail(ld, "injury_limit",
                              "a creature with no Constitution needs the injuries that destroy it");
    const json_t *at = json_object_get(sheet, "attributes");
    if (!json_is_object(at))
        return fray_load_fail(ld, "attributes", "expected an object of attribute modifiers");
    size_t mark = fray_load_push(ld, "attributes", -1);
    if (fray_load_keys(ld, at, attr_keys) < 0)
        return -1;
    for (int i = 0; i < IN_NATTR; i++)
        if (fray_load_int(ld, at, attr_keys[i], &c->attr[i], 0, -10, 20, 0) < 0)
            return -1;
    fray_load_pop(ld, mark);
    const json_t *sk = json_object_get(sheet, "skills");
    if (sk) {
        mark = fray_load_push(ld, "skills", -1);
        if (!json_is_object(sk) || fray_load_keys(ld, sk, skill_keys) < 0)
            return json_is_object(sk) ? -1 : fray_load_fail(ld, NULL, "expected skill ranks");
        for (int i = 0; i < IN_NSKILL; i++)
            if (fray_load_int(ld, sk, skill_keys[i], &c->skill[i], 0, 0, 30, 0) < 0)
                return -1;
        fray_load_pop(ld, mark);
    }
    int training = 0;
    if (fray_load_int(ld, sheet, "stamina_training", &training, 0, 0, 100, 0) < 0)
        return -1;
    /* #Stamina and Exhaustion: "a modifier to your Stamina pool equal to your
     * current Constitution modifier times your level ... can never go below
     * 1"; "Creatures with no Constitution modifier do not have a Stamina pool." */
    c->stamina_max = c->has_con ? training + c->attr[IN_CON] * c->level : 0;
    if (c->has_con && c->stamina_max < 1)
        c->stamina_max = 1;
    /* The Exhaustion pool's size is not given (its section is elsewhere in
     * the book): by default as large as the Stamina pool. */
    if (fray_load_int(ld, sheet, "exhaustion", &c->exh_max, c->stamina_max, 0, 100, 0) < 0)
        return -1;
    if (!c->has_con)
        c->exh_max = 0;
    /* #Reactions: "1 reaction plus ... your Strength bonus or Dexterity
     * bonus (whichever is higher, if any)" */
    int b = c->attr[IN_STR] > c->attr[IN_DEX] ? c->attr[IN_STR] : c->attr[IN_DEX];
    c->reactions = 1 + (b > 0 ? b : 0);
    return 0;
}

int in_load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who)
{
    in_creature *c = IN_CR(e, who);
    memset(c, 0, sizeof *c);
    c->grappler = -1;
    json_t *items = NULL;
    int rc = -1;
    const json_t *desc = json_object_get(sheet, "description");
    if (desc && !json_is_string(desc)) {
        fray_load_fail(ld, "description", "expected a string");
        goto out;
    }
    if (fray_load_keys(ld, sheet, sheet_keys) < 0 || load_numbers(ld, sheet, c) < 0 ||
        load_anatomy(ld, sheet, c) < 0 || load_gear(ld, sheet, c, &items) < 0)
        goto out;
    fray_combatant *k = &e->c[who];
    k->res[IN_R_STAMINA] = c->stamina_max;
    k->res[IN_R_EXH] = c->exh_max;
    k->res[IN_R_AP] = 3;
    k->res[IN_R_REACT] = c->reactions;
    rc = 0;
out:
    json_decref(items);
    return rc;
}

int in_loaded(fray_load *ld, fray_encounter *e)
{
    (void)ld;
    for (int i = 0; i < e->n; i++) {
        in_creature *c = IN_CR(e, i);
        if (c->flying0 && c->fly_ft)
            fray_cond_add(e, i, IN_C_FLYING, -1, FRAY_EXP_NEVER, 0);
        /* option unarmed (a reading: the text has no unarmed attack): a
         * creature with a hand fights with its fist (the first hand's) once
         * no other melee weapon can strike */
        int has = 0;
        for (int k = 0; k < c->nweapon; k++)
            has |= c->w[k].unarmed;
        if (fray_opt(e, IN_OPT_UNARMED) && !has && c->nweapon < IN_MAX_WEAPONS &&
            in_instance(c, IN_HAND, 0) >= 0) {
            in_weapon *w = &c->w[c->nweapon++];
            memset(w, 0, sizeof *w);
            snprintf(w->name, sizeof w->name, "unarmed");
            w->melee = w->natural = w->unarmed = 1;
            w->part = IN_HAND;
            w->crit_from = 20;
            w->reach_ft = 5;
            w->dmg = IN_DMG_BLUDGEON;
        }
        in_injuries_changed(c);
        in_part_scores(c, fray_opt(e, IN_OPT_SPREAD), fray_opt(e, IN_OPT_INJURY_VALUE));
    }
    return 0;
}

int in_count(const in_creature *c, int type)
{
    int n = 0;
    for (int i = 0; i < c->npart; i++)
        n += c->part[i].type == type;
    return n;
}

int in_instance(const in_creature *c, int type, int n)
{
    for (int i = 0; i < c->npart; i++)
        if (c->part[i].type == type && n-- == 0)
            return i;
    return -1;
}

/* A skill check's modifier: its attribute and ranks. */
int in_skill_mod(const fray_encounter *e, int who, int skill)
{
    const in_creature *c = IN_CCR(e, who);
    return c->attr[in_skill_attr[skill]] + c->skill[skill];
}

int in_foe(const fray_encounter *e, int a, int b)
{
    return a != b && e->c[a].side != e->c[b].side && !e->c[b].gone;
}

/* Text for the event being built: kept in the encounter's ring until the
 * sinks have read it. */
const char *in_detail(fray_encounter *e, const char *fmt, ...)
{
    in_state *s = IN_ST(e);
    if (!e->nsinks)
        return NULL;
    char *buf = s->detail[s->ndetail++ % 8];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof s->detail[0], fmt, ap);
    va_end(ap);
    return buf;
}
