/* engine.c: the fight loop. It knows rounds, controllers, windows and
 * victory; who acts and what an action does belong to the ruleset. */
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "core.h"
#include "loop.h"
#include "lookahead.h"

/* ---- The registry ---- */

const fray_ruleset *fray_ruleset_find(const char *id)
{
    for (int i = 0; fray_rulesets[i]; i++)
        if (!strcmp(fray_rulesets[i]->id, id))
            return fray_rulesets[i];
    return NULL;
}

int fray_ruleset_count(void)
{
    int n = 0;
    while (fray_rulesets[n])
        n++;
    return n;
}

static const fray_ruleset *nth(int i)
{
    return i >= 0 && i < fray_ruleset_count() ? fray_rulesets[i] : NULL;
}

const char *fray_ruleset_id(int i) { return nth(i) ? nth(i)->id : NULL; }
const char *fray_ruleset_summary(int i) { return nth(i) ? nth(i)->summary : NULL; }
const char *fray_ruleset_seed(int i) { return nth(i) ? nth(i)->seed : NULL; }

int fray_ruleset_action(int i, int j, const char **name, const char **cost, const char **what)
{
    const fray_ruleset *rs = nth(i);
    if (!rs || j < 0 || j >= rs->nactions)
        return -1;
    *name = rs->actions[j].name;
    *cost = rs->actions[j].cost;
    *what = rs->actions[j].what;
    return 0;
}

/* ---- Set-up ---- */

void fray_encounter_snapshot(fray_encounter *e)
{
    memcpy(e->c0, e->c, sizeof e->c);
    memcpy(e->priv0, e->priv, (size_t)e->n * e->rs->creature_size);
    memcpy(e->state0, e->state, e->rs->state_size);
    e->turns0 = e->turns;
    e->n0 = e->n;
    e->nsides0 = e->nsides;
}

/* A combatant as loaded: all of it but the condition entries past those
 * it was loaded with, which nothing reads (every loop stops at ncond).
 * Most creatures start a fight holding none: of the 352 bytes, the 192 of
 * the entries are then not copied. */
_Static_assert(offsetof(fray_combatant, ncond) ==
                   offsetof(fray_combatant, cond) + FRAY_MAX_COND * sizeof(fray_cond),
               "reset_combatant copies up to the entries in use, then from ncond on");
static void reset_combatant(fray_combatant *c, const fray_combatant *c0)
{
    memcpy(c, c0, offsetof(fray_combatant, cond) + (size_t)c0->ncond * sizeof c0->cond[0]);
    memcpy(&c->ncond, &c0->ncond, sizeof *c - offsetof(fray_combatant, ncond));
}

/* The creatures' private blocks as loaded: the part a fight may change
 * (creature_live bytes of each), or all of it. */
static void reset_priv(fray_encounter *e)
{
    size_t size = e->rs->creature_size, live = e->rs->creature_live;
    if (!live || live >= size) {
        memcpy(e->priv, e->priv0, (size_t)e->n * size);
        return;
    }
    for (int i = 0; i < e->n; i++) {
        size_t at = (size_t)i * size;
#ifndef NDEBUG
        if (memcmp(e->priv + at + live, e->priv0 + at + live, size - live) != 0) {
            fprintf(stderr, "fray: ruleset %s changed creature %d's private bytes past creature_live (%zu) in a fight\n",
                    e->rs->id, i, live);
            abort();
        }
#endif
        memcpy(e->priv + at, e->priv0 + at, live);
    }
}

void fray_reset(fray_encounter *e, uint64_t seed, uint64_t stream)
{
    /* only the combatants in use: the sim resets before every fight, and
     * the whole array is 32 of them */
    e->n = e->n0; /* creatures added during a fight go */
    e->nsides = e->nsides0;
    for (int i = 0; i < e->n; i++)
        reset_combatant(&e->c[i], &e->c0[i]);
    reset_priv(e);
    memcpy(e->state, e->state0, e->rs->state_size);
    /* the scheduler as loaded; ready[] is read only under the readied
     * bits, all clear at load, so its 512 bytes are not copied */
    memcpy(&e->turns, &e->turns0, offsetof(fray_turns, ready));
    e->check = NULL;
    e->src_timed = e->cond_any = 0;
    for (int i = 0; i < e->n; i++) {
        e->cond_any |= e->c[i].ncond > 0;
        for (int k = 0; k < e->c[i].ncond; k++)
            if (e->c[i].cond[k].expire == FRAY_EXP_SRC_TURN_END ||
                e->c[i].cond[k].expire == FRAY_EXP_SRC_TURN_START)
                e->src_timed = 1;
    }
    fray_dice_reseed(&e->dice, seed, stream);
    e->dice.roller = -1;
    e->dice.keep_log = e->nsinks > 0; /* a sinkless run (sim) counts rolls, logs none */
    if (e->script_dice)
        fray_dice_script(&e->dice, e->script_dice, e->nscript_dice);
    /* the controllers' stream is apart from the dice, so scripted dice and a
     * person's entered rolls never shift the choices (Brogue's two streams);
     * it is seeded at its first draw (fray_policy_rng) */
    e->policy_seeded = 0;
    e->seed = seed;
    e->stream = stream;
    e->round = 0;
    e->started = e->in_round = e->over = 0;
    e->winner = -1;
    e->failed = 0;
    e->errcode = 0;
    e->offer_depth = 0;
    e->status_changed = 1;
    e->unsettled = 1;
    e->for_policy = 0;
    e->want = FRAY_WANT_ALL;
    e->steps_in_round = 0;
    e->seq = 0;
    e->nchanges = e->nmods = 0;
    e->err[0] = 0;
    e->world_rev++; /* the memo is not restored: its stamps go old */
}

