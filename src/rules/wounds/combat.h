/* combat.h: what the files of the combat sequence share (combat.c,
 * attacks.c, action_points.c, actions.c, reactions.c, movement.c, maneuvers.c, care.c); internal to the
 * wounds ruleset. The small questions asked in the hot loops (listing the
 * legal actions, the view) are static inline here. */
#ifndef FRAY_WOUNDS_COMBAT_H
#define FRAY_WOUNDS_COMBAT_H

#include "wounds.h"

#define R(h) WO_SEED "#" h
#define WO_ARG_READIED 0x4000 /* a readied action taken as a reaction */

static inline wo_state *ST(fray_encounter *e) { return (wo_state *)e->state; }
/* fray_priv and fray_cpriv: the block's size is the ruleset's creature_size,
 * sizeof(wo_creature) (ruleset.c), known here without reading it. */
static inline wo_creature *CR(fray_encounter *e, int i)
{
    return (wo_creature *)(void *)(e->priv + (size_t)i * sizeof(wo_creature));
}
static inline const wo_creature *CCR(const fray_encounter *e, int i)
{
    return (const wo_creature *)(const void *)(e->priv + (size_t)i * sizeof(wo_creature));
}

/* The unarmed attack (attacks.c). */
extern const wo_weapon wo_fist;
/* The ruleset's table (ruleset.c). */
extern const fray_ruleset fray_ruleset_wounds;

static inline int wo_is_attack(int kind)
{
    return kind == WO_A_NONLETHAL || kind == WO_A_QUICK || kind == WO_A_STANDARD ||
           kind == WO_A_STRONG || kind == WO_A_REBUFF || kind == WO_A_CAST;
}

static inline int wo_is_move(int kind) { return kind == WO_A_MOVE || kind == WO_A_MOVE_AWAY; }

static inline int wo_is_melee_attack_kind(int kind)
{
    return kind == WO_A_NONLETHAL || kind == WO_A_QUICK || kind == WO_A_STANDARD ||
           kind == WO_A_STRONG || kind == WO_A_REBUFF;
}

/* The rule option that prices each kind, -1 for the kinds priced otherwise
 * (action_points.c). */
extern const int wo_ap_option[WO_NACT];
int wo_ap_cost_more(const fray_encounter *e, int who, int kind, int arg, int uw_melee);

/* wo_ap_cost with its one state-dependent piece given: uw_melee, whether
 * `who` is underwater with a melee weapon. Most kinds cost what their
 * option says (asked for every entry of every list, so here, inline);
 * wo_ap_cost_more prices the others. Always inlined: left to the inliner
 * it stayed a call, thirty of them in the flattened decide_answer alone
 * (it and wo_ap_cost_more call each other, for Hurry). */
static inline __attribute__((always_inline)) int wo_ap_cost_uw(const fray_encounter *e, int who, int kind, int arg, int uw_melee)
{
    if (wo_ap_option[kind] < 0)
        return wo_ap_cost_more(e, who, kind, arg, uw_melee);
    int cost = fray_opt(e, wo_ap_option[kind]);
    /* #Underwater Combat: "When you make a melee attack, you must pay an
     * extra 2 AP" */
    if (uw_melee && wo_is_melee_attack_kind(kind))
        cost += 2;
    return wo_ap_floor(cost, 0);
}

static inline const wo_weapon *wo_weapon_of(const fray_encounter *e, int i)
{
    const wo_weapon *w = wo_wielded(CCR(e, i));
    return w ? w : &wo_fist;
}


/* #Attacks: the weapon attacks on a live foe `gap` yards away that wo_legal
 * lists and the policy weighs (one rule for both): WO_REACH_RANGED, a
 * Standard Attack with the ranged weapon w (not underwater, uw, within
 * three range increments); WO_REACH_MELEE, the Standard, Quick, Strong and
 * Nonlethal Attacks within the melee weapon's reach; or 0. */
enum { WO_REACH_NONE = 0, WO_REACH_RANGED = 1, WO_REACH_MELEE = 2 };
static inline int wo_weapon_reaches(const wo_weapon *w, int uw, int gap)
{
    if (w->ranged)
        return !uw && gap <= 3 * w->range ? WO_REACH_RANGED : WO_REACH_NONE;
    return gap <= w->reach ? WO_REACH_MELEE : WO_REACH_NONE;
}

/* Cast a Spell: spell s of c (creature who, `mana` left) on a live foe
 * `gap` yards away. */
