/* sheet.c: the creature sheet of the wounds ruleset: attributes, Size,
 * Speed, skills and specializations, weapons and armour (inline or from
 * data/wounds/items.json), spells, objects, a mount, and the derived values
 * (wound slots, stamina and mana pools, max AP, movement rate). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "wounds.h"

static const char *const sheet_keys[] = {
    "description", "kind", "attributes", "size", "speed", "skills", "specializations",
    "stamina", "mana", "weapons", "armor", "healing_kit", "posture", "cover", "terrain",
    "environment", "surprised", "mount", "spells", "objects", "effects", "afflictions", NULL};
static const char *const kind_names[] = {"pc", "minion", "standard", "elite"};
static const char *const posture_names[] = {"standing", "crouching", "prone"};
static const char *const cover_names[] = {"none", "1/4", "1/2", "3/4", "9/10"};
static const char *const env_names[] = {"ground", "underwater", "swimming", "climbing"};
static const char *const place_names[] = {"hand", "scabbard", "pouch", "backpack"};
static const char *const prop_names[] = {"armor piercing", "concussive", "slicing", "penetrating",
                                         "aquatic"};
static const char *const def_names[] = {"melee", "ranged", "immobile", "power",
                                        "agility", "fortitude", "willpower"};
static const char *const weapon_keys[] = {"item", "name", "group", "accuracy", "damage", "reach",
                                          "optimal_reach", "ranged", "range", "properties",
                                          "block", "defensive_block", "carried", NULL};

/* data/wounds/items.json, or NULL (the caller reports it). Caller decrefs. */
static json_t *load_items(char *why, size_t len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/wounds/items.json", fray_data_dir());
    json_error_t je;
    json_t *j = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
    if (!j)
        snprintf(why, len, "%s: line %d: %s", path, je.line, je.text);
    return j;
}

static json_t *item_entry(fray_load *ld, const char *section, const char *name, const char *key,
                          json_t **items)
{
    if (!*items) {
        char why[1200];
        *items = load_items(why, sizeof why);
        if (!*items) {
            fray_load_fail(ld, key, "cannot read the items file (%s)", why);
            return NULL;
        }
    }
    json_t *entry = json_object_get(json_object_get(*items, section), name);
    if (!entry || !json_is_object(entry)) {
        fray_load_fail(ld, key, "no %s named '%s' in data/wounds/items.json", section, name);
        return NULL;
    }
    return entry;
}

/* `place`: where it is carried, kept in the creature's runtime part
 * (wo_creature.weapon_place) since a fight changes it. */
static int load_weapon_fields(fray_load *ld, const json_t *o, wo_weapon *w, int *place)
{
    if (fray_load_keys(ld, o, weapon_keys) < 0)
        return -1;
    char name0[sizeof w->name], group0[sizeof w->group];
    snprintf(name0, sizeof name0, "%s", w->name);
    snprintf(group0, sizeof group0, "%s", w->group);
    if (fray_load_str(ld, o, "name", w->name, sizeof w->name, name0[0] ? name0 : NULL,
                      !name0[0]) < 0 ||
        fray_load_str(ld, o, "group", w->group, sizeof w->group, group0, 0) < 0 ||
        fray_load_int(ld, o, "accuracy", &w->accuracy, w->accuracy, -10, 10, 0) < 0 ||
        fray_load_int(ld, o, "damage", &w->damage, w->damage, -10, 30, 0) < 0 ||
        fray_load_int(ld, o, "reach", &w->reach, w->reach, 0, 10, 0) < 0 ||
        fray_load_int(ld, o, "optimal_reach", &w->optimal_reach, w->optimal_reach, 0, 10, 0) < 0 ||
        fray_load_bool(ld, o, "ranged", &w->ranged, w->ranged) < 0 ||
        fray_load_int(ld, o, "range", &w->range, w->range, 0, 1000, 0) < 0 ||
        fray_load_int(ld, o, "block", &w->block, w->block, 0, 10, 0) < 0 ||
        fray_load_bool(ld, o, "defensive_block", &w->defensive, w->defensive) < 0 ||
        fray_load_enum(ld, o, "carried", place, place_names, 4, *place, 0) < 0)
        return -1;
    json_t *props = json_object_get(o, "properties");
    if (props) {
        if (!json_is_array(props))
            return fray_load_fail(ld, "properties", "expected an array of property names");
        w->props = 0;
        size_t i;
        json_t *p;
        json_array_foreach(props, i, p) {
            int found = -1;
            for (int k = 0; k < 5; k++)
                if (json_is_string(p) && !strcasecmp(json_string_value(p), prop_names[k]))
                    found = k;
            if (found < 0) {
                char key[48];
                snprintf(key, sizeof key, "properties[%zu]", i);
                return fray_load_fail(ld, key,
                                      "expected one of: armor piercing, concussive, slicing, "
                                      "penetrating, aquatic");
            }
            w->props |= 1 << found;
        }
    }
    if (w->optimal_reach > w->reach)
        return fray_load_fail(ld, "optimal_reach", "must not exceed reach (%d)", w->reach);
    if (w->ranged && w->range <= 0)
        return fray_load_fail(ld, "range", "a ranged weapon needs its first range increment");
    return 0;
}

