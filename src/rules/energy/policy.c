/* policy.c: the built-in play of an energy creature. It closes distance
 * cheaply, keeps Energy for a full Melee Attack, shoots with a loaded
 * weapon, makes Swift Attacks on the Unguarded, steps out of Reach or wins
 * Initiative against a declared attack, Defends with the Energy left, and
 * Catches its Breath when nothing is in reach. Deterministic: no random
 * choice, so it needs no stream.
 *
 * One logic for two callers: the policy hook, given a list of legal
 * actions, and the decide hook, which asks legal.c for the entries of one
 * kind (or the moves towards one foe) as the logic reaches them. Either
 * way the logic reads the entries of a kind in the order of the whole list
 * (entries()), so its tie-breaks (the first of the best) are the same. */
#include "rules.h"

static const en_creature *pc(const fray_encounter *e, int i) { return ccr(e, i); }

/* One decision: where its entries come from (a list, or the look), and
 * each target's score once computed. Nothing changes the encounter while
 * the policy chooses, so a score stays valid for the whole decision. */
typedef struct choice {
    const fray_encounter *e;
    int who;
    const fray_action *l;               /* the list; with a look, what need() wrote */
    int n;
    uint32_t kinds;                     /* bit k: l holds an action of kind k */
    int last[EN_NACTIONS];              /* the last index of each kind held */
    uint32_t scored;                    /* bit t: score[t] is computed */
    uint32_t measured;                  /* bit t: dist[t] is computed */
    long score[FRAY_MAX_COMBATANTS];
    int dist[FRAY_MAX_COMBATANTS];      /* fray_distance(e, who, t) */
    en_look *look;                      /* NULL: l[0..n) is the whole list */
    fray_list b;                        /* with a look: the kinds need() wrote, */
    fray_action lbuf[FRAY_MAX_LEGAL];   /* into lbuf (set up by the first need()) */
    uint32_t built;                     /* bit k: kind k is in l; 0: l not set up */
    /* with a look: the entries of one kind that entries() wrote, and the
     * moves towards one foe */
    fray_action one[FRAY_MAX_COMBATANTS * 2];
    /* with a look: where best_of and move_of write the entry they return,
     * the caller's own action (choice_start: one[0]). An entry written in
     * place is not copied again: a 16-byte copy of an entry just written a
     * field at a time waits for those stores to land (perf put a fifth of
     * decide_act's time on two such copies). */
    fray_action *put;
} choice;

static void note_kinds(choice *ch, int from)
{
    for (int i = from; i < ch->n; i++) {
        unsigned k = (unsigned)ch->l[i].kind;
        if (k < EN_NACTIONS) {
            ch->kinds |= 1u << k;
            ch->last[k] = i;
        }
    }
}

/* A decision with nothing read yet and no list (need() starts one). */
static void choice_start(choice *ch, const fray_encounter *e, int who)
{
    ch->e = e;
    ch->who = who;
    ch->scored = ch->measured = 0;
    ch->look = NULL;
    ch->built = 0;
    ch->put = &ch->one[0];
}

/* A decision on the whole list l[0..n). */
static void choice_init(choice *ch, const fray_encounter *e, int who, const fray_action *l, int n)
{
    choice_start(ch, e, who);
    ch->l = l;
    ch->n = n;
    ch->kinds = 0;
    ch->built = EN_ALL_KINDS;
    note_kinds(ch, 0);
}

/* The kinds the policy chooses from, by the part of the list that holds
 * them. Jump, Stow, Disarm, Restrain, Push and the moves away from a foe
 * are never chosen in FRAY_WIN_ACT, so never written. */
#define POLICY_MOVES (EN_MOVE_KINDS & ~EN_KIND(EN_A_JUMP))

/* With a look, the entries of kinds the look does not give one at a time
 * (the moves: Sprint) are written to the list as the whole list holds
 * them, all the moves together. */
static void need(choice *ch, int kind)
{
    if ((ch->built >> kind) & 1u)
        return;
    if (!ch->built) { /* the first kinds asked for: an empty list */
        ch->b = (fray_list){ch->lbuf, 0, FRAY_MAX_LEGAL};
        ch->l = ch->lbuf;
        ch->n = 0;
        ch->kinds = 0;
    }
    uint32_t kinds = (POLICY_MOVES >> kind) & 1u ? POLICY_MOVES : EN_KIND(kind);
    int from = ch->b.n;
    en_legal_kinds(ch->look, &ch->b, kinds);
    ch->built |= kinds;
    ch->n = ch->b.n;
    note_kinds(ch, from);
}

