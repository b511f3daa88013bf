/* actions.c: #Rounds and Actions and #Actions of 001_7bb09e523b7677c3.txt:
 * the legal list of a creature and every action but the maneuvers
 * (maneuvers.c) and the reactions (reactions.c). Action arguments: the low
 * four bits are the weapon, the next four a count (Stamina for Power Attack
 * and Deadly Aim, degrees for Reckless Attack, attacks for Rapid Shot). */
#include "injury.h"

#define ARG(w, n) ((w) | ((n) << 4))
#define ARG_W(a) ((a) & 15)
#define ARG_N(a) (((a) >> 4) & 15)

int in_speed_ft(const fray_encounter *e, int who)
{
    const in_creature *c = IN_CCR(e, who);
    const in_fx *fx = &c->fx;
    int s = fray_has(e, who, IN_C_FLYING) ? c->fly_ft : c->speed_ft - fx->speed_cut;
    return s < 0 ? 0 : s;
}

int in_can_stand(const fray_encounter *e, int who)
{
    const in_fx *fx = &IN_CCR(e, who)->fx;
    return !fx->legs_down && in_ap_cost(e, who, IN_A_STAND) <= 3;
}

int in_ap_cost(const fray_encounter *e, int who, int kind)
{
    switch (kind) {
    case IN_A_LUNGE:
    case IN_A_PARRY:
    case IN_A_REACTIVE:
        return 0;
    case IN_A_CHARGE:
        return 2;
    case IN_A_STAND: {
        /* #Foot, #Leg: "the action to stand up is increased by 1 (2) AP" */
        const in_fx *fx = &IN_CCR(e, who)->fx;
        return fray_opt(e, IN_OPT_AP_STAND) + fx->stand_ap;
    }
    default:
        return 1;
    }
}

static int first_melee(const fray_encounter *e, int who)
{
    const in_creature *c = IN_CCR(e, who);
    for (int i = 0; i < c->nweapon; i++)
        if (c->w[i].melee && in_weapon_usable(c, i))
            return i;
    return -1;
}

static int can_move(const fray_encounter *e, int who)
{
    return !fray_has(e, who, IN_C_PRONE) && !(fray_cflags(e, who) & FRAY_CF_NO_MOVE) &&
           in_speed_ft(e, who) > 0;
}

/* Actions the policy never picks (ruleset.c policy_kinds), left out of its
 * list: the room they would take stays taken, so that the list is cut at
 * FRAY_MAX_LEGAL where the whole one would be (the same choices). */
static void leave_room(fray_list *l, int n)
{
    int room = l->max - l->n;
    l->max -= n < room ? n : room;
}

static void weapon_attacks(fray_encounter *e, int who, int t, fray_list *l)
{
    const in_creature *c = IN_CCR(e, who);
    int st = fray_res(e, who, IN_R_STAMINA), prone = fray_has(e, who, IN_C_PRONE), melee_n = 0;
    for (int i = 0; i < c->nweapon; i++) {
        const in_weapon *w = &c->w[i];
        if (!in_weapon_usable(c, i))
            continue;
        /* #Power Attack, #Deadly Aim: "spend an amount of stamina up to your
         * martial bonus": every amount from 1 to the martial bonus (and to
         * the Stamina there is); #Reckless Attack: "For each degree, you
         * must spend 1 stamina": any number of degrees the Stamina pays for
         * (15 at most: the argument's four bits). The largest amount of
         * Power Attack and Deadly Aim comes first (what a script naming the
         * action takes), the smallest Reckless Attack first. */
        int pw = c->mb < st ? c->mb : st, rk = st < 15 ? st : 15;
        if (fray_opt(e, IN_OPT_FREE_ONCE) && c->free_used) /* option free_once */
            pw = rk = 0;
        if (pw > 15)
            pw = 15;
        if (w->melee && in_in_reach(e, who, t, w)) {
            melee_n++;
            fray_list_add(l, IN_A_ATTACK, who, t, ARG(i, 0), 0, 0);
            for (int k = pw; k >= 1 && fray_wants(e, IN_A_POWER); k--)
                fray_list_add(l, IN_A_POWER, who, t, ARG(i, k), 0, 0);
            if (!fray_wants(e, IN_A_RECKLESS))
                leave_room(l, rk);
            for (int k = 1; k <= rk && fray_wants(e, IN_A_RECKLESS); k++)
                fray_list_add(l, IN_A_RECKLESS, who, t, ARG(i, k), 0, 0);
        } else if (w->ranged && !(w->bow && prone) && in_in_range(e, who, t, w, 0)) {
            fray_list_add(l, IN_A_ATTACK, who, t, ARG(i, 0), 0, 0);
            for (int k = pw; k >= 1; k--)
                fray_list_add(l, IN_A_DEADLY_AIM, who, t, ARG(i, k), 0, 0);
            if (w->rapid)
                fray_list_add(l, IN_A_RAPID, who, t, ARG(i, 2), 0, 0);
        }
        if (w->thrown && !w->natural && in_in_range(e, who, t, w, 1) && !in_in_reach(e, who, t, w))
            fray_list_add(l, IN_A_THROW, who, t, ARG(i, 0), 0, 0);
    }
    if (melee_n >= 2)
        fray_list_add(l, IN_A_MULTIWEAPON, who, t, 0, 0, 0);
}

