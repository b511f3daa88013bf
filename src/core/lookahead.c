/* lookahead.c: a mid-fight copy of an encounter, and the look-ahead player.
 *
 * An own-turn choice (fray_step_act, FRAY_WIN_ACT) comes before anything
 * of the action happens, so a copy of the fight taken at the choice and
 * given the rest of the step with some action (fray_step_act_with) goes on
 * exactly as the fight would with that choice. The look-ahead player plays
 * a few candidates so, many times each, by the policies, and takes the one
 * with the best outcome. Nested windows (reactions, answers to a declared
 * action) live on the C stack and cannot be copied: there the step is
 * replayed from a checkpoint taken at its own-turn choice, up to the
 * choice looked ahead (below), and so is a question put in the middle of
 * a resolution (fray_ask: which defence, which maneuver, which body
 * part): its options are played as a reaction's entries are. */
#include <stdlib.h>
#include <stdio.h>
#include <assert.h>
#include <string.h>

#include "lookahead.h"
#include "loop.h"

/* realloc *p to size bytes (at least 1) and copy src in */
static int dup_into(void *pp, const void *src, size_t size)
{
    void **p = pp;
    void *q = realloc(*p, size ? size : 1);
    if (!q)
        return -1;
    *p = q;
    if (size)
        memcpy(q, src, size);
    return 0;
}

int fray_encounter_copy_into(fray_encounter *d, const fray_encounter *e)
{
    /* d's own buffers, kept across the copy of the struct */
    unsigned char *priv = d->priv, *priv0 = d->priv0, *state = d->state, *state0 = d->state0,
                  *memo = d->memo;
    fray_action *script = d->script;
    int *nscript = d->nscript;
    char(*ans)[FRAY_ANSWER] = d->script_ans;
    fray_encounter *scratch = d->la_scratch;
    struct fray_la_step *step = d->la_step;
    if (!d->map_shared)
        fray_map_free(d->map);
    free(d->script_dice);
    free(d->decide_check);
    *d = *e;
    d->priv = priv;
    d->priv0 = priv0;
    d->state = state;
    d->state0 = state0;
    d->memo = memo;
    d->script = script;
    d->nscript = nscript;
    d->script_ans = ans;
    d->la_scratch = scratch;
    d->la_step = step;
    d->la_watch = d->la_valid = 0; /* a copy takes no checkpoints */
    d->la_replay = NULL;
    d->la_memo = NULL;
    d->dice.record = NULL;
    d->dice.record_ud = NULL;
    d->map_shared = 1;
    /* e's rows: the creatures added in a fight (fray_add_combatant) grow
     * every per-creature buffer to e->n */
    size_t rows = (size_t)e->n, csz = e->rs->creature_size, ssz = e->rs->state_size;
    int rc = dup_into(&d->priv, e->priv, rows * csz) | dup_into(&d->priv0, e->priv0, rows * csz) |
             dup_into(&d->state, e->state, ssz) | dup_into(&d->state0, e->state0, ssz) |
             dup_into(&d->script, e->script, rows * FRAY_MAX_SCRIPT * sizeof *e->script) |
             dup_into(&d->nscript, e->nscript, rows * sizeof *e->nscript) |
             dup_into(&d->script_ans, e->script_ans, rows * FRAY_MAX_SCRIPT * sizeof *e->script_ans) |
             (e->rs->memo_size ? dup_into(&d->memo, e->memo, e->rs->memo_size) : 0); /* stamps hold: world_rev is copied */
    /* what is not the fight's: who watches, who decides, who rolls */
    d->script_dice = NULL;
    d->nscript_dice = 0;
    d->dice.script = NULL;
    d->dice.script_len = d->dice.script_pos = 0;
    d->dice.enter = NULL;
    d->dice.enter_ud = NULL;
    d->dice.keep_log = 0;
    d->dice.nlog = 0;
    d->nsinks = 0;
    d->nchanges = d->nmods = 0;
    d->choose_fn = NULL;
    d->ask_fn = NULL;
    d->human_ud = NULL;
    d->decide_check = NULL;
    d->tally = NULL;
    d->check = NULL;
    return rc ? -1 : 0;
}

fray_encounter *fray_encounter_copy(const fray_encounter *e)
{
    fray_encounter *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->map_shared = 1; /* nothing of its own to free yet */
    if (fray_encounter_copy_into(d, e) < 0) {
        fray_encounter_free(d);
        return NULL;
    }
    return d;
}

