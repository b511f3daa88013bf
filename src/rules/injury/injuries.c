/* injuries.c: #Injuries, #Strain, #Minor Injuries .. #Fatal Injuries and
 * #Stamina and Exhaustion of 001_7bb09e523b7677c3.txt: what an injury does
 * to a body part and to the creature, strain spent from Stamina and then
 * Exhaustion, unconsciousness, its Constitution save, and death. */
#include <assert.h>
#include <string.h>

#include "injury.h"

int in_part_destroyed(const in_creature *c, int idx)
{
    int at = in_parts[c->part[idx].type].destroy_at;
    return at && c->part[idx].inj >= at;
}

/* #Head: "When more than half of the creature's heads have the same number
 * of injuries, then that injury effect applies to the whole creature": the
 * highest k that more than half of the heads have reached. */
static int head_level(const in_creature *c)
{
    int heads = in_count(c, IN_HEAD), best = 0;
    for (int k = 1; k <= 4; k++) {
        int n = 0;
        for (int i = 0; i < c->npart; i++)
            n += c->part[i].type == IN_HEAD && c->part[i].inj >= k;
        if (heads && 2 * n > heads)
            best = k;
    }
    return best;
}

/* Part idx's injuries from `from` up to its count now: their rows and the
 * tallies of its kind (the whole-creature effects: finish). */
static void add_part(in_fx *fx, const in_creature *c, int idx, int from)
{
    const in_part *p = &c->part[idx];
    int t = p->type, at = in_parts[t].destroy_at;
    fx->injuries += p->inj - from;
    fx->value += (p->inj - from) * (in_parts[t].severity + 1); /* in_fx_value */
    if (from == 0 && p->inj > 0)
        fx->injured[t]++;
    if (at && from < at && p->inj >= at)
        fx->destroyed[t]++;
    if (t == IN_HEAD)
        return; /* heads count as a whole (finish) */
    for (int k = from + 1; k <= p->inj; k++) {
        const in_injury_row *r = in_injury_row_of(t, k);
        if (!r)
            continue;
        fx->attack_dis += r->attack_dis;
        fx->d20_dis += r->d20_dis;
        for (int s = 0; s < IN_NSKILL; s++)
            if (r->skills >> s & 1u)
                fx->skill_dis[s] += r->skill_dis;
        fx->stand_ap += r->stand_ap;
        fx->speed_cut += r->speed_ft;
    }
}

/* What holds for the whole creature, from the tallies (heads: when they
 * changed). */
static void finish(in_fx *fx, const in_creature *c, int heads)
{
    if (heads) {
        int hl = head_level(c);
        fx->d20_dis += (hl >= 1) - (fx->head_level >= 1);
        fx->head_level = hl;
    }
    const int8_t *all = fx->all, *injured = fx->injured, *destroyed = fx->destroyed;
    fx->deafened = all[IN_EAR] && injured[IN_EAR] == all[IN_EAR];
    fx->no_scent = all[IN_NOSE] && injured[IN_NOSE] == all[IN_NOSE];
    fx->blinded = all[IN_EYE] && injured[IN_EYE] == all[IN_EYE];
    /* #Wing: "You can no longer fly when you have only 1 uninjured wing left." */
    fx->no_fly = all[IN_WING] && all[IN_WING] - injured[IN_WING] <= 1;
    /* #Foot, #Leg: "When all feet (legs) have at least 1 injury, you fall
     * prone and cannot stand up." */
    fx->legs_down = (all[IN_FOOT] && injured[IN_FOOT] == all[IN_FOOT]) ||
                    (all[IN_LEG] && injured[IN_LEG] == all[IN_LEG]);
    fx->sickened = injured[IN_HEART] > 0;
    fx->dead = (all[IN_HEAD] && destroyed[IN_HEAD] == all[IN_HEAD]) ||
               (all[IN_HEART] && destroyed[IN_HEART] == all[IN_HEART]) ||
               (c->injury_limit && fx->injuries >= c->injury_limit);
}

void in_effects(const in_creature *c, in_fx *fx)
{
    memset(fx, 0, sizeof *fx);
    for (int i = 0; i < c->npart; i++)
        fx->all[c->part[i].type]++;
    for (int i = 0; i < c->npart; i++)
        add_part(fx, c, i, 0);
    finish(fx, c, 1);
}