static int load_weapon(fray_load *ld, const json_t *v, wo_weapon *w, int *place,
                       json_t **items)
{
    memset(w, 0, sizeof *w);
    *place = WO_IN_HAND;
    const json_t *base = NULL;
    if (json_is_string(v)) {
        base = item_entry(ld, "weapons", json_string_value(v), NULL, items);
        if (!base)
            return -1;
        snprintf(w->name, sizeof w->name, "%s", json_string_value(v));
        return load_weapon_fields(ld, base, w, place);
    }
    if (!json_is_object(v))
        return fray_load_fail(ld, NULL, "expected a weapon name or a weapon object");
    json_t *item = json_object_get(v, "item");
    if (item) {
        if (!json_is_string(item))
            return fray_load_fail(ld, "item", "expected a weapon name of data/wounds/items.json");
        base = item_entry(ld, "weapons", json_string_value(item), "item", items);
        if (!base)
            return -1;
        snprintf(w->name, sizeof w->name, "%s", json_string_value(item));
        if (load_weapon_fields(ld, base, w, place) < 0)
            return -1;
    }
    return load_weapon_fields(ld, v, w, place);
}

static int load_named_ints(fray_load *ld, const json_t *obj, const char *key,
                           const char *const *names, int n, int *out, int lo, int hi)
{
    json_t *o = json_object_get(obj, key);
    if (!o)
        return 0;
    size_t mark = fray_load_push(ld, key, -1);
    if (fray_load_keys(ld, o, (const char *const *)names) < 0)
        return -1;
    for (int i = 0; i < n; i++)
        if (fray_load_int(ld, o, names[i], &out[i], 0, lo, hi, 0) < 0)
            return -1;
    fray_load_pop(ld, mark);
    return 0;
}

/* The specialization ranks of a sheet. */
static int load_specs(fray_load *ld, const json_t *sheet, wo_creature *c)
{
    json_t *sp = json_object_get(sheet, "specializations");
    if (sp) {
        size_t mark = fray_load_push(ld, "specializations", -1);
        if (!json_is_object(sp)) {
            fray_load_fail(ld, NULL, "expected an object of specialization ranks");
            return -1;
        }
        const char *k;
        json_t *v;
        json_object_foreach(sp, k, v) {
            if (c->nspec == WO_MAX_SPECS) {
                fray_load_fail(ld, k, "too many specializations (at most %d)", WO_MAX_SPECS);
                return -1;
            }
            if (strlen(k) >= sizeof c->spec_name[0]) {
                fray_load_fail(ld, k, "name too long");
                return -1;
            }
            snprintf(c->spec_name[c->nspec], sizeof c->spec_name[0], "%s", k);
            if (fray_load_int(ld, sp, k, &c->spec_rank[c->nspec], 0, 0, 20, 1) < 0)
                return -1;
            c->nspec++;
        }
        fray_load_pop(ld, mark);
    }
    return 0;
}

/* The weapons and armor of a sheet (an item name is looked up in the
 * catalogue, read into *items once). */
