/* turnrules.c: "turns", a made-up turn-based game for the core's tests of
 * the scheduler, conditions v2, the check pipeline and fray_ask (and the
 * worked example of docs/architecture.md).
 *
 * Initiative 1d20 + bonus, highest first, ties by bonus then a die. Each
 * turn gives 2 Actions, each round 1 Reaction. Strike (1 Action): the
 * target first chooses its Defence (Block: +2 to beat; Dodge: the roll has
 * disadvantage; None), then 1d20 + bonus against 10; a natural 20 is a
 * critical; after the roll a foe of the striker may Parry (a Reaction: +5
 * to beat). A hit deals 1 damage and Marks the target until the end of the
 * striker's next turn. Delay, Follow > X, Enter (while delaying, after a
 * turn), Ready (a Strike that fires when a foe acts), Command > ally. */
#include <stdio.h>
#include <string.h>

#include "test.h"

#include "turnrules.h"

typedef struct tt_creature { int bonus, hp_max; } tt_creature;

static const fray_action_info actions[] = {
    [TT_STRIKE] = {"Strike", "1 Action", "1d20 + bonus against 10, 1 damage", NULL},
    [TT_PARRY] = {"Parry", "1 Reaction", "after a Strike's roll: +5 to beat", NULL},
    [TT_DELAY] = {"Delay", "free", "wait; enter the order after a later turn", NULL},
    [TT_FOLLOW] = {"Follow", "free", "wait; act right after the target's turn", NULL},
    [TT_ENTER] = {"Enter", "free", "while delaying: act now", NULL},
    [TT_READY] = {"Ready", "1 Action", "a Strike that fires when a foe acts", NULL},
    [TT_READIED] = {"Readied Strike", "reaction", "the readied Strike", NULL},
    [TT_COMMAND] = {"Command", "1 Action", "an ally acts now, inside this turn", NULL},
};
static const char *const resources[] = {"HP", "Init", "Actions", "Reactions"};
static const fray_cond_info cond_info[] = {
    [TT_STUNNED] = {"Stunned", FRAY_STACK_EXTEND, (uint64_t)1 << TT_FLAT, FRAY_CF_NO_ACTIONS, "turns#Stunned"},
    [TT_FLAT] = {"Flat-footed", FRAY_STACK_EXTEND, 0, FRAY_CF_FLAT_FOOTED, "turns#Flat-footed"},
    [TT_SHAKEN] = {"Shaken", FRAY_STACK_ADD_TIME, 0, FRAY_CF_ATTACK_DIS, "turns#Shaken"},
    [TT_POISONED] = {"Poisoned", FRAY_STACK_APART, 0, 0, "turns#Poisoned"},
    [TT_DODGING] = {"Dodging", FRAY_STACK_EXTEND, 0, FRAY_CF_TARGET_DIS, "turns#Dodging"},
    [TT_MARKED] = {"Marked", FRAY_STACK_EXTEND, 0, FRAY_CF_TARGET_ADV, "turns#Marked"},
    [TT_BLEEDING] = {"Bleeding", FRAY_STACK_SUM, 0, 0, "turns#Bleeding"},
};
static const char *const conditions[] = {
    [TT_STUNNED] = "Stunned", [TT_FLAT] = "Flat-footed", [TT_SHAKEN] = "Shaken",
    [TT_POISONED] = "Poisoned", [TT_DODGING] = "Dodging", [TT_MARKED] = "Marked",
    [TT_BLEEDING] = "Bleeding"};
static const char *const defences[] = {"Block", "Dodge", "None"};
static const fray_question questions[] = {[TT_Q_DEFENCE] = {"Defence", defences, 3}};

static int load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who)
{
    static const char *const keys[] = {"hp", "bonus", NULL};
    tt_creature *t = fray_priv(e, who);
    if (fray_load_keys(ld, sheet, keys) < 0 ||
        fray_load_int(ld, sheet, "hp", &t->hp_max, 3, 1, 100, 0) < 0 ||
        fray_load_int(ld, sheet, "bonus", &t->bonus, 0, -5, 9, 0) < 0)
        return -1;
    e->c[who].res[TT_HP] = t->hp_max;
    return 0;
}

static int bonus(const fray_encounter *e, int who) { return ((const tt_creature *)fray_cpriv(e, who))->bonus; }

static void roll_initiative(fray_encounter *e, int who)
{
    int v = fray_die(&e->dice, 20, "Initiative, 1d20") + bonus(e, who);
    fray_res_set(e, who, TT_INIT, v);
}

static void start_combat(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++)
        roll_initiative(e, i);
    fray_turns_order(e);
    fray_flush(e, -1, "turns#Initiative");
}

static void join(fray_encounter *e, int who) { roll_initiative(e, who); }
static void start_round(fray_encounter *e) { (void)e; }
static void end_round(fray_encounter *e) { (void)e; }

static int turn_over(const fray_encounter *e, int who) { return e->c[who].res[TT_ACTIONS] <= 0; }

