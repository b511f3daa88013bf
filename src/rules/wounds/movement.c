/* movement.c: #Movement (the movement pool bought with AP, destinations
 * towards and away from a creature), #Difficult Terrain, #Action: Dash,
 * #Action: Drag and #Reaction: Cling (moving with a grapple), #Action:
 * Mount/Dismount and #Mounted Combat's Calm Mount, and #Swimming and
 * Climbing's return to the surface. */
#include "combat.h"

/* ---- Movement ----------------------------------------------------------- */

static int rate_of(const wo_creature *c, int on_mount, int dashing)
{
    int rate = on_mount ? c->mount_rate : c->move_rate;
    if (dashing)
        rate = rate * 2 + c->dash_bonus; /* #Action: Dash: "Your movement rate is doubled" */
    return rate;
}

static int move_rate(const fray_encounter *e, int who)
{
    return rate_of(CCR(e, who), wo_mounted(e, who), fray_has(e, who, WO_C_DASHING));
}

/* Yards of normal movement each yard costs here (#Difficult Terrain). */
static int terrain(const fray_encounter *e, int who)
{
    const wo_creature *c = CCR(e, who);
    int t = c->terrain_cost;
    if (c->env == WO_ENV_SWIMMING)
        t *= wo_terrain_table[WO_TERRAIN_SWIMMING].cost;
    else if (c->env == WO_ENV_CLIMBING)
        t *= wo_terrain_table[WO_TERRAIN_VERTICAL_CLIMB].cost;
    else if (c->env == WO_ENV_UNDERWATER)
        t *= wo_terrain_table[WO_TERRAIN_UNDERWATER].cost;
    if (who >= 0 && c->share_with >= 0)
        t *= 2; /* #Action: Enter Occupied Space: "costs double" */
    return t;
}

/* AP to buy so that the pool holds `need` yards, spending at most `ap`;
 * writes the pool after buying. yards[k]: what k AP buy (wo_move_yards). */
static int buy_plan(int pool, int need, const int yards[5], int ap, int *pool_after)
{
    int spent = 0;
    while (pool < need && spent < ap) {
        int left = ap - spent, k;
        for (k = 1; k <= 4 && k <= left; k++)
            if (pool + yards[k] >= need)
                break;
        if (k > 4 || k > left)
            k = left < 4 ? left : 4;
        int got = yards[k];
        if (got == 0 && (k == 4 || k == left))
            break;
        spent += k;
        pool += got;
    }
    *pool_after = pool;
    return spent;
}

/* Destination of `who` moving up to `yards` towards (or away from) point
 * (tx, ty), stopping at distance `stop_cm`. */
/* The point `yards` from `who` towards (tx, ty), stopping stop_cm short of
 * it, or away from it; d is the distance to it. */
static void dest_point_d(const fray_encounter *e, int who, int tx, int ty, int d, int away,
                         int yards, int stop_cm, int *ox, int *oy)
{
    int x0 = e->c[who].x, y0 = e->c[who].y;
    int m = wo_yd_to_cm(yards);
    if (!away && m > d - stop_cm)
        m = d - stop_cm < 0 ? 0 : d - stop_cm;
    fray_step_along(x0, y0, (int64_t)tx - x0, (int64_t)ty - y0, d, m, away, ox, oy);
}

void wo_dest_point(const fray_encounter *e, int who, int tx, int ty, int away, int yards,
                   int stop_cm, int *ox, int *oy)
{
    int64_t dx = tx - (int64_t)e->c[who].x, dy = ty - (int64_t)e->c[who].y;
    dest_point_d(e, who, tx, ty, fray_isqrt(dx * dx + dy * dy), away, yards, stop_cm, ox, oy);
}

/* The reach a Move towards `t` aims for: weapon reach, or the first range
 * increment of a ranged weapon. */
static int move_goal(const wo_view *v, int t)
{
    const wo_weapon *w = v->w[v->who];
    if (!wo_enemies(v->e, v->who, t))
        return 0;
    return w->ranged ? w->range : w->reach;
}

