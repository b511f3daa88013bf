/* legal.c: what a creature may do now: the actions of #Actions it can
 * pay for, where it stands (#Facing, Reach), the Immediate Interrupts of
 * #Initiative and the Swift Attacks of #Swift Attacks. */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* ---- Legal actions ---- */

/* The offset from who to t: what view_steps reads (the reaches are the
 * look's, en_look_init). */
static void view_offset(const fray_encounter *e, int who, int t, foe_view *v)
{
    v->dx = e->c[t].x - e->c[who].x;
    v->dy = e->c[t].y - e->c[who].y;
}

/* The points 1 m towards and away from the target of v, d cm away: only
 * the moves read them. */
static void view_steps(const fray_encounter *e, int who, foe_view *v, int d)
{
    int x0 = e->c[who].x, y0 = e->c[who].y;
    if (d < 100) {
        fray_step_along(x0, y0, v->dx, v->dy, d, 100, 0, &v->to_x, &v->to_y);
        fray_step_along(x0, y0, v->dx, v->dy, d, 100, 1, &v->from_x, &v->from_y);
        return;
    }
    /* fray_step without its special cases: the division rounds toward
     * zero, so the step away is the step towards negated */
    int qx = (int)fray_div_len((int64_t)v->dx * 100, d), qy = (int)fray_div_len((int64_t)v->dy * 100, d);
    v->to_x = x0 + qx;
    v->to_y = y0 + qy;
    v->from_x = x0 - qx;
    v->from_y = y0 - qy;
}

/* The point `dist` cm from who towards foe t of the look (away from it). */
static inline void step_view(const en_look *k, int t, int dist, int away, int *x, int *y)
{
    const foe_view *v = &k->views[t];
    fray_step_along(k->e->c[k->who].x, k->e->c[k->who].y, v->dx, v->dy, en_view_d(k, t), dist, away, x, y);
}

/* The distance a run of `avail` cm towards foe t of the look may cover,
 * stopping inside the mover's melee reach. */
static inline int approach(en_look *k, int t, int avail, int *x, int *y)
{
    foe_view *v = &k->views[t];
    int stop = v->reach - 50;
    if (stop < 100)
        stop = 100;
    if (en_within_sq(v->d2, stop) || avail <= 0)
        return 0;
    int d = en_view_d(k, t);
    int m = d - stop < avail ? d - stop : avail;
    if (m != v->run_m) {
        step_view(k, t, m, 0, &v->run_x, &v->run_y);
        v->run_m = m;
    }
    *x = v->run_x;
    *y = v->run_y;
    return m;
}

int en_turn_loss(const fray_encounter *e, int who, int x, int y)
{
    const en_creature *c = ccr(e, who);
    if (!c->last_move)
        return 0;
    return en_turn_loss_cm(c->last_move - 1, fray_facing_of(x - e->c[who].x, y - e->c[who].y));
}

/* turn_loss for a move along (dx, dy). */
static int turn_loss_dir(const en_creature *c, int64_t dx, int64_t dy)
{
    if (!c->last_move)
        return 0;
    return en_turn_loss_cm(c->last_move - 1, fray_facing_of(dx, dy));
}

static inline void put(fray_list *b, int ok, const fray_action *a)
{
    if (ok && b->n < b->max)
        b->out[b->n++] = *a;
}

/* The steps 1 m towards and away from foe t, once a look. */
static void look_steps(en_look *k, int t)
{
    if (!(k->stepped & (1u << t))) {
        k->stepped |= 1u << t;
        view_steps(k->e, k->who, &k->views[t], en_view_d(k, t));
    }
}

/* What every move of a look reads of the mover, once (move_facts). */
static void move_facts(en_look *k)
{
    if (k->mv_ready)
        return;
    k->mv_ready = 1;
    const fray_encounter *e = k->e;
    int who = k->who;
    const en_creature *c = k->c;
    unsigned mine = k->mine;
    int sp = speed_of(c, mine);
    k->sp = sp;
    k->moves_ok = can_move(c, mine);
    k->agile_ok = c->agile_credit >= 1 && fray_res(e, who, EN_R_AGILITY) >= 1 && agility_ok(mine) &&
                  k->moves_ok;
    /* the costs that are paid the same way for every target */
    k->pay1 = en_look_pay(k, 1);
    k->agility2 = agility_ok(mine) && fray_res(e, who, EN_R_AGILITY) >= 2;
    k->runs_ready = 0;
    k->jd = -1; /* the Jump's: jump_facts */
}

