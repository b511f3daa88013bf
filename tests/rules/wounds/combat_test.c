/* combat_test.c: the combat sequence of src/rules/wounds/combat.c over whole
 * fights: the bundled examples end, replay identically from a seed, and
 * narrate initiative changes and interrupts; AP arrive from the Speed table;
 * turns go in descending initiative. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "support/test.h"
#include "rules/wounds/wounds.h"
#include "rules/wounds/combat.h" /* wo_init_change */

typedef struct tally {
    uint64_t hash;
    int events, initiative_changes, interrupts, turns, last_init, order_ok;
    int round_of_last_turn;
} tally;

static void sink(void *ud, const fray_encounter *e, const fray_event *ev)
{
    tally *t = ud;
    const char *parts[4] = {ev->kind, ev->action, ev->outcome, ev->detail};
    for (int i = 0; i < 4; i++)
        for (const char *p = parts[i]; p && *p; p++)
            t->hash = (t->hash ^ (uint64_t)(unsigned char)*p) * (uint64_t)1099511628211ULL;
    t->hash = (t->hash ^ (uint64_t)(ev->value + 1000)) * (uint64_t)1099511628211ULL;
    for (int i = 0; i < ev->nrolls; i++)
        t->hash = (t->hash ^ (uint64_t)ev->rolls[i].value) * (uint64_t)1099511628211ULL;
    t->events++;
    if (!strcmp(ev->kind, "initiative") && ev->round > 0)
        t->initiative_changes++;
    if (!strcmp(ev->kind, "interrupt"))
        t->interrupts++;
    if (!strcmp(ev->kind, "turn")) {
        /* #Initiative: "participants act in descending order of initiative
         * scores" (the score at the moment the turn begins) */
        if (ev->round == t->round_of_last_turn && ev->value > t->last_init)
            t->order_ok = 0;
        t->round_of_last_turn = ev->round;
        t->last_init = ev->value;
        t->turns++;
    }
    (void)e;
}