int fray_step_act_with(fray_encounter *e, int who, const fray_action *act)
{
    if (e->failed)
        return -1;
    return fray_step_act_chosen(e, e->rs, who, act ? FRAY_DECIDE_TAKE : FRAY_DECIDE_PASS, act);
}

/* ---- The look-ahead player ---- */

fray_la_opts fray_lookahead_opts(const fray_encounter *e, int side)
{
    fray_la_opts o = {FRAY_LA_BREADTH, FRAY_LA_TRIES, FRAY_LA_DEPTH};
    if (side >= 0 && side < FRAY_MAX_SIDES) {
        const int *v = e->la_opts[side];
        if (v[0] > 0)
            o.breadth = v[0];
        if (v[1] > 0)
            o.tries = v[1];
        if (v[2] > 0)
            o.depth = v[2];
    }
    return o;
}

int fray_lookahead_parse(const char *s, fray_la_opts *o, char *err, size_t errlen)
{
    static const int lo[3] = {1, 1, 0}, hi[3] = {FRAY_LA_MAX_BREADTH, FRAY_LA_MAX_TRIES, 1000};
    static const char *const what[3] = {"breadth", "tries", "depth"};
    int *field[3] = {&o->breadth, &o->tries, &o->depth};
    for (int k = 0; k < 3 && *s; k++) {
        if (*s != ',') {
            char *end;
            long v = strtol(s, &end, 10);
            if (end == s || (*end && *end != ',') || v < lo[k] || v > hi[k]) {
                snprintf(err, errlen, "lookahead:%s: the %s is a whole number from %d to %d", s,
                         what[k], lo[k], hi[k]);
                return -1;
            }
            *field[k] = (int)v;
            s = end;
        }
        if (*s == ',')
            s++;
        else if (*s)
            break;
        if (k == 2 && *s) {
            snprintf(err, errlen, "lookahead: expected B,T,D (breadth, tries, depth), got more");
            return -1;
        }
    }
    return 0;
}

/* ---- A nested window's checkpoint and replay ----
 *
 * A reaction, an answer or a question nested in an action lives on the C
 * stack, which no copy holds. But the step it is in began at an own-turn
 * choice, and everything since then is drawn again by a copy of the fight
 * taken there, given that choice: the policies' choices (from the same
 * policy stream), the generator's dice. Everything but what came from
 * outside the fight: a person's choices and answers, a look-ahead
 * player's choices (which played copies of their own), dice entered or
 * scripted. The checkpoint keeps those as they come (la_note, la_die), and
 * a replay hands them back in order; the first look-ahead or person's
 * choice after them is the one looked ahead, and from there the copy is
 * played on as an own-turn try is. */

typedef struct la_rec {
    int who, window, answer, pick; /* answer: a fray_ask's option (window its
                                    * question), else a choice */
    fray_rng rng_after;            /* the policy stream after it */
    int seeded_after;
} la_rec;
typedef struct la_die {
    uint64_t at; /* dice drawn before it */
    int value;
} la_die;
struct fray_la_step {
    fray_encounter *at; /* the fight at the step's choice */
    int who, r;         /* whose step, and its choice (FRAY_DECIDE_TAKE with act, else a pass) */
    fray_action act;
    la_rec *rec;
    int nrec, caprec;
    la_die *die;
    int ndie, capdie;
    int lost; /* a note could not be kept (out of memory): no replay */
};
/* A copy replaying a step up to the choice looked ahead (who in window,
 * from n legal actions; answer: who's fray_ask of question `window`),
 * which it answers with pick; then it is the try (seed, i) as an own-turn
 * try is. */
struct fray_la_replay {
    const struct fray_la_step *st;
    int pos, dpos;
    int who, window, n, pick, answer;
    uint64_t seed, i;
    int done, broken;
    /* fray_la_replay_to_end: after the choice, the fight's own streams go
     * on (no reseeding, controllers as they are), dice entered by enter */
    int keep;
    fray_enter_fn enter;
    void *enter_ud;
};

/* Room for one more in the array *pp of n of `size` bytes (capacity
 * *cap); else the step is lost (out of memory): 0, or -1 */
static int room(struct fray_la_step *st, void *pp, int n, int *cap, size_t size)
{
    if (n < *cap)
        return 0;
    int c = *cap ? 2 * *cap : 32;
    void **p = pp, *q = realloc(*p, (size_t)c * size);
    if (!q)
        return st->lost = 1, -1;
    *p = q;
    *cap = c;
    return 0;
}

