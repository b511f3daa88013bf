/* sheet.c: the energy creature sheet, its items, and the values derived from
 * it (000_ca603e8fb651e0df.txt: Melee Attacks, Ranged Attacks, Aura,
 * Defenses, Size, Martial Proficiency Level, Stamina, Agility). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "energy.h"

const char *const en_damage_types[EN_NDMG] = {"slashing", "piercing", "bludgeoning", "fire",
                                              "cold",     "lightning", "acid",      "poison"};

/* ---- Derived values ---- */

int en_weapon_proficient(const en_creature *c, const en_weapon *w)
{
    /* #Martial Proficiency Level: "If you meet or exceed this value with your
     * MPL you incur no penalties" */
    return !w || c->mpl >= w->mpr;
}

static const en_weapon *wielded(const en_creature *c)
{
    return c->wielded >= 0 && c->wielded < c->nw ? &c->w[c->wielded] : NULL;
}

void en_derive(en_creature *c)
{
    en_derived *d = &c->d;
    for (int i = 0; i < EN_NAB; i++)
        d->mod[i] = en_ability_mod(c->ab[i]);
    int str = d->mod[EN_STR], dex = d->mod[EN_DEX], con = d->mod[EN_CON];
    int level3 = en_div_down(c->level, 3);
    int hdex = en_div_down(dex, 2);
    /* #Melee Attacks: "MASAB = (Strength Modifier + Dexterity Modifier) / 3",
     * and MASDB the same; rounded down (energy.h). */
    d->masab = en_div_down(str + dex, 3);
    d->masdb = en_div_down(str + dex, 3);
    d->unarmed_av = 15 + d->masab;
    int penalty = c->has_armour ? c->armour.penalty : 0;
    int shield = c->has_shield ? c->shield.evasion : 0;
    const en_weapon *w = wielded(c);
    int wbonus = 0;
    if (w && !(w->props & EN_W_RANGED)) {
        wbonus = w->evasion;
        /* #Martial Proficiency Level: "-1 Evasion and -1 AV with the weapon" */
        if (!en_weapon_proficient(c, w))
            wbonus -= 1;
    }
    /* #Evasion: "Evasion = Inherent Evasion + 1/3 Level + Halved Dexterity
     * Modifier + shield & weapon bonuses - armor penalty" */
    d->evasion = c->inh_evasion + level3 + hdex + shield + wbonus - penalty;
    /* "Ranged Evasion = Halved Dexterity Modifier + shield bonuses - armor
     * penalty"; the shield is added only when facing the attack. */
    d->ranged_evasion = hdex - penalty;
    d->unarmed_evasion = c->inh_evasion + level3 + hdex - penalty;
    /* #Fortitude, #Will */
    d->fortitude = c->inh_fort + level3 + en_div_down(con, 2) + en_div_down(str, 2);
    d->will = c->inh_will + level3 + en_div_down(d->mod[EN_CHA], 2) + en_div_down(d->mod[EN_WIS], 2);
    /* #Aura: "Aura Modifier = ... (Str Mod + Con Mod + Int Mod + Wis Mod + Cha
     * Mod)"; "Aura Strength = 20 + (Aura Modifier * (1 + 1/3))", rounded down. */
    d->aura_mod = str + con + d->mod[EN_INT] + d->mod[EN_WIS] + d->mod[EN_CHA];
    d->aura_max = 20 + en_div_down(d->aura_mod * 4, 3);
    if (d->aura_max < 0)
        d->aura_max = 0;
    /* "# of Recovery Surges = 5 + Halved Constitution Modifier";
     * "Recovery Value = Aura Modifier (min 1)" */
    d->surges_max = 5 + en_div_down(con, 2);
    if (d->surges_max < 0)
        d->surges_max = 0;
    d->recovery_value = d->aura_mod < 1 ? 1 : d->aura_mod;
    /* #Stamina: "Maximum Stamina = Constitution Score"; #Agility: "Maximum
     * Agility = 3", raised by abilities (the sheet's agility_bonus). */
    d->stamina_max = c->ab[EN_CON];
    d->agility_max = 3 + c->agility_bonus;
    d->speed_cm = c->speed_m * 100;
    d->jump_cm = en_size_row_of(c->size)->jump_cm;
    /* #Size: "Huge (and larger) creatures have +1 Reach and Tiny (or smaller)
     * creatures have -1 Reach." */
    d->reach_adj = c->size >= EN_SIZE_HUGE ? 1 : c->size <= EN_SIZE_TINY ? -1 : 0;
    d->reach_cm = en_reach_cm(c->size, w && !(w->props & EN_W_RANGED) ? w->reach : 0, EN_SIZE_MEDIUM);
    d->unarmed_reach_cm = en_reach_cm(c->size, 0, EN_SIZE_MEDIUM);
    d->hand_ranged = w && (w->props & EN_W_RANGED);
    d->hand_melee = w && !(w->props & EN_W_RANGED);
    d->stamina_keep = d->stamina_max / 2 + 1;
    d->hand_range_cm = 0;
    if (w) {
        int range[3];
        en_weapon_range(c, w, !(w->props & EN_W_RANGED), range);
        d->hand_range_cm = range[2] * 100;
    }
}

