/* actions.c: the Actions of 002_9c6f0ed04fdad0e7.txt: #Attack (#Melee
 * Attack, #Ranged Attack, #Spell Attack), #Move (#Running, #Crawling,
 * #Flying; through allies, pushing through enemies), #Cast, #Control,
 * #Command, #Focus, #Dodge, #Readied action, #Use a Skill, and the small
 * ones the text names (stand up, drop Prone, put out a fire, pick up an
 * item, hold or delay the turn). The Maneuvers are in maneuvers.c. */
#include "threeaction.h"

#define R(h) TA_RULE(h)

/* ---- Measures ---- */

static int64_t dist2(const fray_encounter *e, int a, int b)
{
    int64_t dx = e->c[a].x - e->c[b].x, dy = e->c[a].y - e->c[b].y;
    int64_t dz = ta_ccr(e, a)->altitude - ta_ccr(e, b)->altitude;
    return dx * dx + dy * dy + dz * dz;
}

/* Centre to centre, with the height between a flyer and the ground,
 * rounded down; the core's memo of the pair's last root answers most
 * questions (a skirmish's legal list and policy ask it dozens of times
 * between two moves). */
int ta_dist(const fray_encounter *e, int a, int b) { return fray_distance_sq(e, a, b, dist2(e, a, b)); }

/* Within a reach of `reach` cm, counted between the edges of the two spaces,
 * a diagonal square counting as 5 ft (half a square of slack): two Medium
 * creatures with 5 ft reach reach each other up to 225 cm apart. */
int ta_in_reach(const fray_encounter *e, int a, int b, int reach)
{
    int spaces = (ta_size_space[ta_ccr(e, a)->size] + ta_size_space[ta_ccr(e, b)->size]) / 2;
    /* ta_dist <= r asked of the square: floor(sqrt(d2)) <= r exactly when
     * d2 < (r + 1)^2, for r >= 0 */
    int64_t r = (int64_t)reach + spaces - TA_SQUARE / 2;
    return r >= 0 && dist2(e, a, b) < (r + 1) * (r + 1);
}

int ta_foes(const fray_encounter *e, int a, int b) { return e->c[a].side != e->c[b].side; }

static int weapon_of(const fray_encounter *e, int who, int ranged)
{
    const ta_creature *c = ta_ccr(e, who);
    for (int i = 0; i < c->nweapons; i++)
        if (c->w[i].where == TA_IN_HAND && c->w[i].ranged == ranged)
            return i;
    return -1;
}
int ta_melee_weapon(const fray_encounter *e, int who) { return weapon_of(e, who, 0); }
int ta_ranged_weapon(const fray_encounter *e, int who) { return weapon_of(e, who, 1); }

/* #Melee Attack: d20 + Level + STR, or DEX with a Light or Medium Weapon. */
int ta_melee_bonus(const fray_encounter *e, int who, int w, const char **attr)
{
    const ta_creature *c = ta_ccr(e, who);
    int dex = w >= 0 && c->w[w].weight != TA_HEAVY && c->dex > c->str;
    if (attr)
        *attr = dex ? "DEX" : "STR";
    return c->level + (dex ? c->dex : c->str);
}

/* #Running up to the Speed; #Crawling 5 ft while Prone; #Flying twice the
 * Speed; #Grappled or #Grappling and not smaller: halved. */
int ta_speed(const fray_encounter *e, int who)
{
    const ta_creature *c = ta_ccr(e, who);
    if (fray_cflags(e, who) & FRAY_CF_NO_MOVE)
        return 0;
    if (fray_has(e, who, TA_C_PRONE))
        return TA_SQUARE;
    int s = c->flight ? 2 * c->speed : c->speed;
    if (fray_has(e, who, TA_C_GRAPPLED) || fray_has(e, who, TA_C_GRAPPLING))
        s /= 2; /* "your Speed is halved": rounded down, in cm */
    return s;
}