/* fray_distance(e, who, t), once a decision. */
static int dist_to(choice *ch, int t)
{
    if (ch->look && ((ch->look->foes >> t) & 1u))
        return en_view_d(ch->look, t); /* the look has every foe's offset */
    if (!(ch->measured & (1u << t))) {
        ch->measured |= 1u << t;
        ch->dist[t] = fray_distance(ch->e, ch->who, t);
    }
    return ch->dist[t];
}

/* Lower is a better target: the weakest Aura, then the nearest. */
static long target_score(choice *ch, int t)
{
    if (ch->scored & (1u << t))
        return ch->score[t];
    const fray_encounter *e = ch->e;
    long s = (long)fray_res(e, t, EN_R_AURA) * 1000 + dist_to(ch, t) / 10;
    if (fray_has(e, t, EN_C_EXPOSED))
        s -= 500;
    ch->scored |= 1u << t;
    ch->score[t] = s;
    return s;
}

/* The entries of `kind` in the list, in its order, at most
 * FRAY_MAX_COMBATANTS (one per foe, or per weapon), with the kinds the
 * look does not give one at a time written first (need). */
static int listed(choice *ch, int kind, const fray_action **out)
{
    need(ch, kind);
    if (!(ch->kinds & EN_KIND(kind)))
        return 0;
    int n = 0;
    for (int i = 0; i <= ch->last[kind]; i++)
        if (ch->l[i].kind == kind && n < FRAY_MAX_COMBATANTS * 2)
            out[n++] = &ch->l[i];
    return n;
}

/* The entries of `kind` in the order of the whole list: pointers into the
 * list, or, with a look, into ch->one as legal.c gives them one by one. */
static int entries(choice *ch, int kind, const fray_action **out)
{
    en_look *k = ch->look;
    int n = 0;
    if (k && (EN_KIND(kind) & EN_ATTACK_KINDS)) {
        for (uint32_t m = k->attacks ? en_attack_foes(k, kind) : 0; m; m &= m - 1)
            if (en_attack_entry(k, kind, __builtin_ctz(m), &ch->one[n]))
                out[n] = &ch->one[n], n++;
        return n;
    }
    if (k && kind == EN_A_AGILE_MOVE) {
        /* as the whole list holds them, the moves away included */
        for (uint32_t m = k->foes; m; m &= m - 1) {
            int t = __builtin_ctz(m);
            if (en_move_entry(k, kind, t, EN_ARG_AWAY, &ch->one[n]))
                out[n] = &ch->one[n], n++;
            if (en_move_entry(k, kind, t, 0, &ch->one[n]))
                out[n] = &ch->one[n], n++;
        }
        return n;
    }
    if (k && kind == EN_A_EQUIP) {
        for (int i = 0; i < k->c->nw && k->c->wielded < 0; i++)
            if (en_equip_entry(k, i, &ch->one[n]))
                out[n] = &ch->one[n], n++;
        return n;
    }
    if (k && (EN_KIND(kind) & (EN_OWN_KINDS | EN_KIND(EN_A_LOAD)))) {
        if (en_own_entry(k, kind, &ch->one[0]))
            out[n++] = &ch->one[0];
        return n;
    }
    return listed(ch, kind, out);
}

static inline long entry_score(choice *ch, const fray_action *a)
{
    return a->target >= 0 ? target_score(ch, a->target) : 0;
}

/* The best of the entries l[0..n) without the arg bits in `avoid` (the
 * first of the best scores), or NULL. A score is computed only when there
 * is a second entry to compare (the first alone is the best; a score
 * changes nothing but the decision's memo). */
static const fray_action *best_in(choice *ch, const fray_action *const *l, int n, int avoid)
{
    const fray_action *best = NULL;
    long bs = 0;
    int have_bs = 0;
    for (int i = 0; i < n; i++) {
        if (l[i]->arg & avoid)
            continue;
        if (!best) {
            best = l[i];
            continue;
        }
        if (!have_bs) {
            bs = entry_score(ch, best);
            have_bs = 1;
        }
        long s = entry_score(ch, l[i]);
        if (s < bs) {
            best = l[i];
            bs = s;
        }
    }
    return best;
}

/* The best entry of `kind` without the arg bits in `avoid`, or NULL: as
 * best_in(entries(kind)), but with a look the entries of an attack or an
 * action of the creature's own are read one at a time, inline, where the
 * kind is known (each call site a loop of its own). */
