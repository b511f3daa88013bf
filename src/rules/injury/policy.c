/* policy.c: the computer-run creature of the `injury` ruleset. The text's
 * design note: "attackers always aim to kill, disable, or specifically
 * hamper their opponent": with the degrees it has, it picks the body part
 * whose injuries take the most from the foe (death, unconsciousness, a
 * stun, its weapons, its legs, its eyes) and focuses the foe nearest to
 * falling. Every choice that costs Stamina or an attack is weighed by the
 * rules' numbers, in integers: the worth of an attack roll over the
 * twenty faces of its d20 (its hit, its degrees, its critical range, the
 * injury each degree reaches) against what it costs (a Stamina point is
 * worth a strain point; the last one more, as it leaves the creature
 * Exhausted). So it takes the Power Attack, Deadly Aim or Reckless Attack
 * amount worth most, Trips or Tricks a foe when the attack that follows
 * gains more than the attack it gives up, Lunges at a foe a step out of
 * reach instead of walking to it, and parries when the degrees the parry
 * is expected to take off are worth more than its Stamina
 * (docs/rules/injury.md, "Policy"). */
#include <assert.h>
#include <string.h>

#include "injury.h"

uint32_t in_part_allowed(const in_creature *c, int d)
{
    uint32_t m = 0;
    for (int t = 0; t < IN_NPART; t++) /* a kind with a part not destroyed */
        if (in_parts[t].severity <= d && c->fx.all[t] > c->fx.destroyed[t])
            m |= 1u << t;
    return m;
}

int in_usable_weapons(const in_creature *c)
{
    int n = 0;
    for (int i = 0; i < c->nweapon; i++)
        n += !c->w[i].unarmed && in_weapon_usable(c, i);
    return n;
}

/* What injuries that turn c's effects from a into b take from it, less
 * what they do to its weapons (in_best_part adds that from the weapons
 * they disable); IN_PS_FINAL in *final when the result is the whole score
 * (death, a knockout: the weapons no longer count). */
static int effects_score(const in_creature *c, const in_fx *a, const in_fx *b, int type,
                         int injury_value, int *final)
{
    *final = 0;
    if (b->dead && !a->dead)
        return *final = IN_PS_FINAL, 100000;
    if (b->head_level >= 3 && a->head_level < 3)
        return *final = IN_PS_FINAL, 50000;
    int s = 0;
    if (b->head_level >= 2 && a->head_level < 2)
        s += 3000;
    if (b->sickened && !a->sickened)
        s += 2500;
    s += b->legs_down && !a->legs_down ? 1200 : 0;
    s += b->blinded && !a->blinded ? 1200 : 0;
    s += 600 * (b->attack_dis - a->attack_dis) + 700 * (b->d20_dis - a->d20_dis);
    s += b->no_fly && !a->no_fly && c->fly_ft ? 400 : 0;
    s += 10 * (b->speed_cut - a->speed_cut) + 50 * (b->stand_ap - a->stand_ap);
    for (int k = 0; k < IN_NSKILL; k++)
        s += 20 * (b->skill_dis[k] - a->skill_dis[k]);
    s += 5 * (in_fx_value(b, injury_value) - in_fx_value(a, injury_value)) +
         in_parts[type].severity;
    return s;
}

/* n injuries to part kind `type` of c: their score less the weapon terms
 * (*base) and the weapons they disable (*hurt, with IN_PS_FINAL). They
 * are tried on c itself and taken back (the part's count, the effects,
 * the weapon bits and the kept scores that in_part_injured changes): a
 * copy of the whole creature (over 1 KiB, for every kind a hit may
 * target) was a tenth of the duel (issue 34). */
static void trial(in_creature *c, int type, int n, int spread, int injury_value, int32_t *base,
                  uint16_t *hurt)
{
    int idx = in_pick_instance(c, type, spread), final;
    if (idx < 0) {
        *base = effects_score(c, &c->fx, &c->fx, type, injury_value, &final);
        *hurt = (uint16_t)final;
        return;
    }
    const in_fx a = c->fx;
    uint32_t was = c->w_hurt;
    int8_t inj = c->part[idx].inj;
    uint8_t ok[IN_NPART];
    memcpy(ok, c->ps_ok, sizeof ok);
    in_injure_part(c, idx, n);
    *base = effects_score(c, &a, &c->fx, type, injury_value, &final);
    *hurt = (uint16_t)((c->w_hurt & ~was) | (uint32_t)final);
    c->part[idx].inj = inj;
    c->fx = a;
    c->w_hurt = was;
    memcpy(c->ps_ok, ok, sizeof ok);
}