void wo_mover_init(wo_mover *m, int apcap)
{
    m->ready = 0;
    m->apcap = apcap;
}

static void mover_fill(wo_mover *m, const wo_view *v, int apcap)
{
    m->ready = 1;
    m->tc = terrain(v->e, v->who);
    m->pool = fray_res(v->e, v->who, WO_R_MOVE);
    m->ap = v->ap > apcap ? apcap : v->ap;
    /* with no AP to spend nothing is bought (buy_plan reads no yards) */
    if (m->ap <= 0)
        return;
    int rate = rate_of(CCR(v->e, v->who), wo_v_has(v, v->who, WO_C_MOUNTED),
                       wo_v_has(v, v->who, WO_C_DASHING));
    wo_move_yards_row(rate, m->yards);
}

/* Fill a Move action of the view's creature towards (or away from) t: x, y
 * and arg (AP bought). 0 if no move. */
int wo_plan_move_v(const wo_view *v, wo_mover *mv, int t, int away, fray_action *a)
{
    const fray_encounter *e = v->e;
    int who = v->who;
    int need_yd, stop_cm = 0;
    if (!mv->ready && away)
        mover_fill(mv, v, mv->apcap);
    if (away) {
        need_yd = 4 * mv->tc; /* a step away: up to four yards */
    } else {
        int goal = move_goal(v, t);
        int gap = v->gap[t];
        if (gap <= goal)
            return 0;
        /* the mounted yard cannot be closed: aim at the real gap */
        int extra = wo_mount_extra_of(CCR(e, who), CCR(e, t), wo_v_has(v, who, WO_C_MOUNTED),
                                      wo_v_has(v, t, WO_C_MOUNTED));
        int real_goal = goal - extra < 0 ? 0 : goal - extra, real_gap = gap - extra;
        if (real_gap <= real_goal)
            return 0;
        if (!mv->ready)
            mover_fill(mv, v, mv->apcap);
        int sp = (wo_space_yd(CCR(e, who)->size) + wo_space_yd(CCR(e, t)->size)) / 2;
        stop_cm = wo_yd_to_cm(real_goal + sp > 0 ? real_goal + sp : 1);
        need_yd = (real_gap - real_goal) * mv->tc;
    }
    const int tc = mv->tc;
    int after;
    int spent = buy_plan(mv->pool, need_yd, mv->yards, mv->ap, &after);
    int yards = after / tc;
    if (yards <= 0)
        return 0;
    if (!away && yards * tc > need_yd)
        yards = need_yd / tc;
    a->kind = (int16_t)(away ? WO_A_MOVE_AWAY : WO_A_MOVE);
    a->actor = (int16_t)who;
    a->target = (int16_t)t;
    a->arg = (int16_t)spent;
    int x, y;
    dest_point_d(e, who, e->c[t].x, e->c[t].y, v->dist[t], away, yards, stop_cm, &x, &y);
    a->x = x;
    a->y = y;
    return x != e->c[who].x || y != e->c[who].y;
}

/* Fill a Move action towards t: x, y and arg (AP bought). 0 if no move. */
static int plan_move(const fray_encounter *e, int who, int t, int away, fray_action *a, int apcap)
{
    wo_view v;
    wo_mover mv;
    wo_view_init(&v, e, who);
    wo_mover_init(&mv, apcap);
    return wo_plan_move_v(&v, &mv, t, away, a);
}

/* ---- Effects of the movement actions ------------------------------------ */

static void leave_shared_space(fray_encounter *e, int who)
{
    wo_creature *c = CR(e, who);
    if (c->share_with < 0)
        return;
    int o = c->share_with;
    c->share_with = -1;
    CR(e, o)->share_with = -1;
    fray_cond_remove(e, who, WO_C_SHARING);
    fray_cond_remove(e, o, WO_C_SHARING);
}

