/* bench/floor_rules.c: "floor", a ruleset whose only work is its dice.
 *
 * bench_sim runs it beside the real duels to show what the engine's own
 * protocol costs per die: every round each creature is named by next_actor,
 * has its policy decide its one action (the decide hook: what a real
 * ruleset's policy does without listing every legal action), and resolves it
 * with a declared and a triggered window offered to the other creature, who
 * has no reaction to take: may_answer says so, as a real ruleset says it of
 * a creature whose reaction is spent. A Strike is a d20 that hits on 11 or more for
 * 1d6 damage against 20 hit points. No movement, no conditions, no policy
 * worth the name: whatever ratio this row shows is the floor under any
 * ruleset that keeps the engine's contract (events, windows, controllers).
 */
#include <stdio.h>

#include "core.h"
/* Everything the loop calls inlined into it (loop.h): hooks this small
 * cost more to call than to run. The real rulesets leave it to the
 * inliner: flattening their loops made every LTO link several times
 * slower and their duels no faster (their rules dwarf the calls). */
#define FRAY_RUN_ATTR __attribute__((flatten))
#include "loop.h"
#include "floor_rules.h"

enum { FL_HP, FL_AP };
enum { FL_STRIKE };

FRAY_RULESET_OWN; /* below: the table the loop is compiled for (loop.h) */

static const fray_action_info actions[] = {{"Strike", "1 AP", "d20 >= 11 hits for 1d6", "a foe standing"}};
static const char *const resources[] = {"HP", "AP"};

static int load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who)
{
    static const char *const keys[] = {NULL};
    if (fray_load_keys(ld, sheet, keys) < 0)
        return -1;
    e->c[who].res[FL_HP] = 20;
    return 0;
}

static void nothing(fray_encounter *e) { (void)e; }

static void start_round(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++)
        if (e->c[i].status == FRAY_ABLE)
            fray_res_set(e, i, FL_AP, 1);
}

static int next_actor(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++)
        if (e->c[i].status == FRAY_ABLE && e->c[i].res[FL_AP] > 0)
            return i;
    return -1;
}

static int legal(fray_encounter *e, int who, int window, const fray_action *trig, fray_action *out,
                 int max)
{
    (void)trig;
    if (window != FRAY_WIN_ACT || e->c[who].status != FRAY_ABLE || max < 1)
        return 0;
    for (int t = 0; t < e->n; t++)
        if (e->c[t].side != e->c[who].side && e->c[t].status == FRAY_ABLE) {
            out[0] = (fray_action){.kind = FL_STRIKE, .actor = (int16_t)who, .target = (int16_t)t};
            return 1;
        }
    return 0;
}

/* A Strike has no answer: no creature is ever listed in a reaction window. */
static int may_answer(const fray_encounter *e, int who, int window, const fray_action *trig)
{
    (void)e;
    (void)who;
    (void)trig;
    return window == FRAY_WIN_ACT;
}

static void resolve(fray_encounter *e, const fray_action *a)
{
    fray_res_set(e, a->actor, FL_AP, 0);
    fray_offer_with(e, &fray_rules_own, FRAY_WIN_DECLARED, a, UINT32_MAX);
    int roll = fray_die(&e->dice, 20, "Strike roll, 1d20");
    int hit = roll >= 11;
    if (hit) {
        int dmg = fray_die(&e->dice, 6, "Damage, 1d6");
        int hp = e->c[a->target].res[FL_HP] - dmg;
        fray_res_set(e, a->target, FL_HP, hp < 0 ? 0 : hp);
        e->c[a->actor].dealt += dmg;
        e->c[a->target].taken += dmg;
        if (hp <= 0)
            fray_set_status(e, a->target, FRAY_DEAD);
    }
    fray_emit(e, &(fray_event){.kind = "attack", .actor = a->actor, .target = a->target,
                                .action = "Strike", .outcome = hit ? "hit" : "miss",
                                .value = roll, .has_value = 1, .rule = "floor#Strike"});
    fray_offer_with(e, &fray_rules_own, FRAY_WIN_TRIGGERED, a, UINT32_MAX);
}

static void pass(fray_encounter *e, int who, int window)
{
    if (window == FRAY_WIN_ACT)
        fray_res_set(e, who, FL_AP, 0);
}

static int policy(fray_encounter *e, int who, int window, const fray_action *trig,
                  const fray_action *legal, int n)
{
    (void)e;
    (void)who;
    (void)window;
    (void)trig;
    (void)legal;
    return n ? 0 : -1;
}

/* The policy's choice without a list: the one Strike there is. */
static int decide(fray_encounter *e, int who, int window, const fray_action *trig, fray_action *out)
{
    return legal(e, who, window, trig, out, 1) ? FRAY_DECIDE_TAKE : FRAY_DECIDE_NONE;
}

static int describe(const fray_encounter *e, int who, char *buf, size_t len)
{
    return snprintf(buf, len, "HP %d/20", e->c[who].res[FL_HP]);
}

FRAY_RULESET(floor_ruleset,
    .version = FRAY_RULESET_VERSION,
    .id = "floor",
    .seed = "bench/floor_rules.c",
    .summary = "the engine's protocol around nothing but dice (bench_sim only)",
    .actions = actions, .nactions = 1,
    .resources = resources, .nresources = 2,
    .creature_size = 1,
    .state_size = 1,
    .load_creature = load_creature,
    .start_combat = nothing,
    .start_round = start_round,
    .end_round = nothing,
    .next_actor = next_actor,
    .legal = legal,
    .resolve = resolve,
    .pass = pass,
    .policy = policy,
    .describe = describe,
    .may_answer = may_answer,
    .decide = decide)

const char floor_duel_json[] =
    "{\"ruleset\": \"floor\", \"name\": \"floor duel\", \"combatants\": ["
    "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": {}},"
    "{\"name\": \"B\", \"side\": \"red\", \"at\": [1, 0], \"sheet\": {}}]}";