static void la_die_noted(void *ud, uint64_t at, int value)
{
    struct fray_la_step *st = ud;
    if (room(st, &st->die, st->ndie, &st->capdie, sizeof *st->die) == 0)
        st->die[st->ndie++] = (la_die){at, value};
}

void fray_la_checkpoint(fray_encounter *e, int who, int r, const fray_action *act)
{
    e->la_valid = 0;
    e->dice.record = NULL;
    struct fray_la_step *st = e->la_step;
    if (!st && !(st = e->la_step = calloc(1, sizeof *st)))
        return;
    if (!st->at ? !(st->at = fray_encounter_copy(e)) : fray_encounter_copy_into(st->at, e) < 0)
        return;
    st->who = who;
    st->r = r;
    if (r == FRAY_DECIDE_TAKE)
        st->act = *act;
    st->nrec = st->ndie = st->lost = 0;
    e->la_valid = 1;
    e->dice.record = la_die_noted;
    e->dice.record_ud = st;
}

void fray_la_note(fray_encounter *e, int who, int window, int answer, int pick)
{
    if (!e->la_valid || e->la_replay)
        return;
    struct fray_la_step *st = e->la_step;
    if (room(st, &st->rec, st->nrec, &st->caprec, sizeof *st->rec) == 0)
        st->rec[st->nrec++] = (la_rec){who, window, answer, pick, e->policy_rng, e->policy_seeded};
}

void fray_la_step_free(struct fray_la_step *st)
{
    if (!st)
        return;
    fray_encounter_free(st->at);
    free(st->rec);
    free(st->die);
    free(st);
}

/* The replay's dice: what was entered or scripted, at its index; the rest
 * from the copy's generator, as they were drawn */
static int la_replay_die(void *ud, const char *purpose, int sides, int *value)
{
    (void)purpose, (void)sides;
    fray_encounter *s = ud;
    struct fray_la_replay *R = s->la_replay;
    if (!R || R->dpos >= R->st->ndie || R->st->die[R->dpos].at != s->dice.drawn)
        return 0;
    *value = R->st->die[R->dpos++].value;
    return 1;
}

/* A try's own play from here: everyone a person or a look-ahead player
 * decided for is the policy, and try i of every candidate draws the same
 * dice and policy stream (common random numbers, from seed and i); roller
 * is who rolls now (-1 between steps) */
static void la_try_streams(fray_encounter *s, uint64_t seed, uint64_t i, int roller)
{
    for (int k = 0; k < s->n; k++)
        if (s->c[k].controller == FRAY_CTL_HUMAN || s->c[k].controller == FRAY_CTL_LOOKAHEAD)
            s->c[k].controller = FRAY_CTL_POLICY;
    fray_dice_reseed(&s->dice, seed, i);
    s->dice.roller = roller;
    fray_rng_seed(&s->policy_rng, seed ^ 0x9e3779b97f4a7c15ULL, i);
    s->policy_seeded = 1;
}

/* D rounds counting the present one (0: to the end): the cut, which the
 * try's estimate scores */
static void la_cut(fray_encounter *s, int depth)
{
    if (depth > 0 && s->round + depth - 1 < s->max_rounds)
        s->max_rounds = s->round + depth - 1;
}

/* The replay reached the choice looked ahead (or lost its way): from here
 * the copy is a try, played by the policies on the try's own dice */
static void la_go_free(fray_encounter *s, struct fray_la_replay *R)
{
    s->la_replay = NULL;
    s->dice.enter = R->enter;
    s->dice.enter_ud = R->enter_ud;
    if (!R->keep)
        la_try_streams(s, R->seed, R->i, s->dice.roller);
}

int fray_la_replayed(fray_encounter *s, int who, int window, const fray_action *trigger,
                     const fray_action *legal, int n)
{
    struct fray_la_replay *R = s->la_replay;
    const struct fray_la_step *st = R->st;
    if (R->pos < st->nrec) {
        const la_rec *q = &st->rec[R->pos++];
        if (q->who == who && q->window == window && !q->answer && q->pick < n) {
            s->policy_rng = q->rng_after;
            s->policy_seeded = q->seeded_after;
            return q->pick;
        }
    } else if (!R->answer && who == R->who && window == R->window && n == R->n) {
        la_go_free(s, R);
        R->done = 1;
        return R->pick;
    }
    R->broken = 1; /* not the fight it replays: a bug, which the debug build stops at */
    assert(!"a look-ahead's replay took another way than its fight");
    la_go_free(s, R);
    return s->rs->policy(s, who, window, trigger, legal, n);
}