/* What the runs read besides (run_facts), once: most choices that move
 * take a Shift or an Agile Move, which need none of it. */
static void run_facts(en_look *k)
{
    if (k->runs_ready)
        return;
    k->runs_ready = 1;
    const fray_encounter *e = k->e;
    unsigned mine = k->mine;
    k->pay2 = en_look_pay(k, 2);
    k->pay3 = en_look_pay(k, 3);
    k->stamina = stamina_ok(mine) && fray_res(e, k->who, EN_R_STAMINA) >= 2;
    k->extra = (fray_opt(e, EN_O_SPRINT_EXTRA) + k->c->leg) * 100;
}

/* The Jump's distance and cost, once a look (the policy never jumps). */
static void jump_facts(en_look *k)
{
    if (k->jd >= 0)
        return;
    const en_creature *c = k->c;
    int sp = k->sp;
    /* Jump: "immediately after having moved at least 2m" costs 1 Energy */
    int jcost = c->last_move && c->last_move_cm >= 200 ? 1 : 2;
    int jd = c->d.jump_cm + (c->last_sprint_cm > 0 ? 100 : 0);
    /* "If you Jump further than you could Run using 2 Energy, additional
     * Energy must be spent" */
    if (jd > sp * 2 / 3 && sp > 0)
        jcost += ((jd - sp * 2 / 3) * 3 + sp - 1) / sp;
    k->jcost = jcost;
    k->jd = jd;
    k->jpay = en_look_pay(k, jcost);
}

/* The movement a run towards the target of v loses to turning, once. */
static int view_loss(const en_look *k, foe_view *v)
{
    if (v->loss < 0)
        v->loss = turn_loss_dir(k->c, v->dx, v->dy);
    return v->loss;
}

static int move_at(fray_action *a, int kind, int who, int t, int arg, int x, int y)
{
    *a = (fray_action){.kind = (int16_t)kind, .actor = (int16_t)who, .target = (int16_t)t,
                       .arg = (int16_t)arg, .x = x, .y = y};
    return 1;
}

int en_move_entry(en_look *k, int kind, int t, int flags, fray_action *a)
{
    move_facts(k);
    const fray_encounter *e = k->e;
    int who = k->who;
    foe_view *v = &k->views[t];
    int away = flags & EN_ARG_AWAY;
    if (kind == EN_A_AGILE_MOVE) {
        if (!k->agile_ok || (!away && en_within_sq(v->d2, 150)))
            return 0;
        look_steps(k, t);
        return away ? move_at(a, kind, who, t, EN_ARG_AWAY, v->from_x, v->from_y)
                    : move_at(a, kind, who, t, 0, v->to_x, v->to_y);
    }
    if (!k->moves_ok)
        return 0;
    int sp = k->sp, x, y;
    if (kind != EN_A_SHIFT)
        run_facts(k);
    switch (kind) {
    case EN_A_SHIFT: {
        /* Shift 1 m, towards or away */
        if (!away && en_within_sq(v->d2, 150))
            return 0;
        int arg = (flags & EN_ARG_AGILITY) ? (k->agility2 ? EN_ARG_AGILITY : -1) : k->pay1;
        if (arg < 0)
            return 0;
        look_steps(k, t);
        return away ? move_at(a, kind, who, t, arg | EN_ARG_AWAY, v->from_x, v->from_y)
                    : move_at(a, kind, who, t, arg, v->to_x, v->to_y);
    }
    case EN_A_RUN:
        if (away) {
            /* Run away from t */
            if (k->pay3 < 0 || !en_within_sq(v->d2, 2 * sp - 1))
                return 0;
            step_view(k, t, sp - turn_loss_dir(k->c, -(int64_t)v->dx, -(int64_t)v->dy), 1, &x, &y);
            return move_at(a, kind, who, t, k->pay3 | EN_ARG_AWAY, x, y);
        } else {
            /* Run, Quick Run, Sprint towards t: full distance known before
             * the turning loss, which is taken off the start */
            int loss = view_loss(k, v);
            int m = approach(k, t, sp - loss, &x, &y);
            if (m <= 0)
                return 0;
            /* #Incomplete Actions: "only move 1/3 of your Speed ... only
             * spend 1 Energy"; metres lost to turning count as run */
            int cost = ((m + loss) * 3 + sp - 1) / sp;
            if (cost < 1)
                cost = 1;
            int how = en_look_pay(k, cost);
            return how >= 0 && move_at(a, kind, who, t, how, x, y);
        }
    case EN_A_QUICK_RUN:
        return k->pay2 >= 0 && approach(k, t, sp * 2 / 3 - view_loss(k, v), &x, &y) > 0 &&
               move_at(a, kind, who, t, k->pay2, x, y);
    case EN_A_SPRINT:
        return k->stamina && fray_res(e, who, EN_R_ENERGY) >= 3 && !en_within_sq(v->d2, v->reach + sp * 2 / 3) &&
               approach(k, t, sp + (k->extra > 0 ? k->extra : 0) - view_loss(k, v), &x, &y) > 0 &&
               move_at(a, kind, who, t, 0, x, y);
    case EN_A_JUMP:
        jump_facts(k);
        return k->stamina && k->jpay >= 0 && approach(k, t, k->jd, &x, &y) > 0 &&
               move_at(a, kind, who, t, k->jpay | (k->jcost & EN_ARG_LOW), x, y);
    default:
        return 0;
    }
}

