/* combat.c: the combat sequence of 003_45dec7998f478a90.txt and what the
 * other files of it share: #Initiative as a running score, turns in
 * descending initiative (#Using Actions and Reactions), #Action Points
 * gained at round start and turn end, actions spanning turns and their
 * cancelling, interrupts and reactions through the core's windows, the
 * creature's view of the field, #Fatigue and #Stamina, the checks of
 * #Attacks and Combat Checks, #Performing Actions More Quickly, and the
 * actions with no heading of their own elsewhere: #Action: Ready an Action,
 * #Action: Retrieve or Stow an Item, #Action: Change Posture, #Action: End
 * a Magical Effect, #Action: Seize Initiative. The other actions' effects
 * are in attacks.c, movement.c, maneuvers.c and care.c; the legal-action
 * lists in actions.c and reactions.c, the AP costs in action_points.c. */
#include <assert.h>
#include <stdio.h>

#include "combat.h"

int wo_is_reaction(int kind)
{
    return kind == WO_A_REBUFF || kind == WO_A_HARRY || kind == WO_A_CLING ||
           kind == WO_A_INTERPOSE || kind == WO_A_CLING_HOLD;
}

/* The penalty of the staggered and exhausted conditions (option
 * condition_penalty; the text names them without their effects). */
static int cond_penalty(const fray_encounter *e, int i)
{
    int p = 0;
    if (fray_has(e, i, WO_C_EXHAUSTED))
        p += fray_opt(e, WO_OPT_CONDITION_PENALTY);
    return p;
}

/* ---- Geometry ----------------------------------------------------------- */

/* Yards between the edges of two spaces `dist_cm` apart (centre to centre),
 * plus the mounted yard `extra`. */
static inline int gap_of(int dist_cm, const wo_creature *ca, const wo_creature *cb, int extra)
{
    int sp = (ca->space + cb->space) / 2; /* wo_space_yd of each size */
    int g = wo_cm_to_yd(dist_cm) - sp;
    if (g < 0)
        g = 0;
    return g + extra;
}

/* Yards between the edges of two creatures' spaces: 0 is adjacent. */
int wo_gap_yd(const fray_encounter *e, int a, int b)
{
    const wo_creature *ca = CCR(e, a), *cb = CCR(e, b);
    /* the mounted yard needs one of them mounted */
    const uint64_t ma = e->c[a].cmask >> WO_C_MOUNTED, mb = e->c[b].cmask >> WO_C_MOUNTED;
    int extra = (ma | mb) & 1u ? wo_mount_extra_of(ca, cb, (int)(ma & 1u), (int)(mb & 1u)) : 0;
    return gap_of(fray_distance(e, a, b), ca, cb, extra);
}

int wo_in_reach(const fray_encounter *e, int a, int b, int reach_yd)
{
    return wo_gap_yd(e, a, b) <= reach_yd;
}

/* ---- The field seen from one creature ----------------------------------- */

void wo_view_init(wo_view *v, const fray_encounter *e, int who)
{
    /* one pass, reading each creature's sheet and combatant once: asked
     * on every list */
    const size_t size = sizeof(wo_creature); /* e->rs->creature_size */
    const unsigned char *priv = e->priv;
    const fray_combatant *cb = e->c;
    const wo_creature *cw = (const wo_creature *)(const void *)(priv + (size_t)who * size);
    const int side = cb[who].side, n = e->n;
    const int mw = fray_has(e, who, WO_C_MOUNTED);
    unsigned foes = 0, able = 0, dead = 0;
    v->e = e;
    v->who = who;
    v->n = n;
    for (int i = 0; i < n; i++) {
        const wo_creature *ci = (const wo_creature *)(const void *)(priv + (size_t)i * size);
        v->w[i] = ci->hand >= 0 ? &ci->weapon[ci->hand] : &wo_fist; /* wo_weapon_of */
        foes |= (unsigned)(cb[i].side != side) << i;
        able |= (unsigned)(cb[i].status == FRAY_ABLE) << i;
        dead |= (unsigned)(cb[i].status == FRAY_DEAD) << i;
        if (i == who) {
            v->dist[i] = v->gap[i] = 0; /* what wo_gap_yd(who, who) gives */
            continue;
        }
        int mi = (int)((cb[i].cmask >> WO_C_MOUNTED) & 1u);
        v->dist[i] = fray_distance(e, who, i);
        v->gap[i] = gap_of(v->dist[i], cw, ci, wo_mount_extra_of(cw, ci, mw, mi));
    }
    v->foes = foes;
    v->able = able;
    v->dead = dead;
    v->ap = cb[who].res[WO_R_AP];
    /* #Underwater Combat: melee attacks cost 2 AP more (wo_ap_cost) */
    v->uw_melee = fray_has(e, who, WO_C_UNDERWATER) && !v->w[who]->ranged;
}

void wo_view_init_pair(wo_view *v, const fray_encounter *e, int who, int t, int tgap)
{
    const fray_combatant *cb = e->c;
    const int side = cb[who].side, n = e->n;
    unsigned foes = 0, able = 0, dead = 0;
    v->e = e;
    v->who = who;
    v->n = n;
    for (int i = 0; i < n; i++) {
        foes |= (unsigned)(cb[i].side != side) << i;
        able |= (unsigned)(cb[i].status == FRAY_ABLE) << i;
        dead |= (unsigned)(cb[i].status == FRAY_DEAD) << i;
    }
    v->foes = foes;
    v->able = able;
    v->dead = dead;
    v->w[who] = wo_weapon_of(e, who);
    v->dist[who] = v->gap[who] = 0;
    if (t >= 0) {
        v->w[t] = wo_weapon_of(e, t);
        v->dist[t] = fray_distance(e, who, t);
        v->gap[t] = tgap;
    }
    v->ap = cb[who].res[WO_R_AP];
    v->uw_melee = fray_has(e, who, WO_C_UNDERWATER) && !v->w[who]->ranged;
}