/* Whether c's injuries disable weapon wi: a natural weapon's part missing,
 * disabled (a head's own attack: each injury effect applies to the head),
 * a held weapon's hand or arm destroyed. */
static int weapon_hurt(const in_creature *c, int wi)
{
    const in_weapon *w = &c->w[wi];
    if (w->natural) {
        int idx = in_instance(c, w->part, w->part_n);
        if (idx < 0)
            return 1;
        const in_part *p = &c->part[idx];
        if (p->type == IN_HEAD)
            return p->inj >= 2;
        for (int k = 1; k <= p->inj; k++) {
            const in_injury_row *r = in_injury_row_of(p->type, k);
            if (r && r->disables)
                return 1;
        }
        return 0;
    }
    /* a held weapon needs its hand and arm: a dropped one is not READY */
    int h = in_instance(c, IN_HAND, w->hand), a = in_instance(c, IN_ARM, w->hand);
    return (h >= 0 && in_part_destroyed(c, h)) || (a >= 0 && in_part_destroyed(c, a));
}

/* The weapons part kind t bears (natural ones on it, held ones for a hand
 * or an arm), every weapon for t < 0: their bits of w_hurt again. */
static void refresh_weapons(in_creature *c, int t)
{
    for (int i = 0; i < c->nweapon; i++) {
        const in_weapon *w = &c->w[i];
        if (t < 0 || (w->natural ? w->part == t : t == IN_HAND || t == IN_ARM))
            c->w_hurt = (c->w_hurt & ~(1u << i)) | (uint32_t)weapon_hurt(c, i) << i;
    }
}

/* The policy's part scores (in_creature ps_*) that injuries to kind t can
 * change: those of t itself, and of the kinds t shares a rule with: a held
 * weapon needs its hand and its arm (weapon_hurt), the legs fail with all
 * feet or all legs (finish: legs_down), death is all heads or all hearts
 * destroyed, or a number of injuries anywhere (injury_limit). */
static void forget_scores(in_creature *c, int t)
{
    static const uint8_t partner[IN_NPART] = {
        [IN_EAR] = IN_EAR,   [IN_NOSE] = IN_NOSE, [IN_TAIL] = IN_TAIL,   [IN_WING] = IN_WING,
        [IN_EYE] = IN_EYE,   [IN_HAND] = IN_ARM,  [IN_FOOT] = IN_LEG,    [IN_HORN] = IN_HORN,
        [IN_MOUTH] = IN_MOUTH, [IN_ARM] = IN_HAND, [IN_LEG] = IN_FOOT,   [IN_HEAD] = IN_HEART,
        [IN_HEART] = IN_HEAD};
    if (c->injury_limit) {
        memset(c->ps_ok, 0, sizeof c->ps_ok);
        return;
    }
    c->ps_ok[t] = 0;
    c->ps_ok[partner[t]] = 0;
}

void in_injuries_changed(in_creature *c)
{
    in_effects(c, &c->fx);
    refresh_weapons(c, -1);
    memset(c->ps_ok, 0, sizeof c->ps_ok);
}

void in_part_injured(in_creature *c, int idx, int from)
{
    int t = c->part[idx].type;
    add_part(&c->fx, c, idx, from);
    finish(&c->fx, c, t == IN_HEAD);
    refresh_weapons(c, t);
    forget_scores(c, t);
#ifndef NDEBUG
    in_fx full;
    in_effects(c, &full);
    assert(!memcmp(&full, &c->fx, sizeof full));
#endif
}

int in_weapon_usable(const in_creature *c, int wi)
{
    const in_weapon *w = &c->w[wi];
    if (w->state != IN_W_READY || w->fumbled || (c->w_hurt >> wi & 1u))
        return 0;
    if (w->unarmed) /* fists: only when no other melee weapon can strike */
        for (int j = 0; j < c->nweapon; j++)
            if (j != wi && c->w[j].melee && !c->w[j].unarmed && in_weapon_usable(c, j))
                return 0;
    return 1;
}

uint32_t in_usable_mask(const in_creature *c)
{
    uint32_t m = 0, armed = 0;
    for (int i = 0; i < c->nweapon; i++) {
        const in_weapon *w = &c->w[i];
        if (w->state == IN_W_READY && !w->fumbled && !(c->w_hurt >> i & 1u))
            m |= 1u << i;
        if (w->melee && !w->unarmed)
            armed |= 1u << i;
    }
    if (m & armed) /* fists only when no other melee weapon can strike */
        for (int i = 0; i < c->nweapon; i++)
            if (c->w[i].unarmed)
                m &= ~(1u << i);
    return m;
}

