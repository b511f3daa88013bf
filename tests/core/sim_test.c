/* sim_test.c: the parallel runner of `fray sim`, on the test ruleset
 * (tests/support/testrules.c). */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "testrules.h"

/* Two evenly matched creatures that need several hits each. */
static const char duel[] =
    "{\"ruleset\":\"test\",\"name\":\"even duel\",\"combatants\":["
    "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{\"hp\":12}},"
    "{\"name\":\"B\",\"side\":\"red\",\"at\":[1,0],\"sheet\":{\"hp\":12,\"bonus\":1}}]}";

/* Three sides, so that draws, wins of several sides and deaths mix. */
static const char melee[] =
    "{\"ruleset\":\"test\",\"options\":{\"damage_die\":4},\"combatants\":["
    "{\"name\":\"A\",\"side\":\"blue\",\"sheet\":{\"hp\":12}},"
    "{\"name\":\"A2\",\"side\":\"blue\",\"sheet\":{\"hp\":8}},"
    "{\"name\":\"B\",\"side\":\"red\",\"sheet\":{\"hp\":12,\"bonus\":1}},"
    "{\"name\":\"C\",\"side\":\"green\",\"sheet\":{\"hp\":10,\"bonus\":2}}]}";

/* One attack decides it: both have 1 HP. A strikes first; B, the target,
 * Braces (the policy takes every reaction), so A needs 15 on a d20: 6 faces
 * of 20. A hit kills B (the damage die shows at least 1); a miss lets B
 * Riposte for 1, which kills A. So P(blue wins) = 6/20 = 0.3 exactly, every
 * fight lasts one round, and draws 1 die, plus the damage die on a hit. */
static const char one_blow[] =
    "{\"ruleset\":\"test\",\"combatants\":["
    "{\"name\":\"A\",\"side\":\"blue\",\"sheet\":{\"hp\":1}},"
    "{\"name\":\"B\",\"side\":\"red\",\"sheet\":{\"hp\":1}}]}";

static fray_sim_result *sim(const char *json, uint64_t n, uint64_t seed, int threads)
{
    fray_sim_opts o = {.n = n, .seed = seed, .threads = threads, .rs = &tr_ruleset};
    fray_sim_result *r = calloc(1, sizeof *r);
    char err[512] = "";
    assert_non_null(r);
    int rc = fray_sim_run_text(json, "sim_test.json", &o, r, err, sizeof err);
    if (rc != FRAY_OK)
        fail_msg("sim failed: %s", err);
    return r;
}

static void same_result(fray_sim_result *a, fray_sim_result *b)
{
    memset(&a->timing, 0, sizeof a->timing);
    memset(&b->timing, 0, sizeof b->timing);
    assert_memory_equal(a, b, sizeof *a);
}

/* The result is the same, byte for byte, for 1, 2 and 3 threads. */
static void identical_for_any_thread_count(void **state)
{
    (void)state;
    const char *const files[] = {duel, melee};
    for (int f = 0; f < 2; f++) {
        fray_sim_result *r1 = sim(files[f], 5000, 3, 1);
        fray_sim_result *r2 = sim(files[f], 5000, 3, 2);
        fray_sim_result *r3 = sim(files[f], 5000, 3, 3);
        assert_int_equal(r1->fights, 5000);
        assert_int_equal(r1->stopped, 0);
        /* the tactics report too: the Strikes are counted, as every fight
         * has some */
        assert_true(r1->tally.used[0][TR_STRIKE] >= 5000);
        same_result(r1, r2);
        same_result(r1, r3);
        free(r1);
        free(r2);
        free(r3);
    }
}

/* Shares of a run (fray-mpi's ranks) merged in any order are the whole
 * run, byte for byte: three uneven shares, one of them empty, and the
 * per-fight outcomes written at the shares' own indices. */