/* The moves towards and away from each target t in foes (bit t), in the
 * order of the list. */
static void add_moves(fray_list *b, en_look *k, uint32_t foes, uint32_t kinds)
{
    fray_action a;
    for (int t = 0; t < k->e->n; t++) {
        if (!(foes & (1u << t)))
            continue;
        put(b, en_move_entry(k, EN_A_RUN, t, 0, &a), &a);
        put(b, en_move_entry(k, EN_A_QUICK_RUN, t, 0, &a), &a);
        put(b, en_move_entry(k, EN_A_SPRINT, t, 0, &a), &a);
        if (kinds & EN_KIND(EN_A_JUMP))
            put(b, en_move_entry(k, EN_A_JUMP, t, 0, &a), &a);
        for (int away = 0; away <= ((kinds & EN_AWAY_MOVES) ? EN_ARG_AWAY : 0); away += EN_ARG_AWAY) {
            put(b, en_move_entry(k, EN_A_SHIFT, t, away | EN_ARG_AGILITY, &a), &a);
            put(b, en_move_entry(k, EN_A_SHIFT, t, away, &a), &a);
        }
        if (kinds & EN_AWAY_MOVES)
            put(b, en_move_entry(k, EN_A_RUN, t, EN_ARG_AWAY, &a), &a);
    }
}

/* Foe t (target_ok), who's reach against it r cm. */
static int swift_target(const fray_encounter *e, int who, int t, int r)
{
    /* #Swift Attacks: "against creatures who are Unguarded, completely
     * unaware of your attack, or unable to obstruct or avoid your attack" */
    return fray_has(e, t, EN_C_UNGUARDED) && en_within_sq(fray_distance2(e, who, t), r); /* distance <= r */
}

/* "When a creature moves through your maximum Reach (and you are facing
 * them), you may make a Swift Attack against them.": foe m (target_ok),
 * whose move this is, who's reach against it r cm. */
static int moved_through_reach(fray_encounter *e, int who, int m, int r)
{
    en_state *s = st(e);
    int64_t sx = s->mv_x0 - e->c[who].x, sy = s->mv_y0 - e->c[who].y;
    if (en_within_sq(sx * sx + sy * sy, r)) {
        /* it started inside: a move that leaves the Reach moved through its
         * edge (option swift_on_leave, default 1); one that stays inside
         * did not cross it */
        if (!fray_opt(e, EN_O_SWIFT_ON_LEAVE) || en_within_sq(fray_distance2(e, who, m), r))
            return 0;
    } else if (!fray_path_enters(e->c[who].x, e->c[who].y, r, s->mv_x0, s->mv_y0, e->c[m].x,
                                 e->c[m].y, !fray_opt(e, EN_O_SWIFT_ON_ENTER))) {
        /* option swift_on_enter 0: only a move that enters and leaves again */
        return 0;
    }
    return fray_faces(e, who, e->c[m].x, e->c[m].y) || fray_faces(e, who, s->mv_x0, s->mv_y0);
}