int in_pick_instance(const in_creature *c, int type, int spread)
{
    int best = -1;
    for (int i = 0; i < c->npart; i++) {
        if (c->part[i].type != type || in_part_destroyed(c, i))
            continue;
        if (best < 0 || (spread ? c->part[i].inj < c->part[best].inj
                                : c->part[i].inj > c->part[best].inj))
            best = i;
    }
    return best;
}

void in_injure_part(in_creature *c, int idx, int n)
{
    int from = c->part[idx].inj;
    for (int k = 0; k < n && !in_part_destroyed(c, idx); k++)
        c->part[idx].inj++;
    in_part_injured(c, idx, from);
}

void in_injure_plain(in_creature *c, int type, int n, int spread)
{
    int idx = in_pick_instance(c, type, spread);
    if (idx >= 0)
        in_injure_part(c, idx, n);
}

int in_plain_out(const in_creature *c)
{
    return c->fx.dead || c->fx.head_level >= 3;
}

void in_die(fray_encounter *e, int who, const char *why)
{
    if (e->c[who].status == FRAY_DEAD)
        return;
    fray_set_status(e, who, FRAY_DEAD);
    fray_emit(e, &(fray_event){.kind = "death", .actor = who, .target = -1, .detail = why,
                                .rule = IN_RULE("Stamina and Exhaustion")});
}

int in_con_check(fray_encounter *e, int who, int dc, const char *purpose)
{
    fray_check c;
    fray_check_start(&c, dc);
    fray_check_mod(e, &c, "Constitution", IN_CCR(e, who)->attr[IN_CON]);
    fray_check_adv(&c, -IN_CCR(e, who)->fx.d20_dis - (fray_has(e, who, IN_C_EXHAUSTED) ? fray_opt(e, IN_OPT_EXHAUSTED_DIS) : 0));
    int was = fray_dice_by(&e->dice, who); /* who's save, whoever's turn it is */
    in_roll_adv(e, &c, purpose);
    e->dice.roller = was;
    fray_check_settle(&c, 0);
    return c.nat == 20 ? 2 : c.success;
}

void in_fall_unconscious(fray_encounter *e, int who, int coma)
{
    if (!IN_CCR(e, who)->has_con || e->c[who].status == FRAY_DEAD)
        return; /* "Creatures with no Constitution modifier do not fall unconscious." */
    fray_cond_add(e, who, IN_C_UNCONSCIOUS, -1, FRAY_EXP_NEVER, 0);
    if (coma)
        fray_cond_add(e, who, IN_C_COMA, -1, FRAY_EXP_NEVER, 0);
    if (e->c[who].status == FRAY_ABLE)
        fray_set_status(e, who, FRAY_DOWN);
}

/* #Stamina and Exhaustion: "When you receive an effect that inflicts an
 * injury or when you take bleed damage, you must make a Constitution saving
 * throw. The DC is equal to the sum of the value of all of your current
 * injuries plus your current bleed damage." */
void in_unconscious_save(fray_encounter *e, int who)
{
    int dc = in_fx_value(&IN_CCR(e, who)->fx, fray_opt(e, IN_OPT_INJURY_VALUE)) +
             fray_res(e, who, IN_R_BLEED);
    int r = in_con_check(e, who, dc, "Constitution save while unconscious, 1d20");
    const char *out = r == 2 ? "critical save" : r ? "saved" : "failed";
    fray_emit(e, &(fray_event){.kind = "save", .actor = who, .target = -1, .outcome = out,
                                .value = dc, .has_value = 1,
                                .rule = IN_RULE("Stamina and Exhaustion")});
    if (r == 2 && !fray_has(e, who, IN_C_COMA)) {
        /* "remove any bleed damage ..., recover all of your exhaustion points,
         * and regain consciousness with 1 stamina" */
        fray_res_set(e, who, IN_R_BLEED, 0);
        fray_res_set(e, who, IN_R_EXH, IN_CCR(e, who)->exh_max);
        fray_res_set(e, who, IN_R_STAMINA, 1);
        fray_cond_remove(e, who, IN_C_EXHAUSTED);
        fray_cond_remove(e, who, IN_C_UNCONSCIOUS);
        fray_set_status(e, who, FRAY_ABLE);
        fray_flush(e, who, IN_RULE("Stamina and Exhaustion"));
    } else if (!r) {
        in_die(e, who, "failed the Constitution save while unconscious");
    }
}