int fray_la_replayed_answer(fray_encounter *s, int who, int question)
{
    struct fray_la_replay *R = s->la_replay;
    const struct fray_la_step *st = R->st;
    if (R->pos < st->nrec) {
        const la_rec *q = &st->rec[R->pos++];
        if (q->answer && q->who == who && q->window == question) {
            s->policy_rng = q->rng_after;
            s->policy_seeded = q->seeded_after;
            return q->pick;
        }
    } else if (R->answer && who == R->who && question == R->window) {
        la_go_free(s, R);
        R->done = 1;
        return R->pick;
    }
    R->broken = 1;
    assert(!"a look-ahead's replay took another way than its fight");
    la_go_free(s, R);
    return -1;
}

/* Copy R's checkpoint into s and play it, replayed up to R's choice, on
 * to the end (or `depth` rounds). 0, or -1 out of memory. */
static int replay(fray_encounter *s, struct fray_la_replay *R, int depth)
{
    const struct fray_la_step *st = R->st;
    if (fray_encounter_copy_into(s, st->at) < 0)
        return -1;
    s->la_replay = R;
    s->dice.enter = la_replay_die;
    s->dice.enter_ud = s;
    la_cut(s, depth);
    if (fray_step_act_with(s, st->who, st->r == FRAY_DECIDE_TAKE ? &st->act : NULL) > 0)
        fray_run(s);
    if (s->la_replay) { /* the fight ended before the choice came again */
        la_go_free(s, R);
        R->broken = 1;
        assert(!"a look-ahead's replay ended before its choice");
    }
    return 0;
}

fray_encounter *fray_la_replay_to_end(fray_encounter *e, int who, int window, int n, int pick,
                                      int answer, fray_enter_fn enter, void *enter_ud)
{
    if (!e->la_valid || e->la_step->lost)
        return NULL;
    fray_encounter *s = fray_encounter_copy(e->la_step->at);
    struct fray_la_replay R = {.st = e->la_step, .who = who, .window = window, .n = n,
                               .pick = pick, .answer = answer, .keep = 1, .enter = enter,
                               .enter_ud = enter_ud};
    if (!s || replay(s, &R, 0) < 0 || R.broken) {
        fray_encounter_free(s);
        return NULL;
    }
    return s;
}

/* ---- Tries ---- */

/* What the tries of one decision share: the scratch copy s, the fight e,
 * the chooser and its list, the options and the seed; st: the step
 * replayed up to a nested choice in `window` (NULL: an own-turn choice) */
typedef struct la_run {
    fray_encounter *s, *e;
    int who, window, n;
    const fray_action *legal;
    const fray_la_opts *o;
    uint64_t seed;
    const struct fray_la_step *st;
    int answer; /* window is a fray_ask's question, a candidate its option */
    int broken; /* a replay lost its way: take the policy's choice */
} la_run;

/* The policy's own choice for who now, made on a copy (it may draw from
 * the policy's stream): an index into legal, or -1. */
static int policy_pick(fray_encounter *s, const fray_encounter *e, int who, const fray_action *legal,
                       int n)
{
    if (fray_encounter_copy_into(s, e) < 0)
        return -2;
    s->c[who].controller = FRAY_CTL_POLICY;
    int pick = s->rs->policy(s, who, FRAY_WIN_ACT, NULL, legal, n);
    return pick >= 0 && pick < n ? pick : -1;
}

/* Play the try i of choice `pick` (an index into r->legal, -1 a pass) to
 * the end or the depth's cut, on the scratch copy. 0, or -1 out of memory. */
static int play_out(la_run *r, int pick, uint64_t i)
{
    fray_encounter *s = r->s;
    const fray_la_opts *o = r->o;
    if (!r->st) {
        if (fray_encounter_copy_into(s, r->e) < 0)
            return -1;
        la_try_streams(s, r->seed, i, -1);
        la_cut(s, o->depth);
        if (fray_step_act_with(s, r->who, pick >= 0 ? &r->legal[pick] : NULL) > 0)
            fray_run(s);
        return 0;
    }
    /* a nested choice: the step from its checkpoint, replayed up to it */
    struct fray_la_replay R = {.st = r->st, .who = r->who, .window = r->window, .n = r->n,
                               .pick = pick, .answer = r->answer, .seed = r->seed, .i = i};
    if (replay(s, &R, o->depth) < 0)
        return -1;
    r->broken |= R.broken;
    return 0;
}

