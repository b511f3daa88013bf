/* actions.c: the other #Actions (moves, Jump, Defend, items, Catch Your
 * Breath, Escape, Release), #Initiative, and resolve: one action carried
 * out, with its declared and triggered windows. */
#include <stdio.h>
#include <string.h>

#include "rules.h"


/* The move of `a` to (a->x, a->y), m cm long: fray_isqrt of the squares
 * from where the mover stands, which the caller has measured already (the
 * core then need not measure it again: fray_move_len). `seq`: a move of
 * the creature's action sequence, remembered as its last move; 0 for an
 * interrupt's, which leaves the last move as it was (and its direction is
 * not even computed). */
static void move_to_len(fray_encounter *e, const fray_action *a, int kind, int m, int seq)
{
    int who = a->actor;
    en_creature *c = cr(e, who);
    en_state *s = st(e);
    s->mv_x0 = e->c[who].x;
    s->mv_y0 = e->c[who].y;
    if (seq) {
        c->last_move = fray_facing_of(a->x - e->c[who].x, a->y - e->c[who].y) + 1;
        c->last_move_cm = m;
    }
    fray_move_len(e, who, a->x, a->y, m);
    /* turning is free: a creature that moved faces its nearest foe (as
     * fray_nearest(e, who, able_foe) finds it, without a call per creature) */
    int f = -1, fd = -1, side = e->c[who].side;
    for (int i = 0; i < e->n; i++) {
        if (i == who || e->c[i].side == side || e->c[i].status != FRAY_ABLE)
            continue;
        if (f < 0) { /* measured only against a second foe: alone, it is the nearest */
            f = i;
            continue;
        }
        if (fd < 0)
            fd = fray_distance(e, who, f);
        int d = fray_distance(e, who, i);
        if (d < fd) {
            f = i;
            fd = d;
        }
    }
    if (f >= 0)
        face(e, who, f);
    c->acted = 1;
    c->moved_cm += m;
    c->last_sprint_cm = kind == EN_A_SPRINT ? m : 0;
    if (kind == EN_A_SPRINT)
        c->sprinted = 1;
    if (c->moved_cm > speed_cm(e, who))
        end_defending(e, who);
    /* a Restraining creature that moves away lets go */
    int held = fray_link_held(e, EN_LINK_HOLD, who);
    if (held >= 0 && fray_distance(e, who, held) > 150)
        en_release_hold(e, who);
}

/* The move of `a`, most likely about `step` cm long (a Shift's or an Agile
 * Move's 1 m, rounded: fray_isqrt_near), measured exactly. */
static void move_to(fray_encounter *e, const fray_action *a, int seq, int step)
{
    int64_t dx = a->x - e->c[a->actor].x, dy = a->y - e->c[a->actor].y;
    move_to_len(e, a, a->kind, fray_isqrt_near(dx * dx + dy * dy, step), seq);
}


/* The action a won Initiative takes, resolved out of line: flattened into
 * act_initiative, the whole of en_resolve would be a second copy of every
 * handler's code, competing with the first for the instruction cache. */
__attribute__((noinline)) static void resolve_won(fray_encounter *e, const fray_action *pick)
{
    st(e)->depth++;
    en_resolve(e, pick);
    st(e)->depth--;
}

/* #Initiative: roll against the creature whose action is declared; the
 * winner's action happens first. */