void fray_policy_seed(fray_encounter *e)
{
    fray_rng_seed(&e->policy_rng, e->seed ^ 0x5bd1e9955bd1e995ULL, e->stream);
    e->policy_seeded = 1;
}

void fray_set_seed(fray_encounter *e, uint64_t seed) { fray_reset(e, seed, 0); }

int fray_set_dice_script(fray_encounter *e, const int *vals, size_t n)
{
    int *copy = malloc((n ? n : 1) * sizeof *copy);
    if (!copy)
        return -1;
    if (n)
        memcpy(copy, vals, n * sizeof *copy);
    free(e->script_dice);
    e->script_dice = copy;
    e->nscript_dice = n;
    fray_dice_script(&e->dice, e->script_dice, n);
    return 0;
}

void fray_set_dice_entry(fray_encounter *e,
                         int (*fn)(void *ud, const char *purpose, int sides, int *value), void *ud)
{
    e->dice.enter = fn;
    e->dice.enter_ud = ud;
}

static const char *const ctl_names[] = {"policy", "random", "script", "human", "lookahead"};

int fray_set_controller(fray_encounter *e, const char *side, const char *controller)
{
    int ctl = -1, s = -1;
    for (int i = 0; i < 5; i++)
        if (!strcasecmp(controller, ctl_names[i]))
            ctl = i;
    for (int i = 0; i < e->nsides; i++)
        if (!strcmp(e->side[i], side))
            s = i;
    if (ctl < 0 || s < 0)
        return -1;
    for (int i = 0; i < e->n; i++) {
        if (e->c[i].side == s) {
            e->c[i].controller = ctl;
            e->c0[i].controller = ctl;
        }
    }
    return 0;
}

int fray_set_controller_spec(fray_encounter *e, const char *spec, char *err, size_t errlen)
{
    const char *eq = strchr(spec, '=');
    char side[FRAY_NAME];
    if (!eq || (size_t)(eq - spec) >= sizeof side) {
        snprintf(err, errlen, "expected SIDE=policy|random|script|lookahead[:B,T,D], got '%s'", spec);
        return -1;
    }
    memcpy(side, spec, (size_t)(eq - spec));
    side[eq - spec] = 0;
    /* "lookahead:B,T,D": the look-ahead player's breadth, tries and depth */
    if (!strncasecmp(eq + 1, "lookahead:", 10)) {
        fray_la_opts o = {0, 0, 0};
        if (fray_lookahead_parse(eq + 11, &o, err, errlen) < 0)
            return -1;
        if (fray_set_controller(e, side, "lookahead") == 0) {
            for (int s = 0; s < e->nsides; s++)
                if (!strcmp(e->side[s], side)) {
                    e->la_opts[s][0] = o.breadth;
                    e->la_opts[s][1] = o.tries;
                    e->la_opts[s][2] = o.depth;
                }
            return 0;
        }
    } else if (fray_set_controller(e, side, eq + 1) == 0) {
        return 0;
    }
    int len = snprintf(err, errlen, "%s: no side '%s' or no controller '%s' (sides:", spec, side,
                       eq + 1);
    for (int s = 0; s < e->nsides && len >= 0 && (size_t)len < errlen; s++)
        len += snprintf(err + len, errlen - (size_t)len, " %s", e->side[s]);
    if (len >= 0 && (size_t)len < errlen)
        snprintf(err + len, errlen - (size_t)len,
                 "; controllers: policy, random, script, human, lookahead[:B,T,D])");
    return -1;
}