int en_melee_av(const en_creature *c, const en_weapon *w)
{
    /* #Unarmed Attacks: "Unarmed AV = 15 + MASAB" */
    if (!w)
        return c->d.unarmed_av;
    /* #Melee Attacks: "Melee AV = 15 + MASAB + Weapon Attack Bonus" */
    int av = 15 + c->d.masab + w->av_bonus;
    if (!en_weapon_proficient(c, w))
        av -= 1;
    return av;
}

int en_miss_chance_mod(const en_creature *c, const en_weapon *w)
{
    /* #Throwing Weapons: "Weapons with the Thrown property have Accuracy
     * equal to their AV bonus" */
    int acc = (w->props & EN_W_THROWN) && !(w->props & EN_W_RANGED) ? w->av_bonus : w->accuracy;
    /* #Ranged Attacks: "Miss Chance Modifier = 8 - weapon Accuracy - Halved
     * Dexterity Modifier" */
    return 8 - acc - en_div_down(c->d.mod[EN_DEX], 2);
}

int en_draw_cap_kg(int mpl, int props)
{
    /* #Draw Weight, the Restrictions column: "Max for hand crossbows", "Max
     * for MPL 1-2", "Max for MPL 3-4", "Max for MPL >=5", "Heavy and siege
     * crossbow only". Two-handed crossbows are held to the heavy crossbow's
     * row; the siege rows need a siege engine, which no sheet carries. */
    int want = (props & EN_W_HAND_XBOW) ? EN_DW_HAND_XBOW_MAX
               : (props & EN_W_XBOW2H)  ? EN_DW_HEAVY_SIEGE_XBOW
               : mpl >= 5               ? EN_DW_MPL5_MAX
               : mpl >= 3               ? EN_DW_MPL34_MAX
                                        : EN_DW_MPL12_MAX;
    for (int i = 0; i < en_draw_rows; i++)
        if (en_draw_weight[i].restriction == want)
            return en_draw_weight[i].draw_kg;
    return en_draw_weight[0].draw_kg;
}

static const en_draw_row *draw_row(const en_creature *c, const en_weapon *w)
{
    if (!w->draw_kg)
        return NULL;
    /* #Draw Weight: "any two-handed crossbow adds +5 to the Arm Strength when
     * determining Draw Weight"; a creature draws no more than its Arm
     * Strength manages and its MPL allows, so the lightest row counts. */
    int arm = c->arm + ((w->props & EN_W_XBOW2H) ? 5 : 0);
    const en_draw_row *r = en_draw_row_for_kg(w->draw_kg);
    const en_draw_row *mine = en_draw_row_for_arm(arm);
    const en_draw_row *cap = en_draw_row_for_kg(en_draw_cap_kg(c->mpl, w->props));
    if (mine->draw_kg < r->draw_kg)
        r = mine;
    if (cap->draw_kg < r->draw_kg)
        r = cap;
    return r;
}

void en_weapon_range(const en_creature *c, const en_weapon *w, int thrown, int out[3])
{
    if (!thrown) {
        const en_draw_row *r = draw_row(c, w);
        for (int i = 0; i < 3; i++) {
            out[i] = w->range[i] + (r ? r->range[i] : 0);
            if (out[i] < 0)
                out[i] = 0;
        }
        return;
    }
    /* #Throwing Weapons: "Light weapons have a throwing range of (3/5/10),
     * Heavy weapons have a throwing range of (1/3/6), and other weapons have
     * a throwing range of (2/4/8)", plus Increased Throwing Distance. */
    static const int light[3] = {3, 5, 10}, heavy[3] = {1, 3, 6}, other[3] = {2, 4, 8};
    const int *base = w->has_range ? w->range
                      : (w->props & EN_W_LIGHT) ? light
                      : (w->props & EN_W_HEAVY) ? heavy
                                                : other;
    const en_throw_row *t = en_throw_row_for_arm(c->arm);
    for (int i = 0; i < 3; i++)
        out[i] = base[i] + t->extra[i];
}

