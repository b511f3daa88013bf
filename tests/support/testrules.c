/* testrules.c: "test" ruleset. Each creature has 1 AP a round and acts in
 * file order; Strike hits on a d20 of 10 or more (15 against a creature
 * that Braced when the Strike was declared) for 1dN damage (rule option
 * damage_die); a missed Strike lets the target Riposte for 1 damage; Daze
 * makes the target Dazed until the end of the round, and Dazed imposes
 * Exposed. Enough to drive every hook of the ruleset table. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "test.h"

#include "testrules.h"

typedef struct tr_creature { int hp_max, bonus, braced; } tr_creature;
typedef struct tr_state { int rests, narrowed; } tr_state;

static const fray_action_info actions[] = {
    {"Strike", "1 AP", "d20 >= 10 hits for 1dN", NULL},
    {"Brace", "reaction", "the declared Strike needs 15", NULL},
    {"Riposte", "reaction", "1 damage after a miss", NULL},
    {"Daze", "1 AP", "Dazed (and so Exposed) to the end of the round", NULL},
};
static const char *const resources[] = {"HP", "AP"};
static const char *const conditions[] = {"Dazed", "Exposed"};
static const fray_option_info options[] = {{"damage_die", 6, 1, 20, "faces of the damage die"}};

static int load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who)
{
    static const char *const keys[] = {"hp", "bonus", NULL};
    tr_creature *t = fray_priv(e, who);
    if (fray_load_keys(ld, sheet, keys) < 0 ||
        fray_load_int(ld, sheet, "hp", &t->hp_max, 0, 1, 100, 1) < 0 ||
        fray_load_int(ld, sheet, "bonus", &t->bonus, 0, -5, 5, 0) < 0)
        return -1;
    e->c[who].res[TR_HP] = t->hp_max;
    return 0;
}

static int loaded(fray_load *ld, fray_encounter *e)
{
    (void)ld;
    (void)e;
    return 0;
}

static void start_combat(fray_encounter *e)
{
    fray_emit(e, &(fray_event){.kind = "start", .actor = -1, .target = -1, .rule = "test#Start"});
}

static void start_round(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++)
        if (e->c[i].status == FRAY_ABLE)
            fray_res_set(e, i, TR_AP, 1);
}

static void end_round(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++)
        ((tr_creature *)fray_priv(e, i))->braced = 0;
}

static int next_actor(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++)
        if (e->c[i].status == FRAY_ABLE && e->c[i].res[TR_AP] > 0)
            return i;
    return -1;
}

static int legal(fray_encounter *e, int who, int window, const fray_action *trig, fray_action *out,
                 int max)
{
    int n = 0;
    if (e->c[who].status != FRAY_ABLE)
        return 0;
    if (e->want != FRAY_WANT_ALL)
        ((tr_state *)e->state)->narrowed++;
    if (window == FRAY_WIN_ACT) {
        for (int t = 0; t < e->n && n + 2 <= max; t++) {
            if (e->c[t].side == e->c[who].side || e->c[t].status != FRAY_ABLE)
                continue;
            out[n++] = (fray_action){.kind = TR_STRIKE, .actor = (int16_t)who, .target = (int16_t)t};
            /* the policy never Dazes: planned only for those who might */
            if (fray_wants(e, TR_DAZE))
                out[n++] = (fray_action){.kind = TR_DAZE, .actor = (int16_t)who, .target = (int16_t)t};
        }
    } else if (window == FRAY_WIN_DECLARED && trig->kind == TR_STRIKE && trig->target == who) {
        out[n++] = (fray_action){.kind = TR_BRACE, .actor = (int16_t)who, .target = -1};
    } else if (window == FRAY_WIN_TRIGGERED && trig->kind == TR_STRIKE && trig->target == who &&
               trig->arg == 0) {
        out[n++] = (fray_action){.kind = TR_RIPOSTE, .actor = (int16_t)who, .target = trig->actor};
    }
    return n;
}

static void damage(fray_encounter *e, int who, int by, int amount)
{
    int hp = e->c[who].res[TR_HP] - amount;
    fray_res_set(e, who, TR_HP, hp < 0 ? 0 : hp);
    e->c[by].dealt += amount;
    e->c[who].taken += amount;
    if (hp <= 0)
        fray_set_status(e, who, FRAY_DEAD);
}