/* The score of a hit's injuries (what they take from the foe: death,
 * unconsciousness, a stun, its weapons, its legs, its eyes), from the
 * scores c keeps of each part kind and number of injuries: an injury
 * changes the scores of its own kind (and of a kind sharing a rule with
 * it) only, so most of a hit's choices are read, not tried again (the
 * choice was a quarter of the duel, issue 34). The weapon terms are added
 * here from the weapons usable now (a drop, a pickup or a fumble changes
 * them without an injury): 1500 for each weapon the injuries disable,
 * 3000 more when they disable the last. */
int in_best_part(in_creature *c, int d, uint32_t allowed, int spread, int injury_value)
{
    if (c->ps_spread != spread || c->ps_iv != injury_value) {
        memset(c->ps_ok, 0, sizeof c->ps_ok);
        c->ps_spread = (int8_t)spread;
        c->ps_iv = (int8_t)injury_value;
    }
    uint32_t usable = 0; /* the weapons in_usable_weapons counts */
    for (int i = 0; i < c->nweapon; i++)
        usable |= (uint32_t)(!c->w[i].unarmed && in_weapon_usable(c, i)) << i;
    int best = -1, bs = 0, ua = __builtin_popcount(usable);
    for (int t = 0; t < IN_NPART; t++) {
        if (!(allowed >> t & 1u))
            continue;
        int n = 1 + d - in_parts[t].severity;
        int32_t base;
        uint16_t hurt;
        if (n <= IN_PS_N && (c->ps_ok[t] >> (n - 1) & 1)) {
            base = c->ps_base[t][n - 1], hurt = c->ps_hurt[t][n - 1];
#ifndef NDEBUG /* the kept score is the one a trial gives now (forget_scores) */
            int32_t b2;
            uint16_t h2;
            trial(c, t, n, spread, injury_value, &b2, &h2);
            assert(b2 == base && h2 == hurt);
#endif
        } else {
            trial(c, t, n, spread, injury_value, &base, &hurt);
            if (n <= IN_PS_N) {
                c->ps_base[t][n - 1] = base, c->ps_hurt[t][n - 1] = hurt;
                c->ps_ok[t] |= (uint8_t)(1u << (n - 1));
            }
        }
        int s = base;
        if (!(hurt & IN_PS_FINAL)) {
            int k = __builtin_popcount(hurt & usable);
            s += 1500 * k + (ua && k == ua ? 3000 : 0);
        }
        if (best < 0 || s > bs)
            best = t, bs = s;
    }
    return best;
}

void in_part_scores(in_creature *c, int spread, int injury_value)
{
    uint32_t kinds = 0;
    for (int i = 0; i < c->npart; i++)
        kinds |= 1u << c->part[i].type;
    for (int t = 0; t < IN_NPART; t++) /* n = 1 + d - severity injuries: 1 .. IN_PS_N */
        for (int n = 1; n <= IN_PS_N && (kinds >> t & 1u); n++)
            in_best_part(c, in_parts[t].severity + n - 1, 1u << t, spread, injury_value);
}

int in_answer(fray_encounter *e, int who, int q, uint32_t allowed, const fray_action *ctx)
{
    (void)ctx;
    const in_state *s = IN_ST(e);
    if (q == IN_Q_PART)
        return in_best_part(IN_CR(e, s->ask_target), s->ask_degrees, allowed,
                            fray_opt(e, IN_OPT_SPREAD), fray_opt(e, IN_OPT_INJURY_VALUE));
    return fray_res(e, who, IN_R_STAMINA) >= 2 ? 1 : 0; /* Cleave */
}

/* How near a foe is to falling: what is left of its pools, less what its
 * injuries already weigh. Lower first. */
int in_standing(const fray_encounter *e, int t)
{
    return fray_res(e, t, IN_R_STAMINA) + fray_res(e, t, IN_R_EXH) - 2 * IN_CCR(e, t)->fx.value;
}

int in_is_attack(int k)
{
    return k == IN_A_ATTACK || k == IN_A_POWER || k == IN_A_RECKLESS || k == IN_A_DEADLY_AIM ||
           k == IN_A_MULTIWEAPON || k == IN_A_RAPID || k == IN_A_THROW;
}