static void initiative(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, other = a->target;
    en_creature *c = cr(e, who), *oc = cr(e, other);
    int dex = fray_opt(e, EN_O_INIT_DEX);
    c->init_rolled = 1;
    c->init_value = fray_die(&e->dice, 20, "Initiative roll, 1d20") + c->init_bonus +
                    (dex ? c->d.mod[EN_DEX] : 0);
    /* "If another situation arises that requires you to roll Initiative
     * after you have already rolled it during the Round, you automatically
     * fail." */
    int won;
    if (oc->init_rolled) {
        won = 1;
    } else {
        oc->init_rolled = 1;
        oc->init_value = fray_die_by(&e->dice, other, 20, "Initiative roll, 1d20") +
                         oc->init_bonus + (dex ? oc->d.mod[EN_DEX] : 0);
        /* "If your roll is higher, you win the Initiative" */
        won = c->init_value > oc->init_value;
        fray_mod(e, "Initiative of the creature reacted to", oc->init_value);
    }
    if (dice_out(e))
        return;
    fray_emit(e, &(fray_event){.kind = "initiative", .actor = who, .target = other,
                                .action = "Initiative", .outcome = won ? "won" : "lost",
                                .value = c->init_value, .has_value = 1, .rule = RULE("Initiative")});
    if (!won)
        return;
    /* what wins Initiative acts at once, without windows of its own: the
     * policy's creature chooses without the list of its actions (checked
     * against the list with --check-decide), any other's controller from
     * the list */
    fray_action pick;
    int r = e->c[who].controller == FRAY_CTL_POLICY ? en_policy_won(e, who, a, &pick) : -1;
    if (r < 0 || e->decide_check) {
        fray_action opts[FRAY_MAX_LEGAL];
        fray_list b = {opts, 0, FRAY_MAX_LEGAL};
        en_legal_act(e, who, &b);
        int k = fray_choose(e, who, FRAY_WIN_DECLARED, a, opts, b.n);
        if (r >= 0 && !FRAY_CHECK(e, k < 0 ? r == 0 : r == 1 && !memcmp(&pick, &opts[k], sizeof pick)))
            return;
        r = k >= 0;
        if (r)
            pick = opts[k];
    }
    if (!r)
        return;
    resolve_won(e, &pick);
}

static int still_possible(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    const en_creature *c = ccr(e, who);
    if (a->kind == EN_A_RANGED) {
        if (!fray_able(e, who) || !fray_able(e, t))
            return 0;
        /* the declared window may have taken the weapon (a Disarm, a drop)
         * or swapped it: the attack needs what it was declared with */
        const en_weapon *w = hand(c);
        int thrown = (a->arg & EN_ARG_THROW) != 0;
        if (!w || thrown == ((w->props & EN_W_RANGED) != 0))
            return 0;
        return thrown || !w->load || c->loaded;
    }
    /* The Reach first, as a target that stepped out of it is why most
     * attacks stop here: en_in_reach(e, who, t, unarmed ? 0 :
     * weapon_reach(c)), who's part of the reach derived (en_derive), as
     * fray_distance(e, who, t) <= r asked of the squares (en_within_sq):
     * the root would be a new one, for nothing. */
    int unarmed = a->kind == EN_A_UNARMED || a->kind == EN_A_RESTRAIN || a->kind == EN_A_PUSH;
    int r = (unarmed ? c->d.unarmed_reach_cm : c->d.reach_cm) + en_footprint_cm(ccr(e, t)->size);
    if (!en_within_sq(fray_distance2(e, who, t), r))
        return 0;
    return fray_able(e, who) && fray_able(e, t) && can_attack(conds(e, who)) &&
           (a->kind != EN_A_MELEE || melee_weapon(c));
}

/* #Initiative: "You may try to perform an action in response to another
 * creature's action, even before their action is completed. This is done by
 * rolling Initiative." The declared window of action a: every other
 * creature may roll Initiative (en_may_answer), the target of an attack
 * first, then file order; the target of a melee attack may also step away
 * (an Agile Move). Option initiative_any 0: only the target of an attack is
 * asked (the old reading). The number of answers taken. */
static int declare(fray_encounter *e, const fray_action *a)
{
    if (!fray_opt(e, EN_O_INITIATIVE_ANY))
        return is_attack(a->kind) ? fray_offer_may_one(e, en_may_answer, FRAY_WIN_DECLARED, a, a->target) : 0;
    return fray_offer_may(e, en_may_answer, FRAY_WIN_DECLARED, a, UINT32_MAX);
}

/* Whether action a (not an attack) can still be carried out after its
 * declared window changed the field: its entry (kind, target, variant) is
 * still in the actor's list; *now is that entry as it reads now (a move's
 * end point measured again). */