static void shares_merge_to_the_whole_run(void **state)
{
    (void)state;
    enum { N = 2000 };
    static const uint64_t bounds[][2] = {{1200, 800}, {0, 700}, {700, 500}, {2000, 0}};
    fray_sim_result *whole = sim(melee, N, 9, 2), *sum = NULL;
    uint8_t *outcome = calloc(N, 1), *part_outcome = calloc(N, 1);
    assert_non_null(outcome);
    assert_non_null(part_outcome);
    fray_sim_opts wo = {.n = N, .seed = 9, .threads = 1, .rs = &tr_ruleset, .outcome = outcome};
    fray_sim_result *w2 = calloc(1, sizeof *w2);
    char err[512] = "";
    assert_int_equal(fray_sim_run_text(melee, "sim_test.json", &wo, w2, err, sizeof err), FRAY_OK);
    for (size_t k = 0; k < sizeof bounds / sizeof bounds[0]; k++) {
        fray_sim_opts o = {.n = N, .seed = 9, .threads = 2, .rs = &tr_ruleset, .share = 1,
                           .first = bounds[k][0], .count = bounds[k][1], .outcome = part_outcome};
        fray_sim_result *r = calloc(1, sizeof *r);
        assert_non_null(r);
        if (fray_sim_run_text(melee, "sim_test.json", &o, r, err, sizeof err) != FRAY_OK)
            fail_msg("share %zu: %s", k, err);
        assert_int_equal(r->fights, bounds[k][1]);
        if (!sum)
            sum = r;
        else {
            fray_sim_result_merge(sum, r);
            free(r);
        }
    }
    sum->stopped = sum->fights < N;
    same_result(whole, sum);
    assert_memory_equal(outcome, part_outcome, N);
    /* a share outside the run is bad input, not a run */
    fray_sim_opts o = {.n = 10, .seed = 9, .threads = 1, .rs = &tr_ruleset, .share = 1, .first = 8,
                       .count = 3};
    assert_int_equal(fray_sim_run_text(melee, "sim_test.json", &o, w2, err, sizeof err), FRAY_EINPUT);
    free(whole);
    free(sum);
    free(w2);
    free(outcome);
    free(part_outcome);
}

/* Fight i is fray_reset(e, seed, i) and nothing else: the sim's totals are
 * the sums of fights run one by one. */
static void fight_i_is_seed_and_i(void **state)
{
    (void)state;
    const uint64_t n = 200, seed = 99;
    fray_sim_result *r = sim(melee, n, seed, 2);
    fray_encounter *e = tr_load(melee);
    uint64_t wins[FRAY_MAX_SIDES] = {0}, draws = 0, dice = 0, dead[4] = {0};
    int64_t rounds = 0, dealt[4] = {0};
    for (uint64_t i = 0; i < n; i++) {
        fray_reset(e, seed, i);
        assert_int_equal(fray_run(e), 0);
        if (fray_winner(e) >= 0)
            wins[fray_winner(e)]++;
        else
            draws++;
        rounds += fray_round(e);
        dice += fray_dice_drawn(e);
        for (int c = 0; c < 4; c++) {
            dead[c] += fray_combatant_status(e, c) == FRAY_DEAD;
            dealt[c] += e->c[c].dealt;
        }
    }
    for (int s = 0; s < 3; s++)
        assert_int_equal(r->wins[s], wins[s]);
    assert_int_equal(r->draws, draws);
    assert_int_equal(r->rounds.sum, rounds);
    assert_int_equal((uint64_t)r->dice.sum, dice);
    for (int c = 0; c < 4; c++) {
        assert_int_equal(r->c[c].status[FRAY_DEAD], dead[c]);
        assert_int_equal(r->c[c].dealt.sum, dealt[c]);
    }
    /* and a different seed gives different fights */
    fray_sim_result *other = sim(melee, n, seed + 1, 2);
    assert_true(other->dice.sum != r->dice.sum || other->wins[0] != r->wins[0]);
    fray_encounter_free(e);
    free(r);
    free(other);
}

/* The sim agrees with the exact odds of a fight decided by one attack: the
 * 95% Wilson interval of blue's win rate holds 0.3, and the counts fit
 * together exactly (see one_blow). */
static void agrees_with_exact_odds(void **state)
{
    (void)state;
    const uint64_t n = 40000;
    fray_sim_result *r = sim(one_blow, n, 7, 2);
    double lo, hi;
    fray_wilson95(r->wins[0], r->fights, &lo, &hi);
    assert_true(lo < 0.3 && 0.3 < hi);
    assert_true(hi - lo < 0.01);
    assert_int_equal(r->wins[0] + r->wins[1], n);
    assert_int_equal(r->draws, 0);
    /* one round each: mean 1, sd 0, every percentile 1 */
    assert_int_equal(r->rounds.min, 1);
    assert_int_equal(r->rounds.max, 1);
    assert_int_equal(r->rounds_hist.bin[1], n);
    assert_true(fray_moments_sd(&r->rounds) == 0.0);
    int64_t med;
    assert_int_equal(fray_hist_percentile(&r->rounds_hist, 500, &med), 0);
    assert_int_equal(med, 1);
    /* the Strike die every fight, the damage die on each hit */
    assert_int_equal((uint64_t)r->dice.sum, n + r->wins[0]);
    /* B deals 1 (the Riposte) exactly when A misses */
    assert_int_equal((uint64_t)r->c[1].dealt.sum, r->wins[1]);
    assert_int_equal(r->c[0].status[FRAY_DEAD], r->wins[1]);
    assert_int_equal(r->c[1].status[FRAY_DEAD], r->wins[0]);
    assert_int_equal(r->c[0].status[FRAY_ABLE], r->wins[0]);
    /* A's damage is 1d6 on a hit: between 1 and 6 per hit */
    assert_true((uint64_t)r->c[0].dealt.sum >= r->wins[0]);
    assert_true((uint64_t)r->c[0].dealt.sum <= 6 * r->wins[0]);
    free(r);
}

