/* maneuvers.c: #Maneuver, "a special Type of Attack" made in place of a
 * Melee Attack with the same Reach: #Break, #Push, #Feint, #Disarm, #Trip
 * and #Grapple, and the ways out of a grapple (#Grappled, #Grappling). */
#include "threeaction.h"

#define R(h) TA_RULE(h)

static int roll_side(fray_encounter *e, fray_check *c, int who, int t, const char *lvl,
                     const char *purpose)
{
    int w = ta_melee_weapon(e, who), n = 0;
    const char *attr;
    int b = ta_melee_bonus(e, who, w, &attr);
    fray_check_start(c, 0);
    fray_check_mod(e, c, lvl, b);
    ta_attack_adv(e, who, t, 0, &n);
    if (t >= 0 && fray_cond_use(e, t, TA_C_DODGING))
        fray_mod(e, "Disadvantage: Dodge", -1), n--;
    fray_check_adv(c, ta_settle_adv(e, n));
    int was = fray_dice_by(&e->dice, who); /* the defender's side is its own roll */
    int nat = fray_check_roll(e, c, 20, fray_opt(e, TA_OPT_NATURAL_CRITS) ? 20 : 0, purpose);
    e->dice.roller = was;
    fray_check_settle(c, 0);
    return nat;
}

/* "You make an opposed Melee Attack roll": who's d20 + Level + STR (or DEX)
 * against t's; the attacker succeeds on a higher total (a tie is t's, or
 * who's with opposed_ties 1), critically on a natural 20 or by
 * crit_margin. Returns 2 critical success, 1 success, 0 failure. */
int ta_opposed(fray_encounter *e, int who, int t, const char *what)
{
    fray_check a, d;
    roll_side(e, &a, who, t, "Level + attribute", "Opposed Melee Attack roll, 1d20");
    roll_side(e, &d, t, -1, "defender's Level + attribute", "Opposed Melee Attack roll (defender), 1d20");
    int margin = a.total - d.total;
    int ok = margin > 0 || (margin == 0 && fray_opt(e, TA_OPT_OPPOSED_TIES));
    if (fray_opt(e, TA_OPT_NATURAL_CRITS) && a.nat == 20 && d.nat != 20)
        ok = 1;
    int m = fray_opt(e, TA_OPT_CRIT_MARGIN);
    int crit = ok && ((fray_opt(e, TA_OPT_NATURAL_CRITS) && a.nat == 20) || (m > 0 && margin >= m));
    int r = crit ? 2 : ok ? 1 : 0;
    fray_emit(e, &(fray_event){.kind = "opposed", .actor = who, .target = t, .action = what,
                                .outcome = r == 2 ? "critical" : r ? "success" : "failure",
                                .value = margin, .has_value = 1, .rule = R("Maneuver")});
    if (e->map) /* #Zero-G: an Attack made while floating free */
        ta_unsteady(e, who);
    return r;
}

/* A grapple between a and b (either way round) ends. */
static int end_grapple(fray_encounter *e, int a, int b)
{
    int holder = fray_linked(e, 0, a, b) ? a : fray_linked(e, 0, b, a) ? b : -1;
    if (holder < 0)
        return 0;
    int held = holder == a ? b : a;
    fray_unlink(e, 0, holder, held);
    fray_cond_remove(e, held, TA_C_GRAPPLED);
    if (fray_link_held(e, 0, holder) < 0)
        fray_cond_remove(e, holder, TA_C_GRAPPLING);
    return 1;
}

static void brk(fray_encounter *e, int who, int t, int r)
{
    ta_creature *ct = ta_cr(e, t);
    int w = ta_melee_weapon(e, t) >= 0 ? ta_melee_weapon(e, t) : ta_ranged_weapon(e, t);
    int mine = ta_melee_weapon(e, who);
    if (r <= 0 || w < 0 || mine < 0)
        return;
    int dmg = fray_dexpr_roll(&ta_cr(e, who)->w[mine].damage, &e->dice, 0, "Damage to the object") +
              ta_ccr(e, who)->str;
    if (r == 2)
        dmg *= 2;
    dmg -= ct->w[w].durability; /* #Thin Ice's Durability, read as damage resistance */
    if (dmg < 0)
        dmg = 0;
    ct->w[w].hp = (int16_t)(ct->w[w].hp - dmg);
    fray_mod(e, "Durability", -ct->w[w].durability);
    const char *o = "damaged";
    if (ct->w[w].hp <= 0) { /* #Destroyed: "When an Object has 0 HP" */
        ct->w[w].where = TA_GONE;
        o = "destroyed";
    }
    fray_emit(e, &(fray_event){.kind = "object", .actor = who, .target = t, .action = ct->w[w].name,
                                .outcome = o, .value = dmg, .has_value = 1, .rule = R("Destroyed")});
}