static int load_gear(fray_load *ld, const json_t *sheet, wo_creature *c, json_t **items)
{
    json_t *ws = json_object_get(sheet, "weapons");
    if (ws) {
        if (!json_is_array(ws) || json_array_size(ws) > WO_MAX_WEAPONS) {
            fray_load_fail(ld, "weapons", "expected an array of at most %d weapons",
                           WO_MAX_WEAPONS);
            return -1;
        }
        size_t i;
        json_t *v;
        json_array_foreach(ws, i, v) {
            size_t mark = fray_load_push(ld, "weapons", (int)i);
            if (load_weapon(ld, v, &c->weapon[i], &c->weapon_place[i], items) < 0)
                return -1;
            fray_load_pop(ld, mark);
        }
        c->nweapon = (int)json_array_size(ws);
    }

    json_t *ar = json_object_get(sheet, "armor");
    if (ar) {
        const json_t *a = ar;
        if (json_is_string(ar)) {
            a = item_entry(ld, "armor", json_string_value(ar), "armor", items);
            if (!a)
                return -1;
        }
        size_t mark = fray_load_push(ld, "armor", -1);
        static const char *const armor_keys[] = {"name", "toughness", NULL};
        if (fray_load_keys(ld, a, armor_keys) < 0 ||
            fray_load_int(ld, a, "toughness", &c->armor, 0, 0, 20, 1) < 0)
            return -1;
        fray_load_pop(ld, mark);
    }
    return 0;
}

/* Difficult Terrain and the mount of a sheet. */
static int load_moving(fray_load *ld, const json_t *sheet, wo_creature *c)
{
    json_t *tr = json_object_get(sheet, "terrain");
    c->terrain_cost = 1;
    if (tr) {
        if (!json_is_array(tr)) {
            fray_load_fail(ld, "terrain", "expected an array of Difficult Terrain situations");
            return -1;
        }
        size_t i;
        json_t *v;
        json_array_foreach(tr, i, v) {
            int cost = json_is_string(v) ? wo_terrain_cost(json_string_value(v)) : 0;
            if (!cost) {
                char key[48];
                snprintf(key, sizeof key, "terrain[%zu]", i);
                fray_load_fail(ld, key, "expected a situation of the Difficult Terrain table "
                                        "(\"Walking in mud\", \"Swimming\", ...)");
                return -1;
            }
            /* #Difficult Terrain: "multiply them together" */
            c->terrain_cost *= cost;
        }
    }

    c->mount_size = -100;
    json_t *mt = json_object_get(sheet, "mount");
    if (mt) {
        size_t mark = fray_load_push(ld, "mount", -1);
        static const char *const mount_keys[] = {"name", "size", "movement_rate", "perception",
                                                 "trained", "mounted", NULL};
        char mount_name[64];
        if (fray_load_keys(ld, mt, mount_keys) < 0 ||
            fray_load_str(ld, mt, "name", mount_name, sizeof mount_name, "mount", 0) < 0 ||
            fray_load_int(ld, mt, "size", &c->mount_size, 0, -10, 20, 1) < 0 ||
            fray_load_int(ld, mt, "movement_rate", &c->mount_rate, 0, 0, 60, 1) < 0 ||
            fray_load_int(ld, mt, "perception", &c->mount_prc, 0, -10, 10, 0) < 0 ||
            fray_load_bool(ld, mt, "trained", &c->mount_trained, 1) < 0 ||
            fray_load_bool(ld, mt, "mounted", &c->mounted0, 1) < 0)
            return -1;
        /* #Mounted Combat: "a creature must be at least the size of its rider" */
        if (!wo_mount_fits(c->mount_size, c->size)) {
            fray_load_fail(ld, "size", "a mount must be at least the size of its rider (%d)",
                           c->size);
            return -1;
        }
        fray_load_pop(ld, mark);
    }
    return 0;
}

/* The spells of a sheet. */
static int load_spells(fray_load *ld, const json_t *sheet, wo_creature *c)
{
    json_t *sps = json_object_get(sheet, "spells");
    if (sps) {
        if (!json_is_array(sps) || json_array_size(sps) > WO_MAX_SPELLS) {
            fray_load_fail(ld, "spells", "expected an array of at most %d spells", WO_MAX_SPELLS);
            return -1;
        }
        static const char *const spell_keys[] = {"name", "school", "mana", "damage", "range",
                                                 "defense", NULL};
        size_t i;
        json_t *v;
        json_array_foreach(sps, i, v) {
            wo_spell *s = &c->spell[i];
            size_t mark = fray_load_push(ld, "spells", (int)i);
            if (fray_load_keys(ld, v, spell_keys) < 0 ||
                fray_load_str(ld, v, "name", s->name, sizeof s->name, NULL, 1) < 0 ||
                fray_load_str(ld, v, "school", s->school, sizeof s->school, "", 0) < 0 ||
                fray_load_int(ld, v, "mana", &s->mana, 1, 0, 50, 0) < 0 ||
                fray_load_int(ld, v, "damage", &s->damage, 0, 0, 30, 0) < 0 ||
                fray_load_int(ld, v, "range", &s->range, 20, 0, 1000, 0) < 0 ||
                fray_load_enum(ld, v, "defense", &s->defense, def_names, WO_NDEF, WO_D_AGILITY,
                               0) < 0)
                return -1;
            fray_load_pop(ld, mark);
        }
        c->nspell = (int)json_array_size(sps);
    }
    return 0;
}

