/* play.c: `fray play`: the game master's live tracker.
 *
 * The fight lives in a SQLite store (src/store): the encounter, the seed,
 * who decides for each side, and the journal of what the GM entered. The
 * state on screen is always the journal replayed through the engine from
 * the start: the engine runs until it needs a person (an action of a `gm`
 * creature, a roll it makes, an answer), and the callbacks that meet that
 * need either take the next journal entry or stop the fight there
 * (FRAY_SUSPEND), keeping a copy of the question and of the status at that
 * moment. A command adds an entry, commits it, and replays; undo and redo
 * flip entries and replay. So a crash loses nothing committed, a resumed
 * fight is the same fight, and the events are those of an uninterrupted
 * run. */
#define _GNU_SOURCE /* open_memstream is POSIX 2008; getline */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <editline/readline.h>

#include "core.h"
#include "cli.h"
#include "play.h"
#include "store/store.h"

static void help(FILE *f)
{
    fprintf(f,
            "usage: fray play ENCOUNTER [--db FILE] [--seed N] [--control SIDE=gm|policy|random]...\n"
            "                 [--enter-all-dice] [--name NAME]\n"
            "       fray play --db FILE                  list the fights in the store\n"
            "       fray play --db FILE --resume [NAME]  go on with a fight where it stopped\n\n"
            "A live fight at the table: the players decide their creatures' actions and\n"
            "roll their own dice, fray runs the rest and resolves every rule. Each command\n"
            "is saved in the store (default fray.db) before its result is shown.\n"
            "  --db FILE            the store (SQLite; made when absent)\n"
            "  --seed N             seed of fray's own dice (default: from the clock)\n"
            "  --control S=C        who decides for side S: gm (you type), policy or random;\n"
            "                       default: the first side gm, the others policy\n"
            "  --enter-all-dice     ask for the rolls of every creature, not only gm ones\n"
            "  --name NAME          the fight's name in the store (default: the encounter's)\n"
            "  --resume [NAME]      continue the named fight, or the newest\n"
            "Type 'help' at the prompt for the commands. With standard input not a\n"
            "terminal, commands are read line by line and the prompt is not shown.\n"
            "Exit: 0 done, 1 runtime failure, 2 bad input (a bad store, a bad encounter).\n");
}

/* ---- Replaying the journal ---- */

static void sink_text(void *ud, const fray_encounter *e, const fray_event *ev)
{
    play_t *p = ud;
    if (!p->suspended)
        fray_sink_text(p->text, e, ev);
}

static void sink_json(void *ud, const fray_encounter *e, const fray_event *ev)
{
    play_t *p = ud;
    if (!p->suspended)
        fray_sink_jsonl(p->json, e, ev);
}

/* Apply the GM's fiat and changes of control waiting at this point. */
static void apply_meta(play_t *p, fray_encounter *e)
{
    while (p->pos < p->nj) {
        const fray_jentry *j = &p->j[p->pos];
        if (!strcmp(j->kind, "control"))
            play_apply_control(p, e, j->body);
        else if (!strcmp(j->kind, "set") || !strcmp(j->kind, "cond") ||
                 !strcmp(j->kind, "add") || !strcmp(j->kind, "remove"))
            play_apply_fiat(e, j->kind, j->body);
        else
            return;
        p->pos++;
    }
}

/* `sim`: the journal is used up, so the fight is at the present; from here
 * fray plays every side, with dice of its own stream for this try. */
static void branch(play_t *p, fray_encounter *e)
{
    p->branched = 1;
    fray_rng_seed(&e->dice.rng, p->row.seed, 0x51ULL << 32 | (uint64_t)(unsigned)p->sim_try);
    fray_rng_seed(&e->policy_rng, p->row.seed ^ 0x5bd1e9955bd1e995ULL,
                  0x51ULL << 32 | (uint64_t)(unsigned)p->sim_try);
    for (int i = 0; i < e->n; i++)
        e->c[i].controller = FRAY_CTL_POLICY;
}

/* The question the fight stops at, with the status at that moment. */
static int suspend(play_t *p, fray_encounter *e, int kind)
{
    p->q.kind = kind;
    p->suspended = 1;
    free(p->status);
    p->status = play_status(p, e);
    return FRAY_SUSPEND;
}