/* A stop already requested runs nothing. */
static void stop_before_start(void **state)
{
    (void)state;
    atomic_int stop;
    atomic_init(&stop, 1);
    fray_sim_opts o = {.n = 1000, .seed = 1, .threads = 2, .rs = &tr_ruleset, .stop = &stop};
    fray_sim_result *r = calloc(1, sizeof *r);
    char err[256];
    assert_int_equal(fray_sim_run_text(duel, "d", &o, r, err, sizeof err), FRAY_OK);
    assert_int_equal(r->fights, 0);
    assert_int_equal(r->stopped, 1);
    assert_int_equal(r->requested, 1000);
    free(r);
}

static void stop_when_started(void *ud, uint64_t done, uint64_t n)
{
    (void)done;
    (void)n;
    atomic_store((atomic_int *)ud, 1);
}

/* Stopping midway counts exactly the fights that finished: every tally
 * agrees with the number of fights. */
static void stop_midway_counts_finished_fights(void **state)
{
    (void)state;
    atomic_int stop;
    atomic_init(&stop, 0);
    fray_sim_opts o = {.n = 100000000, .seed = 1, .threads = 2, .rs = &tr_ruleset,
                       .stop = &stop, .progress = stop_when_started, .progress_ud = &stop};
    fray_sim_result *r = calloc(1, sizeof *r);
    char err[256];
    assert_int_equal(fray_sim_run_text(duel, "d", &o, r, err, sizeof err), FRAY_OK);
    assert_int_equal(r->stopped, 1);
    assert_true(r->fights < o.n);
    assert_int_equal(r->wins[0] + r->wins[1] + r->draws, r->fights);
    assert_int_equal(r->rounds.n, r->fights);
    assert_int_equal(r->rounds_hist.n, r->fights);
    assert_int_equal(r->dice.n, r->fights);
    for (int c = 0; c < 2; c++)
        assert_int_equal(r->c[c].status[0] + r->c[c].status[1] + r->c[c].status[2], r->fights);
    free(r);
}

/* A fight that fails stops the sim with the fight's number. */
static void failing_fight_is_reported(void **state)
{
    (void)state;
    static const char bad[] =
        "{\"ruleset\":\"test\",\"combatants\":["
        "{\"name\":\"A\",\"side\":\"blue\",\"controller\":\"script\",\"script\":[\"Riposte > B\"],"
        "\"sheet\":{\"hp\":6}},"
        "{\"name\":\"B\",\"side\":\"red\",\"sheet\":{\"hp\":6}}]}";
    fray_sim_opts o = {.n = 50, .seed = 1, .threads = 2, .rs = &tr_ruleset};
    fray_sim_result *r = calloc(1, sizeof *r);
    char err[512] = "";
    assert_int_not_equal(fray_sim_run_text(bad, "bad.json", &o, r, err, sizeof err), FRAY_OK);
    assert_non_null(strstr(err, "fight 0 (seed 1)"));
    assert_non_null(strstr(err, "Riposte > B"));
    free(r);
}

/* Controllers are checked before any fight. */
static void unknown_side_is_bad_input(void **state)
{
    (void)state;
    const char *const ctl[] = {"purple=random"};
    fray_sim_opts o = {.n = 10, .seed = 1, .threads = 1, .rs = &tr_ruleset, .controllers = ctl,
                       .ncontrollers = 1};
    fray_sim_result *r = calloc(1, sizeof *r);
    char err[512] = "";
    assert_int_equal(fray_sim_run_text(duel, "d", &o, r, err, sizeof err), FRAY_EINPUT);
    assert_non_null(strstr(err, "no side 'purple'"));
    free(r);
}

/* The tactics report of one_blow, by hand. Each fight: blue's Strike
 * (its AP 1 -> 0 is its cost; the d20 is drawn: it achieved something);
 * red's Brace, which only sets a flag in the ruleset's private bytes and
 * records it (fray_record): no die, no position, resource, condition or
 * status, but the change it records is its effect: it achieved something;
 * on a miss (red wins), red's Riposte, whose 1 damage is an effect. The
 * AP of both is raised from 0 to 1 at the start of round 1, outside any
 * action: one refill a side, 0 left unspent, 1 after. No round limit. */
