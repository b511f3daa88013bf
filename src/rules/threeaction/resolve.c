/* resolve.c: carrying out an action (the ruleset's resolve hook), and the
 * Actions that are one step each: #Cast, #Control, #Command, #Focus, #Dodge,
 * #Readied action, #Use a Skill (Medicine on a Bleeding creature), standing
 * up (#Prone), putting out a fire (#On fire), picking up a dropped item,
 * choking a grappled creature (#Grappling), and the Free Actions (#Free
 * Action: drop Prone, release a grapple) and holding or delaying the turn
 * (#Round, #Turn). */
#include "threeaction.h"

#define R(h) TA_RULE(h)

static void note(fray_encounter *e, const fray_action *a, const char *kind, const char *rule)
{
    fray_emit(e, &(fray_event){.kind = kind, .actor = a->actor, .target = a->target,
                                .action = e->rs->actions[a->kind].name, .rule = rule});
}

/* #Cast: the Spell's Energy, then its Spell Attack; one that lasts may be
 * Controlled on later turns. */
static void cast(fray_encounter *e, const fray_action *a)
{
    ta_creature *c = ta_cr(e, a->actor);
    const ta_spell *sp = &c->sp[a->arg];
    ta_spend(e, a->actor, 1);
    fray_res_set(e, a->actor, TA_R_ENERGY, e->c[a->actor].res[TA_R_ENERGY] - sp->energy);
    if (sp->control) {
        c->active_spell = a->arg;
        /* #Control: "a Spell you Cast on a previous Turn": not this one */
        c->controlled = 1;
    }
    ta_attack(e, a, 2);
}

/* #Control: "You can only Control a Spell once per Turn"; it acts again on
 * a target in its range (the spell's own effect, no Energy). */
static void control(fray_encounter *e, const fray_action *a)
{
    ta_creature *c = ta_cr(e, a->actor);
    ta_spend(e, a->actor, 1);
    c->controlled = 1;
    fray_action b = *a;
    b.arg = (int16_t)c->active_spell;
    ta_attack(e, &b, 2);
}

/* #Focus: "(ESS+Level)/3 rounded down", up to the Energy maximum. */
static void focus(fray_encounter *e, const fray_action *a)
{
    const ta_creature *c = ta_ccr(e, a->actor);
    int gain = (c->ess + c->level) / 3; /* "rounded down" (both are >= 0 here or the gain is 0) */
    if (gain < 0)
        gain = 0;
    int v = e->c[a->actor].res[TA_R_ENERGY] + gain;
    ta_spend(e, a->actor, 1);
    fray_res_set(e, a->actor, TA_R_ENERGY, v > c->energy_max ? c->energy_max : v);
    note(e, a, "focus", R("Focus"));
}

/* #Command: the creature uses its Actions now, "taking their Turn
 * simultaneously with yours"; once per Round. */
static void command(fray_encounter *e, const fray_action *a)
{
    int t = a->target;
    ta_creature *ct = ta_cr(e, t);
    /* its Actions, less Slowed's one and Incapacitated's two (#Turn) */
    int n = ta_turn_allowance(e, t, TA_R_ACTIONS);
    ta_spend(e, a->actor, 1);
    /* its turn now: the action's effect (the tactics report counts it) */
    fray_record(e, t, "commanded", ct->commanded, e->round);
    ct->commanded = e->round;
    fray_res_set(e, t, TA_R_ACTIONS, n);
    note(e, a, "command", R("Command"));
    fray_turns_command(e, t);
}

/* #Readied action: "You may use two Actions to ready a single Action. In
 * doing so you must choose a specific Action to ready and a specific
 * condition to trigger that Action." Two Actions for a Melee Attack (arg
 * 0) that fires when a foe's move ends within reach, or a Ranged Attack
 * (arg 1, kept in x) when it ends within range, before the next turn. */
static void ready(fray_encounter *e, const fray_action *a)
{
    ta_spend(e, a->actor, 2);
    fray_action r = {.kind = TA_A_READIED, .actor = a->actor, .target = -1,
                     .arg = (int16_t)(a->arg ? ta_ranged_weapon(e, a->actor)
                                             : ta_melee_weapon(e, a->actor)),
                     .x = a->arg ? 1 : 0};
    fray_turns_ready(e, a->actor, &r);
    fray_record(e, a->actor, "readied", 0, 1); /* the action's effect (the tactics report) */
    note(e, a, "ready", R("Readied action"));
}

static void readied(fray_encounter *e, const fray_action *a)
{
    fray_turns_unready(e, a->actor);
    if (fray_opt(e, TA_OPT_READIED_REACTION))
        fray_res_set(e, a->actor, TA_R_REACTIONS, e->c[a->actor].res[TA_R_REACTIONS] - 1);
    ta_attack(e, a, a->x ? 1 : 0);
}

/* #Use a Skill, #Bleeding: "A sucessful Medicine Check on this Creature
 * resets their Bleed Penalty to 0 and ends this condition" (the DC is the
 * option medicine_dc; the check d20 + Level + Medicine). */
