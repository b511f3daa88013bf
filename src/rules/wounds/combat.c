/* combat.c: the combat sequence of 003_45dec7998f478a90.txt: initiative as a
 * running score, turns in descending initiative, Action Points gained at
 * round start and turn end, actions spanning turns, interrupts and
 * reactions through the core's windows, attacks, wounds, and every action
 * of the chapter. */
#include <stdio.h>
#include <string.h>

#include "odds.h"
#include "wounds.h"

#define R(h) WO_SEED "#" h
#define WO_ARG_READIED 0x4000 /* a readied action taken as a reaction */

static wo_state *ST(fray_encounter *e) { return (wo_state *)e->state; }
static wo_creature *CR(fray_encounter *e, int i) { return fray_priv(e, i); }
static const wo_creature *CCR(const fray_encounter *e, int i) { return fray_cpriv(e, i); }
static int RES(const fray_encounter *e, int i, int r) { return e->c[i].res[r]; }
static int HAS(const fray_encounter *e, int i, int c) { return fray_has(e, i, c); }

static const wo_weapon wo_fist = {"unarmed", "Unarmed", 0, 0, 0, 0, 0, 0, 0, 0, 0, WO_IN_HAND};

int wo_is_reaction(int kind)
{
    return kind == WO_A_REBUFF || kind == WO_A_HARRY || kind == WO_A_CLING ||
           kind == WO_A_INTERPOSE;
}

static int is_attack(int kind)
{
    return kind == WO_A_NONLETHAL || kind == WO_A_QUICK || kind == WO_A_STANDARD ||
           kind == WO_A_STRONG || kind == WO_A_REBUFF || kind == WO_A_CAST;
}

static int is_move(int kind) { return kind == WO_A_MOVE || kind == WO_A_MOVE_AWAY; }

static const wo_weapon *weapon_of(const fray_encounter *e, int i)
{
    const wo_weapon *w = wo_wielded(CCR(e, i));
    return w ? w : &wo_fist;
}

static int able(const fray_encounter *e, int i) { return e->c[i].status == FRAY_ABLE; }

/* Can choose actions at all: able, not helpless (pinned imposes helpless). */
static int can_act(const fray_encounter *e, int i)
{
    return able(e, i) && !HAS(e, i, WO_C_HELPLESS) && !HAS(e, i, WO_C_UNCONSCIOUS);
}

static int posture(const fray_encounter *e, int i)
{
    return HAS(e, i, WO_C_PRONE) ? WO_PRONE : HAS(e, i, WO_C_CROUCHING) ? WO_CROUCH : WO_STANDING;
}

static int enemies(const fray_encounter *e, int a, int b) { return e->c[a].side != e->c[b].side; }

static int mounted(const fray_encounter *e, int i) { return HAS(e, i, WO_C_MOUNTED); }

/* The penalty of the staggered and exhausted conditions (option
 * condition_penalty; the text names them without their effects). */
static int cond_penalty(const fray_encounter *e, int i)
{
    int p = 0;
    if (HAS(e, i, WO_C_EXHAUSTED))
        p += fray_opt(e, WO_OPT_CONDITION_PENALTY);
    return p;
}

/* ---- Geometry ----------------------------------------------------------- */

static int space_yd(int size) { return size <= 2 ? 1 : size <= 5 ? 2 : size <= 8 ? 3 : 4; }

/* #Mounted Combat: "you are considered 1 yard farther from creatures on the
 * ground smaller than your mount" (both ways). ma, mb: whether a, b are
 * mounted. */
static int mount_extra_of(const wo_creature *ca, const wo_creature *cb, int ma, int mb)
{
    if (ma && !mb && cb->size < ca->mount_size)
        return 1;
    if (mb && !ma && ca->size < cb->mount_size)
        return 1;
    return 0;
}

static int mount_extra(const fray_encounter *e, int a, int b)
{
    return mount_extra_of(CCR(e, a), CCR(e, b), mounted(e, a), mounted(e, b));
}

/* Yards between the edges of two spaces `dist_cm` apart (centre to centre),
 * plus the mounted yard `extra`. */
static int gap_of(int dist_cm, const wo_creature *ca, const wo_creature *cb, int extra)
{
    int sp = (space_yd(ca->size) + space_yd(cb->size)) / 2;
    int g = wo_cm_to_yd(dist_cm) - sp;
    if (g < 0)
        g = 0;
    return g + extra;
}

/* Yards between the edges of two creatures' spaces: 0 is adjacent. */
int wo_gap_yd(const fray_encounter *e, int a, int b)
{
    return gap_of(fray_distance(e, a, b), CCR(e, a), CCR(e, b), mount_extra(e, a, b));
}

int wo_in_reach(const fray_encounter *e, int a, int b, int reach_yd)
{
    return wo_gap_yd(e, a, b) <= reach_yd;
}

/* ---- The field seen from one creature ------------------------------------- */

/* Listing the legal actions, planning moves and testing flanks ask the same
 * questions (a condition, a gap, a weapon) dozens of times in one call, and
 * nothing changes while they are asked: a view answers each once. Every
 * field is what the named function would return now. */
#define BIT(cond) (1u << (cond))

typedef struct wo_view {
    const fray_encounter *e;
    int who, n;
    int ap;                                  /* RES(who, WO_R_AP) */
    int uw_melee;                            /* who's melee attacks cost 2 AP more */
    unsigned foes;                           /* bit i: enemies(who, i) */
    unsigned able;                           /* bit i: able(i) */
    unsigned dead;                           /* bit i: status FRAY_DEAD */
    const wo_weapon *w[FRAY_MAX_COMBATANTS]; /* weapon_of(i) */
    int dist[FRAY_MAX_COMBATANTS];           /* fray_distance(who, i) */
    int gap[FRAY_MAX_COMBATANTS];            /* wo_gap_yd(who, i) */
} wo_view;

static void view_init(wo_view *v, const fray_encounter *e, int who)
{
    v->e = e;
    v->who = who;
    v->n = e->n;
    v->foes = v->able = v->dead = 0;
    for (int i = 0; i < e->n; i++) {
        v->w[i] = weapon_of(e, i);
        if (enemies(e, who, i))
            v->foes |= 1u << i;
        if (able(e, i))
            v->able |= 1u << i;
        if (e->c[i].status == FRAY_DEAD)
            v->dead |= 1u << i;
    }
    const wo_creature *cw = CCR(e, who);
    int mw = fray_has(e, who, WO_C_MOUNTED);
    for (int i = 0; i < e->n; i++) {
        const wo_creature *ci = CCR(e, i);
        int mi = fray_has(e, i, WO_C_MOUNTED);
        if (i == who) {
            v->dist[i] = v->gap[i] = 0; /* what wo_gap_yd(who, who) gives */
            continue;
        }
        v->dist[i] = fray_distance(e, who, i);
        v->gap[i] = gap_of(v->dist[i], cw, ci, mount_extra_of(cw, ci, mw, mi));
    }
    v->ap = RES(e, who, WO_R_AP);
    /* #Underwater Combat: melee attacks cost 2 AP more (wo_ap_cost) */
    v->uw_melee = fray_has(e, who, WO_C_UNDERWATER) && !v->w[who]->ranged;
}

static int v_has(const wo_view *v, int i, int cond) { return fray_has(v->e, i, cond); }

static int v_can_act(const wo_view *v, int i)
{
    return able(v->e, i) && !v_has(v, i, WO_C_HELPLESS) && !v_has(v, i, WO_C_UNCONSCIOUS);
}

/* threatens(i, who): can i attack the view's creature with its equipped
 * weapon now (for flanking, within the first range increment for ranged
 * weapons)? The gap is the same both ways. */
static int v_threatens(const wo_view *v, int i)
{
    const wo_weapon *w = v->w[i];
    if (!v_can_act(v, i))
        return 0;
    if (w->ranged)
        return !v_has(v, i, WO_C_UNDERWATER) && v->gap[i] <= w->range;
    return v->gap[i] <= w->reach;
}

/* Can i count towards flanking the view's creature t? Not when t ignores
 * it, nor when i ignores t ("you cannot contribute to flanking an ignored
 * creature"). */
static int v_flanker(const wo_view *v, int i)
{
    const fray_encounter *e = v->e;
    int t = v->who;
    return enemies(e, i, t) && !(CCR(e, t)->ignored & (1u << i)) &&
           !(CCR(e, i)->ignored & (1u << t)) && v_threatens(v, i);
}

/* #Flanking: is the view's creature flanked, two of its flankers at least
 * 120 degrees apart? */
static int v_flanked(const wo_view *v)
{
    const fray_encounter *e = v->e;
    int t = v->who;
    unsigned fl = 0;
    for (int i = 0; i < e->n; i++)
        if (v_flanker(v, i))
            fl |= 1u << i;
    if (!(fl & (fl - 1)))
        return 0; /* fewer than two */
    for (int i = 0; i < e->n; i++) {
        if (!(fl & (1u << i)))
            continue;
        for (int j = i + 1; j < e->n; j++) {
            if (!(fl & (1u << j)))
                continue;
            if (fray_apart_120(e->c[t].x, e->c[t].y, e->c[i].x, e->c[i].y, e->c[j].x,
                                 e->c[j].y))
                return 1;
        }
    }
    return 0;
}

/* #Flanking and #Ignoring Your Flank: 0 none, 1 flanked, 2 a rear attack by
 * a creature the target ignores. */
static int flank_state(const fray_encounter *e, int attacker, int t)
{
    const wo_creature *ct = CCR(e, t);
    if (ct->ignored & (1u << attacker))
        return 2;
    /* it takes two flankers, each an enemy able to fight */
    int could = 0;
    for (int i = 0; i < e->n; i++)
        could += enemies(e, i, t) && able(e, i);
    if (could < 2)
        return 0;
    wo_view v;
    view_init(&v, e, t);
    return v_flanked(&v);
}

/* ---- Resources and conditions ------------------------------------------------ */

static void set_res(fray_encounter *e, int i, int r, int v) { fray_res_set(e, i, r, v); }

/* #Initiative: "Your initiative cannot drop below 0." Emits the kind
 * "initiative" event the narration shows. */
static void init_change(fray_encounter *e, int who, int delta, int other, int odelta,
                        const char *why, const char *rule)
{
    int v = RES(e, who, WO_R_INIT) + delta;
    set_res(e, who, WO_R_INIT, v < 0 ? 0 : v);
    if (other >= 0) {
        int w = RES(e, other, WO_R_INIT) + odelta;
        set_res(e, other, WO_R_INIT, w < 0 ? 0 : w);
    }
    fray_emit(e, &(fray_event){.kind = "initiative", .actor = who, .target = other,
                                .value = RES(e, who, WO_R_INIT), .has_value = 1, .detail = why,
                                .rule = rule});
}

/* #Fatigue: the maximum follows fatigue, exhausted and staggered follow
 * their thresholds. NPCs are immune to staggered (#NPCs and Wounds). */
void wo_update_fatigue(fray_encounter *e, int who)
{
    wo_creature *c = CR(e, who);
    int f = RES(e, who, WO_R_FATIGUE);
    int mx = wo_max_stamina(c->max_stamina, f);
    if (RES(e, who, WO_R_STAMINA) > mx)
        set_res(e, who, WO_R_STAMINA, mx);
    int ex = wo_is_exhausted(c->max_stamina, f);
    if (ex && !HAS(e, who, WO_C_EXHAUSTED))
        fray_cond_add(e, who, WO_C_EXHAUSTED, -1, FRAY_EXP_NEVER, 0);
    else if (!ex && HAS(e, who, WO_C_EXHAUSTED))
        fray_cond_remove(e, who, WO_C_EXHAUSTED);
    int stag = c->tier == WO_PC &&
               (wo_is_staggered_by_fatigue(c->max_stamina, f) ||
                (fray_opt(e, WO_OPT_STAGGER_ON_CRITICAL) && RES(e, who, WO_R_CRITICAL) > 0));
    if (stag && !HAS(e, who, WO_C_STAGGERED))
        fray_cond_add(e, who, WO_C_STAGGERED, -1, FRAY_EXP_NEVER, 0);
    else if (!stag && HAS(e, who, WO_C_STAGGERED))
        fray_cond_remove(e, who, WO_C_STAGGERED);
}

static void spend_stamina(fray_encounter *e, int who, int cost)
{
    if (cost <= 0)
        return;
    int f = RES(e, who, WO_R_FATIGUE);
    int s = wo_spend_stamina(RES(e, who, WO_R_STAMINA), cost, &f);
    set_res(e, who, WO_R_STAMINA, s);
    set_res(e, who, WO_R_FATIGUE, f);
    wo_update_fatigue(e, who);
}

static void add_fatigue(fray_encounter *e, int who, int n)
{
    if (n <= 0)
        return;
    set_res(e, who, WO_R_FATIGUE, RES(e, who, WO_R_FATIGUE) + n);
    wo_update_fatigue(e, who);
}

static void filled_of(const fray_encounter *e, int who, int filled[WO_NLEVELS])
{
    for (int l = 0; l < WO_NLEVELS; l++)
        filled[l] = RES(e, who, WO_R_LIGHT + l);
}

static void set_filled(fray_encounter *e, int who, const int filled[WO_NLEVELS])
{
    for (int l = 0; l < WO_NLEVELS; l++)
        set_res(e, who, WO_R_LIGHT + l, filled[l]);
}

static int severity(const fray_encounter *e, int who)
{
    int f[WO_NLEVELS];
    filled_of(e, who, f);
    return wo_severity(f);
}

static int total_wounds(const fray_encounter *e, int who)
{
    int n = 0;
    for (int l = 0; l < WO_NLEVELS; l++)
        n += RES(e, who, WO_R_LIGHT + l);
    return n;
}

