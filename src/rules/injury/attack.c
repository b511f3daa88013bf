/* attack.c: #Attack Roll, #Martial Bonus, #Attack Attribute Modifier,
 * #Defence Value, #Critical Hits and Misses, #Size Differences,
 * #Positioning (#Cover, #Total Cover, #Flanking, #Prone), #Melee and
 * #Ranged of 001_7bb09e523b7677c3.txt: one attack from the roll to the
 * injuries it inflicts. */
#include "injury.h"

int in_offguard(const fray_encounter *e, int who)
{
    return (fray_cflags(e, who) & FRAY_CF_FLAT_FOOTED) != 0;
}

/* #Defence Value: option dv_base + the defence modifier + armor (not for
 * Touch DV) + a readied shield + Defend's dodge bonus. "Off-Guarded DV does
 * not include your Dexterity bonus (if you have any), but still includes
 * your Dexterity penalty". */
int in_dv(const fray_encounter *e, int who, int touch, int offguard)
{
    const in_creature *c = IN_CCR(e, who);
    int def = c->attr[c->def_attr];
    if (offguard && c->def_attr == IN_DEX && def > 0)
        def = 0;
    int dv = fray_opt(e, IN_OPT_DV_BASE) + def;
    if (!touch) {
        dv += c->armor;
        if (fray_has(e, who, IN_C_SHIELD))
            dv += c->shield;
    }
    if (fray_has(e, who, IN_C_DEFENDING))
        dv += c->mb;
    return dv;
}

/* #Melee: "Use either your Strength or your Dexterity"; #Ranged: "either
 * your Dexterity or Wisdom"; #Throw: "You may use Strength". The higher. */
int in_attack_bonus(const fray_encounter *e, int who, const in_weapon *w, int thrown)
{
    const in_creature *c = IN_CCR(e, who);
    int s = c->attr[IN_STR], d = c->attr[IN_DEX], wi = c->attr[IN_WIS], m;
    if (thrown)
        m = s > d ? (s > wi ? s : wi) : (d > wi ? d : wi);
    else if (w->melee)
        m = s > d ? s : d;
    else
        m = d > wi ? d : wi;
    return c->mb + m;
}

static int half_space(const fray_encounter *e, int who)
{
    int s = IN_CCR(e, who)->size - IN_MEDIUM;
    return IN_SQUARE_CM / 2 + (s > 0 ? s * IN_SQUARE_CM / 2 : 0);
}

int in_reach_cm(const fray_encounter *e, int who, const in_weapon *w)
{
    int ft = w->reach_ft + (fray_has(e, who, IN_C_LUNGING) ? 5 : 0);
    return IN_FT_CM(ft) + half_space(e, who);
}

int in_in_reach(const fray_encounter *e, int who, int t, const in_weapon *w)
{
    return fray_distance(e, who, t) <= in_reach_cm(e, who, w) + half_space(e, t) - IN_SQUARE_CM / 2;
}

/* #Throw: "By default, thrown objects have a range increment of 10 feet
 * ... For every +1 Strength bonus, increase your thrown object's range
 * increment by 5 feet." */
int in_increment_ft(const fray_encounter *e, int who, const in_weapon *w, int thrown)
{
    if (!thrown)
        return w->increment_ft;
    int s = IN_CCR(e, who)->attr[IN_STR];
    return (w->increment_ft ? w->increment_ft : 10) + (s > 0 ? 5 * s : 0);
}

int in_in_range(const fray_encounter *e, int who, int t, const in_weapon *w, int thrown)
{
    int inc = in_increment_ft(e, who, w, thrown);
    if (inc <= 0)
        return 0;
    /* the text gives no maximum range: none, unless option max_increments
     * sets one (a rule the text does not have) */
    int max = fray_opt(e, IN_OPT_MAX_INCREMENTS);
    return !max || fray_distance(e, who, t) <= IN_FT_CM(max * inc);
}

static int threatens(const fray_encounter *e, int who, int t)
{
    if (!fray_able(e, who) || (fray_cflags(e, who) & FRAY_CF_NO_ACTIONS))
        return 0;
    const in_creature *c = IN_CCR(e, who);
    for (int i = 0; i < c->nweapon; i++)
        if (c->w[i].melee && in_weapon_usable(c, i) && in_in_reach(e, who, t, &c->w[i]))
            return 1;
    return 0;
}

static int add_adv(fray_encounter *e, int emit, const char *why, int n)
{
    if (emit && n)
        fray_mod(e, why, n);
    return n;
}

/* The counted advantage of an attack (advantages minus disadvantages), each
 * source attached to the event when emit is set. */