static inline int wo_spell_reaches(const wo_creature *c, int s, int mana, int gap)
{
    return mana >= c->spell[s].mana && gap <= c->spell[s].range;
}

/* Can choose actions at all: able, not helpless (pinned imposes helpless). */
static inline int wo_can_act(const fray_encounter *e, int i)
{
    return fray_able(e, i) && !fray_has(e, i, WO_C_HELPLESS) && !fray_has(e, i, WO_C_UNCONSCIOUS);
}

static inline int wo_posture(const fray_encounter *e, int i)
{
    return fray_has(e, i, WO_C_PRONE) ? WO_PRONE : fray_has(e, i, WO_C_CROUCHING) ? WO_CROUCH : WO_STANDING;
}

static inline int wo_enemies(const fray_encounter *e, int a, int b)
{
    return e->c[a].side != e->c[b].side;
}

static inline int wo_mounted(const fray_encounter *e, int i) { return fray_has(e, i, WO_C_MOUNTED); }


/* #Mounted Combat: "you are considered 1 yard farther from creatures on the
 * ground smaller than your mount" (both ways). ma, mb: whether a, b are
 * mounted. */
static inline int wo_mount_extra_of(const wo_creature *ca, const wo_creature *cb, int ma, int mb)
{
    if (ma && !mb && cb->size < ca->mount_size)
        return 1;
    if (mb && !ma && ca->size < cb->mount_size)
        return 1;
    return 0;
}

/* Listing the legal actions, planning moves and testing flanks ask the same
 * questions (a condition, a gap, a weapon) dozens of times in one call, and
 * nothing changes while they are asked: a view answers each once. Every
 * field is what the named function would return now. */
#define BIT(cond) (1u << (cond))

typedef struct wo_view {
    const fray_encounter *e;
    int who, n;
    int ap;                                  /* fray_res(who, WO_R_AP) */
    int uw_melee;                            /* who's melee attacks cost 2 AP more */
    unsigned foes;                           /* bit i: wo_enemies(who, i) */
    unsigned able;                           /* bit i: fray_able(i) */
    unsigned dead;                           /* bit i: status FRAY_DEAD */
    const wo_weapon *w[FRAY_MAX_COMBATANTS]; /* wo_weapon_of(i) */
    int dist[FRAY_MAX_COMBATANTS];           /* fray_distance(who, i) */
    int gap[FRAY_MAX_COMBATANTS];            /* wo_gap_yd(who, i) */
} wo_view;

static inline int wo_v_has(const wo_view *v, int i, int cond) { return fray_has(v->e, i, cond); }

static inline int wo_v_can_act(const wo_view *v, int i)
{
    return fray_able(v->e, i) && !wo_v_has(v, i, WO_C_HELPLESS) && !wo_v_has(v, i, WO_C_UNCONSCIOUS);
}

/* threatens(i, who): can i attack the view's creature with its equipped
 * weapon now (for flanking, within the first range increment for ranged
 * weapons)? The gap is the same both ways. */
static inline int wo_v_threatens(const wo_view *v, int i)
{
    const wo_weapon *w = v->w[i];
    if (!wo_v_can_act(v, i))
        return 0;
    if (w->ranged)
        return !wo_v_has(v, i, WO_C_UNDERWATER) && v->gap[i] <= w->range;
    return v->gap[i] <= w->reach;
}

static inline void wo_set_res(fray_encounter *e, int i, int r, int v) { fray_res_set(e, i, r, v); }

static inline int wo_best_of(int a, int b) { return a > b ? a : b; }

/* Where the policy's steps past its attack find the actions they take:
 * in a list, legal[0..n); or, with legal NULL, from the rules, entry by
 * entry (wo_turn_entry, actions.c: what wo_legal would list on the view's
 * creature's own turn), the one found in `got`. The steps are written once
 * (wo_policy_after_attacks) for both. */
typedef struct wo_src {
    const fray_action *legal;
    int n;
    const wo_view *v; /* the direct answers' view */
    fray_action got;
} wo_src;

/* The first entry of `kind` on `target` (any target when target < -1)
 * with `arg` (any when arg < 0) that wo_legal lists on the view's
 * creature's own turn, for the kinds the policy looks for (Escape, Use an
 * Object, Change Posture, Retrieve, Create an Opening, Move, Stabilize,
 * Defend): 1 with it in *out, or 0. v may lack the gaps of creatures no
 * such entry looks at (wo_view_init_pair). */
