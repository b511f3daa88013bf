/* actions_test.c: what a creature holds, in which hands (src/rules/contest/
 * actions.c, sheet.c): Grapple's free hand, Manipulate (draw, stow, pick
 * up within touch), a thrown weapon leaving the hand (attack.c), and the
 * item a Disarm takes chosen by the winner (maneuvers.c). */
#include <stdio.h>
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/contest/contest.h"

/* A at (ax cm, 0) against D at (0, 0); `a` and `d` are A's and D's sheets
 * (JSON object bodies, or "use" lines), dice scripted from the first. */
static fray_encounter *pair(const char *a, int ax, const char *d, const char *dice)
{
    char json[4096];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"contest\", \"name\": \"hands\", \"dice\": [%s],"
             " \"combatants\": ["
             " {\"name\": \"A\", \"side\": \"a\", \"at\": [%d.%02d, 0], %s},"
             " {\"name\": \"D\", \"side\": \"d\", \"at\": [0, 0], %s}]}",
             dice, ax / 100, ax % 100, a, d);
    fray_encounter *e = test_open_round1(json, "hands");
    for (int i = 0; i < 2; i++) { /* the counters a turn would fill */
        e->c[i].res[CT_R_AP] = 3;
        e->c[i].res[CT_R_ATTACKS] = 2;
        e->c[i].res[CT_R_FREE] = 1;
    }
    return e;
}

#define SHEET(extra)                                                                      \
    "\"sheet\": {\"attributes\": {\"Strength\": 2, \"Agility\": 2},"                       \
    " \"skills\": {\"Athletics\": 2, \"Acrobatics\": 1, \"Sleight of Hand\": 1},"          \
    " \"fighting_styles\": [{\"name\": \"All\", \"rank\": 3, \"gear\": [\"spear\", "      \
    "\"shield\", \"javelin\", \"shortsword\", \"shortbow\"]}], \"health\": 30, " extra "}"