static void push(fray_encounter *e, const fray_action *a, int r)
{
    int who = a->actor, t = a->target, x, y;
    if (r <= 0)
        return;
    if (end_grapple(e, who, t)) /* #Grappled: pushing the grappler away ends it */
        fray_flush(e, who, R("Grappled"));
    int ft = 5;
    if (r == 2) /* "you may Push them up to 15ft" */
        ft = 5 * (1 + fray_ask(e, who, TA_Q_PUSH, 7u, a));
    int d = ft * TA_FT;
    if (e->map) { /* walls stop it: damage and Prone (terrain.c) */
        int went = ta_push_map(e, who, t, d);
        int follow = went < ta_speed(e, who) ? went : ta_speed(e, who);
        fray_step_towards(e->c[who].x, e->c[who].y, e->c[t].x, e->c[t].y, follow, 0, &x, &y);
        ta_travel_map(e, who, x, y, follow, 1, INT32_MAX);
    } else {
        fray_step_towards(e->c[t].x, e->c[t].y, e->c[who].x, e->c[who].y, d, 1, &x, &y);
        ta_carry(e, t, x, y);
        /* "You must remain adjacent to the Enemy and cannot Move more than your Speed" */
        int follow = d < ta_speed(e, who) ? d : ta_speed(e, who);
        fray_step_towards(e->c[who].x, e->c[who].y, e->c[t].x, e->c[t].y, follow, 0, &x, &y);
        ta_carry(e, who, x, y);
    }
    fray_emit(e, &(fray_event){.kind = "push", .actor = who, .target = t, .value = ft,
                                .has_value = 1, .detail = "feet", .rule = R("Push")});
    if (e->map) { /* thin ice, a narrow space where they end up */
        ta_after_move(e, t);
        ta_after_move(e, who);
    }
}

static void disarm(fray_encounter *e, const fray_action *a, int r)
{
    int who = a->actor, t = a->target;
    ta_creature *ct = ta_cr(e, t);
    int w = ta_melee_weapon(e, t) >= 0 ? ta_melee_weapon(e, t) : ta_ranged_weapon(e, t);
    if (r <= 0 || w < 0)
        return;
    int how = r == 2 ? fray_ask(e, who, TA_Q_DISARM, 7u, a) : TA_DISARM_DROP;
    ta_weapon *wp = &ct->w[w];
    wp->where = how == TA_DISARM_TAKE ? TA_GONE : TA_ON_GROUND;
    wp->gx = e->c[t].x;
    wp->gy = e->c[t].y;
    if (how == TA_DISARM_FLING) { /* "fling the item 10ft away from them" */
        int x, y;
        fray_step_towards(e->c[t].x, e->c[t].y, e->c[who].x, e->c[who].y, 10 * TA_FT, 1, &x, &y);
        wp->gx = x;
        wp->gy = y;
    }
    static const char *const hows[] = {"dropped", "flung", "taken"};
    fray_emit(e, &(fray_event){.kind = "disarm", .actor = who, .target = t, .action = wp->name,
                                .outcome = hows[how], .rule = R("Disarm")});
}