int wo_turn_entry(fray_encounter *e, const wo_view *v, int kind, int target, int arg,
                  fray_action *out);
/* wo_policy_turn from a source: the index of its pick in src->legal, or 0
 * for src->got when asked directly; -1 to pass. */
int wo_policy_turn_src(fray_encounter *e, int who, wo_src *src);

/* The policy's turn past its attack step, when no attack is taken (t is
 * wo_nearest_enemy, tgap its gap): the index of its pick in src->legal, or
 * 0 for src->got when asked directly; -1 to pass. */
int wo_policy_after_attacks(fray_encounter *e, int who, wo_src *src, int t, int tgap);

/* An attack roll (wo_attack_roll): whether it hit, and its pieces. */
typedef struct wo_hit {
    int hit, total, defense, level;
    int str, wdmg, d6; /* the damage roll's pieces */
} wo_hit;

/* What the view's creature buys movement with: the same towards every
 * target. AP are capped at apcap. Filled when a move first needs it
 * (ready 0 until then): a creature in reach plans none. */
typedef struct wo_mover {
    int ready, apcap;
    int tc, pool, ap;
    int yards[5]; /* yards[k]: what k AP buy at its movement rate (wo_move_yards) */
} wo_mover;

static inline int wo_grappling(const fray_encounter *e, int a, int b)
{
    return (int)((CCR(e, a)->grappling >> b) & 1u);
}

static inline const char *wo_action_name(const fray_encounter *e, int kind)
{
    return e->rs->actions[kind].name;
}

/* Each function below is described at its definition. */

/* ---- combat.c: the view, resources, checks ---- */
void wo_view_init(wo_view *v, const fray_encounter *e, int who);
/* A view with the gaps and distances of who and t alone (t -1: of who
 * alone), tgap being wo_gap_yd(who, t); the rest as wo_view_init. */
void wo_view_init_pair(wo_view *v, const fray_encounter *e, int who, int t, int tgap);
void wo_init_change(fray_encounter *e, int who, int delta, int other, int odelta,
                    const char *why, const char *rule);
void wo_pay_stamina(fray_encounter *e, int who, int cost);
void wo_add_fatigue(fray_encounter *e, int who, int n);
void wo_filled_of(const fray_encounter *e, int who, int filled[WO_NLEVELS]);
void wo_set_filled(fray_encounter *e, int who, const int filled[WO_NLEVELS]);
int wo_severity_of(const fray_encounter *e, int who);
int wo_skill_mod(fray_encounter *e, int who, int at, int sk, int rank);
/* who's rank in the named specialization `key` (WO_SPK_*). */
static inline int wo_spk(const fray_encounter *e, int who, int key) { return CCR(e, who)->spk[key]; }
/* The rank of `who` with weapon w (one of its own, or the bare fist). */
static inline int wo_group_rank(const fray_encounter *e, int who, const wo_weapon *w)
{
    return w == &wo_fist ? wo_spk(e, who, WO_SPK_UNARMED) : w->group_rank;
}
int wo_power_mod(fray_encounter *e, int who);
int wo_power_or_agility_mod(fray_encounter *e, int who);
wo_roll wo_roll_check(fray_encounter *e, int wild, const char *purpose);
/* The same rolled by `who`, not the creature acting (the wounded defender's
 * Swimming, Climbing or Riding check): fray play asks who's player. */
wo_roll wo_roll_check_by(fray_encounter *e, int who, int wild, const char *purpose);
void wo_emit_check(fray_encounter *e, int who, int target, const char *action, int total,
                   int tn, const char *rule);
void wo_emit_act(fray_encounter *e, const fray_action *a, const char *outcome, int value,
                 int has_value, const char *detail, const char *rule);

/* ---- attacks.c ---- */
int wo_v_flanked(const wo_view *v);
/* #Flanking: of the flankers `fl` (a mask) of t, are two at least 120
 * degrees apart? */
int wo_flankers_apart(const fray_encounter *e, int t, unsigned fl);
int wo_flanked_now(const fray_encounter *e, int t);
void wo_apply_wound(fray_encounter *e, int attacker, int t, int level, int damage,
                    int nonlethal, const char *action);
/* What an attack of `a` on `t` reads of the creatures before any die is
 * rolled: attack_roll rolls it, wo_action_odds (odds.c) computes its exact odds.
 * Each modifier goes to the next event. */