static inline __attribute__((always_inline)) const fray_action *best_of(choice *ch, int kind, int avoid)
{
    en_look *k = ch->look;
    const fray_action *l[FRAY_MAX_COMBATANTS * 2];
    if (!k || kind == EN_A_EQUIP ||
        !(EN_KIND(kind) & (EN_ATTACK_KINDS | EN_OWN_KINDS | EN_KIND(EN_A_LOAD) | EN_KIND(EN_A_SPRINT))))
        return best_in(ch, l, entries(ch, kind, l), avoid);
    fray_action *a = ch->put;
    if (EN_KIND(kind) & (EN_OWN_KINDS | EN_KIND(EN_A_LOAD)))
        return en_own_entry(k, kind, a) && !(a->arg & avoid) ? a : NULL;
    /* one entry a foe at most: an attack, or a Sprint (towards it); the
     * first written in place, a later one beside it */
    int found = 0, have_bs = 0;
    long bs = 0;
    uint32_t m = kind == EN_A_SPRINT ? k->foes : k->attacks ? en_attack_foes(k, kind) : 0;
    for (; m; m &= m - 1) {
        int t = __builtin_ctz(m);
        fray_action *at = found ? &ch->one[1] : a;
        if (!(kind == EN_A_SPRINT ? en_move_entry(k, kind, t, 0, at) : en_attack_entry(k, kind, t, at)) ||
            (at->arg & avoid))
            continue;
        if (!found) { /* scored only against a second one (best_in) */
            found = 1;
            continue;
        }
        if (!have_bs) {
            bs = target_score(ch, a->target);
            have_bs = 1;
        }
        long s = target_score(ch, t);
        if (s < bs) {
            *a = ch->one[1];
            bs = s;
        }
    }
    return found ? a : NULL;
}

static int stamina_spare(const fray_encounter *e, int who)
{
    return fray_res(e, who, EN_R_STAMINA) > pc(e, who)->d.stamina_keep;
}

static int reach_m(const en_creature *c)
{
    if (c->wielded < 0 || (c->w[c->wielded].props & EN_W_RANGED))
        return 0;
    return c->w[c->wielded].reach;
}

/* Whether from (x, y) the creature would have foe t within its reach r (cm). */
static int reaches_from(const fray_encounter *e, int t, int r, int x, int y)
{
    int64_t dx = e->c[t].x - x, dy = e->c[t].y - y;
    return dx * dx + dy * dy <= (int64_t)r * r;
}

/* An attack of `kind` is one of the Unarmed ones (Reach 0, 2 Energy). */
static int unarmed_kind(int kind)
{
    return kind == EN_A_UNARMED || kind == EN_A_RESTRAIN || kind == EN_A_PUSH;
}

/* Whether `attacker`, whose attack of `kind` on t finds t stepped to
 * (x, y), would follow it and strike (actions.c:follow: 1 Agility a
 * metre, the attack's own Energy counting for the Agile Moves). A won
 * Initiative's attack is taken for a Melee Attack. */
static int follows(const fray_encounter *e, int attacker, int t, int kind, int x, int y)
{
    fray_action a = {.kind = (int16_t)kind, .actor = (int16_t)attacker, .target = (int16_t)t};
    int fx, fy;
    return en_follow_steps(e, &a, x, y, &fx, &fy) > 0;
}

/* Whether foe t, attacked by who with `kind`, would step out of Reach with
 * an Agile Move (it may: Agility, a credit of Energy spent, free to move)
 * where who could not follow: the attack would be abandoned for 1 Energy
 * and the Energy to close in again, a loop without progress (issue 35). */
static int escapes(const fray_encounter *e, int who, int kind, int t)
{
    const en_creature *tc = pc(e, t);
    unsigned tm = conds(e, t);
    if (tc->agile_credit < 1 || fray_res(e, t, EN_R_AGILITY) < 1 || !agility_ok(tm) || !can_move(tc, tm) ||
        !fray_able(e, t))
        return 0;
    int x, y;
    fray_step_towards(e->c[t].x, e->c[t].y, e->c[who].x, e->c[who].y, 100, 1, &x, &y);
    const en_creature *c = pc(e, who);
    int r = (unarmed_kind(kind) ? c->d.unarmed_reach_cm : c->d.reach_cm) + en_footprint_cm(tc->size);
    int64_t dx = x - e->c[who].x, dy = y - e->c[who].y;
    return !en_within_sq(dx * dx + dy * dy, r) && !follows(e, who, t, kind, x, y);
}