/* ---- What an attack is worth --------------------------------------------------- */

/* The worth of a hit of d degrees in tenths of a strain point: its strain
 * (#Strain: 1 + the degrees) and its injury, each severity it reaches
 * (#Injuries: a degree a step, minor .. fatal) worth more than the last;
 * past fatal, another injury a degree. d < 0: a hit without an injury. */
#define IN_HIT_WORTH(d)                                                                    \
    (10 * (1 + (d)) + ((d) == 0   ? 10                                                     \
                       : (d) == 1 ? 25                                                     \
                       : (d) == 2 ? 45                                                     \
                       : (d) == 3 ? 80                                                     \
                                  : 150 + 20 * ((d) - IN_FATAL))) /* minor .. fatal, past it */
static int hit_worth(int d)
{
    /* the hits the policy weighs most, read from a table (its formula,
     * a branch and a multiplication a call, was a third of in_roll_worth) */
    static const int table[] = {10, /* d = -1 */
                                IN_HIT_WORTH(0),  IN_HIT_WORTH(1),  IN_HIT_WORTH(2),
                                IN_HIT_WORTH(3),  IN_HIT_WORTH(4),  IN_HIT_WORTH(5),
                                IN_HIT_WORTH(6),  IN_HIT_WORTH(7),  IN_HIT_WORTH(8),
                                IN_HIT_WORTH(9),  IN_HIT_WORTH(10), IN_HIT_WORTH(11),
                                IN_HIT_WORTH(12), IN_HIT_WORTH(13), IN_HIT_WORTH(14)};
    if ((unsigned)(d + 1) < sizeof table / sizeof table[0])
        return table[d + 1];
    return d < 0 ? 10 : IN_HIT_WORTH(d);
}

/* A Stamina point spent, in hit_worth's tenths, over the twenty faces:
 * a strain point (the foe's strain and ours drain the same pools); the
 * last point as much again and the worth of a hit: spending it leaves
 * the creature Exhausted (#Stamina and Exhaustion). */
#define IN_STAMINA_WORTH (20 * 10)
#define IN_LAST_STAMINA_WORTH (20 * 60)

void in_aim_with(fray_encounter *e, int who, int t, const in_weapon *w, int thrown, int adv,
                 in_aim *a)
{
    const in_creature *c = IN_CCR(e, who), *tc = IN_CCR(e, t);
    int melee = w->melee && !thrown;
    /* #Attack Roll; the counted advantage at option adv_mode 1's 2 a
     * level (under adv_mode 0, extra d20s, the same estimate) */
    a->bonus = in_attack_bonus(e, who, w, thrown) +
               (melee ? in_size_attack(tc->size - c->size) : 0) + 2 * adv;
    a->dv = in_dv(e, t, w->touch, in_offguard(e, t)) + (melee ? 0 : in_path_dv(e, who, t));
    a->step = fray_opt(e, IN_OPT_DEGREE_STEP);
    a->crit_from = w->crit_from;
    a->deg = in_size_degrees(tc->size - c->size);
}

void in_aim_at(fray_encounter *e, int who, int t, const in_weapon *w, int thrown, in_aim *a)
{
    in_aim_with(e, who, t, w, thrown, in_adv(e, who, t, w, thrown, 0), a);
}

/* hit_worth summed over the degrees 0 .. x - 1 (for x < 0, less 10 a
 * degree from x to -1: a hit without an injury is worth 10), so that the
 * degrees a .. b - 1 are worth worth_below(b) - worth_below(a): a table
 * up to fatal, then 30 d + 80 a degree past it. */
static int worth_below(int x)
{
    static const int sum[IN_NSEV + 1] = {0, 20, 65, 140, 260, 460}; /* hit_worth 0 .. 4 */
    if (x <= 0)
        return 10 * x;
    if (x <= IN_NSEV)
        return sum[x];
    return 15 * x * (x - 1) + 80 * x - 240;
}

#ifndef NDEBUG
/* The faces' sum a degree band at a time (the debug builds' check of
 * in_roll_worth's closed form). */
static int bands_worth(int lo, int m1, int step, int e)
{
    int s = 0;
    for (int q = lo / step; lo <= m1; q++) {
        int hi = (q + 1) * step - 1 < m1 ? (q + 1) * step - 1 : m1;
        s += (hi - lo + 1) * hit_worth(q + e);
        lo = hi + 1;
    }
    return s;
}
#endif