/* One try: played out, then scored into c. Returns its score. */
static int64_t play_try(la_run *r, int pick, uint64_t i, fray_la_cand *c)
{
    fray_encounter *s = r->s;
    const fray_encounter *e = r->e;
    c->tries++;
    if (play_out(r, pick, i) < 0) {
        c->score += 500;
        return 500;
    }
    int side = e->c[r->who].side;
    int64_t dealt = 0, taken = 0;
    int ours = 0, ours_up = 0, foes = 0, foes_up = 0;
    for (int k = 0; k < s->n; k++) {
        if (k < e->n && s->c[k].side == side) {
            dealt += s->c[k].dealt - e->c[k].dealt;
            taken += s->c[k].taken - e->c[k].taken;
        }
        if (s->c[k].gone)
            continue;
        int up = s->c[k].status == FRAY_ABLE;
        if (s->c[k].side == side)
            ours++, ours_up += up;
        else
            foes++, foes_up += up;
    }
    c->dealt += dealt;
    c->taken += taken;
    if (s->over && !s->failed && s->winner >= 0) {
        c->wins += s->winner == side;
        c->score += s->winner == side ? 1000 : 0;
        return s->winner == side ? 1000 : 0;
    }
    /* a draw or the depth's cut: 500, plus up to 250 for the share of
     * one's side standing over the foes', plus up to 250 for the damage
     * dealt over taken, in integers */
    int64_t est = 500;
    if (ours && foes)
        est += (int64_t)250 * (ours_up * foes - foes_up * ours) / (ours * foes);
    if (dealt + taken > 0)
        est += 250 * (dealt - taken) / (dealt + taken);
    est = est < 0 ? 0 : est > 1000 ? 1000 : est;
    c->score += est;
    return est;
}

static int same_choice(const fray_action *a, const fray_action *b)
{
    return a->kind == b->kind && a->target == b->target;
}

/* Whether legal[i] is already among out[0..nc) by `key`: 0 its kind and
 * target, 1 with its argument too, 2 the whole action (a move's place). */
static int seen_by(const fray_action *legal, const fray_la_cand *out, int nc, int i, int key)
{
    const fray_action *a = &legal[i];
    for (int k = 0; k < nc; k++) {
        if (out[k].pick < 0)
            continue;
        const fray_action *b = &legal[out[k].pick];
        if (same_choice(a, b) && (key < 1 || a->arg == b->arg) &&
            (key < 2 || (a->x == b->x && a->y == b->y)))
            return 1;
    }
    return 0;
}

/* Tries [from, to) of the candidates out[0..nc) (out[0] the policy's
 * choice: each try's differences are taken from it). */
static void play_tries(la_run *r, fray_la_cand *out, int nc, int from, int to)
{
    for (int t = from; t < to; t++) {
        int64_t first = 0;
        for (int k = 0; k < nc; k++) {
            int64_t v = play_try(r, out[k].pick, (uint64_t)t, &out[k]);
            if (k == 0)
                first = v;
            out[k].dsum += v - first;
            out[k].dsq += (v - first) * (v - first);
        }
    }
}

/* out[from..nc) by tries played, then score, the most first; stable: the
 * earlier stays first on a tie */
static void sort_cands(fray_la_cand *out, int from, int nc)
{
    for (int i = from + 1; i < nc; i++) {
        fray_la_cand c = out[i];
        int j = i;
        for (; j > from && (out[j - 1].tries < c.tries ||
                            (out[j - 1].tries == c.tries && out[j - 1].score < c.score));
             j--)
            out[j] = out[j - 1];
        out[j] = c;
    }
}

/* Whether c's paired differences from the policy's choice have a mean
 * above k times its standard error (t > k): t^2 = S^2 (T-1) / (T Q - S^2)
 * for T differences of sum S and sum of squares Q, without a division or
 * a root. Scores are at most 1000 apart and T at most 2 FRAY_LA_MAX_TRIES:
 * T Q < 2^46, S^2 (T-1) < 2^60. */
static int t_above(const fray_la_cand *c, int64_t k)
{
    int64_t S = c->dsum, Q = c->dsq, T = c->tries;
    if (S <= 0 || T < 2)
        return 0;
    return S * S * (T - 1) > k * k * (T * Q - S * S);
}

