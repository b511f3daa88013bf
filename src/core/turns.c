/* turns.c: the turn scheduler (turns.h says what it offers). It keeps the
 * order and whose turn it is; what a turn allows is the ruleset's, through
 * its counters and hooks. */
#include <string.h>

#include "core.h"

#define BIT(i) ((uint32_t)1 << (i))

static const fray_turn_rules *rules(const fray_encounter *e) { return e->rs->turns; }

static int score(const fray_encounter *e, int who) { return e->c[who].res[rules(e)->score_res]; }

static int able(const fray_encounter *e, int who) { return e->c[who].status == FRAY_ABLE; }

/* Able, or down and still acting by the rules' down_acts. */
static int acts(const fray_encounter *e, int who)
{
    const fray_turn_rules *r = rules(e);
    return able(e, who) ||
           (e->c[who].status == FRAY_DOWN && r->down_acts && r->down_acts(e, who));
}

void fray_turns_init(fray_encounter *e)
{
    fray_turns *t = &e->turns;
    memset(t, 0, sizeof *t);
    t->cur = -1;
    memset(t->follow, -1, sizeof t->follow);
    for (int i = 0; i < e->n && i < 32; i++)
        t->order[t->norder++] = (int8_t)i;
}

int fray_turns_current(const fray_encounter *e) { return e->turns.cur; }

int fray_turns_started(const fray_encounter *e, int who)
{
    return (int)((e->turns.started >> who) & 1u);
}

int fray_turns_phase(const fray_encounter *e) { return e->turns.phase; }

void fray_act_order(const fray_encounter *e, int *order)
{
    const fray_turn_rules *r = e->rs->turns;
    if (!r) {
        if (e->rs->act_order)
            e->rs->act_order(e, order);
        else
            for (int i = 0; i < e->n; i++)
                order[i] = i;
        return;
    }
    const fray_turns *t = &e->turns;
    uint32_t placed = 0;
    int k = 0;
    if (r->order == FRAY_ORDER_FIXED) {
        for (int j = 0; j < t->norder; j++)
            if (!(t->absent & BIT(t->order[j])) && t->order[j] < e->n) {
                order[k++] = t->order[j];
                placed |= BIT(t->order[j]);
            }
    } else {
        /* FRAY_ORDER_RUNNING: the highest score first; a die breaks a tie
         * when the turn comes, so ties are shown in file order */
        for (int i = 0; i < e->n; i++) {
            if (t->absent & BIT(i))
                continue;
            int at = k++;
            while (at > 0 && e->c[order[at - 1]].res[r->score_res] < e->c[i].res[r->score_res]) {
                order[at] = order[at - 1];
                at--;
            }
            order[at] = i;
            placed |= BIT(i);
        }
    }
    for (int i = 0; i < e->n; i++)
        if (!(placed & BIT(i)))
            order[k++] = i;
}

int fray_turns_next_round(const fray_encounter *e, int who)
{
    return e->round + fray_turns_started(e, who);
}

/* ---- Counters ---- */

static inline void refill(fray_encounter *e, int who, int when)
{
    const fray_turn_rules *r = rules(e);
    for (int k = 0; k < r->ncounters; k++) {
        const fray_counter_info *ci = &r->counters[k];
        if (ci->when != when)
            continue;
        int v = ci->amount >= 0 ? ci->amount : r->counter_size(e, who, ci->res);
        fray_res_set(e, who, ci->res, v);
    }
}

void fray_turns_round_start(fray_encounter *e)
{
    fray_turns *t = &e->turns;
    t->started = 0;
    t->pos = 0;
    t->tail = 0;
    for (int i = 0; i < e->n; i++)
        if (!(t->absent & BIT(i)) && e->c[i].status != FRAY_DEAD)
            refill(e, i, FRAY_REFILL_ROUND);
}

/* ---- Starting and ending turns ---- */

