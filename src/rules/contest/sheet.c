/* sheet.c: the creature sheet of #Fighting Style, #Damage & Health,
 * #Armor and #Shields: attributes, skills, Fighting Styles with their gear
 * lists, Initiative, speed, size, Health Pool, armour, shield, weapons,
 * spells, resistances and vulnerabilities. Items are named from
 * data/contest/items.json or written inline. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "contest.h"

static const char *const sheet_keys[] = {
    "description", "pc",     "attributes", "initiative", "skills",  "fighting_styles",
    "speed",       "size",   "health",     "armor",      "shield",  "weapons",
    "spells",      "resistances", "vulnerabilities", "cover", "ambush", "hands", NULL};

typedef struct sheet_ctx {
    fray_load *ld;
    json_t *items; /* the catalogue, read once; decref'd by the caller */
} sheet_ctx;

static json_t *catalogue(sheet_ctx *s, const char *section, const char *name, const char *key)
{
    if (!s->items) {
        char path[1024];
        snprintf(path, sizeof path, "%s/contest/items.json", fray_data_dir());
        json_error_t je;
        s->items = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
        if (!s->items) {
            fray_load_fail(s->ld, key, "cannot read %s (line %d: %s)", path, je.line, je.text);
            return NULL;
        }
    }
    json_t *v = json_object_get(json_object_get(s->items, section), name);
    if (!json_is_object(v)) {
        fray_load_fail(s->ld, key, "no %s named '%s' in data/contest/items.json", section, name);
        return NULL;
    }
    return v;
}

/* A length in metres (a number, 0 to 1000) into centimetres. */
static int load_metres(fray_load *ld, const json_t *o, const char *key, int *cm, int def)
{
    json_t *v = json_object_get(o, key);
    *cm = def;
    return v ? fray_load_metres(ld, v, key, 0, 100000, cm) : 0;
}

/* "1d8+1": dice, sides, bonus. */
static int load_dice(fray_load *ld, const json_t *o, const char *key, int *n, int *s, int *b)
{
    const char *txt = json_string_value(json_object_get(o, key));
    if (!txt)
        return fray_load_fail(ld, key, "expected a damage expression such as \"1d8+1\"");
    fray_dexpr x;
    char err[128];
    int ok = fray_dexpr_parse(txt, &x, err, sizeof err) == 0 && x.n >= 1 && x.n <= 2 &&
             x.t[0].count >= 1 && x.t[0].count <= 4 && x.t[0].sign > 0 && !x.t[0].explode &&
             !x.t[0].keep && !x.t[0].count_ge && x.t[0].sides <= 20 &&
             (x.n == 1 || x.t[1].count == 0);
    if (!ok)
        return fray_load_fail(ld, key, "expected NdS or NdS+K (N 1-4, S up to 20), got '%s'",
                              txt);
    *n = x.t[0].count;
    *s = x.t[0].sides;
    *b = x.n == 2 ? x.t[1].sign * x.t[1].value : 0;
    return 0;
}

static int load_weapon_fields(fray_load *ld, const json_t *o, ct_weapon *w)
{
    static const char *const keys[] = {"item", "name", "damage", "type", "reach", "range",
                                       "two_handed", "heavy", "thrown", NULL};
    char name0[CT_NAME];
    snprintf(name0, sizeof name0, "%s", w->name);
    if (fray_load_keys(ld, o, keys) < 0 ||
        fray_load_str(ld, o, "name", w->name, sizeof w->name, name0[0] ? name0 : NULL,
                      !name0[0]) < 0 ||
        (json_object_get(o, "damage") && load_dice(ld, o, "damage", &w->dice, &w->sides,
                                                   &w->bonus) < 0) ||
        fray_load_enum(ld, o, "type", &w->type, ct_dtype_name, CT_NDTYPE, w->type, 0) < 0 ||
        load_metres(ld, o, "reach", &w->reach, w->reach) < 0 ||
        load_metres(ld, o, "range", &w->range, w->range) < 0 ||
        fray_load_bool(ld, o, "two_handed", &w->two_handed, w->two_handed) < 0 ||
        fray_load_bool(ld, o, "heavy", &w->heavy, w->heavy) < 0)
        return -1;
    /* a weapon with a reach and a range is thrown unless it says otherwise
     * (dagger, javelin, hatchet); a bow's arrows leave it, not the bow */
    if (json_object_get(o, "thrown")) {
        if (fray_load_bool(ld, o, "thrown", &w->thrown, 0) < 0)
            return -1;
        w->explicit_thrown = 1;
    } else if (!w->explicit_thrown) {
        w->thrown = w->reach > 0 && w->range > 0;
    }
    if (!w->dice)
        return fray_load_fail(ld, "damage", "a weapon needs its damage");
    return 0;
}

