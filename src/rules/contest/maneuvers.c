/* maneuvers.c: #Maneuvers after a critical win, and #Size Matters for the
 * starred ones (Bash, Disarm, Push, Trip). */
#include "contest.h"

static int holds_shield_or_heavy(const ct_creature *c)
{
    if (c->shield_held)
        return 1;
    for (int i = 0; i < c->nweapon; i++)
        if (c->weapon[i].held && c->weapon[i].heavy)
            return 1;
    return 0;
}

/* #Maneuvers: Disarm: "Choose an item the target is holding": the items a
 * Disarm may take (bit per ct_item_name: the shield, each weapon in hand;
 * fists are no item). */
uint32_t ct_items_held(const ct_creature *c)
{
    uint32_t m = c->shield_held ? 1u << CT_ITEM_SHIELD : 0;
    for (int i = 0; i < c->nweapon; i++)
        if (c->weapon[i].held && !c->weapon[i].unarmed)
            m |= 1u << (i + 1);
    return m;
}

uint32_t ct_maneuvers_allowed(const fray_encounter *e, int winner, int loser, int strike)
{
    const ct_creature *w = ct_cc(e, winner), *l = ct_cc(e, loser);
    uint32_t ok = 1u << CT_M_NONE | 1u << CT_M_BRACE | 1u << CT_M_FEINT | 1u << CT_M_PUSH;
    /* "You must be wielding a shield or heavy weapon to use this maneuver." */
    if (holds_shield_or_heavy(w))
        ok |= 1u << CT_M_BASH;
    if (ct_items_held(l))
        ok |= 1u << CT_M_DISARM;
    /* "Must be used as part of a Strike." (the striker's win) */
    if (strike)
        ok |= 1u << CT_M_PRECISION;
    if (!fray_has(e, loser, CT_C_PRONE))
        ok |= 1u << CT_M_TRIP;
    return ok;
}

/* #Size Matters: "If the target is one size larger than you, the target
 * makes their test with a boon. Creatures more than one size larger than
 * you automatically pass the test." and the same for smaller, with a bane
 * and an automatic failure. */
void ct_size_matters(const fray_encounter *e, int winner, int loser, ct_test *t)
{
    int d = ct_cc(e, loser)->size - ct_cc(e, winner)->size;
    if (d == 1)
        t->boon++;
    else if (d == -1)
        t->boon--;
    else if (d > 1)
        t->autores = 1;
    else if (d < -1)
        t->autores = -1;
}

/* The loser's test against a starred maneuver: the better of the skills
 * offered ("an Athletics or Sleight of Hand test"). */
static int resist(fray_encounter *e, int winner, int loser, int sk1, int sk2, int boon,
                  const char *purpose)
{
    ct_test a = {0}, b = {0};
    ct_skill_test(e, loser, sk1, &a);
    if (sk2 >= 0) {
        ct_skill_test(e, loser, sk2, &b);
        if (b.rating > a.rating)
            a = b;
    }
    ct_state_boons(e, loser, 0, &a);
    a.boon += boon;
    ct_size_matters(e, winner, loser, &a);
    int was = fray_dice_by(&e->dice, loser); /* the loser's own test */
    int pass = ct_test_roll(e, &a, purpose).pass;
    e->dice.roller = was;
    return pass;
}

/* "Choose an item the target is holding. It must pass an Athletics or
 * Sleight of Hand test, or loose the item. The item lands on the floor."
 * The winner chooses (question Disarm item); it lands at the loser's feet. */
static const char *disarm(fray_encounter *e, int winner, int loser, const fray_action *a)
{
    ct_creature *l = ct_c(e, loser);
    int k = fray_ask(e, winner, CT_Q_ITEM, ct_items_held(l), a);
    if (k < 0)
        return "nothing held";
    int item = k - 1; /* -1 the shield */
    /* "If the item is a weapon held with two hands or a shield, the test
     * is made with a boon." */
    int boon = item < 0 || l->weapon[item].two_handed;
    if (resist(e, winner, loser, CT_SK_ATHLETICS, CT_SK_SLEIGHT, boon,
               "Disarm: Athletics or Sleight of Hand test"))
        return "kept";
    if (item < 0) {
        l->shield_held = 0;
        l->shield_floor = 1, l->sfx = e->c[loser].x, l->sfy = e->c[loser].y;
    } else {
        l->weapon[item].held = 0;
        l->weapon[item].floor = 1, l->weapon[item].fx = e->c[loser].x,
        l->weapon[item].fy = e->c[loser].y;
    }
    ct_hands_changed(l);
    fray_cond_add(e, loser, CT_C_DISARMED, -1, FRAY_EXP_NEVER, 0);
    return "disarmed";
}

void ct_maneuver(fray_encounter *e, int winner, int loser, int man, const fray_action *a)
{
    const char *out = "done";
    switch (man) {
    case CT_M_BASH: /* "succeed on an Athletics test or become Dazed" */
        if (resist(e, winner, loser, CT_SK_ATHLETICS, -1, 0, "Bash: Athletics test"))
            out = "resisted";
        else
            fray_cond_add(e, loser, CT_C_DAZED, -1, FRAY_EXP_TURN_END,
                          fray_turns_next_round(e, loser)), out = "dazed";
        break;
    case CT_M_BRACE:
        fray_cond_give(e, winner, CT_C_BRACED, winner, 1, FRAY_EXP_ON_USE, 0);
        break;
    case CT_M_DISARM:
        out = disarm(e, winner, loser, a);
        break;
    case CT_M_FEINT:
        fray_cond_give(e, winner, CT_C_FEINTING, loser, loser + 1, FRAY_EXP_NEVER, 0);
        break;
    case CT_M_PUSH: /* "pass an Athletics test, or be pushed back 1m" */
        if (resist(e, winner, loser, CT_SK_ATHLETICS, -1, 0, "Push: Athletics test")) {
            out = "resisted";
        } else {
            int x, y;
            fray_step_towards(e->c[loser].x, e->c[loser].y, e->c[winner].x, e->c[winner].y, 100,
                              1, &x, &y);
            fray_move(e, loser, x, y);
            out = "pushed";
        }
        break;
    case CT_M_TRIP: /* "pass an Acrobatics test, or be knocked prone" */
        if (resist(e, winner, loser, CT_SK_ACROBATICS, -1, 0, "Trip: Acrobatics test"))
            out = "resisted";
        else
            fray_cond_add(e, loser, CT_C_PRONE, -1, FRAY_EXP_NEVER, 0), out = "prone";
        break;
    default:
        return;
    }
    fray_emit(e, &(fray_event){.kind = "maneuver", .actor = winner, .target = loser,
                                .action = ct_man_name[man], .outcome = out,
                                .rule = CT_RULE("Maneuvers")});
}