/* Where a move of who at t (ft feet at most) ends: a square short of t
 * (the two half squares of their spaces); 0 when it is there already. */
static int toward_xy(const fray_encounter *e, int who, int t, int ft, int *x, int *y)
{
    int go = fray_distance(e, who, t) - IN_SQUARE_CM, max = IN_FT_CM(ft);
    if (go <= 0)
        return 0;
    fray_step_towards(e->c[who].x, e->c[who].y, e->c[t].x, e->c[t].y, go < max ? go : max, 0, x,
                      y);
    /* a step too short to leave its point (a large creature's half square
     * from a foe's edge) is no move: listed, it moved 0 cm (issue 35) */
    return *x != e->c[who].x || *y != e->c[who].y;
}

static void toward(fray_encounter *e, int who, int t, int kind, int ft, fray_list *l)
{
    int x, y;
    if (toward_xy(e, who, t, ft, &x, &y))
        fray_list_add(l, kind, who, t, 0, x, y);
}

static void per_foe(fray_encounter *e, int who, int t, fray_list *l)
{
    const in_creature *c = IN_CCR(e, who);
    int ap = fray_res(e, who, IN_R_AP), m = first_melee(e, who);
    if (!c->no_attack) {
        weapon_attacks(e, who, t, l);
        uint32_t ok = in_maneuvers_ok(e, who, t);
        for (int k = 0; k < IN_NMANEUVER; k++) {
            if (ok >> k & 1u && fray_wants(e, IN_FIRST_MANEUVER + k))
                fray_list_add(l, IN_FIRST_MANEUVER + k, who, t, 0, 0, 0);
            else if (ok >> k & 1u)
                leave_room(l, 1);
        }
        /* #Charge (no body in the text): up to your speed straight at a foe
         * out of reach, then a melee attack */
        if (m >= 0 && ap >= 2 && can_move(e, who) && !in_in_reach(e, who, t, &c->w[m]) &&
            fray_distance(e, who, t) <= IN_FT_CM(in_speed_ft(e, who)) + IN_SQUARE_CM)
            toward(e, who, t, IN_A_CHARGE, in_speed_ft(e, who), l);
    }
    if (can_move(e, who) && (m < 0 || !in_in_reach(e, who, t, &c->w[m])))
        toward(e, who, t, IN_A_MOVE, in_speed_ft(e, who) < fray_opt(e, IN_OPT_MOVE_FT)
                                         ? in_speed_ft(e, who)
                                         : fray_opt(e, IN_OPT_MOVE_FT), l);
}