int in_adv(fray_encounter *e, int who, int t, const in_weapon *w, int thrown, int emit)
{
    const in_fx *fx = &IN_CCR(e, who)->fx;
    int melee = w->melee && !thrown, adv = 0;
    adv += add_adv(e, emit, "disadvantage: iterative attacks", -fray_res(e, who, IN_R_ATTACKS));
    adv += add_adv(e, emit, "disadvantage: injuries", -fx->attack_dis - fx->d20_dis);
    adv += add_adv(e, emit, "disadvantage: blinded",
                   fx->blinded ? -fray_opt(e, IN_OPT_BLIND_DIS) : 0);
    adv += add_adv(e, emit, "disadvantage: confused", fray_has(e, who, IN_C_CONFUSED) ? -1 : 0);
    adv += add_adv(e, emit, "disadvantage: sickened", fray_has(e, who, IN_C_SICKENED) ? -1 : 0);
    adv += add_adv(e, emit, "disadvantage: exhausted",
                   fray_has(e, who, IN_C_EXHAUSTED) ? -fray_opt(e, IN_OPT_EXHAUSTED_DIS) : 0);
    adv += add_adv(e, emit, "disadvantage: cover", -IN_CCR(e, t)->cover);
    int tprone = fray_has(e, t, IN_C_PRONE), prone = fray_has(e, who, IN_C_PRONE);
    if (melee) {
        int flank = 0, mine = -1; /* mine: threatens(e, who, t), read when first wanted */
        for (int b = 0; b < e->n && !flank; b++)
            flank = b != who && b != t && !in_foe(e, who, b) && threatens(e, b, t) &&
                    (mine < 0 ? (mine = threatens(e, who, t)) : mine) &&
                    fray_opposite(e->c[t].x, e->c[t].y, e->c[who].x, e->c[who].y, e->c[b].x,
                                  e->c[b].y, half_space(e, t));
        adv += add_adv(e, emit, "advantage: flanking", flank);
        adv += add_adv(e, emit, "advantage: prone target", tprone);
        adv += add_adv(e, emit, "disadvantage: attacking from prone", prone && !tprone ? -1 : 0);
        adv += add_adv(e, emit, "advantage: defences opened", fray_has(e, t, IN_C_OPENED));
    } else {
        adv += add_adv(e, emit, "disadvantage: prone target", -tprone);
        adv += add_adv(e, emit, "disadvantage: throwing from prone", prone && thrown ? -1 : 0);
        adv += add_adv(e, emit, "advantage: crossbow from prone", prone && w->crossbow);
        int inc = in_increment_ft(e, who, w, thrown);
        int d = fray_distance(e, who, t) / 30;
        adv += add_adv(e, emit, "disadvantage: range increments", inc > 0 ? -(d / inc) : 0);
        /* "at an enemy engaged in melee with an ally ... unless your target is
         * two or more size categories larger or is 10 or more feet away from
         * any ally" */
        /* read only as far as the answer needs: not for a target two
         * sizes larger, each ally's threat until one threatens */
        int engaged = 0, near = 0, big = IN_CCR(e, t)->size - IN_CCR(e, who)->size >= 2;
        for (int b = 0; b < e->n && !big && !(engaged && near); b++)
            if (b != who && b != t && !in_foe(e, who, b) && fray_able(e, b)) {
                /* feet between squares, as reach counts them: adjacent
                 * is 5 feet, one square between 10 ("10 or more feet
                 * away" is not near) */
                near |= fray_distance(e, b, t) <
                        IN_FT_CM(10) + half_space(e, t) + half_space(e, b) - IN_SQUARE_CM;
                engaged = engaged || threatens(e, b, t);
            }
        adv += add_adv(e, emit, "disadvantage: firing into melee", engaged && near && !big ? -1 : 0);
    }
    return adv;
}

/* #Ranged: "Each creature of the same size as your target that is standing
 * in the path of your projectile ... provides a cumulative +2 bonus to your
 * target's DV. that bonus increases by 2 for every size category larger." */
int in_path_dv(const fray_encounter *e, int who, int t)
{
    int bonus = 0, ts = IN_CCR(e, t)->size;
    for (int k = 0; k < e->n; k++) {
        if (k == who || k == t || e->c[k].gone || !fray_able(e, k))
            continue;
        int64_t r = half_space(e, k);
        if (fray_dist2_point_segment(e->c[k].x, e->c[k].y, e->c[who].x, e->c[who].y, e->c[t].x,
                                     e->c[t].y) >= r * r)
            continue;
        int ks = IN_CCR(e, k)->size;
        if (ks >= ts)
            bonus += 2 + 2 * (ks - ts);
    }
    return bonus;
}