static void resolve(fray_encounter *e, const fray_action *a)
{
    tr_creature *t = a->target >= 0 ? fray_priv(e, a->target) : NULL;
    switch (a->kind) {
    case TR_STRIKE: {
        fray_res_set(e, a->actor, TR_AP, 0);
        fray_offer(e, FRAY_WIN_DECLARED, a);
        int need = t->braced ? 15 : 10;
        int bonus = ((tr_creature *)fray_priv(e, a->actor))->bonus;
        if (bonus)
            fray_mod(e, "bonus", bonus);
        int roll = fray_die(&e->dice, 20, "Strike roll");
        int hit = roll + bonus >= need;
        if (hit) {
            int dmg = fray_die(&e->dice, fray_opt(e, 0), "Damage");
            damage(e, a->target, a->actor, dmg);
        }
        fray_emit(e, &(fray_event){.kind = "attack", .actor = a->actor, .target = a->target,
                                    .action = "Strike", .outcome = hit ? "hit" : "miss",
                                    .value = roll + bonus, .has_value = 1, .rule = "test#Strike"});
        fray_action done = *a;
        done.arg = (int16_t)hit;
        fray_offer(e, FRAY_WIN_TRIGGERED, &done);
        break;
    }
    case TR_BRACE:
        ((tr_creature *)fray_priv(e, a->actor))->braced = 1;
        fray_record(e, a->actor, "braced", 0, 1); /* its effect, for the tactics report */
        fray_emit(e, &(fray_event){.kind = "reaction", .actor = a->actor, .target = -1,
                                    .action = "Brace", .rule = "test#Brace"});
        break;
    case TR_RIPOSTE:
        damage(e, a->target, a->actor, 1);
        fray_emit(e, &(fray_event){.kind = "reaction", .actor = a->actor, .target = a->target,
                                    .action = "Riposte", .rule = "test#Riposte"});
        break;
    case TR_DAZE:
        fray_res_set(e, a->actor, TR_AP, 0);
        fray_cond_add(e, a->target, TR_DAZED, -1, FRAY_EXP_ROUND_END, e->round);
        fray_cond_add(e, a->target, TR_EXPOSED, TR_DAZED, FRAY_EXP_NEVER, 0);
        fray_emit(e, &(fray_event){.kind = "condition", .actor = a->actor, .target = a->target,
                                    .action = "Daze", .rule = "test#Daze"});
        break;
    }
}

static void pass(fray_encounter *e, int who, int window)
{
    if (window == FRAY_WIN_ACT)
        fray_res_set(e, who, TR_AP, 0);
}

/* Strike the first foe; take every reaction. */
static int policy(fray_encounter *e, int who, int window, const fray_action *trig,
                  const fray_action *l, int n)
{
    (void)e;
    (void)who;
    (void)window;
    (void)trig;
    for (int i = 0; i < n; i++)
        if (l[i].kind != TR_DAZE)
            return i;
    return n ? 0 : -1;
}

static int describe(const fray_encounter *e, int who, char *buf, size_t len)
{
    const tr_creature *t = fray_cpriv(e, who);
    return snprintf(buf, len, "HP %d/%d", e->c[who].res[TR_HP], t->hp_max);
}

static void rest(fray_encounter *e, int who, int kind)
{
    (void)kind;
    fray_res_set(e, who, TR_HP, ((tr_creature *)fray_priv(e, who))->hp_max);
    ((tr_state *)e->state)->rests++;
}

/* "strike": P(d20 >= need), need 10, or 15 with --braced */
static int odds(int argc, char **argv, json_t **out, char *err, size_t errlen)
{
    if (argc < 1 || strcmp(argv[0], "strike")) {
        snprintf(err, errlen, "unknown check (checks: strike)");
        return -1;
    }
    int need = argc > 1 && !strcmp(argv[1], "--braced") ? 15 : 10;
    *out = json_pack("{s:f}", "p_hit", (21 - need) / 20.0);
    return 0;
}

const fray_ruleset tr_ruleset = {
    .version = FRAY_RULESET_VERSION,
    .id = "test",
    .seed = "tests/support/testrules.c",
    .summary = "a tiny ruleset for the core's tests",
    .actions = actions, .nactions = 4,
    .resources = resources, .nresources = 2,
    .conditions = conditions, .nconditions = 2,
    .options = options, .noptions = 1,
    .creature_size = sizeof(tr_creature),
    .state_size = sizeof(tr_state),
    .load_creature = load_creature,
    .loaded = loaded,
    .start_combat = start_combat,
    .start_round = start_round,
    .end_round = end_round,
    .next_actor = next_actor,
    .legal = legal,
    .resolve = resolve,
    .pass = pass,
    .policy = policy,
    .describe = describe,
    .rest = rest,
    .odds = odds,
    .odds_help = "strike [--braced]: the chance a Strike hits",
    .policy_kinds = FRAY_KIND(TR_STRIKE) | FRAY_KIND(TR_BRACE) | FRAY_KIND(TR_RIPOSTE),
};

int tr_narrowed(const fray_encounter *e) { return ((const tr_state *)e->state)->narrowed; }

fray_encounter *tr_load(const char *json)
{
    char err[512] = "";
    fray_encounter *e = fray_encounter_load_with(&tr_ruleset, json, "test.json", err, sizeof err);
    if (!e)
        fail_msg("load failed: %s", err);
    return e;
}

void tr_sink(void *ud, const fray_encounter *e, const fray_event *ev)
{
    tr_log *log = ud;
    (void)e;
    if (log->n >= 256)
        return;
    snprintf(log->kinds[log->n], sizeof log->kinds[0], "%s", ev->kind);
    FILE *f = fmemopen(log->lines[log->n], sizeof log->lines[0], "w");
    if (f) {
        fray_sink_text(f, e, ev);
        fclose(f);
    }
    log->n++;
}
