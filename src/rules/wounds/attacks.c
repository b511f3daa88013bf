/* attacks.c: #Attacks and Combat Checks as attacks: #Modifiers to Attack,
 * #Flanking and #Ignoring Your Flank, #Defense, #Penetrating Attacks,
 * #Critical Successes and Failures, the wound an attack gives (#Wound
 * Thresholds, #Wound Slots, #NPCs and Wounds, #Health, Damage, and Healing,
 * the checks #Swimming and Climbing and #Mounted Combat ask on a wound),
 * #Underwater Combat's attack penalties, and the attack actions: #Action:
 * Standard, Quick, Strong and Nonlethal Attack, Cast a Spell (#Mana),
 * #Action: Defend, #Action: Create an Opening, #Reaction: Rebuff and
 * #Reaction: Harry. An attack's exact odds, for users only, are in odds.c
 * (wo_action_odds), the one file of the ruleset with floating point: no
 * rule and no choice of the policy reads them. */
#include <stdio.h>

#include "combat.h"

const wo_weapon wo_fist = {"unarmed", "Unarmed", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

/* ---- Flanking ----------------------------------------------------------- */

/* Can i count towards flanking the view's creature t? Not when t ignores
 * it, nor when i ignores t ("you cannot contribute to flanking an ignored
 * creature"). */
static int v_flanker(const wo_view *v, int i)
{
    const fray_encounter *e = v->e;
    int t = v->who;
    return wo_enemies(e, i, t) && !(CCR(e, t)->ignored & (1u << i)) &&
           !(CCR(e, i)->ignored & (1u << t)) && wo_v_threatens(v, i);
}

/* #Flanking: is the view's creature flanked, two of its flankers at least
 * 120 degrees apart? */
int wo_v_flanked(const wo_view *v)
{
    const fray_encounter *e = v->e;
    int t = v->who;
    unsigned fl = 0;
    for (int i = 0; i < e->n; i++)
        if (v_flanker(v, i))
            fl |= 1u << i;
    return wo_flankers_apart(e, t, fl);
}

int wo_flankers_apart(const fray_encounter *e, int t, unsigned fl)
{
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
    return wo_flanked_now(e, t); /* two flankers, each an enemy able to fight */
}

/* ---- Defense ------------------------------------------------------------ */

static int immobilized(const fray_encounter *e, int t)
{
    return fray_has(e, t, WO_C_HELPLESS) || fray_has(e, t, WO_C_PINNED) || fray_has(e, t, WO_C_UNDERWATER) ||
           fray_has(e, t, WO_C_UNCONSCIOUS);
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
    if ((def == WO_D_MELEE || def == WO_D_RANGED) && fray_has(e, t, WO_C_DEFENDING)) {
        /* #Action: Defend: replace with Power, Agility, Fortitude or
         * Willpower, or +2: the best of them */
        int best = d + 2;
        for (int k = WO_D_POWER; k <= WO_D_WILLPOWER; k++)
            best = wo_best_of(best, wo_defense_base(c, k));
        fray_mod(e, "Defense: Defend", best - d);
        d = best;
    }
    if (fray_has(e, t, WO_C_DISTRACTED)) {
        fray_mod(e, "Defense: Distracted", -2);
        d -= 2;
    }
    if ((def == WO_D_MELEE || def == WO_D_RANGED) && fray_has(e, t, WO_C_SHARING)) {
        fray_mod(e, "Defense: sharing a space", -2);
        d -= 2;
    }
    if (def == WO_D_MELEE && wo_mounted(e, t) && attacker >= 0 &&
        wo_mount_edge(c->mount_size, CCR(e, attacker)->size, wo_mounted(e, attacker),
                      CCR(e, attacker)->mount_size)) {
        fray_mod(e, "Defense: mounted", 1);
        d += 1;
    }
    return d;
}

/* ---- Wounds ------------------------------------------------------------- */

static void knock_out(fray_encounter *e, int t, int dying)
{
    fray_cond_add(e, t, WO_C_UNCONSCIOUS, -1, FRAY_EXP_NEVER, 0);
    if (dying) {
        fray_cond_add(e, t, WO_C_DYING, -1, FRAY_EXP_NEVER, 0);
        CR(e, t)->dying_since = e->round;
    }
    fray_set_status(e, t, FRAY_DOWN);
}

static __attribute__((cold, noinline)) void env_fall_check(fray_encounter *e, int t, int level);
static __attribute__((cold, noinline)) void mount_control_check(fray_encounter *e, int t);

/* A fatal wound's outcome: helpless or unconscious from a Nonlethal Attack,
 * dead, or dying. Once a fight at most: out of line and cold, so that the
 * flattened attack keeps its every-hit path together in the cache. */
static __attribute__((cold, noinline)) void fatal_wound(fray_encounter *e, int attacker, int t,
                                                        int level, int nonlethal, int had_fatal,
                                                        const char *action)
{
    const wo_creature *c = CCR(e, t);
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
}

/* Give `t` a wound of `level`: slot escalation, fatal wounds, staggered,
 * Defend ending. nonlethal: the attacker chose the level (Nonlethal Attack). */
void wo_apply_wound(fray_encounter *e, int attacker, int t, int level, int damage,
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
    wo_filled_of(e, t, filled);
    int had_fatal = filled[WO_FATAL];
    int got = wo_wound_fill(filled, c->slots, level);
    wo_set_filled(e, t, filled);
    e->c[t].taken += got + 1;
    if (attacker >= 0)
        e->c[attacker].dealt += got + 1;
    /* #Action: Defend: "Until your next turn or you receive a wound" */
    if (fray_has(e, t, WO_C_DEFENDING))
        fray_cond_remove(e, t, WO_C_DEFENDING);
    wo_update_fatigue(e, t);
    fray_emit(e, &(fray_event){.kind = "damage", .actor = attacker, .target = t,
                                .action = action, .outcome = wo_level_name[got], .value = damage,
                                .has_value = 1,
                                .detail = got != level ? "slots full: the wound escalates" : NULL,
                                .rule = got != level ? R("Wound Slots") : R("Wound Thresholds")});
    if (got == WO_FATAL) {
        fatal_wound(e, attacker, t, level, nonlethal, had_fatal, action);
        return;
    }
    /* #Swimming and Climbing, below */
    if (c->env == WO_ENV_SWIMMING || c->env == WO_ENV_CLIMBING)
        env_fall_check(e, t, got);
    /* #Mounted Combat: untrained mounts need a check when rider is wounded */
    if (wo_mounted(e, t) && !c->mount_trained && !c->lost_control)
        mount_control_check(e, t);
}

/* The check of an untrained mount's rider (wo_apply_wound): rare, out of
 * line and cold. */
static __attribute__((cold, noinline)) void mount_control_check(fray_encounter *e, int t)
{
    int m = wo_skill_mod(e, t, WO_PRS, WO_SK_NATURE, wo_spk(e, t, WO_SPK_RIDING));
    wo_roll r = wo_roll_check_by(e, t, 0, "Riding check, 1d20");
    wo_emit_check(e, t, -1, "Control mount", r.total + m, 5, R("Mounted Combat"));
    if (r.total + m < 5)
        CR(e, t)->lost_control = 1;
}

/* #Swimming and Climbing: "whenever you take a wound, you must make another
 * check at a -5 penalty for each wound level beyond light, falling or
 * sinking on a failure." */
static __attribute__((cold, noinline)) void env_fall_check(fray_encounter *e, int t, int level)
{
    wo_creature *c = CR(e, t);
    if (c->env != WO_ENV_SWIMMING && c->env != WO_ENV_CLIMBING)
        return;
    if (fray_has(e, t, WO_C_UNDERWATER) || !fray_able(e, t))
        return;
    int swim = c->env == WO_ENV_SWIMMING;
    int m = wo_skill_mod(e, t, WO_STR, WO_SK_ATHLETICS,
                         wo_spk(e, t, swim ? WO_SPK_SWIMMING : WO_SPK_CLIMBING));
    if (level > WO_LIGHT)
        fray_mod(e, "Wound beyond light", wo_env_wound_penalty(level));
    wo_roll r = wo_roll_check_by(e, t, 0, swim ? "Swimming check, 1d20" : "Climbing check, 1d20");
    int total = r.total + m + wo_env_wound_penalty(level), tn = fray_opt(e, WO_OPT_ENV_TN);
    wo_emit_check(e, t, -1, swim ? "Stay afloat" : "Keep hold", total, tn, R("Swimming and Climbing"));
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

/* ---- Attacks ------------------------------------------------------------ */

void wo_attack_plan_of(fray_encounter *e, int a, int t, int kind, int spell, wo_attack_plan *p)
{
    const wo_creature *ca = CCR(e, a);
    const wo_weapon *w = wo_weapon_of(e, a);
    if (kind == WO_A_GRAPPLE && w->reach > 0)
        w = &wo_fist; /* #Action: Grapple: "using any weapon that has a reach of 0" */
    int ranged = spell < 0 && w->ranged;
    int melee = spell < 0 && !w->ranged;
    *p = (wo_attack_plan){.w = w};
    int mod;
    if (spell >= 0) {
        const wo_spell *s = &ca->spell[spell];
        mod = wo_skill_mod(e, a, WO_RSN, WO_SK_ARCANA, s->school_rank);
    } else {
        mod = wo_skill_mod(e, a, WO_DEX, ranged ? WO_SK_AIM : WO_SK_MELEE,
                           wo_group_rank(e, a, w));
        if (w->accuracy) {
            fray_mod(e, "Weapon accuracy", w->accuracy);
            mod += w->accuracy;
        }
    }
    /* #Modifiers to Attack */
    int flank = flank_state(e, a, t);
    int tm = wo_attack_mod(ranged || spell >= 0, wo_posture(e, t), CCR(e, t)->cover, flank);
    if (tm) {
        fray_mod(e, flank == 2 ? "Rear attack, target position and cover" :
                    flank ? "Flanked, target position and cover" : "Target position and cover", tm);
        mod += tm;
    }
    if (kind == WO_A_NONLETHAL) {
        fray_mod(e, "Nonlethal Attack", -2);
        mod -= 2;
    }
    if (ranged && fray_has(e, a, WO_C_HARRIED)) {
        fray_mod(e, "Harried", -2);
        mod -= 2;
    }
    if (fray_has(e, a, WO_C_DISTRACTED)) {
        fray_mod(e, "Distracted", -2);
        mod -= 2;
    }
    if (fray_has(e, a, WO_C_SHARING)) {
        fray_mod(e, "Sharing a space", -2);
        mod -= 2;
    }
    if (melee && fray_has(e, a, WO_C_UNDERWATER)) {
        fray_mod(e, "Underwater", -5);
        mod -= 5;
    }
    if (melee && wo_mounted(e, a) &&
        wo_mount_edge(ca->mount_size, CCR(e, t)->size, wo_mounted(e, t), CCR(e, t)->mount_size)) {
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
        if (fray_has(e, a, WO_C_UNDERWATER))
            wd = wo_underwater_damage(wd, (w->props & WO_P_AQUATIC) != 0); /* rounded down */
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

/* The Swimming or Climbing check before an attack roll (wo_attack_roll): 1
 * when it fails and the attack misses. Rare: out of line and cold. */
static __attribute__((cold, noinline)) int lost_footing(fray_encounter *e, int a, int t,
                                                        const char *action)
{
    const wo_creature *ca = CCR(e, a);
    int swim = ca->env == WO_ENV_SWIMMING;
    int m = wo_skill_mod(e, a, WO_STR, WO_SK_ATHLETICS,
                         wo_spk(e, a, swim ? WO_SPK_SWIMMING : WO_SPK_CLIMBING));
    wo_roll r = wo_roll_check(e, 0, swim ? "Swimming check, 1d20" : "Climbing check, 1d20");
    int tn = fray_opt(e, WO_OPT_ENV_TN);
    wo_emit_check(e, a, -1, swim ? "Stay afloat" : "Keep hold", r.total + m, tn,
                  R("Swimming and Climbing"));
    if (r.total + m < tn) {
        if (swim)
            fray_cond_add(e, a, WO_C_UNDERWATER, -1, FRAY_EXP_NEVER, 0);
        fray_emit(e, &(fray_event){.kind = "attack", .actor = a, .target = t, .action = action,
                                    .outcome = "miss", .detail = "lost footing: automatic miss",
                                    .rule = R("Swimming and Climbing")});
        return 1;
    }
    return 0;
}

/* One attack roll of `a` against `t` with the actor's weapon (or spell
 * `spell` >= 0). Emits the attack event; returns the roll and whether it
 * hit. `defense_override` >= 0 replaces the target's Defense (Create an
 * Opening). */
wo_hit wo_attack_roll(fray_encounter *e, int a, int t, int kind, int spell,
                      const char *action, int *damage_roll)
{
    wo_hit h = {0, 0, 0, WO_NONE, 0, 0, 0};
    const wo_creature *ca = CCR(e, a);
    *damage_roll = 0;
    /* #Swimming and Climbing: "Any time you make an attack roll, you must
     * make a Str [Athletics/Climbing] or Str [Athletics/Swimming] check to
     * not fall or sink underwater. If you fail the check, then your attack
     * automatically misses." */
    if ((ca->env == WO_ENV_SWIMMING || ca->env == WO_ENV_CLIMBING) && !fray_has(e, a, WO_C_UNDERWATER) &&
        lost_footing(e, a, t, action))
        return h;
    wo_attack_plan p;
    wo_attack_plan_of(e, a, t, kind, spell, &p);
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
    if (r.crit > 0 && fray_able(e, t))
        wo_init_change(e, a, 2, t, -2, "critical success: +2, target -2",
                       R("Critical Successes and Failures"));
    else if (r.crit > 0)
        wo_init_change(e, a, 2, -1, 0, "critical success: +2", R("Critical Successes and Failures"));
    else if (r.crit < 0)
        wo_init_change(e, a, -2, -1, 0, "critical failure: -2", R("Critical Successes and Failures"));
    if (h.hit) {
        if (kind == WO_A_STRONG) {
            h.d6 = fray_die(&e->dice, 6, "Strong Attack damage, 1d6");
            dmg += h.d6;
        }
        /* #Penetrating Attacks: Strength and weapon damage are already in
         * the attack roll ("instead of only adding it after a successful
         * hit"); what a hit adds on top of them, Strong Attack's "additional
         * 1d6 damage", is still added after the hit */
        *damage_roll = pen ? dmg - p.str - p.wdmg : dmg;
        if (pen)
            h.str = h.wdmg = 0; /* already in the attack roll */
    }
    return h;
}

/* A full attack: roll, damage, wound level with the action's step changes,
 * the wound. */
__attribute__((flatten)) static void do_attack(fray_encounter *e, int a, int t, int kind, int spell, const char *action)
{
    int dmg;
    wo_hit h = wo_attack_roll(e, a, t, kind, spell, action, &dmg);
    if (!h.hit || !fray_able(e, t))
        return;
    const wo_weapon *w = wo_weapon_of(e, a);
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
    wo_apply_wound(e, a, t, level, final, nonlethal, action);
}

/* ---- The attack actions ------------------------------------------------- */

/* Action: Nonlethal, Quick, Standard or Strong Attack, Reaction: Rebuff. */
void wo_act_attack(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    if (!fray_able(e, t))
        return;
    if (a->kind == WO_A_STRONG)
        wo_pay_stamina(e, who, fray_opt(e, WO_OPT_STAMINA_STRONG));
    do_attack(e, who, t, a->kind, -1, wo_action_name(e, a->kind));
}

void wo_act_cast(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    const wo_spell *s = &CR(e, who)->spell[a->arg];
    /* #Mana: spending mana reduces the current total */
    wo_set_res(e, who, WO_R_MANA, fray_res(e, who, WO_R_MANA) - s->mana);
    if (fray_able(e, t))
        do_attack(e, who, t, WO_A_CAST, a->arg, s->name);
}

void wo_act_defend(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    /* "Until your next turn": this round's turn if it is still to come */
    fray_cond_add(e, who, WO_C_DEFENDING, -1, FRAY_EXP_TURN_START,
                  fray_turns_next_round(e, who));
    wo_emit_act(e, a, "defending", 0, 0, NULL, R("Action: Defend"));
}

void wo_act_harry(fray_encounter *e, const fray_action *a)
{
    int t = a->target;
    CR(e, a->actor)->harried_by |= 1u << t;
    fray_cond_add(e, t, WO_C_HARRIED, -1, FRAY_EXP_ROUND_END, e->round);
    wo_emit_act(e, a, "harried", -2, 1, "-2 to ranged weapon attacks this round",
                R("Reaction: Harry"));
}

void wo_act_opening(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    wo_creature *c = CR(e, who);
    const wo_weapon *w = wo_weapon_of(e, who);
    int m = wo_skill_mod(e, who, WO_DEX, WO_SK_MELEE, wo_group_rank(e, who, w)) + w->accuracy;
    wo_roll r = wo_wild(&e->dice, fray_opt(e, WO_OPT_WILD_ROLL), "Attack roll, wild 1d20");
    c->opening_vs = t;
    c->opening_value = r.total + m;
    fray_cond_add(e, who, WO_C_OPENING, -1, FRAY_EXP_TURN_END, e->round);
    wo_emit_act(e, a, "opening", r.total + m, 1, "replaces its Defense against the target's rebuff",
                R("Action: Create an Opening"));
}

void wo_act_ignore_flank(fray_encounter *e, const fray_action *a)
{
    int t = a->target;
    wo_creature *c = CR(e, a->actor);
    if (a->arg)
        c->ignored &= ~(1u << t);
    else
        c->ignored |= 1u << t;
    fray_touch(e); /* ignored: wo_memo's flanks */
    wo_emit_act(e, a, a->arg ? "stops ignoring" : "ignores", 0, 0, NULL, R("Ignoring Your Flank"));
}