static void begin_turn(fray_encounter *e, int who, int phase)
{
    const fray_turn_rules *r = rules(e);
    fray_turns *t = &e->turns;
    t->cur = who;
    t->phase = phase;
    t->started |= BIT(who);
    if (phase != FRAY_TURN_ENTER)
        fray_cond_expire(e, who, FRAY_EXP_TURN_START);
    if (phase != FRAY_TURN_DELAYED) {
        refill(e, who, FRAY_REFILL_TURN);
        t->readied &= ~BIT(who);
    }
    fray_emit(e, &(fray_event){.kind = "turn", .actor = who, .target = -1, .value = score(e, who),
                                .has_value = 1,
                                .outcome = phase == FRAY_TURN_DELAYED ? "delaying"
                                           : phase == FRAY_TURN_ENTER ? "enters"
                                                                      : NULL,
                                .detail = r->start_detail, .rule = r->rule});
    if (r->turn_start)
        r->turn_start(e, who);
}

/* Delaying creatures that follow `ended` enter now; the others are asked
 * whether they enter (FRAY_WIN_WAITING). ended is -1 at the end of the
 * order. */
static void after_turn(fray_encounter *e, int ended)
{
    fray_turns *t = &e->turns;
    if (!t->delaying)
        return;
    uint32_t ask = 0;
    for (int i = 0; i < e->n; i++) {
        if (!(t->delaying & BIT(i)) || !acts(e, i))
            continue;
        if (t->follow[i] >= 0 && (t->follow[i] == ended || ended < 0))
            fray_turns_enter(e, i);
        else if (t->follow[i] < 0)
            ask |= BIT(i);
    }
    if (ask)
        fray_offer_some(e, FRAY_WIN_WAITING, NULL, ask);
}

static void end_turn(fray_encounter *e, int who)
{
    const fray_turn_rules *r = rules(e);
    fray_turns *t = &e->turns;
    if (r->turn_end)
        r->turn_end(e, who);
    fray_cond_expire(e, who, FRAY_EXP_TURN_END);
    fray_emit(e, &(fray_event){.kind = "turn end", .actor = who, .target = -1,
                                .value = r->end_res >= 0 ? e->c[who].res[r->end_res] : 0,
                                .has_value = r->end_res >= 0, .detail = r->end_detail,
                                .rule = r->end_rule});
    t->cur = -1;
    t->ncommand = 0;
    after_turn(e, who);
}

/* ---- Who comes next ---- */

/* FRAY_ORDER_RUNNING: the highest score among those still to act, a die
 * among equals. */
static int next_running(fray_encounter *e)
{
    const fray_turns *t = &e->turns;
    int res = rules(e)->score_res;
    uint32_t out = t->started | t->absent;
    int best = -1, bestv = 0, ties = 0;
    int tied[FRAY_MAX_COMBATANTS];
    for (int i = 0; i < e->n; i++) {
        if (!able(e, i) || (out & BIT(i)))
            continue;
        int v = e->c[i].res[res];
        if (best < 0 || v > bestv) {
            best = i;
            bestv = v;
            ties = 0;
            tied[ties++] = i;
        } else if (v == bestv) {
            tied[ties++] = i;
        }
    }
    if (ties > 1)
        best = tied[fray_die(&e->dice, ties, rules(e)->tie_purpose) - 1];
    return best;
}

/* FRAY_ORDER_FIXED: walk the order; creatures skipped, delaying or down
 * have their place pass (with their start-of-turn effects where the rules
 * say), and the first that can act starts its turn. */
static int next_fixed(fray_encounter *e)
{
    const fray_turn_rules *r = rules(e);
    fray_turns *t = &e->turns;
    while (t->pos < t->norder) {
        int i = t->order[t->pos++];
        if ((t->started & BIT(i)) || (t->absent & BIT(i)) || e->c[i].status == FRAY_DEAD)
            continue;
        if (t->skip_round[i] == e->round) {
            t->started |= BIT(i);
            continue;
        }
        int down = !able(e, i);
        if (down && !r->down_takes_turn) {
            t->started |= BIT(i);
            continue;
        }
        if (t->delaying & BIT(i)) {
            begin_turn(e, i, FRAY_TURN_DELAYED);
            t->cur = -1;
            continue;
        }
        begin_turn(e, i, FRAY_TURN_NORMAL);
        if (acts(e, i))
            return i;
        end_turn(e, i); /* down: its start-of-turn effects, and no actions */
    }
    return -1;
}