/* Successive halving over out[0..nc) (out[0] the policy's choice): stages
 * until two are left besides the policy's choice, each keeping the better
 * half by score, the policy's choice always (it is what the others are
 * tested against), the tries played so far doubled; the last stage's
 * candidates have o->tries each. Sorts out as fray_lookahead_rank does. */
static void halve(la_run *r, fray_la_cand *out, int nc)
{
    int tries = r->o->tries;
    int stages = 0;
    while ((2 << stages) < nc)
        stages++;
    int alive = nc, done = 0;
    for (int st = 0; st <= stages; st++) {
        int upto = tries >> (stages - st);
        if (upto <= done)
            upto = done + 1;
        if (st == stages)
            upto = tries > done ? tries : done + 1;
        play_tries(r, out, alive, done, upto);
        done = upto;
        if (st == stages)
            break;
        /* out[0] stays the policy's: the better half of the others kept,
         * the policy's choice counting as one of them when it is better */
        int keep = (alive + 1) / 2;
        sort_cands(out, 1, alive);
        int better = 0; /* how many of the others beat the policy's choice */
        for (int k = 1; k < alive; k++)
            better += out[k].score > out[0].score;
        alive = better >= keep ? keep + 1 : keep;
    }
    /* a close call: when the best of the last stage is neither clearly
     * better than the policy's choice nor clearly not (1 < t <= 2), the two
     * play as many tries again, once (the tries go where the decision is
     * close: at most 2 T more fights) */
    sort_cands(out, 1, alive);
    if (alive > 1 && !fray_lookahead_better(&out[1]) && t_above(&out[1], 1))
        play_tries(r, out, 2, done, 2 * done);
    sort_cands(out, 0, nc);
}

/* The scratch copy, made at the first choice */
static fray_encounter *scratch(fray_encounter *e)
{
    if (!e->la_scratch)
        e->la_scratch = fray_encounter_copy(e);
    return e->la_scratch;
}

/* fray_lookahead_rank, and with halving the look-ahead player's wider
 * ranking (fray_lookahead_choose) */
static int rank(fray_encounter *e, int who, const fray_action *legal, int n, const fray_la_opts *o,
                uint64_t seed, fray_la_cand *out, int max, int halving)
{
    la_run r = {.s = scratch(e), .e = e, .who = who, .window = FRAY_WIN_ACT, .n = n,
                .legal = legal, .o = o, .seed = seed};
    if (!r.s)
        return -1;
    int breadth = o->breadth < max ? o->breadth : max;
    if (breadth < 1)
        return 0;
    int pick = policy_pick(r.s, e, who, legal, n);
    if (pick < -1)
        return -1;
    int nc = 0;
    memset(out, 0, (size_t)breadth * sizeof *out);
    out[nc].policy = 1;
    out[nc++].pick = pick;
    /* the first of each other kind and target, in the list's order; then,
     * if halving, the other arguments of those (Stamina spent, an amount,
     * a body part), then any other entry (a move's other places) */
    for (int key = 0; key < (halving ? 3 : 1); key++)
        for (int i = 0; i < n && nc < breadth; i++)
            if (!seen_by(legal, out, nc, i, key))
                out[nc++].pick = i;
    if (!halving) {
        play_tries(&r, out, nc, 0, o->tries);
        sort_cands(out, 0, nc);
    } else {
        halve(&r, out, nc);
    }
    return nc;
}

int fray_lookahead_rank(fray_encounter *e, int who, const fray_action *legal, int n,
                        const fray_la_opts *o, uint64_t seed, fray_la_cand *out, int max)
{
    return rank(e, who, legal, n, o, seed, out, max, 0);
}

/* The best of the last stage that beats the policy's choice clearly, else
 * that choice (out[0..nc), sorted by halve) */
static int take(const fray_la_cand *c, int nc)
{
    int policy = 0;
    for (int k = 0; k < nc; k++)
        if (c[k].policy)
            policy = k;
    for (int k = 0; k < nc; k++)
        if (c[k].tries == c[policy].tries && fray_lookahead_better(&c[k])) /* a finalist */
            return c[k].pick;
    return c[policy].pick;
}

int fray_lookahead_better(const fray_la_cand *c)
{
    return t_above(c, 2);
}