/* The objects, the magical effects and the afflictions of a sheet. */
static int load_kit(fray_load *ld, const json_t *sheet, wo_creature *c)
{
    json_t *obs = json_object_get(sheet, "objects");
    if (obs) {
        if (!json_is_array(obs) || json_array_size(obs) > WO_MAX_OBJECTS) {
            fray_load_fail(ld, "objects", "expected an array of at most %d objects",
                           WO_MAX_OBJECTS);
            return -1;
        }
        static const char *const obj_keys[] = {"name", "use", "count", "heal", NULL};
        static const char *const use_names[] = {"door", "torch", "potion", "bell", "fire"};
        size_t i;
        json_t *v;
        json_array_foreach(obs, i, v) {
            wo_object *o = &c->object[i];
            size_t mark = fray_load_push(ld, "objects", (int)i);
            if (fray_load_keys(ld, v, obj_keys) < 0 ||
                fray_load_str(ld, v, "name", o->name, sizeof o->name, NULL, 1) < 0 ||
                fray_load_enum(ld, v, "use", &o->kind, use_names, 5, 2, 0) < 0 ||
                fray_load_int(ld, v, "count", &c->object_count[i], 1, 0, 20, 0) < 0 ||
                fray_load_int(ld, v, "heal", &o->heal, 0, 0, 4, 0) < 0)
                return -1;
            fray_load_pop(ld, mark);
        }
        c->nobject = (int)json_array_size(obs);
    }

    json_t *efs = json_object_get(sheet, "effects");
    if (efs) {
        if (!json_is_array(efs) || json_array_size(efs) > WO_MAX_EFFECTS) {
            fray_load_fail(ld, "effects", "expected an array of at most %d magical effects",
                           WO_MAX_EFFECTS);
            return -1;
        }
        static const char *const eff_keys[] = {"name", "mana", NULL};
        size_t i;
        json_t *v;
        json_array_foreach(efs, i, v) {
            wo_effect *f = &c->effect[i];
            size_t mark = fray_load_push(ld, "effects", (int)i);
            if (fray_load_keys(ld, v, eff_keys) < 0 ||
                fray_load_str(ld, v, "name", f->name, sizeof f->name, NULL, 1) < 0 ||
                fray_load_int(ld, v, "mana", &f->mana, 1, 0, 50, 0) < 0)
                return -1;
            c->effect_active[i] = 1;
            fray_load_pop(ld, mark);
        }
        c->neffect = (int)json_array_size(efs);
    }

    json_t *af = json_object_get(sheet, "afflictions");
    if (af) {
        size_t mark = fray_load_push(ld, "afflictions", -1);
        static const char *const af_keys[] = {"bleeding", "burning", "hobbled", "poisoned", "tn",
                                              NULL};
        if (fray_load_keys(ld, af, af_keys) < 0)
            return -1;
        for (int k = 0; k < 4; k++)
            if (fray_load_int(ld, af, af_keys[k], &c->affl_level[k], 0, 0, 4, 0) < 0)
                return -1;
        if (fray_load_int(ld, af, "tn", &c->affl_tn, 5, -10, 30, 0) < 0)
            return -1;
        fray_load_pop(ld, mark);
    }
    return 0;
}