static int entering(fray_encounter *e)
{
    fray_turns *t = &e->turns;
    if (!t->delaying) /* the common case: nobody waits */
        return -1;
    for (int i = 0; i < e->n; i++) {
        if ((t->delaying & BIT(i)) && t->follow[i] == -2) {
            t->delaying &= ~BIT(i);
            t->follow[i] = -1;
            if (acts(e, i))
                return i;
        }
    }
    return -1;
}

int fray_turns_next(fray_encounter *e)
{
    const fray_turn_rules *r = rules(e);
    fray_turns *t = &e->turns;
    while (t->ncommand > 0) {
        int c = t->command[t->ncommand - 1];
        if (acts(e, c))
            return c;
        t->ncommand--;
    }
    if (t->cur >= 0) {
        int who = t->cur;
        if (!acts(e, who)) {
            /* fallen in its own turn: the turn is over, its end-of-turn
             * rules with it */
            t->cur = -1;
            t->ncommand = 0;
        } else if (r->turn_over && r->turn_over(e, who)) {
            end_turn(e, who);
        } else {
            return who;
        }
    }
    for (;;) {
        int who = entering(e);
        if (who >= 0) {
            begin_turn(e, who, FRAY_TURN_ENTER);
            if (acts(e, who))
                return who;
            t->cur = -1;
            continue;
        }
        if (r->order == FRAY_ORDER_RUNNING) {
            who = next_running(e);
            if (who >= 0) {
                /* as the running order always did: even one its turn's
                 * start left unable is named, and passes */
                begin_turn(e, who, FRAY_TURN_NORMAL);
                return who;
            }
        } else {
            who = next_fixed(e);
            if (who >= 0)
                return who;
        }
        /* the order is done: those saving their turn enter last, once */
        if (t->tail)
            return -1;
        t->tail = 1;
        after_turn(e, -1);
    }
}

void fray_turns_pass(fray_encounter *e, int who)
{
    fray_turns *t = &e->turns;
    if (t->ncommand > 0 && t->command[t->ncommand - 1] == who) {
        t->ncommand--;
        return;
    }
    if (t->cur == who)
        end_turn(e, who);
}

/* ---- The order ---- */

static int before(const fray_encounter *e, int a, int b)
{
    const fray_turn_rules *r = rules(e);
    if (score(e, a) != score(e, b))
        return score(e, a) > score(e, b);
    if (r->tie) {
        int ta = r->tie(e, a), tb = r->tie(e, b);
        if (ta != tb)
            return ta > tb;
    }
    return 0;
}

void fray_turns_order(fray_encounter *e)
{
    fray_turns *t = &e->turns;
    int8_t o[32];
    int n = 0;
    for (int i = 0; i < e->n; i++) {
        if (t->absent & BIT(i))
            continue;
        int j = n++;
        while (j > 0 && before(e, i, o[j - 1])) {
            o[j] = o[j - 1];
            j--;
        }
        o[j] = (int8_t)i;
    }
    /* "If there is a tie in Initiative order is Determined at random": a
     * shuffle of each group of equals, one die per place */
    for (int a = 0; a < n;) {
        int b = a + 1;
        while (b < n && !before(e, o[a], o[b]) && !before(e, o[b], o[a]))
            b++;
        for (int m = b - a; m > 1; m--) {
            int k = fray_die(&e->dice, m, rules(e)->tie_purpose) - 1;
            int8_t x = o[a + m - 1];
            o[a + m - 1] = o[a + k];
            o[a + k] = x;
        }
        a = b;
    }
    memcpy(t->order, o, (size_t)n);
    t->norder = n;
    t->pos = 0;
}

static int index_in_order(const fray_turns *t, int who)
{
    for (int k = 0; k < t->norder; k++)
        if (t->order[k] == who)
            return k;
    return -1;
}

static void remove_from_order(fray_turns *t, int who)
{
    int k = index_in_order(t, who);
    if (k < 0)
        return;
    memmove(&t->order[k], &t->order[k + 1], (size_t)(t->norder - k - 1));
    t->norder--;
    if (k < t->pos)
        t->pos--;
}