/* After a creature moved: grapples out of reach end, shared spaces end. */
void wo_after_move(fray_encounter *e, int who)
{
    leave_shared_space(e, who);
    for (int g = 0; g < e->n; g++)
        if (g != who && wo_grappling(e, who, g) && wo_gap_yd(e, who, g) > 0)
            wo_end_grapple(e, who, g);
}

void wo_do_move(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    wo_creature *c = CR(e, who);
    int rate = move_rate(e, who), tc = terrain(e, who);
    int bought = 0;
    for (int spent = 0; spent < a->arg;) {
        int k = a->arg - spent < 4 ? a->arg - spent : 4;
        bought += wo_move_yards(rate, k);
        spent += k;
    }
    int pool = fray_res(e, who, WO_R_MOVE) + bought;
    int64_t dx = a->x - e->c[who].x, dy = a->y - e->c[who].y;
    int dist_cm = fray_isqrt(dx * dx + dy * dy);
    /* yards of pool used: the distance in yards rounded up, times terrain */
    int yd = (dist_cm * 100 + 9143) / 9144;
    int used = (yd + c->move_cut) * tc; /* Cling: Hold's yards are lost too */
    c->move_cut = 0;
    if (used > pool)
        used = pool;
    wo_set_res(e, who, WO_R_MOVE, pool - used);
    c->run_yd += yd; /* #Jumping's run-up */
    /* Drag: the grapple moves along */
    int drag = c->drag_ap > 0;
    int ox = e->c[who].x, oy = e->c[who].y;
    fray_move_len(e, who, a->x, a->y, dist_cm); /* measured above */
    if (drag) {
        for (int g = 0; g < e->n; g++)
            if (wo_grappling(e, who, g))
                fray_move(e, g, e->c[g].x + (a->x - ox), e->c[g].y + (a->y - oy));
        c->drag_ap -= a->arg;
        if (c->drag_ap < 0)
            c->drag_ap = 0;
    }
    wo_after_move(e, who);
    wo_emit_act(e, a, "moved", yd, 1, "yards", R("Movement"));
}

void wo_cut_dest(const fray_encounter *e, const fray_action *m, int cut, int32_t *ox, int32_t *oy)
{
    int x0 = e->c[m->actor].x, y0 = e->c[m->actor].y;
    int64_t dx = (int64_t)m->x - x0, dy = (int64_t)m->y - y0;
    int d = fray_isqrt(dx * dx + dy * dy);
    int keep = d - wo_yd_to_cm(cut);
    int x, y;
    fray_step_along(x0, y0, dx, dy, d, keep > 0 ? keep : 0, 0, &x, &y);
    *ox = x;
    *oy = y;
}

void wo_do_cling(fray_encounter *e, const fray_action *a, const fray_action *tr)
{
    /* #Reaction: Cling: "For every 5 points in the result, you may move 1
     * yard with the target, or for every 10 points, you may reduce the
     * target's movement by 1 yard. You can mix both effects". Cling follows
     * the mover towards its destination as far as its points allow; Cling:
     * Hold spends them first on holding it back (every 10 points a yard of
     * its move lost), the rest on following it (wo_cling_split). */
    int who = a->actor;
    int m = wo_power_mod(e, who);
    wo_roll r = wo_roll_check(e, 1, "Power check, wild 1d20");
    int total = r.total + m;
    int yards = wo_per_points(total, 5); /* "for every 5 points": rounded down */
    int cut = 0;
    if (a->kind == WO_A_CLING_HOLD)
        cut = wo_cling_split(total, 1000, &yards);
    wo_emit_check(e, who, a->target, a->kind == WO_A_CLING_HOLD ? "Cling: Hold" : "Cling", total, 5,
                  R("Reaction: Cling"));
    if (!tr)
        return;
    int32_t tx = tr->x, ty = tr->y;
    if (cut > 0) {
        wo_state *st = ST(e);
        st->cling_cut += cut;
        wo_cut_dest(e, tr, st->cling_cut, &tx, &ty);
        wo_emit_act(e, a, "holds back", cut, 1, "yards cut from the target's move",
                    R("Reaction: Cling"));
    }
    if (yards <= 0)
        return;
    int x, y;
    int stop = wo_yd_to_cm(1);
    fray_encounter *ee = e;
    wo_dest_point(ee, who, tx, ty, 0, yards, stop, &x, &y);
    fray_move(e, who, x, y);
    wo_emit_act(e, a, "follows", yards, 1, "yards it may move with the target", R("Reaction: Cling"));
}

