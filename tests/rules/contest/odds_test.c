/* odds_test.c: the exact Combat Roll of src/rules/contest/odds.c against
 * the engine rolling the same attack (exact.c in integers, shown as
 * probabilities): for every defence, under both test
 * models, each outcome's frequency over many seeded one-attack fights lies
 * in its Wilson interval around the exact probability, and so does each
 * damage value's. */
#include <math.h>
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/contest/contest.h"
#include "rules/contest/odds.h"

static const char duel[] =
    "{\"ruleset\": \"contest\", \"name\": \"odds\", \"combatants\": ["
    " {\"name\": \"A\", \"side\": \"a\", \"at\": [0, 0], \"sheet\": {"
    "  \"attributes\": {\"Strength\": 3, \"Agility\": 2, \"Intellect\": 3},"
    "  \"skills\": {\"Sorcery\": 2},"
    "  \"fighting_styles\": [{\"name\": \"Sword\", \"rank\": 3, \"gear\": [\"longsword\"]}],"
    "  \"health\": 1000, \"weapons\": [\"longsword\"], \"spells\": [\"mind spike\", \"firebolt\"]}},"
    " {\"name\": \"D\", \"side\": \"d\", \"at\": [1, 0], \"sheet\": {"
    "  \"attributes\": {\"Strength\": 3, \"Agility\": 3, \"Will\": 2},"
    "  \"skills\": {\"Dodge\": 2, \"Focus\": 2},"
    "  \"fighting_styles\": [{\"name\": \"Spear\", \"rank\": 2, \"gear\": [\"spear\", \"shield\","
    "   \"partial armor\"]}],"
    "  \"armor\": {\"level\": \"partial\", \"material\": \"leather\"}, \"shield\": \"bone shield\","
    "  \"health\": 1000, \"weapons\": [\"spear\"], \"resistances\": {\"fire\": 1}}}]}";

typedef struct tally {
    int forced;     /* the defence the defender picks */
    int n, out[6];  /* both fail, critical win, critical defence, blocked, hit, miss */
    int dmg[128];
    int hits;       /* attacks that rolled damage */
} tally;

static int ask(void *ud, fray_encounter *e, int who, int q, uint32_t allowed,
               const fray_action *ctx)
{
    (void)e, (void)who, (void)ctx;
    const tally *t = ud;
    if (q == CT_Q_DEFENCE)
        return (allowed >> t->forced & 1u) ? t->forced : -1;
    return CT_M_NONE; /* no Precision: the odds give the damage as rolled */
}

static void sink(void *ud, const fray_encounter *e, const fray_event *ev)
{
    (void)e;
    tally *t = ud;
    static const char *const names[6] = {"both fail", "critical win", "critical defence",
                                         "blocked", "hit", "miss"};
    if (!strcmp(ev->kind, "attack"))
        for (int k = 0; k < 6; k++)
            if (!strcmp(ev->outcome, names[k]))
                t->out[k]++;
    if (!strcmp(ev->kind, "damage")) {
        t->dmg[ev->value < 127 ? ev->value : 127]++;
        t->hits++;
    }
}

/* Wilson score interval at z = 4 (deterministic seeds: this either always
 * holds or never). */
static void assert_wilson(double p, int k, int n, const char *what)
{
    double z = 4.0, ph = (double)k / n, den = 1 + z * z / n;
    double mid = (ph + z * z / (2.0 * n)) / den;
    double half = z * sqrt(ph * (1 - ph) / n + z * z / (4.0 * n * n)) / den;
    if (p < mid - half - 1e-12 || p > mid + half + 1e-12)
        fail_msg("%s: exact %.5f, simulated %d/%d outside [%.5f, %.5f]", what, p, k, n,
                 mid - half, mid + half);
}

static void refill(fray_encounter *e)
{
    for (int c = 0; c < 2; c++) {
        e->c[c].res[CT_R_AP] = 3;
        e->c[c].res[CT_R_ATTACKS] = 2;
        e->c[c].res[CT_R_HEALTH] = 1000;
    }
}

static void one_defence(fray_encounter *e, int model, int kind, int arg, int def)
{
    enum { N = 20000 };
    tally t = {.forced = def};
    e->opt[CT_OPT_MODEL] = model;
    fray_action a = {.kind = (int16_t)kind, .actor = 0, .target = 1, .arg = (int16_t)arg};
    ct_plan p;
    refill(e);
    int mark = fray_mods_mark(e);
    ct_plan_of(e, 0, 1, kind == CT_A_STRIKE ? arg : -1, kind == CT_A_MAGIC ? arg : -1, 0, &p);
    fray_mods_drop(e, mark);
    assert_true(p.allowed >> def & 1u);
    ct_odds_shown o;
    ct_odds_of(model, fray_opt(e, CT_OPT_D20_BASE), fray_opt(e, CT_OPT_POOL_SUCCESS),
               fray_opt(e, CT_OPT_OTHER_BLOCK), &p, def, &o);
    e->ask_fn = ask;
    e->human_ud = &t;
    e->c[0].controller = e->c[1].controller = FRAY_CTL_HUMAN;
    fray_subscribe(e, sink, &t);
    for (int i = 0; i < N; i++) {
        fray_dice_init(&e->dice, 99, (uint64_t)i);
        refill(e);
        ct_attack(e, &a, kind == CT_A_STRIKE ? arg : -1, kind == CT_A_MAGIC ? arg : -1);
        t.n++;
    }
    e->nsinks = 0;
    const double exact[6] = {o.both_fail, o.att_crit, o.def_crit, o.block, o.hit, o.miss};
    for (int k = 0; k < 6; k++)
        assert_wilson(exact[k], t.out[k], t.n, "outcome");
    int zero = t.n - t.hits + t.dmg[0];
    assert_wilson(o.dmg[0], zero, t.n, "damage 0");
    for (int v = 1; v < 128; v++)
        if (o.dmg[v] > 0 || t.dmg[v])
            assert_wilson(o.dmg[v], t.dmg[v], t.n, "damage value");
}