int ta_spend(fray_encounter *e, int who, int actions)
{
    ta_cr(e, who)->acted = 1;
    fray_res_set(e, who, TA_R_ACTIONS, e->c[who].res[TA_R_ACTIONS] - actions);
    return 0;
}

/* #Ranged Attack: "If the target of the Attack is farther away than the
 * Range Increment of the Weapon you take a -1 Penalty on the Attack for
 * every Range Increment it is from you rounded down": nothing up to one
 * increment, then d / increment (core fray_range_increments_floor). */
int ta_range_penalty(const fray_encounter *e, int d, int increment)
{
    if (fray_opt(e, TA_OPT_RANGE_PAST_FIRST))
        return fray_range_increments(d, increment);
    return fray_range_increments_floor(d, increment);
}

/* ---- Advantage ---- */

static void adv(fray_encounter *e, int *n, int d, const char *why)
{
    *n += d;
    fray_mod(e, why, d);
}

/* Advantage and Disadvantage of who's attack on t, each shown with its
 * source (value +1 or -1). kind: 0 melee, 1 ranged, 2 spell. */
void ta_attack_adv(fray_encounter *e, int who, int t, int kind, int *n)
{
    if (fray_has(e, who, TA_C_SHAKEN))
        adv(e, n, -1, "Disadvantage: Shaken");
    if (kind == 0 && fray_has(e, who, TA_C_PRONE))
        adv(e, n, -1, "Disadvantage: Prone attacker");
    if (kind == 0 && fray_has(e, who, TA_C_SQUEEZING) &&
        ta_melee_weapon(e, who) >= 0 && ta_ccr(e, who)->w[ta_melee_weapon(e, who)].weight == TA_HEAVY)
        adv(e, n, -1, "Disadvantage: Squeezing with a Heavy Weapon");
    if (t < 0)
        return;
    if (ta_flat_footed(e, t, who))
        adv(e, n, 1, "Advantage: Flat Footed");
    /* #Prone: "Melee Attacks against it have Advantage, and Ranged Attacks
     * against it have Disadvantage" (Spell Attacks: option prone_spell_dis) */
    if (fray_has(e, t, TA_C_PRONE) && kind == 0)
        adv(e, n, 1, "Advantage: Prone target");
    else if (fray_has(e, t, TA_C_PRONE) && (kind == 1 || fray_opt(e, TA_OPT_PRONE_SPELL_DIS)))
        adv(e, n, -1, "Disadvantage: Prone target");
    if (ta_concealed(e, t, who))
        adv(e, n, -1, "Disadvantage: Concealed");
    /* #Cover: "Attacks against Creatures with Cover are made with
     * Disadvantage", melee ones too (option cover_ranged_only: not). A
     * melee roll is judged where it is made: within reach (the free Push
     * through an enemy's square (#Move) is rolled before the mover gets
     * there, and what it passed on the way is behind it then). */
    if (kind == 0 && !fray_opt(e, TA_OPT_COVER_RANGED_ONLY)) {
        int mw = ta_melee_weapon(e, who);
        if (mw >= 0 && ta_in_reach(e, who, t, ta_ccr(e, who)->w[mw].reach) && ta_cover(e, t, who))
            adv(e, n, -1, "Disadvantage: Cover");
    } else if (kind != 0 && ta_cover(e, t, who)) {
        adv(e, n, -1, "Disadvantage: Cover");
    }
    if (kind == 1 && ta_dist(e, who, t) <= TA_SQUARE + TA_SQUARE / 2)
        adv(e, n, -1, "Disadvantage: within 5 ft");
}

/* Advantages and Disadvantages cancel; with adv_stack 0 (the default) what
 * is left is one Advantage or one Disadvantage (the text names no levels). */
int ta_settle_adv(const fray_encounter *e, int n)
{
    if (fray_opt(e, TA_OPT_ADV_STACK))
        return n;
    return n > 0 ? 1 : n < 0 ? -1 : 0;
}