int fray_subscribe(fray_encounter *e, fray_sink_fn fn, void *ud)
{
    if (e->nsinks == FRAY_MAX_SINKS)
        return -1;
    e->sink[e->nsinks] = fn;
    e->sink_ud[e->nsinks] = ud;
    e->nsinks++;
    e->dice.keep_log = 1;
    return 0;
}

void fray_set_max_rounds(fray_encounter *e, int rounds) { e->max_rounds = rounds > 0 ? rounds : 1; }

/* ---- Controllers ---- */

int fray_loop_fail(fray_encounter *e, const char *msg, int code)
{
    e->unsettled = 1;
    if (!e->failed) {
        e->failed = 1;
        e->errcode = code;
        snprintf(e->err, sizeof e->err, "%s", msg);
    }
    return -1;
}

/* A script entry that only answers a question (": Parry"). */
#define SCRIPT_ANSWER (-2)

int fray_invariant_failed(fray_encounter *e, const char *what, const char *file, int line)
{
    char msg[200];
    snprintf(msg, sizeof msg, "a rule's invariant does not hold at %s:%d: %s (round %d)", file,
             line, what, e->round);
    fray_loop_fail(e, msg, FRAY_ERUNTIME);
    return 0;
}

static int choose_script(fray_encounter *e, int who, int window, const fray_action *legal, int n)
{
    fray_combatant *c = &e->c[who];
    int at = who * FRAY_MAX_SCRIPT + c->script_pos;
    const fray_action *want = &e->script[at];
    if (want->kind == SCRIPT_ANSWER) {
        if (window != FRAY_WIN_ACT)
            return -1; /* it waits for the question it answers */
        char msg[200];
        snprintf(msg, sizeof msg,
                 "script of %s, entry %d: ': %s' answers a question, but %s is asked for an "
                 "action (round %d)",
                 c->name, c->script_pos + 1, e->script_ans[at], c->name, e->round);
        return fray_loop_fail(e, msg, FRAY_EINPUT), -2;
    }
    if (want->kind < 0) {
        if (window == FRAY_WIN_ACT)
            c->script_pos++;
        return -1;
    }
    /* "@ window": taken in that window only. An entry naming none is taken
     * on the creature's own turn and in the windows that answer an action;
     * the windows between actions (a turn's start and end) come at every
     * turn, and take only the entries that name them. */
    if (want->arg ? want->arg - 1 != window
                  : window == FRAY_WIN_TURN_START || window == FRAY_WIN_TURN_END) {
        if (window != FRAY_WIN_ACT)
            return -1;
        char msg[200];
        snprintf(msg, sizeof msg,
                 "script of %s, entry %d: it names another window, but %s is asked for its "
                 "own action (round %d)",
                 c->name, c->script_pos + 1, c->name, e->round);
        return fray_loop_fail(e, msg, FRAY_EINPUT), -2;
    }
    for (int i = 0; i < n; i++) {
        if (legal[i].kind == want->kind && (want->target < 0 || legal[i].target == want->target)) {
            /* its ": answer", if any, answers who's questions while it resolves */
            c->script_answer = e->script_ans[at][0] ? at : -1;
            c->script_pos++;
            return i;
        }
    }
    if (window != FRAY_WIN_ACT)
        return -1; /* the entry waits for the creature's own choice */
    char msg[200];
    snprintf(msg, sizeof msg, "script of %s, entry %d: %s%s%s is not legal now (round %d)", c->name,
             c->script_pos + 1, e->rs->actions[want->kind].name, want->target >= 0 ? " > " : "",
             want->target >= 0 ? e->c[want->target].name : "", e->round);
    return fray_loop_fail(e, msg, FRAY_EINPUT), -2;
}

/* The legal actions of `who` in `window`; when the ruleset's policy will
 * choose, legal may shorten the list to what that policy looks at. */
static int legal_for(fray_encounter *e, int who, int window, const fray_action *trigger,
                     fray_action *out, int whole)
{
    if (!whole && fray_controller_of(e, who) == FRAY_CTL_POLICY) {
        e->for_policy = 1;
        if (e->rs->policy_kinds)
            e->want = e->rs->policy_kinds;
    }
    int n = e->rs->legal(e, who, window, trigger, out, FRAY_MAX_LEGAL);
    e->for_policy = 0;
    e->want = FRAY_WANT_ALL;
    return n;
}

