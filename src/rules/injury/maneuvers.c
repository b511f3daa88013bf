/* maneuvers.c: #Maneuvers and #Maneuver of 001_7bb09e523b7677c3.txt: the
 * ten maneuvers, their skills (tables.c) and size modifiers, and the
 * provocation of an untrained one. The text names each maneuver's skill but
 * not its effect; the effects below are the ruleset's reading
 * (docs/rules/injury.md, #Maneuver). */
#include "injury.h"

static int held(const in_creature *c, int state)
{
    for (int i = 0; i < c->nweapon; i++)
        if (!c->w[i].natural && c->w[i].state == state)
            return i;
    return -1;
}

static int reach_of(const fray_encounter *e, int who, int t)
{
    const in_creature *c = IN_CCR(e, who);
    for (int i = 0; i < c->nweapon; i++)
        if (c->w[i].melee && in_weapon_usable(c, i) && in_in_reach(e, who, t, &c->w[i]))
            return 1;
    /* an unarmed creature still reaches 5 feet */
    static const in_weapon hand = {.melee = 1, .reach_ft = 5};
    return in_in_reach(e, who, t, &hand);
}

static int maneuver_ok(const fray_encounter *e, int who, int t, int kind)
{
    const in_creature *tc = IN_CCR(e, t);
    switch (kind) {
    case IN_A_DISARM:
    case IN_A_SUNDER:
        return held(tc, IN_W_READY) >= 0;
    case IN_A_DRAG:
        return tc->grappler == who;
    case IN_A_GRAPPLE:
        return !fray_has(e, t, IN_C_GRAPPLED);
    case IN_A_STEAL:
        return held(tc, IN_W_STOWED) >= 0;
    case IN_A_TRIP:
        return !fray_has(e, t, IN_C_PRONE);
    case IN_A_TRICK:
        return !fray_has(e, t, IN_C_TRICKED);
    default:
        return 1;
    }
}

uint32_t in_maneuvers_ok(const fray_encounter *e, int who, int t)
{
    /* "the target opponent is within reach" */
    if (!fray_able(e, t) || !reach_of(e, who, t))
        return 0;
    uint32_t m = 0;
    for (int k = 0; k < IN_NMANEUVER; k++)
        m |= (uint32_t)maneuver_ok(e, who, t, IN_FIRST_MANEUVER + k) << k;
    return m;
}

static void push(fray_encounter *e, int who, int from, int squares, int side)
{
    int x, y;
    int64_t dx = (int64_t)e->c[from].x - e->c[who].x, dy = (int64_t)e->c[from].y - e->c[who].y;
    if (side) { /* a quarter turn around `from` */
        int64_t t = dx;
        dx = -dy;
        dy = t;
    }
    int len = fray_isqrt(dx * dx + dy * dy);
    if (len <= 0)
        return;
    fray_step_along(e->c[who].x, e->c[who].y, dx, dy, len, squares * IN_SQUARE_CM, 1, &x, &y);
    fray_move(e, who, x, y);
}

static void effect(fray_encounter *e, int who, int t, int kind)
{
    in_creature *tc = IN_CR(e, t);
    int w;
    switch (kind) {
    case IN_A_DISARM: /* the held weapon falls */
        if ((w = held(tc, IN_W_READY)) >= 0)
            tc->w[w].state = IN_W_DROPPED, fray_record(e, t, "dropped", 0, 1);
        break;
    case IN_A_DRAG: /* you step back a square and the grappled foe comes along */
        push(e, who, t, 1, 0);
        {
            int x, y;
            fray_step_towards(e->c[t].x, e->c[t].y, e->c[who].x, e->c[who].y, IN_SQUARE_CM, 0, &x,
                              &y);
            fray_move(e, t, x, y);
        }
        break;
    case IN_A_GRAPPLE: /* grappled: it cannot move */
        tc->grappler = who;
        fray_cond_give(e, t, IN_C_GRAPPLED, who, 1, FRAY_EXP_NEVER, 0);
        break;
    case IN_A_OVERRUN: /* you pass through to the square beyond it */
        fray_move(e, who, 2 * e->c[t].x - e->c[who].x, 2 * e->c[t].y - e->c[who].y);
        break;
    case IN_A_REPOSITION: /* it moves a square around you */
        push(e, t, who, 1, 1);
        break;
    case IN_A_SHOVE: /* pushed a square (5 feet) away */
        push(e, t, who, 1, 0);
        break;
    case IN_A_STEAL: /* a carried, unheld item is taken */
        if ((w = held(tc, IN_W_STOWED)) >= 0)
            tc->w[w].state = IN_W_GONE, fray_record(e, t, "stolen", 0, 1);
        break;
    case IN_A_SUNDER: /* the held weapon breaks */
        if ((w = held(tc, IN_W_READY)) >= 0)
            tc->w[w].state = IN_W_BROKEN, fray_record(e, t, "broken", 0, 1);
        break;
    case IN_A_TRICK: /* off-guard until the start of its next turn */
        fray_cond_give(e, t, IN_C_TRICKED, who, 1, FRAY_EXP_TURN_START, fray_turns_next_round(e, t));
        break;
    case IN_A_TRIP:
        fray_cond_add(e, t, IN_C_PRONE, -1, FRAY_EXP_NEVER, 0);
        break;
    default:
        break;
    }
}

static int add_skill_dis(fray_encounter *e, int n)
{
    if (n)
        fray_mod(e, "disadvantage: injuries (skill)", -n);
    return n;
}