static void own(fray_encounter *e, int who, fray_list *l)
{
    const in_creature *c = IN_CCR(e, who);
    int ap = fray_res(e, who, IN_R_AP);
    if (!fray_has(e, who, IN_C_DEFENDING))
        fray_list_add(l, IN_A_DEFEND, who, -1, 0, 0, 0);
    int arm = in_instance(c, IN_ARM, 1);
    if (c->shield && !fray_has(e, who, IN_C_SHIELD) &&
        (arm < 0 || c->part[arm].inj < 2)) /* #Arm 2nd injury: "cannot ready a shield" */
        fray_list_add(l, IN_A_SHIELD, who, -1, 0, 0, 0);
    if (fray_has(e, who, IN_C_PRONE) && in_can_stand(e, who) && in_ap_cost(e, who, IN_A_STAND) <= ap)
        fray_list_add(l, IN_A_STAND, who, -1, 0, 0, 0);
    for (int i = 0; i < c->nweapon; i++) {
        int h = in_instance(c, IN_HAND, c->w[i].hand);
        if (c->w[i].state == IN_W_DROPPED && (h < 0 || c->part[h].inj < 2)) {
            fray_list_add(l, IN_A_PICKUP, who, -1, ARG(i, 0), 0, 0);
            break;
        }
    }
    if (!c->no_attack && in_escape_ok(e, who))
        fray_list_add(l, IN_A_ESCAPE, who, c->grappler, 0, 0, 0);
    if (!fray_has(e, who, IN_C_LUNGING) && fray_res(e, who, IN_R_STAMINA) >= 1 &&
        !(fray_opt(e, IN_OPT_FREE_ONCE) && c->free_used) &&
        first_melee(e, who) >= 0 && !c->no_attack) {
        if (fray_wants(e, IN_A_LUNGE))
            fray_list_add(l, IN_A_LUNGE, who, -1, 0, 0, 0);
        else
            leave_room(l, 1);
    }
    /* the actions on foes last: every amount of Power Attack and Reckless
     * Attack makes the list long, and a full list drops what comes last */
    for (int t = 0; t < e->n; t++)
        if (in_foe(e, who, t) && fray_able(e, t))
            per_foe(e, who, t, l);
}

/* Whether `who` could react in `window` at all (the ruleset's may_answer):
 * a reaction left this round, none taken to this trigger yet, and the one
 * trigger each window has (a confirmed melee roll against it, a provoking
 * action). in_legal lists the reaction only where this holds. */
int in_may_answer(const fray_encounter *e, int who, int window, const fray_action *trigger)
{
    if (!fray_able(e, who) || !trigger || window == FRAY_WIN_ACT)
        return 0;
    if ((fray_cflags(e, who) & FRAY_CF_NO_REACTIONS) || fray_res(e, who, IN_R_REACT) < 1 ||
        (IN_CST(e)->reacted >> who & 1u))
        return 0;
    if (window == FRAY_WIN_ROLLED)
        return trigger->target == who && e->check && fray_res(e, who, IN_R_STAMINA) >= 1;
    return window == FRAY_WIN_DECLARED && (IN_CST(e)->provoked >> who & 1u);
}

int in_legal(fray_encounter *e, int who, int window, const fray_action *trigger,
             fray_action *out, int max)
{
    fray_list l = {out, 0, max};
    if (!fray_able(e, who))
        return 0;
    unsigned fl = fray_cflags(e, who);
    if (window == FRAY_WIN_ACT) {
        if (fl & FRAY_CF_NO_ACTIONS)
            return 0;
        fray_action tmp[FRAY_MAX_LEGAL];
        fray_list all = {tmp, 0, FRAY_MAX_LEGAL};
        own(e, who, &all);
        int ap = fray_res(e, who, IN_R_AP);
        for (int i = 0; i < all.n; i++)
            if (in_ap_cost(e, who, tmp[i].kind) <= ap)
                fray_list_add(&l, tmp[i].kind, who, tmp[i].target, tmp[i].arg, tmp[i].x, tmp[i].y);
        return l.n;
    }
    if (!in_may_answer(e, who, window, trigger))
        return 0;
    const in_creature *c = IN_CCR(e, who);
    if (window == FRAY_WIN_ROLLED) {
        /* #Parry: "After your opponent confirms their melee attack roll
         * against you" */
        for (int i = 0; i < c->nweapon; i++)
            if (c->w[i].melee && in_weapon_usable(c, i) &&
                in_in_reach(e, who, trigger->actor, &c->w[i])) {
                fray_list_add(&l, IN_A_PARRY, who, trigger->actor, ARG(i, 0), 0, 0);
                break;
            }
    }
    if (window == FRAY_WIN_DECLARED) {
        for (int i = 0; i < c->nweapon; i++)
            if (c->w[i].melee && in_weapon_usable(c, i) &&
                in_in_reach(e, who, trigger->actor, &c->w[i])) {
                fray_list_add(&l, IN_A_REACTIVE, who, trigger->actor, ARG(i, 0), 0, 0);
                break;
            }
    }
    return l.n;
}