static const fray_counter_info counters[] = {{TT_ACTIONS, FRAY_REFILL_TURN, 2},
                                             {TT_REACTIONS, FRAY_REFILL_ROUND, 1}};

static const fray_turn_rules turn_rules = {
    .order = FRAY_ORDER_FIXED,
    .score_res = TT_INIT,
    .tie_purpose = "Initiative tie, 1dN",
    .rule = "turns#Initiative",
    .start_detail = "initiative",
    .end_res = TT_ACTIONS,
    .end_detail = "Actions left",
    .end_rule = "turns#Turn",
    .counters = counters,
    .ncounters = 2,
    .tie = bonus,
    .turn_over = turn_over,
};

static int foes(const fray_encounter *e, int a, int b) { return e->c[a].side != e->c[b].side; }
static int able(const fray_encounter *e, int i) { return e->c[i].status == FRAY_ABLE; }

static int add(fray_action *out, int n, int max, int kind, int who, int target)
{
    if (n < max)
        out[n++] = (fray_action){.kind = (int16_t)kind, .actor = (int16_t)who, .target = (int16_t)target};
    return n;
}

static int legal(fray_encounter *e, int who, int window, const fray_action *trig, fray_action *out,
                 int max)
{
    int n = 0;
    if (!able(e, who) || (fray_cflags(e, who) & FRAY_CF_NO_ACTIONS))
        return 0;
    if (window == FRAY_WIN_ACT) {
        if (e->c[who].res[TT_ACTIONS] <= 0)
            return 0;
        for (int t = 0; t < e->n; t++)
            if (foes(e, who, t) && able(e, t))
                n = add(out, n, max, TT_STRIKE, who, t);
        n = add(out, n, max, TT_DELAY, who, -1);
        for (int t = 0; t < e->n; t++)
            if (t != who)
                n = add(out, n, max, TT_FOLLOW, who, t);
        n = add(out, n, max, TT_READY, who, -1);
        for (int t = 0; t < e->n; t++)
            if (t != who && !foes(e, who, t) && able(e, t))
                n = add(out, n, max, TT_COMMAND, who, t);
        return n;
    }
    if (window == FRAY_WIN_WAITING)
        return add(out, n, max, TT_ENTER, who, -1);
    if (window == FRAY_WIN_ROLLED && trig && foes(e, who, trig->actor) && e->check &&
        e->c[who].res[TT_REACTIONS] > 0)
        return add(out, n, max, TT_PARRY, who, trig->actor);
    const fray_action *r = fray_turns_readied(e, who);
    if (window == FRAY_WIN_TRIGGERED && r && trig && foes(e, who, trig->actor) &&
        able(e, trig->actor))
        return add(out, n, max, TT_READIED, who, trig->actor);
    return 0;
}

static void strike(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    int def = fray_ask(e, t, TT_Q_DEFENCE, 7u, a);
    fray_check c;
    fray_check_start(&c, 10 + (def == 0 ? 2 : 0));
    fray_check_mod(e, &c, "bonus", bonus(e, who));
    if (def == 1)
        fray_check_adv(&c, -1);
    if (fray_cond_use(e, t, TT_DODGING))
        fray_check_adv(&c, -1);
    fray_check_roll(e, &c, 20, 20, "Strike, 1d20");
    fray_check_window(e, a, &c, 5);
    if (c.success) {
        fray_res_set(e, t, TT_HP, e->c[t].res[TT_HP] - 1);
        fray_cond_give(e, t, TT_MARKED, who, 1, FRAY_EXP_SRC_TURN_END, fray_turns_next_round(e, who));
        if (e->c[t].res[TT_HP] <= 0)
            fray_set_status(e, t, FRAY_DEAD);
    }
    fray_emit(e, &(fray_event){.kind = "attack", .actor = who, .target = t, .action = "Strike",
                                .outcome = c.crit > 0 ? "critical" : c.success ? "hit" : "miss",
                                .value = c.total, .has_value = 1, .rule = "turns#Strike"});
}

static void resolve(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    switch (a->kind) {
    case TT_STRIKE:
    case TT_READIED:
        if (a->kind == TT_STRIKE)
            fray_res_set(e, who, TT_ACTIONS, e->c[who].res[TT_ACTIONS] - 1);
        else
            fray_turns_unready(e, who);
        strike(e, a);
        break;
    case TT_PARRY:
        fray_res_set(e, who, TT_REACTIONS, e->c[who].res[TT_REACTIONS] - 1);
        fray_check_mod(e, e->check, "Parry", -5);
        fray_emit(e, &(fray_event){.kind = "reaction", .actor = who, .target = a->target,
                                    .action = "Parry", .rule = "turns#Parry"});
        break;
    case TT_DELAY:
    case TT_FOLLOW:
        fray_turns_delay(e, who, a->kind == TT_FOLLOW ? a->target : -1);
        fray_emit(e, &(fray_event){.kind = "delay", .actor = who, .target = a->target,
                                    .rule = "turns#Delay"});
        break;
    case TT_ENTER:
        fray_turns_enter(e, who);
        fray_emit(e, &(fray_event){.kind = "enter", .actor = who, .target = -1, .rule = "turns#Delay"});
        break;
    case TT_READY: {
        fray_res_set(e, who, TT_ACTIONS, e->c[who].res[TT_ACTIONS] - 1);
        fray_action r = {.kind = TT_READIED, .actor = (int16_t)who, .target = -1};
        fray_turns_ready(e, who, &r);
        fray_emit(e, &(fray_event){.kind = "ready", .actor = who, .target = -1, .rule = "turns#Ready"});
        break;
    }
    case TT_COMMAND:
        fray_res_set(e, who, TT_ACTIONS, e->c[who].res[TT_ACTIONS] - 1);
        fray_res_set(e, a->target, TT_ACTIONS, 1);
        fray_turns_command(e, a->target);
        fray_emit(e, &(fray_event){.kind = "command", .actor = who, .target = a->target,
                                    .rule = "turns#Command"});
        break;
    default:
        break;
    }
    if (a->kind == TT_STRIKE || a->kind == TT_READY || a->kind == TT_COMMAND)
        fray_offer(e, FRAY_WIN_TRIGGERED, a);
}