static int load_weapon(sheet_ctx *s, const json_t *v, ct_weapon *w)
{
    memset(w, 0, sizeof *w);
    w->reach = 150;
    w->held = 1;
    const char *item = json_is_string(v) ? json_string_value(v)
                                         : json_string_value(json_object_get(v, "item"));
    if (!json_is_string(v) && !json_is_object(v))
        return fray_load_fail(s->ld, NULL, "expected a weapon name or a weapon object");
    if (item) {
        json_t *base = catalogue(s, "weapons", item, json_is_string(v) ? NULL : "item");
        if (!base)
            return -1;
        snprintf(w->name, sizeof w->name, "%s", item);
        if (load_weapon_fields(s->ld, base, w) < 0)
            return -1;
    }
    return json_is_object(v) ? load_weapon_fields(s->ld, v, w) : 0;
}

static int load_spell(sheet_ctx *s, const json_t *v, ct_spell *sp)
{
    static const char *const keys[] = {"item", "name", "damage", "heal", "type", "range",
                                       "melee_attack", "mind", "defences", NULL};
    memset(sp, 0, sizeof *sp);
    const json_t *o = v;
    if (json_is_string(v)) {
        o = catalogue(s, "spells", json_string_value(v), NULL);
        if (!o)
            return -1;
        snprintf(sp->name, sizeof sp->name, "%s", json_string_value(v));
    }
    fray_load *ld = s->ld;
    if (!json_is_object(o))
        return fray_load_fail(ld, NULL, "expected a spell name or a spell object");
    char name0[CT_NAME];
    snprintf(name0, sizeof name0, "%s", sp->name);
    if (fray_load_keys(ld, o, keys) < 0 ||
        fray_load_str(ld, o, "name", sp->name, sizeof sp->name, name0[0] ? name0 : NULL,
                      !name0[0]) < 0 ||
        fray_load_enum(ld, o, "type", &sp->type, ct_dtype_name, CT_NDTYPE, CT_FORCE, 0) < 0 ||
        load_metres(ld, o, "range", &sp->range, 2000) < 0 ||
        fray_load_bool(ld, o, "melee_attack", &sp->melee_attack, 0) < 0 ||
        fray_load_bool(ld, o, "mind", &sp->mind, 0) < 0)
        return -1;
    sp->heal = json_object_get(o, "heal") != NULL;
    if (load_dice(ld, o, sp->heal ? "heal" : "damage", &sp->dice, &sp->sides, &sp->bonus) < 0)
        return -1;
    /* #Step II: "Attack spells can only be defended with Block or Dodge,
     * unless the spell's description says otherwise." */
    sp->defences = (uint8_t)(1u << CT_D_BLOCK | 1u << CT_D_DODGE);
    json_t *d = json_object_get(o, "defences");
    if (d) {
        if (!json_is_array(d))
            return fray_load_fail(ld, "defences", "expected an array of Block, Dodge, Parry, "
                                                  "Withstand");
        sp->defences = 0;
        size_t i;
        json_t *x;
        json_array_foreach(d, i, x) {
            int k = CT_D_BLOCK;
            while (k < CT_NDEF && !(json_is_string(x) &&
                                      !strcasecmp(json_string_value(x), ct_def_name[k])))
                k++;
            if (k == CT_NDEF)
                return fray_load_fail(ld, "defences", "expected Block, Dodge, Parry or Withstand");
            sp->defences |= (uint8_t)(1u << k);
        }
    }
    return 0;
}