/* ---- Resources and conditions ------------------------------------------- */

/* #Initiative: "Your initiative cannot drop below 0." Emits the kind
 * "initiative" event the narration shows. */
void wo_init_change(fray_encounter *e, int who, int delta, int other, int odelta,
                    const char *why, const char *rule)
{
    int v = fray_res(e, who, WO_R_INIT) + delta;
    wo_set_res(e, who, WO_R_INIT, v < 0 ? 0 : v);
    if (other >= 0) {
        int w = fray_res(e, other, WO_R_INIT) + odelta;
        wo_set_res(e, other, WO_R_INIT, w < 0 ? 0 : w);
    }
    fray_emit(e, &(fray_event){.kind = "initiative", .actor = who, .target = other,
                                .value = fray_res(e, who, WO_R_INIT), .has_value = 1, .detail = why,
                                .rule = rule});
}

/* #Fatigue: the maximum follows fatigue, exhausted and staggered follow
 * their thresholds. NPCs are immune to staggered (#NPCs and Wounds). */
void wo_update_fatigue(fray_encounter *e, int who)
{
    wo_creature *c = CR(e, who);
    int f = fray_res(e, who, WO_R_FATIGUE);
    int mx = wo_max_stamina(c->max_stamina, f);
    if (fray_res(e, who, WO_R_STAMINA) > mx)
        wo_set_res(e, who, WO_R_STAMINA, mx);
    int ex = wo_is_exhausted(c->max_stamina, f);
    if (ex && !fray_has(e, who, WO_C_EXHAUSTED))
        fray_cond_add(e, who, WO_C_EXHAUSTED, -1, FRAY_EXP_NEVER, 0);
    else if (!ex && fray_has(e, who, WO_C_EXHAUSTED))
        fray_cond_remove(e, who, WO_C_EXHAUSTED);
    int stag = c->tier == WO_PC &&
               (wo_is_staggered_by_fatigue(c->max_stamina, f) ||
                (fray_opt(e, WO_OPT_STAGGER_ON_CRITICAL) && fray_res(e, who, WO_R_CRITICAL) > 0));
    if (stag && !fray_has(e, who, WO_C_STAGGERED))
        fray_cond_add(e, who, WO_C_STAGGERED, -1, FRAY_EXP_NEVER, 0);
    else if (!stag && fray_has(e, who, WO_C_STAGGERED))
        fray_cond_remove(e, who, WO_C_STAGGERED);
}

void wo_pay_stamina(fray_encounter *e, int who, int cost)
{
    if (cost <= 0)
        return;
    int f = fray_res(e, who, WO_R_FATIGUE);
    int s = wo_spend_stamina(fray_res(e, who, WO_R_STAMINA), cost, &f);
    wo_set_res(e, who, WO_R_STAMINA, s);
    wo_set_res(e, who, WO_R_FATIGUE, f);
    wo_update_fatigue(e, who);
}

void wo_add_fatigue(fray_encounter *e, int who, int n)
{
    if (n <= 0)
        return;
    wo_set_res(e, who, WO_R_FATIGUE, fray_res(e, who, WO_R_FATIGUE) + n);
    wo_update_fatigue(e, who);
}

void wo_filled_of(const fray_encounter *e, int who, int filled[WO_NLEVELS])
{
    for (int l = 0; l < WO_NLEVELS; l++)
        filled[l] = fray_res(e, who, WO_R_LIGHT + l);
}

void wo_set_filled(fray_encounter *e, int who, const int filled[WO_NLEVELS])
{
    for (int l = 0; l < WO_NLEVELS; l++)
        wo_set_res(e, who, WO_R_LIGHT + l, filled[l]);
}

int wo_severity_of(const fray_encounter *e, int who)
{
    int f[WO_NLEVELS];
    wo_filled_of(e, who, f);
    return wo_severity(f);
}

/* ---- Checks ------------------------------------------------------------- */

/* A check modifier for skill `sk` with a specialization of rank `rank` on
 * attribute `at`, with the condition penalties; each piece goes to the next
 * event. */
int wo_skill_mod(fray_encounter *e, int who, int at, int sk, int rank)
{
    const wo_creature *c = CCR(e, who);
    int m = wo_check_mod(c->attr[at], sk >= 0 ? c->skill[sk] : 0, rank, 0);
    fray_mod(e, wo_attr_name[at], c->attr[at]);
    if (sk >= 0 && c->skill[sk])
        fray_mod(e, wo_skill_name[sk], c->skill[sk]);
    if (rank)
        fray_mod(e, "Specialization", rank);
    int p = cond_penalty(e, who);
    if (p)
        fray_mod(e, "Exhausted", -p);
    return m - p;
}

/* Power: Str [Athletics/Power + Size]; Agility: Dex [Reflex/Agility - Size]. */
int wo_power_mod(fray_encounter *e, int who)
{
    return wo_skill_mod(e, who, WO_STR, WO_SK_ATHLETICS, wo_spk(e, who, WO_SPK_POWER)) + CCR(e, who)->size;
}

static int agility_mod(fray_encounter *e, int who)
{
    return wo_skill_mod(e, who, WO_DEX, WO_SK_REFLEX, wo_spk(e, who, WO_SPK_AGILITY)) - CCR(e, who)->size;
}

int wo_power_or_agility_mod(fray_encounter *e, int who)
{
    const wo_creature *c = CCR(e, who);
    int p = wo_check_mod(c->attr[WO_STR], c->skill[WO_SK_ATHLETICS], c->spk[WO_SPK_POWER], c->size);
    int a = wo_check_mod(c->attr[WO_DEX], c->skill[WO_SK_REFLEX], c->spk[WO_SPK_AGILITY], -c->size);
    return p >= a ? wo_power_mod(e, who) : agility_mod(e, who);
}