int en_draw_extra_damage(const en_creature *c, const en_weapon *w)
{
    const en_draw_row *r = draw_row(c, w);
    return r ? r->extra_damage : 0;
}

int en_energy_per_round(int stamina, int exhausted)
{
    int en = en_energy_for_stamina(stamina);
    /* #Conditions: Exhausted: "you gain 2 less Energy at the beginning of
     * each Round" */
    if (exhausted)
        en -= 2;
    return en < 0 ? 0 : en;
}

/* en_reach_cm and en_footprint_cm are static inline in energy.h: the
 * legal actions and the policy ask for a reach many times a decision. */

int en_turn_loss_cm(int from_dir, int to_dir)
{
    int diff = ((to_dir - from_dir) % 8 + 8) % 8;
    int steps = diff > 4 ? 8 - diff : diff;
    /* #Actions: "whenever you turn sharply by 45 degrees, you sacrifice 1m of
     * movement. This means that reversing the direction of your movement
     * sacrifices 2m": 1 m up to 90 degrees, 2 m beyond. */
    static const int loss_m[5] = {0, 1, 1, 2, 2};
    return loss_m[steps] * 100;
}

int en_net_adv(int adv, int dis)
{
    /* #Weaknesses and Resistances: they "cancel each other out just like
     * Advantage and Disadvantage ... you can't have double Advantage" */
    return (adv > 0) - (dis > 0);
}

int en_attack_stamina_allowed(int spent, int want)
{
    /* #Stamina: "you are limited to spending only 4 Stamina to enhance an
     * attack. If a single ability requires you to spend more than 4 Stamina
     * on an attack, you may do so, but not spend any more Stamina" */
    if (spent == 0)
        return want;
    return spent + want <= 4 ? want : 0;
}

/* ---- Loading ---- */

static const char *const sheet_keys[] = {
    "description", "abilities", "level", "mpl", "size", "speed", "arm_strength", "leg_strength",
    "initiative", "inherent_evasion", "inherent_fortitude", "inherent_will", "agility_bonus",
    "weapons", "wielding", "armour", "shield", "weaknesses", "resistances", "non_lethal",
    "non_lethal_trades", "surprised", "conditions", "aura", "stamina", NULL};
static const char *const ability_keys[] = {"str", "dex", "con", "int", "wis", "cha", NULL};
static const char *const weapon_keys[] = {"name", "attack_bonus", "damage", "type", "reach",
                                          "properties", "precise", "accuracy", "range",
                                          "draw_weight", "load", "mpr", "evasion", NULL};
static const char *const armour_keys[] = {"name", "rating", "coverage", "ranged_coverage",
                                          "penalty", "mpr", NULL};
static const char *const shield_keys[] = {"name", "evasion", "mpr", NULL};
static const char *const prop_names[] = {"Light", "Heavy", "Thrown", "Ranged", "Blunt",
                                         "Two-Handed Crossbow", "Hand Crossbow", "Side Arm"};

/* data/energy/items.json, read when a sheet names an item instead of
 * describing it. The caller owns the result. */
static json_t *load_items(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/energy/items.json", fray_data_dir());
    return json_load_file(path, 0, NULL);
}

/* A string names an item of the items file's `section`; an object is the
 * item itself. Returns a borrowed object or NULL after an error. */
static const json_t *item_of(fray_load *ld, const json_t *v, json_t **items, const char *section,
                             const char *key)
{
    if (json_is_object(v))
        return v;
    if (!json_is_string(v)) {
        fray_load_fail(ld, key, "expected an item object or the name of an item of items.json");
        return NULL;
    }
    if (!*items)
        *items = load_items();
    const json_t *it = *items ? json_object_get(json_object_get(*items, section), json_string_value(v))
                              : NULL;
    if (!it)
        fray_load_fail(ld, key, "no %s named '%s' in data/energy/items.json", section,
                       json_string_value(v));
    return it;
}