/* #Attack Roll with the counted advantage. The text does not say what one
 * level rolls: option adv_mode 0 rolls one more d20 per level and keeps the
 * best (worst); 1 adds (subtracts) 2 per level. */
void in_roll_adv(fray_encounter *e, fray_check *c, const char *purpose)
{
    if (fray_opt(e, IN_OPT_ADV_MODE) == 1) {
        fray_check_mod(e, c, "counted advantage, 2 each", 2 * c->adv);
        c->adv = 0;
    }
    fray_check_roll(e, c, 20, 0, purpose);
}

static void fumble(fray_encounter *e, int who, in_weapon *w)
{
    /* #Critical Hits and Misses: "the attacker loses their grip on their
     * weapon and drops it. If the attack was made with a natural weapon, the
     * attacker cannot use that natural attack until the end of their next
     * turn." */
    if (w->natural)
        w->fumbled = (int8_t)(fray_turns_current(e) == who ? 2 : 1);
    else
        w->state = IN_W_DROPPED;
    fray_record(e, who, w->natural ? "natural attack disabled" : "dropped", 0, 1);
}

/* #Heart: "You need to succeed a Lore check on the creature you meet for
 * the first time to identify where the heart is located ... The DC is 15 +
 * the creature's base level." Once per foe. */
static int heart_known(fray_encounter *e, int who, int t)
{
    in_creature *c = IN_CR(e, who);
    uint32_t bit = 1u << t;
    if (!fray_opt(e, IN_OPT_HEART_LORE))
        return 1;
    if (!(c->heart_tried & bit)) {
        c->heart_tried |= bit;
        fray_check k;
        fray_check_start(&k, 15 + IN_CCR(e, t)->level);
        fray_check_mod(e, &k, "Lore", in_skill_mod(e, who, IN_SK_LORE));
        in_roll_adv(e, &k, "Lore check to find the heart, 1d20");
        fray_check_settle(&k, 0);
        if (k.success)
            c->heart_known |= bit;
        fray_emit(e, &(fray_event){.kind = "check", .actor = who, .target = t, .action = "Lore",
                                    .outcome = k.success ? "heart found" : "heart not found",
                                    .value = k.total, .has_value = 1, .rule = IN_RULE("Heart")});
    }
    return (c->heart_known & bit) != 0;
}

static void wound(fray_encounter *e, const fray_action *a, int t, int d)
{
    in_creature *tc = IN_CR(e, t);
    int sev = d > IN_FATAL ? IN_FATAL : d;
    uint32_t allowed = in_part_allowed(tc, sev);
    if ((allowed >> IN_HEART & 1u) && !heart_known(e, a->actor, t))
        allowed &= ~(1u << IN_HEART);
    if (!allowed)
        return;
    IN_ST(e)->ask_degrees = d;
    IN_ST(e)->ask_target = t;
    int part = fray_ask(e, a->actor, IN_Q_PART, allowed, a);
    if (part < 0)
        return;
    /* #Injuries: "use each degree of success that were not spent to increase
     * the severity to add another injury to the targeted body part" */
    in_injure(e, t, part, 1 + d - in_parts[part].severity, a->actor);
}

static void cleave(fray_encounter *e, const fray_action *a, int t, const in_attack_opts *o)
{
    int who = a->actor;
    const in_weapon *w = &IN_CCR(e, who)->w[o->weapon];
    if (fray_res(e, who, IN_R_STAMINA) < 1 || !fray_able(e, who) ||
        (fray_opt(e, IN_OPT_FREE_ONCE) && IN_CCR(e, who)->free_used))
        return;
    for (int f = 0; f < e->n; f++) {
        if (f == t || !in_foe(e, who, f) || !fray_able(e, f) || !in_in_reach(e, who, f, w) ||
            fray_distance(e, t, f) > IN_SQUARE_CM + half_space(e, t) + half_space(e, f) - IN_SQUARE_CM)
            continue;
        if (fray_ask(e, who, IN_Q_CLEAVE, 3u, a) != 1)
            return;
        /* #Cleave: "spend 1 stamina as a free action to continue your attack
         * into another opponent ... melee attacks against gain +1 advantage
         * until the start of your next turn" */
        in_spend_stamina(e, who, 1);
        IN_CR(e, who)->free_used++;
        fray_cond_add(e, who, IN_C_OPENED, -1, FRAY_EXP_TURN_START, fray_turns_next_round(e, who));
        in_attack_opts o2 = *o;
        o2.cleaving = 1;
        o2.power = o2.reckless = 0;
        fray_action a2 = *a;
        a2.target = (int16_t)f;
        in_attack(e, &a2, f, &o2);
        return;
    }
}