static void medicine(fray_encounter *e, const fray_action *a)
{
    const ta_creature *c = ta_ccr(e, a->actor);
    fray_check k;
    ta_spend(e, a->actor, 1);
    fray_check_start(&k, fray_opt(e, TA_OPT_MEDICINE_DC));
    fray_check_mod(e, &k, "Level", c->level);
    fray_check_mod(e, &k, "Medicine", c->medicine);
    fray_check_roll(e, &k, 20, 0, "Medicine Check, 1d20");
    fray_check_settle(&k, 0);
    if (k.success) {
        fray_cond_remove(e, a->target, TA_C_BLEEDING);
        fray_res_set(e, a->target, TA_R_BLEED, 0);
    }
    fray_emit(e, &(fray_event){.kind = "skill", .actor = a->actor, .target = a->target,
                                .action = "Medicine", .outcome = k.success ? "success" : "failure",
                                .value = k.total, .has_value = 1, .rule = R("Use a Skill")});
}

static void small_action(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    ta_creature *c = ta_cr(e, who);
    switch (a->kind) {
    case TA_A_STAND: /* #Prone: "can stand as an Action" */
        ta_spend(e, who, 1);
        fray_cond_remove(e, who, TA_C_PRONE);
        note(e, a, "stand", R("Prone"));
        break;
    case TA_A_STABILIZE: /* #Zero-G: "spend an Action to Stabilize yourself" */
        ta_spend(e, who, 1);
        fray_cond_remove(e, who, TA_C_UNSTABLE);
        note(e, a, "stabilize", R("Zero-G"));
        break;
    case TA_A_DODGE: /* "give the next Attack against you Disadvantage" */
        ta_spend(e, who, 1);
        fray_cond_add(e, who, TA_C_DODGING, -1, FRAY_EXP_ON_USE, 0);
        note(e, a, "dodge", R("Dodge"));
        break;
    case TA_A_PUT_OUT: /* "spending an Action to drop Prone and roll on the ground" */
        ta_spend(e, who, 1);
        fray_cond_add(e, who, TA_C_PRONE, -1, FRAY_EXP_NEVER, 0);
        fray_cond_remove(e, who, TA_C_ON_FIRE);
        note(e, a, "put out", R("On fire"));
        break;
    case TA_A_PICK_UP: /* interacting with an object: an Action (#Action) */
        ta_spend(e, who, 1);
        c->w[a->arg].where = TA_IN_HAND;
        note(e, a, "pick up", R("Action"));
        break;
    case TA_A_SMOTHER: /* #Grappling: "prevent ... from breathing for the next Round" */
        ta_spend(e, who, 1);
        fray_cond_give(e, a->target, TA_C_SUFFOCATING, who, 1, FRAY_EXP_SRC_TURN_START,
                       fray_turns_next_round(e, who));
        note(e, a, "smother", R("Grappling"));
        break;
    case TA_A_DROP_PRONE: /* #Free Action: "fall Prone" */
        fray_cond_add(e, who, TA_C_PRONE, -1, FRAY_EXP_NEVER, 0);
        note(e, a, "free action", R("Free Action"));
        break;
    case TA_A_RELEASE: { /* "release the other Creature as a Free Action" */
        int t = a->target;
        fray_unlink(e, 0, who, t);
        fray_cond_remove(e, t, TA_C_GRAPPLED);
        if (fray_link_held(e, 0, who) < 0)
            fray_cond_remove(e, who, TA_C_GRAPPLING);
        note(e, a, "free action", R("Grappling"));
        break;
    }
    default:
        break;
    }
}

void ta_resolve(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    switch (a->kind) {
    case TA_A_MELEE:
    case TA_A_RANGED:
        ta_spend(e, who, 1);
        ta_attack(e, a, a->kind == TA_A_MELEE ? 0 : 1);
        break;
    case TA_A_CAST: cast(e, a); break;
    case TA_A_CONTROL: control(e, a); break;
    case TA_A_MOVE:
    case TA_A_FLANK:
    case TA_A_RETREAT:
    case TA_A_STRAIGHT:
    case TA_A_COVER:
        ta_move(e, a);
        if (e->turns.readied) /* a readied attack waits for a foe in reach */
            fray_offer(e, FRAY_WIN_TRIGGERED, a);
        break;
    case TA_A_FOCUS: focus(e, a); break;
    case TA_A_COMMAND: command(e, a); break;
    case TA_A_BREAK:
    case TA_A_PUSH:
    case TA_A_FEINT:
    case TA_A_DISARM:
    case TA_A_TRIP:
    case TA_A_GRAPPLE:
        ta_spend(e, who, 1);
        ta_maneuver(e, a);
        break;
    case TA_A_READY: ready(e, a); break;
    case TA_A_READIED: readied(e, a); break;
    case TA_A_MEDICINE: medicine(e, a); break;
    case TA_A_HOLD: /* #Round: hold the Turn until after another's */
    case TA_A_DELAY: /* #Turn: delay, entering again after a later Turn */
        fray_turns_delay(e, who, a->kind == TA_A_HOLD ? a->target : -1);
        note(e, a, "delay", a->kind == TA_A_HOLD ? R("Round") : R("Turn"));
        break;
    case TA_A_ENTER:
        fray_turns_enter(e, who);
        note(e, a, "enter", R("Turn"));
        break;
    default:
        small_action(e, a);
        break;
    }
}