void in_stamina_damage(fray_encounter *e, int who, int amount)
{
    const in_creature *c = IN_CCR(e, who);
    if (!c->has_con || amount <= 0)
        return; /* "immune to effects that target Stamina" */
    int st = fray_res(e, who, IN_R_STAMINA), ex = fray_res(e, who, IN_R_EXH);
    int from_st = st > 0 ? (amount < st ? amount : st) : 0;
    st -= from_st;
    ex -= amount - from_st;
    fray_res_set(e, who, IN_R_STAMINA, st);
    if (amount - from_st)
        fray_res_set(e, who, IN_R_EXH, ex < 0 ? 0 : ex);
    /* "When your current Stamina points reach 0 or below, you become
     * 'exhausted' and must now track your Exhaustion pool." */
    if (st <= 0 && !fray_has(e, who, IN_C_EXHAUSTED))
        fray_cond_add(e, who, IN_C_EXHAUSTED, -1, FRAY_EXP_NEVER, 0);
    /* Exhaustion spent: unconscious (the text's Conditions are elsewhere) */
    if (ex <= 0 && !fray_has(e, who, IN_C_UNCONSCIOUS))
        in_fall_unconscious(e, who, 0);
}

void in_spend_stamina(fray_encounter *e, int who, int n)
{
    if (n > 0)
        fray_res_set(e, who, IN_R_STAMINA, fray_res(e, who, IN_R_STAMINA) - n);
    if (fray_res(e, who, IN_R_STAMINA) <= 0 && !fray_has(e, who, IN_C_EXHAUSTED))
        fray_cond_add(e, who, IN_C_EXHAUSTED, -1, FRAY_EXP_NEVER, 0);
}

/* #Strain: "Successfully hitting an opponent increases their strain by 1.
 * Every degree of success increases the strain by 1." Strain is spent from
 * Stamina (option strain_stamina). */
void in_strain(fray_encounter *e, int who, int amount, int src)
{
    (void)src;
    fray_res_set(e, who, IN_R_STRAIN, fray_res(e, who, IN_R_STRAIN) + amount);
    if (fray_opt(e, IN_OPT_STRAIN_STAMINA))
        in_stamina_damage(e, who, amount);
}

static void drop_held(fray_encounter *e, int who, int hand)
{
    in_creature *c = IN_CR(e, who);
    for (int i = 0; i < c->nweapon; i++)
        if (!c->w[i].natural && c->w[i].hand == hand && c->w[i].state == IN_W_READY) {
            c->w[i].state = IN_W_DROPPED;
            fray_record(e, who, "dropped", 0, 1);
        }
    if (hand == 1 || in_count(c, IN_ARM) < 2) /* the shield arm is the second */
        fray_cond_remove(e, who, IN_C_SHIELD);
}

/* One injury's immediate effect (the lasting ones are kept in c->fx). */
static void immediate(fray_encounter *e, int who, const in_injury_row *r, int idx, int whole)
{
    in_creature *c = IN_CR(e, who);
    int type = c->part[idx].type, n = 0;
    for (int i = 0; i < idx; i++)
        n += c->part[i].type == type;
    if (r->drops)
        drop_held(e, who, n);
    if (type == IN_HEAD && !whole)
        return; /* "each injury effect only applies to the individual head" */
    switch (r->special) {
    case IN_X_STUN_CHECK:
        if (in_con_check(e, who, 25, "Constitution check against a stun, DC 25, 1d20"))
            fray_cond_add(e, who, IN_C_DAZED, -1, FRAY_EXP_TURN_END, fray_turns_next_round(e, who));
        else
            fray_cond_add(e, who, IN_C_STUNNED, -1, FRAY_EXP_TURN_END,
                          fray_turns_next_round(e, who));
        /* "Whether or not you succeed, you become permanently confused
         * afterwards": once the stunned or dazed round is over (rounds.c
         * in_turn_end) */
        c->confuse_round = fray_turns_next_round(e, who);
        break;
    case IN_X_KNOCKOUT: {
        int ok = in_con_check(e, who, 30, "Constitution check against a coma, DC 30, 1d20");
        c->wake = ok != 0;
        fray_cond_add(e, who, IN_C_PRONE, -1, FRAY_EXP_NEVER, 0);
        in_fall_unconscious(e, who, !ok);
        break;
    }
    case IN_X_HEART_STUN:
        if (!in_con_check(e, who, 25, "Constitution check against a stun, DC 25, 1d20"))
            fray_cond_add(e, who, IN_C_STUNNED, -1, FRAY_EXP_TURN_END,
                          fray_turns_next_round(e, who));
        fray_cond_add(e, who, IN_C_SICKENED, -1, FRAY_EXP_NEVER, 0);
        break;
    default:
        break;
    }
}