static const char *outcome_of(int hit, int crit, int nat, int deflected)
{
    if (deflected)
        return "deflected";
    if (hit)
        return crit ? "critical" : "hit";
    return nat == 1 ? "critical miss" : "miss";
}

int in_attack(fray_encounter *e, const fray_action *a, int t, const in_attack_opts *o)
{
    int who = a->actor;
    in_creature *c = IN_CR(e, who);
    in_weapon *w = &c->w[o->weapon];
    int melee = w->melee && !o->thrown, step = fray_opt(e, IN_OPT_DEGREE_STEP);
    int dv = in_dv(e, t, w->touch, in_offguard(e, t));
    fray_check k;
    fray_check_start(&k, dv + 1); /* "higher than your target's DV" */
    int path = melee ? 0 : in_path_dv(e, who, t);
    if (path) {
        fray_mod(e, "DV: creatures in the path", path);
        dv += path;
        k.target = dv + 1;
    }
    fray_check_mod(e, &k, "martial bonus", c->mb);
    fray_check_mod(e, &k, "attack attribute", in_attack_bonus(e, who, w, o->thrown) - c->mb);
    if (melee)
        fray_check_mod(e, &k, "size", in_size_attack(IN_CCR(e, t)->size - c->size));
    fray_check_mod(e, &k, melee ? "Power Attack" : "Deadly Aim", 2 * o->power);
    fray_check_adv(&k, in_adv(e, who, t, w, o->thrown, 1));
    fray_check_adv(&k, -o->reckless - o->extra_dis + (o->charge ? fray_opt(e, IN_OPT_CHARGE_ADV) : 0));
    in_roll_adv(e, &k, "Attack roll, 1d20");
    in_state *s = IN_ST(e);
    s->parry_cut = 0;
    s->reacted = 0;
    if (melee) {
        /* the roll is shown before anyone parries it */
        fray_flush(e, who, IN_RULE("Attack Roll"));
        fray_check_window(e, a, &k, step); /* #Parry: after the roll, before its effect */
    }
    else
        fray_check_settle(&k, step);
    int nat = k.nat, hit = k.total > dv, d = hit ? k.degrees : 0, forced = 0, deflected = 0;
    int crit = nat == 20 || (nat >= w->crit_from && hit);
    /* #Critical Hits and Misses: "If the attack roll result is still less
     * than the target's DV, the attack deals a minor injury instead of being
     * unsuccessful. Otherwise, the critical hit adds another degree": a total
     * equal to the DV is not less than it, so a natural 20 there is a
     * critical hit with its degree (0 for the equal total, + 1). */
    if (nat == 20 && k.total < dv)
        hit = forced = 1;
    else if (crit)
        hit = 1, d += 1;
    if (hit && s->parry_cut) {
        d -= s->parry_cut;
        if (d < 0)
            hit = 0, deflected = 1;
    }
    if (hit && !forced)
        d += o->reckless + in_size_degrees(IN_CCR(e, t)->size - c->size);
    if (nat == 1)
        d -= 1; /* "decreases the severity of the inflicted injury by one step" */
    /* "If the attack roll result is less than the target's DV, then the
     * attacker loses their grip": a total equal to the DV keeps the weapon */
    if (nat == 1 && k.total < dv)
        fumble(e, who, w);
    if (o->thrown)
        w->state = IN_W_GONE; /* it lands by the target, or scatters (actions.c) */
    fray_emit(e, &(fray_event){.kind = "attack", .actor = who, .target = t,
                                .action = o->thrown ? "Throw" : w->name,
                                .outcome = outcome_of(hit, crit && !forced, nat, deflected),
                                .value = hit ? (d < 0 ? -1 : d) : k.total, .has_value = 1,
                                .detail = hit ? (d < 0 ? "hit, no injury" : "degrees of success")
                                              : "attack total",
                                .rule = IN_RULE("Attack Roll")});
    if (!hit)
        return 0;
    if (d >= 0)
        wound(e, a, t, d);
    if (crit && !forced && e->c[t].status != FRAY_DEAD) {
        if (w->crit_effect == IN_CRIT_BLEED)
            fray_res_set(e, t, IN_R_BLEED, fray_res(e, t, IN_R_BLEED) + 1);
        else if (w->crit_effect == IN_CRIT_PRONE)
            fray_cond_add(e, t, IN_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    }
    if (e->c[t].status != FRAY_DEAD)
        in_strain(e, t, 1 + (d > 0 ? d : 0), who);
    fray_flush(e, who, IN_RULE("Strain"));
    if (melee && !o->cleaving)
        cleave(e, a, t, o);
    return 1;
}