int fray_choose(fray_encounter *e, int who, int window, const fray_action *trigger,
                const fray_action *legal, int n)
{
    int ctl = fray_controller_of(e, who);
    int pick;
    switch (ctl) {
    case FRAY_CTL_SCRIPT:
        return choose_script(e, who, window, legal, n);
    case FRAY_CTL_HUMAN:
        if (e->la_replay) /* a look-ahead's copy: as the fight chose */
            return fray_la_replayed(e, who, window, trigger, legal, n);
        if (e->choose_fn) {
            pick = e->choose_fn(e->human_ud, e, who, window, trigger, legal, n);
            if (pick == FRAY_SUSPEND)
                return fray_loop_fail(e, "waiting for a person's choice", FRAY_ESUSPENDED), -2;
            pick = pick >= -1 && pick < n ? pick : -1;
        } else {
            pick = e->rs->policy(e, who, window, trigger, legal, n);
        }
        fray_la_note(e, who, window, 0, pick);
        return pick;
    case FRAY_CTL_LOOKAHEAD:
        if (e->la_replay)
            return fray_la_replayed(e, who, window, trigger, legal, n);
        e->la_watch = 1; /* a controller set in the fight: checkpoints from now on */
        /* its own turn at the top of the stack is played on copies taken
         * now; a nested window is played on the step replayed from its
         * checkpoint (lookahead.c) */
        pick = fray_lookahead_decide(e, who, window, trigger, legal, n);
        fray_la_note(e, who, window, 0, pick);
        return pick;
    case FRAY_CTL_RANDOM: {
        /* uniform over the legal actions and passing */
        uint32_t k = fray_rng_below(fray_policy_rng(e), (uint32_t)n + 1);
        return k == (uint32_t)n ? -1 : (int)k;
    }
    default:
        return e->rs->policy(e, who, window, trigger, legal, n);
    }
}

/* ---- The policy's choice without the list (decide) ---- */

/* What a choice depends on and may change: the creatures, the ruleset's
 * private bytes, the controllers' stream and the dice (decide must draw
 * none). fray_check_decide keeps two: before the choice, and after decide. */
typedef struct decide_snap {
    fray_rng policy_rng, dice_rng;
    int policy_seeded;
    uint64_t drawn;
    fray_combatant c[FRAY_MAX_COMBATANTS];
    unsigned char bytes[]; /* priv (FRAY_MAX_COMBATANTS creatures), then state */
} decide_snap;

static size_t snap_size(const fray_encounter *e)
{
    return sizeof(decide_snap) + FRAY_MAX_COMBATANTS * e->rs->creature_size + e->rs->state_size;
}

static decide_snap *snap_at(fray_encounter *e, int k)
{
    size_t sz = (snap_size(e) + 15) & ~(size_t)15;
    return (decide_snap *)(void *)(e->decide_check + (size_t)k * sz);
}

static void snap_take(fray_encounter *e, decide_snap *s)
{
    s->policy_rng = e->policy_rng;
    s->policy_seeded = e->policy_seeded;
    s->dice_rng = e->dice.rng;
    s->drawn = e->dice.drawn;
    memcpy(s->c, e->c, (size_t)e->n * sizeof e->c[0]);
    memcpy(s->bytes, e->priv, (size_t)e->n * e->rs->creature_size);
    memcpy(s->bytes + FRAY_MAX_COMBATANTS * e->rs->creature_size, e->state, e->rs->state_size);
}

static void snap_put(fray_encounter *e, const decide_snap *s)
{
    e->policy_rng = s->policy_rng;
    e->policy_seeded = s->policy_seeded;
    e->dice.rng = s->dice_rng;
    e->dice.drawn = s->drawn;
    memcpy(e->c, s->c, (size_t)e->n * sizeof e->c[0]);
    memcpy(e->priv, s->bytes, (size_t)e->n * e->rs->creature_size);
    memcpy(e->state, s->bytes + FRAY_MAX_COMBATANTS * e->rs->creature_size, e->rs->state_size);
    e->world_rev++; /* a state put back, as a reset does */
}

/* Which part of two snapshots differs, or NULL. */
static const char *snap_diff(const fray_encounter *e, const decide_snap *a, const decide_snap *b)
{
    if (a->policy_seeded != b->policy_seeded ||
        (a->policy_seeded && memcmp(&a->policy_rng, &b->policy_rng, sizeof a->policy_rng)))
        return "the policy's random stream";
    if (memcmp(&a->dice_rng, &b->dice_rng, sizeof a->dice_rng) || a->drawn != b->drawn)
        return "the dice";
    if (memcmp(a->c, b->c, (size_t)e->n * sizeof a->c[0]))
        return "the combatants";
    if (memcmp(a->bytes, b->bytes, (size_t)e->n * e->rs->creature_size))
        return "the ruleset's private bytes of a creature";
    size_t at = FRAY_MAX_COMBATANTS * e->rs->creature_size;
    if (memcmp(a->bytes + at, b->bytes + at, e->rs->state_size))
        return "the ruleset's private state";
    return NULL;
}