static void toggle_mount(fray_encounter *e, int who)
{
    if (wo_mounted(e, who)) {
        fray_cond_remove(e, who, WO_C_MOUNTED);
        CR(e, who)->lost_control = 0;
    } else {
        fray_cond_add(e, who, WO_C_MOUNTED, -1, FRAY_EXP_NEVER, 0);
    }
}

void wo_act_mount(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    toggle_mount(e, who);
    wo_emit_act(e, a, wo_mounted(e, who) ? "mounted" : "dismounted", 0, 0, NULL,
                R("Action: Mount/Dismount"));
}

void wo_act_dash(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    wo_creature *c = CR(e, who);
    wo_pay_stamina(e, who, fray_opt(e, WO_OPT_STAMINA_DASH));
    c->dash_uses++;
    if (c->dash_uses == 1) {
        fray_cond_add(e, who, WO_C_DASHING, -1, FRAY_EXP_ROUND_END, e->round);
        wo_emit_act(e, a, "dashing", move_rate(e, who), 1, "movement rate doubled",
                    R("Action: Dash"));
    } else {
        int spec = c->env == WO_ENV_SWIMMING ? WO_SPK_SWIMMING :
                   c->env == WO_ENV_CLIMBING ? WO_SPK_CLIMBING : WO_SPK_RUNNING;
        int m = wo_skill_mod(e, who, WO_STR, WO_SK_ATHLETICS, c->spk[spec]);
        wo_roll r = wo_roll_check(e, 0, "Athletics check, 1d20");
        int inc = wo_per_points(r.total + m, 3);
        /* "For every 3 points in the check result, your movement rate
         * increases by 1 until the end of the round" (rounded down) */
        c->dash_bonus = inc;
        wo_emit_act(e, a, "dashing harder", move_rate(e, who), 1, "movement rate this round",
                    R("Action: Dash"));
    }
}

/* #Jumping, a long jump towards a creature: "make a Str [Athletics/Jumping]
 * check. If you moved at least 5 yards leading up to the jump, you use your
 * normal result and add your Speed. Otherwise, halve your result. If you are
 * performing a long jump, you can jump a distance up to your check result
 * in feet." The yards (3 feet each, rounded down) come from the movement
 * pool that its AP buy as a Move's do, one yard of pool a yard: in the air
 * no terrain slows it (landing checks: the GM's TN, not modelled). It stops
 * where a Move would (the weapon's reach of an enemy, next to an ally). */