/* A Critical Success (left to other chapters): a natural 20 that hits
 * (natural_crits), or a total crit_margin or more above the defense. */
void ta_crit(const fray_encounter *e, fray_check *c)
{
    int m = fray_opt(e, TA_OPT_CRIT_MARGIN);
    if (c->success && c->crit <= 0 && m > 0 && c->margin >= m)
        c->crit = 1;
}

/* ---- Attack ---- */

typedef struct ta_attack_src {
    const char *name;
    const fray_dexpr *damage;
    const ta_inflict *on_hit;
    int str_damage; /* #Melee Attack: STR is added to melee damage */
    int area;       /* radius, cm */
    int mental;
} ta_attack_src;

static void hit(fray_encounter *e, int who, int t, const ta_attack_src *s, int crit, const char *rule)
{
    int dmg = fray_dexpr_roll(s->damage, &e->dice, 0, "Damage");
    if (s->str_damage)
        dmg += ta_ccr(e, who)->str;
    if (crit)
        dmg *= 2; /* #Attack: "On a Critical Success you deal double Damage" */
    if (dmg < 0)
        dmg = 0;
    if (fray_has(e, t, TA_C_HIDDEN)) { /* #Hidden: hitting them discovers them */
        fray_cond_remove(e, t, TA_C_UNDETECTED);
        fray_cond_remove(e, t, TA_C_HIDDEN);
    }
    ta_damage(e, t, dmg, who, s->name, rule);
    if (e->c[t].status != FRAY_DEAD)
        ta_inflict_on(e, t, who, s->on_hit);
}

static const char *outcome(const fray_check *c, int wrong_square)
{
    if (wrong_square)
        return "miss (wrong square)";
    return c->crit > 0 ? "critical" : c->success ? "hit" : "miss";
}

/* One roll against one target (or, for an Area, one roll read against each
 * creature in it: #Attack "make a single Attack roll"). */