/* Strike the first foe listed, else pass. */
static int policy(fray_encounter *e, int who, int window, const fray_action *trig,
                  const fray_action *legal_, int n)
{
    (void)e, (void)who, (void)window, (void)trig;
    for (int i = 0; i < n; i++)
        if (legal_[i].kind == TT_STRIKE || legal_[i].kind == TT_PARRY)
            return i;
    return -1;
}

/* Block when it can, the policy's defence. */
static int answer(fray_encounter *e, int who, int q, uint32_t allowed, const fray_action *ctx)
{
    (void)e, (void)who, (void)q, (void)ctx;
    return (allowed & 1u) ? 0 : 2;
}

static int describe(const fray_encounter *e, int who, char *buf, size_t len)
{
    return snprintf(buf, len, "HP %d", e->c[who].res[TT_HP]);
}

const fray_ruleset tt_ruleset = {
    .version = FRAY_RULESET_VERSION,
    .id = "turns",
    .seed = "turns",
    .summary = "a made-up turn-based game for the core's tests",
    .actions = actions,
    .nactions = TT_NACT,
    .resources = resources,
    .nresources = 4,
    .conditions = conditions,
    .nconditions = TT_NCOND,
    .creature_size = sizeof(tt_creature),
    .state_size = 1,
    .load_creature = load_creature,
    .start_combat = start_combat,
    .start_round = start_round,
    .end_round = end_round,
    .legal = legal,
    .resolve = resolve,
    .policy = policy,
    .describe = describe,
    .turns = &turn_rules,
    .cond_info = cond_info,
    .questions = questions,
    .nquestions = 1,
    .answer = answer,
    .join = join,
};

fray_encounter *tt_load(const char *json)
{
    char err[512];
    fray_encounter *e = fray_encounter_load_with(&tt_ruleset, json, "turns.json", err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    return e;
}

void tt_sink(void *ud, const fray_encounter *e, const fray_event *ev)
{
    tt_log *log = ud;
    if (log->n >= TT_LOG)
        return;
    char *line = log->line[log->n++];
    int k = snprintf(line, TT_LINE, "%s", ev->kind);
    if (ev->actor >= 0)
        k += snprintf(line + k, (size_t)(TT_LINE - k), " %s", e->c[ev->actor].name);
    if (ev->target >= 0 && k < TT_LINE)
        k += snprintf(line + k, (size_t)(TT_LINE - k), ">%s", e->c[ev->target].name);
    if (ev->outcome && k < TT_LINE)
        k += snprintf(line + k, (size_t)(TT_LINE - k), ":%s", ev->outcome);
    for (int i = 0; i < ev->nchanges && k < TT_LINE; i++)
        k += snprintf(line + k, (size_t)(TT_LINE - k), " %s.%s=%d", e->c[ev->changes[i].who].name,
                      ev->changes[i].what, ev->changes[i].after);
    for (int i = 0; i < ev->nmods && k < TT_LINE; i++)
        k += snprintf(line + k, (size_t)(TT_LINE - k), " [%s %+d]", ev->mods[i].source,
                      ev->mods[i].value);
    for (int i = 0; i < ev->nrolls && k < TT_LINE; i++)
        k += snprintf(line + k, (size_t)(TT_LINE - k), " (%d)", ev->rolls[i].value);
}

int tt_find(const tt_log *log, int from, const char *text)
{
    for (int i = from; i < log->n; i++)
        if (strstr(log->line[i], text))
            return i;
    return -1;
}

/* The "turn" events in order, as "A B C ...". */
void tt_turns(const tt_log *log, char *out, size_t len)
{
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < log->n && k + 1 < len; i++) {
        const char *l = log->line[i];
        if (strncmp(l, "turn ", 5) || !strncmp(l, "turn end", 8))
            continue;
        int w = (int)strcspn(l + 5, " ");
        k += (size_t)snprintf(out + k, len - k, "%s%.*s", k ? " " : "", w, l + 5);
    }
}