static int journal_mismatch(play_t *p, const char *want)
{
    snprintf(p->err, sizeof p->err, "journal entry %d is '%s %s' where %s was expected", p->pos + 1,
             p->j[p->pos].kind, p->j[p->pos].body, want);
    p->broken = 1;
    return FRAY_SUSPEND;
}

static int cb_choose(void *ud, fray_encounter *e, int who, int window, const fray_action *trigger,
                     const fray_action *legal, int n)
{
    play_t *p = ud;
    if (p->suspended)
        return FRAY_SUSPEND; /* the fight already waits on an earlier question */
    apply_meta(p, e);
    if (e->c[who].controller != FRAY_CTL_HUMAN) /* handed to fray at this prompt */
        return fray_choose(e, who, window, trigger, legal, n);
    if (n == 0)
        return -1; /* nothing legal: no question to ask */
    if (p->pos < p->nj) {
        const fray_jentry *j = &p->j[p->pos];
        int pick;
        if (strcmp(j->kind, "act") || sscanf(j->body, "%d", &pick) != 1 || pick < -1 || pick >= n)
            return journal_mismatch(p, "an action");
        p->pos++;
        return pick;
    }
    if (p->sim_try) {
        branch(p, e);
        return fray_choose(e, who, window, trigger, legal, n);
    }
    p->q.who = who;
    p->q.window = window;
    p->q.has_trigger = trigger != NULL;
    if (trigger)
        p->q.trigger = *trigger;
    p->q.n = n;
    memcpy(p->q.legal, legal, (size_t)n * sizeof *legal);
    return suspend(p, e, Q_ACTION);
}

static int cb_ask(void *ud, fray_encounter *e, int who, int q, uint32_t allowed,
                  const fray_action *ctx)
{
    play_t *p = ud;
    (void)ctx;
    if (p->suspended)
        return FRAY_SUSPEND;
    apply_meta(p, e);
    if (e->c[who].controller != FRAY_CTL_HUMAN)
        return -1;
    if (p->pos < p->nj) {
        const fray_jentry *j = &p->j[p->pos];
        int pick;
        if (strcmp(j->kind, "answer") || sscanf(j->body, "%d", &pick) != 1)
            return journal_mismatch(p, "an answer");
        p->pos++;
        return pick;
    }
    if (p->sim_try) {
        branch(p, e);
        return -1;
    }
    p->q.who = who;
    p->q.question = q;
    p->q.allowed = allowed;
    return suspend(p, e, Q_ANSWER);
}

static int cb_die(void *ud, const char *purpose, int sides, int *value)
{
    play_t *p = ud;
    fray_encounter *e = p->e;
    int who = fray_roller(e);
    if (p->suspended)
        return 0;
    if (p->branched || (!p->enter_all && (who < 0 || e->c[who].controller != FRAY_CTL_HUMAN)))
        return 0; /* a monster's roll: fray rolls it */
    apply_meta(p, e);
    if (p->pos < p->nj) {
        const fray_jentry *j = &p->j[p->pos];
        if (!strcmp(j->kind, "roll")) {
            p->pos++;
            return 0;
        }
        if (strcmp(j->kind, "die") || sscanf(j->body, "%d", value) != 1) {
            journal_mismatch(p, "a roll");
            return -1;
        }
        p->pos++;
        return 1;
    }
    if (p->sim_try) {
        branch(p, e);
        return 0;
    }
    p->q.who = who;
    p->q.purpose = purpose;
    p->q.sides = sides;
    suspend(p, e, Q_DIE);
    return -1;
}

/* Rebuild the fight from the store's journal; sets p->q to the question it
 * waits on (or Q_OVER). 0, or -1 with p->err. */