static int load_trio(fray_load *ld, const json_t *o, const char *key, int out[3], int *has)
{
    const json_t *r = json_object_get(o, key);
    *has = 0;
    if (!r)
        return 0;
    if (!json_is_array(r) || json_array_size(r) != 3)
        return fray_load_fail(ld, key, "expected three distances in metres, [near, far, maximum]");
    for (size_t i = 0; i < 3; i++) {
        const json_t *x = json_array_get(r, i);
        if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > 10000)
            return fray_load_fail(ld, key, "expected whole metres from 0 to 10000");
        out[i] = (int)json_integer_value(x);
    }
    if (out[0] > out[1] || out[1] > out[2])
        return fray_load_fail(ld, key, "the trio must not decrease");
    *has = 1;
    return 0;
}

static int load_weapon(fray_load *ld, const json_t *o, en_weapon *w)
{
    if (fray_load_keys(ld, o, weapon_keys) < 0)
        return -1;
    memset(w, 0, sizeof *w);
    char dmg[32], type[16];
    if (fray_load_str(ld, o, "name", w->name, sizeof w->name, NULL, 1) < 0 ||
        fray_load_int(ld, o, "attack_bonus", &w->av_bonus, 0, -20, 20, 0) < 0 ||
        fray_load_str(ld, o, "damage", dmg, sizeof dmg, NULL, 1) < 0 ||
        fray_load_str(ld, o, "type", type, sizeof type, "slashing", 0) < 0 ||
        fray_load_int(ld, o, "reach", &w->reach, 1, 0, 10, 0) < 0 ||
        fray_load_int(ld, o, "precise", &w->precise, 0, 0, 10, 0) < 0 ||
        fray_load_int(ld, o, "accuracy", &w->accuracy, 0, -20, 20, 0) < 0 ||
        fray_load_int(ld, o, "draw_weight", &w->draw_kg, 0, 0, 200, 0) < 0 ||
        fray_load_int(ld, o, "load", &w->load, 0, 0, 5, 0) < 0 ||
        fray_load_int(ld, o, "mpr", &w->mpr, 0, 0, 20, 0) < 0 ||
        fray_load_int(ld, o, "evasion", &w->evasion, 0, -10, 10, 0) < 0)
        return -1;
    char err[96];
    if (fray_dexpr_parse(dmg, &w->damage, err, sizeof err) < 0)
        return fray_load_fail(ld, "damage", "%s", err);
    w->dtype = -1;
    for (int i = 0; i < EN_NDMG; i++)
        if (!strcmp(type, en_damage_types[i]))
            w->dtype = i;
    if (w->dtype < 0)
        return fray_load_fail(ld, "type", "expected a damage type (slashing, piercing, bludgeoning, "
                                          "fire, cold, lightning, acid, poison)");
    const json_t *props = json_object_get(o, "properties");
    if (props) {
        if (!json_is_array(props))
            return fray_load_fail(ld, "properties", "expected an array of property names");
        size_t i;
        const json_t *p;
        json_array_foreach(props, i, p) {
            int bit = -1;
            for (int k = 0; k < 8 && json_is_string(p); k++)
                if (!strcmp(json_string_value(p), prop_names[k]))
                    bit = k;
            if (bit < 0)
                return fray_load_fail(ld, "properties",
                                      "expected Light, Heavy, Thrown, Ranged, Blunt, Two-Handed "
                                      "Crossbow, Hand Crossbow or Side Arm");
            w->props |= 1 << bit;
        }
    }
    if (w->dtype == EN_DMG_BLUDGEONING)
        w->props |= EN_W_BLUNT;
    if (load_trio(ld, o, "range", w->range, &w->has_range) < 0)
        return -1;
    if ((w->props & EN_W_RANGED) && !w->has_range)
        return fray_load_fail(ld, "range", "a Ranged weapon needs its range trio");
    return 0;
}

static int load_types(fray_load *ld, const json_t *sheet, const char *key, int *mask)
{
    const json_t *a = json_object_get(sheet, key);
    *mask = 0;
    if (!a)
        return 0;
    if (!json_is_array(a))
        return fray_load_fail(ld, key, "expected an array of damage types");
    size_t i;
    const json_t *v;
    json_array_foreach(a, i, v) {
        int t = -1;
        for (int k = 0; k < EN_NDMG && json_is_string(v); k++)
            if (!strcmp(json_string_value(v), en_damage_types[k]))
                t = k;
        if (t < 0)
            return fray_load_fail(ld, key, "expected damage type names");
        *mask |= 1 << t;
    }
    return 0;
}