static int still_legal(fray_encounter *e, const fray_action *a, fray_action *now)
{
    if (!fray_able(e, a->actor))
        return 0;
    fray_action opts[FRAY_MAX_LEGAL];
    fray_list b = {opts, 0, FRAY_MAX_LEGAL};
    en_legal_act(e, a->actor, &b);
    const int same = EN_ARG_AWAY | EN_ARG_AGILITY | EN_ARG_THROW;
    for (int i = 0; i < b.n; i++)
        if (opts[i].kind == a->kind && opts[i].target == a->target &&
            (opts[i].arg & same) == (a->arg & same) &&
            (a->kind == EN_A_JUMP || (opts[i].arg & EN_ARG_LOW) == (a->arg & EN_ARG_LOW))) {
            *now = opts[i];
            return 1;
        }
    return 0;
}

static int attack_cost(const fray_encounter *e, const fray_action *a);

/* #Incomplete Actions: "If the target of your melee attack uses an
 * Immediate Interrupt to move out of you reach before you could roll to hit
 * them or deal damage, you could willingly end the attack and spend only 1
 * Energy." Could, not must: the attacker may instead follow it with Agile
 * Moves (#Agile Move: "Once per Energy you spend on a non-movement action,
 * you may also move one meter as an Immediate Interrupt ... your ability to
 * move slowly while attacking"), 1 Agility a metre, the attack's own Energy
 * counting for them, when that brings the target back within Reach. Asked
 * of the attacker (question Follow: Abandon or Follow; a script answers
 * with ": Follow"). Option attack_follow 0: the attack always ends (the old
 * reading). en_follow_steps: the Agile Moves the attacker of `a` needs to
 * bring its target, standing at (tx, ty), back within Reach, and where
 * they end (*x, *y), or 0 when it cannot (the policy asks it of a step not
 * yet taken); follow: 1 when it followed and the attack goes on. */
int en_follow_steps(const fray_encounter *e, const fray_action *a, int tx, int ty, int *x, int *y)
{
    int who = a->actor, t = a->target;
    const en_creature *c = ccr(e, who);
    unsigned mine = conds(e, who);
    if (!fray_opt(e, EN_O_ATTACK_FOLLOW) || a->kind == EN_A_RANGED || !fray_able(e, who) ||
        !fray_able(e, t) || !can_attack(mine) || (a->kind == EN_A_MELEE && !melee_weapon(c)) ||
        !agility_ok(mine) || !can_move(c, mine))
        return 0;
    int unarmed = a->kind == EN_A_UNARMED || a->kind == EN_A_RESTRAIN || a->kind == EN_A_PUSH;
    int r = (unarmed ? c->d.unarmed_reach_cm : c->d.reach_cm) + en_footprint_cm(ccr(e, t)->size);
    int64_t ox = tx - e->c[who].x, oy = ty - e->c[who].y;
    int d = fray_isqrt(ox * ox + oy * oy);
    int agility = fray_res(e, who, EN_R_AGILITY), credit = c->agile_credit + attack_cost(e, a);
    int steps = (d - r + 99) / 100;
    if (steps < 1)
        steps = 1;
    for (;; steps++) {
        if (steps > agility || steps > credit)
            return 0;
        fray_step_towards(e->c[who].x, e->c[who].y, tx, ty, steps * 100, 0, x, y);
        int64_t dx = tx - *x, dy = ty - *y;
        if (en_within_sq(dx * dx + dy * dy, r))
            return steps;
    }
}

static int follow(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target, x = 0, y = 0;
    en_creature *c = cr(e, who);
    int steps = en_follow_steps(e, a, e->c[t].x, e->c[t].y, &x, &y);
    if (!steps)
        return 0;
    if (fray_ask(e, who, EN_Q_FOLLOW, 3u, a) != 1)
        return 0;
    fray_res_set(e, who, EN_R_AGILITY, fray_res(e, who, EN_R_AGILITY) - steps);
    c->agile_credit -= steps; /* the attack's Energy adds its own (en_acted) */
    fray_action mv = {.kind = EN_A_AGILE_MOVE, .actor = (int16_t)who, .target = (int16_t)t, .x = x, .y = y};
    /* an Immediate Interrupt's move: no move of the sequence, no window */
    move_to(e, &mv, 0, steps * 100);
    fray_emit(e, &(fray_event){.kind = "move", .actor = who, .target = t, .action = "Agile Move",
                                .outcome = "follows", .value = steps * 100, .has_value = 1,
                                .rule = RULE("Incomplete Actions")});
    return still_possible(e, a);
}