/* A plain d20 check (not an attack roll): wild only for attack rolls and
 * combat checks (#Rolls in Combat). */
wo_roll wo_roll_check(fray_encounter *e, int wild, const char *purpose)
{
    return wo_wild(&e->dice, wild ? fray_opt(e, WO_OPT_WILD_ROLL) : WO_WILD_PLAIN, purpose);
}

wo_roll wo_roll_check_by(fray_encounter *e, int who, int wild, const char *purpose)
{
    int roller = e->dice.roller;
    e->dice.roller = who;
    wo_roll r = wo_roll_check(e, wild, purpose);
    e->dice.roller = roller;
    return r;
}

void wo_emit_check(fray_encounter *e, int who, int target, const char *action, int total,
                   int tn, const char *rule)
{
    fray_emit(e, &(fray_event){.kind = "check", .actor = who, .target = target,
                                .action = action, .outcome = total >= tn ? "success" : "failure",
                                .value = total, .has_value = 1, .rule = rule});
}

/* ---- Windows ------------------------------------------------------------ */

/* Offer the declared window; 1 if an interrupt canceled the action. */
static int declare(fray_encounter *e, const fray_action *a)
{
    wo_state *st = ST(e);
    int saved = st->cancel, saved_valid = st->trigger_valid, saved_win = st->window;
    fray_action saved_tr = st->trigger;
    st->cancel = 0;
    st->trigger = *a;
    st->trigger_valid = 1;
    st->window = FRAY_WIN_DECLARED;
    /* may_answer named: asked at every declared action, it is then a
     * direct call the compiler may inline; only of the creatures it might
     * let answer (wo_may_answer_declared) */
    fray_offer_may(e, wo_may_answer, FRAY_WIN_DECLARED, a, wo_may_answer_declared(e, a));
    int c = st->cancel;
    st->cancel = saved;
    st->trigger = saved_tr;
    st->trigger_valid = saved_valid;
    st->window = saved_win;
    return c;
}

/* #Using Actions and Reactions: "You may take this action at the start of
 * the turn, the end of the turn, after an action is resolved, or
 * immediately after an action is declared": the three windows besides the
 * declared one (FRAY_WIN_TURN_START, FRAY_WIN_TURN_END with a NULL
 * trigger; FRAY_WIN_TRIGGERED with the active creature's action just
 * resolved). Each creature of higher initiative may interrupt there once;
 * nothing is canceled, and none of them is a trigger for reactions. Only
 * while the active creature can still act: a turn it no longer has is not
 * interrupted. */
static void offer_between(fray_encounter *e, int window, const fray_action *a)
{
    wo_state *st = ST(e);
    int active = fray_turns_current(e);
    if (active < 0 || !fray_able(e, active))
        return;
    if (st->flank_offer < 0 && !wo_may_interrupt_some(e, active, window))
        return;
    /* between actions wo_may_answer refuses a creature the policy plays
     * throughout unless the window is a turn's start and the active
     * creature its enemy (wo_policy_between): those are not asked (with
     * an Ignore Flank on offer, everyone is) */
    uint32_t ask = UINT32_MAX;
    if (st->flank_offer < 0) {
        const fray_combatant *cb = e->c;
        const int side = cb[active].side, start = window == FRAY_WIN_TURN_START;
        ask = 0;
        for (int i = 0; i < e->n; i++)
            ask |= (uint32_t)(cb[i].controller != FRAY_CTL_POLICY || (start && cb[i].side != side)) << i;
    }
    int saved = st->cancel, saved_valid = st->trigger_valid, saved_win = st->window;
    st->trigger_valid = 0;
    st->window = window;
    fray_offer_may(e, wo_may_answer, window, a, ask);
    st->cancel = saved;
    st->trigger_valid = saved_valid;
    st->window = saved_win;
}

/* ---- Effects of the actions --------------------------------------------- */

void wo_emit_act(fray_encounter *e, const fray_action *a, const char *outcome, int value,
                 int has_value, const char *detail, const char *rule)
{
    fray_emit(e, &(fray_event){.kind = "action", .actor = a->actor, .target = a->target,
                                .action = wo_action_name(e, a->kind), .outcome = outcome, .value = value,
                                .has_value = has_value, .detail = detail, .rule = rule});
}

/* #Performing Actions More Quickly: a check against option quick_tn; success
 * cuts the AP cost by 1 plus 1 per 3 points over, for 1 stamina; failure
 * loses 1 AP plus 1 per 3 points under. Returns the AP to pay. */
static int hurry(fray_encounter *e, int who, int base)
{
    int m = wo_skill_mod(e, who, WO_DEX, WO_SK_ACROBATICS, 0);
    wo_roll r = wo_roll_check(e, 0, "Acrobatics check, 1d20");
    int total = r.total + m, tn = fray_opt(e, WO_OPT_QUICK_TN);
    wo_emit_check(e, who, -1, "Perform more quickly", total, tn, R("Performing Actions More Quickly"));
    if (total >= tn)
        wo_pay_stamina(e, who, 1);
    return wo_hurry_cost(base, total, tn);
}