int fray_check_decide(fray_encounter *e, int on)
{
    free(e->decide_check);
    e->decide_check = NULL;
    if (!on || !e->rs->decide)
        return 0;
    size_t sz = (snap_size(e) + 15) & ~(size_t)15;
    e->decide_check = calloc(2, sz);
    return e->decide_check ? 0 : -1;
}

static void name_choice(const fray_encounter *e, int r, const fray_action *a, char *buf, size_t len)
{
    if (r == FRAY_DECIDE_TAKE)
        snprintf(buf, len, "%s (kind %d) > %d, arg %d, at %d,%d",
                 a->kind >= 0 && a->kind < e->rs->nactions ? e->rs->actions[a->kind].name : "?",
                 a->kind, a->target, a->arg, a->x, a->y);
    else
        snprintf(buf, len, "%s", r == FRAY_DECIDE_PASS ? "pass" : "nothing to take");
}

/* decide's choice, checked against the list and the policy when
 * fray_check_decide is on (which then plays the policy's). */
int fray_loop_checked_decide(fray_encounter *e, int who, int window, const fray_action *trigger,
                             fray_action *out)
{
    decide_snap *before = snap_at(e, 0), *after = snap_at(e, 1);
    snap_take(e, before);
    fray_action mine = {0};
    int r = e->rs->decide(e, who, window, trigger, &mine);
    if (r == FRAY_DECIDE_LIST)
        return r;
    if (window == FRAY_WIN_ACT && r == FRAY_DECIDE_NONE)
        r = FRAY_DECIDE_PASS;
    snap_take(e, after);
    snap_put(e, before);
    /* against the whole list: a shorter list for the policy may be made by
     * the same code as decide, which would then be checked against itself */
    int ref = fray_loop_listed_choice(e, who, window, trigger, out, 1);
    if (ref < FRAY_DECIDE_NONE)
        return ref;
    snap_take(e, before); /* now: the state after the policy's choice */
    /* Taking nothing is one choice, whether decide says there was nothing
     * (NONE) or passes: the whole list may hold actions the policy never
     * takes, where its shorter list, and so the fights before decide, held
     * none. The fight goes on with decide's answer, so that a checked sim
     * is the same sim. */
    const char *part = NULL;
    int taken = r == FRAY_DECIDE_TAKE, ref_taken = ref == FRAY_DECIDE_TAKE;
    if (taken == ref_taken && (!taken || !memcmp(&mine, out, sizeof mine)))
        part = snap_diff(e, before, after);
    else
        part = "the choice";
    if (!part)
        return r;
    char a[120], b[120], msg[512];
    name_choice(e, r, &mine, a, sizeof a);
    name_choice(e, ref, out, b, sizeof b);
    snprintf(msg, sizeof msg,
             "decide and policy differ in %s: %s, window %d, round %d: decide %s; policy %s",
             part, e->c[who].name, window, e->round, a, b);
    fray_loop_fail(e, msg, FRAY_ERUNTIME);
    return -3;
}

/* The choice of the list and the policy: what decide stands for. With
 * `whole`, the list is legal's whole list, as for any other controller,
 * not the policy's shorter one (policy_kinds, e->for_policy). */
__attribute__((noinline)) /* its 1.5 KiB list stays off the decide path's stack */
int fray_loop_listed_choice(fray_encounter *e, int who, int window, const fray_action *trigger,
                            fray_action *out, int whole)
{
    fray_action legal[FRAY_MAX_LEGAL];
    int n = legal_for(e, who, window, trigger, legal, whole);
    if (n <= 0 && window != FRAY_WIN_ACT)
        return FRAY_DECIDE_NONE;
    int pick = fray_choose(e, who, window, trigger, legal, n);
    if (pick < -1)
        return -3;
    if (pick < 0)
        return FRAY_DECIDE_PASS;
    *out = legal[pick];
    return FRAY_DECIDE_TAKE;
}

/* One creature's turn to answer in an offer: 1 when it took an action
 * (resolved at once), 0 when it passed or had nothing, -1 when the fight
 * stops (a script's error, a person suspending it). */
static int offer_one(fray_encounter *e, int window, const fray_action *trigger, int who)
{
    fray_action act;
    int r = fray_loop_choice(e, e->rs, who, window, trigger, &act);
    if (r == FRAY_DECIDE_NONE)
        return 0;
    if (r < FRAY_DECIDE_NONE)
        return -1;
    if (r == FRAY_DECIDE_PASS) {
        if (e->rs->pass)
            e->rs->pass(e, who, window);
        return 0;
    }
    e->offer_depth++;
    int roller = e->dice.roller;
    uint64_t marks = fray_tally_marks(e), inner = e->inner;
    e->dice.roller = who;
    e->rs->resolve(e, &act);
    e->dice.roller = roller;
    e->offer_depth--;
    e->c[who].script_answer = -1;
    if (e->tally)
        fray_tally_action(e, who, act.kind, marks, inner);
    return 1;
}

