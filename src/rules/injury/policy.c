/* policy.c: the computer-run creature of the `injury` ruleset. The text's
 * design note: "attackers always aim to kill, disable, or specifically
 * hamper their opponent": with the degrees it has, it picks the body part
 * whose injuries take the most from the foe (death, unconsciousness, a
 * stun, its weapons, its legs, its eyes), focuses the foe nearest to
 * falling, parries when the parry has a fair chance, and spends Stamina on
 * Power Attack and Deadly Aim while keeping one for a parry. */
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
    return k == IN_A_ATTACK || k == IN_A_POWER || k == IN_A_DEADLY_AIM ||
           k == IN_A_MULTIWEAPON || k == IN_A_RAPID || k == IN_A_THROW;
}

int in_attack_worth(const fray_encounter *e, int who, const fray_action *a)
{
    const in_creature *c = IN_CCR(e, who);
    int st = fray_res(e, who, IN_R_STAMINA), n = (a->arg >> 4) & 15;
    const in_weapon *w = &c->w[a->arg & 15];
    switch (a->kind) {
    case IN_A_MULTIWEAPON:
    case IN_A_RAPID:
        return 40;
    case IN_A_POWER:
    case IN_A_DEADLY_AIM:
        return st - n >= 1 ? 30 + n : -1; /* keep one Stamina for a parry */
    case IN_A_THROW: {
        int other = 0;
        for (int i = 0; i < c->nweapon; i++)
            other |= i != (a->arg & 15) && c->w[i].melee && in_weapon_usable(c, i);
        return other ? 5 : -1;
    }
    default:
        return w->melee ? 20 : 10;
    }
}

int in_turn_pick(const fray_encounter *e, int who, const in_picks *p)
{
    if (p->stand >= 0)
        return p->stand;
    if (p->pick >= 0 && !in_usable_weapons(IN_CCR(e, who)))
        return p->pick;
    if (p->escape >= 0 && p->best < 0) /* held away from every foe it could strike */
        return p->escape;
    if (fray_res(e, who, IN_R_ATTACKS) >= 2 || (p->best < 0 && p->move < 0 && p->charge < 0))
        return p->shield >= 0 ? p->shield : p->defend;
    if (p->best >= 0)
        return p->best;
    if (p->pick >= 0)
        return p->pick;
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
    int bw = -1, md = 0;
    for (int i = 0; i < n; i++) {
        switch (l[i].kind) {
        case IN_A_STAND: p.stand = i; break;
        case IN_A_ESCAPE: p.escape = i; break;
        case IN_A_PICKUP: p.pick = i; break;
        case IN_A_SHIELD: p.shield = i; break;
        case IN_A_DEFEND: p.defend = i; break;
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
            }
        }
    }
    return in_turn_pick(e, who, &p);
}

int in_policy(fray_encounter *e, int who, int window, const fray_action *trigger,
              const fray_action *legal, int n)
{
    (void)trigger;
    if (window == FRAY_WIN_ACT)
        return own_turn(e, who, legal, n);
    for (int i = 0; i < n; i++) {
        if (legal[i].kind == IN_A_REACTIVE)
            return i;
        if (legal[i].kind == IN_A_PARRY && e->check && e->check->total >= e->check->target) {
            const in_creature *c = IN_CCR(e, who);
            int bonus = in_attack_bonus(e, who, &c->w[legal[i].arg & 15], 0);
            if (20 + bonus - e->check->total >= 6) /* at least a 30% chance */
                return i;
        }
    }
    return -1;
}