/* The sum over the d20's twenty faces of what the attack does (as
 * in_attack): `plus` on the roll, `extra` degrees on a hit. The faces
 * that hit run from the first whose total is above the DV to 20: their
 * margins over the lowest hit, lo .. m1, fall in degree steps q0 .. q1,
 * each step's faces worth its degrees' (worth_below: the whole steps
 * from q0 to q1, less the faces of q0's below lo, plus those of q1's up
 * to m1); then a critical face's degree more, a natural 1's one less. It
 * is weighed for every amount of every attack: summed a face, then a
 * band of faces at a time, it was a fifth, then a seventh of the duel's
 * instructions (issue 34). */
int in_roll_worth(const in_aim *a, int plus, int extra)
{
    int base = a->bonus + plus - a->dv - 1; /* face r's margin: r + base */
    int first = base >= -1 ? 1 : -base, e = extra + a->deg, step = a->step;
    if (first > 20) /* #Critical Hits and Misses: a natural 20 below the DV, a minor injury */
        return hit_worth(0);
    /* "higher than your target's DV": a degree per step of the margin */
    int m1 = 20 + base, lo = first + base, q0 = lo / step, q1 = m1 / step, top = hit_worth(q1 + e);
    int s = step * (worth_below(q1 + e) - worth_below(q0 + e)) -
            (lo - q0 * step) * hit_worth(q0 + e) + (m1 - q1 * step + 1) * top;
    assert(s == bands_worth(lo, m1, step, e));
    s += hit_worth(q1 + e + 1) - top; /* a critical hit adds a degree (20 always) */
    for (int r = a->crit_from > first ? a->crit_from : first; r < 20; r++) {
        int d = (r + base) / step + e;
        s += hit_worth(d + 1) - hit_worth(d);
    }
    if (first == 1) /* a natural 1 that hits: one step less */
        s += hit_worth(q0 + e - 1) - hit_worth(q0 + e);
    return s;
}

/* What n Stamina points cost a creature that has st. */
static int stamina_cost(int st, int n)
{
    return n * IN_STAMINA_WORTH + (st - n <= 0 ? IN_LAST_STAMINA_WORTH : 0);
}

int in_variant_worth(const in_aim *a, int kind, int n, int st)
{
    switch (kind) {
    case IN_A_POWER:
    case IN_A_DEADLY_AIM: /* "+2 bonus to your attack roll for each stamina spent" */
        return in_roll_worth(a, 2 * n, 0) - stamina_cost(st, n);
    case IN_A_RECKLESS: /* a degree on a hit for 1 Stamina and +1 disadvantage each */
        return in_roll_worth(a, -2 * n, n) - stamina_cost(st, n);
    case IN_A_RAPID: /* n shots, +1 disadvantage each beyond the first */
        return n * in_roll_worth(a, -2 * (n - 1), 0);
    default:
        return in_roll_worth(a, 0, 0);
    }
}

int in_attack_worth(fray_encounter *e, int who, const fray_action *a)
{
    const in_creature *c = IN_CCR(e, who);
    int st = fray_res(e, who, IN_R_STAMINA), wi = a->arg & 15, n = (a->arg >> 4) & 15;
    in_aim aim;
    switch (a->kind) {
    case IN_A_MULTIWEAPON: { /* each melee weapon in reach, +1 disadvantage each */
        int s = 0;
        for (int i = 0; i < c->nweapon; i++)
            if (c->w[i].melee && in_weapon_usable(c, i) && in_in_reach(e, who, a->target, &c->w[i])) {
                in_aim_at(e, who, a->target, &c->w[i], 0, &aim);
                s += in_roll_worth(&aim, -2, 0);
            }
        return s;
    }
    case IN_A_THROW: { /* the weapon is gone after: only with another to fight on */
        int other = 0;
        for (int i = 0; i < c->nweapon; i++)
            other |= i != wi && c->w[i].melee && in_weapon_usable(c, i);
        if (!other)
            return -1;
        in_aim_at(e, who, a->target, &c->w[wi], 1, &aim);
        return in_roll_worth(&aim, 0, 0) / 2;
    }
    default:
        in_aim_at(e, who, a->target, &c->w[wi], 0, &aim);
        return in_variant_worth(&aim, a->kind, n, st);
    }
}

/* The aim of t's best melee attack on who as things stand; 0 when it
 * has none. */