static int load_style(sheet_ctx *s, const json_t *v, ct_style *st)
{
    static const char *const keys[] = {"style", "name", "rank", "gear", NULL};
    fray_load *ld = s->ld;
    memset(st, 0, sizeof *st);
    if (!json_is_object(v) || fray_load_keys(ld, v, keys) < 0)
        return json_is_object(v) ? -1 : fray_load_fail(ld, NULL, "expected a Fighting Style");
    const json_t *gear = json_object_get(v, "gear");
    const char *ref = json_string_value(json_object_get(v, "style"));
    if (ref) {
        json_t *base = catalogue(s, "styles", ref, "style");
        if (!base)
            return -1;
        snprintf(st->name, sizeof st->name, "%s",
                 json_string_value(json_object_get(base, "name")) ? json_string_value(
                     json_object_get(base, "name")) : ref);
        if (!gear)
            gear = json_object_get(base, "gear");
    }
    char name0[CT_NAME];
    snprintf(name0, sizeof name0, "%s", st->name);
    if (fray_load_str(ld, v, "name", st->name, sizeof st->name, name0[0] ? name0 : NULL,
                      !name0[0]) < 0 ||
        fray_load_int(ld, v, "rank", &st->rank, 0, 0, 20, 1) < 0)
        return -1;
    /* #Fighting Style: "expand it to a maximum of 10 different types of gear" */
    if (!json_is_array(gear) || json_array_size(gear) > CT_MAX_GEAR)
        return fray_load_fail(ld, "gear", "expected a list of at most %d pieces of gear",
                              CT_MAX_GEAR);
    size_t i;
    json_t *x;
    json_array_foreach(gear, i, x) {
        if (!json_is_string(x) || strlen(json_string_value(x)) >= CT_NAME)
            return fray_load_fail(ld, "gear", "expected gear names (weapon, \"shield\", "
                                              "\"partial armor\", \"full armor\")");
        snprintf(st->gear[i], CT_NAME, "%s", json_string_value(x));
    }
    st->ngear = (int)json_array_size(gear);
    return 0;
}

/* An array key whose entries load one by one. */
typedef int (*entry_fn)(sheet_ctx *s, const json_t *v, void *out);
static int load_list(sheet_ctx *s, const json_t *sheet, const char *key, int max, void *out,
                     size_t size, int *n, entry_fn fn)
{
    json_t *a = json_object_get(sheet, key);
    if (!a)
        return 0;
    if (!json_is_array(a) || json_array_size(a) > (size_t)max)
        return fray_load_fail(s->ld, key, "expected an array of at most %d entries", max);
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v) {
        size_t mark = fray_load_push(s->ld, key, (int)i);
        if (fn(s, v, (char *)out + i * size) < 0)
            return -1;
        fray_load_pop(s->ld, mark);
    }
    *n = (int)json_array_size(a);
    return 0;
}
static int weapon_entry(sheet_ctx *s, const json_t *v, void *o) { return load_weapon(s, v, o); }
static int spell_entry(sheet_ctx *s, const json_t *v, void *o) { return load_spell(s, v, o); }
static int style_entry(sheet_ctx *s, const json_t *v, void *o) { return load_style(s, v, o); }