/* The best attack of `kind` on a foe that would not step out of it, or
 * NULL: best_of's choice when that foe stays, else the best of the others
 * (read again: asked only when the first would escape). */
static const fray_action *best_staying(choice *ch, int kind, int avoid, const fray_action *k)
{
    if (!k || !escapes(ch->e, ch->who, kind, k->target))
        return k;
    const fray_action *l[FRAY_MAX_COMBATANTS * 2];
    int n = entries(ch, kind, l), m = 0;
    for (int i = 0; i < n; i++)
        if (!(l[i]->arg & avoid) && !escapes(ch->e, ch->who, kind, l[i]->target))
            l[m++] = l[i];
    return best_in(ch, l, m, 0);
}

static int any_foe_in_reach(choice *ch)
{
    const fray_encounter *e = ch->e;
    int who = ch->who;
    if (ch->look) {
        /* the look's foes are the able foes, and views[t].reach is this
         * reach (reach_m is weapon_reach): its near foes */
        return ch->look->near != 0;
    }
    const en_creature *c = pc(e, who);
    for (int i = 0; i < e->n; i++)
        if (en_foe(e, who, i) && e->c[i].status == FRAY_ABLE &&
            dist_to(ch, i) <= en_reach_cm(c->size, reach_m(c), pc(e, i)->size))
            return 1;
    return 0;
}

static int nearest_foe(choice *ch)
{
    const fray_encounter *e = ch->e;
    int best = -1, bd = 0;
    if (ch->look) {
        /* the same foes in the same order, measured already (a lone foe
         * is the nearest: no root taken) */
        uint32_t foes = ch->look->foes;
        if (!(foes & (foes - 1)))
            return foes ? __builtin_ctz(foes) : -1;
        for (uint32_t m = foes; m; m &= m - 1) {
            int t = __builtin_ctz(m), d = en_view_d(ch->look, t);
            if (best < 0 || d < bd) {
                best = t;
                bd = d;
            }
        }
        return best;
    }
    for (int i = 0; i < e->n; i++) {
        if (!en_foe(e, ch->who, i) || e->c[i].status != FRAY_ABLE)
            continue;
        int d = dist_to(ch, i);
        if (best < 0 || d < bd) {
            best = i;
            bd = d;
        }
    }
    return best;
}

/* A move towards foe f of class `cls` that the policy would take (not
 * away, not paid with Stamina), the first in the list's order that ends
 * where ok(e, f, r, x, y) holds (NULL: anywhere), or NULL. The classes, by
 * what the move costs the policy: 0 a Shift paid with Agility or an Agile
 * Move, 1 a Shift paid with Energy, 2 a Quick Run, 3 a Run. With a look the
 * entries are read one by one (en_move_entry), in the list's order. */
enum { MOVE_FREE = 0, MOVE_SHIFT, MOVE_QUICK_RUN, MOVE_RUN };

static int move_class(const fray_action *a)
{
    switch (a->kind) {
    case EN_A_SHIFT: return (a->arg & EN_ARG_AGILITY) ? MOVE_FREE : MOVE_SHIFT;
    case EN_A_AGILE_MOVE: return MOVE_FREE;
    case EN_A_QUICK_RUN: return MOVE_QUICK_RUN;
    case EN_A_RUN: return MOVE_RUN;
    default: return -1;
    }
}

/* With a look, the entry of move `kind` towards f (en_move_entry) when the
 * policy would take it, or NULL. */
static inline __attribute__((always_inline)) const fray_action *look_move(choice *ch, int kind, int f, int flags,
                                                                        int r, int check)
{
    fray_action *a = ch->put;
    if (en_move_entry(ch->look, kind, f, flags, a) && !(a->arg & (EN_ARG_AWAY | EN_ARG_STAMINA)) &&
        (!check || reaches_from(ch->e, f, r, a->x, a->y)))
        return a;
    return NULL;
}

/* Inlined where each call site names its class: with a look the entries'
 * kinds are then constants, and each en_move_entry inlined there keeps only
 * its kind's part. */