static int foe_aim(fray_encounter *e, int t, int who, in_aim *aim)
{
    const in_creature *tc = IN_CCR(e, t);
    if (!fray_able(e, t) || (fray_cflags(e, t) & FRAY_CF_NO_ACTIONS))
        return 0;
    for (int i = 0; i < tc->nweapon; i++)
        if (tc->w[i].melee && in_weapon_usable(tc, i)) {
            in_aim_at(e, t, who, &tc->w[i], 0, aim);
            return 1;
        }
    return 0;
}

/* The worth of t's best melee attack on who as things stand (0 when it
 * has none). */
static int foe_attack(fray_encounter *e, int t, int who)
{
    in_aim aim;
    return foe_aim(e, t, who, &aim) ? in_roll_worth(&aim, 0, 0) : 0;
}

/* foe_attack, read once: kept in *w (*ok set) the first time. */
static int foe_once(fray_encounter *e, int t, int who, int *w, int *ok)
{
    if (!*ok)
        *w = foe_attack(e, t, who), *ok = 1;
    return *w;
}

/* Faces of the d20 on which who's maneuver `kind` on t succeeds (as
 * in_maneuver: "equal or greater than the target's DV"): adv is in_adv's
 * for a melee attack on t (a maneuver's hand is one), dv t's DV against
 * it (not Touch). */
static int maneuver_faces(fray_encounter *e, int who, int t, int kind, int adv, int dv)
{
    const in_creature *c = IN_CCR(e, who);
    int skill = in_maneuver_skill[kind - IN_FIRST_MANEUVER];
    int b = c->mb + (skill >= 0 ? in_skill_mod(e, who, skill) : c->attr[IN_STR]) +
            in_size_maneuver(IN_CCR(e, t)->size - c->size) +
            2 * (adv - (skill >= 0 ? c->fx.skill_dis[skill] : 0));
    int need = dv - b, f = 21 - need;
    return f < 0 ? 0 : f > 20 ? 20 : f;
}

/* The maneuver worth more on foe t than the attack it takes the place of
 * (w0, worth of the best attack on t now; -1 none), or -1. Only Trip and
 * Trick pay by these numbers: the others move a foe, or take a weapon
 * whose only worth here is its reach and critical range (damage is the
 * degrees, not the weapon). A maneuver is an attack action: the attack
 * after it takes the next iterative disadvantage either way, so the
 * choice is f/20 of (the next attack with the maneuver's effect + what
 * the foe loses) against this attack. An untrained maneuver provokes
 * (#Maneuvers): the foe's attack on us is taken off. The counted
 * advantage of a melee attack on t (in_adv reads of the weapon only that
 * it is melee and not thrown), t's DV and the foe's attack are read once
 * for both maneuvers (in_adv was 9% of the duel under the new policy),
 * the advantage not at all when in_decide has read it for its attacks. */
int in_maneuver_pick(fray_encounter *e, int who, int t, int w0, uint32_t ok, int adv)
{
    const in_creature *c = IN_CCR(e, who);
    if (fray_res(e, who, IN_R_AP) < 2 || fray_res(e, who, IN_R_ATTACKS) >= 1)
        return -1; /* its worth is the attack that follows */
    int m = -1;
    for (int i = 0; i < c->nweapon && m < 0; i++)
        if (c->w[i].melee && in_weapon_usable(c, i) && in_in_reach(e, who, t, &c->w[i]))
            m = i;
    static const in_weapon hand = {.melee = 1, .reach_ft = 5};
    if (adv == IN_ADV_UNKNOWN)
        adv = in_adv(e, who, t, &hand, 0, 0);
    int dv = in_dv(e, t, 0, in_offguard(e, t));
    int fw = 0, fw_ok = 0; /* foe_attack(e, t, who), read when first wanted */
    in_aim aim = {0, 0, 1, 21, 0};
    if (m >= 0)
        in_aim_with(e, who, t, &c->w[m], 0, adv, &aim);
    int w1 = m >= 0 ? in_roll_worth(&aim, -2, 0) : 0, best = -1, bv = 20 * (w0 > 0 ? w0 : 0);
    int react = fray_res(e, t, IN_R_REACT) >= 1 && !(fray_cflags(e, t) & FRAY_CF_NO_REACTIONS);
    for (int kind = IN_A_TRIP; kind >= IN_A_TRICK; kind--) {
        if (!(ok >> (kind - IN_FIRST_MANEUVER) & 1u) || !fray_wants(e, kind))
            continue;
        int gain;
        if (kind == IN_A_TRIP) {
            /* #Prone: +1 advantage on our melee attacks; the foe stands at
             * its AP cost (an action of its, an attack's worth) */
            gain = (m >= 0 ? in_roll_worth(&aim, 0, 0) - w1 : 0) +
                   (in_can_stand(e, t) ? foe_once(e, t, who, &fw, &fw_ok) : 0);
        } else {
            /* Tricked: off-guard (its DV without a Dexterity bonus) */
            in_aim og = aim;
            og.dv = in_dv(e, t, m >= 0 && c->w[m].touch, 1);
            gain = m >= 0 ? in_roll_worth(&og, -2, 0) - w1 : 0;
        }
        int sk = in_maneuver_skill[kind - IN_FIRST_MANEUVER];
        int provoke = sk >= 0 && c->skill[sk] == 0 && react ? foe_once(e, t, who, &fw, &fw_ok) : 0;
        int v = maneuver_faces(e, who, t, kind, adv, dv) * gain - 20 * provoke;
        if (v > bv)
            best = kind, bv = v;
    }
    return best;
}