/* #Throw: "When you miss your target, roll 1d8. Starting from the square
 * adjacent to the target that is nearest towards you and going clockwise
 * ... count a number of squares away from the target in that direction
 * equal to the number of range increments between you and your target." */
static void scatter(fray_encounter *e, int who, int t, const in_weapon *w)
{
    int r = fray_die(&e->dice, 8, "Throw scatter, 1d8");
    int dir0 = fray_facing_towards(e, t, who);
    int dir = ((dir0 - (r - 1)) % 8 + 8) % 8; /* facings count counterclockwise */
    static const int dx[8] = {1, 1, 0, -1, -1, -1, 0, 1}, dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    int inc = in_increment_ft(e, who, w, 1);
    int n = 1 + (inc > 0 ? fray_distance(e, who, t) / 30 / inc : 0);
    int x = e->c[t].x + dx[dir] * n * IN_SQUARE_CM, y = e->c[t].y + dy[dir] * n * IN_SQUARE_CM;
    fray_emit(e, &(fray_event){.kind = "scatter", .actor = who, .target = t, .action = w->name,
                                .value = r, .has_value = 1,
                                .detail = in_detail(e, "lands at (%d.%02d, %d.%02d) m", x / 100,
                                                    (x < 0 ? -x : x) % 100, y / 100,
                                                    (y < 0 ? -y : y) % 100),
                                .rule = IN_RULE("Throw")});
}

static void attack_action(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target, wi = ARG_W(a->arg), n = ARG_N(a->arg);
    in_creature *c = IN_CR(e, who);
    in_attack_opts o = {.weapon = wi};
    switch (a->kind) {
    case IN_A_POWER:
    case IN_A_DEADLY_AIM:
        c->free_used++;
        /* "spend an amount of stamina up to your martial bonus to gain a +2
         * bonus to your attack roll for each stamina spent" */
        o.power = n;
        in_spend_stamina(e, who, n);
        break;
    case IN_A_RECKLESS:
        c->free_used++;
        o.reckless = n;
        in_spend_stamina(e, who, n);
        break;
    case IN_A_THROW:
        o.thrown = 1;
        break;
    case IN_A_CHARGE:
        fray_move(e, who, a->x, a->y);
        fray_flush(e, who, IN_RULE("Charge"));
        fray_cond_add(e, who, IN_C_OPENED, -1, FRAY_EXP_TURN_START, fray_turns_next_round(e, who));
        o.weapon = first_melee(e, who);
        o.charge = 1;
        if (o.weapon < 0 || !in_in_reach(e, who, t, &c->w[o.weapon]))
            return;
        break;
    default:
        break;
    }
    if (a->kind == IN_A_MULTIWEAPON) {
        /* "attack with each weapon with a +1 disadvantage on each attack roll" */
        for (int i = 0; i < c->nweapon && fray_able(e, t) && fray_able(e, who); i++)
            if (c->w[i].melee && in_weapon_usable(c, i) && in_in_reach(e, who, t, &c->w[i]))
                in_attack(e, a, t, &(in_attack_opts){.weapon = i, .extra_dis = 1});
    } else if (a->kind == IN_A_RAPID) {
        /* "+1 disadvantage on each attack roll for each attack beyond the first" */
        o.extra_dis = n - 1;
        for (int k = 0; k < n && fray_able(e, t) && fray_able(e, who) && in_weapon_usable(c, wi);
             k++)
            in_attack(e, a, t, &o);
    } else if (!in_attack(e, a, t, &o) && o.thrown) {
        scatter(e, who, t, &c->w[wi]);
    }
    if (c->w[o.weapon].melee && !o.thrown)
        fray_cond_remove(e, who, IN_C_LUNGING); /* "your next melee attack" */
}