static void attack_roll(fray_encounter *e, const fray_action *a, int kind, const ta_attack_src *s,
                        int bonus, const char *attr, const char *rule)
{
    int who = a->actor, t = a->target, n = 0;
    const ta_creature *ct = ta_ccr(e, t);
    fray_check c;
    fray_check_start(&c, s->area ? 0 : s->mental ? ct->mdef : ct->pdef);
    fray_check_mod(e, &c, "Level", ta_ccr(e, who)->level);
    fray_check_mod(e, &c, attr, bonus - ta_ccr(e, who)->level);
    if (kind == 1) {
        int w = a->arg;
        fray_check_mod(e, &c, "Range increments",
                       -ta_range_penalty(e, ta_dist(e, who, t), ta_ccr(e, who)->w[w].increment));
    }
    ta_attack_adv(e, who, s->area ? -1 : t, kind, &n);
    if (!s->area && fray_cond_use(e, t, TA_C_DODGING))
        adv(e, &n, -1, "Disadvantage: Dodge");
    fray_check_adv(&c, ta_settle_adv(e, n));
    /* #Hidden: the attacker declares the square where it last knew the
     * creature to be; "If the wrong square is targeted the Attack roll is
     * still made, but always misses." */
    int wrong = !s->area && fray_has(e, t, TA_C_HIDDEN) &&
                (ct->hid_x != e->c[t].x || ct->hid_y != e->c[t].y);
    fray_check_roll(e, &c, 20, fray_opt(e, TA_OPT_NATURAL_CRITS) ? 20 : 0, "Attack roll, 1d20");
    fray_check_settle(&c, 0);
    if (s->area) {
        fray_emit(e, &(fray_event){.kind = "attack", .actor = who, .target = t, .action = s->name,
                                    .outcome = "area", .value = c.total, .has_value = 1, .rule = rule});
        int second = 0; /* a second d20, rolled once for every creature with Cover */
        for (int k = 0; k < e->n; k++) {
            if (k == who || e->c[k].gone || e->c[k].status == FRAY_DEAD ||
                fray_distance(e, k, t) > s->area)
                continue;
            fray_check ck = c;
            ck.target = s->mental ? ta_ccr(e, k)->mdef : ta_ccr(e, k)->pdef;
            /* #Cover: "If being attacked by an Effect with an Area determine
             * Cover based on the point of origin of the Area" (its centre,
             * the creature it is cast on): the single roll is read with
             * Disadvantage for a creature with Cover from there. The roll's
             * own dice had no Advantage (an Area's roll has none), so its
             * worse with one more die is the lower of the two. */
            if (fray_opt(e, TA_OPT_AREA_COVER) && k != t &&
                ta_cover_at(e, k, e->c[t].x, e->c[t].y, t) &&
                ta_settle_adv(e, c.adv - 1) != ta_settle_adv(e, c.adv)) {
                if (!second)
                    second = fray_die(&e->dice, 20, "Attack roll, 1d20 (Disadvantage: Cover)");
                fray_mod(e, "Disadvantage: Cover", -1);
                if (second < ck.nat)
                    fray_check_natural(&ck, second,
                                       !fray_opt(e, TA_OPT_NATURAL_CRITS) ? 0 : second == 20 ? 1
                                                                        : second == 1 ? -1 : 0);
            }
            fray_check_settle(&ck, 0);
            ta_crit(e, &ck);
            fray_emit(e, &(fray_event){.kind = "area", .actor = who, .target = k, .action = s->name,
                                        .outcome = outcome(&ck, 0), .value = ck.total,
                                        .has_value = 1, .rule = rule});
            if (ck.success)
                hit(e, who, k, s, ck.crit > 0, rule);
        }
        return;
    }
    ta_crit(e, &c);
    if (wrong)
        c.success = c.crit = 0;
    fray_emit(e, &(fray_event){.kind = "attack", .actor = who, .target = t, .action = s->name,
                                .outcome = outcome(&c, wrong), .value = c.total, .has_value = 1,
                                .rule = rule});
    if (c.success)
        hit(e, who, t, s, c.crit > 0, rule);
}

/* kind: 0 melee (arg: the weapon), 1 ranged (arg: the weapon), 2 a spell
 * (arg: the spell). */
void ta_attack(fray_encounter *e, const fray_action *a, int kind)
{
    int who = a->actor;
    ta_creature *c = ta_cr(e, who);
    ta_attack_src s = {0};
    const char *attr = "STR", *rule;
    int bonus;
    if (kind == 2) {
        const ta_spell *sp = &c->sp[a->arg];
        s = (ta_attack_src){sp->name, &sp->damage, &sp->on_hit, 0, sp->area, sp->defense == TA_MENTAL};
        bonus = c->level + c->ess;
        attr = "ESS";
        rule = R("Spell Attack");
    } else {
        const ta_weapon *w = &c->w[a->arg];
        s = (ta_attack_src){w->name, &w->damage, &w->on_hit, kind == 0, 0, 0};
        if (kind == 0) {
            bonus = ta_melee_bonus(e, who, a->arg, &attr);
            rule = R("Melee Attack");
        } else {
            bonus = c->level + c->dex;
            attr = "DEX";
            rule = R("Ranged Attack");
        }
    }
    attack_roll(e, a, kind, &s, bonus, attr, rule);
    if (e->map) /* #Zero-G: an Attack made while floating free */
        ta_unsteady(e, who);
    /* #Hidden: attacking someone discovers the attacker */
    if (fray_has(e, who, TA_C_HIDDEN)) {
        fray_cond_remove(e, who, TA_C_UNDETECTED);
        fray_cond_remove(e, who, TA_C_HIDDEN);
        fray_flush(e, who, R("Hidden"));
    }
}