int fray_lookahead_choose(fray_encounter *e, int who, const fray_action *legal, int n)
{
    fray_la_opts o = fray_lookahead_opts(e, e->c[who].side);
    uint64_t seed = fray_rng_next(fray_policy_rng(e));
    fray_la_cand c[FRAY_LA_MAX_BREADTH];
    int nc = rank(e, who, legal, n, &o, seed, c, FRAY_LA_MAX_BREADTH, 1);
    if (nc <= 0)
        return e->rs->policy(e, who, FRAY_WIN_ACT, NULL, legal, n); /* out of memory: the policy */
    return take(c, nc);
}

/* ---- The choices kept across rebuilds (play, serve) ---- */

typedef struct la_kept {
    uint64_t key; /* 0: empty */
    int pick, seeded;
    fray_rng rng_after;
} la_kept;
struct fray_la_memo {
    la_kept *v;
    size_t n, cap; /* cap a power of two, or 0 */
};

fray_la_memo *fray_la_memo_new(void)
{
    return calloc(1, sizeof(fray_la_memo));
}

void fray_la_memo_free(fray_la_memo *m)
{
    if (m)
        free(m->v);
    free(m);
}

size_t fray_la_memo_count(const fray_la_memo *m)
{
    return m ? m->n : 0;
}

/* FNV-1a over n bytes, on from h */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

/* Everything a look-ahead's choice is a function of: the fight (creatures,
 * private bytes, state, scheduler, round, events and dice so far, both
 * generators), the question (who, window, list, trigger, check under
 * way, depth of windows) and the options. Never 0. */
static uint64_t la_key(const fray_encounter *e, int who, int window, const fray_action *trigger,
                       const fray_action *legal, int n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    int q[6] = {who, window, n, e->offer_depth, e->round, e->policy_seeded};
    h = fnv(h, q, sizeof q);
    h = fnv(h, &e->seq, sizeof e->seq);
    h = fnv(h, &e->world_rev, sizeof e->world_rev);
    h = fnv(h, &e->dice.drawn, sizeof e->dice.drawn);
    h = fnv(h, &e->dice.rng, sizeof e->dice.rng);
    h = fnv(h, &e->policy_rng, sizeof e->policy_rng);
    h = fnv(h, e->c, (size_t)e->n * sizeof e->c[0]);
    h = fnv(h, e->priv, (size_t)e->n * e->rs->creature_size);
    h = fnv(h, e->state, e->rs->state_size);
    h = fnv(h, &e->turns, sizeof e->turns);
    h = fnv(h, e->la_opts, sizeof e->la_opts);
    h = fnv(h, legal, (size_t)n * sizeof *legal);
    if (trigger)
        h = fnv(h, trigger, sizeof *trigger);
    if (e->check)
        h = fnv(h, e->check, sizeof *e->check);
    return h ? h : 1;
}

static la_kept *la_slot(fray_la_memo *m, uint64_t key)
{
    size_t i = (size_t)key & (m->cap - 1);
    while (m->v[i].key && m->v[i].key != key)
        i = (i + 1) & (m->cap - 1);
    return &m->v[i];
}

static void la_keep(fray_la_memo *m, uint64_t key, int pick, const fray_encounter *e)
{
    if (2 * (m->n + 1) > m->cap) { /* at most half full */
        size_t cap = m->cap ? 2 * m->cap : 256;
        la_kept *v = calloc(cap, sizeof *v), *old = m->v;
        if (!v)
            return; /* not kept: chosen again next time */
        size_t ocap = m->cap;
        m->v = v;
        m->cap = cap;
        for (size_t i = 0; i < ocap; i++)
            if (old[i].key)
                *la_slot(m, old[i].key) = old[i];
        free(old);
    }
    la_kept *k = la_slot(m, key);
    if (!k->key)
        m->n++;
    *k = (la_kept){key, pick, e->policy_seeded, e->policy_rng};
}

/* The memo's choice for key, if it has one: *pick, and the policy stream
 * put where the choice left it (1); else 0 */
static int la_recall(fray_encounter *e, uint64_t key, int *pick)
{
    const fray_la_memo *m = e->la_memo;
    if (!m || !m->cap)
        return 0;
    const la_kept *k = la_slot((fray_la_memo *)m, key);
    if (!k->key)
        return 0;
    e->policy_rng = k->rng_after;
    e->policy_seeded = k->seeded;
    *pick = k->pick;
    return 1;
}