static void trip(fray_encounter *e, int who, int t, int r)
{
    ta_creature *ct = ta_cr(e, t);
    if (r <= 0)
        return;
    /* "Flying Creatures fall 50ft (or until they hit the ground)"; "On a
     * Critical Success the target takes fall Damage as if they had fallen
     * from 10 ft" on top */
    int fell = ct->altitude / TA_FT < 50 ? ct->altitude / TA_FT : 50;
    if (fell > 0)
        ct->altitude -= fell * TA_FT;
    fray_cond_add(e, t, TA_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    fray_flush(e, who, R("Trip"));
    if (fell > 0 || r == 2) {
        int keep = ct->altitude;
        ta_fall(e, t, fell, r == 2 ? 10 : 0);
        ct->altitude = keep;
    }
}

static void grapple(fray_encounter *e, int who, int t, int r)
{
    if (r <= 0)
        return;
    if (end_grapple(e, who, t)) { /* #Grappled: grappling the grappler ends it */
        fray_flush(e, who, R("Grappled"));
        return;
    }
    fray_link(e, 0, who, t);
    int sw = ta_ccr(e, who)->size, st = ta_ccr(e, t)->size;
    fray_cond_give(e, t, TA_C_GRAPPLED, who, 1, FRAY_EXP_NEVER, 0);
    fray_cond_give(e, who, TA_C_GRAPPLING, who, 1, FRAY_EXP_NEVER, 0);
    /* "If you are smaller than the Creature Grappling you, you are Entangled" */
    if (st < sw)
        fray_cond_add(e, t, TA_C_ENTANGLED, TA_C_GRAPPLED, FRAY_EXP_NEVER, 0);
    if (sw < st)
        fray_cond_add(e, who, TA_C_ENTANGLED, TA_C_GRAPPLING, FRAY_EXP_NEVER, 0);
    /* "Both Creatures share the space of the larger Creature. If both are
     * the same Size they share the space of the Grappled Creature." */
    if (sw > st)
        fray_move(e, t, e->c[who].x, e->c[who].y);
    else
        fray_move(e, who, e->c[t].x, e->c[t].y);
    if (r == 2) /* "the Grappled Creature is Slowed for one Round" */
        fray_cond_add(e, t, TA_C_SLOWED, -1, FRAY_EXP_TURN_END, fray_turns_next_round(e, t));
    fray_flush(e, who, R("Grapple"));
}

/* #Feint: "a Melee Attack roll against the targets Mental Defense". */
static void feint(fray_encounter *e, int who, int t)
{
    fray_check c;
    int n = 0;
    const char *attr;
    fray_check_start(&c, ta_ccr(e, t)->mdef);
    fray_check_mod(e, &c, "Level + attribute", ta_melee_bonus(e, who, ta_melee_weapon(e, who), &attr));
    ta_attack_adv(e, who, t, 0, &n);
    if (fray_cond_use(e, t, TA_C_DODGING))
        fray_mod(e, "Disadvantage: Dodge", -1), n--;
    fray_check_adv(&c, ta_settle_adv(e, n));
    fray_check_roll(e, &c, 20, fray_opt(e, TA_OPT_NATURAL_CRITS) ? 20 : 0, "Attack roll, 1d20");
    fray_check_settle(&c, 0);
    ta_crit(e, &c);
    if (c.crit > 0) /* "Flat Footed against everyone until your next Turn" */
        fray_cond_give(e, t, TA_C_FLAT_FOOTED, who, 1, FRAY_EXP_SRC_TURN_START,
                       fray_turns_next_round(e, who));
    else if (c.success) /* "Flat Footed against you for the rest of your Turn" */
        fray_cond_give(e, t, TA_C_FEINTED, who, 1, FRAY_EXP_SRC_TURN_END, e->round);
    fray_emit(e, &(fray_event){.kind = "attack", .actor = who, .target = t, .action = "Feint",
                                .outcome = c.crit > 0 ? "critical" : c.success ? "hit" : "miss",
                                .value = c.total, .has_value = 1, .rule = R("Feint")});
}

void ta_maneuver(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    static const char *const names[] = {"Break", "Push", "Feint", "Disarm", "Trip", "Grapple"};
    int k = a->kind - TA_A_BREAK;
    if (a->kind == TA_A_FEINT) {
        feint(e, who, t);
    } else {
        int r = ta_opposed(e, who, t, names[k]);
        switch (a->kind) {
        case TA_A_BREAK: brk(e, who, t, r); break;
        case TA_A_PUSH: push(e, a, r); break;
        case TA_A_DISARM: disarm(e, a, r); break;
        case TA_A_TRIP: trip(e, who, t, r); break;
        default: grapple(e, who, t, r); break;
        }
    }
    if (fray_has(e, who, TA_C_HIDDEN)) { /* being attacked by them discovers them */
        fray_cond_remove(e, who, TA_C_UNDETECTED);
        fray_cond_remove(e, who, TA_C_HIDDEN);
        fray_flush(e, who, R("Hidden"));
    }
}