static void move_action(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    uint32_t leave = 0;
    if (fray_opt(e, IN_OPT_LEAVE_PROVOKES))
        for (int f = 0; f < e->n; f++) {
            if (!in_foe(e, who, f) || !fray_able(e, f))
                continue;
            const in_creature *fc = IN_CCR(e, f);
            for (int i = 0; i < fc->nweapon; i++)
                if (fc->w[i].melee && in_weapon_usable(fc, i) && in_in_reach(e, f, who, &fc->w[i])) {
                    int64_t dx = (int64_t)a->x - e->c[f].x, dy = (int64_t)a->y - e->c[f].y;
                    int64_t r = in_reach_cm(e, f, &fc->w[i]);
                    if (dx * dx + dy * dy > r * r)
                        leave |= 1u << f;
                    break;
                }
        }
    if (leave && in_provoke(e, a, leave) && !fray_able(e, who))
        return;
    fray_move(e, who, a->x, a->y);
    fray_emit(e, &(fray_event){.kind = "move", .actor = who, .target = a->target, .action = "Move",
                                .rule = IN_RULE("Rounds and Actions")});
}

static void simple(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    in_creature *c = IN_CR(e, who);
    const char *rule = IN_RULE("Actions");
    switch (a->kind) {
    case IN_A_DEFEND:
        /* "Add a dodge bonus equal to your martial bonus to your DV that lasts
         * until the start of your next turn. You cannot use the Attack action
         * for the rest of your turn." */
        fray_cond_add(e, who, IN_C_DEFENDING, -1, FRAY_EXP_TURN_START, fray_turns_next_round(e, who));
        c->no_attack = 1;
        rule = IN_RULE("Defend");
        break;
    case IN_A_SHIELD:
        fray_cond_add(e, who, IN_C_SHIELD, -1, FRAY_EXP_TURN_START, fray_turns_next_round(e, who));
        rule = IN_RULE("Ready Shield");
        break;
    case IN_A_STAND:
        fray_cond_remove(e, who, IN_C_PRONE);
        rule = IN_RULE("Prone");
        break;
    case IN_A_PICKUP:
        c->w[ARG_W(a->arg)].state = IN_W_READY;
        fray_record(e, who, "picked up", 0, 1);
        break;
    case IN_A_LUNGE:
        /* "spend 1 stamina as a free action to increase your next melee
         * attack ... reach by 5 feet ... melee attacks against you gain +1
         * advantage until the start of your next turn" */
        in_spend_stamina(e, who, 1);
        c->free_used++;
        fray_cond_add(e, who, IN_C_LUNGING, -1, FRAY_EXP_TURN_END, e->round);
        fray_cond_add(e, who, IN_C_OPENED, -1, FRAY_EXP_TURN_START, fray_turns_next_round(e, who));
        rule = IN_RULE("Lunge");
        break;
    default:
        break;
    }
    fray_emit(e, &(fray_event){.kind = "action", .actor = who, .target = -1,
                                .action = e->rs->actions[a->kind].name, .rule = rule});
}

void in_resolve(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, cost = in_ap_cost(e, who, a->kind);
    if (cost)
        fray_res_set(e, who, IN_R_AP, fray_res(e, who, IN_R_AP) - cost);
    switch (a->kind) {
    case IN_A_ATTACK: case IN_A_POWER: case IN_A_RECKLESS: case IN_A_DEADLY_AIM:
    case IN_A_MULTIWEAPON: case IN_A_RAPID: case IN_A_THROW: case IN_A_CHARGE:
        attack_action(e, a);
        fray_res_set(e, who, IN_R_ATTACKS, fray_res(e, who, IN_R_ATTACKS) + 1);
        break;
    case IN_A_MOVE:
        move_action(e, a);
        break;
    case IN_A_PARRY:
        in_parry(e, a);
        break;
    case IN_A_REACTIVE:
        in_reactive(e, a);
        break;
    case IN_A_ESCAPE:
        in_escape(e, a);
        fray_res_set(e, who, IN_R_ATTACKS, fray_res(e, who, IN_R_ATTACKS) + 1);
        break;
    default:
        if (a->kind >= IN_FIRST_MANEUVER && a->kind < IN_FIRST_MANEUVER + IN_NMANEUVER) {
            in_maneuver(e, a);
            fray_res_set(e, who, IN_R_ATTACKS, fray_res(e, who, IN_R_ATTACKS) + 1);
        } else {
            simple(e, a);
        }
        break;
    }
    in_grapple_hold(e);
}