static inline __attribute__((always_inline)) const fray_action *move_of(choice *ch, int f, int cls, int r,
                                                                      int check)
{
    if (f < 0)
        return NULL;
    if (!ch->look) {
        for (int i = 0; i < ch->n; i++) {
            const fray_action *a = &ch->l[i];
            if (a->target == f && !(a->arg & (EN_ARG_AWAY | EN_ARG_STAMINA)) && move_class(a) == cls &&
                (!check || reaches_from(ch->e, f, r, a->x, a->y)))
                return a;
        }
        return NULL;
    }
    /* the entries of the class, in the list's order: each foe's Run, Quick
     * Run, Shift with Agility, Shift with Energy; then the Agile Moves */
    const fray_action *a;
    switch (cls) {
    case MOVE_FREE:
        if ((a = look_move(ch, EN_A_SHIFT, f, EN_ARG_AGILITY, r, check)))
            return a;
        return look_move(ch, EN_A_AGILE_MOVE, f, 0, r, check);
    case MOVE_SHIFT:
        return look_move(ch, EN_A_SHIFT, f, 0, r, check);
    case MOVE_QUICK_RUN:
        return look_move(ch, EN_A_QUICK_RUN, f, 0, r, check);
    default:
        return look_move(ch, EN_A_RUN, f, 0, r, check);
    }
}

/* Reach planned around: a foe that reaches who with a shorter Reach than
 * who's: an Agile Move 1 m away from it (1 Agility) that leaves it out of
 * its Reach and within who's, so that it has to step in to strike (into a
 * Swift Attack when who has one left), or NULL. */
static const fray_action *step_back(choice *ch)
{
    const fray_encounter *e = ch->e;
    int who = ch->who;
    const en_creature *c = pc(e, who);
    if (c->d.hand_ranged || c->wielded < 0)
        return NULL;
    const fray_action *l[FRAY_MAX_COMBATANTS * 2];
    int n = entries(ch, EN_A_AGILE_MOVE, l);
    for (int i = 0; i < n; i++) {
        const fray_action *a = l[i];
        int f = a->target;
        const en_creature *fc = pc(e, f);
        if (!(a->arg & EN_ARG_AWAY) || fc->d.hand_ranged || fc->wielded < 0)
            continue;
        int fr = fc->d.reach_cm + en_footprint_cm(c->size), r = c->d.reach_cm + en_footprint_cm(fc->size);
        if (fr < r && en_within_sq(fray_distance2(e, f, who), fr) && !reaches_from(e, f, fr, a->x, a->y) &&
            reaches_from(e, f, r, a->x, a->y))
            return a;
    }
    return NULL;
}