static void set_posture(fray_encounter *e, int who, int q)
{
    fray_cond_remove(e, who, WO_C_PRONE);
    fray_cond_remove(e, who, WO_C_CROUCHING);
    if (q == WO_PRONE)
        fray_cond_add(e, who, WO_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    else if (q == WO_CROUCH)
        fray_cond_add(e, who, WO_C_CROUCHING, -1, FRAY_EXP_NEVER, 0);
}

static void act_ready(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    /* "Choose an action." Asked: Standard Attack without an answer */
    int q = fray_ask(e, who, WO_Q_READY, (1u << WO_NREADY) - 1u, a);
    int k = wo_ready_kinds[q >= 0 && q < WO_NREADY ? q : 0];
    CR(e, who)->readied = k;
    fray_cond_add(e, who, WO_C_READIED, -1, FRAY_EXP_NEVER, 0);
    wo_emit_act(e, a, "readied", 0, 0, wo_action_name(e, k), R("Action: Ready an Action"));
}

static void act_retrieve(fray_encounter *e, const fray_action *a)
{
    wo_creature *c = CR(e, a->actor);
    if (a->arg & 0x100) {
        c->weapon_place[a->arg & 0xff] = WO_SCABBARD;
        wo_rehand(c);
        fray_touch(e); /* the weapon in hand: its reach flanks (wo_memo) */
        wo_emit_act(e, a, "stowed", 0, 0, c->weapon[a->arg & 0xff].name,
                    R("Action: Retrieve or Stow an Item"));
    } else {
        c->weapon_place[a->arg] = WO_IN_HAND;
        wo_rehand(c);
        fray_touch(e); /* the weapon in hand: its reach flanks (wo_memo) */
        wo_emit_act(e, a, "retrieved", 0, 0, c->weapon[a->arg].name,
                    R("Action: Retrieve or Stow an Item"));
    }
}

static void act_posture(fray_encounter *e, const fray_action *a)
{
    set_posture(e, a->actor, a->arg);
    wo_emit_act(e, a, a->arg == WO_PRONE ? "prone" : a->arg == WO_CROUCH ? "crouching" : "standing",
                0, 0, NULL, R("Action: Change Posture"));
}

static void act_end_effect(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    wo_creature *c = CR(e, who);
    const wo_effect *f = &c->effect[a->arg];
    c->effect_active[a->arg] = 0;
    /* invested mana "returned as soon as the effect ends" */
    c->invested -= f->mana;
    int mm = c->max_mana - c->invested;
    int cur = fray_res(e, who, WO_R_MANA) + f->mana;
    wo_set_res(e, who, WO_R_MANA, cur > mm ? mm : cur);
    wo_emit_act(e, a, "ended", f->mana, 1, f->name, R("Action: End a Magical Effect"));
}

static void act_seize(fray_encounter *e, const fray_action *a)
{
    int d6 = fray_die(&e->dice, 6, "Seize Initiative, 1d6");
    wo_init_change(e, a->actor, d6, -1, 0, "Seize Initiative: +1d6", R("Action: Seize Initiative"));
}

static void act_cancel(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    wo_creature *c = CR(e, who);
    fray_emit(e, &(fray_event){.kind = "cancel", .actor = who, .target = c->pending_target,
                                .action = wo_action_name(e, c->pending),
                                .detail = "the long action is given up; its AP are lost",
                                .rule = R("Action Points")});
    c->pending = -1;
}

/* The effect of action a; its AP are paid. `tr` is the action a reacts to. */
static void effect(fray_encounter *e, const fray_action *a, const fray_action *tr)
{
    switch (a->kind) {
    case WO_A_MOVE:
    case WO_A_MOVE_AWAY: wo_do_move(e, a); break;
    case WO_A_NONLETHAL:
    case WO_A_QUICK:
    case WO_A_STANDARD:
    case WO_A_STRONG:
    case WO_A_REBUFF: wo_act_attack(e, a); break;
    case WO_A_CAST: wo_act_cast(e, a); break;
    case WO_A_DEFEND: wo_act_defend(e, a); break;
    case WO_A_HARRY: wo_act_harry(e, a); break;
    case WO_A_READY: act_ready(e, a); break;
    case WO_A_RETRIEVE: act_retrieve(e, a); break;
    case WO_A_POSTURE: act_posture(e, a); break;
    case WO_A_OPENING: wo_act_opening(e, a); break;
    case WO_A_ENTER: wo_act_enter(e, a); break;
    case WO_A_ESCAPE: wo_act_escape(e, a); break;
    case WO_A_MOUNT: wo_act_mount(e, a); break;
    case WO_A_DASH: wo_act_dash(e, a); break;
    case WO_A_CLING: wo_do_cling(e, a, tr); break;
    case WO_A_CLING_HOLD: wo_do_cling(e, a, tr); break;
    case WO_A_JUMP: wo_act_jump(e, a); break;
    case WO_A_DRAG: wo_act_drag(e, a); break;
    case WO_A_GRAPPLE: wo_act_grapple(e, a); break;
    case WO_A_INTERPOSE: wo_act_interpose(e, a, tr); break;
    case WO_A_PIN: wo_act_pin(e, a); break;
    case WO_A_END_EFFECT: act_end_effect(e, a); break;
    case WO_A_HINDER:
    case WO_A_DISTRACT:
    case WO_A_SHOVE:
    case WO_A_TRIP: wo_do_hinder(e, a); break;
    case WO_A_SEIZE: act_seize(e, a); break;
    case WO_A_STABILIZE: wo_act_stabilize(e, a); break;
    case WO_A_TREAT_COND: wo_do_treat_condition(e, a); break;
    case WO_A_TREAT_WOUND: wo_do_treat_wound(e, a); break;
    case WO_A_USE_OBJECT: wo_act_use_object(e, a); break;
    case WO_A_IGNORE_FLANK: wo_act_ignore_flank(e, a); break;
    case WO_A_SURFACE: wo_act_surface(e, a); break;
    case WO_A_CALM_MOUNT: wo_act_calm_mount(e, a); break;
    case WO_A_HURRY:
        /* handled in wo_resolve (the cost depends on the check) */
        break;
    case WO_A_CANCEL: act_cancel(e, a); break;
    default: break;
    }
}

/* ---- Resolve ------------------------------------------------------------ */

/* What a creature that cannot act (Helpless, pinned) may still do on its
 * turn, and legal offers it: Escape a pin, and give up a long action (Cancel
 * is no action of its own). */
static int helpless_may(int kind) { return kind == WO_A_ESCAPE || kind == WO_A_CANCEL; }

/* The actions that move a creature: after them someone may have become
 * flanked. */
static int moves_someone(int kind)
{
    return wo_is_move(kind) || kind == WO_A_JUMP || kind == WO_A_DRAG || kind == WO_A_SHOVE || kind == WO_A_CLING ||
           kind == WO_A_CLING_HOLD || kind == WO_A_ENTER;
}

/* Is t flanked now (flank_state's test, ignoring what t ignores)? The test
 * of wo_v_flanked, measuring only the gaps of the enemies that could flank
 * t: asked at every turn's start and after every move, a whole view of the
 * field (wo_view_init, every distance and gap) was a tenth of the wounds
 * skirmish (issue 34). */
static int flanked_fresh(const fray_encounter *e, int t)
{
    const wo_creature *ct = CCR(e, t);
    const fray_combatant *cb = e->c;
    /* t's side, what it ignores and the count read once (issue 34) */
    const int side = cb[t].side, n = e->n;
    const unsigned ignored = ct->ignored;
    unsigned cand = 0;
    int could = 0;
    for (int i = 0; i < n; i++) {
        if (cb[i].side == side || cb[i].status != FRAY_ABLE)
            continue;
        could++;
        /* v_flanker: neither ignores the other, and i can act (able, so
         * wo_can_act's conditions) */
        if (!(ignored & (1u << i)) && !(CCR(e, i)->ignored & (1u << t)) &&
            !((cb[i].cmask >> WO_C_HELPLESS | cb[i].cmask >> WO_C_UNCONSCIOUS) & 1u))
            cand |= 1u << i;
    }
    if (could < 2 || !(cand & (cand - 1)))
        return 0;
    /* wo_flankers_apart, each flanker met with those found before it (the
     * pair in index order, as there): the first pair apart answers, and
     * the gaps of the candidates after it are not measured */
    unsigned fl = 0;
    const uint64_t mt = cb[t].cmask >> WO_C_MOUNTED;
    for (uint32_t m = cand; m; m &= m - 1) {
        const int i = __builtin_ctz(m);
        /* wo_v_threatens, the gap being the same both ways: wo_gap_yd(t,
         * i) here, t's half of it read once (a call a candidate was half
         * of this function's instructions) */
        const wo_creature *ci = CCR(e, i);
        const wo_weapon *w = ci->hand >= 0 ? &ci->weapon[ci->hand] : &wo_fist; /* wo_weapon_of */
        const uint64_t mi = cb[i].cmask >> WO_C_MOUNTED;
        int g = gap_of(fray_distance(e, t, i), ct, ci,
                       (mt | mi) & 1u ? wo_mount_extra_of(ct, ci, (int)(mt & 1u), (int)(mi & 1u)) : 0);
        if (!(w->ranged ? !fray_has(e, i, WO_C_UNDERWATER) && g <= w->range : g <= w->reach))
            continue;
        for (uint32_t k = fl; k; k &= k - 1) {
            const int j = __builtin_ctz(k);
            if (fray_apart_120(cb[t].x, cb[t].y, cb[j].x, cb[j].y, cb[i].x, cb[i].y))
                return 1;
        }
        fl |= 1u << i;
    }
    return 0;
}

/* flanked_fresh, kept in the memo while the world stands (e->world_rev):
 * asked of each creature at every turn's start, after every move and at
 * every attack, it was 38M of the skirmish's 419M instructions (callgrind,
 * issue 34), most of them asking again of a field that had not changed. */
int wo_flanked_now(const fray_encounter *e, int t)
{
    wo_memo *m = (wo_memo *)(void *)fray_memo(e);
    if (!m)
        return flanked_fresh(e, t);
    if (m->flank_rev[t] == e->world_rev) {
        /* the kept answer is the one the field gives now: every input of
         * it bumps the revision where it changes */
        assert(m->flanked[t] == flanked_fresh(e, t));
        return m->flanked[t];
    }
    int f = flanked_fresh(e, t);
    m->flank_rev[t] = e->world_rev;
    m->flanked[t] = (unsigned char)f;
    return f;
}

/* #Ignoring Your Flank: "At any time on your turn or as a free reaction
 * when you first become flanked, you may choose to ignore specific
 * creatures." After action a moved someone, each enemy of its actor that
 * is flanked now and was not when last looked at is offered Ignore Flank
 * (free, no initiative cost), once per flanker it ignores while it stays
 * flanked. The actor's own side cannot have been flanked by it: its move
 * flanks only its enemies (the actor itself ignores on its own turn). */
static void offer_ignore_flank(fray_encounter *e, const fray_action *a)
{
    wo_state *st = ST(e);
    if (e->n < 3 || st->flank_offer >= 0)
        return;
    for (int t = 0; t < e->n; t++) {
        if (t == a->actor || !wo_enemies(e, t, a->actor) || !fray_able(e, t))
            continue;
        wo_creature *ct = CR(e, t);
        int now = wo_flanked_now(e, t);
        int first = now && !ct->flank_seen;
        ct->flank_seen = now;
        if (!first)
            continue;
        fray_emit(e, &(fray_event){.kind = "flanked", .actor = t, .target = a->actor,
                                    .detail = "first becomes flanked",
                                    .rule = R("Ignoring Your Flank")});
        st->flank_offer = t;
        for (int k = 0; k < e->n && wo_flanked_now(e, t); k++)
            if (!fray_offer_may_one(e, wo_may_answer, FRAY_WIN_TRIGGERED, a, t))
                break;
        st->flank_offer = -1;
        ct->flank_seen = wo_flanked_now(e, t);
    }
}

/* The "interrupt" event's detail: when it came. */
static const char *interrupt_when(int window)
{
    switch (window) {
    case FRAY_WIN_TURN_START: return "acts at the start of the turn";
    case FRAY_WIN_TURN_END: return "acts at the end of the turn";
    case FRAY_WIN_TRIGGERED: return "acts after the action resolved";
    default: return "acts before the declared action, which does not take place";
    }
}

static int needs_declare(int kind)
{
    return !wo_is_reaction(kind) && kind != WO_A_IGNORE_FLANK && kind != WO_A_CANCEL;
}

void wo_resolve(fray_encounter *e, const fray_action *a0)
{
    wo_state *st = ST(e);
    /* read where it is, not copied: the decide hook that wrote it may have
     * written it in two stores, and a 16-byte copy of it would wait for
     * both to land (a load is forwarded from one store that holds all of
     * it); a copy only when the action changes (mod) */
    const fray_action *a = a0;
    fray_action mod;
    int who = a->actor;
    wo_creature *c = CR(e, who);
    int readied = (a->arg & WO_ARG_READIED) != 0;
    if (readied) {
        mod = *a0;
        mod.arg = (int16_t)(a0->arg & ~WO_ARG_READIED);
        a = &mod;
    }
    int off_turn = who != fray_turns_current(e);
    /* legal gives a creature on its turn only what it can do: an action
     * resolve then refused would leave the turn, and the round, unended */
    if (!off_turn && !FRAY_CHECK(e, fray_able(e, who) && (wo_can_act(e, who) || helpless_may(a->kind))))
        return;
    int interrupt = off_turn && !wo_is_reaction(a->kind) && !readied &&
                    !(a->kind == WO_A_IGNORE_FLANK && st->flank_offer == who);
    if (interrupt) {
        /* #Using Actions and Reactions: "Doing so reduces your initiative by
         * 2." Moving does not (#Movement). */
        if (!wo_is_move(a->kind))
            wo_init_change(e, who, -2, -1, 0, "interrupts: -2", R("Using Actions and Reactions"));
        fray_emit(e, &(fray_event){.kind = "interrupt", .actor = who, .target = fray_turns_current(e),
                                    .action = wo_action_name(e, a->kind), .value = fray_res(e, who, WO_R_INIT),
                                    .has_value = 1, .detail = interrupt_when(st->window),
                                    .rule = R("Using Actions and Reactions")});
    }
    if (a->kind == WO_A_HURRY) {
        int base = wo_ap_cost(e, who, a->arg >> 4, a->arg & 15);
        if (!interrupt && declare(e, a))
            return;
        int pay = hurry(e, who, base);
        if (pay > fray_res(e, who, WO_R_AP))
            pay = fray_res(e, who, WO_R_AP);
        wo_pay_ap(e, who, pay);
        fray_action b = *a;
        b.kind = (int16_t)(a->arg >> 4);
        b.arg = (int16_t)(a->arg & 15);
        effect(e, &b, NULL);
        if (interrupt)
            st->cancel = 1;
        else if (!off_turn)
            offer_between(e, FRAY_WIN_TRIGGERED, &b);
        return;
    }
    int cost = wo_ap_cost(e, who, a->kind, a->arg);
    int ap = fray_res(e, who, WO_R_AP);
    /* #Action Points: an action costing more AP than the creature has is
     * declared, paid with all AP now and on each following turn */
    if (!off_turn && cost > ap) {
        if (declare(e, a))
            return;
        /* as below: one who can do nothing else may still try to Escape */
        if (!wo_can_act(e, who) && !helpless_may(a->kind))
            return;
        wo_pay_ap(e, who, ap);
        c->pending = a->kind;
        c->pending_target = a->target;
        c->pending_arg = a->arg;
        c->pending_left = cost - ap;
        fray_emit(e, &(fray_event){.kind = "declare", .actor = who, .target = a->target,
                                    .action = wo_action_name(e, a->kind), .value = c->pending_left,
                                    .has_value = 1, .detail = "AP still to spend on later turns",
                                    .rule = R("Action Points")});
        return;
    }
    /* the declared window: reactions, and interrupts that cancel the action */
    int move_cut = 0;
    if (needs_declare(a->kind) && !readied) {
        st->redirect = -1;
        st->cling_cut = 0;
        int saved_redirect;
        if (declare(e, a)) {
            fray_emit(e, &(fray_event){.kind = "canceled", .actor = who, .target = a->target,
                                        .action = wo_action_name(e, a->kind),
                                        .detail = "interrupted: no effect, no AP spent",
                                        .rule = R("Using Actions and Reactions")});
            return;
        }
        saved_redirect = st->redirect;
        st->redirect = -1;
        if (saved_redirect >= 0 && wo_is_attack(a->kind)) {
            /* #Reaction: Interpose: "your target becomes the target of the
             * attack", resolved as if in the interposer's space */
            fray_emit(e, &(fray_event){.kind = "redirect", .actor = who, .target = saved_redirect,
                                        .action = wo_action_name(e, a->kind), .rule = R("Reaction: Interpose")});
            if (a != &mod)
                mod = *a;
            mod.target = (int16_t)saved_redirect;
            a = &mod;
        }
        if (st->cling_cut > 0 && wo_is_move(a->kind)) {
            /* #Reaction: Cling: "reduce the target's movement by 1 yard"
             * per 10 points: the move stops that much short, and the yards
             * are spent all the same */
            if (a != &mod)
                mod = *a;
            wo_cut_dest(e, &mod, st->cling_cut, &mod.x, &mod.y);
            move_cut = st->cling_cut;
            st->cling_cut = 0;
            a = &mod;
        }
    }
    if (!fray_able(e, who) || (!wo_can_act(e, who) && !helpless_may(a->kind)))
        return;
    if (readied) {
        c->readied = -1;
        fray_cond_remove(e, who, WO_C_READIED);
    } else if (c->readied >= 0 && a->kind != WO_A_READY) {
        /* "Until you take an action or reaction" */
        c->readied = -1;
        fray_cond_remove(e, who, WO_C_READIED);
    }
    if (cost > fray_res(e, who, WO_R_AP))
        cost = fray_res(e, who, WO_R_AP);
    wo_pay_ap(e, who, cost);
    c->move_cut = move_cut;
    /* #Jumping: "If you moved at least 5 yards leading up to the jump":
     * another action between breaks the run */
    if (!wo_is_move(a->kind) && a->kind != WO_A_JUMP)
        c->run_yd = 0;
    effect(e, a, st->trigger_valid ? &st->trigger : NULL);
    c->move_cut = 0;
    if (moves_someone(a->kind))
        offer_ignore_flank(e, a);
    if (interrupt)
        st->cancel = 1;
    else if (!off_turn && needs_declare(a->kind))
        offer_between(e, FRAY_WIN_TRIGGERED, a);
}

/* ---- Turns and rounds --------------------------------------------------- */

/* A long action about to take effect: is its target still there? */
static int still_valid(const fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    if (t < 0 || a->kind == WO_A_STABILIZE || a->kind == WO_A_TREAT_WOUND ||
        a->kind == WO_A_TREAT_COND)
        return t < 0 || e->c[t].status != FRAY_DEAD;
    if (!fray_able(e, t))
        return 0;
    if (a->kind == WO_A_CAST)
        return wo_gap_yd(e, who, t) <= CCR(e, who)->spell[a->arg].range;
    if (wo_is_attack(a->kind) || a->kind == WO_A_GRAPPLE || a->kind == WO_A_PIN ||
        (a->kind >= WO_A_DISTRACT && a->kind <= WO_A_TRIP) || a->kind == WO_A_HINDER) {
        const wo_weapon *w = wo_weapon_of(e, who);
        if (w->ranged && wo_is_attack(a->kind))
            return wo_gap_yd(e, who, t) <= 3 * w->range;
        return wo_in_reach(e, who, t, w->ranged ? 0 : w->reach);
    }
    return 1;
}

/* The core's scheduler (FRAY_ORDER_RUNNING) starts each turn with the
 * highest initiative still to act, a die among equals ("participants act in
 * descending order of initiative scores. In case of a tie, the order is
 * determined randomly"), expires the turn-bound conditions and emits the
 * "turn" event; then a long action paid over several turns may complete. */
void wo_turn_start(fray_encounter *e, int who)
{
    wo_creature *c = CR(e, who);
    c->run_yd = 0; /* a jump's run-up is this turn's */
    /* what flanks it now is its own to ignore on its turn; a flank formed
     * later is a first flank again */
    if (e->n >= 3)
        c->flank_seen = wo_flanked_now(e, who);
    offer_between(e, FRAY_WIN_TURN_START, NULL);
    if (c->pending >= 0 && fray_able(e, who)) {
        int ap = fray_res(e, who, WO_R_AP);
        int pay = ap < c->pending_left ? ap : c->pending_left;
        wo_set_res(e, who, WO_R_AP, ap - pay);
        c->pending_left -= pay;
        if (c->pending_left > 0) {
            fray_emit(e, &(fray_event){.kind = "declare", .actor = who, .target = c->pending_target,
                                        .action = wo_action_name(e, c->pending), .value = c->pending_left,
                                        .has_value = 1, .detail = "AP still to spend on later turns",
                                        .rule = R("Action Points")});
            return;
        }
        fray_action a = {.kind = (int16_t)c->pending, .actor = (int16_t)who,
                         .target = (int16_t)c->pending_target, .arg = (int16_t)c->pending_arg};
        c->pending = -1;
        fray_emit(e, &(fray_event){.kind = "complete", .actor = who, .target = a.target,
                                    .action = wo_action_name(e, a.kind),
                                    .detail = "all AP spent: the action takes effect",
                                    .rule = R("Action Points")});
        if (still_valid(e, &a)) {
            effect(e, &a, NULL);
            offer_between(e, FRAY_WIN_TRIGGERED, &a);
        } else
            fray_emit(e, &(fray_event){.kind = "canceled", .actor = who, .target = a.target,
                                        .action = wo_action_name(e, a.kind),
                                        .detail = "the target is gone or out of reach",
                                        .rule = R("Action Points")});
    }
}

/* Before the core expires the end-of-turn conditions and emits "turn end"
 * with the AP left. */
void wo_turn_end(fray_encounter *e, int who)
{
    wo_creature *c = CR(e, who);
    offer_between(e, FRAY_WIN_TURN_END, NULL);
    /* #Action Points: AP "once at the end of your turn"; #Surprise: none
     * until after the first turn; staggered: none (interpretation) */
    c->nogain = 0;
    if (!fray_has(e, who, WO_C_STAGGERED))
        wo_set_res(e, who, WO_R_AP,
                   wo_gain_ap(fray_res(e, who, WO_R_AP), wo_speed_row_for(c->speed)->turn_end, c->max_ap));
    /* the mask first: at every turn's end, and surprise is rare (a
     * condition not in cmask has no entry to remove) */
    if (fray_has(e, who, WO_C_SURPRISED))
        fray_cond_remove(e, who, WO_C_SURPRISED);
    /* an Opening lasts to the end of the turn it was made in
     * (FRAY_EXP_TURN_END), which is now */
    c->opening_vs = -1;
}

/* One creature enters the combat: its initiative, surprise and fatigue. */
void wo_enter_combat(fray_encounter *e, int i)
{
    wo_creature *c = CR(e, i);
    /* What a creature was doing in the last fight of an adventuring day
     * ends with that fight: a long action half paid, a readied action, a
     * grapple, an opening, flanking choices all name creatures of a fight
     * that is over (their numbers are other creatures now, or none). Its
     * wounds, Stamina and conditions go on (day.c). */
    c->pending = -1;
    c->pending_left = 0;
    c->readied = -1;
    c->opening_vs = -1;
    c->grappling = 0;
    c->harried_by = 0;
    c->harry_pen = 0;
    c->ignored = 0;
    fray_touch(e); /* ignored: wo_memo's flanks */
    c->flank_seen = 0;
    c->drag_ap = 0;
    c->dash_uses = 0;
    c->dash_bonus = 0;
    c->share_with = -1;
    /* #Initiative: "make a Prc [Reflex/Initiative] check and add 5" */
    int m = wo_skill_mod(e, i, WO_PRC, WO_SK_REFLEX, c->spk[WO_SPK_INITIATIVE]);
    wo_roll r = wo_roll_check_by(e, i, 0, "Initiative check, 1d20");
    int init = r.total + m + 5;
    fray_mod(e, "Initiative +5", 5);
    /* #Surprise: "you cannot gain AP until after your first turn and you
     * take a penalty to your initiative equal to 5 - your Perception.
     * Creatures with a Perception higher than 5 cannot be surprised." */
    if (c->surprised && wo_can_be_surprised(c->attr[WO_PRC])) {
        fray_mod(e, "Surprised", wo_surprise_penalty(c->attr[WO_PRC]));
        init += wo_surprise_penalty(c->attr[WO_PRC]);
        c->nogain = 1;
        fray_cond_add(e, i, WO_C_SURPRISED, -1, FRAY_EXP_NEVER, 0);
    }
    /* #Mounted Combat: "using the worse of your two initiative scores" */
    if (wo_mounted(e, i)) {
        wo_roll mr = wo_roll_check_by(e, i, 0, "Mount initiative check, 1d20");
        int mi = mr.total + c->mount_prc + 5;
        if (mi < init) {
            fray_mod(e, "Mount's initiative is worse", mi - init);
            init = mi;
        }
    }
    wo_set_res(e, i, WO_R_INIT, init < 0 ? 0 : init);
    fray_emit(e, &(fray_event){.kind = "initiative", .actor = i, .target = -1,
                                .value = fray_res(e, i, WO_R_INIT), .has_value = 1,
                                .detail = "starting initiative", .rule = R("Initiative")});
    wo_update_fatigue(e, i);
}

__attribute__((flatten)) void wo_start_combat(fray_encounter *e)
{
    wo_state *st = ST(e);
    st->redirect = -1;
    st->flank_offer = -1;
    st->window = FRAY_WIN_DECLARED;
    for (int i = 0; i < e->n; i++)
        wo_enter_combat(e, i);
}

/* The GM's word: damage as the wound table reads a final damage (#Wound
 * Thresholds), or healing as that many recovery steps on the worst wound
 * (#Recovery Checks). */
void wo_fiat(fray_encounter *e, int who, int amount, int heal)
{
    if (!heal) {
        int level = wo_wound_level(amount);
        if (level == WO_NONE)
            fray_emit(e, &(fray_event){.kind = "damage", .actor = -1, .target = who,
                                        .outcome = "none", .value = 0, .has_value = 1,
                                        .detail = "below the light wound threshold",
                                        .rule = R("Wound Thresholds")});
        else
            wo_apply_wound(e, -1, who, level, amount, 0, "GM");
        return;
    }
    int filled[WO_NLEVELS];
    wo_filled_of(e, who, filled);
    for (int k = 0; k < amount; k++) {
        int worst = WO_FATAL;
        while (worst >= WO_LIGHT && !filled[worst])
            worst--;
        if (worst < WO_LIGHT || !wo_wound_reduce(filled, CR(e, who)->slots, worst))
            break;
    }
    wo_set_filled(e, who, filled);
    wo_maybe_wake(e, who);
}

/* A creature joins a fight under way (fray_add_combatant): readied as at
 * loading, then it rolls its initiative. */
void wo_join(fray_encounter *e, int who)
{
    wo_prepare(e, who);
    wo_enter_combat(e, who);
}

__attribute__((flatten)) void wo_start_round(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++) {
        wo_creature *c = CR(e, i);
        c->dash_uses = 0;
        c->dash_bonus = 0;
        c->harried_by = 0;
        if (!fray_able(e, i) || c->nogain)
            continue;
        /* #Action Points: "You gain AP twice per round, once at the start of
         * the round" */
        wo_set_res(e, i, WO_R_AP,
                   wo_gain_ap(fray_res(e, i, WO_R_AP), wo_speed_row_for(c->speed)->round_start, c->max_ap));
    }
    fray_emit(e, &(fray_event){.kind = "ap", .actor = -1, .target = -1,
                                .detail = "AP gained at the start of the round",
                                .rule = R("Action Points")});
}