int wo_load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who)
{
    wo_creature *c = fray_priv(e, who);
    memset(c, 0, sizeof *c);
    json_t *items = NULL;
    int rc = -1;
    static const char *const attr_keys[] = {"Strength", "Dexterity", "Vitality", "Reason",
                                            "Perception", "Persona", "Lore", NULL};
    static const char *const skill_keys[] = {"Melee",      "Aim",       "Arcana",  "Athletics",
                                             "Reflex",     "Resistance", "Deception", "Healing",
                                             "Nature",     "Acrobatics", "Stealth", NULL};
    const json_t *desc = json_object_get(sheet, "description");
    if (desc && !json_is_string(desc)) {
        fray_load_fail(ld, "description", "expected a string");
        goto out;
    }
    if (fray_load_keys(ld, sheet, sheet_keys) < 0 ||
        fray_load_enum(ld, sheet, "kind", &c->tier, kind_names, 4, WO_PC, 0) < 0 ||
        load_named_ints(ld, sheet, "attributes", attr_keys, WO_NATTR, c->attr, -10, 10) < 0 ||
        fray_load_int(ld, sheet, "size", &c->size, 0, -10, 20, 0) < 0 ||
        fray_load_int(ld, sheet, "speed", &c->speed, 0, -10, 10, 0) < 0 ||
        load_named_ints(ld, sheet, "skills", skill_keys, WO_NSKILL, c->skill, 0, 20) < 0 ||
        fray_load_int(ld, sheet, "stamina", &c->stamina_race, 5, 0, 100, 0) < 0 ||
        fray_load_int(ld, sheet, "mana", &c->mana_race, 0, 0, 100, 0) < 0 ||
        fray_load_bool(ld, sheet, "healing_kit", &c->healing_kit, 0) < 0 ||
        fray_load_enum(ld, sheet, "posture", &c->posture0, posture_names, 3, WO_STANDING, 0) < 0 ||
        fray_load_enum(ld, sheet, "cover", &c->cover, cover_names, 5, WO_COVER_NONE, 0) < 0 ||
        fray_load_enum(ld, sheet, "environment", &c->env, env_names, 4, WO_ENV_GROUND, 0) < 0 ||
        fray_load_bool(ld, sheet, "surprised", &c->surprised, 0) < 0)
        goto out;

    if (load_specs(ld, sheet, c) < 0 ||
        load_gear(ld, sheet, c, &items) < 0 ||
        load_moving(ld, sheet, c) < 0 ||
        load_spells(ld, sheet, c) < 0 ||
        load_kit(ld, sheet, c) < 0)
        goto out;
    wo_rehand(c);
    wo_rank_specs(c);
    rc = 0;
out:
    json_decref(items);
    return rc;
}

int wo_spec(const wo_creature *c, const char *name)
{
    if (!name || !*name)
        return 0;
    /* asked on every attack and check: the first letter (case folded the
     * way strcasecmp folds letters) rules most names out without a call */
    unsigned first = (unsigned char)name[0] | 32u;
    for (int i = 0; i < c->nspec; i++)
        if (((unsigned char)c->spec_name[i][0] | 32u) == first && !strcasecmp(c->spec_name[i], name))
            return c->spec_rank[i];
    return 0;
}

const char *const wo_spk_name[WO_NSPK] = {"", "Power", "Agility", "Fortitude", "Willpower",
                                          "Initiative", "Riding", "Swimming", "Climbing",
                                          "Running", "Wounds", "Unarmed", "Jumping"};

void wo_rank_specs(wo_creature *c)
{
    for (int k = 0; k < WO_NSPK; k++)
        c->spk[k] = wo_spec(c, wo_spk_name[k]);
    for (int i = 0; i < c->nweapon; i++)
        c->weapon[i].group_rank = wo_spec(c, c->weapon[i].group);
    for (int i = 0; i < c->nspell; i++)
        c->spell[i].school_rank = wo_spec(c, c->spell[i].school);
}

void wo_rehand(wo_creature *c)
{
    c->hand = -1;
    for (int i = 0; i < c->nweapon; i++)
        if (c->weapon_place[i] == WO_IN_HAND) {
            c->hand = i;
            return;
        }
}

/* #Toughness: "equal to your Vitality + Size plus any modifiers from armor
 * worn ... Certain attacks bypass armor, so your base Toughness should be
 * noted separately." */
int wo_toughness(const wo_creature *c, int pierce)
{
    return c->attr[WO_VIT] + c->size + (pierce ? 0 : c->armor);
}

/* #Stamina: "Your stamina pool begins with a value based on your race plus
 * your Vitality." */
int wo_normal_stamina(const wo_creature *c)
{
    int s = c->stamina_race + c->attr[WO_VIT];
    return s > 0 ? s : 0;
}

/* #Defense, the formulas. Block bonuses: every weapon in hand for melee, the
 * defensive ones for ranged. */
