/* conditions.c: #Subjective Conditions (judged between two creatures) and
 * #Objective Conditions (the condition table), hit points, damage, and the
 * Bleeding that follows a creature's fall to 0 HP (#Incapacitated,
 * #Bleeding, #Bleed Table, #Dead), and #Falling. */
#include "threeaction.h"

#define C(k) ((uint64_t)1 << (k))
#define R(h) TA_RULE(h)

const char *const ta_cond_names[TA_NCOND] = {
    "Bleeding", "Blinded", "Entangled", "Shaken", "Grappled", "Grappling", "Incapacitated",
    "Invisible", "On fire", "Poisoned", "Prone", "Slowed", "Stunned", "Squeezing",
    "Unconscious", "Flat Footed", "Feinted", "Dodging", "Hidden", "Undetected", "Suffocating",
    "Unstable"};

/* What each condition forbids or gives. Disadvantage and Advantage that
 * depend on the attack (Prone: melee or ranged) or on who looks (Flanked,
 * Feinted, Grappled) are judged in ta_attack_adv and ta_flat_footed. */
const fray_cond_info ta_cond_info[TA_NCOND] = {
    [TA_C_BLEEDING] = {"Bleeding", FRAY_STACK_EXTEND, 0, 0, R("Bleeding")},
    [TA_C_BLINDED] = {"Blinded", FRAY_STACK_EXTEND, 0, FRAY_CF_FLAT_FOOTED | FRAY_CF_ATTACK_DIS, R("Blinded")},
    [TA_C_ENTANGLED] = {"Entangled", FRAY_STACK_EXTEND, 0, FRAY_CF_NO_MOVE, R("Entangled")},
    [TA_C_SHAKEN] = {"Shaken", FRAY_STACK_ADD_TIME, 0, FRAY_CF_ATTACK_DIS, R("Shaken")},
    [TA_C_GRAPPLED] = {"Grappled", FRAY_STACK_EXTEND, 0, 0, R("Grappled")},
    [TA_C_GRAPPLING] = {"Grappling", FRAY_STACK_EXTEND, 0, 0, R("Grappling")},
    [TA_C_INCAPACITATED] = {"Incapacitated", FRAY_STACK_EXTEND, 0, FRAY_CF_DOWN, R("Incapacitated")},
    [TA_C_INVISIBLE] = {"Invisible", FRAY_STACK_EXTEND, 0, FRAY_CF_TARGET_DIS, R("Invisible")},
    [TA_C_ON_FIRE] = {"On fire", FRAY_STACK_EXTEND, 0, 0, R("On fire")},
    [TA_C_POISONED] = {"Poisoned", FRAY_STACK_APART, 0, 0, R("Poisoned")},
    [TA_C_PRONE] = {"Prone", FRAY_STACK_EXTEND, 0, 0, R("Prone")},
    [TA_C_SLOWED] = {"Slowed", FRAY_STACK_EXTEND, 0, 0, R("Slowed")},
    [TA_C_STUNNED] = {"Stunned", FRAY_STACK_EXTEND, 0,
                      FRAY_CF_NO_ACTIONS | FRAY_CF_NO_REACTIONS | FRAY_CF_FLAT_FOOTED, R("Stunned")},
    [TA_C_SQUEEZING] = {"Squeezing", FRAY_STACK_EXTEND, 0, FRAY_CF_FLAT_FOOTED, R("Squeezing")},
    [TA_C_UNCONSCIOUS] = {"Unconscious", FRAY_STACK_EXTEND, C(TA_C_PRONE),
                          FRAY_CF_NO_ACTIONS | FRAY_CF_NO_REACTIONS | FRAY_CF_FLAT_FOOTED | FRAY_CF_DOWN,
                          R("Unconscious")},
    [TA_C_FLAT_FOOTED] = {"Flat Footed", FRAY_STACK_EXTEND, 0, FRAY_CF_FLAT_FOOTED, R("Flat Footed")},
    [TA_C_FEINTED] = {"Feinted", FRAY_STACK_EXTEND, 0, 0, R("Feint")},
    [TA_C_DODGING] = {"Dodging", FRAY_STACK_EXTEND, 0, FRAY_CF_TARGET_DIS, R("Dodge")},
    [TA_C_HIDDEN] = {"Hidden", FRAY_STACK_EXTEND, 0, FRAY_CF_TARGET_DIS, R("Hidden")},
    [TA_C_UNDETECTED] = {"Undetected", FRAY_STACK_EXTEND, C(TA_C_HIDDEN), 0, R("Undetected")},
    [TA_C_SUFFOCATING] = {"Suffocating", FRAY_STACK_EXTEND, 0, 0, R("Suffocating")},
    /* #Zero-G: "take Disadvantage on all Attack rolls until you touch a fixed Object" */
    [TA_C_UNSTABLE] = {"Unstable", FRAY_STACK_EXTEND, 0, FRAY_CF_ATTACK_DIS, R("Zero-G")},
};