int play_rebuild(play_t *p)
{
    free(p->j);
    p->j = NULL;
    if (fray_store_journal(p->st, p->row.id, &p->j, &p->nj) < 0) {
        snprintf(p->err, sizeof p->err, "%s", fray_store_error(p->st));
        return -1;
    }
    char err[400];
    fray_encounter *e = fray_encounter_load_string(p->encounter, p->row.file, err, sizeof err);
    if (!e) {
        snprintf(p->err, sizeof p->err, "the stored encounter no longer loads: %s", err);
        return -1;
    }
    if (p->e)
        fray_encounter_free(p->e);
    p->e = e;
    if (p->text)
        fclose(p->text);
    if (p->json)
        fclose(p->json);
    free(p->textbuf);
    free(p->jsonbuf);
    p->textbuf = p->jsonbuf = NULL;
    p->text = open_memstream(&p->textbuf, &p->textlen);
    p->json = open_memstream(&p->jsonbuf, &p->jsonlen);
    if (!p->text || !p->json)
        return snprintf(p->err, sizeof p->err, "out of memory"), -1;
    fray_subscribe(e, sink_text, p);
    fray_subscribe(e, sink_json, p);
    fray_set_seed(e, p->row.seed);
    play_apply_control(p, e, p->row.control);
    e->choose_fn = cb_choose;
    e->ask_fn = cb_ask;
    e->human_ud = p;
    fray_set_dice_entry(e, cb_die, p);
    p->pos = 0;
    p->suspended = p->broken = 0;
    memset(&p->q, 0, sizeof p->q);
    int rc;
    while ((rc = fray_step(e)) > 0)
        ;
    fflush(p->text);
    fflush(p->json);
    if (p->broken)
        return -1;
    if (rc == 0) {
        apply_meta(p, e);
        p->q.kind = Q_OVER;
        free(p->status);
        p->status = play_status(p, e);
        return 0;
    }
    if (fray_error_code(e) != FRAY_ESUSPENDED) {
        snprintf(p->err, sizeof p->err, "%s", fray_error(e));
        return -1;
    }
    if (p->pos < p->nj) {
        snprintf(p->err, sizeof p->err, "journal entry %d (%s %s) was not used", p->pos + 1,
                 p->j[p->pos].kind, p->j[p->pos].body);
        return -1;
    }
    return 0;
}

/* `sim N`: the fight played on N times from the present by fray's policies,
 * each try with dice of its own; the journal is replayed without sinks. */
int play_sim(play_t *p, int n, int wins[FRAY_MAX_SIDES + 1], double *mean_rounds)
{
    long rounds = 0;
    memset(wins, 0, (FRAY_MAX_SIDES + 1) * sizeof *wins);
    for (int i = 0; i < n; i++) {
        char err[400];
        fray_encounter *e = fray_encounter_load_string(p->encounter, p->row.file, err, sizeof err);
        if (!e)
            return snprintf(p->err, sizeof p->err, "%s", err), -1;
        fray_encounter *live = p->e;
        p->e = e;
        fray_set_seed(e, p->row.seed);
        play_apply_control(p, e, p->row.control);
        e->choose_fn = cb_choose;
        e->ask_fn = cb_ask;
        e->human_ud = p;
        fray_set_dice_entry(e, cb_die, p);
        p->pos = 0;
        p->suspended = p->broken = p->branched = 0;
        p->sim_try = i + 1;
        int rc = fray_run(e);
        p->sim_try = 0;
        p->e = live;
        if (rc < 0 || p->broken) {
            char why[sizeof p->err];
            snprintf(why, sizeof why, "%s", p->broken ? p->err : fray_error(e));
            snprintf(p->err, sizeof p->err, "try %d: %.480s", i + 1, why);
            fray_encounter_free(e);
            return -1;
        }
        int w = fray_winner(e);
        wins[w >= 0 ? w : FRAY_MAX_SIDES]++;
        rounds += fray_round(e);
        fray_encounter_free(e);
    }
    *mean_rounds = n ? (double)rounds / n : 0;
    return 0;
}

/* ---- Opening a fight ---- */

static char *read_file(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return snprintf(err, errlen, "%s: cannot open", path), NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    char chunk[4096];
    size_t k;
    while (m && (k = fread(chunk, 1, sizeof chunk, f)) > 0)
        fwrite(chunk, 1, k, m);
    fclose(f);
    if (m)
        fclose(m);
    return buf;
}