int fray_lookahead_decide(fray_encounter *e, int who, int window, const fray_action *trigger,
                          const fray_action *legal, int n)
{
    uint64_t key = e->la_memo ? la_key(e, who, window, trigger, legal, n) : 0;
    int pick;
    if (key && la_recall(e, key, &pick)) /* chosen before, from this very fight: as then */
        return pick;
    pick = window == FRAY_WIN_ACT && e->offer_depth == 0 && !e->check && n > 0
               ? fray_lookahead_choose(e, who, legal, n)
               : fray_lookahead_nested(e, who, window, trigger, legal, n);
    if (key)
        la_keep(e->la_memo, key, pick, e);
    return pick;
}

/* A nested decision of r's (r->s a copy of the fight, r->who ... set):
 * the policy's choice `pick` against the others, other[0..nother) in
 * that order up to the breadth, each played from the step's checkpoint by
 * successive halving; the best that is fray_lookahead_better, else pick,
 * which it is too without a checkpoint of this fight. */
static int play_nested(la_run *r, int pick, const int *other, int nother)
{
    fray_encounter *e = r->e;
    fray_la_opts o = fray_lookahead_opts(e, e->c[r->who].side);
    const struct fray_la_step *st = e->la_step;
    if (o.breadth < 2 || nother == 0 || !e->la_valid || st->lost || e->failed)
        return pick; /* one candidate, or no checkpoint of this fight: the policy */
    r->o = &o;
    r->st = st;
    r->seed = fray_rng_next(fray_policy_rng(e)); /* a fight's one draw at a choice played */
    fray_la_cand c[FRAY_LA_MAX_BREADTH];
    int breadth = o.breadth < FRAY_LA_MAX_BREADTH ? o.breadth : FRAY_LA_MAX_BREADTH;
    memset(c, 0, sizeof c);
    int nc = 0;
    c[nc].policy = 1;
    c[nc++].pick = pick;
    for (int k = 0; k < nother && nc < breadth; k++)
        c[nc++].pick = other[k];
    halve(r, c, nc);
    return r->broken ? pick : take(c, nc);
}

int fray_lookahead_nested(fray_encounter *e, int who, int window, const fray_action *trigger,
                          const fray_action *legal, int n)
{
    /* the policy's choice, asked of a copy (a policy may keep what it
     * derives in the ruleset's state, and draw from the stream: the fight
     * is left as a choice taken from the memo leaves it) */
    la_run r = {.s = scratch(e), .e = e, .who = who, .window = window, .n = n, .legal = legal};
    if (!r.s || fray_encounter_copy_into(r.s, e) < 0)
        return e->rs->policy(e, who, window, trigger, legal, n); /* out of memory */
    r.s->c[who].controller = FRAY_CTL_POLICY;
    int pick = r.s->rs->policy(r.s, who, window, trigger, legal, n);
    if (pick < -1 || pick >= n)
        pick = -1;
    /* passing, then every other entry */
    int other[FRAY_LA_MAX_BREADTH], nother = 0;
    for (int i = -1; i < n && nother < FRAY_LA_MAX_BREADTH; i++)
        if (i != pick)
            other[nother++] = i;
    return play_nested(&r, pick, other, nother);
}

int fray_lookahead_answer(fray_encounter *e, int who, int question, uint32_t allowed,
                          const fray_action *ctx)
{
    uint64_t key = 0;
    int pick;
    if (e->la_memo) { /* the key of an answer: its question in the window's place */
        key = la_key(e, who, -2 - question, ctx, NULL, 0);
        key = fnv(key, &allowed, sizeof allowed) | 1;
        if (la_recall(e, key, &pick))
            return pick;
    }
    la_run r = {.s = scratch(e), .e = e, .who = who, .window = question, .answer = 1};
    if (!r.s || fray_encounter_copy_into(r.s, e) < 0)
        return -1; /* out of memory */
    r.s->c[who].controller = FRAY_CTL_POLICY;
    pick = r.s->rs->answer ? r.s->rs->answer(r.s, who, question, allowed, ctx) : -1;
    if (pick < 0 || pick >= 32 || !((allowed >> pick) & 1u))
        pick = -1;
    int other[32], nother = 0;
    for (int k = 0; k < 32; k++)
        if (((allowed >> k) & 1u) && k != pick)
            other[nother++] = k;
    if (pick < 0) /* no answer of the policy's: the first allowed, as fray_ask does */
        pick = other[0], memmove(other, other + 1, (size_t)--nother * sizeof *other);
    pick = play_nested(&r, pick, other, nother);
    if (key)
        la_keep(e->la_memo, key, pick, e);
    return pick;
}