static int attack_cost(const fray_encounter *e, const fray_action *a)
{
    switch (a->kind) {
    case EN_A_MELEE: case EN_A_TRIP: case EN_A_DISARM:
        return 3;
    case EN_A_SWIFT:
        return 1;
    case EN_A_RANGED: {
        const en_creature *c = ccr(e, a->actor);
        return (a->arg & EN_ARG_THROW) ? fray_opt(e, EN_O_RANGED_COST) : ranged_cost(e, c, hand(c));
    }
    default:
        return 2;
    }
}

static void attack(fray_encounter *e, const fray_action *a)
{
    en_state *s = st(e);
    if (s->depth == 0 && a->kind != EN_A_SWIFT) {
        /* the declared window (declare()): the creature attacked first,
         * with the ruleset's own may_answer named, called directly, inline */
        declare(e, a);
        if (!still_possible(e, a) && !follow(e, a)) {
            /* #Incomplete Actions: "you could willingly end the attack and
             * spend only 1 Energy" */
            if (fray_able(e, a->actor)) {
                en_pay(e, a->actor, 1, fray_res(e, a->actor, EN_R_ENERGY) >= 1 ? 0 : a->arg);
                en_acted(e, a->actor, 1);
            }
            fray_emit(e, &(fray_event){.kind = "attack", .actor = a->actor, .target = a->target,
                                        .action = en_actions[a->kind].name, .outcome = "abandoned",
                                        .value = 1, .has_value = 1, .rule = RULE("Incomplete Actions")});
            return;
        }
    }
    if (a->kind == EN_A_RANGED)
        en_ranged(e, a);
    else
        en_melee(e, a, attack_cost(e, a));
}

static void shaken_drop(fray_encounter *e, int who, int *dropped)
{
    /* #Conditions, Shaken: "a chance to drop items while manipulating them
     * ... (Chance roll with a DC: 5)" */
    *dropped = 0;
    if (!fray_has(e, who, EN_C_SHAKEN))
        return;
    int r = fray_die(&e->dice, 20, "Chance roll (Shaken), 1d20");
    if (dice_out(e))
        return;
    *dropped = r < 5;
    fray_emit(e, &(fray_event){.kind = "chance roll", .actor = who, .target = -1,
                                .outcome = *dropped ? "dropped" : "held", .value = r, .has_value = 1,
                                .rule = RULE("Conditions")});
}

static void simple(fray_encounter *e, const fray_action *a, const char *outcome, const char *rule)
{
    fray_emit(e, &(fray_event){.kind = "action", .actor = a->actor, .target = a->target,
                                .action = en_actions[a->kind].name, .outcome = outcome, .rule = rule});
}

/* ---- One function per action: 1 to offer the triggered window after it,
 * 0 for none (an Immediate Interrupt, Initiative, Release) ---- */

__attribute__((flatten)) static int act_attack(fray_encounter *e, const fray_action *a)
{
    attack(e, a);
    return 1;
}

__attribute__((flatten)) static int act_swift(fray_encounter *e, const fray_action *a)
{
    /* #Swift Attacks: "A Swift Attack is an Immediate Interrupt" */
    st(e)->depth++;
    en_melee(e, a, 1);
    st(e)->depth--;
    return 1;
}

__attribute__((flatten)) static int act_initiative(fray_encounter *e, const fray_action *a)
{
    initiative(e, a);
    return 0;
}