static void list_row(void *ud, const fray_fight_row *r)
{
    (void)ud;
    printf("  %-28s %-12s %4d entries  seed %llu  %s  (%s)\n", r->name, r->ruleset, r->entries,
           (unsigned long long)r->seed, r->created, r->file);
}

static int start_new(play_t *p, const char *file, const char *name, int have_seed,
                     unsigned long long seed, const char *control)
{
    char err[512];
    char *text = read_file(file, err, sizeof err);
    if (!text)
        return fprintf(stderr, "fray play: %s\n", err), 2;
    fray_encounter *e = fray_encounter_load_string(text, file, err, sizeof err);
    if (!e) {
        free(text);
        return fprintf(stderr, "fray play: %s\n", err), 2;
    }
    if (!have_seed)
        seed = (unsigned long long)time(NULL);
    char ctl[256];
    int rc = play_control_default(e, control, ctl, sizeof ctl, err, sizeof err);
    if (rc == 0 &&
        fray_store_new_fight(p->st, name ? name : fray_encounter_name(e), fray_encounter_ruleset(e),
                             file, text, seed, ctl, &p->row, err, sizeof err) < 0)
        rc = -1;
    fray_encounter_free(e);
    if (rc < 0) {
        free(text);
        return fprintf(stderr, "fray play: %s\n", err), 2;
    }
    p->encounter = text;
    return 0;
}

int cli_play(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"db", required_argument, 0, 'd'},      {"seed", required_argument, 0, 's'},
        {"control", required_argument, 0, 'c'}, {"policy", required_argument, 0, 'c'},
        {"resume", no_argument, 0, 'r'},        {"name", required_argument, 0, 'n'},
        {"enter-all-dice", no_argument, 0, 'a'}, {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    const char *db = "fray.db", *name = NULL;
    char control[256] = "";
    int resume = 0, have_seed = 0, c;
    unsigned long long seed = 0;
    play_t p;
    memset(&p, 0, sizeof p);
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 's':
            if (cli_parse_u64("play", "--seed", optarg, &seed) < 0)
                return 2;
            have_seed = 1;
            break;
        case 'c':
            if (strlen(control) + strlen(optarg) + 2 > sizeof control)
                return fprintf(stderr, "fray play: too many --control options\n"), 2;
            if (control[0])
                strcat(control, ",");
            strcat(control, optarg);
            break;
        case 'r': resume = 1; break;
        case 'n': name = optarg; break;
        case 'a':
            if (strlen(control) + 10 > sizeof control)
                return fprintf(stderr, "fray play: too many --control options\n"), 2;
            strcat(control, control[0] ? ",dice=all" : "dice=all");
            break;
        case 'h': help(stdout); return 0;
        default: help(stderr); return 2;
        }
    }
    const char *file = optind < argc ? argv[optind] : NULL;
    if (optind + 1 < argc) {
        help(stderr);
        return 2;
    }
    char err[512];
    int exists = access(db, F_OK) == 0;
    if (!file && !exists)
        return fprintf(stderr, "fray play: %s: no such store (give an encounter to start one)\n",
                       db),
               2;
    p.st = fray_store_open(db, file != NULL && !resume, err, sizeof err);
    if (!p.st)
        return fprintf(stderr, "fray play: %s\n", err), 2;
    int rc = 0;
    if (!file && !resume) {
        printf("fights in %s:\n", db);
        if (fray_store_list(p.st, list_row, NULL) == 0)
            printf("  (none)\n");
        fray_store_close(p.st);
        return 0;
    }
    if (resume) {
        /* --resume NAME: the operand is the fight's name */
        if (fray_store_find(p.st, file, &p.row, &p.encounter, err, sizeof err) < 0)
            rc = (fprintf(stderr, "fray play: %s\n", err), 2);
    } else {
        rc = start_new(&p, file, name, have_seed, seed, control);
    }
    if (rc == 0 && fray_store_lock(p.st, p.row.id, err, sizeof err) < 0)
        rc = (fprintf(stderr, "fray play: %s\n", err), 2);
    if (rc == 0) {
        p.enter_all = strstr(p.row.control, "dice=all") != NULL;
        rc = play_loop(&p);
        fray_store_release(p.st, p.row.id);
    }
    play_free(&p);
    fray_store_close(p.st);
    return rc;
}