static void insert_in_order(fray_turns *t, int who, int at)
{
    memmove(&t->order[at + 1], &t->order[at], (size_t)(t->norder - at));
    t->order[at] = (int8_t)who;
    t->norder++;
    if (at < t->pos)
        t->pos++;
}

void fray_turns_delay(fray_encounter *e, int who, int follow)
{
    fray_turns *t = &e->turns;
    if (t->cur == who) {
        t->cur = -1;
        t->ncommand = 0;
    }
    t->delaying |= BIT(who);
    t->follow[who] = (int8_t)follow;
}

void fray_turns_enter(fray_encounter *e, int who)
{
    fray_turns *t = &e->turns;
    if (!(t->delaying & BIT(who)))
        return;
    t->follow[who] = -2; /* served by entering() before the next place in the order */
    if (rules(e)->order == FRAY_ORDER_FIXED) {
        /* "voluntarily changing their place in Initiative for the rest of
         * the combat": its place is now right after the turn that ended */
        remove_from_order(t, who);
        insert_in_order(t, who, t->pos);
        t->pos++; /* the place is taken now: the walk goes on after it */
    }
}

int fray_turns_command(fray_encounter *e, int who)
{
    fray_turns *t = &e->turns;
    if (t->ncommand == FRAY_MAX_COMMAND)
        return -1;
    t->command[t->ncommand++] = (int8_t)who;
    return 0;
}

void fray_turns_skip(fray_encounter *e, int who, int round)
{
    e->turns.skip_round[who] = (int16_t)round;
}

void fray_turns_join(fray_encounter *e, int who)
{
    fray_turns *t = &e->turns;
    if (!(t->absent & BIT(who)) && index_in_order(t, who) >= 0)
        return;
    t->absent &= ~BIT(who);
    if (rules(e) && rules(e)->order == FRAY_ORDER_FIXED) {
        int at = 0;
        while (at < t->norder && !before(e, who, t->order[at]))
            at++;
        insert_in_order(t, who, at);
    }
}

/* Where who would stand with score `value`: its index in the order
 * without it, after those of a higher score and its equals (the rules'
 * tie hook first; no die). */
static int place_for(const fray_encounter *e, int who, int value)
{
    const fray_turns *t = &e->turns;
    const fray_turn_rules *r = rules(e);
    int at = 0;
    for (int k = 0; k < t->norder; k++) {
        int o = t->order[k], s = score(e, o);
        if (o == who)
            continue;
        if (value > s || (value == s && r->tie && r->tie(e, who) > r->tie(e, o)))
            break;
        at++;
    }
    return at;
}

static int reordered(const fray_encounter *e, int who)
{
    return rules(e) && rules(e)->order == FRAY_ORDER_FIXED && index_in_order(&e->turns, who) >= 0;
}

int fray_turns_rescore_check(const fray_encounter *e, int who, int value)
{
    const fray_turns *t = &e->turns;
    if (!reordered(e, who) || (t->started & BIT(who)))
        return 0;
    int pos = t->pos - (index_in_order(t, who) < t->pos);
    return place_for(e, who, value) < pos ? -1 : 0;
}

void fray_turns_rescore(fray_encounter *e, int who)
{
    if (!reordered(e, who))
        return;
    remove_from_order(&e->turns, who);
    insert_in_order(&e->turns, who, place_for(e, who, score(e, who)));
}

void fray_turns_leave(fray_encounter *e, int who)
{
    fray_turns *t = &e->turns;
    t->absent |= BIT(who);
    t->delaying &= ~BIT(who);
    t->readied &= ~BIT(who);
    remove_from_order(t, who);
    if (t->cur == who) {
        t->cur = -1;
        t->ncommand = 0;
    }
    for (int k = 0; k < t->ncommand; k++) {
        if (t->command[k] == who) {
            t->ncommand = k;
            break;
        }
    }
}

void fray_turns_ready(fray_encounter *e, int who, const fray_action *a)
{
    e->turns.ready[who] = *a;
    e->turns.readied |= BIT(who);
}

const fray_action *fray_turns_readied(const fray_encounter *e, int who)
{
    return (e->turns.readied & BIT(who)) ? &e->turns.ready[who] : NULL;
}

void fray_turns_unready(fray_encounter *e, int who) { e->turns.readied &= ~BIT(who); }