static int act_load(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    en_creature *c = cr(e, who);
    const en_weapon *w = hand(c);
    en_pay(e, who, w->load, a->arg);
    en_acted(e, who, w->load);
    int dropped;
    shaken_drop(e, who, &dropped);
    if (dice_out(e))
        return 1;
    c->loaded = !dropped;
    /* the weapon loaded is the action's effect (in the private bytes) */
    if (c->loaded)
        fray_record(e, who, "loaded", 0, 1);
    simple(e, a, dropped ? "ammunition dropped" : "loaded", RULE("Actions"));
    return 1;
}

__attribute__((flatten)) static int act_shift(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    if (a->arg & EN_ARG_AGILITY)
        fray_res_set(e, who, EN_R_AGILITY, fray_res(e, who, EN_R_AGILITY) - 2);
    else
        en_pay(e, who, 1, a->arg);
    move_to(e, a, 1, 100);
    simple(e, a, "moved", RULE("Actions"));
    return 1;
}

/* Run, Quick Run and Sprint */
__attribute__((flatten)) static int act_run(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, sp = speed_cm(e, who);
    int64_t dx = a->x - e->c[who].x, dy = a->y - e->c[who].y;
    int m = fray_isqrt(dx * dx + dy * dy);
    int loss = en_turn_loss(e, who, a->x, a->y);
    int cost = a->kind == EN_A_SPRINT ? 3 : ((m + loss) * 3 + sp - 1) / sp;
    if (cost < 1)
        cost = 1;
    if (a->kind == EN_A_QUICK_RUN)
        cost = 2;
    if (a->kind == EN_A_RUN && cost > 3)
        cost = 3;
    en_pay(e, who, cost, a->arg);
    if (a->kind == EN_A_SPRINT)
        en_set_stamina(e, who, fray_res(e, who, EN_R_STAMINA) - 1);
    move_to_len(e, a, a->kind, m, 1);
    fray_emit(e, &(fray_event){.kind = "move", .actor = who, .target = a->target,
                                .action = en_actions[a->kind].name,
                                .outcome = (a->arg & EN_ARG_AWAY) ? "away" : "towards", .value = m,
                                .has_value = 1, .rule = RULE("Actions")});
    return 1;
}

__attribute__((flatten)) static int act_agile_move(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    en_creature *c = cr(e, who);
    fray_res_set(e, who, EN_R_AGILITY, fray_res(e, who, EN_R_AGILITY) - 1);
    c->agile_credit--;
    /* an interrupt is no move of the action sequence */
    move_to(e, a, st(e)->depth == 0 && e->offer_depth == 0, 100);
    fray_emit(e, &(fray_event){.kind = "move", .actor = who, .target = a->target, .action = "Agile Move",
                                .outcome = (a->arg & EN_ARG_AWAY) ? "away" : "towards", .value = 100,
                                .has_value = 1, .rule = RULE("Immediate Interrupts")});
    return e->offer_depth == 0; /* an Immediate Interrupt: no window of its own */
}

static int act_jump(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, cost = a->arg & EN_ARG_LOW;
    en_pay(e, who, cost, a->arg);
    en_set_stamina(e, who, fray_res(e, who, EN_R_STAMINA) - 1);
    move_to(e, a, 1, 0);
    /* "When landing from a Jump, you become Unguarded." */
    if (fray_able(e, who))
        en_unguard(e, who);
    simple(e, a, "landed", RULE("Actions"));
    return 1;
}

static int act_kneel(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    en_pay(e, who, 1, a->arg);
    en_acted(e, who, 1);
    fray_cond_remove(e, who, EN_C_PRONE);
    cr(e, who)->kneeling = 1;
    /* "You become Unguarded." */
    en_unguard(e, who);
    simple(e, a, "kneeling", RULE("Actions"));
    return 1;
}

static int act_stand(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    en_pay(e, who, 1, a->arg);
    en_acted(e, who, 1);
    cr(e, who)->kneeling = 0;
    fray_record(e, who, "kneeling", 1, 0);
    simple(e, a, "standing", RULE("Actions"));
    return 1;
}