/* The look's view of creature t (not who): an ally, or a foe measured. */
static inline __attribute__((always_inline)) void look_at(en_look *k, int t, uint32_t *foes, uint32_t *near,
                                                          uint32_t *near_unarmed, uint32_t *unguarded)
{
    const fray_encounter *e = k->e;
    int who = k->who;
    if (!fray_able(e, t))
        return;
    if (e->c[t].side == e->c[who].side) { /* an ally, for the policy's Trip */
        k->allies = 1;
        return;
    }
    foe_view *v = &k->views[t]; /* target_ok */
    *foes |= 1u << t;
    int dx = e->c[t].x - e->c[who].x, dy = e->c[t].y - e->c[who].y;
    v->dx = dx;
    v->dy = dy;
    /* fray_distance(e, who, t) is en_view_d's, from this square */
    int64_t d2 = (int64_t)dx * dx + (int64_t)dy * dy;
    v->d2 = d2;
    /* en_reach_cm is who's part, the same for every foe (en_derive), plus
     * the foe's footprint (a Medium foe's is 0) */
    int fp = en_footprint_cm(ccr(e, t)->size);
    v->reach = k->c->d.reach_cm + fp;
    v->unarmed = k->c->d.unarmed_reach_cm + fp;
    v->run_m = -1;
    v->loss = -1;
    *near |= (uint32_t)en_within_sq(d2, v->reach) << t;
    *near_unarmed |= (uint32_t)en_within_sq(d2, v->unarmed) << t;
    *unguarded |= (uint32_t)fray_has(e, t, EN_C_UNGUARDED) << t;
}

void en_look_init(en_look *k, fray_encounter *e, int who)
{
    const en_creature *c = ccr(e, who);
    k->e = e;
    k->who = who;
    k->c = c;
    k->mine = conds(e, who);
    k->en = fray_res(e, who, EN_R_ENERGY);
    k->allies = 0;
    k->stepped = 0;
    k->mv_ready = 0;
    k->attacks = can_attack(k->mine);
    /* the masks gathered in locals, written once */
    uint32_t foes = 0, near = 0, near_unarmed = 0, unguarded = 0;
    if (e->n == 2) /* a duel: the other one, without a loop */
        look_at(k, 1 - who, &foes, &near, &near_unarmed, &unguarded);
    else
        for (int t = 0; t < e->n; t++)
            if (t != who)
                look_at(k, t, &foes, &near, &near_unarmed, &unguarded);
    k->foes = foes;
    k->near = near;
    k->near_unarmed = near_unarmed;
    k->unguarded = unguarded;
}

int en_look_fits(const en_look *k)
{
    /* Load, Kneel, Stand, Defend, Stow, an Equip per weapon, Pick Up, Catch
     * Your Breath, Escape, Release; per foe Run, Quick Run, Sprint, Jump, 4
     * Shifts, a Run away, 2 Agile Moves, a Ranged Attack, and 7 attacks
     * within reach: counted only when every other creature being a foe
     * within reach might be too many (never with 5 creatures or fewer) */
    if (k->e->n <= 1 + (FRAY_MAX_LEGAL - 9 - EN_MAX_WEAPONS) / 19)
        return 1;
    int own = 9 + k->c->nw;
    return own + 12 * __builtin_popcount(k->foes) + 7 * __builtin_popcount(k->near | k->near_unarmed) <=
           FRAY_MAX_LEGAL;
}

/* The attacks on each foe, of the kinds in `kinds`, in the order of the
 * list (the caller checked can_attack). */
static void add_attacks(fray_list *b, en_look *k, uint32_t kinds)
{
    static const int8_t order[] = {EN_A_MELEE, EN_A_SWIFT, EN_A_UNARMED, EN_A_TRIP,
                                   EN_A_DISARM, EN_A_RESTRAIN, EN_A_PUSH, EN_A_RANGED};
    for (int t = 0; t < k->e->n; t++) {
        if (!(k->foes & (1u << t)))
            continue;
        for (int j = 0; j < (int)sizeof order; j++) {
            fray_action a;
            if ((kinds & EN_KIND(order[j])) && en_attack_entry(k, order[j], t, &a) && b->n < b->max)
                b->out[b->n++] = a;
        }
    }
}

/* The actions that concern no foe's position, of the kinds in `kinds`, in
 * the order of the list (Load comes before the moves: not here). */