static void tactics_by_hand(void **state)
{
    (void)state;
    enum { N = 4000 };
    fray_sim_result *r = sim(one_blow, N, 7, 2);
    const fray_tally *t = &r->tally;
    assert_int_equal(t->limit, 0);
    assert_int_equal(t->used[0][TR_STRIKE], N);
    assert_int_equal(t->idle[0][TR_STRIKE], 0);
    assert_int_equal(t->used[1][TR_BRACE], N);
    assert_int_equal(t->idle[1][TR_BRACE], 0);
    assert_int_equal(t->used[1][TR_RIPOSTE], r->wins[1]);
    assert_int_equal(t->idle[1][TR_RIPOSTE], 0);
    assert_int_equal(t->used[0][TR_DAZE] + t->used[1][TR_DAZE] + t->used[1][TR_STRIKE], 0);
    for (int s = 0; s < 2; s++) {
        assert_int_equal(t->refills[s][TR_AP], N);
        assert_int_equal(t->left[s][TR_AP], 0);
        assert_int_equal(t->after[s][TR_AP], N);
        assert_int_equal(t->refills[s][TR_HP], 0);
    }
    free(r);
}

/* A round limit of 1 in the even duel (12 HP each: nobody falls in one
 * round): every fight ends by the limit, as a draw; and the AP left when
 * the second round would start is never counted (the fight is over). */
static void round_limit_counted(void **state)
{
    (void)state;
    fray_sim_opts o = {.n = 500, .seed = 2, .threads = 2, .rs = &tr_ruleset, .max_rounds = 1};
    fray_sim_result *r = calloc(1, sizeof *r);
    char err[512] = "";
    assert_non_null(r);
    assert_int_equal(fray_sim_run_text(duel, "d", &o, r, err, sizeof err), FRAY_OK);
    assert_int_equal(r->tally.limit, 500);
    assert_int_equal(r->draws, 500);
    assert_int_equal(r->tally.refills[0][TR_AP], 500);
    o.max_rounds = 2; /* one round more: some fights end by the limit, none fewer */
    assert_int_equal(fray_sim_run_text(duel, "d", &o, r, err, sizeof err), FRAY_OK);
    assert_int_equal(r->tally.limit, r->draws);
    assert_true(r->tally.limit < 500);
    free(r);
}

/* A random controller changes the fights, and still identically for any
 * thread count (its choices come from the policy stream of (seed, i)). */
static void random_controller_is_deterministic(void **state)
{
    (void)state;
    const char *const ctl[] = {"red=random"};
    fray_sim_result *r[2];
    for (int t = 0; t < 2; t++) {
        fray_sim_opts o = {.n = 3000, .seed = 5, .threads = t + 1, .rs = &tr_ruleset,
                           .controllers = ctl, .ncontrollers = 1};
        r[t] = calloc(1, sizeof *r[t]);
        char err[512] = "";
        assert_int_equal(fray_sim_run_text(duel, "d", &o, r[t], err, sizeof err), FRAY_OK);
    }
    same_result(r[0], r[1]);
    fray_sim_result *pol = sim(duel, 3000, 5, 2);
    /* the random red sometimes Dazes instead of striking, and loses more */
    assert_true(r[0]->wins[1] < pol->wins[1]);
    free(r[0]);
    free(r[1]);
    free(pol);
}

static long peak_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kib) == 1)
            break;
    fclose(f);
    return kib;
}

/* Memory does not grow with the number of fights: the peak resident size
 * after 300,000 fights is within 1 MiB of the peak after 3,000 (the run of
 * 3,000 comes first, so the per-run allocations are already counted). */
static void memory_does_not_grow_with_n(void **state)
{
    (void)state;
    if (peak_kib() < 0)
        skip();
    free(sim(duel, 3000, 11, 2));
    long before = peak_kib();
    fray_sim_result *r = sim(duel, 300000, 11, 2);
    long after = peak_kib();
    assert_int_equal(r->fights, 300000);
    free(r);
    print_message("peak RSS %ld KiB after 3000 fights, %ld KiB after 300000\n", before, after);
    assert_true(after - before < 1024);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(identical_for_any_thread_count),
        cmocka_unit_test(shares_merge_to_the_whole_run),
        cmocka_unit_test(fight_i_is_seed_and_i),
        cmocka_unit_test(agrees_with_exact_odds),
        cmocka_unit_test(stop_before_start),
        cmocka_unit_test(stop_midway_counts_finished_fights),
        cmocka_unit_test(failing_fight_is_reported),
        cmocka_unit_test(unknown_side_is_bad_input),
        cmocka_unit_test(random_controller_is_deterministic),
        cmocka_unit_test(tactics_by_hand),
        cmocka_unit_test(round_limit_counted),
        cmocka_unit_test(memory_does_not_grow_with_n),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