int wo_defense_base(const wo_creature *c, int def)
{
    int block = 0, dblock = 0;
    for (int i = 0; i < c->nweapon; i++) {
        if (c->weapon_place[i] != WO_IN_HAND)
            continue;
        block += c->weapon[i].block;
        if (c->weapon[i].defensive)
            dblock += c->weapon[i].block;
    }
    switch (def) {
    case WO_D_MELEE:
        return wo_def_melee(c->size, c->speed, c->attr[WO_RSN], block);
    case WO_D_RANGED:
        return wo_def_ranged(c->size, c->speed, c->attr[WO_RSN], dblock);
    case WO_D_IMMOBILE:
        return wo_def_immobile(c->size);
    case WO_D_POWER:
        return wo_def_power(c->attr[WO_STR], c->size, c->skill[WO_SK_ATHLETICS],
                            c->spk[WO_SPK_POWER]);
    case WO_D_AGILITY:
        return wo_def_agility(c->attr[WO_DEX], c->size, c->skill[WO_SK_REFLEX],
                              c->spk[WO_SPK_AGILITY]);
    case WO_D_FORTITUDE:
        return wo_def_fortitude(c->attr[WO_VIT], c->skill[WO_SK_RESISTANCE],
                                c->spk[WO_SPK_FORTITUDE]);
    default:
        return wo_def_willpower(c->attr[WO_PRS], c->skill[WO_SK_RESISTANCE],
                                c->spk[WO_SPK_WILLPOWER]);
    }
}

/* Derived values and the starting resources. */
/* Derived values and the starting state of creature i. */
void wo_prepare(fray_encounter *e, int i)
{
    wo_creature *c = fray_priv(e, i);
    fray_combatant *cb = &e->c[i];
    wo_slot_counts(c->tier, c->attr[WO_VIT], c->attr[WO_PRS], c->slots);
    c->max_stamina = wo_normal_stamina(c);
    /* #Mana: "Your mana pool begins with a value based on your race plus
     * your Lore." Invested mana lowers the current and maximum. */
    c->invested = 0;
    for (int k = 0; k < c->neffect; k++)
        c->invested += c->effect[k].mana;
    int mm = c->mana_race + c->attr[WO_LOR];
    c->max_mana = mm > 0 ? mm : 0;
    c->max_ap = wo_speed_row_for(c->speed)->max_ap;
    c->move_rate = wo_movement_rate(c->attr[WO_STR] + c->size + c->skill[WO_SK_ATHLETICS]);
    c->space = wo_space_yd(c->size);
    c->pending = -1;
    c->readied = -1;
    c->opening_vs = -1;
    c->dying_since = -1;
    c->share_with = -1;
    cb->res[WO_R_AP] = 0;
    cb->res[WO_R_INIT] = 0;
    cb->res[WO_R_STAMINA] = c->max_stamina;
    cb->res[WO_R_FATIGUE] = 0;
    int mana = c->max_mana - c->invested;
    cb->res[WO_R_MANA] = mana > 0 ? mana : 0;
    cb->res[WO_R_MOVE] = 0;
    for (int l = 0; l < WO_NLEVELS; l++)
        cb->res[WO_R_LIGHT + l] = 0;
    cb->ncond = 0;
    cb->cmask = 0;
    cb->cflags = 0;
    /* starting conditions: posture, environment, mount, afflictions */
    if (c->posture0 == WO_CROUCH)
        fray_cond_add(e, i, WO_C_CROUCHING, -1, FRAY_EXP_NEVER, 0);
    else if (c->posture0 == WO_PRONE)
        fray_cond_add(e, i, WO_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    if (c->env == WO_ENV_UNDERWATER)
        fray_cond_add(e, i, WO_C_UNDERWATER, -1, FRAY_EXP_NEVER, 0);
    if (c->mount_size > -100 && c->mounted0)
        fray_cond_add(e, i, WO_C_MOUNTED, -1, FRAY_EXP_NEVER, 0);
    for (int k = 0; k < 4; k++)
        if (c->affl_level[k] > 0)
            fray_cond_add(e, i, WO_C_BLEEDING + k, -1, FRAY_EXP_NEVER, 0);
}

int wo_loaded(fray_load *ld, fray_encounter *e)
{
    (void)ld;
    for (int i = 0; i < e->n; i++)
        wo_prepare(e, i);
    e->nchanges = 0; /* loading is not an event */
    return 0;
}