static void add_own(fray_list *b, en_look *k, uint32_t kinds)
{
    static const int order[] = {EN_A_KNEEL,   EN_A_STAND,        EN_A_DEFEND,
                                EN_A_STOW,    EN_A_EQUIP,        EN_A_PICK_UP,
                                EN_A_CATCH_BREATH, EN_A_ESCAPE, EN_A_RELEASE};
    fray_action a;
    for (size_t j = 0; j < sizeof order / sizeof order[0]; j++) {
        if (!(kinds & EN_KIND(order[j])))
            continue;
        if (order[j] != EN_A_EQUIP)
            put(b, en_own_entry(k, order[j], &a), &a);
        else /* one entry per weapon, while nothing is wielded */
            for (int i = 0; i < k->c->nw && k->c->wielded < 0; i++)
                put(b, en_equip_entry(k, i, &a), &a);
    }
}

/* The moves of the kinds in `kinds` towards and away from the foes in
 * `foes` (a subset of k->foes), in the order of the whole list: each foe's
 * moves, then the Agile Moves. */
static void add_all_moves(en_look *k, fray_list *b, uint32_t foes, uint32_t kinds)
{
    add_moves(b, k, foes, kinds);
    if (!(kinds & EN_KIND(EN_A_AGILE_MOVE)))
        return;
    fray_action a;
    for (int t = 0; t < k->e->n; t++) {
        if (!(foes & (1u << t)))
            continue;
        if (kinds & EN_AWAY_MOVES)
            put(b, en_move_entry(k, EN_A_AGILE_MOVE, t, EN_ARG_AWAY, &a), &a);
        put(b, en_move_entry(k, EN_A_AGILE_MOVE, t, 0, &a), &a);
    }
}

void en_legal_kinds(en_look *k, fray_list *b, uint32_t kinds)
{
    if ((kinds & EN_ATTACK_KINDS) && k->attacks)
        add_attacks(b, k, kinds);
    fray_action a;
    if (kinds & EN_KIND(EN_A_LOAD))
        put(b, en_own_entry(k, EN_A_LOAD, &a), &a);
    if (kinds & EN_MOVE_KINDS)
        add_all_moves(k, b, k->foes, kinds);
    if (kinds & EN_OWN_KINDS)
        add_own(b, k, kinds);
}

int en_legal_act(fray_encounter *e, int who, fray_list *b)
{
    en_look k;
    en_look_init(&k, e, who);
    en_legal_kinds(&k, b, EN_ALL_KINDS);
    return b->n;
}

/* FRAY_WIN_DECLARED: answering an attack declared against `who`. */
int en_declared_entry(const fray_encounter *e, int who, const fray_action *trigger, int kind,
                      fray_action *a)
{
    const en_creature *c = ccr(e, who);
    int m = trigger->actor;
    if (m == who)
        return 0;
    if (kind == EN_A_INITIATIVE) {
        /* #Initiative: "You may try to perform an action in response to
         * another creature's action": any creature, any action (option
         * initiative_any; 0: only the creature attacked). "You may only
         * roll Initiative once per Round." */
        if (!initiative_window(e, who, trigger) || c->init_rolled || can_pay_arg(e, who, 1) < 0)
            return 0;
        *a = (fray_action){.kind = EN_A_INITIATIVE, .actor = (int16_t)who, .target = (int16_t)m};
        return 1;
    }
    /* Only the creature attacked may step out of Reach. */
    if (!is_attack(trigger->kind) || trigger->target != who)
        return 0;
    /* #Immediate Interrupts: step out of Reach before the roll, an Agile
     * Move away from the attacker */
    unsigned mine = conds(e, who);
    if (kind != EN_A_AGILE_MOVE || trigger->kind == EN_A_RANGED || c->agile_credit < 1 ||
        fray_res(e, who, EN_R_AGILITY) < 1 || !agility_ok(mine) || !can_move(c, mine) ||
        !target_ok(e, who, m))
        return 0;
    foe_view v;
    view_offset(e, who, m, &v);
    view_steps(e, who, &v, fray_distance(e, who, m));
    *a = (fray_action){.kind = EN_A_AGILE_MOVE, .actor = (int16_t)who, .target = (int16_t)m,
                       .arg = EN_ARG_AWAY, .x = v.from_x, .y = v.from_y};
    return 1;
}

static int legal_declared(fray_encounter *e, int who, const fray_action *trigger, fray_list *b)
{
    fray_action a;
    put(b, en_declared_entry(e, who, trigger, EN_A_INITIATIVE, &a), &a);
    put(b, en_declared_entry(e, who, trigger, EN_A_AGILE_MOVE, &a), &a);
    return b->n;
}