/* The policy's choice in FRAY_WIN_ACT, or NULL to pass. */
static const fray_action *act(choice *ch)
{
    const fray_encounter *e = ch->e;
    int who = ch->who;
    const en_creature *c = pc(e, who);
    int en = fray_res(e, who, EN_R_ENERGY);
    int avoid = stamina_spare(e, who) ? 0 : EN_ARG_STAMINA;
    /* nothing changes while the policy chooses: read once */
    int ranged = c->d.hand_ranged;
    const fray_action *k;
    /* Escape needs a hold, Release a creature held, Kneel Prone, Stand
     * kneeling, Pick Up and Equip empty hands: one test for them all,
     * false in most choices */
    if ((conds(e, who) & ((1u << EN_C_RESTRAINED) | (1u << EN_C_PRONE))) || c->kneeling || c->wielded < 0 ||
        e->c[who].link[EN_LINK_HOLD]) {
        if ((k = best_of(ch, EN_A_ESCAPE, avoid)))
            return k;
        if ((k = best_of(ch, EN_A_RELEASE, 0)))
            return k;
        if ((k = best_of(ch, EN_A_KNEEL, avoid)))
            return k;
        if ((k = best_of(ch, EN_A_STAND, avoid)))
            return k;
        if (c->wielded < 0) {
            if ((k = best_of(ch, EN_A_PICK_UP, avoid)))
                return k;
            if ((k = best_of(ch, EN_A_EQUIP, avoid)))
                return k;
        }
    }
    if ((k = best_of(ch, EN_A_SWIFT, avoid)))
        return k;
    if (ranged) {
        if ((k = best_of(ch, EN_A_LOAD, avoid)))
            return k;
        if ((k = best_of(ch, EN_A_RANGED, avoid | EN_ARG_THROW)))
            return k;
    }
    /* Trip an Exposed foe that an ally also reaches: no Unguarded for us,
     * and the ally's attacks meet Disadvantage on Evasion. */
    /* an able creature of our side but us (the look found it; without one,
     * looked for when it matters) */
    int allies = 0;
    if (ch->look)
        allies = ch->look->allies;
    else
        for (int j = 0; j < e->n && en >= 3 && !allies; j++)
            allies = j != who && !en_foe(e, who, j) && e->c[j].status == FRAY_ABLE;
    if (en >= 3 && allies) {
        const fray_action *trips[FRAY_MAX_COMBATANTS];
        int nt = entries(ch, EN_A_TRIP, trips);
        for (int i = 0; i < nt; i++) {
            if (trips[i]->arg & avoid)
                continue;
            int t = trips[i]->target;
            if (!fray_has(e, t, EN_C_EXPOSED) || fray_has(e, t, EN_C_PRONE) || escapes(e, who, EN_A_TRIP, t))
                continue;
            for (int j = 0; j < e->n; j++)
                if (j != who && !en_foe(e, who, j) && e->c[j].status == FRAY_ABLE &&
                    en_in_reach(e, j, t, reach_m(pc(e, j))))
                    return trips[i];
        }
    }
    const fray_action *melee = best_of(ch, EN_A_MELEE, avoid);
    if ((k = best_staying(ch, EN_A_MELEE, avoid, melee)))
        return k;
    if (melee && en >= 3) {
        /* every foe in Reach would step out of it: a free step closer, so
         * that its step ends within Reach, else wait for its Agility or its
         * credit to run out (a new Round) */
        int t = melee->target, r = ch->look ? ch->look->views[t].reach
                                             : en_reach_cm(c->size, reach_m(c), pc(e, t)->size);
        if (r - 100 >= 100 && (k = move_of(ch, t, MOVE_FREE, r - 100, 1)))
            return k;
    }
    int in_reach = any_foe_in_reach(ch);
    if (!in_reach && !ranged) {
        /* close in: the cheapest move that ends within reach of the nearest
         * foe (the first in the list of the cheapest), and the longest
         * otherwise */
        int f = nearest_foe(ch);
        int fr = f < 0 ? 0 : ch->look ? ch->look->views[f].reach : en_reach_cm(c->size, reach_m(c), pc(e, f)->size);
        const fray_action *best = NULL;
        int bcost = 99;
        if ((best = move_of(ch, f, MOVE_FREE, fr, 1)))
            bcost = MOVE_FREE;
        else if ((best = move_of(ch, f, MOVE_SHIFT, fr, 1)))
            bcost = MOVE_SHIFT;
        else if ((best = move_of(ch, f, MOVE_QUICK_RUN, fr, 1)))
            bcost = MOVE_QUICK_RUN;
        else if ((best = move_of(ch, f, MOVE_RUN, fr, 1)))
            bcost = MOVE_RUN;
        if (best && (en - bcost >= 3 || bcost <= 1 || en >= 5))
            return best;
        if (!best) {
            if (stamina_spare(e, who) && (k = best_of(ch, EN_A_SPRINT, 0)) && k->target == f)
                return k;
            if ((k = move_of(ch, f, MOVE_RUN, 0, 0)))
                return k;
        }
    }
    if (!in_reach && ranged) {
        /* out of range of everything: walk towards the nearest foe */
        if ((k = move_of(ch, nearest_foe(ch), MOVE_RUN, 0, 0)))
            return k;
    }
    if (in_reach && (k = step_back(ch)))
        return k;
    if (!fray_has(e, who, EN_C_DEFENDING) || fray_has(e, who, EN_C_EXPOSED))
        if ((k = best_of(ch, EN_A_DEFEND, EN_ARG_STAMINA)))
            return k;
    if (en >= 2 && (k = best_of(ch, EN_A_UNARMED, EN_ARG_STAMINA)) && en - 2 >= 1 &&
        !escapes(e, who, EN_A_UNARMED, k->target))
        return k;
    if (!in_reach && en >= 3 && fray_res(e, who, EN_R_STAMINA) < c->d.stamina_max - 1)
        if ((k = best_of(ch, EN_A_CATCH_BREATH, 0)))
            return k;
    return NULL; /* wait: keep the last Energy for a Swift Attack */
}

/* Whether the Agile Move a ends out of the attacker's Reach: a step out of
 * Reach before the roll, and the attack is abandoned. */