/* The foe a Lunge lets who's melee weapon m reach (a step out of its reach
 * now, within it with #Lunge's 5 feet), when the attack it makes without
 * the Move it saves is worth the Stamina and the opened defences (the
 * foe's +1 advantage on its attacks until our next turn); -1 none. */
int in_lunge_target(fray_encounter *e, int who, int m)
{
    const in_creature *c = IN_CCR(e, who);
    int st = fray_res(e, who, IN_R_STAMINA);
    if (m < 0 || fray_res(e, who, IN_R_AP) < 1)
        return -1;
    in_weapon lw = c->w[m];
    lw.reach_ft = (int16_t)(lw.reach_ft + 5);
    for (int t = 0; t < e->n; t++) {
        if (!in_foe(e, who, t) || !fray_able(e, t) || in_in_reach(e, who, t, &c->w[m]) ||
            !in_in_reach(e, who, t, &lw))
            continue;
        in_aim aim;
        in_aim_at(e, who, t, &c->w[m], 0, &aim);
        in_aim fa; /* the foe's attack with our defences opened (+1 advantage) and without */
        int opened =
            foe_aim(e, t, who, &fa) ? 2 * (in_roll_worth(&fa, 2, 0) - in_roll_worth(&fa, 0, 0)) : 0;
        if (in_roll_worth(&aim, 0, 0) > stamina_cost(st, 1) + opened)
            return t;
    }
    return -1;
}

int in_turn_pick(const fray_encounter *e, int who, const in_picks *p)
{
    if (p->stand >= 0)
        return p->stand;
    if (p->pick >= 0 && !in_usable_weapons(IN_CCR(e, who)))
        return p->pick;
    if (p->escape >= 0 && p->best < 0) /* held away from every foe it could strike */
        return p->escape;
    if (fray_res(e, who, IN_R_ATTACKS) >= 2 ||
        (p->best < 0 && p->move < 0 && p->charge < 0 && p->maneuver < 0 && p->lunge < 0))
        return p->shield >= 0 ? p->shield : p->defend;
    if (p->maneuver >= 0)
        return p->maneuver;
    if (p->best >= 0)
        return p->best;
    if (p->pick >= 0)
        return p->pick;
    if (p->lunge >= 0)
        return p->lunge;
    if (p->charge >= 0 && fray_res(e, who, IN_R_ATTACKS) == 0)
        return p->charge;
    if (p->move >= 0)
        return p->move;
    return p->shield >= 0 ? p->shield : p->defend;
}