/* One action in_decide found: at c[*n], its index in *slot. */
static void found(fray_action *c, int *n, int *slot, int kind, int who, int t, int arg, int x,
                  int y)
{
    c[*n] = (fray_action){(int16_t)kind, (int16_t)who, (int16_t)t, (int16_t)arg, x, y};
    *slot = (*n)++;
}

/* The attack in_policy would take on foe t (the first worth most), in
 * legal's order (weapon_attacks), and how many entries weapon_attacks
 * writes for t, those the policy never looks at too. Its worth, -1 when
 * it would take none of them, -2 when there is no attack on t. The roll's
 * modifiers are read once a weapon (in_aim_at), each amount of Power
 * Attack, Deadly Aim and Reckless Attack weighed from them; the counted
 * advantage once for every melee weapon (in_adv reads of the weapon only
 * that it is melee and not thrown), left in *madv for in_maneuver_pick
 * (IN_ADV_UNKNOWN when no melee weapon reaches t), and Multiweapon summed
 * from the melee weapons' aims (in_attack_worth's sum); the usable melee
 * weapons that reach t are bits of *reached (in_decide's reach, not read
 * again). */
static int best_on(fray_encounter *e, int who, int t, uint32_t usable, fray_action *best,
                   int *count, int *madv, uint32_t *reached)
{
    const in_creature *c = IN_CCR(e, who);
    int st = fray_res(e, who, IN_R_STAMINA), prone = fray_has(e, who, IN_C_PRONE), melee_n = 0;
    int pw = c->mb < st ? c->mb : st, rk = st < 15 ? st : 15, bw = -1, any = 0;
    if (fray_opt(e, IN_OPT_FREE_ONCE) && c->free_used)
        pw = rk = 0;
    if (pw > 15)
        pw = 15;
    if (!fray_wants(e, IN_A_RECKLESS))
        rk = 0;
    fray_action a = {.actor = (int16_t)who, .target = (int16_t)t};
    in_aim aim, first = {0};
    int multi = 0; /* Multiweapon: each melee weapon in reach, +1 disadvantage each */
    *madv = IN_ADV_UNKNOWN;
#define TRY(k, arg_, worth)                                                                      \
    do {                                                                                         \
        a.kind = (int16_t)(k), a.arg = (int16_t)(arg_), any = 1;                                 \
        int w_ = (worth);                                                                        \
        if (w_ > bw)                                                                             \
            *best = a, bw = w_;                                                                  \
    } while (0)
    for (int i = 0; i < c->nweapon; i++) {
        const in_weapon *w = &c->w[i];
        if (!(usable >> i & 1u))
            continue;
        int reach = w->melee && in_in_reach(e, who, t, w);
        if (reach) {
            *reached |= 1u << i;
            melee_n++;
            *count += 1 + pw + rk;
            if (*madv == IN_ADV_UNKNOWN)
                *madv = in_adv(e, who, t, w, 0, 0);
            in_aim_with(e, who, t, w, 0, *madv, &aim);
            if (melee_n == 1)
                first = aim;
            else
                multi += (melee_n == 2 ? in_roll_worth(&first, -2, 0) : 0) +
                         in_roll_worth(&aim, -2, 0);
            TRY(IN_A_ATTACK, ARG(i, 0), in_variant_worth(&aim, IN_A_ATTACK, 0, st));
            for (int k = pw; k >= 1; k--)
                TRY(IN_A_POWER, ARG(i, k), in_variant_worth(&aim, IN_A_POWER, k, st));
            for (int k = 1; k <= rk; k++)
                TRY(IN_A_RECKLESS, ARG(i, k), in_variant_worth(&aim, IN_A_RECKLESS, k, st));
        } else if (w->ranged && !(w->bow && prone) && in_in_range(e, who, t, w, 0)) {
            *count += 1 + pw + (w->rapid != 0);
            in_aim_at(e, who, t, w, 0, &aim);
            TRY(IN_A_ATTACK, ARG(i, 0), in_variant_worth(&aim, IN_A_ATTACK, 0, st));
            for (int k = pw; k >= 1; k--)
                TRY(IN_A_DEADLY_AIM, ARG(i, k), in_variant_worth(&aim, IN_A_DEADLY_AIM, k, st));
            if (w->rapid)
                TRY(IN_A_RAPID, ARG(i, 2), in_variant_worth(&aim, IN_A_RAPID, 2, st));
        }
        if (w->thrown && !w->natural && in_in_range(e, who, t, w, 1) &&
            !(w->melee ? reach : in_in_reach(e, who, t, w))) {
            ++*count;
            a.kind = IN_A_THROW, a.arg = (int16_t)ARG(i, 0);
            TRY(IN_A_THROW, ARG(i, 0), in_attack_worth(e, who, &a));
        }
    }
    if (melee_n >= 2) {
        ++*count;
        TRY(IN_A_MULTIWEAPON, 0, multi);
    }
#undef TRY
    return any ? bw : -2;
}