/* What holds once every part of a kind is injured. */
static void whole_body(fray_encounter *e, int who, const in_fx *before, const in_fx *fx)
{
    if (fx->legs_down && !fray_has(e, who, IN_C_PRONE))
        fray_cond_add(e, who, IN_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    if (fx->blinded && !before->blinded)
        fray_cond_add(e, who, IN_C_BLINDED, -1, FRAY_EXP_NEVER, 0);
    if (fx->deafened && !before->deafened)
        fray_cond_add(e, who, IN_C_DEAFENED, -1, FRAY_EXP_NEVER, 0);
    if (fx->no_fly && fray_has(e, who, IN_C_FLYING)) {
        fray_cond_remove(e, who, IN_C_FLYING); /* "You also fall" */
        fray_cond_add(e, who, IN_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    }
}

static const char *heading_of(int type)
{
    static const char *const h[IN_NPART] = {
        IN_RULE("Ear"),  IN_RULE("Nose"),  IN_RULE("Tail"), IN_RULE("Wing"), IN_RULE("Eye"),
        IN_RULE("Hand"), IN_RULE("Foot"),  IN_RULE("Horn"), IN_RULE("Mouth"), IN_RULE("Arm"),
        IN_RULE("Leg"),  IN_RULE("Head"),  IN_RULE("Heart")};
    return h[type];
}

void in_injure(fray_encounter *e, int who, int type, int n, int src)
{
    in_creature *c = IN_CR(e, who);
    int idx = in_pick_instance(c, type, fray_opt(e, IN_OPT_SPREAD));
    if (idx < 0)
        return;
    int was_down = fray_has(e, who, IN_C_UNCONSCIOUS);
    int nth_inst = 0;
    for (int i = 0; i < idx; i++)
        nth_inst += c->part[i].type == type;
    int many = in_count(c, type) > 1;
    in_fx before = c->fx;
    for (int k = 0; k < n && !in_part_destroyed(c, idx); k++) {
        int hl = c->fx.head_level;
        c->part[idx].inj++;
        in_part_injured(c, idx, c->part[idx].inj - 1);
        /* fray sim's dealt and taken: counted in injuries */
        e->c[who].taken += 1;
        if (src >= 0 && src < e->n)
            e->c[src].dealt += 1;
        int nth = c->part[idx].inj;
        const in_injury_row *r = in_injury_row_of(type, nth);
        fray_record(e, who, in_parts[type].name, nth - 1, nth);
        const char *text = r ? r->text : "no further effect";
        fray_emit(e, &(fray_event){
            .kind = "injury", .actor = src, .target = who, .action = in_parts[type].name,
            .outcome = in_sev_name[in_parts[type].severity], .value = nth, .has_value = 1,
            .detail = in_detail(e, "%s's %s%s%s: %s injury: %s", e->c[who].name, in_parts[type].name,
                                many ? " " : "", many ? (const char *[]){"1", "2", "3", "4", "5", "6", "7", "8"}[nth_inst & 7] : "",
                                nth <= 4 ? in_nth_name[nth] : "further", text),
            .rule = heading_of(type)});
        if (r)
            immediate(e, who, r, idx, type != IN_HEAD || c->fx.head_level > hl);
        if (e->c[who].status == FRAY_DEAD)
            return;
    }
    whole_body(e, who, &before, &c->fx);
    if (c->fx.dead) {
        in_die(e, who, c->injury_limit && c->fx.injuries >= c->injury_limit
                           ? "destroyed by its injuries"
                       : type == IN_HEART ? "all hearts destroyed" : "all heads destroyed");
        return;
    }
    fray_flush(e, who, heading_of(type));
    if (was_down && e->c[who].status != FRAY_DEAD)
        in_unconscious_save(e, who);
}