void wo_act_jump(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    wo_creature *c = CR(e, who);
    int bought = 0;
    for (int spent = 0; spent < a->arg;) {
        int k = a->arg - spent < 4 ? a->arg - spent : 4;
        bought += wo_move_yards(move_rate(e, who), k);
        spent += k;
    }
    int pool = fray_res(e, who, WO_R_MOVE) + bought;
    int m = wo_skill_mod(e, who, WO_STR, WO_SK_ATHLETICS, c->spk[WO_SPK_JUMPING]);
    int run = wo_jump_run_up(c->run_yd);
    if (run)
        fray_mod(e, "Run-up of 5 yards: + Speed", c->speed);
    wo_roll r = wo_roll_check(e, 0, "Jumping check, 1d20");
    int feet = wo_jump_long_feet(r.total + m, c->speed, run);
    const wo_weapon *w = wo_weapon_of(e, who);
    int goal = wo_enemies(e, who, t) ? (w->ranged ? w->range : w->reach) : 0;
    int room = wo_gap_yd(e, who, t) - goal;
    int yd = feet / 3;
    if (yd > room)
        yd = room;
    if (yd > pool)
        yd = pool;
    if (yd < 0)
        yd = 0;
    wo_emit_act(e, a, "jump", feet, 1, run ? "feet (after a run-up)" : "feet (no run-up: halved)",
                R("Jumping"));
    wo_set_res(e, who, WO_R_MOVE, pool - yd);
    c->run_yd = 0;
    if (yd > 0) {
        int sp = (wo_space_yd(c->size) + wo_space_yd(CCR(e, t)->size)) / 2;
        int x, y;
        wo_dest_point(e, who, e->c[t].x, e->c[t].y, 0, yd, wo_yd_to_cm(goal + sp), &x, &y);
        fray_move(e, who, x, y);
        wo_after_move(e, who);
    }
    wo_emit_act(e, a, "jumped", yd, 1, "yards", R("Jumping"));
}

void wo_act_drag(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    wo_creature *c = CR(e, who);
    int tn = 0, opp = 0;
    for (int g = 0; g < e->n; g++)
        if (wo_grappling(e, who, g)) {
            tn = wo_best_of(tn, wo_defense_base(CCR(e, g), WO_D_POWER));
            opp++;
        }
    int m = wo_power_mod(e, who);
    if (opp > 1)
        fray_mod(e, "Opponents beyond the first", wo_drag_penalty(opp));
    wo_roll r = wo_roll_check(e, 1, "Power check, wild 1d20");
    int total = r.total + m + wo_drag_penalty(opp);
    wo_emit_check(e, who, -1, "Drag", total, tn, R("Action: Drag"));
    if (total >= tn && t >= 0) {
        /* "you can spend up to 4 AP on movement", carrying the grapple */
        c->drag_ap = 4;
        fray_action m2;
        if (plan_move(e, who, t, 0, &m2, 4)) {
            wo_pay_ap(e, who, m2.arg);
            wo_do_move(e, &m2);
        }
        c->drag_ap = 0;
    }
}

void wo_act_surface(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    int m = wo_skill_mod(e, who, WO_STR, WO_SK_ATHLETICS, wo_spk(e, who, WO_SPK_SWIMMING));
    wo_roll r = wo_roll_check(e, 0, "Swimming check, 1d20");
    int tn = fray_opt(e, WO_OPT_ENV_TN);
    wo_emit_check(e, who, -1, "Return to the surface", r.total + m, tn, R("Swimming and Climbing"));
    if (r.total + m >= tn) {
        fray_cond_remove(e, who, WO_C_UNDERWATER);
        fray_flush(e, who, R("Swimming and Climbing"));
    }
}

void wo_act_calm_mount(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    wo_creature *c = CR(e, who);
    int m = wo_skill_mod(e, who, WO_PRS, WO_SK_NATURE, c->spk[WO_SPK_RIDING]);
    int near = 0;
    for (int i = 0; i < e->n; i++)
        if (wo_enemies(e, who, i) && fray_able(e, i) && wo_within_30_feet(wo_gap_yd(e, who, i)))
            near++; /* 30 feet = 10 yards */
    if (near)
        fray_mod(e, "Enemies within 30 feet", -near);
    if (c->calm_bonus)
        fray_mod(e, "Consecutive calming", c->calm_bonus);
    wo_roll r = wo_roll_check(e, 0, "Riding check, 1d20");
    int total = r.total + m - near + c->calm_bonus;
    wo_emit_check(e, who, -1, "Calm Mount", total, 5, R("Mounted Combat"));
    if (total >= 5) {
        c->lost_control = 0;
        c->calm_bonus = 0;
    } else {
        c->calm_bonus = wo_calm_bonus_after(c->calm_bonus);
    }
}