static int load_named(fray_load *ld, const json_t *sheet, const char *key,
                      const char *const *names, int n, int *out, int lo, int hi)
{
    json_t *o = json_object_get(sheet, key);
    if (!o)
        return 0;
    if (!json_is_object(o))
        return fray_load_fail(ld, key, "expected an object of values by name");
    size_t mark = fray_load_push(ld, key, -1);
    const char *k;
    json_t *v;
    json_object_foreach(o, k, v) {
        int i = 0;
        while (i < n && strcasecmp(k, names[i]))
            i++;
        if (i == n)
            return fray_load_fail(ld, k, "unknown name (expected %s, ...)", names[0]);
        if (fray_load_int(ld, o, k, &out[i], 0, lo, hi, 1) < 0)
            return -1;
    }
    fray_load_pop(ld, mark);
    return 0;
}

/* #Resistance & Vulnerability: by type or by group ("Magic Resistance"). */
static int load_resist(fray_load *ld, const json_t *sheet, const char *key, int8_t *out)
{
    const char *names[CT_NRESIST];
    int vals[CT_NRESIST] = {0};
    for (int i = 0; i < CT_NDTYPE; i++)
        names[i] = ct_dtype_name[i];
    for (int g = 0; g < CT_NGROUP; g++)
        names[CT_NDTYPE + g] = ct_group_name[g];
    if (load_named(ld, sheet, key, names, CT_NRESIST, vals, 0, 50) < 0)
        return -1;
    for (int i = 0; i < CT_NRESIST; i++)
        out[i] = (int8_t)vals[i];
    return 0;
}

static int load_armor(sheet_ctx *s, const json_t *sheet, ct_creature *c)
{
    static const char *const keys[] = {"level", "material", NULL};
    json_t *a = json_object_get(sheet, "armor");
    c->armor_level = CT_UNARMORED;
    if (a) {
        size_t mark = fray_load_push(s->ld, "armor", -1);
        const char *mats[16];
        for (int i = 0; i < ct_nmaterials; i++)
            mats[i] = ct_materials[i].name;
        if (fray_load_keys(s->ld, a, keys) < 0 ||
            fray_load_enum(s->ld, a, "level", &c->armor_level, ct_level_name, CT_NLEVEL, 0, 1) < 0 ||
            fray_load_enum(s->ld, a, "material", &c->armor_material, mats, ct_nmaterials, 0,
                           c->armor_level != CT_UNARMORED) < 0)
            return -1;
        fray_load_pop(s->ld, mark);
        c->ar = ct_materials[c->armor_material].ar[c->armor_level];
    }
    const char *sh = json_string_value(json_object_get(sheet, "shield"));
    if (json_object_get(sheet, "shield") && !sh)
        return fray_load_fail(s->ld, "shield", "expected a shield of data/contest/items.json");
    if (sh) {
        json_t *base = catalogue(s, "shields", sh, "shield");
        if (!base || fray_load_int(s->ld, base, "br", &c->br, 0, 0, 20, 1) < 0)
            return -1;
        snprintf(c->shield, sizeof c->shield, "%s", sh);
        c->shield_held = 1;
    }
    return 0;
}

static int load_body(fray_load *ld, const json_t *sheet, ct_creature *c)
{
    if (fray_load_keys(ld, sheet, sheet_keys) < 0 ||
        fray_load_bool(ld, sheet, "pc", &c->pc, 0) < 0 ||
        load_named(ld, sheet, "attributes", ct_attr_name, CT_NATTR, c->attr, -5, 20) < 0 ||
        load_named(ld, sheet, "skills", ct_skill_name, CT_NSKILL, c->skill, 0, 20) < 0 ||
        fray_load_int(ld, sheet, "initiative", &c->initiative, 0, -10, 20, 0) < 0 ||
        fray_load_int(ld, sheet, "speed", &c->speed, 8, 0, 100, 0) < 0 ||
        fray_load_enum(ld, sheet, "size", &c->size, ct_size_name, CT_NSIZE, CT_MEDIUM, 0) < 0 ||
        fray_load_int(ld, sheet, "health", &c->health, 0, 1, 1000, 1) < 0 ||
        fray_load_enum(ld, sheet, "cover", &c->cover, ct_cover_name, CT_NCOVER, 0, 0) < 0 ||
        fray_load_bool(ld, sheet, "ambush", &c->ambush, 0) < 0 ||
        load_resist(ld, sheet, "resistances", c->resist) < 0 ||
        load_resist(ld, sheet, "vulnerabilities", c->vuln) < 0)
        return -1;
    return 0;
}