static int own_turn(fray_encounter *e, int who, const fray_action *l, int n)
{
    int focus = -1, fs = 0;
    for (int i = 0; i < n; i++)
        if (in_is_attack(l[i].kind) && (focus < 0 || in_standing(e, l[i].target) < fs))
            focus = l[i].target, fs = in_standing(e, l[i].target);
    in_picks p = IN_NO_PICKS;
    int bw = -1, md = 0, lunge = -1;
    uint32_t ok = 0;
    for (int i = 0; i < n; i++) {
        switch (l[i].kind) {
        case IN_A_STAND: p.stand = i; break;
        case IN_A_ESCAPE: p.escape = i; break;
        case IN_A_PICKUP: p.pick = i; break;
        case IN_A_SHIELD: p.shield = i; break;
        case IN_A_DEFEND: p.defend = i; break;
        case IN_A_LUNGE: lunge = i; break;
        case IN_A_CHARGE: if (p.charge < 0) p.charge = i; break;
        case IN_A_MOVE: {
            int d = fray_distance(e, who, l[i].target);
            if (p.move < 0 || d < md)
                p.move = i, md = d;
            break;
        }
        default:
            if (in_is_attack(l[i].kind) && l[i].target == focus) {
                int w = in_attack_worth(e, who, &l[i]);
                if (w > bw)
                    p.best = i, bw = w;
            } else if (l[i].kind >= IN_FIRST_MANEUVER &&
                       l[i].kind < IN_FIRST_MANEUVER + IN_NMANEUVER && l[i].target == focus) {
                ok |= 1u << (l[i].kind - IN_FIRST_MANEUVER);
            }
        }
    }
    /* a foe with no attack on it is still a focus for a maneuver: the
     * first foe the list offers one on */
    for (int i = 0; i < n && focus < 0; i++)
        if (l[i].kind >= IN_FIRST_MANEUVER && l[i].kind < IN_FIRST_MANEUVER + IN_NMANEUVER) {
            focus = l[i].target;
            for (int j = i; j < n; j++)
                if (l[j].target == focus && l[j].kind >= IN_FIRST_MANEUVER &&
                    l[j].kind < IN_FIRST_MANEUVER + IN_NMANEUVER)
                    ok |= 1u << (l[j].kind - IN_FIRST_MANEUVER);
        }
    if (focus >= 0 && ok) {
        int k = in_maneuver_pick(e, who, focus, p.best >= 0 ? bw : -1, ok, IN_ADV_UNKNOWN);
        for (int i = 0; i < n && k >= 0; i++)
            if (l[i].kind == k && l[i].target == focus)
                p.maneuver = i, k = -1;
    }
    if (lunge >= 0 && p.best < 0) {
        const in_creature *c = IN_CCR(e, who);
        int m = -1;
        for (int i = 0; i < c->nweapon && m < 0; i++)
            if (c->w[i].melee && in_weapon_usable(c, i))
                m = i;
        if (in_lunge_target(e, who, m) >= 0)
            p.lunge = lunge;
    }
    return in_turn_pick(e, who, &p);
}

/* #Parry: the worth of the degrees a parry is expected to take off the
 * attack rolled (e->check) against its Stamina: each degree over the
 * attack's total takes one more off, more than it has deflects it. */
static int parry_pays(fray_encounter *e, int who, const fray_action *trigger, int wi)
{
    const in_creature *c = IN_CCR(e, who);
    const fray_check *k = e->check;
    int att = trigger->actor;
    const in_creature *ac = IN_CCR(e, att);
    const in_weapon *aw = &ac->w[trigger->arg & 15];
    int d0 = k->degrees + (k->nat == 20 || k->nat >= aw->crit_from);
    int extra = (trigger->kind == IN_A_RECKLESS ? (trigger->arg >> 4) & 15 : 0) +
                in_size_degrees(c->size - ac->size);
    int whole = hit_worth(d0 + extra), step = fray_opt(e, IN_OPT_DEGREE_STEP);
    int bonus = in_attack_bonus(e, who, &c->w[wi], 0) + in_size_attack(ac->size - c->size) +
                2 * in_adv(e, who, att, &c->w[wi], 0, 0);
    int saved = 0;
    for (int r = 1; r <= 20; r++) {
        int p = r + bonus;
        if (p <= k->total) /* "If your result is higher than your opponent's" */
            continue;
        int cut = 1 + (p - k->total - 1) / step;
        saved += cut > d0 ? whole : whole - hit_worth(d0 - cut + extra);
    }
    return saved > stamina_cost(fray_res(e, who, IN_R_STAMINA), 1);
}

int in_policy(fray_encounter *e, int who, int window, const fray_action *trigger,
              const fray_action *legal, int n)
{
    if (window == FRAY_WIN_ACT)
        return own_turn(e, who, legal, n);
    for (int i = 0; i < n; i++) {
        if (legal[i].kind == IN_A_REACTIVE)
            return i;
        if (legal[i].kind == IN_A_PARRY && e->check && e->check->total >= e->check->target &&
            trigger && parry_pays(e, who, trigger, legal[i].arg & 15))
            return i;
    }
    return -1;
}