void fray_tally_action(fray_encounter *e, int who, int kind, uint64_t marks, uint64_t inner0)
{
    uint64_t all = fray_tally_marks(e) - marks, own = all - (e->inner - inner0);
    /* what this action and its nested ones did, for the action it is nested in */
    e->inner = inner0 + all;
    int side = e->c[who].side;
    if ((unsigned)kind >= FRAY_TALLY_KINDS || (unsigned)side >= FRAY_MAX_SIDES)
        return;
    e->tally->used[side][kind]++;
    e->tally->idle[side][kind] += own == 0;
}

void fray_tally_refill(fray_encounter *e, int who, int res, int before, int after)
{
    int side = e->c[who].side;
    /* the rounds' refills, not the start's set-up; the turn order's score
     * is no allowance */
    if (e->round < 1 || (e->rs->turns && res == e->rs->turns->score_res) ||
        (unsigned)side >= FRAY_MAX_SIDES)
        return;
    e->tally->refills[side][res]++;
    e->tally->left[side][res] += (uint64_t)(before > 0 ? before : 0);
    e->tally->after[side][res] += (uint64_t)(after > 0 ? after : 0);
}

/* The offer to the creatures of `ask` that may answer: the target first,
 * then the others in order. may_answer is asked again just before each
 * creature's turn to answer, as an answer taken before can change what the
 * next one has (so the list each is offered is what legal gives then);
 * but not of `said_yes` while nobody has been asked yet, as the state its
 * yes was given in is still the state. */
int fray_offer_to(fray_encounter *e, int window, const fray_action *trigger, uint32_t ask,
                  int said_yes)
{
    if (e->failed || e->dice.error)
        return 0;
    int (*may)(const fray_encounter *, int, int, const fray_action *) = e->rs->may_answer;
    int order[FRAY_MAX_COMBATANTS], n = 0;
    if (trigger && trigger->target >= 0 && ((ask >> trigger->target) & 1u))
        order[n++] = trigger->target;
    for (int i = 0; i < e->n; i++)
        if ((ask >> i) & 1u && (!trigger || i != trigger->target))
            order[n++] = i;
    int taken = 0;
    for (int k = 0; k < n; k++) {
        int who = order[k];
        if (may && who != said_yes && !may(e, who, window, trigger))
            continue;
        said_yes = -1; /* a creature is asked: its choice may change the state */
        int r = offer_one(e, window, trigger, who);
        if (r < 0)
            return taken;
        taken += r;
        if (r && (e->failed || e->dice.error))
            break;
    }
    return taken;
}

int fray_offer_one(fray_encounter *e, int window, const fray_action *trigger, int who)
{
    if (e->failed || e->dice.error)
        return 0;
    return offer_one(e, window, trigger, who) > 0;
}

/* ---- Questions in the middle of a resolution ---- */

static int lowest_bit(uint32_t m)
{
    for (int k = 0; k < 32; k++)
        if ((m >> k) & 1u)
            return k;
    return -1;
}

static int option_named(const fray_question *q, const char *name)
{
    for (int k = 0; k < q->noptions; k++)
        if (!strcasecmp(q->options[k], name))
            return k;
    return -1;
}

/* The script's answer: the ": answer" of the action resolving now, else a
 * ": answer" entry next in the script; -1 when the script has none here
 * (the policy answers, as it acts for a script that ran out). */
static int script_answer(fray_encounter *e, int who, const fray_question *q, uint32_t allowed)
{
    fray_combatant *c = &e->c[who];
    int at = c->script_answer;
    if (at >= 0) {
        c->script_answer = -1;
    } else if (c->script_pos < e->nscript[who] &&
               e->script[who * FRAY_MAX_SCRIPT + c->script_pos].kind == SCRIPT_ANSWER) {
        at = who * FRAY_MAX_SCRIPT + c->script_pos++;
    } else {
        return -1;
    }
    int k = option_named(q, e->script_ans[at]);
    if (k >= 0 && ((allowed >> k) & 1u))
        return k;
    char msg[200];
    snprintf(msg, sizeof msg, "script of %s, entry %d: '%s' is not an answer to %s now (round %d)",
             c->name, at % FRAY_MAX_SCRIPT + 1, e->script_ans[at], q->name, e->round);
    fray_loop_fail(e, msg, FRAY_EINPUT);
    return -1;
}

/* Emit an event without taking the rolls, modifiers and changes gathered
 * so far: they belong to the event the resolution is building. */