/* FRAY_WIN_TRIGGERED: Swift Attacks. The foes who's list holds one against
 * (bit t), every one paid as *how says; 0 when none. */
uint32_t en_swift_targets(fray_encounter *e, int who, const fray_action *trigger, int *how)
{
    const en_creature *c = ccr(e, who);
    if (c->swift_used || !can_attack(conds(e, who)))
        return 0;
    *how = can_pay_arg(e, who, 1);
    if (*how < 0)
        return 0;
    int mover = is_move(trigger->kind) ? trigger->actor : -1;
    uint32_t m = 0;
    for (int t = 0; t < e->n; t++) {
        if (!target_ok(e, who, t))
            continue;
        /* en_reach_cm(c->size, weapon_reach(c), t's size): who's part
         * derived with the weapon in hand (en_derive), t's footprint */
        int r = c->d.reach_cm + en_footprint_cm(ccr(e, t)->size);
        if (swift_target(e, who, t, r) || (t == mover && moved_through_reach(e, who, t, r)))
            m |= 1u << t;
    }
    return m;
}

static int legal_swift(fray_encounter *e, int who, const fray_action *trigger, fray_list *b)
{
    int how = 0;
    for (uint32_t m = en_swift_targets(e, who, trigger, &how); m; m &= m - 1)
        fray_list_add(b, EN_A_SWIFT, who, __builtin_ctz(m), how, 0, 0);
    return b->n;
}

/* may_answer: whether legal could list anything for `who` in a reaction
 * window; the tests legal_declared and legal_swift make before they look at
 * any foe, so that a window nobody can answer costs no listing. */
__attribute__((flatten)) int en_may_answer(const fray_encounter *e, int who, int window, const fray_action *trigger)
{
    if (!trigger || ((const en_state *)e->state)->depth > 0 || !fray_able(e, who))
        return 0;
    const en_creature *c = ccr(e, who);
    unsigned mine = conds(e, who);
    if (window == FRAY_WIN_DECLARED) {
        if (trigger->actor == who)
            return 0;
        if (initiative_window(e, who, trigger) && !c->init_rolled && can_pay_arg(e, who, 1) >= 0)
            return 1;
        if (!is_attack(trigger->kind) || trigger->target != who)
            return 0;
        /* add_agile's own test */
        return trigger->kind != EN_A_RANGED && c->agile_credit >= 1 &&
               fray_res(e, who, EN_R_AGILITY) >= 1 && agility_ok(mine) && can_move(c, mine);
    }
    /* any other window lists legal_swift's Swift Attacks (en_legal) */
    if (c->swift_used || !can_attack(mine) || can_pay_arg(e, who, 1) < 0)
        return 0;
    /* legal_swift's targets: an Unguarded foe (swift_target), or the foe
     * whose move this is (moved_through_reach); distances are not read */
    int mover = is_move(trigger->kind) ? trigger->actor : -1;
    if (e->n == 2) { /* a duel: the other one, without a loop */
        int t = 1 - who;
        return target_ok(e, who, t) && (t == mover || fray_has(e, t, EN_C_UNGUARDED));
    }
    for (int t = 0; t < e->n; t++)
        if (target_ok(e, who, t) && (t == mover || fray_has(e, t, EN_C_UNGUARDED)))
            return 1;
    return 0;
}

int en_legal(fray_encounter *e, int who, int window, const fray_action *trigger, fray_action *out,
                 int max)
{
    fray_list b = {out, 0, max};
    if (!fray_able(e, who))
        return 0;
    if (window == FRAY_WIN_ACT) {
        if (ccr(e, who)->passed)
            return 0;
        /* The whole list, for the policy too: the policy's own choice
         * without a list is the decide hook's (policy.c), and
         * `fray sim --check-decide` checks it against this list. */
        en_look k;
        en_look_init(&k, e, who);
        en_legal_kinds(&k, &b, EN_ALL_KINDS);
        return b.n;
    }
    /* Interrupts cannot interrupt interrupts: no windows inside one. */
    if (!trigger || st(e)->depth > 0)
        return 0;
    if (window == FRAY_WIN_DECLARED)
        return legal_declared(e, who, trigger, &b);
    return legal_swift(e, who, trigger, &b);
}