__attribute__((flatten)) static int act_defend(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    en_pay(e, who, 1, a->arg);
    en_acted(e, who, 1);
    /* "If you were Unguarded, you no longer are. If you were Exposed, you
     * are no longer Exposed." - except where a parent imposes them
     * (#Surprise: "You cannot remove a daughter condition by itself.") */
    /* (a condition not held has no entry to remove: not searched for) */
    if (fray_has(e, who, EN_C_UNGUARDED))
        fray_cond_remove(e, who, EN_C_UNGUARDED);
    if (fray_has(e, who, EN_C_EXPOSED))
        fray_cond_remove(e, who, EN_C_EXPOSED);
    en_give(e, who, EN_C_DEFENDING, FRAY_EXP_NEVER, 0);
    simple(e, a, "defending", RULE("Actions"));
    return 1;
}

/* A Shaken creature's item falls where it stands. */
static void drop_here(fray_encounter *e, int who, int item)
{
    en_creature *c = cr(e, who);
    c->dropped = item;
    c->drop_x = e->c[who].x;
    c->drop_y = e->c[who].y;
}

static int act_stow(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    en_creature *c = cr(e, who);
    int cost = side_arm(hand(c)) ? 1 : 2;
    en_pay(e, who, cost, a->arg);
    en_acted(e, who, cost);
    int dropped;
    shaken_drop(e, who, &dropped);
    if (dice_out(e))
        return 1;
    if (dropped)
        drop_here(e, who, c->wielded);
    fray_record(e, who, "wielded", c->wielded, -1);
    c->wielded = -1;
    c->loaded = 0;
    en_derive(c);
    simple(e, a, dropped ? "dropped" : "stowed", RULE("Actions"));
    return 1;
}

static int act_equip(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    en_creature *c = cr(e, who);
    int i = a->arg & EN_ARG_LOW;
    int cost = side_arm(&c->w[i]) ? 1 : 2;
    en_pay(e, who, cost, a->arg);
    en_acted(e, who, cost);
    int dropped;
    shaken_drop(e, who, &dropped);
    if (dice_out(e))
        return 1;
    if (dropped) {
        drop_here(e, who, i);
    } else {
        fray_record(e, who, "wielded", c->wielded, i);
        c->wielded = i;
        c->loaded = 0;
        en_derive(c);
    }
    simple(e, a, dropped ? "dropped" : "equipped", RULE("Actions"));
    return 1;
}

static int act_pick_up(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    en_creature *c = cr(e, who);
    int cost = fray_opt(e, EN_O_PICK_UP_COST);
    en_pay(e, who, cost, a->arg);
    en_acted(e, who, cost);
    /* "If you pick up an item off the ground you spend 1 Energy and
     * become Exposed." */
    en_expose(e, who);
    if (c->wielded < 0) {
        fray_record(e, who, "wielded", -1, c->dropped);
        c->wielded = c->dropped;
        c->loaded = 0;
        en_derive(c);
    }
    c->dropped = -1;
    simple(e, a, "picked up", RULE("Actions"));
    return 1;
}

static int act_catch_breath(fray_encounter *e, const fray_action *a)
{
    /* "Using 3 Energy (or all your Energy), you may regain 1 Stamina." */
    int who = a->actor;
    int en = fray_res(e, who, EN_R_ENERGY), cost = en < 3 ? en : 3;
    en_pay(e, who, cost, 0);
    en_acted(e, who, cost);
    en_set_stamina(e, who, fray_res(e, who, EN_R_STAMINA) + 1);
    simple(e, a, "breath caught", RULE("Stamina"));
    return 1;
}

static int act_escape(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, h = fray_link_holder(e, EN_LINK_HOLD, who);
    en_pay(e, who, 3, a->arg);
    en_acted(e, who, 3);
    /* Restrained: "a Fortitude roll ... contested by the ... Fortitude
     * roll of the restrainer"; the restrainer keeps its hold on a tie */
    int mine = en_fortitude_roll(e, who, 0), theirs = h >= 0 ? en_fortitude_roll(e, h, 0) : 0;
    if (dice_out(e))
        return 1;
    int out = mine > theirs;
    if (out && h >= 0)
        en_release_hold(e, h);
    fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = h, .action = "Escape",
                                .outcome = out ? "escaped" : "held", .value = mine, .has_value = 1,
                                .rule = RULE("Restrain")});
    return 1;
}