int ct_hands_of(const ct_weapon *w) { return w->unarmed ? 0 : w->two_handed ? 2 : 1; }

/* The hands filled, counted (ct_hands_full reads what ct_hands_changed
 * kept of it). */
static int hands_filled(const ct_creature *c)
{
    int n = c->shield_held ? 1 : 0;
    for (int i = 0; i < c->nweapon; i++)
        if (c->weapon[i].held)
            n += ct_hands_of(&c->weapon[i]);
    return n;
}

/* #Primary Actions: Grapple "You use a free hand"; #Reactions: Manipulate
 * "drawing or stowing a sword": what is in a creature's two hands is state.
 * Sheet "hands": the items in hand at the start (weapon names, "shield");
 * without it, a reading: the first weapon, then the shield if a hand is
 * free, then the other weapons while they fit; the rest is stowed. */
static int load_hands(fray_load *ld, const json_t *sheet, ct_creature *c)
{
    for (int i = 0; i < c->nweapon; i++)
        c->weapon[i].held = 0;
    c->shield_held = 0;
    json_t *h = json_object_get(sheet, "hands");
    if (!h) {
        if (c->nweapon > 0)
            c->weapon[0].held = 1;
        if (c->shield[0] && hands_filled(c) < 2)
            c->shield_held = 1;
        for (int i = 1; i < c->nweapon; i++)
            if (hands_filled(c) + ct_hands_of(&c->weapon[i]) <= 2)
                c->weapon[i].held = 1;
        return 0;
    }
    if (!json_is_array(h))
        return fray_load_fail(ld, "hands", "expected an array of the items in hand (weapon "
                                           "names, \"shield\")");
    size_t k;
    json_t *x;
    json_array_foreach(h, k, x) {
        const char *n = json_string_value(x);
        int i = 0;
        if (n && c->shield[0] && !c->shield_held && !strcasecmp(n, "shield")) {
            c->shield_held = 1;
        } else {
            while (n && i < c->nweapon && (c->weapon[i].held || strcasecmp(n, c->weapon[i].name)))
                i++;
            if (!n || i == c->nweapon)
                return fray_load_fail(ld, "hands", "'%s' is not a weapon or shield of this sheet "
                                                   "not already in hand", n ? n : "?");
            c->weapon[i].held = 1;
        }
    }
    if (hands_filled(c) > 2)
        return fray_load_fail(ld, "hands", "two hands hold at most two one-handed items or one "
                                           "two-handed weapon");
    return 0;
}

/* The best rank of a style of c that lists a gear word, or -1. */
static int style_for(const ct_creature *c, const char *gear)
{
    int best = -1;
    for (int i = 0; i < c->nstyle; i++)
        for (int g = 0; g < c->style[i].ngear; g++)
            if (!strcasecmp(c->style[i].gear[g], gear) && c->style[i].rank > best)
                best = c->style[i].rank;
    return best;
}

/* What every Fighting Style test reads of the sheet, once: the gear words
 * are compared here and never in a fight. #Fighting Style: "Wearing no
 * armor does not require training." */
static void load_ranks(ct_creature *c)
{
    for (int i = 0; i < c->nweapon; i++)
        c->weapon[i].rank = style_for(c, c->weapon[i].name);
    c->rank.shield = style_for(c, "shield");
    c->rank.best = 0;
    for (int i = 0; i < c->nstyle; i++)
        if (c->style[i].rank > c->rank.best)
            c->rank.best = c->style[i].rank;
    c->rank.armor_ok = c->armor_level == CT_UNARMORED ||
                       style_for(c, c->armor_level == CT_FULL ? "full armor" : "partial armor") >= 0;
}