static tally run(const char *file, uint64_t seed, int *rounds, int *winner)
{
    char err[512];
    fray_encounter *e = fray_encounter_load_file(file, err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    tally t = {14695981039346656037ULL, 0, 0, 0, 0, 0, 1, -1};
    fray_subscribe(e, sink, &t);
    fray_set_seed(e, seed);
    assert_int_equal(fray_run(e), 0);
    *rounds = fray_round(e);
    *winner = fray_winner(e);
    fray_encounter_free(e);
    return t;
}

/* Done when 2: "Both examples run to an end with fray run; the same seed
 * gives the same output; the narration shows the initiative changes and
 * interrupts." */
static void examples_end_and_replay(void **s)
{
    (void)s;
    static const char *files[] = {"examples/wounds-duel.json", "examples/wounds-skirmish.json"};
    for (int f = 0; f < 2; f++) {
        int changes = 0, interrupts = 0;
        for (uint64_t seed = 1; seed <= 40; seed++) {
            int r1, w1, r2, w2;
            tally a = run(files[f], seed, &r1, &w1);
            tally b = run(files[f], seed, &r2, &w2);
            assert_true(a.hash == b.hash);
            assert_int_equal(a.events, b.events);
            assert_int_equal(w1, w2);
            assert_true(r1 < 100); /* ends before the default round limit */
            assert_true(w1 >= 0);
            assert_true(a.order_ok);
            changes += a.initiative_changes;
            interrupts += a.interrupts;
        }
        assert_true(changes > 0);
        assert_true(interrupts > 0);
    }
}

/* #Action Points: "You gain AP twice per round, once at the start of the
 * round, and once at the end of your turn. The amount you gain at each
 * point is based on your Speed"; "any AP gained in excess of your max AP
 * ... is lost." */
static void ap_from_speed_table(void **s)
{
    (void)s;
    static const char *two =
        "{\"ruleset\":\"wounds\",\"dice\":[10,5],\"max_rounds\":3,\"combatants\":["
        "{\"name\":\"F\",\"side\":\"blue\",\"at\":[0,0],\"script\":[\"pass\",\"pass\",\"pass\"],"
        "\"sheet\":{\"speed\":4}},"
        "{\"name\":\"G\",\"side\":\"red\",\"at\":[30,0],\"script\":[\"pass\",\"pass\",\"pass\"],"
        "\"sheet\":{\"speed\":-9}}]}";
    char err[512];
    fray_encounter *e = fray_encounter_load_string(two, "ap", err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    int ap;
    while (fray_round(e) < 1 || e->in_round == 0)
        assert_int_equal(fray_step(e), 1);
    /* Speed 4: round start 11; Speed -9: round start 2 */
    fray_combatant_resource(e, 0, "AP", &ap);
    assert_int_equal(ap, 11);
    fray_combatant_resource(e, 1, "AP", &ap);
    assert_int_equal(ap, 2);
    assert_int_equal(fray_run(e), 0);
    /* F: 11 + 10 | +11 +10 | +11 -> capped at 31 after round 3's turn end;
     * G: 2 + 1 per round -> 9 */
    fray_combatant_resource(e, 0, "AP", &ap);
    assert_int_equal(ap, 31);
    fray_combatant_resource(e, 1, "AP", &ap);
    assert_int_equal(ap, 5); /* Speed -9: max AP 5 */
    fray_encounter_free(e);
}

/* Every bundled creature loads and fights an orc to an end, under the
 * policy and under random play. */
static void bundled_creatures_fight(void **s)
{
    (void)s;
    static const char *names[] = {"fighter", "archer", "mage", "knight", "goblin",
                                  "goblin-archer", "orc", "spearman", "bandit-captain", "ogre"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char json[512], err[512];
        snprintf(json, sizeof json,
                 "{\"ruleset\":\"wounds\",\"combatants\":["
                 "{\"name\":\"X\",\"side\":\"blue\",\"at\":[0,0],\"use\":\"%s\"},"
                 "{\"name\":\"Y\",\"side\":\"red\",\"at\":[12,0],\"use\":\"orc\"}]}",
                 names[i]);
        for (uint64_t seed = 1; seed <= 6; seed++) {
            fray_encounter *e = fray_encounter_load_string(json, names[i], err, sizeof err);
            if (!e)
                fail_msg("%s", err);
            if (seed > 3)
                fray_set_controller(e, "red", "random");
            fray_set_seed(e, seed);
            assert_int_equal(fray_run(e), 0);
            assert_true(fray_round(e) < 100);
            fray_encounter_free(e);
        }
    }
}

/* Reach and spaces (docs/rules/wounds.md, "Reach and distance"): adjacent
 * creatures, diagonal neighbours, a large creature's space, and #Mounted
 * Combat's "considered 1 yard farther from creatures on the ground smaller
 * than your mount". */
static void gaps(void **s)
{
    (void)s;
    static const char *enc =
        "{\"ruleset\":\"wounds\",\"combatants\":["
        "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{}},"
        "{\"name\":\"B\",\"side\":\"red\",\"at\":[0.9,0],\"sheet\":{}},"
        "{\"name\":\"C\",\"side\":\"red\",\"at\":[0.9,0.9],\"sheet\":{}},"
        "{\"name\":\"D\",\"side\":\"red\",\"at\":[-2.7,0],\"sheet\":{\"size\":4}},"
        "{\"name\":\"K\",\"side\":\"blue\",\"at\":[0,1.8],\"sheet\":"
        "{\"mount\":{\"size\":5,\"movement_rate\":12}}}]}";
    char err[512];
    fray_encounter *e = fray_encounter_load_string(enc, "gaps", err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    assert_int_equal(wo_gap_yd(e, 0, 1), 0);      /* side by side */
    assert_int_equal(wo_gap_yd(e, 0, 2), 0);      /* diagonal, 1.27 m */
    assert_int_equal(wo_gap_yd(e, 0, 3), 2);      /* 3 yards less (1 + 2) / 2, rounded down */
    assert_true(wo_in_reach(e, 0, 1, 0));
    assert_false(wo_in_reach(e, 0, 3, 0));
    assert_int_equal(wo_gap_yd(e, 4, 0), 2);      /* 2 yards apart: gap 1, +1 mounted */
    assert_int_equal(wo_gap_yd(e, 4, 2), 1);      /* diagonal neighbours: 0, +1 mounted */
    assert_int_equal(wo_gap_yd(e, 2, 4), 1);
    fray_encounter_free(e);
}

/* The exact odds of an action in the present state (fray play's `odds
 * ACTION TARGET`) are those of the attack resolve carries out: the share of
 * Standard Attacks that give no wound, over many resolved from the same
 * state, agrees with them; and asking leaves the state as it was. */
static void action_odds(const char *attacker, const char *defender, int exhausted)
{
    char json[512];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"wounds\", \"name\": \"t\", \"combatants\": ["
             " {\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"%s\"},"
             " {\"name\": \"B\", \"side\": \"red\", \"at\": [1, 0], \"use\": \"%s\"}]}",
             attacker, defender);
    const int n = 2500;
    double p_none = -1;
    long none = 0;
    for (int i = 0; i < n; i++) {
        char err[512];
        fray_encounter *e = fray_encounter_load_string(json, "t", err, sizeof err);
        if (!e)
            fail_msg("%s", err);
        e->rs->start_combat(e);
        e->round = 1;
        fray_turns_round_start(e);
        e->rs->start_round(e);
        int who = fray_turns_next(e), t = 1 - who;
        if (exhausted)
            fray_cond_add(e, who, WO_C_DISTRACTED, -1, FRAY_EXP_NEVER, 0);
        fray_dice_init(&e->dice, (uint64_t)i + 1, 11);
        fray_action l[FRAY_MAX_LEGAL];
        int nl = e->rs->legal(e, who, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
        int k = -1;
        for (int j = 0; j < nl && k < 0; j++)
            if (l[j].kind == WO_A_STANDARD && l[j].target == t)
                k = j;
        assert_true(k >= 0);
        if (i == 0) {
            json_t *o = NULL;
            int ap = e->c[who].res[WO_R_AP];
            assert_int_equal(e->rs->action_odds(e, &l[k], &o, err, sizeof err), 0);
            assert_int_equal(e->c[who].res[WO_R_AP], ap); /* it only looks */
            assert_int_equal(e->nmods, 0);
            p_none = json_number_value(json_object_get(json_object_get(o, "wound"), "none"));
            json_decref(o);
        }
        int before = 0, after = 0;
        for (int w = 0; w < WO_NLEVELS; w++)
            before += e->c[t].res[WO_R_LIGHT + w];
        e->rs->resolve(e, &l[k]);
        for (int w = 0; w < WO_NLEVELS; w++)
            after += e->c[t].res[WO_R_LIGHT + w];
        none += after == before;
        fray_encounter_free(e);
    }
    double sd = sqrt(p_none * (1 - p_none) / n);
    assert_true(fabs((double)none / n - p_none) < 5 * sd + 1e-9);
}

static void action_odds_plain(void **state)
{
    (void)state;
    action_odds("knight", "ogre", 0);
}

/* Distracted: -2 to attack and to defense */
static void action_odds_distracted(void **state)
{
    (void)state;
    action_odds("fighter", "orc", 1);
}

/* Two creatures adjacent, A to act first (initiative 20, B 10), stepped to
 * the start of A's turn. */
static fray_encounter *open_turn_of_a(void)
{
    static const char *two =
        "{\"ruleset\":\"wounds\",\"dice\":[15,5],\"max_rounds\":3,\"combatants\":["
        "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"script\":[\"pass\",\"pass\",\"pass\"],"
        "\"sheet\":{\"weapons\":[{\"name\":\"sword\",\"group\":\"Swords\",\"damage\":2,\"reach\":1,"
        "\"optimal_reach\":1}]}},"
        "{\"name\":\"B\",\"side\":\"red\",\"at\":[1.8,0],\"script\":[\"pass\",\"pass\",\"pass\"],"
        "\"sheet\":{\"weapons\":[{\"name\":\"axe\",\"group\":\"Axes\",\"damage\":2,\"reach\":1,"
        "\"optimal_reach\":1}]}}]}";
    char err[512];
    fray_encounter *e = fray_encounter_load_string(two, "turn", err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    while (fray_round(e) < 1 || e->in_round == 0)
        assert_int_equal(fray_step(e), 1);
    /* the scheduler starts the highest initiative's turn, as the loop does */
    assert_int_equal(fray_turns_next(e), 0);
    assert_int_equal(fray_turns_current(e), 0);
    return e;
}

static int init_of(fray_encounter *e, int who)
{
    int v;
    fray_combatant_resource(e, who, "Initiative", &v);
    return v;
}

/* #Using Actions and Reactions: "You may also take an action when it is not
 * your turn if your initiative is higher than the active character's. ...
 * You may take this action at the start of the turn, the end of the turn,
 * after an action is resolved, or immediately after an action is declared"
 * (B's initiative one below, equal to, one above A's, in each of the four
 * windows; may_answer agrees with legal) */
static void interrupt_initiative_higher(void **s)
{
    (void)s;
    fray_encounter *e = open_turn_of_a();
    int ia = init_of(e, 0);
    fray_action trig = {.kind = WO_A_STANDARD, .actor = 0, .target = 1, .arg = 0};
    fray_action out[FRAY_MAX_LEGAL];
    static const int windows[] = {FRAY_WIN_DECLARED, FRAY_WIN_TRIGGERED, FRAY_WIN_TURN_START,
                                  FRAY_WIN_TURN_END};
    fray_res_set(e, 1, WO_R_AP, 12);
    for (int k = 0; k < 4; k++) {
        int w = windows[k];
        const fray_action *t = w == FRAY_WIN_DECLARED || w == FRAY_WIN_TRIGGERED ? &trig : NULL;
        fray_res_set(e, 1, WO_R_INIT, ia - 1);
        assert_int_equal(wo_legal(e, 1, w, t, out, FRAY_MAX_LEGAL), 0);
        assert_int_equal(wo_may_answer(e, 1, w, t), 0);
        fray_res_set(e, 1, WO_R_INIT, ia);
        assert_int_equal(wo_legal(e, 1, w, t, out, FRAY_MAX_LEGAL), 0);
        assert_int_equal(wo_may_answer(e, 1, w, t), 0);
        fray_res_set(e, 1, WO_R_INIT, ia + 1);
        assert_true(wo_legal(e, 1, w, t, out, FRAY_MAX_LEGAL) > 0);
        assert_true(wo_may_answer(e, 1, w, t));
        /* never the active creature itself */
        assert_int_equal(wo_legal(e, 0, w, t, out, FRAY_MAX_LEGAL), 0);
    }
    fray_encounter_free(e);
}

/* #Initiative: "If your initiative is 0, you cannot take reactions" and
 * "Your initiative cannot drop below 0." (a readied attack, initiative 0 and
 * 1; an initiative of 2 lowered by 1, 2 and 3) */
static void initiative_zero(void **s)
{
    (void)s;
    fray_encounter *e = open_turn_of_a();
    fray_action trig = {.kind = WO_A_STANDARD, .actor = 0, .target = 1, .arg = 0};
    fray_action out[FRAY_MAX_LEGAL];
    fray_res_set(e, 1, WO_R_AP, 12);
    wo_creature *cb = fray_priv(e, 1);
    cb->readied = WO_A_STANDARD;
    fray_res_set(e, 1, WO_R_INIT, 0);
    assert_int_equal(wo_legal(e, 1, FRAY_WIN_DECLARED, &trig, out, FRAY_MAX_LEGAL), 0);
    fray_res_set(e, 1, WO_R_INIT, 1);
    int n = wo_legal(e, 1, FRAY_WIN_DECLARED, &trig, out, FRAY_MAX_LEGAL);
    assert_true(n > 0);
    assert_int_equal(out[0].kind, WO_A_STANDARD);
    for (int d = 1; d <= 3; d++) {
        fray_res_set(e, 1, WO_R_INIT, 2);
        wo_init_change(e, 1, -d, -1, 0, "test", "test");
        assert_int_equal(init_of(e, 1), d < 2 ? 2 - d : 0);
    }
    fray_encounter_free(e);
}

/* #Action Points: "If you want to perform an action that costs more AP than
 * you have, you can declare the action, spend all your current AP, and
 * continue to spend all AP on each of your subsequent turns" (a Standard
 * Attack of 6 AP with 7, 6 and 5 AP) */
static void long_action_more_ap(void **s)
{
    (void)s;
    for (int ap = 7; ap >= 5; ap--) {
        fray_encounter *e = open_turn_of_a();
        fray_res_set(e, 0, WO_R_AP, ap);
        fray_action a = {.kind = WO_A_STANDARD, .actor = 0, .target = 1, .arg = 0};
        wo_resolve(e, &a);
        wo_creature *c = fray_priv(e, 0);
        int left;
        fray_combatant_resource(e, 0, "AP", &left);
        if (ap >= 6) {
            assert_int_equal(c->pending, -1);
            assert_int_equal(left, ap - 6);
        } else {
            assert_int_equal(c->pending, WO_A_STANDARD);
            assert_int_equal(c->pending_left, 1);
            assert_int_equal(left, 0);
        }
        fray_encounter_free(e);
    }
}

/* #Fatigue: "Gaining fatigue has no effect on your current stamina unless
 * your current stamina is higher than your new maximum, in which case it
 * immediately decreases to match." (maximum after fatigue 4: stamina 3, 4,
 * 5) */
static void stamina_higher_than_maximum(void **s)
{
    (void)s;
    for (int st = 3; st <= 5; st++) {
        fray_encounter *e = open_turn_of_a();
        wo_creature *c = fray_priv(e, 0);
        c->max_stamina = 6;
        fray_res_set(e, 0, WO_R_STAMINA, st);
        fray_res_set(e, 0, WO_R_FATIGUE, 2);
        wo_update_fatigue(e, 0);
        int now;
        fray_combatant_resource(e, 0, "Stamina", &now);
        assert_int_equal(now, st <= 4 ? st : 4);
        fray_encounter_free(e);
    }
}

/* #Flanking: "those creatures are capable of attacking the target with
 * their currently equipped weapons and within the first range increment if
 * using ranged weapons" (a bow of range 5 at a gap of 4, 5 and 6 yards) */
static void flank_first_increment(void **s)
{
    (void)s;
    for (int gap = 4; gap <= 6; gap++) {
        fray_encounter *e = open_turn_of_a();
        wo_creature *c = fray_priv(e, 1);
        c->weapon[0].ranged = 1;
        c->weapon[0].range = 5;
        c->weapon[0].reach = 0;
        /* a gap of g yards: g + 1 yards between centres (1-yard spaces) */
        fray_move(e, 1, wo_yd_to_cm(gap + 1) + 1, 0);
        assert_int_equal(wo_gap_yd(e, 0, 1), gap);
        wo_view v;
        wo_view_init(&v, e, 0);
        assert_int_equal(wo_v_threatens(&v, 1), gap <= 5);
        fray_encounter_free(e);
    }
}

/* #Mounted Combat: "you are considered 1 yard farther from creatures on the
 * ground smaller than your mount" (a mount of size 5: size 4, 5, 6 on the
 * ground). Interpose, Pin, Enter Occupied Space, Hinder: "the higher of"
 * two defenses (wo_best_of: below, equal, above). */
static void mount_yard_and_higher_of(void **s)
{
    (void)s;
    wo_creature rider, foe;
    memset(&rider, 0, sizeof rider);
    memset(&foe, 0, sizeof foe);
    rider.size = 0;
    rider.mount_size = 5;
    for (int sz = 4; sz <= 6; sz++) {
        foe.size = sz;
        assert_int_equal(wo_mount_extra_of(&rider, &foe, 1, 0), sz < 5);
        assert_int_equal(wo_mount_extra_of(&foe, &rider, 0, 1), sz < 5);
    }
    assert_int_equal(wo_mount_extra_of(&rider, &foe, 0, 0), 0);
    assert_int_equal(wo_best_of(11, 12), 12);
    assert_int_equal(wo_best_of(12, 12), 12);
    assert_int_equal(wo_best_of(13, 12), 13);
}

/* #Action: Stabilize: "Make a Lor [Healing/Wounds] check with a TN equal to
 * the number of wounds the target has received." (6 wounds; no healing kit,
 * -5: rolls of 10, 11, 12 give 5, 6, 7) */
static void stabilize_tn_wounds(void **s)
{
    (void)s;
    for (int roll = 10; roll <= 12; roll++) {
        fray_encounter *e = open_turn_of_a();
        fray_res_set(e, 1, WO_R_LIGHT, 3);
        fray_res_set(e, 1, WO_R_MODERATE, 2);
        fray_res_set(e, 1, WO_R_FATAL, 1);
        fray_cond_add(e, 1, WO_C_DYING, -1, FRAY_EXP_NEVER, 0);
        int dice[1] = {roll};
        assert_int_equal(fray_set_dice_script(e, dice, 1), 0);
        fray_action a = {.kind = WO_A_STABILIZE, .actor = 0, .target = 1, .arg = 0};
        wo_act_stabilize(e, &a);
        assert_int_equal(fray_has(e, 1, WO_C_DYING), roll < 11);
        assert_int_equal(fray_has(e, 1, WO_C_STABLE), roll >= 11);
        fray_encounter_free(e);
    }
}

/* Issue 38.7: the policy stabilizes an ally dying in its space before it
 * attacks (#Action: Stabilize: "You attempt to stabilize a dying creature
 * within reach."), and with nothing to attack and the AP spare it Defends
 * near an enemy (#Action: Defend) or else Seizes the Initiative while an
 * enemy's is as high (#Action: Seize Initiative). */
static void policy_stabilize_defend_seize(void **s)
{
    (void)s;
    static const char *three =
        "{\"ruleset\":\"wounds\",\"dice\":[15,5,10],\"max_rounds\":3,"
        "\"options\":{\"ap_quick\":6},\"combatants\":["
        "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{\"weapons\":[{\"name\":\"sword\","
        "\"group\":\"Swords\",\"damage\":2,\"reach\":1,\"optimal_reach\":1}]}},"
        "{\"name\":\"B\",\"side\":\"red\",\"at\":[1.8,0],\"sheet\":{\"weapons\":[{\"name\":\"axe\","
        "\"group\":\"Axes\",\"damage\":2,\"reach\":1,\"optimal_reach\":1}]}},"
        "{\"name\":\"D\",\"side\":\"blue\",\"at\":[0,0.9],\"sheet\":{}}]}";
    char err[512];
    fray_encounter *e = fray_encounter_load_string(three, "policy", err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    while (fray_round(e) < 1 || e->in_round == 0)
        assert_int_equal(fray_step(e), 1);
    assert_int_equal(fray_turns_next(e), 0);
    fray_action out;
    /* D dying next to A, B in reach: Stabilize D, not the attack */
    fray_res_set(e, 2, WO_R_FATAL, 1);
    fray_cond_add(e, 2, WO_C_DYING, -1, FRAY_EXP_NEVER, 0);
    fray_set_status(e, 2, FRAY_DOWN);
    fray_res_set(e, 0, WO_R_AP, 12);
    assert_int_equal(wo_decide(e, 0, FRAY_WIN_ACT, NULL, &out), FRAY_DECIDE_TAKE);
    assert_int_equal(out.kind, WO_A_STABILIZE);
    assert_int_equal(out.target, 2);
    /* no one dying, 5 AP (no attack: Quick Attack costs 6 here): Defend
     * with B in reach (5 - 4 + 12 pays two Standard Attacks) */
    fray_cond_remove(e, 2, WO_C_DYING);
    fray_res_set(e, 0, WO_R_AP, 5);
    assert_int_equal(wo_decide(e, 0, FRAY_WIN_ACT, NULL, &out), FRAY_DECIDE_TAKE);
    assert_int_equal(out.kind, WO_A_DEFEND);
    /* already defending, B's initiative as high as A's: Seize */
    fray_cond_add(e, 0, WO_C_DEFENDING, -1, FRAY_EXP_NEVER, 0);
    fray_res_set(e, 1, WO_R_INIT, fray_res(e, 0, WO_R_INIT));
    assert_int_equal(wo_decide(e, 0, FRAY_WIN_ACT, NULL, &out), FRAY_DECIDE_TAKE);
    assert_int_equal(out.kind, WO_A_SEIZE);
    /* B's initiative one below: no Seize, A passes */
    fray_res_set(e, 1, WO_R_INIT, fray_res(e, 0, WO_R_INIT) - 1);
    assert_int_equal(wo_decide(e, 0, FRAY_WIN_ACT, NULL, &out), FRAY_DECIDE_PASS);
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gaps),
        cmocka_unit_test(interrupt_initiative_higher),
        cmocka_unit_test(initiative_zero),
        cmocka_unit_test(long_action_more_ap),
        cmocka_unit_test(stamina_higher_than_maximum),
        cmocka_unit_test(flank_first_increment),
        cmocka_unit_test(mount_yard_and_higher_of),
        cmocka_unit_test(stabilize_tn_wounds),
        cmocka_unit_test(policy_stabilize_defend_seize),
        cmocka_unit_test(bundled_creatures_fight),
        cmocka_unit_test(examples_end_and_replay),
        cmocka_unit_test(ap_from_speed_table),
        cmocka_unit_test(action_odds_plain),
        cmocka_unit_test(action_odds_distracted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