void in_maneuver(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target, k = a->kind - IN_FIRST_MANEUVER;
    const in_creature *c = IN_CCR(e, who);
    int skill = in_maneuver_skill[k];
    /* "maneuvers provoke from the target if you are untrained with the skill" */
    if (skill >= 0 && c->skill[skill] == 0 && in_provoke(e, a, 1u << t) && !fray_able(e, who))
        return;
    if (!fray_able(e, t))
        return;
    const in_fx *fx = &c->fx;
    fray_check m;
    /* "if the result is equal or greater than the target's DV" */
    fray_check_start(&m, in_dv(e, t, 0, in_offguard(e, t)));
    fray_check_mod(e, &m, "martial bonus", c->mb);
    fray_check_mod(e, &m, skill >= 0 ? in_skill_name[skill] : "Strength",
                   skill >= 0 ? in_skill_mod(e, who, skill) : c->attr[IN_STR]);
    fray_check_mod(e, &m, "size", in_size_maneuver(IN_CCR(e, t)->size - c->size));
    /* #Maneuver: "Maneuvers are a type of attack ... make an attack roll":
     * the roll takes what every melee attack roll takes (iterative attacks,
     * injuries, blinded, confused, sickened, exhausted, cover, flanking,
     * prone, opened defences), and the skill's own disadvantage */
    static const in_weapon hand = {.melee = 1, .reach_ft = 5};
    fray_check_adv(&m, in_adv(e, who, t, &hand, 0, 1) -
                           add_skill_dis(e, skill >= 0 ? fx->skill_dis[skill] : 0));
    in_roll_adv(e, &m, "Maneuver roll, 1d20");
    fray_check_settle(&m, 0);
    if (m.success)
        effect(e, who, t, a->kind);
    fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = t,
                                .action = e->rs->actions[a->kind].name,
                                .outcome = m.success ? "success" : "failure", .value = m.total,
                                .has_value = 1, .rule = IN_RULE("Maneuver")});
}

/* The grapple's reading (option grapple_escape; the text names Grapple's
 * skill, not its effect): the grappled creature may Escape, and the grapple
 * holds only while the grappler is up and the pair within its hand's 5
 * feet (Shove, Reposition or anyone's move may part them). */
int in_escape_ok(const fray_encounter *e, int who)
{
    const in_creature *c = IN_CCR(e, who);
    static const in_weapon hand = {.melee = 1, .reach_ft = 5};
    return fray_opt(e, IN_OPT_GRAPPLE_ESCAPE) && fray_has(e, who, IN_C_GRAPPLED) &&
           c->grappler >= 0 && in_in_reach(e, who, c->grappler, &hand);
}

static void release(fray_encounter *e, int who, const char *why)
{
    in_creature *c = IN_CR(e, who);
    int g = c->grappler;
    c->grappler = -1;
    fray_cond_remove(e, who, IN_C_GRAPPLED);
    fray_emit(e, &(fray_event){.kind = "grapple", .actor = g, .target = who, .outcome = "ends",
                                .detail = why, .rule = IN_RULE("Maneuver")});
}

/* Escape: a maneuver against the grappler, "roll the skill check and add
 * your martial bonus to the result - if the result is equal or greater than
 * the target's DV, the maneuver is a success", with the better of Athletics
 * and Acrobatics. */
void in_escape(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, g = IN_CCR(e, who)->grappler;
    if (g < 0 || !fray_has(e, who, IN_C_GRAPPLED))
        return;
    const in_creature *c = IN_CCR(e, who);
    int skill = in_skill_mod(e, who, IN_SK_ATHLETICS) >= in_skill_mod(e, who, IN_SK_ACROBATICS)
                    ? IN_SK_ATHLETICS : IN_SK_ACROBATICS;
    const in_fx *fx = &c->fx;
    fray_check m;
    fray_check_start(&m, in_dv(e, g, 0, in_offguard(e, g)));
    fray_check_mod(e, &m, "martial bonus", c->mb);
    fray_check_mod(e, &m, in_skill_name[skill], in_skill_mod(e, who, skill));
    fray_check_mod(e, &m, "size", in_size_maneuver(IN_CCR(e, g)->size - c->size));
    static const in_weapon hand = {.melee = 1, .reach_ft = 5};
    fray_check_adv(&m, in_adv(e, who, g, &hand, 0, 1) - add_skill_dis(e, fx->skill_dis[skill]));
    in_roll_adv(e, &m, "Escape roll, 1d20");
    fray_check_settle(&m, 0);
    fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = g, .action = "Escape",
                                .outcome = m.success ? "success" : "failure", .value = m.total,
                                .has_value = 1, .rule = IN_RULE("Maneuver")});
    if (m.success)
        release(e, who, "escaped");
}

void in_grapple_hold(fray_encounter *e)
{
    if (!fray_opt(e, IN_OPT_GRAPPLE_ESCAPE))
        return;
    static const in_weapon hand = {.melee = 1, .reach_ft = 5};
    for (int i = 0; i < e->n; i++) {
        int g = IN_CCR(e, i)->grappler;
        if (g < 0 || !fray_has(e, i, IN_C_GRAPPLED))
            continue;
        if (!fray_able(e, g) || (fray_cflags(e, g) & FRAY_CF_NO_ACTIONS))
            release(e, i, "the grappler is out");
        else if (!in_in_reach(e, g, i, &hand))
            release(e, i, "the pair is apart");
    }
}