/* A condition `in` given to who by src (a hit's rider, a Maneuver, the
 * sheet): it lasts `rounds` of who's turns (0: until removed). Shaken's
 * durations add (the table's ADD_TIME); Poisoned's entries stay apart,
 * the highest level applies (#Poisoned). */
void ta_inflict_on(fray_encounter *e, int who, int src, const ta_inflict *in)
{
    if (in->cond < 0)
        return;
    int next = fray_turns_next_round(e, who);
    if (next < 1)
        next = 1;
    int cond = in->cond, expire = FRAY_EXP_NEVER, round = 0;
    if (in->rounds > 0) {
        /* Poisoned hurts at turn starts: it ends at the start after its last */
        expire = cond == TA_C_POISONED ? FRAY_EXP_TURN_START : FRAY_EXP_TURN_END;
        round = cond == TA_C_POISONED ? next + in->rounds : next + in->rounds - 1;
        /* the core adds (round - this round) to what is left: `rounds` more */
        if (ta_cond_info[cond].stack == FRAY_STACK_ADD_TIME && fray_has(e, who, cond))
            round = e->round + in->rounds;
    }
    if (cond == TA_C_HIDDEN || cond == TA_C_UNDETECTED) {
        ta_creature *c = ta_cr(e, who);
        c->hid_x = e->c[who].x;
        c->hid_y = e->c[who].y;
    }
    fray_cond_give(e, who, cond, src, in->level, expire, round);
}

/* ---- Subjective conditions ---- */

/* #Flanked: an ally of the attacker on the opposite side of the target
 * ("a line between any two points in their space that crosses opposite
 * sides"), both within reach of it. */
static int flanked_by(const fray_encounter *e, int t, int a)
{
    const fray_combatant *ct = &e->c[t];
    int half = ta_size_space[ta_ccr(e, t)->size] / 2;
    for (int b = 0; b < e->n; b++) {
        if (b == a || b == t || !fray_able(e, b) || !ta_foes(e, b, t) || ta_foes(e, a, b))
            continue;
        int wb = ta_melee_weapon(e, b);
        if (wb < 0 || !ta_in_reach(e, b, t, ta_ccr(e, b)->w[wb].reach))
            continue;
        if (fray_opposite(ct->x, ct->y, e->c[a].x, e->c[a].y, e->c[b].x, e->c[b].y, half))
            return 1;
    }
    return 0;
}

int ta_flanked_by(const fray_encounter *e, int t, int a)
{
    int wa = ta_melee_weapon(e, a);
    if (wa < 0 || !ta_in_reach(e, a, t, ta_ccr(e, a)->w[wa].reach))
        return 0;
    int v = ta_sit_get(e, TA_SIT_FLANKED, t, a); /* situation.c */
    return v >= 0 ? v : ta_sit_put(e, TA_SIT_FLANKED, t, a, flanked_by(e, t, a));
}

/* #Flat Footed against this attacker: of itself (Stunned, Unconscious,
 * Blinded, Squeezing, a critical Feint), Feinted by it, Grappled by it,
 * Flanked by it, or the attacker is Hidden from it. */
int ta_flat_footed(const fray_encounter *e, int t, int a)
{
    if (fray_cflags(e, t) & FRAY_CF_FLAT_FOOTED)
        return 1;
    if (fray_has(e, t, TA_C_FEINTED) && fray_cond_source(e, t, TA_C_FEINTED) == a)
        return 1;
    if (fray_has(e, t, TA_C_GRAPPLED) && fray_linked(e, 0, a, t))
        return 1;
    if (fray_has(e, a, TA_C_HIDDEN))
        return 1;
    return ta_flanked_by(e, t, a);
}

/* #Concealed to this attacker: Invisible, Hidden, or the attacker Blinded
 * ("all other Creatures have concealment against it"). */
int ta_concealed(const fray_encounter *e, int t, int a)
{
    return fray_has(e, t, TA_C_INVISIBLE) || fray_has(e, t, TA_C_HIDDEN) ||
           fray_has(e, a, TA_C_BLINDED) || (e->map && ta_map_concealed(e, t, a));
}

/* #Cover: "partially obscured by a Creature ... of at least their Size":
 * another creature of at least the target's Size whose space the line from
 * the point (ox, oy) to the target crosses, nearer the point than the
 * target. `o` is the creature at the point (the attacker, or the creature
 * an Area is centred on): it and those it grapples or is grappled by (who
 * share its space) cover nothing. */