int ct_load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who)
{
    ct_creature *c = ct_c(e, who);
    memset(c, 0, sizeof *c);
    sheet_ctx s = {ld, NULL};
    int rc = -1;
    if (load_body(ld, sheet, c) < 0 || load_armor(&s, sheet, c) < 0 ||
        load_list(&s, sheet, "fighting_styles", CT_MAX_STYLES, c->style, sizeof c->style[0],
                  &c->nstyle, style_entry) < 0 ||
        load_list(&s, sheet, "weapons", CT_MAX_WEAPONS - 1, c->weapon, sizeof c->weapon[0],
                  &c->nweapon, weapon_entry) < 0 ||
        load_list(&s, sheet, "spells", CT_MAX_SPELLS, c->spell, sizeof c->spell[0], &c->nspell,
                  spell_entry) < 0 ||
        load_hands(ld, sheet, c) < 0)
        goto out;
    /* #Fighting Style: "Unarmed fighting is included in this as well.":
     * a creature always has its fists (1d4 crushing, a reading) */
    c->weapon[c->nweapon++] = (ct_weapon){.name = "unarmed fighting", .dice = 1, .sides = 4,
                                          .type = CT_CRUSHING, .reach = 150, .held = 1,
                                          .unarmed = 1};
    load_ranks(c);
    ct_hands_changed(c);
    /* the sheets changed: the policy's memo of pairs (exact.c) knows them
     * by the fight's serial */
    ((ct_memo *)(void *)fray_memo(e))->serial = ct_new_serial();
    e->c[who].res[CT_R_HEALTH] = c->health;
    rc = 0;
out:
    json_decref(s.items);
    return rc;
}

int ct_loaded(fray_load *ld, fray_encounter *e)
{
    (void)ld, (void)e;
    return 0;
}

/* #Step I: Attack: "wielding a weapons or armor not included in your
 * Fighting Style imposes a -2 penalty to all Fighting Style tests": the
 * weapons and the shield in hand (fists are not wielded gear). */
static int wields_untrained(const ct_creature *c)
{
    if (c->shield_held && c->rank.shield < 0)
        return 1;
    for (int i = 0; i < c->nweapon; i++)
        if (c->weapon[i].held && !c->weapon[i].unarmed && c->weapon[i].rank < 0)
            return 1;
    return 0;
}

/* The average of a weapon's damage dice and bonus, doubled. */
static int avg2(const ct_weapon *w) { return w->dice * (w->sides + 1) + 2 * w->bonus; }

void ct_hands_changed(ct_creature *c)
{
    int melee = -1, most = -1, reach = 0, ranged = 0, close = 0;
    for (int i = 0; i < c->nweapon; i++) {
        const ct_weapon *w = &c->weapon[i];
        if (!w->held)
            continue;
        if (w->reach > reach)
            reach = w->reach;
        if (w->reach > 0 && avg2(w) > most)
            most = avg2(w), melee = i;
        /* the policy's reading (policy.c, prefers_range): the best weapon
         * for 10 m or more and no reach against the best melee weapon, an
         * attack spell that is no melee attack outranging every weapon */
        if (w->range >= 1000 && w->reach == 0 && avg2(w) > ranged)
            ranged = avg2(w);
        if (w->reach > 0 && avg2(w) > close)
            close = avg2(w);
    }
    for (int s = 0; s < c->nspell; s++)
        if (!c->spell[s].heal && !c->spell[s].melee_attack)
            ranged = 99;
    c->hand.reach = reach;
    c->hand.melee = melee;
    c->hand.untrained = wields_untrained(c);
    c->hand.full = hands_filled(c);
    c->hand.ranged = ranged > close;
}