/* The weapons of a sheet and the one it wields. */
static int load_weapons(fray_load *ld, const json_t *sheet, en_creature *c, json_t **items)
{
    const json_t *ws = json_object_get(sheet, "weapons");
    c->nw = 0;
    if (ws) {
        if (!json_is_array(ws) || json_array_size(ws) > EN_MAX_WEAPONS)
            return fray_load_fail(ld, "weapons", "expected an array of at most %d weapons",
                                  EN_MAX_WEAPONS);
        size_t i;
        const json_t *v;
        json_array_foreach(ws, i, v) {
            size_t m = fray_load_push(ld, "weapons", (int)i);
            const json_t *o = item_of(ld, v, items, "weapons", NULL);
            if (!o || load_weapon(ld, o, &c->w[c->nw]) < 0)
                return -1;
            c->nw++;
            fray_load_pop(ld, m);
        }
    }
    c->wielded = c->nw ? 0 : -1;
    const json_t *wd = json_object_get(sheet, "wielding");
    if (wd) {
        if (json_is_null(wd)) {
            c->wielded = -1;
        } else if (json_is_string(wd)) {
            c->wielded = -2;
            for (int i = 0; i < c->nw; i++)
                if (!strcmp(c->w[i].name, json_string_value(wd)))
                    c->wielded = i;
            if (c->wielded == -2)
                return fray_load_fail(ld, "wielding", "no weapon of this sheet is named '%s'",
                                      json_string_value(wd));
        } else {
            return fray_load_fail(ld, "wielding", "expected a weapon name or null");
        }
    }
    return 0;
}

/* The armour and the shield of a sheet, if any. */
static int load_protection(fray_load *ld, const json_t *sheet, en_creature *c, json_t **items)
{
    const json_t *ar = json_object_get(sheet, "armour");
    c->has_armour = 0;
    if (ar && !json_is_null(ar)) {
        size_t m = fray_load_push(ld, "armour", -1);
        const json_t *o = item_of(ld, ar, items, "armour", NULL);
        char armour_name[64];
        if (!o || fray_load_keys(ld, o, armour_keys) < 0 ||
            fray_load_str(ld, o, "name", armour_name, sizeof armour_name, "", 0) < 0 ||
            fray_load_int(ld, o, "rating", &c->armour.ar, 0, 0, 30, 1) < 0 ||
            fray_load_int(ld, o, "coverage", &c->armour.coverage, 0, 0, 21, 1) < 0 ||
            fray_load_int(ld, o, "ranged_coverage", &c->armour.ranged_coverage, c->armour.coverage, 0, 21, 0) < 0 ||
            fray_load_int(ld, o, "penalty", &c->armour.penalty, 0, 0, 10, 0) < 0 ||
            fray_load_int(ld, o, "mpr", &c->armour.mpr, 0, 0, 20, 0) < 0)
            return -1;
        c->has_armour = 1;
        fray_load_pop(ld, m);
    }
    const json_t *sh = json_object_get(sheet, "shield");
    c->has_shield = 0;
    if (sh && !json_is_null(sh)) {
        size_t m = fray_load_push(ld, "shield", -1);
        const json_t *o = item_of(ld, sh, items, "shields", NULL);
        char shield_name[64];
        if (!o || fray_load_keys(ld, o, shield_keys) < 0 ||
            fray_load_str(ld, o, "name", shield_name, sizeof shield_name, "", 0) < 0 ||
            fray_load_int(ld, o, "evasion", &c->shield.evasion, 1, 0, 10, 1) < 0 ||
            fray_load_int(ld, o, "mpr", &c->shield.mpr, 0, 0, 20, 0) < 0)
            return -1;
        c->has_shield = 1;
        fray_load_pop(ld, m);
    }
    return 0;
}