int ta_cover_at(const fray_encounter *e, int t, int ox, int oy, int o)
{
    int ts = ta_ccr(e, t)->size;
    const fray_combatant *ct = &e->c[t];
    int64_t tx = ct->x - ox, ty = ct->y - oy;
    for (int k = 0; k < e->n; k++) {
        if (k == o || k == t || e->c[k].gone || e->c[k].status == FRAY_DEAD ||
            ta_ccr(e, k)->size < ts)
            continue;
        int64_t r = ta_size_space[ta_ccr(e, k)->size] / 2;
        int64_t kx = e->c[k].x - ox, ky = e->c[k].y - oy;
        /* where it stands first, the grapples (four questions) only of a
         * creature across the line: most are not (issue 34) */
        if (kx * kx + ky * ky < tx * tx + ty * ty &&
            fray_dist2_point_segment(e->c[k].x, e->c[k].y, ox, oy, ct->x, ct->y) < r * r &&
            !fray_linked(e, 0, k, t) && !fray_linked(e, 0, t, k) && !fray_linked(e, 0, k, o) &&
            !fray_linked(e, 0, o, k))
            return 1;
    }
    /* walls and objects (terrain.c) */
    return e->map && ta_map_cover_at(e, t, ox, oy, ta_ccr(e, o)->altitude);
}

/* Cover from the attacker a. */
int ta_cover(const fray_encounter *e, int t, int a)
{
    int v = ta_sit_get(e, TA_SIT_COVER, t, a); /* situation.c */
    return v >= 0 ? v : ta_sit_put(e, TA_SIT_COVER, t, a, ta_cover_at(e, t, e->c[a].x, e->c[a].y, a));
}

/* ---- Hit points ---- */

static void end_grapples(fray_encounter *e, int who)
{
    for (int k = 0; k < e->n; k++) {
        if (fray_linked(e, 0, who, k) || fray_linked(e, 0, k, who)) {
            int holder = fray_linked(e, 0, who, k) ? who : k, held = holder == who ? k : who;
            fray_unlink(e, 0, holder, held);
            fray_cond_remove(e, held, TA_C_GRAPPLED);
            if (fray_link_held(e, 0, holder) < 0)
                fray_cond_remove(e, holder, TA_C_GRAPPLING);
        }
    }
}

/* #Dead: "negative HP equal to or greater than its max HP"; #Incapacitated:
 * "0 or less HP ... knocked Prone, and begins Bleeding". Any damage adds 1
 * to the Bleed Penalty (#Bleeding). */
void ta_damage(fray_encounter *e, int who, int amount, int src, const char *what, const char *rule)
{
    if (amount <= 0 || e->c[who].status == FRAY_DEAD)
        return;
    const ta_creature *c = ta_ccr(e, who);
    int hp = e->c[who].res[TA_R_HP] - amount;
    fray_res_set(e, who, TA_R_HP, hp);
    fray_res_set(e, who, TA_R_BLEED, e->c[who].res[TA_R_BLEED] + 1);
    e->c[who].taken += amount;
    if (src >= 0)
        e->c[src].dealt += amount;
    if (hp <= -c->hp_max) {
        end_grapples(e, who);
        fray_set_status(e, who, FRAY_DEAD);
    } else if (hp <= 0 && !fray_has(e, who, TA_C_INCAPACITATED)) {
        fray_cond_add(e, who, TA_C_INCAPACITATED, -1, FRAY_EXP_NEVER, 0);
        fray_cond_add(e, who, TA_C_PRONE, -1, FRAY_EXP_NEVER, 0);
        fray_cond_add(e, who, TA_C_BLEEDING, -1, FRAY_EXP_NEVER, 0);
        fray_set_status(e, who, FRAY_DOWN);
        /* "2 less Actions and 2 less Reactions per Turn": in its own turn,
         * from what it has left (its next turns are refilled so) */
        if (fray_turns_current(e) == who) {
            int act = e->c[who].res[TA_R_ACTIONS] - 2, rea = e->c[who].res[TA_R_REACTIONS] - 2;
            fray_res_set(e, who, TA_R_ACTIONS, act < 0 ? 0 : act);
            fray_res_set(e, who, TA_R_REACTIONS, rea < 0 ? 0 : rea);
        }
    }
    fray_emit(e, &(fray_event){.kind = "damage", .actor = src, .target = who, .detail = what,
                                .value = amount, .has_value = 1, .rule = rule});
    if (e->map && src >= 0) /* #Zero-G: hit while not touching a fixed Object */
        ta_unsteady(e, who);
}