typedef struct wo_attack_plan {
    int mod;       /* the attack roll's modifier */
    int str, wdmg; /* the damage roll: Strength and weapon (or spell) damage */
    int pen;       /* #Penetrating Attacks: the damage counts toward the hit */
    int defense;   /* the Defense the roll must reach */
    const wo_weapon *w;
} wo_attack_plan;

void wo_attack_plan_of(fray_encounter *e, int a, int t, int kind, int spell, wo_attack_plan *p);
wo_hit wo_attack_roll(fray_encounter *e, int a, int t, int kind, int spell,
                      const char *action, int *damage_roll);
void wo_act_attack(fray_encounter *e, const fray_action *a);
void wo_act_cast(fray_encounter *e, const fray_action *a);
void wo_act_defend(fray_encounter *e, const fray_action *a);
void wo_act_harry(fray_encounter *e, const fray_action *a);
void wo_act_opening(fray_encounter *e, const fray_action *a);
void wo_act_ignore_flank(fray_encounter *e, const fray_action *a);

/* ---- action_points.c ---- */
void wo_pay_ap(fray_encounter *e, int who, int cost);
/* Whether who can pay kind's AP now, or (allow_long, on its own turn, with
 * any AP) declare it to pay over several turns. */
int wo_affordable(const fray_encounter *e, int who, int kind, int arg, int allow_long);
/* wo_affordable for the view's creature: with allow_long and any AP the
 * cost does not matter, so it is not computed. */
static inline int wo_v_affordable(const wo_view *v, int kind, int arg, int allow_long)
{
    if (allow_long && v->ap > 0)
        return 1;
    /* every kind asked here costs at least 1 (only moves, Ignore Flank and
     * Cancel may cost 0, and they are never asked) */
    if (v->ap <= 0)
        return 0;
    return wo_ap_cost_uw(v->e, v->who, kind, arg, v->uw_melee) <= v->ap;
}

/* ---- actions.c ---- */
/* The actions who may take on its own turn (allow_long: long actions too),
 * or as an interrupt (interrupt 1, allow_long 0), appended to l. */
void wo_own_actions(fray_encounter *e, int who, fray_list *l, int allow_long, int interrupt);
/* The decide hook on who's own turn. */
int wo_decide_turn(fray_encounter *e, int who, fray_action *out);

/* ---- movement.c ---- */
void wo_dest_point(const fray_encounter *e, int who, int tx, int ty, int away, int yards,
                   int stop_cm, int *ox, int *oy);
void wo_mover_init(wo_mover *m, int apcap);
int wo_plan_move_v(const wo_view *v, wo_mover *mv, int t, int away, fray_action *a);
void wo_after_move(fray_encounter *e, int who);
void wo_do_move(fray_encounter *e, const fray_action *a);
void wo_do_cling(fray_encounter *e, const fray_action *a, const fray_action *tr);
/* The destination of move m cut short by `cut` yards (not behind its start). */
void wo_cut_dest(const fray_encounter *e, const fray_action *m, int cut, int32_t *ox, int32_t *oy);
void wo_act_mount(fray_encounter *e, const fray_action *a);
void wo_act_dash(fray_encounter *e, const fray_action *a);
void wo_act_drag(fray_encounter *e, const fray_action *a);
void wo_act_jump(fray_encounter *e, const fray_action *a);
void wo_act_surface(fray_encounter *e, const fray_action *a);
void wo_act_calm_mount(fray_encounter *e, const fray_action *a);

/* ---- maneuvers.c ---- */
void wo_end_grapple(fray_encounter *e, int a, int b);
void wo_do_hinder(fray_encounter *e, const fray_action *a);
void wo_act_enter(fray_encounter *e, const fray_action *a);
void wo_act_escape(fray_encounter *e, const fray_action *a);
void wo_act_grapple(fray_encounter *e, const fray_action *a);
void wo_act_interpose(fray_encounter *e, const fray_action *a, const fray_action *tr);
void wo_act_pin(fray_encounter *e, const fray_action *a);

/* ---- care.c ---- */
void wo_maybe_wake(fray_encounter *e, int t);
void wo_do_treat_wound(fray_encounter *e, const fray_action *a);
void wo_do_treat_condition(fray_encounter *e, const fray_action *a);
void wo_act_stabilize(fray_encounter *e, const fray_action *a);
void wo_act_use_object(fray_encounter *e, const fray_action *a);

#endif
