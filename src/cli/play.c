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

static void help(FILE *f)
{
    fprintf(f,
            "usage: fray play ENCOUNTER [--db FILE] [--seed N] [--control SIDE=gm|policy|random|lookahead]...\n"
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
        seed = cli_clock_seed();
    char ctl[256];
    int rc = fray_session_control_default(e, control, ctl, sizeof ctl, err, sizeof err);
    if (rc == 0 &&
        fray_store_new_fight(p->s.st, name ? name : fray_encounter_name(e), fray_encounter_ruleset(e),
                             file, text, seed, ctl, &p->s.row, err, sizeof err) < 0)
        rc = -1;
    fray_encounter_free(e);
    if (rc < 0) {
        free(text);
        return fprintf(stderr, "fray play: %s\n", err), 2;
    }
    p->s.encounter = text;
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
    p.s.st = fray_store_open(db, file != NULL && !resume, err, sizeof err);
    if (!p.s.st)
        return fprintf(stderr, "fray play: %s\n", err), 2;
    int rc = 0;
    if (!file && !resume) {
        printf("fights in %s:\n", db);
        int n = fray_store_list(p.s.st, list_row, NULL);
        if (n == 0)
            printf("  (none)\n");
        if (n < 0)
            fprintf(stderr, "fray play: %s: %s\n", db, fray_store_error(p.s.st));
        fray_store_close(p.s.st);
        return n < 0 ? 2 : 0;
    }
    if (resume) {
        /* --resume NAME: the operand is the fight's name */
        if (fray_store_find(p.s.st, file, &p.s.row, &p.s.encounter, err, sizeof err) < 0)
            rc = (fprintf(stderr, "fray play: %s\n", err), 2);
    } else {
        rc = start_new(&p, file, name, have_seed, seed, control);
    }
    if (rc == 0 && fray_store_lock(p.s.st, p.s.row.id, err, sizeof err) < 0)
        rc = (fprintf(stderr, "fray play: %s\n", err), 2);
    if (rc == 0) {
        p.s.enter_all = strstr(p.s.row.control, "dice=all") != NULL;
        rc = play_loop(&p);
        fray_store_release(p.s.st, p.s.row.id);
    }
    fray_session_free(&p.s);
    fray_store_close(p.s.st);
    return rc;
}