static int load_body(fray_load *ld, const json_t *sheet, en_creature *c, json_t **items)
{
    if (fray_load_keys(ld, sheet, sheet_keys) < 0)
        return -1;
    const json_t *desc = json_object_get(sheet, "description");
    if (desc && !json_is_string(desc))
        return fray_load_fail(ld, "description", "expected a string");
    const json_t *ab = json_object_get(sheet, "abilities");
    if (!ab)
        return fray_load_fail(ld, "abilities", "required: {str, dex, con, int, wis, cha} scores");
    size_t mark = fray_load_push(ld, "abilities", -1);
    if (fray_load_keys(ld, ab, ability_keys) < 0)
        return -1;
    for (int i = 0; i < EN_NAB; i++)
        if (fray_load_int(ld, ab, ability_keys[i], &c->ab[i], 10, 1, 40, 1) < 0)
            return -1;
    fray_load_pop(ld, mark);
    if (c->ab[EN_CON] < 1)
        return fray_load_fail(ld, "abilities", "con must be at least 1");
    if (fray_load_int(ld, sheet, "level", &c->level, 1, 1, 30, 0) < 0 ||
        fray_load_int(ld, sheet, "mpl", &c->mpl, 1, 0, 20, 0) < 0 ||
        fray_load_enum(ld, sheet, "size", &c->size, en_size_names, EN_NSIZES, EN_SIZE_MEDIUM, 0) < 0)
        return -1;
    const en_size_row *sr = en_size_row_of(c->size);
    if (fray_load_int(ld, sheet, "speed", &c->speed_m, sr->speed_m, 1, 30, 0) < 0 ||
        fray_load_int(ld, sheet, "arm_strength", &c->arm, 0, -10, 60, 0) < 0 ||
        fray_load_int(ld, sheet, "leg_strength", &c->leg, 0, -10, 60, 0) < 0 ||
        fray_load_int(ld, sheet, "initiative", &c->init_bonus, 0, -10, 30, 0) < 0 ||
        fray_load_int(ld, sheet, "inherent_evasion", &c->inh_evasion, sr->inherent_evasion, 0, 30, 0) < 0 ||
        fray_load_int(ld, sheet, "inherent_fortitude", &c->inh_fort, 10, 0, 30, 0) < 0 ||
        fray_load_int(ld, sheet, "inherent_will", &c->inh_will, 10, 0, 30, 0) < 0 ||
        fray_load_int(ld, sheet, "agility_bonus", &c->agility_bonus, 0, 0, 10, 0) < 0 ||
        fray_load_bool(ld, sheet, "non_lethal", &c->nonlethal, 0) < 0 ||
        fray_load_int(ld, sheet, "non_lethal_trades", &c->nl_trades, 0, 0, 3, 0) < 0 ||
        fray_load_bool(ld, sheet, "surprised", &c->surprised, 0) < 0 ||
        fray_load_int(ld, sheet, "aura", &c->start_aura, -1, -1, 1000, 0) < 0 ||
        fray_load_int(ld, sheet, "stamina", &c->start_stamina, -1, -1, 100, 0) < 0)
        return -1;
    /* #Martial Proficiency Level: "For every level of Martial Proficiency you
     * have, you gain +1 Arm Strength, +1 Leg Strength, or +1 Initiative" -
     * the sheet records the result; it may not claim more than MPL gives on
     * top of what the character had (not checked: the base is elsewhere). */

    if (load_weapons(ld, sheet, c, items) < 0 || load_protection(ld, sheet, c, items) < 0)
        return -1;
    if (load_types(ld, sheet, "weaknesses", &c->weak) < 0 ||
        load_types(ld, sheet, "resistances", &c->resist) < 0)
        return -1;
    const json_t *cs = json_object_get(sheet, "conditions");
    c->start_conds = 0;
    if (cs) {
        if (!json_is_array(cs))
            return fray_load_fail(ld, "conditions", "expected an array of condition names");
        size_t i;
        const json_t *v;
        json_array_foreach(cs, i, v) {
            int k = -1;
            for (int j = 0; j < EN_NCOND && json_is_string(v); j++)
                if (!strcmp(json_string_value(v), en_condition_names[j]))
                    k = j;
            if (k < 0 || k == EN_C_RESTRAINED || k == EN_C_RESTRAINING)
                return fray_load_fail(ld, "conditions",
                                      "expected condition names (Restrained and Restraining come "
                                      "only from a Restrain)");
            c->start_conds |= 1 << k;
        }
    }
    return 0;
}

int en_sheet_load(fray_load *ld, const json_t *sheet, en_creature *c)
{
    json_t *items = NULL;
    memset(c, 0, sizeof *c);
    int rc = load_body(ld, sheet, c, &items);
    json_decref(items);
    if (rc < 0)
        return -1;
    c->dropped = -1;
    en_derive(c);
    return 0;
}
