/* policy.c: the built-in play of an energy creature. It closes distance
 * cheaply, keeps Energy for a full Melee Attack, shoots with a loaded
 * weapon, makes Swift Attacks on the Unguarded, steps out of Reach or wins
 * Initiative against a declared attack, Defends with the Energy left, and
 * Catches its Breath when nothing is in reach. Deterministic: no random
 * choice, so it needs no stream. */
#include "rules.h"

static const en_creature *pc(const fray_encounter *e, int i) { return fray_cpriv(e, i); }

/* One decision: the list it chooses from, which kinds of action the list
 * holds (and where each kind's entries end), and each target's
 * score once computed. Nothing changes the encounter while the policy
 * chooses, so a score stays valid for the whole decision. With a look, the
 * list is written as the policy asks for kinds (need): each kind's entries
 * in the order of the whole list, the moves and Agile Moves together. */
typedef struct choice {
    const fray_encounter *e;
    int who;
    const fray_action *l;
    int n;
    uint32_t kinds;                     /* bit k: the list holds an action of kind k */
    int last[EN_NACTIONS];              /* the last index of each kind held */
    uint32_t scored;                    /* bit t: score[t] is computed */
    uint32_t measured;                  /* bit t: dist[t] is computed */
    long score[FRAY_MAX_COMBATANTS];
    int dist[FRAY_MAX_COMBATANTS];      /* fray_distance(e, who, t) */
    en_look *look;                      /* NULL: l[0..n) is the whole list */
    fray_list b;                        /* the list being written, with a look */
    uint32_t built;                     /* bit k: kind k is written */
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

/* A decision with nothing read yet and an empty list. */
static void choice_start(choice *ch, const fray_encounter *e, int who)
{
    ch->e = e;
    ch->who = who;
    ch->l = NULL;
    ch->n = 0;
    ch->kinds = 0;
    ch->scored = ch->measured = 0;
    ch->look = NULL;
    ch->built = 0;
}

/* A decision on the whole list l[0..n). */
static void choice_init(choice *ch, const fray_encounter *e, int who, const fray_action *l, int n)
{
    choice_start(ch, e, who);
    ch->l = l;
    ch->n = n;
    ch->built = EN_ALL_KINDS;
    note_kinds(ch, 0);
}

/* The kinds the policy chooses from, by the part of the list that holds
 * them: asking for one writes its part, in one pass. Jump, Stow, Disarm,
 * Restrain, Push and the moves away from a foe are never chosen in
 * FRAY_WIN_ACT, so never written. */
#define POLICY_ATTACKS (EN_ATTACK_KINDS & ~(EN_KIND(EN_A_DISARM) | EN_KIND(EN_A_RESTRAIN) | EN_KIND(EN_A_PUSH)))
#define POLICY_MOVES (EN_MOVE_KINDS & ~EN_KIND(EN_A_JUMP))
#define POLICY_OWN ((EN_OWN_KINDS | EN_KIND(EN_A_LOAD)) & ~EN_KIND(EN_A_STOW))

/* The entries of `kind` are in the list (written now, with a look), each
 * kind's in the order of the whole list; the moves are written together,
 * so that the policy compares them in that order too. */
static void need(choice *ch, int kind)
{
    if ((ch->built >> kind) & 1u)
        return;
    /* nearly every decision looks at an attack and at an action of its
     * own: both are written in one pass */
    uint32_t kinds = (POLICY_MOVES >> kind) & 1u ? POLICY_MOVES
                     : ((POLICY_ATTACKS | POLICY_OWN) >> kind) & 1u ? POLICY_ATTACKS | POLICY_OWN
                     : EN_KIND(kind);
    int from = ch->b.n;
    en_legal_kinds(ch->look, &ch->b, kinds);
    ch->built |= kinds;
    ch->n = ch->b.n;
    note_kinds(ch, from);
}

/* fray_distance(e, who, t), once a decision. */
static int dist_to(choice *ch, int t)
{
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
    if (fray_cond_has(e, t, EN_C_EXPOSED))
        s -= 500;
    ch->scored |= 1u << t;
    ch->score[t] = s;
    return s;
}

static int best_in(choice *ch, int kind, int avoid)
{
    const fray_action *l = ch->l;
    int best = -1;
    long bs = 0;
    for (int i = 0; i <= ch->last[kind]; i++) {
        if (l[i].kind != kind || (l[i].arg & avoid))
            continue;
        long s = l[i].target >= 0 ? target_score(ch, l[i].target) : 0;
        if (best < 0 || s < bs) {
            best = i;
            bs = s;
        }
    }
    return best;
}

/* The best entry of `kind` (optionally without the arg bits in `avoid`);
 * a kind absent from the list is answered without a look at it. */
static inline int best_of(choice *ch, int kind, int avoid)
{
    need(ch, kind);
    return (ch->kinds & (1u << kind)) ? best_in(ch, kind, avoid) : -1;
}

static int stamina_spare(const fray_encounter *e, int who)
{
    return fray_res(e, who, EN_R_STAMINA) > pc(e, who)->d.stamina_max / 2 + 1;
}

static int is_ranged(const en_creature *c)
{
    return c->wielded >= 0 && (c->w[c->wielded].props & EN_W_RANGED);
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

static int any_foe_in_reach(choice *ch)
{
    const fray_encounter *e = ch->e;
    int who = ch->who;
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

static int act(choice *ch)
{
    const fray_encounter *e = ch->e;
    const fray_action *l = ch->l;
    int who = ch->who;
    const en_creature *c = pc(e, who);
    int en = fray_res(e, who, EN_R_ENERGY);
    int avoid = stamina_spare(e, who) ? 0 : EN_ARG_STAMINA;
    int k;
    if ((k = best_of(ch, EN_A_ESCAPE, avoid)) >= 0)
        return k;
    if ((k = best_of(ch, EN_A_RELEASE, 0)) >= 0)
        return k;
    if ((k = best_of(ch, EN_A_KNEEL, avoid)) >= 0)
        return k;
    if ((k = best_of(ch, EN_A_STAND, avoid)) >= 0)
        return k;
    if (c->wielded < 0) {
        if ((k = best_of(ch, EN_A_PICK_UP, avoid)) >= 0)
            return k;
        if ((k = best_of(ch, EN_A_EQUIP, avoid)) >= 0)
            return k;
    }
    if ((k = best_of(ch, EN_A_SWIFT, avoid)) >= 0)
        return k;
    if (is_ranged(c)) {
        if ((k = best_of(ch, EN_A_LOAD, avoid)) >= 0)
            return k;
        if ((k = best_of(ch, EN_A_RANGED, avoid | EN_ARG_THROW)) >= 0)
            return k;
    }
    /* Trip an Exposed foe that an ally also reaches: no Unguarded for us,
     * and the ally's attacks meet Disadvantage on Evasion. */
    int allies = 0; /* able creatures of our side but us */
    for (int j = 0; j < e->n; j++)
        allies += j != who && !en_foe(e, who, j) && e->c[j].status == FRAY_ABLE;
    if (en >= 3 && allies)
        need(ch, EN_A_TRIP);
    for (int i = 0; en >= 3 && allies && (ch->kinds & (1u << EN_A_TRIP)) && i <= ch->last[EN_A_TRIP]; i++) {
        if (l[i].kind != EN_A_TRIP || (l[i].arg & avoid))
            continue;
        int t = l[i].target;
        if (!fray_cond_has(e, t, EN_C_EXPOSED) || fray_cond_has(e, t, EN_C_PRONE))
            continue;
        for (int j = 0; j < e->n; j++)
            if (j != who && !en_foe(e, who, j) && e->c[j].status == FRAY_ABLE &&
                en_in_reach(e, j, t, reach_m(pc(e, j))))
                return i;
    }
    if ((k = best_of(ch, EN_A_MELEE, avoid)) >= 0)
        return k;
    int in_reach = any_foe_in_reach(ch);
    if (!in_reach)
        need(ch, EN_A_RUN); /* and every other move */
    int n = ch->n;
    if (!in_reach && !is_ranged(c)) {
        /* close in: the cheapest move that ends within reach of the nearest
         * foe, and the longest otherwise */
        int f = nearest_foe(ch);
        int fr = f >= 0 ? en_reach_cm(c->size, reach_m(c), pc(e, f)->size) : 0;
        int best = -1, bcost = 99;
        for (int i = 0; i < n && f >= 0; i++) {
            const fray_action *a = &l[i];
            if (a->target != f || (a->arg & (EN_ARG_AWAY | EN_ARG_STAMINA)))
                continue;
            int cost;
            switch (a->kind) {
            case EN_A_SHIFT: cost = (a->arg & EN_ARG_AGILITY) ? 0 : 1; break;
            case EN_A_AGILE_MOVE: cost = 0; break;
            case EN_A_QUICK_RUN: cost = 2; break;
            case EN_A_RUN: cost = 3; break;
            default: continue;
            }
            if (reaches_from(e, f, fr, a->x, a->y) && cost < bcost) {
                best = i;
                bcost = cost;
            }
        }
        if (best >= 0 && (en - bcost >= 3 || bcost <= 1 || en >= 5))
            return best;
        if (best < 0) {
            if (stamina_spare(e, who) && (k = best_of(ch, EN_A_SPRINT, 0)) >= 0 &&
                l[k].target == f)
                return k;
            for (int i = 0; i < n; i++)
                if (l[i].kind == EN_A_RUN && l[i].target == f && !(l[i].arg & (EN_ARG_AWAY | EN_ARG_STAMINA)))
                    return i;
        }
    }
    if (!in_reach && is_ranged(c)) {
        /* out of range of everything: walk towards the nearest foe */
        int f = nearest_foe(ch);
        for (int i = 0; i < n; i++)
            if (l[i].kind == EN_A_RUN && l[i].target == f && !(l[i].arg & (EN_ARG_AWAY | EN_ARG_STAMINA)))
                return i;
    }
    if (!fray_cond_has(e, who, EN_C_DEFENDING) || fray_cond_has(e, who, EN_C_EXPOSED))
        if ((k = best_of(ch, EN_A_DEFEND, EN_ARG_STAMINA)) >= 0)
            return k;
    if (en >= 2 && (k = best_of(ch, EN_A_UNARMED, EN_ARG_STAMINA)) >= 0 && en - 2 >= 1)
        return k;
    if (!in_reach && en >= 3 && fray_res(e, who, EN_R_STAMINA) < c->d.stamina_max - 1)
        if ((k = best_of(ch, EN_A_CATCH_BREATH, 0)) >= 0)
            return k;
    return -1; /* wait: keep the last Energy for a Swift Attack */
}

/* The policy's answer in a window other than its own (the list l[0..n) of
 * legal actions, n > 0): a Swift Attack, or what answers a declared attack
 * or a won Initiative. */
static int react(fray_encounter *e, int who, int window, const fray_action *trigger,
                 const fray_action *legal, int n)
{
    choice ch;
    choice_init(&ch, e, who, legal, n);
    if (window == FRAY_WIN_TRIGGERED)
        return best_of(&ch, EN_A_SWIFT, 0);
    /* FRAY_WIN_DECLARED: answering an attack, or choosing what a won
     * Initiative does */
    int attacker = trigger ? (trigger->kind == EN_A_INITIATIVE ? trigger->target : trigger->actor) : -1;
    int k;
    if (attacker >= 0 && (ch.kinds & (1u << EN_A_AGILE_MOVE))) {
        const en_creature *ac = pc(e, attacker);
        int r = en_reach_cm(ac->size, reach_m(ac), pc(e, who)->size);
        for (int i = 0; i <= ch.last[EN_A_AGILE_MOVE]; i++) {
            /* step out of Reach before the roll: the attack is abandoned */
            if (legal[i].kind == EN_A_AGILE_MOVE) {
                int64_t dx = e->c[attacker].x - legal[i].x, dy = e->c[attacker].y - legal[i].y;
                if (dx * dx + dy * dy > (int64_t)r * r)
                    return i;
            }
        }
    }
    if ((k = best_of(&ch, EN_A_INITIATIVE, 0)) >= 0) {
        /* roll only when a win buys a full attack back */
        if (fray_res(e, who, EN_R_ENERGY) >= 3 && attacker >= 0 &&
            en_in_reach(e, who, attacker, reach_m(pc(e, who))) && !is_ranged(pc(e, who)))
            return k;
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (legal[i].kind == EN_A_MELEE && legal[i].target == attacker && !(legal[i].arg & EN_ARG_STAMINA))
            return i;
    if ((k = best_of(&ch, EN_A_DEFEND, EN_ARG_STAMINA)) >= 0)
        return k;
    return -1;
}

int en_policy(fray_encounter *e, int who, int window, const fray_action *trigger,
              const fray_action *legal, int n)
{
    if (n <= 0)
        return -1;
    en_state *s = (en_state *)e->state;
    if (window == FRAY_WIN_ACT && n == 1 && s->picked == who + 1) {
        /* legal listed only what this policy chose (en_policy_act) */
        s->picked = 0;
        return 0;
    }
    if (window == FRAY_WIN_ACT) {
        choice ch;
        choice_init(&ch, e, who, legal, n);
        return act(&ch);
    }
    return react(e, who, window, trigger, legal, n);
}

int en_policy_act(fray_encounter *e, en_look *k, fray_action *pick)
{
    fray_action buf[FRAY_MAX_LEGAL];
    choice ch;
    choice_start(&ch, e, k->who);
    ch.l = buf;
    ch.look = k;
    ch.b = (fray_list){buf, 0, FRAY_MAX_LEGAL};
    /* the look measured every foe already */
    for (int t = 0; t < e->n; t++)
        if (k->foes & (1u << t))
            ch.dist[t] = k->views[t].d;
    ch.measured = k->foes;
    int i = act(&ch);
    if (i < 0)
        return 0;
    *pick = buf[i];
    return 1;
}

/* The decide hook: the choice en_legal and en_policy make together, without
 * the core's list. In FRAY_WIN_ACT the policy asks for the kinds it looks at
 * (en_policy_act, as en_legal does for the policy); a reaction's list is a
 * few entries at most and is written here by legal itself. Leaves the state
 * as legal + policy leave it: `picked` cleared. */
int en_decide(fray_encounter *e, int who, int window, const fray_action *trigger, fray_action *out)
{
    st(e)->picked = 0;
    if (!fray_able(e, who))
        return FRAY_DECIDE_NONE;
    if (window == FRAY_WIN_ACT) {
        if (pc(e, who)->passed)
            return FRAY_DECIDE_NONE;
        en_look k;
        en_look_init(&k, e, who);
        if (k.bound > FRAY_MAX_LEGAL)
            return FRAY_DECIDE_LIST; /* the whole list might not fit: the policy picks from what does */
        return en_policy_act(e, &k, out) ? FRAY_DECIDE_TAKE : FRAY_DECIDE_PASS;
    }
    fray_action buf[FRAY_MAX_COMBATANTS + 2];
    int n = en_legal(e, who, window, trigger, buf, (int)(sizeof buf / sizeof buf[0]));
    if (n <= 0)
        return FRAY_DECIDE_NONE;
    int i = react(e, who, window, trigger, buf, n);
    if (i < 0)
        return FRAY_DECIDE_PASS;
    *out = buf[i];
    return FRAY_DECIDE_TAKE;
}