/* "Any time the Creature is healed, their Bleed Penalty is reduced by 1."
 * Back above 0 HP it is no longer Incapacitated (nor Unconscious). */
void ta_heal(fray_encounter *e, int who, int amount)
{
    if (amount <= 0 || e->c[who].status == FRAY_DEAD)
        return;
    int hp = e->c[who].res[TA_R_HP] + amount, max = ta_ccr(e, who)->hp_max;
    fray_res_set(e, who, TA_R_HP, hp > max ? max : hp);
    if (e->c[who].res[TA_R_BLEED] > 0)
        fray_res_set(e, who, TA_R_BLEED, e->c[who].res[TA_R_BLEED] - 1);
    if (e->c[who].res[TA_R_HP] > 0 && fray_has(e, who, TA_C_INCAPACITATED)) {
        fray_cond_remove(e, who, TA_C_INCAPACITATED);
        fray_cond_remove(e, who, TA_C_UNCONSCIOUS);
        fray_set_status(e, who, FRAY_ABLE);
    }
}

void ta_fiat(fray_encounter *e, int who, int amount, int heal)
{
    if (heal) {
        ta_heal(e, who, amount);
        fray_flush(e, -1, R("Bleeding"));
    } else {
        ta_damage(e, who, amount, -1, "the GM's damage", R("Objective Conditions"));
    }
}

/* #Bleeding, at the start of the turn: d20 - Bleed Penalty on the Bleed
 * Table, then 2d6 Bleed Damage. */
void ta_bleed(fray_encounter *e, int who)
{
    int roll = fray_die_by(&e->dice, who, 20, "Bleed Table, 1d20");
    int pen = e->c[who].res[TA_R_BLEED], total = roll - pen;
    const ta_bleed_row *row = ta_bleed_lookup(total);
    fray_mod(e, "Bleed Penalty", -pen);
    int stabilized = 0;
    switch (row->effect) {
    case TA_BLEED_DEATH:
        if (e->c[who].res[TA_R_HP] < 0)
            fray_set_status(e, who, FRAY_DEAD);
        else
            fray_cond_add(e, who, TA_C_UNCONSCIOUS, -1, FRAY_EXP_NEVER, 0);
        break;
    case TA_BLEED_UNCONSCIOUS:
        fray_cond_add(e, who, TA_C_UNCONSCIOUS, -1, FRAY_EXP_NEVER, 0);
        break;
    case TA_BLEED_DETERIORATE:
        fray_res_set(e, who, TA_R_BLEED, pen + 1);
        break;
    case TA_BLEED_STABILIZE:
        fray_cond_remove(e, who, TA_C_BLEEDING);
        fray_res_set(e, who, TA_R_BLEED, 0);
        stabilized = 1;
        break;
    default:
        break;
    }
    if (fray_has(e, who, TA_C_UNCONSCIOUS) && e->c[who].status == FRAY_ABLE)
        fray_set_status(e, who, FRAY_DOWN);
    fray_emit(e, &(fray_event){.kind = "bleed", .actor = who, .target = who, .outcome = row->name,
                                .value = total, .has_value = 1, .rule = R("Bleed Table")});
    if (e->c[who].status == FRAY_DEAD || (stabilized && fray_opt(e, TA_OPT_STABILIZE_SKIPS_DAMAGE)))
        return;
    int dmg = fray_die(&e->dice, 6, "Bleed Damage, 2d6") + fray_die(&e->dice, 6, "Bleed Damage, 2d6");
    ta_damage(e, who, dmg, -1, "Bleed Damage", R("Bleeding"));
}

/* #Falling: ft feet fallen (at most 100), plus extra_ft of a critical Trip
 * ("as if they had fallen from 10 ft"); the creature lands Prone. */
void ta_fall(fray_encounter *e, int who, int ft, int extra_ft)
{
    ta_creature *c = ta_cr(e, who);
    if (e->map && ta_fall_grab(e, who))
        return;
    c->altitude = 0;
    if (e->map)
        ft = ta_fall_water(e, who, ft);
    int n = ta_fall_dice(ft, c->size) + ta_fall_dice(extra_ft, c->size);
    int dmg = 0;
    for (int i = 0; i < n; i++)
        dmg += fray_die(&e->dice, fray_opt(e, TA_OPT_FALL_DIE), "Fall Damage, 1 die per 10 ft");
    fray_cond_add(e, who, TA_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    fray_emit(e, &(fray_event){.kind = "fall", .actor = who, .target = who, .value = ft + extra_ft,
                                .has_value = 1, .detail = "feet", .rule = R("Falling")});
    ta_damage(e, who, dmg, -1, "Fall Damage", R("Falling"));
}