static int act_release(fray_encounter *e, const fray_action *a)
{
    en_release_hold(e, a->actor);
    simple(e, a, "released", RULE("Restrain"));
    return 0;
}

static int (*const act[EN_NACTIONS])(fray_encounter *e, const fray_action *a) = {
    [EN_A_MELEE] = act_attack,        [EN_A_RANGED] = act_attack,   [EN_A_UNARMED] = act_attack,
    [EN_A_TRIP] = act_attack,         [EN_A_DISARM] = act_attack,   [EN_A_RESTRAIN] = act_attack,
    [EN_A_PUSH] = act_attack,         [EN_A_SWIFT] = act_swift,     [EN_A_INITIATIVE] = act_initiative,
    [EN_A_LOAD] = act_load,           [EN_A_SHIFT] = act_shift,     [EN_A_RUN] = act_run,
    [EN_A_QUICK_RUN] = act_run,       [EN_A_SPRINT] = act_run,      [EN_A_AGILE_MOVE] = act_agile_move,
    [EN_A_JUMP] = act_jump,           [EN_A_KNEEL] = act_kneel,     [EN_A_STAND] = act_stand,
    [EN_A_DEFEND] = act_defend,       [EN_A_STOW] = act_stow,       [EN_A_EQUIP] = act_equip,
    [EN_A_PICK_UP] = act_pick_up,     [EN_A_CATCH_BREATH] = act_catch_breath,
    [EN_A_ESCAPE] = act_escape,       [EN_A_RELEASE] = act_release,
};

__attribute__((flatten)) void en_resolve(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    en_state *s = st(e);
    if (s->depth == 0 && s->respond == who)
        s->respond = -1;
    /* #Waiting to Act: a creature that passed waits "to use their Energy";
     * once another creature acts, the waiting ones may act again. The Round
     * ends when every creature able to act waits (en_next_actor). Option
     * wait_forfeits 1: a pass ends the creature's actions for the Round. */
    if (s->depth == 0 && e->offer_depth == 0 && !fray_opt(e, EN_O_WAIT_FORFEITS))
        for (int i = 0; i < e->n; i++)
            cr(e, i)->passed = 0;
    /* option agile_move_banked 0: an Agile Move goes with the creature's own
     * action, so another creature's action ends what it had earned */
    if (!fray_opt(e, EN_O_AGILE_BANKED) && e->offer_depth == 0 && s->depth == 0)
        for (int i = 0; i < e->n; i++)
            if (i != who)
                cr(e, i)->agile_credit = 0;
    if (a->kind < 0 || a->kind >= EN_NACTIONS || !act[a->kind])
        return;
    fray_action now;
    if (s->depth == 0 && e->offer_depth == 0 && !is_attack(a->kind) && a->kind != EN_A_SWIFT &&
        a->kind != EN_A_INITIATIVE && a->kind != EN_A_AGILE_MOVE && declare(e, a) > 0) {
        /* an Initiative won before it: the action as it can be done now,
         * else given up (#Incomplete Actions: "Typically, at least 1 Energy
         * is still spent if an action is interrupted") */
        if (dice_out(e) || e->failed)
            return;
        if (!still_legal(e, a, &now)) {
            if (fray_able(e, who) && fray_res(e, who, EN_R_ENERGY) >= 1 && a->kind != EN_A_RELEASE) {
                en_pay(e, who, 1, 0);
                en_acted(e, who, 1);
            }
            fray_emit(e, &(fray_event){.kind = "action", .actor = who, .target = a->target,
                                        .action = en_actions[a->kind].name, .outcome = "abandoned",
                                        .value = 1, .has_value = 1, .rule = RULE("Incomplete Actions")});
            return;
        }
        a = &now;
    }
    if (act[a->kind](e, a) && e->offer_depth == 0)
        en_offer_triggered(e, a);
}