static void emit_aside(fray_encounter *e, const fray_event *ev)
{
    if (!e->nsinks) {
        ++e->seq;
        return;
    }
    fray_roll log[FRAY_ROLL_LOG];
    fray_event_mod mods[FRAY_EV_MODS];
    fray_event_change changes[FRAY_EV_CHANGES];
    int nlog = e->dice.nlog, nmods = e->nmods, nchanges = e->nchanges;
    memcpy(log, e->dice.log, (size_t)nlog * sizeof log[0]);
    memcpy(mods, e->mods, (size_t)nmods * sizeof mods[0]);
    memcpy(changes, e->changes, (size_t)nchanges * sizeof changes[0]);
    e->dice.nlog = e->nmods = e->nchanges = 0;
    fray_emit_to_sinks(e, ev);
    memcpy(e->dice.log, log, (size_t)nlog * sizeof log[0]);
    memcpy(e->mods, mods, (size_t)nmods * sizeof mods[0]);
    memcpy(e->changes, changes, (size_t)nchanges * sizeof changes[0]);
    e->dice.nlog = nlog;
    e->nmods = nmods;
    e->nchanges = nchanges;
    e->unsettled |= nmods | nchanges;
}

int fray_ask(fray_encounter *e, int who, int q, uint32_t allowed, const fray_action *ctx)
{
    const fray_question *qu = &e->rs->questions[q];
    if (qu->noptions < 32)
        allowed &= ((uint32_t)1 << qu->noptions) - 1;
    if (!allowed)
        return -1;
    int pick = -1, ctl = fray_controller_of(e, who);
    switch (ctl) {
    case FRAY_CTL_SCRIPT:
        pick = script_answer(e, who, qu, allowed);
        break;
    case FRAY_CTL_RANDOM: {
        uint32_t count = 0;
        for (int k = 0; k < 32; k++)
            count += (allowed >> k) & 1u;
        uint32_t nth = fray_rng_below(fray_policy_rng(e), count);
        for (pick = 0; pick < 32; pick++)
            if (((allowed >> pick) & 1u) && nth-- == 0)
                break;
        break;
    }
    case FRAY_CTL_HUMAN:
        if (e->la_replay) { /* a look-ahead's copy: as the fight answered */
            pick = fray_la_replayed_answer(e, who, q);
            break;
        }
        if (e->ask_fn)
            pick = e->ask_fn(e->human_ud, e, who, q, allowed, ctx);
        if (pick == FRAY_SUSPEND)
            fray_loop_fail(e, "waiting for a person's answer", FRAY_ESUSPENDED);
        break;
    case FRAY_CTL_LOOKAHEAD:
        if (e->la_replay) {
            pick = fray_la_replayed_answer(e, who, q);
            break;
        }
        e->la_watch = 1;
        pick = fray_lookahead_answer(e, who, q, allowed, ctx); /* -1: the policy's */
        break;
    default:
        break;
    }
    if (pick < 0 || !((allowed >> pick) & 1u))
        pick = e->rs->answer ? e->rs->answer(e, who, q, allowed, ctx) : -1;
    if (pick < 0 || pick >= 32 || !((allowed >> pick) & 1u))
        pick = lowest_bit(allowed);
    if (ctl == FRAY_CTL_HUMAN || ctl == FRAY_CTL_LOOKAHEAD)
        fray_la_note(e, who, q, 1, pick); /* a copy cannot ask them again */
    emit_aside(e, &(fray_event){.kind = "choice", .actor = who,
                                 .target = ctx ? (ctx->actor == who ? ctx->target : ctx->actor) : -1,
                                 .action = qu->name, .outcome = qu->options[pick]});
    return pick;
}

/* ---- The loop ---- */

void fray_loop_finish(fray_encounter *e, int winner, const char *why)
{
    fray_flush(e, -1, NULL);
    e->over = 1;
    e->winner = winner;
    /* written only for a sink: a sim neither formats the note nor zeroes
     * its 96 bytes (as an initializer would) at the end of every fight */
    char note[96];
    note[0] = '\0';
    if (e->nsinks) {
        if (winner >= 0)
            snprintf(note, sizeof note, "%s wins", e->side[winner]);
        else
            snprintf(note, sizeof note, "draw: %s", why);
    }
    fray_emit(e, &(fray_event){.kind = "end", .actor = -1, .target = -1,
                                .outcome = winner >= 0 ? e->side[winner] : "draw", .detail = note});
}

/* Victory when at most one side has a creature able to fight. Only a change
 * of status (fray_set_status, or a reset) can change that answer. */