void wo_end_round(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++) {
        wo_creature *c = CR(e, i);
        /* #Movement: "any unspent movement is lost at the end of the round" */
        wo_set_res(e, i, WO_R_MOVE, 0);
        /* a dying PC dies after option dying_rounds rounds untreated */
        if (fray_has(e, i, WO_C_DYING) && e->c[i].status == FRAY_DOWN &&
            e->round - c->dying_since + 1 >= fray_opt(e, WO_OPT_DYING_ROUNDS)) {
            fray_set_status(e, i, FRAY_DEAD);
            fray_emit(e, &(fray_event){.kind = "down", .actor = -1, .target = i, .outcome = "dead",
                                        .detail = "a fatal wound left untreated",
                                        .rule = R("Health, Damage, and Healing")});
        }
    }
}

int wo_describe(const fray_encounter *e, int who, char *buf, size_t len)
{
    const wo_creature *c = CCR(e, who);
    return snprintf(buf, len, "AP %d/%d, Init %d, Stamina %d/%d, Fatigue %d, Wounds %d/%d/%d/%d/%d",
                    fray_res(e, who, WO_R_AP), c->max_ap, fray_res(e, who, WO_R_INIT),
                    fray_res(e, who, WO_R_STAMINA),
                    wo_max_stamina(c->max_stamina, fray_res(e, who, WO_R_FATIGUE)),
                    fray_res(e, who, WO_R_FATIGUE), fray_res(e, who, WO_R_LIGHT), fray_res(e, who, WO_R_MODERATE),
                    fray_res(e, who, WO_R_SEVERE), fray_res(e, who, WO_R_CRITICAL), fray_res(e, who, WO_R_FATAL));
}