static int listed(fray_encounter *e, int who, int kind, int target, int arg, int x)
{
    fray_action out[FRAY_MAX_LEGAL];
    int n = ct_legal(e, who, FRAY_WIN_ACT, NULL, out, FRAY_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (out[i].kind == kind && (target < -1 || out[i].target == target) &&
            (arg < -1 || out[i].arg == arg) && (x < 0 || out[i].x == x))
            return 1;
    return 0;
}

static void act(fray_encounter *e, int kind, int actor, int target, int arg, int x)
{
    fray_action a = {.kind = (int16_t)kind, .actor = (int16_t)actor, .target = (int16_t)target,
                     .arg = (int16_t)arg, .x = x};
    e->rs->resolve(e, &a);
    assert_false(e->failed);
}

/* #Primary Actions: "Grapple. You use a free hand to hold your foe". The
 * bundled sahani-rider carries spear, shortsword and shield: spear and
 * shield in hand (the reading of a sheet without "hands"), the shortsword
 * stowed; no hand free, no Grapple. Boundary: 0 free hands (two one-handed
 * items, or one two-handed weapon) no Grapple; 1 free hand: Grapple. */
static void grapple_needs_a_free_hand(void **s)
{
    (void)s;
    fray_encounter *e = pair("\"use\": \"sahani-rider\"", 100, SHEET("\"weapons\": [\"spear\"]"),
                             "6, 1");
    const ct_creature *c = ct_cc(e, 0);
    assert_string_equal(c->weapon[0].name, "spear");
    assert_true(c->weapon[0].held);
    assert_string_equal(c->weapon[1].name, "shortsword");
    assert_false(c->weapon[1].held);
    assert_true(c->shield_held);
    assert_int_equal(ct_free_hands(e, 0), 0);
    assert_false(listed(e, 0, CT_A_GRAPPLE, 1, -2, -1));
    fray_encounter_free(e);
    /* one two-handed weapon: no hand free */
    e = pair(SHEET("\"weapons\": [\"shortbow\"]"), 100, SHEET("\"weapons\": [\"spear\"]"), "6, 1");
    assert_int_equal(ct_free_hands(e, 0), 0);
    assert_false(listed(e, 0, CT_A_GRAPPLE, 1, -2, -1));
    fray_encounter_free(e);
    /* one hand free: Grapple, and holding the foe fills that hand */
    e = pair(SHEET("\"weapons\": [\"spear\"]"), 100, SHEET("\"weapons\": [\"spear\"]"),
             "6, 1, 1, 20");
    assert_int_equal(ct_free_hands(e, 0), 1);
    assert_true(listed(e, 0, CT_A_GRAPPLE, 1, -2, -1));
    act(e, CT_A_GRAPPLE, 0, 1, 0, 0);
    assert_true(fray_has(e, 1, CT_C_GRAPPLED));
    assert_int_equal(ct_free_hands(e, 0), 0);
    fray_encounter_free(e);
}

/* #Reactions: "Manipulate. You interact with an object within touch, such
 * as drawing or stowing a sword". The rider stows its spear (1 AP), which
 * frees the hand the shortsword needs; drawing it fills the hand again. */
static void manipulate_draws_and_stows(void **s)
{
    (void)s;
    fray_encounter *e = pair("\"use\": \"sahani-rider\"", 100, SHEET("\"weapons\": [\"spear\"]"),
                             "6, 1");
    assert_false(listed(e, 0, CT_A_MANIPULATE, -2, 1, -1)); /* no hand for the shortsword */
    assert_true(listed(e, 0, CT_A_MANIPULATE, -2, 0 | CT_MANIP_STOW, -1)); /* stow the spear */
    act(e, CT_A_MANIPULATE, 0, -1, 0 | CT_MANIP_STOW, 0);
    assert_false(ct_cc(e, 0)->weapon[0].held);
    assert_int_equal(fray_res(e, 0, CT_R_AP), 2);
    assert_true(listed(e, 0, CT_A_MANIPULATE, -2, 1, -1));
    act(e, CT_A_MANIPULATE, 0, -1, 1, 0);
    assert_true(ct_cc(e, 0)->weapon[1].held);
    assert_int_equal(ct_free_hands(e, 0), 0);
    fray_encounter_free(e);
    /* a sheet names what is in hand */
    e = pair(SHEET("\"weapons\": [\"spear\", \"shortsword\"], \"hands\": [\"shortsword\"]"), 100,
             SHEET("\"weapons\": [\"spear\"]"), "6, 1");
    assert_false(ct_cc(e, 0)->weapon[0].held);
    assert_true(ct_cc(e, 0)->weapon[1].held);
    fray_encounter_free(e);
}

/* Bad input: more than two hands' worth in hand is an error, not a fight. */
static void three_items_in_hand_is_an_error(void **s)
{
    (void)s;
    char err[512];
    fray_encounter *e = fray_encounter_load_string(
        "{\"ruleset\": \"contest\", \"combatants\": ["
        " {\"name\": \"A\", \"side\": \"a\", \"at\": [0, 0], \"use\": \"sahani-rider\","
        "  \"sheet\": {\"hands\": [\"spear\", \"shortsword\", \"shield\"]}},"
        " {\"name\": \"D\", \"side\": \"d\", \"at\": [1, 0], \"use\": \"ogre\"}]}",
        "three", err, sizeof err);
    assert_null(e);
    assert_non_null(strstr(err, "hands"));
}

/* #Step I: "When making a ranged or thrown attack": a thrown javelin
 * leaves the hand and lands by its target; its owner picks it up with a
 * Manipulate only "within touch" (1.5 m: at 150 cm yes, at 151 cm no). A
 * bow shoots and stays in hand. */
static void thrown_weapon_leaves_the_hand(void **s)
{
    (void)s;
    /* initiative 6, 1; A's attack roll 3 (passes), D takes no defence
     * (no AP), Maneuver None, damage 2 */
    fray_encounter *e = pair(SHEET("\"weapons\": [\"javelin\"]"), 500,
                             SHEET("\"weapons\": [\"spear\"]"), "6, 1, 3, 2");
    e->c[1].res[CT_R_AP] = 0;
    assert_true(listed(e, 0, CT_A_STRIKE, 1, 0, -1));
    act(e, CT_A_STRIKE, 0, 1, 0, 0);
    const ct_weapon *j = &ct_cc(e, 0)->weapon[0];
    assert_false(j->held);
    assert_true(j->floor);
    assert_int_equal(j->fx, 0);
    assert_false(listed(e, 0, CT_A_STRIKE, 1, 0, -1));
    assert_false(listed(e, 0, CT_A_MANIPULATE, -2, 0, -1));
    fray_move(e, 0, 151, 0);
    assert_false(listed(e, 0, CT_A_MANIPULATE, -2, 0, -1));
    fray_move(e, 0, 150, 0);
    assert_true(listed(e, 0, CT_A_MANIPULATE, -2, 0, -1));
    act(e, CT_A_MANIPULATE, 0, -1, 0, 0);
    assert_true(ct_cc(e, 0)->weapon[0].held);
    assert_false(ct_cc(e, 0)->weapon[0].floor);
    fray_encounter_free(e);
    /* the javelin within reach is a melee Strike: it stays in hand */
    e = pair(SHEET("\"weapons\": [\"javelin\"]"), 150, SHEET("\"weapons\": [\"spear\"]"),
             "6, 1, 3, 2");
    e->c[1].res[CT_R_AP] = 0;
    act(e, CT_A_STRIKE, 0, 1, 0, 0);
    assert_true(ct_cc(e, 0)->weapon[0].held);
    fray_encounter_free(e);
    /* a bow is not thrown */
    e = pair(SHEET("\"weapons\": [\"shortbow\"]"), 500, SHEET("\"weapons\": [\"spear\"]"),
             "6, 1, 3, 2");
    e->c[1].res[CT_R_AP] = 0;
    act(e, CT_A_STRIKE, 0, 1, 0, 0);
    assert_true(ct_cc(e, 0)->weapon[0].held);
    fray_encounter_free(e);
}

static int item_answer;
static int ask(void *ud, fray_encounter *e, int who, int q, uint32_t allowed,
               const fray_action *ctx)
{
    (void)ud, (void)e, (void)who, (void)ctx;
    if (q == CT_Q_DEFENCE)
        return CT_D_NONE;
    if (q == CT_Q_MANEUVER)
        return CT_M_DISARM;
    assert_true(allowed >> item_answer & 1u);
    return item_answer;
}

/* #Maneuvers: "Disarm*. ... Choose an item the target is holding. It must
 * pass an Athletics or Sleight of Hand test, or loose the item. The item
 * lands on the floor. It the item is a weapon held with two hands or a
 * shield, the test is made with a boon." The winner chooses: D's shield,
 * though D also holds a spear (the old code always took the weapon). */
static void disarm_winner_chooses_the_item(void **s)
{
    (void)s;
    /* initiative 6, 1; attack 3 (a critical win against None), damage 1;
     * D's test with a boon (the shield): two d20, 19 and 20, keeps 19: fails
     * (target 8 + 2 + 2 = 12) */
    fray_encounter *e = pair(SHEET("\"weapons\": [\"spear\"]"), 100,
                             SHEET("\"weapons\": [\"spear\"], \"shield\": \"wooden shield\""),
                             "6, 1, 3, 1, 19, 20");
    e->ask_fn = ask;
    e->c[0].controller = e->c[1].controller = FRAY_CTL_HUMAN;
    item_answer = CT_ITEM_SHIELD;
    e->c[1].res[CT_R_AP] = 1; /* too few for the policy to pick it up at once */
    assert_int_equal(ct_items_held(ct_cc(e, 1)), 1u << CT_ITEM_SHIELD | 1u << 1);
    act(e, CT_A_STRIKE, 0, 1, 0, 0);
    const ct_creature *d = ct_cc(e, 1);
    assert_false(d->shield_held);
    assert_true(d->shield_floor);
    assert_true(d->weapon[0].held);
    assert_true(fray_has(e, 1, CT_C_DISARMED));
    /* no shield in hand, no Block */
    ct_plan p;
    ct_plan_of(e, 0, 1, 0, -1, 0, &p);
    assert_false(p.allowed >> CT_D_BLOCK & 1u);
    /* D picks it up from its feet (within touch) */
    fray_action out[FRAY_MAX_LEGAL];
    int n = ct_legal(e, 1, FRAY_WIN_ACT, NULL, out, FRAY_MAX_LEGAL), found = 0;
    for (int i = 0; i < n; i++)
        found |= out[i].kind == CT_A_MANIPULATE && out[i].arg == CT_MANIP_SHIELD;
    assert_true(found);
    fray_encounter_free(e);
}


/* #Combat Overview: "each character has 3 AP and can only take an action
 * with the Attack trait twice per round"; #Actions in Combat: "A character
 * can use up to 3 AP per round"; #What is an Attack?: "up to two Attacks
 * per Round". An action is offered with 1 AP left, not with 0; a Strike
 * with one attack left, not with none (AP to spare). */
static void ap_and_attacks_per_round(void **s)
{
    (void)s;
    fray_encounter *e = pair(SHEET("\"weapons\": [\"spear\"]"), 100,
                             SHEET("\"weapons\": [\"spear\"]"), "6, 1");
    e->c[0].res[CT_R_AP] = 1;
    assert_true(listed(e, 0, CT_A_STRIKE, 1, -2, -1));
    assert_true(listed(e, 0, CT_A_DASH, -2, -2, -1));
    e->c[0].res[CT_R_AP] = 0;
    assert_false(listed(e, 0, CT_A_STRIKE, 1, -2, -1));
    assert_false(listed(e, 0, CT_A_DASH, -2, -2, -1));
    e->c[0].res[CT_R_AP] = 3;
    e->c[0].res[CT_R_ATTACKS] = 1;
    assert_true(listed(e, 0, CT_A_STRIKE, 1, -2, -1));
    e->c[0].res[CT_R_ATTACKS] = 0;
    assert_false(listed(e, 0, CT_A_STRIKE, 1, -2, -1));
    /* not an attack: Grapple still offered ("grappling, pushing, and
     * tripping a creature do not count as attacks") */
    assert_true(listed(e, 0, CT_A_GRAPPLE, 1, -2, -1));
    fray_encounter_free(e);
}

/* #Free Actions: "you can only take one free action per round": Stand Up
 * (the free action) is offered with the round's free action unused, not
 * after. */
static void one_free_action(void **s)
{
    (void)s;
    fray_encounter *e = pair(SHEET("\"weapons\": [\"spear\"]"), 500,
                             SHEET("\"weapons\": [\"spear\"]"), "6, 1");
    fray_cond_add(e, 0, CT_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    assert_true(listed(e, 0, CT_A_STAND, -2, -2, -1));
    act(e, CT_A_STAND, 0, -1, 0, 0);
    assert_int_equal(fray_res(e, 0, CT_R_FREE), 0);
    fray_cond_add(e, 0, CT_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    assert_false(listed(e, 0, CT_A_STAND, -2, -2, -1));
    fray_encounter_free(e);
}

/* #Primary Actions: "Grapple ... Make a skill contest with Athletics vs
 * Athletics or Acrobatics (defender's choice)." Both targets 8 + 2 + 2 =
 * 12. A contest is won as a Combat Roll is: more Successes (a tie is the
 * defender's, the text being silent): A's roll one lower than D's wins,
 * equal and one higher fail. */
static const char *grapple_with(int ra, int rd)
{
    char dice[32];
    snprintf(dice, sizeof dice, "6, 1, %d, %d", ra, rd);
    fray_encounter *e = pair(SHEET("\"weapons\": [\"spear\"]"), 100,
                             SHEET("\"weapons\": [\"spear\"]"), dice);
    act(e, CT_A_GRAPPLE, 0, 1, 0, 0);
    const char *r = fray_has(e, 1, CT_C_GRAPPLED) ? "grappled" : "failed";
    fray_encounter_free(e);
    return r;
}

static void grapple_contest_ties(void **s)
{
    (void)s;
    assert_string_equal(grapple_with(5, 6), "grappled");
    assert_string_equal(grapple_with(6, 6), "failed");
    assert_string_equal(grapple_with(7, 6), "failed");
    /* D fails: A passing wins, whatever the margin */
    assert_string_equal(grapple_with(12, 13), "grappled");
    assert_string_equal(grapple_with(13, 13), "failed");
}

/* #Maneuvers: "Push*. You drive your foe back. The target must pass an
 * Athletics test, or be pushed back 1m." Exactly 100 cm further from the
 * winner; the push provokes nothing ("doesn't provoke ... when being
 * pushed"). */
static void push_one_metre(void **s)
{
    (void)s;
    fray_encounter *e = pair(SHEET("\"weapons\": [\"spear\"]"), 100,
                             SHEET("\"weapons\": [\"spear\"]"), "6, 1, 20");
    fray_action a = {.kind = CT_A_STRIKE, .actor = 0, .target = 1};
    ct_maneuver(e, 0, 1, CT_M_PUSH, &a);
    assert_int_equal(fray_distance(e, 0, 1), 200);
    assert_int_equal(e->c[1].x, -100);
    fray_encounter_free(e);
}

/* #Fighting Style: "you can expand it to a maximum of 10 different types of
 * gear": 10 load, 11 are an error. */
static void ten_pieces_of_gear(void **s)
{
    (void)s;
    static const char head[] =
        "{\"ruleset\": \"contest\", \"combatants\": ["
        " {\"name\": \"D\", \"side\": \"d\", \"at\": [1, 0], \"use\": \"ogre\"},"
        " {\"name\": \"A\", \"side\": \"a\", \"at\": [0, 0], \"sheet\": {\"health\": 9,"
        "  \"fighting_styles\": [{\"name\": \"Many\", \"rank\": 1, \"gear\": [\"rapier\", "
        "\"dagger\", \"whip\", \"arbolest\", \"hand crossbow\", \"longsword\", \"lance\", "
        "\"flail\", \"twinblade\"";
    char json[2048], err[512];
    snprintf(json, sizeof json, "%s, \"shortsword\"]}]}}]}", head);
    fray_encounter *e = fray_encounter_load_string(json, "ten", err, sizeof err);
    assert_non_null(e);
    fray_encounter_free(e);
    snprintf(json, sizeof json, "%s, \"shortsword\", \"javelin\"]}]}}]}", head);
    e = fray_encounter_load_string(json, "eleven", err, sizeof err);
    assert_null(e);
    assert_non_null(strstr(err, "gear"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grapple_needs_a_free_hand),
        cmocka_unit_test(manipulate_draws_and_stows),
        cmocka_unit_test(three_items_in_hand_is_an_error),
        cmocka_unit_test(thrown_weapon_leaves_the_hand),
        cmocka_unit_test(disarm_winner_chooses_the_item),
        cmocka_unit_test(ap_and_attacks_per_round),
        cmocka_unit_test(one_free_action),
        cmocka_unit_test(grapple_contest_ties),
        cmocka_unit_test(push_one_metre),
        cmocka_unit_test(ten_pieces_of_gear),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