/* #Step III: "Both fail ... One fails, the other passes. A critical win!
 * ... Both pass. Compare Successes: Attack vs Block. The defender blocks the
 * attack regardless of the attacker's Successes ... Attack vs Dodge. If the
 * attacker has more Successes the attack hits." */
static void odds_agree_with_the_engine(void **s)
{
    (void)s;
    fray_encounter *e = test_open_round1(duel, "odds");
    for (int model = 0; model < 2; model++) {
        one_defence(e, model, CT_A_STRIKE, 0, CT_D_BLOCK);
        one_defence(e, model, CT_A_STRIKE, 0, CT_D_DODGE);
        one_defence(e, model, CT_A_STRIKE, 0, CT_D_PARRY);
        one_defence(e, model, CT_A_STRIKE, 0, CT_D_NONE);
        one_defence(e, model, CT_A_MAGIC, 0, CT_D_WITHSTAND); /* mind spike */
        one_defence(e, model, CT_A_MAGIC, 1, CT_D_BLOCK);     /* firebolt: half BR */
        one_defence(e, model, CT_A_MAGIC, 1, CT_D_DODGE);
    }
    fray_encounter_free(e);
}

/* Every outcome's probability and the damage distribution each sum to 1. */
static void odds_sum_to_one(void **s)
{
    (void)s;
    ct_plan p;
    memset(&p, 0, sizeof p);
    p.att = (ct_test){6, 1, 0};
    p.dice = 2, p.sides = 6, p.bonus = 1, p.type = CT_SLASHING, p.ar = 3, p.br = 4;
    for (int model = 0; model < 2; model++)
        for (int d = 0; d < CT_NDEF; d++) {
            p.def[d] = (ct_test){5, -1, 0};
            ct_odds_shown o;
            ct_odds_of(model, 8, 5, 1, &p, d, &o);
            double sum = o.both_fail + o.att_crit + o.def_crit + o.block + o.hit + o.miss, dm = 0;
            for (int v = 0; v < 128; v++)
                dm += o.dmg[v];
            assert_true(fabs(sum - 1) < 1e-9 && fabs(dm - 1) < 1e-9);
            /* "If they do so, they automatically fail their defense test." */
            if (d == CT_D_NONE)
                assert_true(o.def_crit == 0 && o.block == 0 && o.hit == 0 && o.miss == 0);
            if (d != CT_D_BLOCK)
                assert_true(o.block == 0);
        }
}

/* `fray odds contest strike`: JSON with one entry per defence given. */
static void odds_command(void **s)
{
    (void)s;
    char *argv[] = {"strike", "--attack", "6", "--dodge", "5", "--parry", "4", "--ranged",
                    "--model", "pool", "--damage", "1d8+1", "--ar", "2"};
    json_t *out = NULL;
    char err[256];
    assert_int_equal(ct_odds(14, argv, &out, err, sizeof err), 0);
    json_t *defs = json_object_get(out, "defences");
    assert_non_null(json_object_get(defs, "Dodge"));
    /* "Spells and Ranged attacks can't be parried." */
    assert_null(json_object_get(defs, "Parry"));
    assert_non_null(json_object_get(defs, "None"));
    json_decref(out);
    /* two bundled sheets: the knight may block, dodge or parry the ogre */
    char *pair[] = {"strike", "--attacker", "ogre", "--defender", "classical-knight"};
    assert_int_equal(ct_odds(5, pair, &out, err, sizeof err), 0);
    defs = json_object_get(out, "defences");
    assert_non_null(json_object_get(defs, "Block"));
    assert_non_null(json_object_get(defs, "Parry"));
    assert_null(json_object_get(defs, "Withstand"));
    json_decref(out);
    char *bad[] = {"strike", "--attack", "6", "--type", "sonic"};
    assert_int_equal(ct_odds(5, bad, &out, err, sizeof err), -1);
    assert_non_null(strstr(err, "sonic"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(odds_agree_with_the_engine),
        cmocka_unit_test(odds_sum_to_one),
        cmocka_unit_test(odds_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