static int steps_out(const fray_encounter *e, int who, int attacker, const fray_action *a)
{
    /* en_reach_cm(ac->size, reach_m(ac), who's size), its first part
     * derived with the weapon in hand (en_derive) */
    int r = pc(e, attacker)->d.reach_cm + en_footprint_cm(pc(e, who)->size);
    int64_t dx = e->c[attacker].x - a->x, dy = e->c[attacker].y - a->y;
    return dx * dx + dy * dy > (int64_t)r * r;
}

/* The attack a declared window answers: the trigger's, or a Melee Attack
 * for a won Initiative (its attack not known here). */
static int attack_kind(const fray_action *trigger)
{
    return trigger->kind == EN_A_INITIATIVE ? EN_A_MELEE : trigger->kind;
}

/* The policy rolls Initiative only against an attack on its own creature
 * (it keeps its one roll a Round for that). */
static int attacked(const fray_action *trigger, int who)
{
    return trigger && is_attack(trigger->kind) && trigger->target == who;
}

/* Whether to roll Initiative against the attacker: only when a win buys a
 * full attack back. */
static int initiative_pays(const fray_encounter *e, int who, int attacker)
{
    const en_creature *c = pc(e, who);
    /* en_in_reach(e, who, attacker, reach_m(c)), who's part of the reach
     * derived (en_derive) */
    if (fray_res(e, who, EN_R_ENERGY) < 3 || attacker < 0 || c->d.hand_ranged)
        return 0;
    return en_within_sq(fray_distance2(e, who, attacker), c->d.reach_cm + en_footprint_cm(pc(e, attacker)->size));
}

/* FRAY_WIN_DECLARED: answering an attack declared against who, or choosing
 * what a won Initiative does (from who's actions of FRAY_WIN_ACT: the
 * trigger is then the Initiative, its target the attacker). NULL: pass.
 * decide_declared makes the same choice from the window's two entries. */
static const fray_action *declared(choice *ch, const fray_action *trigger)
{
    const fray_encounter *e = ch->e;
    int who = ch->who;
    int attacker = trigger ? (trigger->kind == EN_A_INITIATIVE ? trigger->target : trigger->actor) : -1;
    const fray_action *l[FRAY_MAX_COMBATANTS * 2], *k;
    int n;
    if (attacker >= 0 && (n = entries(ch, EN_A_AGILE_MOVE, l)) > 0)
        for (int i = 0; i < n; i++)
            if (steps_out(e, who, attacker, l[i]) && !follows(e, attacker, who, attack_kind(trigger), l[i]->x, l[i]->y))
                return l[i];
    if ((k = best_of(ch, EN_A_INITIATIVE, 0)))
        return attacked(trigger, who) && initiative_pays(e, who, attacker) ? k : NULL;
    n = entries(ch, EN_A_MELEE, l);
    for (int i = 0; i < n; i++)
        if (l[i]->target == attacker && !(l[i]->arg & EN_ARG_STAMINA))
            return l[i];
    return best_of(ch, EN_A_DEFEND, EN_ARG_STAMINA);
}

/* The policy's answer in a window other than its own (the list l[0..n) of
 * legal actions, n > 0): a Swift Attack, or what answers a declared attack
 * or a won Initiative. An index into legal, or -1. */
static int react(fray_encounter *e, int who, int window, const fray_action *trigger,
                 const fray_action *legal, int n)
{
    choice ch;
    choice_init(&ch, e, who, legal, n);
    const fray_action *k = window == FRAY_WIN_TRIGGERED ? best_of(&ch, EN_A_SWIFT, 0) : declared(&ch, trigger);
    return k ? (int)(k - legal) : -1;
}

int en_policy(fray_encounter *e, int who, int window, const fray_action *trigger,
              const fray_action *legal, int n)
{
    if (n <= 0)
        return -1;
    if (window == FRAY_WIN_ACT) {
        choice ch;
        choice_init(&ch, e, who, legal, n);
        const fray_action *k = act(&ch);
        return k ? (int)(k - legal) : -1;
    }
    return react(e, who, window, trigger, legal, n);
}

int en_policy_act(fray_encounter *e, en_look *k, fray_action *pick)
{
    choice ch;
    choice_start(&ch, e, k->who);
    ch.look = k;
    ch.put = pick;
    const fray_action *a = act(&ch);
    if (!a)
        return 0;
    if (a != pick)
        *pick = *a;
    return 1;
}

/* The decide hook in FRAY_WIN_ACT: the policy asks for the entries it looks
 * at (en_policy_act, as en_legal does for the policy). Each window's part
 * is a function of its own, flattened: the reactions, most of the calls,
 * then do not pay for the registers and the frame of the policy's part. */