int fray_loop_check_victory(fray_encounter *e)
{
    if (!e->status_changed)
        return 0;
    e->status_changed = 0;
    int standing = -1, sides = 0;
    unsigned seen = 0;
    for (int i = 0; i < e->n; i++) {
        if (e->c[i].status != FRAY_ABLE)
            continue;
        unsigned bit = 1u << e->c[i].side;
        if (!(seen & bit)) {
            seen |= bit;
            sides++;
            standing = e->c[i].side;
        }
    }
    if (sides > 1)
        return 0;
    fray_loop_finish(e, sides == 1 ? standing : -1, "no one is left standing");
    return 1;
}

int fray_loop_check_error(fray_encounter *e)
{
    if (e->dice.error)
        fray_loop_fail(e, e->dice.errmsg, e->dice.suspended ? FRAY_ESUSPENDED : FRAY_EINPUT);
    return e->failed;
}

/* The steps and the loop are in loop.h, as inline functions of the
 * ruleset: here they are compiled for any ruleset (e->rs). */

int fray_step(fray_encounter *e)
{
    const fray_ruleset *rs = e->rs;
    if (e->failed)
        return -1;
    if (e->over)
        return 0;
    if (!e->started)
        return fray_step_start(e, rs);
    if (!e->in_round)
        return fray_step_round_start(e, rs);
    int who = fray_loop_next_actor(e, rs);
    return who < 0 ? fray_step_round_end(e, rs) : fray_step_act(e, rs, who);
}

int fray_run_generic(fray_encounter *e) { return fray_run_with(e, e->rs); }

int fray_run(fray_encounter *e)
{
    if (e->rs->run)
        return e->rs->run(e); /* the same loop, compiled for the ruleset (FRAY_RULESET) */
    return fray_run_generic(e);
}

int fray_rest(fray_encounter *e, int kind)
{
    if (!e->rs->rest)
        return -1;
    for (int i = 0; i < e->n; i++)
        if (e->c[i].status != FRAY_DEAD)
            e->rs->rest(e, i, kind);
    fray_flush(e, -1, NULL);
    return 0;
}

const char *fray_error(const fray_encounter *e) { return e->err; }
int fray_error_code(const fray_encounter *e) { return e->failed ? e->errcode : FRAY_OK; }

int fray_remove_combatant(fray_encounter *e, int who)
{
    if (who < 0 || who >= e->n || e->c[who].gone)
        return -1;
    fray_emit(e, &(fray_event){.kind = "leaves", .actor = who, .target = -1,
                                .detail = "leaves the fight"});
    e->c[who].gone = 1;
    if (e->rs->turns)
        fray_turns_leave(e, who);
    fray_unlink_all(e, who);
    fray_set_status(e, who, FRAY_DEAD);
    fray_flush(e, who, NULL);
    return 0;
}

/* ---- Reading the state ---- */

const char *fray_encounter_ruleset(const fray_encounter *e) { return e->rs->id; }
const char *fray_encounter_name(const fray_encounter *e) { return e->name; }
uint64_t fray_encounter_seed(const fray_encounter *e) { return e->seed; }
int fray_round(const fray_encounter *e) { return e->round; }
int fray_over(const fray_encounter *e) { return e->over; }
int fray_winner(const fray_encounter *e) { return e->winner; }
int fray_side_count(const fray_encounter *e) { return e->nsides; }
const char *fray_side_name(const fray_encounter *e, int side)
{
    return side >= 0 && side < e->nsides ? e->side[side] : NULL;
}
int fray_combatant_count(const fray_encounter *e) { return e->n; }
const char *fray_combatant_name(const fray_encounter *e, int who)
{
    return who >= 0 && who < e->n ? e->c[who].name : NULL;
}
int fray_combatant_side(const fray_encounter *e, int who)
{
    return who >= 0 && who < e->n ? e->c[who].side : -1;
}
int fray_combatant_status(const fray_encounter *e, int who)
{
    return who >= 0 && who < e->n ? (e->c[who].gone ? FRAY_GONE : e->c[who].status) : -1;
}

int fray_combatant_resource(const fray_encounter *e, int who, const char *name, int *value)
{
    if (who < 0 || who >= e->n)
        return -1;
    for (int k = 0; k < e->rs->nresources; k++) {
        if (!strcasecmp(e->rs->resources[k], name)) {
            if (value)
                *value = e->c[who].res[k];
            return 0;
        }
    }
    return -1;
}

int fray_combatant_has(const fray_encounter *e, int who, const char *condition)
{
    if (who < 0 || who >= e->n)
        return 0;
    for (int k = 0; k < e->rs->nconditions; k++)
        if (!strcasecmp(e->rs->conditions[k], condition))
            return fray_cond_has(e, who, k);
    return 0;
}

uint64_t fray_dice_drawn(const fray_encounter *e) { return e->dice.drawn; }
int fray_roller(const fray_encounter *e) { return e->dice.roller; }