/* ---- Checks -------------------------------------------------------------------- */

/* A check modifier for skill `sk` with specialization `spec` on attribute
 * `at`, with the condition penalties; each piece goes to the next event. */
static int skill_mod(fray_encounter *e, int who, int at, int sk, const char *spec)
{
    const wo_creature *c = CCR(e, who);
    int rank = wo_spec(c, spec);
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

static int best_of(int a, int b) { return a > b ? a : b; }

/* Power: Str [Athletics/Power + Size]; Agility: Dex [Reflex/Agility - Size]. */
static int power_mod(fray_encounter *e, int who)
{
    return skill_mod(e, who, WO_STR, WO_SK_ATHLETICS, "Power") + CCR(e, who)->size;
}

static int agility_mod(fray_encounter *e, int who)
{
    return skill_mod(e, who, WO_DEX, WO_SK_REFLEX, "Agility") - CCR(e, who)->size;
}

static int power_or_agility_mod(fray_encounter *e, int who)
{
    const wo_creature *c = CCR(e, who);
    int p = wo_check_mod(c->attr[WO_STR], c->skill[WO_SK_ATHLETICS], wo_spec(c, "Power"), c->size);
    int a = wo_check_mod(c->attr[WO_DEX], c->skill[WO_SK_REFLEX], wo_spec(c, "Agility"), -c->size);
    return p >= a ? power_mod(e, who) : agility_mod(e, who);
}

/* A plain d20 check (not an attack roll): wild only for attack rolls and
 * combat checks (#Rolls in Combat). */
static wo_roll roll_check(fray_encounter *e, int wild, const char *purpose)
{
    return wo_wild(&e->dice, wild ? fray_opt(e, WO_OPT_WILD_ROLL) : WO_WILD_PLAIN, purpose);
}

static void emit_check(fray_encounter *e, int who, int target, const char *action, int total,
                       int tn, const char *rule)
{
    fray_emit(e, &(fray_event){.kind = "check", .actor = who, .target = target,
                                .action = action, .outcome = total >= tn ? "success" : "failure",
                                .value = total, .has_value = 1, .rule = rule});
}

/* ---- Defense ---------------------------------------------------------------------- */

static int immobilized(const fray_encounter *e, int t)
{
    return HAS(e, t, WO_C_HELPLESS) || HAS(e, t, WO_C_PINNED) || HAS(e, t, WO_C_UNDERWATER) ||
           HAS(e, t, WO_C_UNCONSCIOUS);
}

/* The Defense an attack of `attacker` meets; modifiers go to the event. */
static int defense(fray_encounter *e, int t, int attacker, int def)
{
    const wo_creature *c = CCR(e, t);
    int d = wo_defense_base(c, def);
    int physical = def == WO_D_MELEE || def == WO_D_RANGED || def == WO_D_AGILITY;
    /* #Defense: "If an effect immobilizes you, you replace your melee,
     * ranged, and Agility defenses with your immobile defense." */
    if (physical && immobilized(e, t)) {
        d = wo_defense_base(c, WO_D_IMMOBILE);
        fray_mod(e, "Defense: immobile", 0);
        return d;
    }
    if ((def == WO_D_MELEE || def == WO_D_RANGED) && HAS(e, t, WO_C_DEFENDING)) {
        /* #Action: Defend: replace with Power, Agility, Fortitude or
         * Willpower, or +2: the best of them */
        int best = d + 2;
        for (int k = WO_D_POWER; k <= WO_D_WILLPOWER; k++)
            best = best_of(best, wo_defense_base(c, k));
        fray_mod(e, "Defense: Defend", best - d);
        d = best;
    }
    if (HAS(e, t, WO_C_DISTRACTED)) {
        fray_mod(e, "Defense: Distracted", -2);
        d -= 2;
    }
    if ((def == WO_D_MELEE || def == WO_D_RANGED) && HAS(e, t, WO_C_SHARING)) {
        fray_mod(e, "Defense: sharing a space", -2);
        d -= 2;
    }
    if (def == WO_D_MELEE && mounted(e, t) && attacker >= 0 &&
        CCR(e, attacker)->size < c->mount_size &&
        !(mounted(e, attacker) && CCR(e, attacker)->mount_size >= c->mount_size)) {
        fray_mod(e, "Defense: mounted", 1);
        d += 1;
    }
    return d;
}

/* ---- Wounds --------------------------------------------------------------------- */

static void knock_out(fray_encounter *e, int t, int dying)
{
    fray_cond_add(e, t, WO_C_UNCONSCIOUS, -1, FRAY_EXP_NEVER, 0);
    if (dying) {
        fray_cond_add(e, t, WO_C_DYING, -1, FRAY_EXP_NEVER, 0);
        CR(e, t)->dying_since = e->round;
    }
    fray_set_status(e, t, FRAY_DOWN);
}

static void env_fall_check(fray_encounter *e, int t, int level);

/* Give `t` a wound of `level`: slot escalation, fatal wounds, staggered,
 * Defend ending. nonlethal: the attacker chose the level (Nonlethal Attack). */
static void apply_wound(fray_encounter *e, int attacker, int t, int level, int damage,
                        int nonlethal, const char *action)
{
    wo_creature *c = CR(e, t);
    if (level < WO_LIGHT) {
        fray_emit(e, &(fray_event){.kind = "damage", .actor = attacker, .target = t,
                                    .action = action, .outcome = "no wound", .value = damage,
                                    .has_value = 1, .rule = R("Wound Thresholds")});
        return;
    }
    int filled[WO_NLEVELS];
    filled_of(e, t, filled);
    int had_fatal = filled[WO_FATAL];
    int got = wo_wound_fill(filled, c->slots, level);
    set_filled(e, t, filled);
    e->c[t].taken += got + 1;
    if (attacker >= 0)
        e->c[attacker].dealt += got + 1;
    /* #Action: Defend: "Until your next turn or you receive a wound" */
    if (HAS(e, t, WO_C_DEFENDING))
        fray_cond_remove(e, t, WO_C_DEFENDING);
    wo_update_fatigue(e, t);
    fray_emit(e, &(fray_event){.kind = "damage", .actor = attacker, .target = t,
                                .action = action, .outcome = wo_level_name[got], .value = damage,
                                .has_value = 1,
                                .detail = got != level ? "slots full: the wound escalates" : NULL,
                                .rule = got != level ? R("Wound Slots") : R("Wound Thresholds")});
    if (got == WO_FATAL) {
        if (nonlethal && level < WO_FATAL && fray_opt(e, WO_OPT_NONLETHAL_HELPLESS)) {
            /* #Action: Nonlethal Attack: "leave them conscious but helpless
             * for 2 rounds" (#Durations and Rounds: this round counts as 1) */
            fray_cond_add(e, t, WO_C_HELPLESS, -1, FRAY_EXP_ROUND_END, e->round + 1);
            fray_emit(e, &(fray_event){.kind = "down", .actor = attacker, .target = t,
                                        .action = action, .outcome = "helpless",
                                        .detail = "conscious but helpless for 2 rounds",
                                        .rule = R("Action: Nonlethal Attack")});
        } else if (nonlethal && level < WO_FATAL) {
            /* #Action: Nonlethal Attack: unconscious without dying */
            knock_out(e, t, 0);
            fray_emit(e, &(fray_event){.kind = "down", .actor = attacker, .target = t,
                                        .action = action, .outcome = "unconscious",
                                        .detail = "knocked out, not dying",
                                        .rule = R("Action: Nonlethal Attack")});
        } else if (c->tier != WO_PC || had_fatal) {
            /* #NPCs and Wounds: NPCs "die immediately when they receive a
             * fatal wound"; a PC's second fatal wound has no slot left */
            fray_set_status(e, t, FRAY_DEAD);
            fray_emit(e, &(fray_event){.kind = "down", .actor = attacker, .target = t,
                                        .outcome = "dead", .rule = R("NPCs and Wounds")});
        } else {
            knock_out(e, t, 1);
            fray_emit(e, &(fray_event){.kind = "down", .actor = attacker, .target = t,
                                        .outcome = "dying",
                                        .detail = "a fatal wound: death if not treated",
                                        .rule = R("Health, Damage, and Healing")});
        }
        return;
    }
    env_fall_check(e, t, got);
    /* #Mounted Combat: untrained mounts need a check when rider is wounded */
    if (mounted(e, t) && !c->mount_trained && !c->lost_control) {
        int m = skill_mod(e, t, WO_PRS, WO_SK_NATURE, "Riding");
        wo_roll r = roll_check(e, 0, "Riding check, 1d20");
        emit_check(e, t, -1, "Control mount", r.total + m, 5, R("Mounted Combat"));
        if (r.total + m < 5)
            c->lost_control = 1;
    }
}

/* #Swimming and Climbing: "whenever you take a wound, you must make another
 * check at a -5 penalty for each wound level beyond light, falling or
 * sinking on a failure." */
static void env_fall_check(fray_encounter *e, int t, int level)
{
    wo_creature *c = CR(e, t);
    if (c->env != WO_ENV_SWIMMING && c->env != WO_ENV_CLIMBING)
        return;
    if (HAS(e, t, WO_C_UNDERWATER) || !able(e, t))
        return;
    int swim = c->env == WO_ENV_SWIMMING;
    int m = skill_mod(e, t, WO_STR, WO_SK_ATHLETICS, swim ? "Swimming" : "Climbing");
    if (level > WO_LIGHT)
        fray_mod(e, "Wound beyond light", -5 * level);
    wo_roll r = roll_check(e, 0, swim ? "Swimming check, 1d20" : "Climbing check, 1d20");
    int total = r.total + m - 5 * level, tn = fray_opt(e, WO_OPT_ENV_TN);
    emit_check(e, t, -1, swim ? "Stay afloat" : "Keep hold", total, tn, R("Swimming and Climbing"));
    if (total >= tn)
        return;
    if (swim) {
        fray_cond_add(e, t, WO_C_UNDERWATER, -1, FRAY_EXP_NEVER, 0);
    } else {
        c->env = WO_ENV_GROUND;
        fray_cond_add(e, t, WO_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    }
    fray_flush(e, t, R("Swimming and Climbing"));
}

/* ---- Attacks ------------------------------------------------------------------------ */

typedef struct wo_hit {
    int hit, total, defense, level;
    int str, wdmg, d6; /* the damage roll's pieces */
} wo_hit;

/* What an attack of `a` on `t` reads of the creatures before any die is
 * rolled: attack_roll rolls it, wo_action_odds computes its exact odds.
 * Each modifier goes to the next event. */
typedef struct wo_attack_plan {
    int mod;       /* the attack roll's modifier */
    int str, wdmg; /* the damage roll: Strength and weapon (or spell) damage */
    int pen;       /* #Penetrating Attacks: the damage counts toward the hit */
    int defense;   /* the Defense the roll must reach */
    const wo_weapon *w;
} wo_attack_plan;

static void attack_plan_of(fray_encounter *e, int a, int t, int kind, int spell, wo_attack_plan *p)
{
    const wo_creature *ca = CCR(e, a);
    const wo_weapon *w = weapon_of(e, a);
    if (kind == WO_A_GRAPPLE && w->reach > 0)
        w = &wo_fist; /* #Action: Grapple: "using any weapon that has a reach of 0" */
    int ranged = spell < 0 && w->ranged;
    int melee = spell < 0 && !w->ranged;
    *p = (wo_attack_plan){.w = w};
    int mod;
    if (spell >= 0) {
        const wo_spell *s = &ca->spell[spell];
        mod = skill_mod(e, a, WO_RSN, WO_SK_ARCANA, s->school);
    } else {
        mod = skill_mod(e, a, WO_DEX, ranged ? WO_SK_AIM : WO_SK_MELEE, w->group);
        if (w->accuracy) {
            fray_mod(e, "Weapon accuracy", w->accuracy);
            mod += w->accuracy;
        }
    }
    /* #Modifiers to Attack */
    int flank = flank_state(e, a, t);
    int tm = wo_attack_mod(ranged || spell >= 0, posture(e, t), CCR(e, t)->cover, flank);
    if (tm) {
        fray_mod(e, flank == 2 ? "Rear attack, target position and cover" :
                    flank ? "Flanked, target position and cover" : "Target position and cover", tm);
        mod += tm;
    }
    if (kind == WO_A_NONLETHAL) {
        fray_mod(e, "Nonlethal Attack", -2);
        mod -= 2;
    }
    if (ranged && HAS(e, a, WO_C_HARRIED)) {
        fray_mod(e, "Harried", -2);
        mod -= 2;
    }
    if (HAS(e, a, WO_C_DISTRACTED)) {
        fray_mod(e, "Distracted", -2);
        mod -= 2;
    }
    if (HAS(e, a, WO_C_SHARING)) {
        fray_mod(e, "Sharing a space", -2);
        mod -= 2;
    }
    if (melee && HAS(e, a, WO_C_UNDERWATER)) {
        fray_mod(e, "Underwater", -5);
        mod -= 5;
    }
    if (melee && mounted(e, a) && CCR(e, t)->size < ca->mount_size &&
        !(mounted(e, t) && CCR(e, t)->mount_size >= ca->mount_size)) {
        fray_mod(e, "Mounted", 1);
        mod += 1;
    }
    if (ranged && w->range > 0) {
        /* beyond the first range increment: -2 per increment (option-free
         * interpretation, docs/rules/wounds.md) */
        int inc = fray_range_increments(wo_gap_yd(e, a, t), w->range);
        if (inc > 0) {
            fray_mod(e, "Range increment", -2 * inc);
            mod -= 2 * inc;
        }
    }
    /* the damage roll: Strength + weapon damage (+1d6 Strong Attack, rolled on a hit) */
    if (spell >= 0) {
        p->wdmg = ca->spell[spell].damage;
    } else {
        int wd = w->damage;
        if (HAS(e, a, WO_C_UNDERWATER) && !(w->props & WO_P_AQUATIC))
            wd /= 2; /* #Underwater Combat: "all weapon damage is halved"; rounded down */
        if (w->props & WO_P_SLICING && kind != WO_A_NONLETHAL && CCR(e, t)->armor == 0)
            wd += 1; /* interpretation: slicing cuts deeper into the unarmoured */
        p->str = ca->attr[WO_STR];
        p->wdmg = wd;
    }
    p->pen = spell < 0 && (w->props & WO_P_PENETRATING);
    if (p->pen) /* #Penetrating Attacks: damage added before determining a hit */
        fray_mod(e, "Penetrating damage", p->str + p->wdmg);
    int def = spell >= 0 ? ca->spell[spell].defense : ranged ? WO_D_RANGED : WO_D_MELEE;
    p->defense = defense(e, t, a, def);
    if (kind == WO_A_REBUFF && CCR(e, t)->opening_vs == a && CCR(e, t)->opening_value > p->defense) {
        /* #Action: Create an Opening */
        fray_mod(e, "Create an Opening", CCR(e, t)->opening_value - p->defense);
        p->defense = CCR(e, t)->opening_value;
    }
    p->mod = mod;
}

/* One attack roll of `a` against `t` with the actor's weapon (or spell
 * `spell` >= 0). Emits the attack event; returns the roll and whether it
 * hit. `defense_override` >= 0 replaces the target's Defense (Create an
 * Opening). */
static wo_hit attack_roll(fray_encounter *e, int a, int t, int kind, int spell,
                          const char *action, int *damage_roll)
{
    wo_hit h = {0, 0, 0, WO_NONE, 0, 0, 0};
    const wo_creature *ca = CCR(e, a);
    *damage_roll = 0;
    /* #Swimming and Climbing: "Any time you make an attack roll, you must
     * make a Str [Athletics/Climbing] or Str [Athletics/Swimming] check to
     * not fall or sink underwater. If you fail the check, then your attack
     * automatically misses." */
    if ((ca->env == WO_ENV_SWIMMING || ca->env == WO_ENV_CLIMBING) && !HAS(e, a, WO_C_UNDERWATER)) {
        int swim = ca->env == WO_ENV_SWIMMING;
        int m = skill_mod(e, a, WO_STR, WO_SK_ATHLETICS, swim ? "Swimming" : "Climbing");
        wo_roll r = roll_check(e, 0, swim ? "Swimming check, 1d20" : "Climbing check, 1d20");
        int tn = fray_opt(e, WO_OPT_ENV_TN);
        emit_check(e, a, -1, swim ? "Stay afloat" : "Keep hold", r.total + m, tn,
                   R("Swimming and Climbing"));
        if (r.total + m < tn) {
            if (swim)
                fray_cond_add(e, a, WO_C_UNDERWATER, -1, FRAY_EXP_NEVER, 0);
            fray_emit(e, &(fray_event){.kind = "attack", .actor = a, .target = t, .action = action,
                                        .outcome = "miss", .detail = "lost footing: automatic miss",
                                        .rule = R("Swimming and Climbing")});
            return h;
        }
    }
    wo_attack_plan p;
    attack_plan_of(e, a, t, kind, spell, &p);
    wo_roll r = wo_wild(&e->dice, fray_opt(e, WO_OPT_WILD_ROLL),
                        spell >= 0 ? "Spell attack roll, wild 1d20" : "Attack roll, wild 1d20");
    h.total = r.total + p.mod + (p.pen ? p.str + p.wdmg : 0);
    h.str = p.str;
    h.wdmg = p.wdmg;
    h.defense = p.defense;
    int pen = p.pen, dmg = p.str + p.wdmg;
    h.hit = h.total >= h.defense;
    fray_emit(e, &(fray_event){.kind = "attack", .actor = a, .target = t, .action = action,
                                .outcome = h.hit ? (r.crit > 0 ? "critical hit" : "hit")
                                                 : (r.crit < 0 ? "critical miss" : "miss"),
                                .value = h.total, .has_value = 1,
                                .rule = R("Attacks and Combat Checks")});
    /* #Critical Successes and Failures */
    if (r.crit > 0 && able(e, t))
        init_change(e, a, 2, t, -2, "critical success: +2, target -2",
                    R("Critical Successes and Failures"));
    else if (r.crit > 0)
        init_change(e, a, 2, -1, 0, "critical success: +2", R("Critical Successes and Failures"));
    else if (r.crit < 0)
        init_change(e, a, -2, -1, 0, "critical failure: -2", R("Critical Successes and Failures"));
    if (h.hit) {
        if (kind == WO_A_STRONG) {
            h.d6 = fray_die(&e->dice, 6, "Strong Attack damage, 1d6");
            dmg += h.d6;
        }
        *damage_roll = pen ? 0 : dmg;
        if (pen)
            h.str = h.wdmg = 0; /* already in the attack roll */
    }
    return h;
}

/* A full attack: roll, damage, wound level with the action's step changes,
 * the wound. */
static void do_attack(fray_encounter *e, int a, int t, int kind, int spell, const char *action)
{
    int dmg;
    wo_hit h = attack_roll(e, a, t, kind, spell, action, &dmg);
    if (!h.hit || !able(e, t))
        return;
    const wo_weapon *w = weapon_of(e, a);
    int nonlethal = kind == WO_A_NONLETHAL;
    int pierce = spell < 0 && (w->props & WO_P_ARMOR_PIERCING) && !nonlethal;
    int tough = wo_toughness(CCR(e, t), pierce);
    /* the event lists the sum: attack roll + damage roll - Defense - Toughness */
    fray_mod(e, "Attack roll", h.total);
    if (h.str)
        fray_mod(e, "Strength", h.str);
    if (h.wdmg)
        fray_mod(e, spell >= 0 ? "Spell damage" : "Weapon damage", h.wdmg);
    if (h.d6)
        fray_mod(e, "Strong Attack 1d6", h.d6);
    fray_mod(e, "Defense", -h.defense);
    fray_mod(e, pierce ? "Toughness (armor pierced)" : "Toughness", -tough);
    int final = wo_damage_received(h.total, dmg, h.defense, tough);
    int level = wo_wound_level(final);
    if (level < WO_LIGHT && spell < 0 && (w->props & WO_P_CONCUSSIVE) && !nonlethal)
        level = WO_LIGHT; /* interpretation: a concussive hit always bruises */
    /* #Action: Nonlethal Attack: "you may choose to cause a wound of any
     * level up to the level your damage roll indicates": the highest level
     * short of fatal */
    if (nonlethal && level == WO_FATAL)
        level = WO_CRITICAL;
    if (kind == WO_A_QUICK && level >= WO_LIGHT)
        level--; /* #Action: Quick Attack: "reduced by one step" */
    if (kind == WO_A_REBUFF && level >= WO_LIGHT && level < WO_FATAL)
        level++; /* #Reaction: Rebuff: "increased one step" */
    apply_wound(e, a, t, level, final, nonlethal, action);
}

/* action_odds: an attack of `a` (Standard, Quick, Strong, Nonlethal,
 * Rebuff, a readied one, a spell), read as attack_roll and do_attack read
 * it, without the Swimming or Climbing check before it. */
int wo_action_odds(fray_encounter *e, const fray_action *a, json_t **out, char *err,
                   size_t errlen)
{
    static const int odds_action[WO_NACT] = {
        [WO_A_QUICK] = WO_ODDS_QUICK, [WO_A_STRONG] = WO_ODDS_STRONG,
        [WO_A_REBUFF] = WO_ODDS_REBUFF};
    int k = a->kind, who = a->actor, t = a->target;
    *out = NULL;
    int attack = k == WO_A_STANDARD || k == WO_A_QUICK || k == WO_A_STRONG ||
                 k == WO_A_NONLETHAL || k == WO_A_REBUFF || k == WO_A_CAST;
    if (!attack || t < 0 || t >= e->n) {
        snprintf(err, errlen, "%s has no exact odds: only attacks have them", e->rs->actions[k].name);
        return -1;
    }
    int spell = k == WO_A_CAST ? a->arg : -1;
    if (spell >= CCR(e, who)->nspell) {
        snprintf(err, errlen, "%s knows no such spell", e->c[who].name);
        return -1;
    }
    int mark = fray_mods_mark(e);
    wo_attack_plan p;
    attack_plan_of(e, who, t, k, spell, &p);
    fray_mods_drop(e, mark);
    int nonlethal = k == WO_A_NONLETHAL;
    int pierce = spell < 0 && (p.w->props & WO_P_ARMOR_PIERCING) && !nonlethal;
    wo_attack_q q = {.attack = p.mod, .defense = p.defense, .damage = p.str + p.wdmg,
                     .toughness = wo_toughness(CCR(e, t), pierce), .action = odds_action[k],
                     .penetrating = p.pen,
                     .concussive = spell < 0 && (p.w->props & WO_P_CONCUSSIVE) && !nonlethal,
                     .wild = fray_opt(e, WO_OPT_WILD_ROLL), .nonlethal = nonlethal};
    if (wo_attack_odds_json(&q, e->c[who].name, e->c[t].name, out, err, errlen) < 0)
        return -1;
    json_object_set_new(*out, "action", json_string(spell >= 0 ? CCR(e, who)->spell[spell].name
                                                                : e->rs->actions[k].name));
    return 0;
}

/* ---- AP costs ------------------------------------------------------------------------- */

static const int ap_option[WO_NACT] = {
    [WO_A_MOVE] = -1, [WO_A_MOVE_AWAY] = -1,
    [WO_A_NONLETHAL] = WO_OPT_AP_NONLETHAL, [WO_A_QUICK] = WO_OPT_AP_QUICK,
    [WO_A_STANDARD] = WO_OPT_AP_STANDARD, [WO_A_STRONG] = WO_OPT_AP_STRONG,
    [WO_A_REBUFF] = WO_OPT_AP_REBUFF, [WO_A_CAST] = WO_OPT_AP_CAST,
    [WO_A_DEFEND] = WO_OPT_AP_DEFEND, [WO_A_HARRY] = WO_OPT_AP_HARRY,
    [WO_A_READY] = WO_OPT_AP_MINOR, [WO_A_RETRIEVE] = -1, [WO_A_POSTURE] = WO_OPT_AP_MINOR,
    [WO_A_OPENING] = WO_OPT_AP_MANEUVER, [WO_A_ENTER] = WO_OPT_AP_MANEUVER,
    [WO_A_ESCAPE] = WO_OPT_AP_MANEUVER, [WO_A_MOUNT] = WO_OPT_AP_MOUNT,
    [WO_A_DASH] = WO_OPT_AP_MINOR, [WO_A_CLING] = WO_OPT_AP_GRAPPLE_REACTION,
    [WO_A_DRAG] = WO_OPT_AP_GRAPPLE, [WO_A_GRAPPLE] = WO_OPT_AP_GRAPPLE,
    [WO_A_INTERPOSE] = WO_OPT_AP_GRAPPLE_REACTION, [WO_A_PIN] = WO_OPT_AP_GRAPPLE,
    [WO_A_END_EFFECT] = WO_OPT_AP_MINOR, [WO_A_HINDER] = WO_OPT_AP_MANEUVER,
    [WO_A_SEIZE] = WO_OPT_AP_SEIZE, [WO_A_STABILIZE] = WO_OPT_AP_HEAL,
    [WO_A_TREAT_COND] = WO_OPT_AP_HEAL, [WO_A_TREAT_WOUND] = WO_OPT_AP_HEAL,
    [WO_A_USE_OBJECT] = -1, [WO_A_IGNORE_FLANK] = -1, [WO_A_SURFACE] = -1,
    [WO_A_HURRY] = -1, [WO_A_CALM_MOUNT] = -1, [WO_A_DISTRACT] = WO_OPT_AP_MANEUVER,
    [WO_A_SHOVE] = WO_OPT_AP_MANEUVER, [WO_A_TRIP] = WO_OPT_AP_MANEUVER, [WO_A_CANCEL] = -1,
};

static int is_melee_attack_kind(int kind)
{
    return kind == WO_A_NONLETHAL || kind == WO_A_QUICK || kind == WO_A_STANDARD ||
           kind == WO_A_STRONG || kind == WO_A_REBUFF;
}

/* wo_ap_cost with its one state-dependent piece given: uw_melee, whether
 * `who` is underwater with a melee weapon. */
static int ap_cost(const fray_encounter *e, int who, int kind, int arg, int uw_melee)
{
    const wo_creature *c = CCR(e, who);
    int cost;
    switch (kind) {
    case WO_A_MOVE:
    case WO_A_MOVE_AWAY:
        return arg; /* AP bought for the movement pool; 0 when the pool suffices */
    case WO_A_IGNORE_FLANK:
        return 0; /* "as a free reaction": the text's explicit 0 */
    case WO_A_CANCEL:
        return 0; /* "or you choose to cancel it": no action of its own */
    case WO_A_RETRIEVE:
        /* #Action: Retrieve or Stow an Item: by container; stowing goes to
         * the scabbard (1) */
        cost = arg & 0x100 ? wo_container_ap[WO_SCABBARD] : wo_container_ap[c->weapon[arg].place];
        break;
    case WO_A_USE_OBJECT:
        cost = wo_object_table[c->object[arg].kind].ap;
        break;
    case WO_A_SURFACE:
        cost = 4; /* #Swimming and Climbing: "(AP Cost 4)" */
        break;
    case WO_A_CALM_MOUNT:
        cost = 8; /* #Mounted Combat: "(AP Cost 8)" */
        break;
    case WO_A_HURRY:
        cost = ap_cost(e, who, arg >> 4, arg & 15, uw_melee);
        break;
    default:
        cost = fray_opt(e, ap_option[kind]);
        break;
    }
    /* #Underwater Combat: "When you make a melee attack, you must pay an
     * extra 2 AP" */
    if (is_melee_attack_kind(kind) && uw_melee)
        cost += 2;
    return wo_ap_floor(cost, 0);
}

int wo_ap_cost(const fray_encounter *e, int who, int kind, int arg)
{
    /* only a melee attack (or a hurried one) looks at the water */
    int uw_melee = (is_melee_attack_kind(kind) || kind == WO_A_HURRY) &&
                   HAS(e, who, WO_C_UNDERWATER) && !weapon_of(e, who)->ranged;
    return ap_cost(e, who, kind, arg, uw_melee);
}

static void pay_ap(fray_encounter *e, int who, int cost)
{
    wo_creature *c = CR(e, who);
    if (cost > 0 && c->pending >= 0) {
        /* #Action Points: "The action is canceled if you spend AP on
         * anything else" */
        c->pending = -1;
        fray_emit(e, &(fray_event){.kind = "cancel", .actor = who, .target = -1,
                                    .detail = "AP spent elsewhere: the long action is canceled",
                                    .rule = R("Action Points")});
    }
    int ap = RES(e, who, WO_R_AP) - cost;
    set_res(e, who, WO_R_AP, ap < 0 ? 0 : ap);
}

/* ---- Movement ---------------------------------------------------------------------------- */

static int rate_of(const wo_creature *c, int on_mount, int dashing)
{
    int rate = on_mount ? c->mount_rate : c->move_rate;
    if (dashing)
        rate = rate * 2 + c->dash_bonus; /* #Action: Dash: "Your movement rate is doubled" */
    return rate;
}

static int move_rate(const fray_encounter *e, int who)
{
    return rate_of(CCR(e, who), mounted(e, who), HAS(e, who, WO_C_DASHING));
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

static void dest_point(const fray_encounter *e, int who, int tx, int ty, int away, int yards,
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
    if (!enemies(v->e, v->who, t))
        return 0;
    return w->ranged ? w->range : w->reach;
}

/* What the view's creature buys movement with: the same towards every
 * target. AP are capped at apcap. */
typedef struct wo_mover {
    int tc, pool, ap;
    int yards[5]; /* yards[k]: what k AP buy at its movement rate (wo_move_yards) */
} wo_mover;

static void mover_init(wo_mover *m, const wo_view *v, int apcap)
{
    int rate = rate_of(CCR(v->e, v->who), v_has(v, v->who, WO_C_MOUNTED),
                       v_has(v, v->who, WO_C_DASHING));
    wo_move_yards_row(rate, m->yards);
    m->tc = terrain(v->e, v->who);
    m->pool = RES(v->e, v->who, WO_R_MOVE);
    m->ap = v->ap > apcap ? apcap : v->ap;
}

/* Fill a Move action of the view's creature towards (or away from) t: x, y
 * and arg (AP bought). 0 if no move. */
static int plan_move_v(const wo_view *v, const wo_mover *mv, int t, int away, fray_action *a)
{
    const fray_encounter *e = v->e;
    int who = v->who, tc = mv->tc;
    int need_yd, stop_cm = 0;
    if (away) {
        need_yd = 4 * tc; /* a step away: up to four yards */
    } else {
        int goal = move_goal(v, t);
        int gap = v->gap[t];
        if (gap <= goal)
            return 0;
        /* the mounted yard cannot be closed: aim at the real gap */
        int extra = mount_extra_of(CCR(e, who), CCR(e, t), v_has(v, who, WO_C_MOUNTED),
                                   v_has(v, t, WO_C_MOUNTED));
        int real_goal = goal - extra < 0 ? 0 : goal - extra, real_gap = gap - extra;
        if (real_gap <= real_goal)
            return 0;
        int sp = (space_yd(CCR(e, who)->size) + space_yd(CCR(e, t)->size)) / 2;
        stop_cm = wo_yd_to_cm(real_goal + sp > 0 ? real_goal + sp : 1);
        need_yd = (real_gap - real_goal) * tc;
    }
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
    view_init(&v, e, who);
    mover_init(&mv, &v, apcap);
    return plan_move_v(&v, &mv, t, away, a);
}

/* ---- Windows -------------------------------------------------------------------------------- */

/* Offer the declared window; 1 if an interrupt canceled the action. */
static int declare(fray_encounter *e, const fray_action *a)
{
    wo_state *st = ST(e);
    int saved = st->cancel, saved_valid = st->trigger_valid;
    fray_action saved_tr = st->trigger;
    st->cancel = 0;
    st->trigger = *a;
    st->trigger_valid = 1;
    fray_offer(e, FRAY_WIN_DECLARED, a);
    int c = st->cancel;
    st->cancel = saved;
    st->trigger = saved_tr;
    st->trigger_valid = saved_valid;
    return c;
}

static int gap_after_move(const fray_encounter *e, const fray_action *m, int other)
{
    fray_encounter *ee = (fray_encounter *)e; /* positions restored below */
    int ox = ee->c[m->actor].x, oy = ee->c[m->actor].y;
    ee->c[m->actor].x = m->x;
    ee->c[m->actor].y = m->y;
    int g = wo_gap_yd(ee, m->actor, other);
    ee->c[m->actor].x = ox;
    ee->c[m->actor].y = oy;
    return g;
}

/* ---- Legal actions ----------------------------------------------------------------------------- */

typedef struct wo_list { fray_action *out; int n, max; } wo_list;

static void add(wo_list *l, int kind, int who, int target, int arg)
{
    if (l->n >= l->max)
        return;
    l->out[l->n++] = (fray_action){.kind = (int16_t)kind, .actor = (int16_t)who,
                                   .target = (int16_t)target, .arg = (int16_t)arg};
}

/* affordable now, or (own turn, long) declarable over several turns */
static int affordable(const fray_encounter *e, int who, int kind, int arg, int allow_long)
{
    int cost = wo_ap_cost(e, who, kind, arg);
    int ap = RES(e, who, WO_R_AP);
    return cost <= ap || (allow_long && ap > 0);
}

/* affordable() for the view's creature: with allow_long and any AP the
 * cost does not matter, so it is not computed. */
static int v_affordable(const wo_view *v, int kind, int arg, int allow_long)
{
    if (allow_long && v->ap > 0)
        return 1;
    return ap_cost(v->e, v->who, kind, arg, v->uw_melee) <= v->ap;
}

static int grappling(const fray_encounter *e, int a, int b)
{
    return (int)((CCR(e, a)->grappling >> b) & 1u);
}

/* own_actions' pieces. For the policy (e->want) the kinds it never looks
 * at are not planned; each piece returns how many entries they would have
 * been (`skipped`), so that a list that could have reached l->max is made
 * whole instead (the policy must see exactly what survives the cut). */
#define WANT(kind) fray_wants(e, kind)
#define IN(mask, t) (((mask) >> (t)) & 1u)

/* The attacks: Standard, Quick, Strong, Nonlethal, Cast a Spell. */
static void own_attacks(fray_encounter *e, const wo_view *v, wo_list *l, int allow_long)
{
    const int n = e->n, who = v->who;
    const unsigned foes = v->foes, live = v->able;
    const wo_creature *c = CCR(e, who);
    const wo_weapon *w = v->w[who];
    int uw = v_has(v, who, WO_C_UNDERWATER);
    for (int t = 0; t < n; t++) {
        if (!IN(foes & live, t))
            continue;
        if (w->ranged) {
            if (!uw && v->gap[t] <= 3 * w->range && v_affordable(v, WO_A_STANDARD, 0, allow_long))
                add(l, WO_A_STANDARD, who, t, 0);
        } else if (v->gap[t] <= w->reach) {
            static const int kinds[4] = {WO_A_STANDARD, WO_A_QUICK, WO_A_STRONG, WO_A_NONLETHAL};
            for (int k = 0; k < 4; k++)
                if (v_affordable(v, kinds[k], 0, allow_long))
                    add(l, kinds[k], who, t, 0);
        }
        for (int s = 0; s < c->nspell; s++)
            if (RES(e, who, WO_R_MANA) >= c->spell[s].mana && v->gap[t] <= c->spell[s].range &&
                v_affordable(v, WO_A_CAST, s, allow_long))
                add(l, WO_A_CAST, who, t, s);
    }
}

/* #Movement: a Move towards every creature, a Move Away from near enemies,
 * unless grappled (Drag moves a grapple) or the mount bolted. */
static long own_moves(fray_encounter *e, const wo_view *v, wo_list *l)
{
    long skipped = 0;
    const int n = e->n, who = v->who;
    const unsigned foes = v->foes, live = v->able, dead = v->dead;
    const wo_creature *c = CCR(e, who);
    if (c->lost_control || c->pending >= 0)
        return 0;
    wo_mover mv;
    mover_init(&mv, v, 1000);
    for (int t = 0; t < n; t++) {
        if (t == who || IN(dead, t))
            continue;
        fray_action m;
        if (plan_move_v(v, &mv, t, 0, &m) && l->n < l->max) {
            l->out[l->n++] = m;
        }
    }
    for (int t = 0; t < n; t++) {
        if (!IN(foes & live, t) || v->gap[t] > 6)
            continue;
        fray_action m;
        if (!WANT(WO_A_MOVE_AWAY))
            skipped++;
        else if (plan_move_v(v, &mv, t, 1, &m) && l->n < l->max)
            l->out[l->n++] = m;
    }
    return skipped;
}

/* Defend, Ready an Action, Retrieve or Stow an Item, Change Posture. */
static long own_basics(fray_encounter *e, const wo_view *v, wo_list *l, int allow_long, int p)
{
    long skipped = 0;
    const int who = v->who;
    const wo_creature *c = CCR(e, who);
    const wo_weapon *w = v->w[who];
    const wo_weapon *wielded = wo_wielded(c);
    if (!v_has(v, who, WO_C_DEFENDING) && v_affordable(v, WO_A_DEFEND, 0, allow_long))
        add(l, WO_A_DEFEND, who, -1, 0);
    if (!WANT(WO_A_READY))
        skipped += 3;
    else if (c->readied < 0 && wielded && v_affordable(v, WO_A_READY, WO_A_STANDARD, 0)) {
        add(l, WO_A_READY, who, -1, WO_A_STANDARD);
        if (!w->ranged) {
            add(l, WO_A_READY, who, -1, WO_A_QUICK);
            add(l, WO_A_READY, who, -1, WO_A_STRONG);
        }
    }
    /* Retrieve (hands empty of weapons) or Stow */
    if (!wielded) {
        for (int i = 0; i < c->nweapon; i++)
            if (c->weapon[i].place >= WO_SCABBARD && c->weapon[i].place <= WO_BACKPACK &&
                v_affordable(v, WO_A_RETRIEVE, i, allow_long))
                add(l, WO_A_RETRIEVE, who, -1, i);
    } else {
        for (int i = 0; i < c->nweapon; i++)
            if (c->weapon[i].place == WO_IN_HAND && c->nweapon > 1 &&
                v_affordable(v, WO_A_RETRIEVE, i | 0x100, allow_long))
                add(l, WO_A_RETRIEVE, who, -1, i | 0x100);
    }
    /* #Action: Change Posture: "If you are prone, you cannot change directly
     * to standing." */
    for (int q = 0; q < 3; q++) {
        if (q == p || (p == WO_PRONE && q == WO_STANDING) || v_has(v, who, WO_C_MOUNTED))
            continue;
        if (v_affordable(v, WO_A_POSTURE, q, allow_long))
            add(l, WO_A_POSTURE, who, -1, q);
    }
    return skipped;
}

/* Towards each other creature: Create an Opening, Enter Occupied Space,
 * Grapple, Pin, Hinder, Stabilize; then Escape. */
static long own_maneuvers(fray_encounter *e, const wo_view *v, wo_list *l, int allow_long)
{
    long skipped = 0;
    const int n = e->n, who = v->who;
    const unsigned foes = v->foes, live = v->able;
    const wo_creature *c = CCR(e, who);
    const wo_weapon *w = v->w[who];
    int on_mount = v_has(v, who, WO_C_MOUNTED);
    for (int t = 0; t < n; t++) {
        if (t == who || !IN(live, t))
            continue;
        int gap = v->gap[t];
        int en = IN(foes, t);
        int sized = CCR(e, t)->size - c->size < 5 && c->size - CCR(e, t)->size < 5;
        if (en && c->opening_vs != t && v->w[t]->optimal_reach > w->reach && !w->ranged &&
            gap <= v->w[t]->reach + 8 && v_affordable(v, WO_A_OPENING, 0, allow_long))
            add(l, WO_A_OPENING, who, t, 0);
        if (!WANT(WO_A_ENTER) || !WANT(WO_A_GRAPPLE) || !WANT(WO_A_PIN) || !WANT(WO_A_HINDER)) {
            /* the policy takes none of these: at most seven entries */
            skipped += en ? 7 : 0;
        } else {
        if (en && gap == 0 && sized && c->share_with < 0 && !on_mount &&
            v_affordable(v, WO_A_ENTER, 0, allow_long))
            add(l, WO_A_ENTER, who, t, 0);
        if (en && gap == 0 && sized && !grappling(e, who, t) && !on_mount &&
            v_affordable(v, WO_A_GRAPPLE, 0, allow_long))
            add(l, WO_A_GRAPPLE, who, t, 0);
        if (en && grappling(e, who, t) && !v_has(v, t, WO_C_PINNED) &&
            v_affordable(v, WO_A_PIN, 0, allow_long))
            add(l, WO_A_PIN, who, t, 0);
        if (en && gap <= (w->ranged ? 0 : w->reach))
            for (int h = 0; h < 4; h++)
                if (v_affordable(v, h ? WO_A_DISTRACT + h - 1 : WO_A_HINDER, h, allow_long))
                    add(l, h ? WO_A_DISTRACT + h - 1 : WO_A_HINDER, who, t, h);
        }
        if (!en && v_has(v, t, WO_C_DYING) && gap == 0 &&
            v_affordable(v, WO_A_STABILIZE, 0, allow_long))
            add(l, WO_A_STABILIZE, who, t, 0);
    }
    /* the downed too: stabilize an ally lying dying next to you */
    for (int t = 0; t < n; t++)
        if (t != who && e->c[t].status == FRAY_DOWN && !IN(foes, t) &&
            v_has(v, t, WO_C_DYING) && v->gap[t] == 0 &&
            v_affordable(v, WO_A_STABILIZE, 0, allow_long))
            add(l, WO_A_STABILIZE, who, t, 0);
    if (v_has(v, who, WO_C_GRAPPLED) && v_affordable(v, WO_A_ESCAPE, 0, allow_long))
        add(l, WO_A_ESCAPE, who, -1, 0);
    return skipped;
}

/* Drag, Mount/Dismount, Dash, End a Magical Effect, Seize Initiative. */
static long own_others(fray_encounter *e, const wo_view *v, wo_list *l, int allow_long)
{
    const int n = e->n, who = v->who;
    const unsigned dead = v->dead;
    const wo_creature *c = CCR(e, who);
    if (!WANT(WO_A_DRAG) || !WANT(WO_A_MOUNT) || !WANT(WO_A_DASH) || !WANT(WO_A_END_EFFECT) ||
        !WANT(WO_A_SEIZE)) {
        /* none of these for the policy: Drag, Mount, Dash, End Effect, Seize */
        return 4 + c->neffect;
    }
    if (v_has(v, who, WO_C_GRAPPLED) && !c->drag_ap && v_affordable(v, WO_A_DRAG, 0, allow_long))
        for (int t = 0; t < n; t++)
            if (t != who && !grappling(e, who, t) && !IN(dead, t) && v->gap[t] > 0) {
                add(l, WO_A_DRAG, who, t, 0);
                break;
            }
    if (c->mount_size > -100 && v_affordable(v, WO_A_MOUNT, 0, allow_long))
        add(l, WO_A_MOUNT, who, -1, 0);
    if (c->dash_uses < 2 && v_affordable(v, WO_A_DASH, 0, allow_long))
        add(l, WO_A_DASH, who, -1, 0);
    for (int k = 0; k < c->neffect; k++)
        if (c->effect[k].active && v_affordable(v, WO_A_END_EFFECT, k, allow_long))
            add(l, WO_A_END_EFFECT, who, -1, k);
    if (v_affordable(v, WO_A_SEIZE, 0, allow_long))
        add(l, WO_A_SEIZE, who, -1, 0);
    return 0;
}

/* healing: Treat Condition and Treat Wound on yourself or an adjacent ally;
 * Use an Object. */
static long own_healing(fray_encounter *e, const wo_view *v, wo_list *l, int allow_long)
{
    long skipped = 0;
    const int n = e->n, who = v->who;
    const unsigned foes = v->foes, dead = v->dead;
    const wo_creature *c = CCR(e, who);
    for (int t = 0; t < n; t++) {
        if (IN(foes | dead, t) || (t != who && v->gap[t] > 0))
            continue;
        if (!WANT(WO_A_TREAT_COND) || !WANT(WO_A_TREAT_WOUND)) {
            skipped += 5; /* four afflictions and a wound */
            continue;
        }
        const wo_creature *ct = CCR(e, t);
        for (int k = 0; k < 4; k++)
            if (ct->affl_level[k] > 0 && v_affordable(v, WO_A_TREAT_COND, k, allow_long))
                add(l, WO_A_TREAT_COND, who, t, k);
        int sev = severity(e, t);
        if (sev >= WO_LIGHT && v_affordable(v, WO_A_TREAT_WOUND, sev, allow_long))
            add(l, WO_A_TREAT_WOUND, who, t, sev);
    }
    for (int k = 0; k < c->nobject; k++)
        if (c->object[k].count > 0 && v_affordable(v, WO_A_USE_OBJECT, k, allow_long))
            add(l, WO_A_USE_OBJECT, who, -1, k);
    return skipped;
}

/* #Ignoring Your Flank: free, on your turn. */
static long own_flank(fray_encounter *e, const wo_view *v, wo_list *l, int interrupt)
{
    long skipped = 0;
    const int n = e->n, who = v->who;
    const unsigned foes = v->foes, live = v->able;
    const wo_creature *c = CCR(e, who);
    /* Whether we are flanked does not depend on which flanker asks
     * (flank_state(t, who) is 2 only for an ignored t, handled first), so
     * it is worked out once, when first needed. */
    int flanked = -1;
    /* An interrupt drops these again (wo_legal): skip them then, unless they
     * could push a later entry past l->max (at most one per creature, and
     * six entries follow). */
    int skip = interrupt && l->n + n + 6 < l->max;
    if (!skip && !WANT(WO_A_IGNORE_FLANK)) {
        skipped += n; /* at most one per creature */
        skip = 1;
    }
    for (int t = 0; t < n && !skip; t++) {
        if (!IN(foes, t))
            continue;
        if (c->ignored & (1u << t)) {
            add(l, WO_A_IGNORE_FLANK, who, t, 1);
        } else if (IN(live, t) && v_threatens(v, t)) {
            if (flanked < 0)
                flanked = v_flanked(v);
            if (flanked)
                add(l, WO_A_IGNORE_FLANK, who, t, 0);
        }
    }
    return skipped;
}

/* Return to the surface, Calm Mount, and #Performing Actions More Quickly:
 * posture changes and mounting. */
static long own_hurried(fray_encounter *e, const wo_view *v, wo_list *l, int allow_long, int p)
{
    const int who = v->who;
    const wo_creature *c = CCR(e, who);
    int on_mount = v_has(v, who, WO_C_MOUNTED);
    if (!WANT(WO_A_SURFACE) || !WANT(WO_A_CALM_MOUNT) || !WANT(WO_A_HURRY))
        return 6; /* Surface, Calm Mount, three postures and Mount hurried */
    if (c->env == WO_ENV_SWIMMING && v_has(v, who, WO_C_UNDERWATER) &&
        v_affordable(v, WO_A_SURFACE, 0, allow_long))
        add(l, WO_A_SURFACE, who, -1, 0);
    if (c->lost_control && on_mount && v_affordable(v, WO_A_CALM_MOUNT, 0, allow_long))
        add(l, WO_A_CALM_MOUNT, who, -1, 0);
    for (int q = 0; q < 3; q++) {
        if (q == p || (p == WO_PRONE && q == WO_STANDING) || on_mount)
            continue;
        if (v_affordable(v, WO_A_HURRY, WO_A_POSTURE << 4 | q, 0))
            add(l, WO_A_HURRY, who, -1, WO_A_POSTURE << 4 | q);
    }
    if (c->mount_size > -100 && v_affordable(v, WO_A_HURRY, WO_A_MOUNT << 4, 0))
        add(l, WO_A_HURRY, who, -1, WO_A_MOUNT << 4);
    return 0;
}

#undef IN
#undef WANT

/* The actions `who` may take on its own turn, or as an interrupt
 * (allow_long 0: no long actions, interrupt 1). */
static void own_actions(fray_encounter *e, int who, wo_list *l0, int allow_long, int interrupt)
{
    long skipped = 0;
    wo_view view, *v = &view;
    view_init(v, e, who);
    /* a local, so that writing the list does not make the compiler read
     * l0 again and again */
    wo_list list = *l0, *l = &list;
    if (v_has(v, who, WO_C_PINNED) || v_has(v, who, WO_C_HELPLESS)) {
        /* #Action: Pin: "unable to take any other actions while pinned" */
        if (v_has(v, who, WO_C_PINNED) && v_affordable(v, WO_A_ESCAPE, 0, allow_long))
            add(l, WO_A_ESCAPE, who, -1, 0);
        *l0 = list;
        return;
    }
    /* attacks first: the scripts and the policy find them early */
    own_attacks(e, v, l, allow_long);
    /* On its own turn the policy takes one of these attacks whatever
     * follows, when wo_policy_attacks says so: for it the list ends here. */
    if (e->for_policy && allow_long && !interrupt &&
        wo_policy_attacks(e, who, l->out + l0->n, l->n - l0->n)) {
        *l0 = list;
        return;
    }
    skipped += own_moves(e, v, l);
    int p = v_has(v, who, WO_C_PRONE)        ? WO_PRONE :
            v_has(v, who, WO_C_CROUCHING)    ? WO_CROUCH : WO_STANDING;
    skipped += own_basics(e, v, l, allow_long, p);
    skipped += own_maneuvers(e, v, l, allow_long);
    skipped += own_others(e, v, l, allow_long);
    skipped += own_healing(e, v, l, allow_long);
    skipped += own_flank(e, v, l, interrupt);
    skipped += own_hurried(e, v, l, allow_long, p);
    if (skipped && l->n + skipped >= l->max) {
        /* the whole list might have been cut: build it whole */
        uint64_t want = e->want;
        e->want = FRAY_WANT_ALL;
        own_actions(e, who, l0, allow_long, interrupt);
        e->want = want;
        return;
    }
    *l0 = list;
}

/* The reactions `who` may take to the declared action `tr`. */
static void reactions(fray_encounter *e, int who, const fray_action *tr, wo_list *l)
{
    const wo_creature *c = CCR(e, who);
    const wo_weapon *w = weapon_of(e, who);
    int actor = tr->actor;
    /* #Initiative: "If your initiative is 0, you cannot take reactions" */
    if (RES(e, who, WO_R_INIT) <= 0 || !can_act(e, who))
        return;
    /* Rebuff: an approach closer than the optimal reach */
    if (is_move(tr->kind) && enemies(e, who, actor) && !w->ranged &&
        wo_gap_yd(e, who, actor) >= w->optimal_reach && w->optimal_reach > 0 &&
        gap_after_move(e, tr, who) < w->optimal_reach &&
        affordable(e, who, WO_A_REBUFF, 0, 0))
        add(l, WO_A_REBUFF, who, actor, 0);
    /* Cling: a creature it grapples is about to move out of reach */
    if (is_move(tr->kind) && grappling(e, who, actor) && gap_after_move(e, tr, who) > 0 &&
        affordable(e, who, WO_A_CLING, 0, 0))
        add(l, WO_A_CLING, who, actor, 0);
    /* Harry: a ranged weapon attack or check within reach of its melee weapon */
    if (tr->kind == WO_A_STANDARD && enemies(e, who, actor) &&
        weapon_of(e, actor)->ranged && !w->ranged && wo_in_reach(e, who, actor, w->reach) &&
        !((c->harried_by >> actor) & 1u) && affordable(e, who, WO_A_HARRY, 0, 0))
        add(l, WO_A_HARRY, who, actor, 0);
    /* Interpose: an attack against it while it grapples */
    if (is_attack(tr->kind) && tr->target == who && c->grappling)
        for (int g = 0; g < e->n; g++)
            if (g != actor && grappling(e, who, g) && able(e, g) &&
                affordable(e, who, WO_A_INTERPOSE, 0, 0))
                add(l, WO_A_INTERPOSE, who, g, 0);
    /* a readied action, "in response to any event" */
    if (c->readied >= 0 && enemies(e, who, actor) && !w->ranged &&
        wo_in_reach(e, who, actor, w->reach) && affordable(e, who, c->readied, 0, 0))
        add(l, c->readied, who, actor, WO_ARG_READIED);
}

/* The list is ordered: reactions, then attacks, then the rest (the
 * policy's best_attack stops at the end of the attacks). */
int wo_legal(fray_encounter *e, int who, int window, const fray_action *trigger,
             fray_action *out, int max)
{
    wo_state *st = ST(e);
    wo_list l = {out, 0, max};
    if (!able(e, who))
        return 0;
    if (window == FRAY_WIN_ACT) {
        const wo_creature *c = CR(e, who);
        if (who != fray_turns_current(e))
            return 0;
        if (c->pending >= 0) {
            /* #Action Points: "or you choose to cancel it" */
            add(&l, WO_A_CANCEL, who, c->pending_target, 0);
            return l.n;
        }
        own_actions(e, who, &l, 1, 0);
        return l.n;
    }
    if (window != FRAY_WIN_DECLARED || !trigger || trigger->actor == who || st->cancel)
        return 0;
    reactions(e, who, trigger, &l);
    /* #Using Actions and Reactions: "You may also take an action when it is
     * not your turn if your initiative is higher than the active
     * character's." Only against the active creature's own actions (an
     * interrupt is not interrupted in turn), and not by the active one. */
    int active = fray_turns_current(e);
    /* The policy takes a reaction when there is one (they come first) and
     * otherwise interrupts only on wo_policy_interrupts: for it the
     * interrupts are listed only then, and it chooses the same. */
    if (e->for_policy && !wo_policy_interrupts(e, who, trigger))
        return l.n;
    if (active >= 0 && trigger->actor == active && who != active && can_act(e, who) &&
        RES(e, who, WO_R_INIT) > RES(e, active, WO_R_INIT) && RES(e, who, WO_R_INIT) > 0 &&
        !(trigger->arg & WO_ARG_READIED) && !wo_is_reaction(trigger->kind)) {
        int before = l.n;
        own_actions(e, who, &l, 0, 1);
        /* not the free flank choice nor Seize Initiative as interrupts */
        int k = before;
        for (int i = before; i < l.n; i++)
            if (l.out[i].kind != WO_A_IGNORE_FLANK && l.out[i].kind != WO_A_SEIZE &&
                l.out[i].kind != WO_A_HURRY)
                l.out[k++] = l.out[i];
        l.n = k;
    }
    return l.n;
}

/* ---- Effects of the actions --------------------------------------------------------------------- */

static const char *name_of(const fray_encounter *e, int kind) { return e->rs->actions[kind].name; }

static void emit_act(fray_encounter *e, const fray_action *a, const char *outcome, int value,
                     int has_value, const char *detail, const char *rule)
{
    fray_emit(e, &(fray_event){.kind = "action", .actor = a->actor, .target = a->target,
                                .action = name_of(e, a->kind), .outcome = outcome, .value = value,
                                .has_value = has_value, .detail = detail, .rule = rule});
}

static void end_grapple(fray_encounter *e, int a, int b)
{
    CR(e, a)->grappling &= ~(1u << b);
    CR(e, b)->grappling &= ~(1u << a);
    if (!CR(e, a)->grappling) {
        fray_cond_remove(e, a, WO_C_GRAPPLED);
        fray_cond_remove(e, a, WO_C_PINNED);
    }
    if (!CR(e, b)->grappling) {
        fray_cond_remove(e, b, WO_C_GRAPPLED);
        fray_cond_remove(e, b, WO_C_PINNED);
    }
}

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
static void after_move(fray_encounter *e, int who)
{
    leave_shared_space(e, who);
    for (int g = 0; g < e->n; g++)
        if (g != who && grappling(e, who, g) && wo_gap_yd(e, who, g) > 0)
            end_grapple(e, who, g);
}

static void do_move(fray_encounter *e, const fray_action *a)
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
    int pool = RES(e, who, WO_R_MOVE) + bought;
    int64_t dx = a->x - e->c[who].x, dy = a->y - e->c[who].y;
    int dist_cm = fray_isqrt(dx * dx + dy * dy);
    /* yards of pool used: the distance in yards rounded up, times terrain */
    int yd = (dist_cm * 100 + 9143) / 9144;
    int used = yd * tc;
    if (used > pool)
        used = pool;
    set_res(e, who, WO_R_MOVE, pool - used);
    /* Drag: the grapple moves along */
    int drag = c->drag_ap > 0;
    int ox = e->c[who].x, oy = e->c[who].y;
    fray_move(e, who, a->x, a->y);
    if (drag) {
        for (int g = 0; g < e->n; g++)
            if (grappling(e, who, g))
                fray_move(e, g, e->c[g].x + (a->x - ox), e->c[g].y + (a->y - oy));
        c->drag_ap -= a->arg;
        if (c->drag_ap < 0)
            c->drag_ap = 0;
    }
    after_move(e, who);
    emit_act(e, a, "moved", yd, 1, "yards", R("Movement"));
}

static void do_cling(fray_encounter *e, const fray_action *a, const fray_action *tr)
{
    /* #Reaction: Cling: "For every 5 points in the result, you may move 1
     * yard with the target". The clinger follows the mover towards its
     * destination as far as its points allow. */
    int who = a->actor;
    int m = power_mod(e, who);
    wo_roll r = roll_check(e, 1, "Power check, wild 1d20");
    int total = r.total + m;
    int yards = total > 0 ? total / 5 : 0; /* "for every 5 points": rounded down */
    emit_check(e, who, a->target, "Cling", total, 5, R("Reaction: Cling"));
    if (yards <= 0 || !tr)
        return;
    int x, y;
    int64_t dx = tr->x - e->c[who].x, dy = tr->y - e->c[who].y;
    int d = fray_isqrt(dx * dx + dy * dy);
    int stop = wo_yd_to_cm(1);
    (void)d;
    fray_encounter *ee = e;
    dest_point(ee, who, tr->x, tr->y, 0, yards, stop, &x, &y);
    fray_move(e, who, x, y);
    emit_act(e, a, "follows", yards, 1, "yards it may move with the target", R("Reaction: Cling"));
}

static int hinder_tn(fray_encounter *e, int t, int h)
{
    const wo_creature *ct = CCR(e, t);
    switch (h) {
    case 0: { /* Disarm: Melee weapon check or Agility defense: the higher */
        const wo_weapon *w = weapon_of(e, t);
        int melee = 10 + wo_check_mod(ct->attr[WO_DEX], ct->skill[WO_SK_MELEE],
                                      wo_spec(ct, w->group), w->accuracy);
        return best_of(melee, wo_defense_base(ct, WO_D_AGILITY));
    }
    case 1: /* Distract: Prc [Deception] as a defense */
        return 10 + wo_check_mod(ct->attr[WO_PRC], ct->skill[WO_SK_DECEPTION], 0, 0);
    default: /* Shove, Trip: Power or Agility defense: the higher */
        return best_of(wo_defense_base(ct, WO_D_POWER), wo_defense_base(ct, WO_D_AGILITY));
    }
}

static void do_hinder(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target, h = a->arg;
    int m;
    if (h == 0) {
        const wo_weapon *w = weapon_of(e, who);
        m = skill_mod(e, who, WO_DEX, WO_SK_MELEE, w->group) + w->accuracy;
    } else if (h == 1) {
        m = skill_mod(e, who, WO_PRS, WO_SK_DECEPTION, "");
    } else {
        m = power_mod(e, who);
    }
    wo_roll r = roll_check(e, 1, h == 1 ? "Deception check, 1d20" : "Combat check, wild 1d20");
    int total = r.total + m, tn = hinder_tn(e, t, h);
    fray_emit(e, &(fray_event){.kind = "check", .actor = who, .target = t,
                                .action = wo_hinder_table[h].name,
                                .outcome = total >= tn ? "success" : "failure", .value = total,
                                .has_value = 1, .rule = R("Action: Hinder")});
    if (total < tn)
        return;
    wo_creature *ct = CR(e, t);
    switch (h) {
    case 0:
        for (int i = 0; i < ct->nweapon; i++)
            if (ct->weapon[i].place == WO_IN_HAND) {
                ct->weapon[i].place = WO_DROPPED;
                break;
            }
        fray_emit(e, &(fray_event){.kind = "disarm", .actor = who, .target = t,
                                    .detail = "drops the weapon in hand", .rule = R("Action: Hinder")});
        break;
    case 1:
        fray_cond_add(e, t, WO_C_DISTRACTED, -1, FRAY_EXP_ROUND_END, e->round);
        fray_flush(e, who, R("Action: Hinder"));
        break;
    case 2: {
        /* "1 yard plus up to one third of your margin of success", rounded down */
        int yards = 1 + (total - tn) / 3;
        int x, y;
        dest_point(e, t, e->c[who].x, e->c[who].y, 1, yards, 0, &x, &y);
        fray_move(e, t, x, y);
        after_move(e, t);
        fray_emit(e, &(fray_event){.kind = "shove", .actor = who, .target = t, .value = yards,
                                    .has_value = 1, .rule = R("Action: Hinder")});
        break;
    }
    default:
        fray_cond_remove(e, t, WO_C_CROUCHING);
        fray_cond_add(e, t, WO_C_PRONE, -1, FRAY_EXP_NEVER, 0);
        fray_flush(e, who, R("Action: Hinder"));
        break;
    }
}

static int heal_kit_mod(fray_encounter *e, int who)
{
    if (CCR(e, who)->healing_kit)
        return 0;
    fray_mod(e, "No healing kit", -5);
    return -5;
}

/* A PC knocked out by its fatal wound wakes once the fatal wound is healed
 * (#Action: Stabilize's "check to wake up as if it had healed a wound",
 * read as: healing the fatal wound wakes it). */
static void maybe_wake(fray_encounter *e, int t)
{
    if (e->c[t].status != FRAY_DOWN || RES(e, t, WO_R_FATAL) > 0)
        return;
    fray_cond_remove(e, t, WO_C_DYING);
    fray_cond_remove(e, t, WO_C_STABLE);
    fray_cond_remove(e, t, WO_C_UNCONSCIOUS);
    fray_set_status(e, t, FRAY_ABLE);
}

static void do_treat_wound(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target, level = a->arg;
    wo_creature *ct = CR(e, t);
    /* "If the target's fatigue is equal to or higher than its normal maximum
     * stamina, the attempt automatically fails." */
    int fails = RES(e, t, WO_R_FATIGUE) >= ct->max_stamina;
    int filled[WO_NLEVELS];
    filled_of(e, t, filled);
    if (fails) {
        emit_act(e, a, "failure", 0, 0, "fatigue at its maximum stamina", R("Action: Treat Wound"));
    } else {
        int m = skill_mod(e, who, WO_LOR, WO_SK_HEALING, "Wounds") + heal_kit_mod(e, who);
        wo_roll r = roll_check(e, 0, "Healing check, 1d20");
        int total = r.total + m, tn = wo_treat_wound_tn[level];
        emit_check(e, who, t, "Treat Wound", total, tn, R("Action: Treat Wound"));
        if (total >= tn) {
            /* "reduced by one step, plus one step for every 2 points by
             * which your check exceeds the TN" (rounded down) */
            int steps = 1 + (total - tn) / 2;
            int lv = level;
            while (steps-- > 0 && lv >= WO_LIGHT && wo_wound_reduce(filled, ct->slots, lv))
                lv--;
            set_filled(e, t, filled);
        }
    }
    /* "the target takes fatigue equal to the level of its highest remaining
     * wound" (1 for light ...) */
    int sev = wo_severity(filled);
    add_fatigue(e, t, sev + 1);
    maybe_wake(e, t);
    fray_flush(e, who, R("Action: Treat Wound"));
}

static void do_treat_condition(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target, k = a->arg;
    wo_creature *ct = CR(e, t);
    int m = skill_mod(e, who, WO_LOR, WO_SK_HEALING, "Wounds") + heal_kit_mod(e, who);
    wo_roll r = roll_check(e, 0, "Healing check, 1d20");
    int total = r.total + m, tn = ct->affl_tn;
    emit_check(e, who, t, "Treat Condition", total, tn, R("Action: Treat Condition"));
    if (total < tn)
        return;
    if (k == 2)
        ct->affl_level[k] = 0; /* "you end a hobbled effect" */
    else if (k == 3)
        ct->affl_level[k]--; /* poison: one step (the poison's own text is not given) */
    else
        ct->affl_level[k] -= 1 + (total - tn) / 2;
    if (ct->affl_level[k] <= 0) {
        ct->affl_level[k] = 0;
        fray_cond_remove(e, t, WO_C_BLEEDING + k);
    }
    fray_flush(e, who, R("Action: Treat Condition"));
}

/* #Performing Actions More Quickly: a check against option quick_tn; success
 * cuts the AP cost by 1 plus 1 per 3 points over, for 1 stamina; failure
 * loses 1 AP plus 1 per 3 points under. Returns the AP to pay. */
static int hurry(fray_encounter *e, int who, int base)
{
    int m = skill_mod(e, who, WO_DEX, WO_SK_ACROBATICS, "");
    wo_roll r = roll_check(e, 0, "Acrobatics check, 1d20");
    int total = r.total + m, tn = fray_opt(e, WO_OPT_QUICK_TN);
    emit_check(e, who, -1, "Perform more quickly", total, tn, R("Performing Actions More Quickly"));
    if (total >= tn) {
        spend_stamina(e, who, 1);
        return wo_ap_floor(base - 1 - (total - tn) / 3, 0);
    }
    return base + 1 + (tn - total) / 3;
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

static void toggle_mount(fray_encounter *e, int who)
{
    if (mounted(e, who)) {
        fray_cond_remove(e, who, WO_C_MOUNTED);
        CR(e, who)->lost_control = 0;
    } else {
        fray_cond_add(e, who, WO_C_MOUNTED, -1, FRAY_EXP_NEVER, 0);
    }
}

/* Action: Nonlethal, Quick, Standard or Strong Attack, Reaction: Rebuff. */
static void act_attack(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    if (!able(e, t))
        return;
    if (a->kind == WO_A_STRONG)
        spend_stamina(e, who, fray_opt(e, WO_OPT_STAMINA_STRONG));
    do_attack(e, who, t, a->kind, -1, name_of(e, a->kind));
}

static void act_cast(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    const wo_spell *s = &CR(e, who)->spell[a->arg];
    /* #Mana: spending mana reduces the current total */
    set_res(e, who, WO_R_MANA, RES(e, who, WO_R_MANA) - s->mana);
    if (able(e, t))
        do_attack(e, who, t, WO_A_CAST, a->arg, s->name);
}

static void act_defend(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    /* "Until your next turn": this round's turn if it is still to come */
    fray_cond_add(e, who, WO_C_DEFENDING, -1, FRAY_EXP_TURN_START,
                  fray_turns_next_round(e, who));
    emit_act(e, a, "defending", 0, 0, NULL, R("Action: Defend"));
}

static void act_harry(fray_encounter *e, const fray_action *a)
{
    int t = a->target;
    CR(e, a->actor)->harried_by |= 1u << t;
    fray_cond_add(e, t, WO_C_HARRIED, -1, FRAY_EXP_ROUND_END, e->round);
    emit_act(e, a, "harried", -2, 1, "-2 to ranged weapon attacks this round",
             R("Reaction: Harry"));
}

static void act_ready(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    CR(e, who)->readied = a->arg;
    fray_cond_add(e, who, WO_C_READIED, -1, FRAY_EXP_NEVER, 0);
    emit_act(e, a, "readied", 0, 0, name_of(e, a->arg), R("Action: Ready an Action"));
}

static void act_retrieve(fray_encounter *e, const fray_action *a)
{
    wo_creature *c = CR(e, a->actor);
    if (a->arg & 0x100) {
        c->weapon[a->arg & 0xff].place = WO_SCABBARD;
        emit_act(e, a, "stowed", 0, 0, c->weapon[a->arg & 0xff].name,
                 R("Action: Retrieve or Stow an Item"));
    } else {
        c->weapon[a->arg].place = WO_IN_HAND;
        emit_act(e, a, "retrieved", 0, 0, c->weapon[a->arg].name,
                 R("Action: Retrieve or Stow an Item"));
    }
}

static void act_posture(fray_encounter *e, const fray_action *a)
{
    set_posture(e, a->actor, a->arg);
    emit_act(e, a, a->arg == WO_PRONE ? "prone" : a->arg == WO_CROUCH ? "crouching" : "standing",
             0, 0, NULL, R("Action: Change Posture"));
}

static void act_opening(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    wo_creature *c = CR(e, who);
    const wo_weapon *w = weapon_of(e, who);
    int m = skill_mod(e, who, WO_DEX, WO_SK_MELEE, w->group) + w->accuracy;
    wo_roll r = wo_wild(&e->dice, fray_opt(e, WO_OPT_WILD_ROLL), "Attack roll, wild 1d20");
    c->opening_vs = t;
    c->opening_value = r.total + m;
    fray_cond_add(e, who, WO_C_OPENING, -1, FRAY_EXP_TURN_END, e->round);
    emit_act(e, a, "opening", r.total + m, 1, "replaces its Defense against the target's rebuff",
             R("Action: Create an Opening"));
}

static void act_enter(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    int m = power_or_agility_mod(e, who);
    wo_roll r = roll_check(e, 1, "Combat check, wild 1d20");
    const wo_creature *ct = CCR(e, t);
    int tn = best_of(wo_defense_base(ct, WO_D_POWER), wo_defense_base(ct, WO_D_AGILITY));
    emit_check(e, who, t, "Enter Occupied Space", r.total + m, tn,
               R("Action: Enter Occupied Space"));
    if (r.total + m >= tn) {
        fray_move(e, who, e->c[t].x, e->c[t].y);
        CR(e, who)->share_with = t;
        CR(e, t)->share_with = who;
        fray_cond_add(e, who, WO_C_SHARING, -1, FRAY_EXP_NEVER, 0);
        fray_cond_add(e, t, WO_C_SHARING, -1, FRAY_EXP_NEVER, 0);
        fray_flush(e, who, R("Action: Enter Occupied Space"));
    }
}

static void act_escape(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    /* the escape TN of a grapple: the higher of the grapplers' Power
     * and Agility defenses (interpretation) */
    int tn = 0;
    for (int g = 0; g < e->n; g++)
        if (grappling(e, who, g)) {
            const wo_creature *cg = CCR(e, g);
            tn = best_of(tn, best_of(wo_defense_base(cg, WO_D_POWER),
                                     wo_defense_base(cg, WO_D_AGILITY)));
        }
    int m = power_or_agility_mod(e, who);
    wo_roll r = roll_check(e, 1, "Combat check, wild 1d20");
    emit_check(e, who, -1, "Escape", r.total + m, tn, R("Action: Escape"));
    if (r.total + m >= tn) {
        if (HAS(e, who, WO_C_PINNED)) {
            /* "which ends the pin but not the grapple" */
            fray_cond_remove(e, who, WO_C_PINNED);
        } else {
            for (int g = 0; g < e->n; g++)
                if (grappling(e, who, g))
                    end_grapple(e, who, g);
        }
        fray_flush(e, who, R("Action: Escape"));
    }
}

static void act_mount(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    toggle_mount(e, who);
    emit_act(e, a, mounted(e, who) ? "mounted" : "dismounted", 0, 0, NULL,
             R("Action: Mount/Dismount"));
}

static void act_dash(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    wo_creature *c = CR(e, who);
    spend_stamina(e, who, fray_opt(e, WO_OPT_STAMINA_DASH));
    c->dash_uses++;
    if (c->dash_uses == 1) {
        fray_cond_add(e, who, WO_C_DASHING, -1, FRAY_EXP_ROUND_END, e->round);
        emit_act(e, a, "dashing", move_rate(e, who), 1, "movement rate doubled",
                 R("Action: Dash"));
    } else {
        const char *spec = c->env == WO_ENV_SWIMMING ? "Swimming" :
                           c->env == WO_ENV_CLIMBING ? "Climbing" : "Running";
        int m = skill_mod(e, who, WO_STR, WO_SK_ATHLETICS, spec);
        wo_roll r = roll_check(e, 0, "Athletics check, 1d20");
        int inc = (r.total + m) > 0 ? (r.total + m) / 3 : 0;
        /* "For every 3 points in the check result, your movement rate
         * increases by 1 until the end of the round" (rounded down) */
        c->dash_bonus = inc;
        emit_act(e, a, "dashing harder", move_rate(e, who), 1, "movement rate this round",
                 R("Action: Dash"));
    }
}

static void act_drag(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    wo_creature *c = CR(e, who);
    int tn = 0, opp = 0;
    for (int g = 0; g < e->n; g++)
        if (grappling(e, who, g)) {
            tn = best_of(tn, wo_defense_base(CCR(e, g), WO_D_POWER));
            opp++;
        }
    int m = power_mod(e, who);
    if (opp > 1)
        fray_mod(e, "Opponents beyond the first", -2 * (opp - 1));
    wo_roll r = roll_check(e, 1, "Power check, wild 1d20");
    int total = r.total + m - 2 * (opp > 1 ? opp - 1 : 0);
    emit_check(e, who, -1, "Drag", total, tn, R("Action: Drag"));
    if (total >= tn && t >= 0) {
        /* "you can spend up to 4 AP on movement", carrying the grapple */
        c->drag_ap = 4;
        fray_action m2;
        if (plan_move(e, who, t, 0, &m2, 4)) {
            pay_ap(e, who, m2.arg);
            do_move(e, &m2);
        }
        c->drag_ap = 0;
    }
}

static void act_grapple(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    int dmg;
    /* "Make a melee attack against an adjacent target using any weapon
     * that has a reach of 0": the unarmed attack when the weapon's
     * reach is longer (interpretation) */
    wo_hit h = attack_roll(e, who, t, WO_A_GRAPPLE, -1, name_of(e, a->kind), &dmg);
    if (h.hit) {
        CR(e, who)->grappling |= 1u << t;
        CR(e, t)->grappling |= 1u << who;
        fray_cond_add(e, who, WO_C_GRAPPLED, -1, FRAY_EXP_NEVER, 0);
        fray_cond_add(e, t, WO_C_GRAPPLED, -1, FRAY_EXP_NEVER, 0);
        fray_flush(e, who, R("Action: Grapple"));
    }
}

static void act_interpose(fray_encounter *e, const fray_action *a, const fray_action *tr)
{
    int who = a->actor, t = a->target;
    int m = power_or_agility_mod(e, who);
    int attacker = tr ? tr->actor : -1;
    int tn = 0;
    if (attacker >= 0) {
        const wo_creature *cx = CCR(e, attacker);
        tn = best_of(wo_defense_base(cx, WO_D_POWER), wo_defense_base(cx, WO_D_AGILITY));
    }
    int pen = HAS(e, t, WO_C_PINNED) ? 0 : 2;
    if (pen)
        fray_mod(e, "Target not pinned", -2);
    wo_roll r = roll_check(e, 1, "Combat check, wild 1d20");
    emit_check(e, who, t, "Interpose", r.total + m - pen, tn, R("Reaction: Interpose"));
    if (r.total + m - pen >= tn)
        ST(e)->redirect = t;
}

static void act_pin(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    int m = power_mod(e, who);
    fray_mod(e, "Pin", -2);
    wo_roll r = roll_check(e, 1, "Power check, wild 1d20");
    const wo_creature *ct = CCR(e, t);
    int tn = best_of(wo_defense_base(ct, WO_D_POWER), wo_defense_base(ct, WO_D_AGILITY));
    emit_check(e, who, t, "Pin", r.total + m - 2, tn, R("Action: Pin"));
    if (r.total + m - 2 >= tn) {
        fray_cond_add(e, t, WO_C_PINNED, -1, FRAY_EXP_NEVER, 0);
        fray_cond_add(e, t, WO_C_HELPLESS, WO_C_PINNED, FRAY_EXP_NEVER, 0);
        fray_flush(e, who, R("Action: Pin"));
    }
}

static void act_end_effect(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    wo_creature *c = CR(e, who);
    wo_effect *f = &c->effect[a->arg];
    f->active = 0;
    /* invested mana "returned as soon as the effect ends" */
    c->invested -= f->mana;
    int mm = c->max_mana - c->invested;
    int cur = RES(e, who, WO_R_MANA) + f->mana;
    set_res(e, who, WO_R_MANA, cur > mm ? mm : cur);
    emit_act(e, a, "ended", f->mana, 1, f->name, R("Action: End a Magical Effect"));
}

static void act_seize(fray_encounter *e, const fray_action *a)
{
    int d6 = fray_die(&e->dice, 6, "Seize Initiative, 1d6");
    init_change(e, a->actor, d6, -1, 0, "Seize Initiative: +1d6", R("Action: Seize Initiative"));
}

static void act_stabilize(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    int m = skill_mod(e, who, WO_LOR, WO_SK_HEALING, "Wounds") + heal_kit_mod(e, who);
    wo_roll r = roll_check(e, 0, "Healing check, 1d20");
    int tn = total_wounds(e, t);
    emit_check(e, who, t, "Stabilize", r.total + m, tn, R("Action: Stabilize"));
    if (r.total + m >= tn) {
        fray_cond_remove(e, t, WO_C_DYING);
        fray_cond_add(e, t, WO_C_STABLE, -1, FRAY_EXP_NEVER, 0);
        fray_flush(e, who, R("Action: Stabilize"));
    }
}

static void act_use_object(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    wo_creature *c = CR(e, who);
    wo_object *o = &c->object[a->arg];
    o->count--;
    if (o->kind == 2 && o->heal > 0) {
        int filled[WO_NLEVELS];
        filled_of(e, who, filled);
        for (int s = 0; s < o->heal; s++) {
            int sev = wo_severity(filled);
            if (sev < WO_LIGHT || !wo_wound_reduce(filled, c->slots, sev))
                break;
        }
        set_filled(e, who, filled);
        wo_update_fatigue(e, who);
    }
    emit_act(e, a, "used", o->count, 1, o->name, R("Action: Use an Object"));
}

static void act_ignore_flank(fray_encounter *e, const fray_action *a)
{
    int t = a->target;
    wo_creature *c = CR(e, a->actor);
    if (a->arg)
        c->ignored &= ~(1u << t);
    else
        c->ignored |= 1u << t;
    emit_act(e, a, a->arg ? "stops ignoring" : "ignores", 0, 0, NULL, R("Ignoring Your Flank"));
}

static void act_surface(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    int m = skill_mod(e, who, WO_STR, WO_SK_ATHLETICS, "Swimming");
    wo_roll r = roll_check(e, 0, "Swimming check, 1d20");
    int tn = fray_opt(e, WO_OPT_ENV_TN);
    emit_check(e, who, -1, "Return to the surface", r.total + m, tn, R("Swimming and Climbing"));
    if (r.total + m >= tn) {
        fray_cond_remove(e, who, WO_C_UNDERWATER);
        fray_flush(e, who, R("Swimming and Climbing"));
    }
}

static void act_calm_mount(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    wo_creature *c = CR(e, who);
    int m = skill_mod(e, who, WO_PRS, WO_SK_NATURE, "Riding");
    int near = 0;
    for (int i = 0; i < e->n; i++)
        if (enemies(e, who, i) && able(e, i) && wo_gap_yd(e, who, i) <= 10)
            near++; /* 30 feet = 10 yards */
    if (near)
        fray_mod(e, "Enemies within 30 feet", -near);
    if (c->calm_bonus)
        fray_mod(e, "Consecutive calming", c->calm_bonus);
    wo_roll r = roll_check(e, 0, "Riding check, 1d20");
    int total = r.total + m - near + c->calm_bonus;
    emit_check(e, who, -1, "Calm Mount", total, 5, R("Mounted Combat"));
    if (total >= 5) {
        c->lost_control = 0;
        c->calm_bonus = 0;
    } else if (c->calm_bonus < 5) {
        c->calm_bonus++;
    }
}

static void act_cancel(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    wo_creature *c = CR(e, who);
    fray_emit(e, &(fray_event){.kind = "cancel", .actor = who, .target = c->pending_target,
                                .action = name_of(e, c->pending),
                                .detail = "the long action is given up; its AP are lost",
                                .rule = R("Action Points")});
    c->pending = -1;
}

/* The effect of action a; its AP are paid. `tr` is the action a reacts to. */
static void effect(fray_encounter *e, const fray_action *a, const fray_action *tr)
{
    switch (a->kind) {
    case WO_A_MOVE:
    case WO_A_MOVE_AWAY: do_move(e, a); break;
    case WO_A_NONLETHAL:
    case WO_A_QUICK:
    case WO_A_STANDARD:
    case WO_A_STRONG:
    case WO_A_REBUFF: act_attack(e, a); break;
    case WO_A_CAST: act_cast(e, a); break;
    case WO_A_DEFEND: act_defend(e, a); break;
    case WO_A_HARRY: act_harry(e, a); break;
    case WO_A_READY: act_ready(e, a); break;
    case WO_A_RETRIEVE: act_retrieve(e, a); break;
    case WO_A_POSTURE: act_posture(e, a); break;
    case WO_A_OPENING: act_opening(e, a); break;
    case WO_A_ENTER: act_enter(e, a); break;
    case WO_A_ESCAPE: act_escape(e, a); break;
    case WO_A_MOUNT: act_mount(e, a); break;
    case WO_A_DASH: act_dash(e, a); break;
    case WO_A_CLING: do_cling(e, a, tr); break;
    case WO_A_DRAG: act_drag(e, a); break;
    case WO_A_GRAPPLE: act_grapple(e, a); break;
    case WO_A_INTERPOSE: act_interpose(e, a, tr); break;
    case WO_A_PIN: act_pin(e, a); break;
    case WO_A_END_EFFECT: act_end_effect(e, a); break;
    case WO_A_HINDER:
    case WO_A_DISTRACT:
    case WO_A_SHOVE:
    case WO_A_TRIP: do_hinder(e, a); break;
    case WO_A_SEIZE: act_seize(e, a); break;
    case WO_A_STABILIZE: act_stabilize(e, a); break;
    case WO_A_TREAT_COND: do_treat_condition(e, a); break;
    case WO_A_TREAT_WOUND: do_treat_wound(e, a); break;
    case WO_A_USE_OBJECT: act_use_object(e, a); break;
    case WO_A_IGNORE_FLANK: act_ignore_flank(e, a); break;
    case WO_A_SURFACE: act_surface(e, a); break;
    case WO_A_CALM_MOUNT: act_calm_mount(e, a); break;
    case WO_A_HURRY:
        /* handled in wo_resolve (the cost depends on the check) */
        break;
    case WO_A_CANCEL: act_cancel(e, a); break;
    default: break;
    }
}

/* ---- Resolve ------------------------------------------------------------------------------------- */

/* What a creature that cannot act (Helpless, pinned) may still do on its
 * turn, and legal offers it: Escape a pin, and give up a long action (Cancel
 * is no action of its own). */
static int helpless_may(int kind) { return kind == WO_A_ESCAPE || kind == WO_A_CANCEL; }

static int needs_declare(int kind)
{
    return !wo_is_reaction(kind) && kind != WO_A_IGNORE_FLANK && kind != WO_A_CANCEL;
}

void wo_resolve(fray_encounter *e, const fray_action *a0)
{
    wo_state *st = ST(e);
    fray_action a = *a0;
    int who = a.actor;
    wo_creature *c = CR(e, who);
    int readied = (a.arg & WO_ARG_READIED) != 0;
    if (readied)
        a.arg = 0;
    int off_turn = who != fray_turns_current(e);
    /* legal gives a creature on its turn only what it can do: an action
     * resolve then refused would leave the turn, and the round, unended */
    if (!off_turn && !FRAY_CHECK(e, able(e, who) && (can_act(e, who) || helpless_may(a.kind))))
        return;
    int interrupt = off_turn && !wo_is_reaction(a.kind) && !readied;
    if (interrupt) {
        /* #Using Actions and Reactions: "Doing so reduces your initiative by
         * 2." Moving does not (#Movement). */
        if (!is_move(a.kind))
            init_change(e, who, -2, -1, 0, "interrupts: -2", R("Using Actions and Reactions"));
        fray_emit(e, &(fray_event){.kind = "interrupt", .actor = who, .target = fray_turns_current(e),
                                    .action = name_of(e, a.kind), .value = RES(e, who, WO_R_INIT),
                                    .has_value = 1,
                                    .detail = "acts before the declared action, which does not "
                                              "take place",
                                    .rule = R("Using Actions and Reactions")});
    }
    if (a.kind == WO_A_HURRY) {
        int base = wo_ap_cost(e, who, a.arg >> 4, a.arg & 15);
        if (!interrupt && declare(e, &a))
            return;
        int pay = hurry(e, who, base);
        if (pay > RES(e, who, WO_R_AP))
            pay = RES(e, who, WO_R_AP);
        pay_ap(e, who, pay);
        fray_action b = a;
        b.kind = (int16_t)(a.arg >> 4);
        b.arg = (int16_t)(a.arg & 15);
        effect(e, &b, NULL);
        if (interrupt)
            st->cancel = 1;
        return;
    }
    int cost = wo_ap_cost(e, who, a.kind, a.arg);
    int ap = RES(e, who, WO_R_AP);
    /* #Action Points: an action costing more AP than the creature has is
     * declared, paid with all AP now and on each following turn */
    if (!off_turn && cost > ap) {
        if (declare(e, &a))
            return;
        /* as below: one who can do nothing else may still try to Escape */
        if (!can_act(e, who) && !helpless_may(a.kind))
            return;
        pay_ap(e, who, ap);
        c->pending = a.kind;
        c->pending_target = a.target;
        c->pending_arg = a.arg;
        c->pending_left = cost - ap;
        fray_emit(e, &(fray_event){.kind = "declare", .actor = who, .target = a.target,
                                    .action = name_of(e, a.kind), .value = c->pending_left,
                                    .has_value = 1, .detail = "AP still to spend on later turns",
                                    .rule = R("Action Points")});
        return;
    }
    /* the declared window: reactions, and interrupts that cancel the action */
    if (needs_declare(a.kind) && !readied) {
        st->redirect = -1;
        int saved_redirect;
        if (declare(e, &a)) {
            fray_emit(e, &(fray_event){.kind = "canceled", .actor = who, .target = a.target,
                                        .action = name_of(e, a.kind),
                                        .detail = "interrupted: no effect, no AP spent",
                                        .rule = R("Using Actions and Reactions")});
            return;
        }
        saved_redirect = st->redirect;
        st->redirect = -1;
        if (saved_redirect >= 0 && is_attack(a.kind)) {
            /* #Reaction: Interpose: "your target becomes the target of the
             * attack", resolved as if in the interposer's space */
            fray_emit(e, &(fray_event){.kind = "redirect", .actor = who, .target = saved_redirect,
                                        .action = name_of(e, a.kind), .rule = R("Reaction: Interpose")});
            a.target = (int16_t)saved_redirect;
        }
    }
    if (!able(e, who) || (!can_act(e, who) && !helpless_may(a.kind)))
        return;
    if (readied) {
        c->readied = -1;
        fray_cond_remove(e, who, WO_C_READIED);
    } else if (c->readied >= 0 && a.kind != WO_A_READY) {
        /* "Until you take an action or reaction" */
        c->readied = -1;
        fray_cond_remove(e, who, WO_C_READIED);
    }
    if (cost > RES(e, who, WO_R_AP))
        cost = RES(e, who, WO_R_AP);
    pay_ap(e, who, cost);
    effect(e, &a, st->trigger_valid ? &st->trigger : NULL);
    if (interrupt)
        st->cancel = 1;
}

/* ---- Turns and rounds ---------------------------------------------------------------------------- */

/* A long action about to take effect: is its target still there? */
static int still_valid(const fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    if (t < 0 || a->kind == WO_A_STABILIZE || a->kind == WO_A_TREAT_WOUND ||
        a->kind == WO_A_TREAT_COND)
        return t < 0 || e->c[t].status != FRAY_DEAD;
    if (!able(e, t))
        return 0;
    if (a->kind == WO_A_CAST)
        return wo_gap_yd(e, who, t) <= CCR(e, who)->spell[a->arg].range;
    if (is_attack(a->kind) || a->kind == WO_A_GRAPPLE || a->kind == WO_A_PIN ||
        (a->kind >= WO_A_DISTRACT && a->kind <= WO_A_TRIP) || a->kind == WO_A_HINDER) {
        const wo_weapon *w = weapon_of(e, who);
        if (w->ranged && is_attack(a->kind))
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
    if (c->pending >= 0) {
        int ap = RES(e, who, WO_R_AP);
        int pay = ap < c->pending_left ? ap : c->pending_left;
        set_res(e, who, WO_R_AP, ap - pay);
        c->pending_left -= pay;
        if (c->pending_left > 0) {
            fray_emit(e, &(fray_event){.kind = "declare", .actor = who, .target = c->pending_target,
                                        .action = name_of(e, c->pending), .value = c->pending_left,
                                        .has_value = 1, .detail = "AP still to spend on later turns",
                                        .rule = R("Action Points")});
            return;
        }
        fray_action a = {.kind = (int16_t)c->pending, .actor = (int16_t)who,
                         .target = (int16_t)c->pending_target, .arg = (int16_t)c->pending_arg};
        c->pending = -1;
        fray_emit(e, &(fray_event){.kind = "complete", .actor = who, .target = a.target,
                                    .action = name_of(e, a.kind),
                                    .detail = "all AP spent: the action takes effect",
                                    .rule = R("Action Points")});
        if (still_valid(e, &a))
            effect(e, &a, NULL);
        else
            fray_emit(e, &(fray_event){.kind = "canceled", .actor = who, .target = a.target,
                                        .action = name_of(e, a.kind),
                                        .detail = "the target is gone or out of reach",
                                        .rule = R("Action Points")});
    }
}

/* Before the core expires the end-of-turn conditions and emits "turn end"
 * with the AP left. */
void wo_turn_end(fray_encounter *e, int who)
{
    wo_creature *c = CR(e, who);
    /* #Action Points: AP "once at the end of your turn"; #Surprise: none
     * until after the first turn; staggered: none (interpretation) */
    c->nogain = 0;
    if (!HAS(e, who, WO_C_STAGGERED))
        set_res(e, who, WO_R_AP,
                wo_gain_ap(RES(e, who, WO_R_AP), wo_speed_row_for(c->speed)->turn_end, c->max_ap));
    fray_cond_remove(e, who, WO_C_SURPRISED);
    /* an Opening lasts to the end of the turn it was made in
     * (FRAY_EXP_TURN_END), which is now */
    c->opening_vs = -1;
}

/* One creature enters the combat: its initiative, surprise and fatigue. */
void wo_enter_combat(fray_encounter *e, int i)
{
    wo_creature *c = CR(e, i);
    c->share_with = -1;
    /* #Initiative: "make a Prc [Reflex/Initiative] check and add 5" */
    int m = skill_mod(e, i, WO_PRC, WO_SK_REFLEX, "Initiative");
    wo_roll r = roll_check(e, 0, "Initiative check, 1d20");
    int init = r.total + m + 5;
    fray_mod(e, "Initiative +5", 5);
    /* #Surprise: "you cannot gain AP until after your first turn and you
     * take a penalty to your initiative equal to 5 - your Perception.
     * Creatures with a Perception higher than 5 cannot be surprised." */
    if (c->surprised && c->attr[WO_PRC] <= 5) {
        fray_mod(e, "Surprised", -(5 - c->attr[WO_PRC]));
        init -= 5 - c->attr[WO_PRC];
        c->nogain = 1;
        fray_cond_add(e, i, WO_C_SURPRISED, -1, FRAY_EXP_NEVER, 0);
    }
    /* #Mounted Combat: "using the worse of your two initiative scores" */
    if (mounted(e, i)) {
        wo_roll mr = roll_check(e, 0, "Mount initiative check, 1d20");
        int mi = mr.total + c->mount_prc + 5;
        if (mi < init) {
            fray_mod(e, "Mount's initiative is worse", mi - init);
            init = mi;
        }
    }
    set_res(e, i, WO_R_INIT, init < 0 ? 0 : init);
    fray_emit(e, &(fray_event){.kind = "initiative", .actor = i, .target = -1,
                                .value = RES(e, i, WO_R_INIT), .has_value = 1,
                                .detail = "starting initiative", .rule = R("Initiative")});
    wo_update_fatigue(e, i);
}

void wo_start_combat(fray_encounter *e)
{
    wo_state *st = ST(e);
    st->redirect = -1;
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
            apply_wound(e, -1, who, level, amount, 0, "GM");
        return;
    }
    int filled[WO_NLEVELS];
    filled_of(e, who, filled);
    for (int k = 0; k < amount; k++) {
        int worst = WO_FATAL;
        while (worst >= WO_LIGHT && !filled[worst])
            worst--;
        if (worst < WO_LIGHT || !wo_wound_reduce(filled, CR(e, who)->slots, worst))
            break;
    }
    set_filled(e, who, filled);
    maybe_wake(e, who);
}

/* A creature joins a fight under way (fray_add_combatant): readied as at
 * loading, then it rolls its initiative. */
void wo_join(fray_encounter *e, int who)
{
    wo_prepare(e, who);
    wo_enter_combat(e, who);
}

void wo_start_round(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++) {
        wo_creature *c = CR(e, i);
        c->dash_uses = 0;
        c->dash_bonus = 0;
        c->harried_by = 0;
        if (!able(e, i) || c->nogain)
            continue;
        /* #Action Points: "You gain AP twice per round, once at the start of
         * the round" */
        set_res(e, i, WO_R_AP,
                wo_gain_ap(RES(e, i, WO_R_AP), wo_speed_row_for(c->speed)->round_start, c->max_ap));
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
        set_res(e, i, WO_R_MOVE, 0);
        /* a dying PC dies after option dying_rounds rounds untreated */
        if (HAS(e, i, WO_C_DYING) && e->c[i].status == FRAY_DOWN &&
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
                    RES(e, who, WO_R_AP), c->max_ap, RES(e, who, WO_R_INIT),
                    RES(e, who, WO_R_STAMINA),
                    wo_max_stamina(c->max_stamina, RES(e, who, WO_R_FATIGUE)),
                    RES(e, who, WO_R_FATIGUE), RES(e, who, WO_R_LIGHT), RES(e, who, WO_R_MODERATE),
                    RES(e, who, WO_R_SEVERE), RES(e, who, WO_R_CRITICAL), RES(e, who, WO_R_FATAL));
}