static __attribute__((noinline, flatten)) int decide_act(fray_encounter *e, int who, fray_action *out)
{
    if (pc(e, who)->passed)
        return FRAY_DECIDE_NONE;
    en_look k;
    en_look_init(&k, e, who);
    if (!en_look_fits(&k))
        return FRAY_DECIDE_LIST; /* the whole list might not fit: the policy picks from what does */
    return en_policy_act(e, &k, out) ? FRAY_DECIDE_TAKE : FRAY_DECIDE_PASS;
}

/* FRAY_WIN_DECLARED: declared()'s choice from the window's list, which
 * holds an Agile Move away from the attacker and the Initiative at most
 * (no Melee Attack, no Defend), read directly (en_declared_entry): a step
 * out of Reach first, the Initiative's entry read only after it. */
static __attribute__((noinline, flatten)) int decide_declared(fray_encounter *e, int who, const fray_action *trigger,
                                                            fray_action *out)
{
    /* either entry is there only for an attack on who: its actor attacks;
     * written in place (out is read only when taken) */
    int agile = en_declared_entry(e, who, trigger, EN_A_AGILE_MOVE, out);
    if (agile && steps_out(e, who, trigger->actor, out) &&
        !follows(e, trigger->actor, who, attack_kind(trigger), out->x, out->y))
        return FRAY_DECIDE_TAKE;
    if (en_declared_entry(e, who, trigger, EN_A_INITIATIVE, out))
        return attacked(trigger, who) && initiative_pays(e, who, trigger->actor) ? FRAY_DECIDE_TAKE
                                                                                : FRAY_DECIDE_PASS;
    return agile ? FRAY_DECIDE_PASS : FRAY_DECIDE_NONE;
}

/* Any other window: legal_swift's list of Swift Attacks, one a foe, and
 * react's choice from it (best_of(EN_A_SWIFT, 0): the best of them all,
 * the first of the best scores, as best_in; a lone one is not scored). */
static __attribute__((noinline, flatten)) int decide_swift(fray_encounter *e, int who, const fray_action *trigger,
                                                         fray_action *out)
{
    int how = 0;
    uint32_t m = en_swift_targets(e, who, trigger, &how);
    if (!m)
        return FRAY_DECIDE_NONE;
    int best = __builtin_ctz(m);
    if (m & (m - 1)) {
        choice ch;
        choice_start(&ch, e, who);
        long bs = target_score(&ch, best);
        for (m &= m - 1; m; m &= m - 1) {
            int t = __builtin_ctz(m);
            long s = target_score(&ch, t);
            if (s < bs) {
                best = t;
                bs = s;
            }
        }
    }
    *out = (fray_action){.kind = EN_A_SWIFT, .actor = (int16_t)who, .target = (int16_t)best, .arg = (int16_t)how};
    return FRAY_DECIDE_TAKE;
}

/* The decide hook: the choice en_legal and en_policy make together, without
 * the core's list. */
int en_decide(fray_encounter *e, int who, int window, const fray_action *trigger, fray_action *out)
{
    if (!fray_able(e, who))
        return FRAY_DECIDE_NONE;
    if (window == FRAY_WIN_ACT)
        return decide_act(e, who, out);
    /* Interrupts cannot interrupt interrupts: no windows inside one. */
    if (!trigger || st(e)->depth > 0)
        return FRAY_DECIDE_NONE;
    if (window == FRAY_WIN_DECLARED)
        return decide_declared(e, who, trigger, out);
    return decide_swift(e, who, trigger, out);
}

/* What `who`, the policy's creature, does with a won Initiative against the
 * action `won` (actions.c): the policy's choice from the list of its actions
 * of FRAY_WIN_ACT in FRAY_WIN_DECLARED, as fray_choose would make it from
 * that list, read without it. 1 with the action in *out, 0 to pass, -1
 * when the whole list might not fit in FRAY_MAX_LEGAL (the caller lists). */
int en_policy_won(fray_encounter *e, int who, const fray_action *won, fray_action *out)
{
    en_look k;
    en_look_init(&k, e, who);
    if (!en_look_fits(&k))
        return -1;
    choice ch;
    choice_start(&ch, e, who);
    ch.look = &k;
    ch.put = out;
    const fray_action *a = declared(&ch, won);
    if (!a)
        return 0;
    if (a != out)
        *out = *a;
    return 1;
}