/* The decide hook: in_policy's choice on its own turn (in_turn_pick) from
 * the actions it would weigh, found without writing legal's list (the
 * list and the policy's pass over it were a third of the duel, issue 34).
 * The same walk as own() and per_foe(), in their order; where the whole
 * list might not fit in FRAY_MAX_LEGAL (it would then drop actions at its
 * end), and in the reaction windows, the core lists it. */
int in_decide(fray_encounter *e, int who, int window, const fray_action *trigger,
              fray_action *out)
{
    (void)trigger;
    if (window != FRAY_WIN_ACT)
        return FRAY_DECIDE_LIST;
    if (!fray_able(e, who) || (fray_cflags(e, who) & FRAY_CF_NO_ACTIONS))
        return FRAY_DECIDE_NONE;
    const in_creature *c = IN_CCR(e, who);
    int ap = fray_res(e, who, IN_R_AP), one = in_ap_cost(e, who, IN_A_DEFEND) <= ap;
    fray_action cand[12];
    int n = 0, count = 6; /* own(): Defend, Shield, Stand, Pick Up, Escape, Lunge at most */
    in_picks p = IN_NO_PICKS;
    if (one && !fray_has(e, who, IN_C_DEFENDING))
        found(cand, &n, &p.defend, IN_A_DEFEND, who, -1, 0, 0, 0);
    if (one && c->shield && !fray_has(e, who, IN_C_SHIELD)) {
        int arm = in_instance(c, IN_ARM, 1);
        if (arm < 0 || c->part[arm].inj < 2)
            found(cand, &n, &p.shield, IN_A_SHIELD, who, -1, 0, 0, 0);
    }
    if (fray_has(e, who, IN_C_PRONE) && in_can_stand(e, who) && in_ap_cost(e, who, IN_A_STAND) <= ap)
        found(cand, &n, &p.stand, IN_A_STAND, who, -1, 0, 0, 0);
    for (int i = 0; one && i < c->nweapon; i++) {
        if (c->w[i].state != IN_W_DROPPED)
            continue;
        int h = in_instance(c, IN_HAND, c->w[i].hand);
        if (h < 0 || c->part[h].inj < 2) {
            found(cand, &n, &p.pick, IN_A_PICKUP, who, -1, ARG(i, 0), 0, 0);
            break;
        }
    }
    if (one && !c->no_attack && in_escape_ok(e, who))
        found(cand, &n, &p.escape, IN_A_ESCAPE, who, c->grappler, 0, 0, 0);
    uint32_t usable = in_usable_mask(c), melee = usable;
    for (int i = 0; i < c->nweapon; i++)
        if (!c->w[i].melee)
            melee &= ~(1u << i);
    int m = melee ? __builtin_ctz(melee) : -1, mover = can_move(e, who), speed = in_speed_ft(e, who);
    /* own(): Lunge listed */
    int lunge = !fray_has(e, who, IN_C_LUNGING) && fray_res(e, who, IN_R_STAMINA) >= 1 &&
                !(fray_opt(e, IN_OPT_FREE_ONCE) && c->free_used) && m >= 0 && !c->no_attack &&
                fray_wants(e, IN_A_LUNGE);
    uint32_t wanted = 0; /* the maneuvers the list names */
    for (int k = 0; k < IN_NMANEUVER; k++)
        wanted |= (uint32_t)fray_wants(e, IN_FIRST_MANEUVER + k) << k;
    int move_ft = speed < fray_opt(e, IN_OPT_MOVE_FT) ? speed : fray_opt(e, IN_OPT_MOVE_FT);
    int focus = -1, fs = 0, md = 0, attackers = 0, fbw = -1, fadv = IN_ADV_UNKNOWN;
    fray_action best = {0}, charge = {0}, move = {0};
    for (int t = 0; t < e->n; t++) {
        if (!in_foe(e, who, t) || !fray_able(e, t))
            continue;
        uint32_t reached = 0; /* best_on's melee weapons in reach of t */
        int x, y, reach = 0;
        if (!c->no_attack) {
            fray_action b;
            int adv, bw = best_on(e, who, t, usable, &b, &count, &adv, &reached);
            reach = m >= 0 && (reached >> m & 1u);
            count += IN_NMANEUVER; /* at most; counted when they might not fit */
            attackers++;
            if (bw > -2 && one && (focus < 0 || in_standing(e, t) < fs)) {
                focus = t, fs = in_standing(e, t), fbw = bw, fadv = adv;
                p.best = bw >= 0 ? 0 : -1, best = b;
            }
            if (m >= 0 && ap >= 2 && mover && !reach &&
                fray_distance(e, who, t) <= IN_FT_CM(speed) + IN_SQUARE_CM &&
                toward_xy(e, who, t, speed, &x, &y)) {
                count++;
                if (p.charge < 0)
                    p.charge = 0, charge = (fray_action){IN_A_CHARGE, (int16_t)who, (int16_t)t, 0, x, y};
            }
        } else {
            reach = m >= 0 && in_in_reach(e, who, t, &c->w[m]);
        }
        if (mover && !reach && toward_xy(e, who, t, move_ft, &x, &y)) {
            count++;
            int d = fray_distance(e, who, t);
            if (one && (p.move < 0 || d < md))
                p.move = 0, md = d, move = (fray_action){IN_A_MOVE, (int16_t)who, (int16_t)t, 0, x, y};
        }
    }
    if (count > FRAY_MAX_LEGAL) { /* the maneuvers as they are */
        count -= attackers * IN_NMANEUVER;
        for (int t = 0; t < e->n && !c->no_attack; t++)
            if (in_foe(e, who, t) && fray_able(e, t))
                count += __builtin_popcount(in_maneuvers_ok(e, who, t));
        if (count > FRAY_MAX_LEGAL)
            return FRAY_DECIDE_LIST;
    }
    /* in_policy's maneuver: on the focus, else on the first foe the list
     * offers one on */
    int mfocus = focus;
    uint32_t ok = 0;
    /* in_maneuver_pick takes none but on the first action with an AP after it */
    if (!c->no_attack && ap >= 2 && fray_res(e, who, IN_R_ATTACKS) == 0) {
        if (mfocus >= 0)
            ok = in_maneuvers_ok(e, who, mfocus) & wanted;
        for (int t = 0; t < e->n && mfocus < 0; t++)
            if (in_foe(e, who, t) && fray_able(e, t) && (ok = in_maneuvers_ok(e, who, t) & wanted))
                mfocus = t;
    }
    if (ok) {
        int k = in_maneuver_pick(e, who, mfocus, p.best >= 0 ? fbw : -1, ok,
                                 mfocus == focus ? fadv : IN_ADV_UNKNOWN);
        if (k >= 0)
            found(cand, &n, &p.maneuver, k, who, mfocus, 0, 0, 0);
    }
    if (lunge && p.best < 0 && in_lunge_target(e, who, m) >= 0)
        found(cand, &n, &p.lunge, IN_A_LUNGE, who, -1, 0, 0, 0);
    if (p.best >= 0)
        found(cand, &n, &p.best, best.kind, who, best.target, best.arg, 0, 0);
    if (p.charge >= 0)
        found(cand, &n, &p.charge, IN_A_CHARGE, who, charge.target, 0, charge.x, charge.y);
    if (p.move >= 0)
        found(cand, &n, &p.move, IN_A_MOVE, who, move.target, 0, move.x, move.y);
    int k = in_turn_pick(e, who, &p);
    if (k < 0)
        return n ? FRAY_DECIDE_PASS : FRAY_DECIDE_NONE;
    *out = cand[k];
    return FRAY_DECIDE_TAKE;
}
