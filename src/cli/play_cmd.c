/* play_cmd.c: the commands of `fray play` and its read-eval loop. A
 * command that changes the fight becomes journal entries, committed to the
 * store, then the fight is replayed and the news shown. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <editline/readline.h>

#include "cli.h"
#include "jsonout.h"
#include "play.h"
#include "lookahead.h"
#include "stats.h"

static const struct {
    const char *name, *args, *what;
} commands[] = {
    {"do", "[ACTOR] ACTION [> TARGET] [X,Y]", "take a legal action (or give its number alone); X,Y: the one to that place, in metres as the list shows it"},
    {"pass", "", "do nothing now (end the turn, or let the chance to react go)"},
    {"roll", "", "let fray roll the die it asks for (same as an empty line)"},
    {"undo", "[N]", "take back the last N entries (default 1): rolls, actions, fiat"},
    {"redo", "[N]", "put back what undo took (until a new command is entered)"},
    {"status", "", "the table of every creature"},
    {"list", "", "the question the fight waits on, with its choices grouped by action"},
    {"legal", "[all|ACTION]", "every legal entry, or one action's, each with its number"},
    {"log", "[N]", "the narration so far (the last N lines)"},
    {"export", "", "the fight's events as JSON Lines"},
    {"sim", "[N]", "the fight played on N times (default 1000) from now by fray: who wins"},
    {"hint", "[TRIES]", "at a creature's own turn: its best three actions now by fray's look-ahead, each played on TRIES times (default 200) by the policies: win chance and damage dealt and taken"},
    {"odds", "[--json] ACTION [> TARGET] | CHECK ...", "exact odds of an action legal now, from the present state, as a table (--json: as JSON); or of a check, as fray odds RULESET CHECK ..."},
    {"control", "WHO gm|policy|random|lookahead", "who decides for a creature or a side from now on (lookahead: the policy looking ahead at each of its choices)"},
    {"damage", "WHO AMOUNT", "GM fiat: damage as the ruleset takes it (Aura, wounds...)"},
    {"heal", "WHO AMOUNT", "GM fiat: healing as the ruleset gives it"},
    {"set", "WHO RESOURCE VALUE", "GM fiat: set a resource (Aura, HP...), recorded as such"},
    {"condition", "add|remove WHO CONDITION", "GM fiat: give or take a condition"},
    {"add", "NAME SIDE CREATURE [X Y]", "a bundled creature joins the fight at (X, Y) metres"},
    {"remove", "WHO", "a creature leaves the fight (fled, dismissed)"},
    {"reveal", "WHO", "a hidden creature (\"hidden\": true) shows on the players' page from now on"},
    {"note", "TEXT", "a GM's note in the journal, at this point of the fight (never on the players' page)"},
    {"help", "[COMMAND]", "this list, or one command"},
    {"quit", "", "leave; the fight stays in the store (resume with --resume)"},
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

/* ---- Showing ---- */

/* text, each line cut at width columns (0: whole); colour codes take none,
 * and a cut line ends them. */
static void put_clipped(const char *text, int width)
{
    for (const char *s = text; *s;) {
        int col = 0, esc = 0;
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        const char *cut = s + len;
        for (const char *c = s; width > 0 && c < s + len; c++) {
            if (*c == '\033') {
                esc = 1;
                while (c < s + len && *c != 'm')
                    c++;
                continue;
            }
            if (((unsigned char)*c & 0xC0) != 0x80 && ++col > width) {
                cut = c;
                break;
            }
        }
        fwrite(s, 1, (size_t)(cut - s), stdout);
        fputs(cut < s + len && esc ? "\033[0m\n" : "\n", stdout);
        s += len + (nl != NULL);
    }
}

static void show(play_t *p)
{
    struct winsize ws;
    if (p->tty)
        p->width = ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
    if (p->s.textlen < p->shown) {
        /* undone: show where the fight stands again, from its last lines */
        size_t at = p->s.textlen;
        for (int lines = 0; at > 0 && lines < 6; at--)
            if (p->s.textbuf[at - 1] == '\n' && ++lines == 6)
                break;
        printf("(back to:)\n%.*s", (int)(p->s.textlen - at), p->s.textbuf + at);
    } else if (p->s.textlen > p->shown) {
        fwrite(p->s.textbuf + p->shown, 1, p->s.textlen - p->shown, stdout);
    }
    p->shown = p->s.textlen;
    if (p->s.status)
        put_clipped(p->s.status, p->width);
    fray_session_print_question(&p->s, stdout, p->width ? p->width : 80, NULL);
    fflush(stdout);
}

static int replay(play_t *p)
{
    if (fray_session_rebuild(&p->s) < 0) {
        fprintf(stderr, "fray play: %s\n", p->s.err);
        return -1;
    }
    show(p);
    return 0;
}

/* A session command's result at the prompt: a refusal is printed and the
 * loop goes on; a fault ends it. 0 or -1. */
static int done(play_t *p, int rc, const char *why)
{
    if (rc == FRAY_CMD_REFUSED)
        return printf("refused: %s\n", why), 0;
    if (rc == FRAY_CMD_FAULT)
        return fprintf(stderr, "fray play: %s\n", p->s.err), -1;
    show(p);
    return 0;
}

/* ---- Commands (the fight's logic is the session's: session_cmd.c) ---- */

/* Metres as the screen writes them ("-5.78", "6", "0.5") in centimetres:
 * the end of the number, or NULL if s is not one. */
static const char *parse_metres(const char *s, int *cm)
{
    int neg = *s == '-', m = 0, frac = 0, digits = 0;
    s += neg;
    if (!isdigit((unsigned char)*s))
        return NULL;
    while (isdigit((unsigned char)*s) && m < 100000)
        m = m * 10 + (*s++ - '0');
    if (*s == '.')
        for (s++; isdigit((unsigned char)*s) && digits < 2; digits++)
            frac = frac * 10 + (*s++ - '0');
    if (digits == 1)
        frac *= 10;
    *cm = (neg ? -1 : 1) * (m * 100 + frac);
    return s;
}

/* "[ACTOR] ACTION [> TARGET] [to] X,Y": the legal entry of that action to
 * that place, the first when several go there (the grouped line's
 * number); its index, -1 when the words end in no place, -2 refused. */
static int pick_place(play_t *p, const char *words, char *why, size_t whylen)
{
    const char *sp = strrchr(words, ' '), *place = sp ? sp + 1 : NULL, *end;
    int x, y;
    if (!place || !(end = parse_metres(place, &x)) || *end != ',' ||
        !(end = parse_metres(end + 1, &y)) || *end)
        return -1;
    char head[256];
    int len = (int)(sp - words);
    while (len > 0 && words[len - 1] == ' ')
        len--;
    if (len >= 3 && !strncasecmp(words + len - 3, " to", 3))
        len -= 3;
    snprintf(head, sizeof head, "%.*s", len, words);
    int first = fray_session_pick(&p->s, head, why, whylen);
    if (first < 0)
        return first == -1 ? (snprintf(why, whylen, "pass goes nowhere"), -2) : -2;
    const fray_question_state *q = &p->s.q;
    const fray_action *f = &q->legal[first];
    int with_target = strchr(head, '>') != NULL;
    for (int i = 0; i < q->n; i++)
        if (q->legal[i].kind == f->kind && q->legal[i].x == x && q->legal[i].y == y &&
            (!with_target || q->legal[i].target == f->target))
            return i;
    return snprintf(why, whylen, "no legal %s goes to %s now (legal %s: where it can)", head, place,
                    p->s.e->rs->actions[f->kind].name), -2;
}

static int cmd_do(play_t *p, const char *words)
{
    char why[512];
    int i = p->s.q.kind == Q_ACTION ? pick_place(p, words, why, sizeof why) : -1;
    if (i == -2)
        return printf("refused: %s\n", why), 0;
    if (i >= 0)
        return done(p, fray_session_do_index(&p->s, i, why, sizeof why), why);
    return done(p, fray_session_do(&p->s, words, why, sizeof why), why);
}

static int cmd_dice(play_t *p, const char *words)
{
    char why[512];
    if (p->s.q.kind != Q_DIE)
        return printf("refused: the fight does not wait for a roll now\n"), 0;
    if (!*words || !strcasecmp(words, "roll"))
        return done(p, fray_session_roll(&p->s, why, sizeof why), why);
    /* several numbers: one roll each, in turn; all taken or none */
    long v[64];
    int n = 0;
    for (const char *s = words; *s;) {
        char *end;
        v[n] = strtol(s, &end, 10);
        if (end == s)
            return printf("refused: '%s' is not a roll (a number, or Enter to let fray roll)\n", s),
                   0;
        if (++n == 64)
            return printf("refused: more than 63 rolls on one line\n"), 0;
        s = end;
        while (*s == ' ' || *s == ',')
            s++;
    }
    return done(p, fray_session_dice(&p->s, v, n, why, sizeof why), why);
}

static int cmd_answer(play_t *p, const char *words)
{
    char why[512];
    return done(p, fray_session_answer(&p->s, words, why, sizeof why), why);
}

static int cmd_log(play_t *p, const char *arg)
{
    int want = *arg ? atoi(arg) : 0;
    size_t at = 0;
    if (want > 0) {
        at = p->s.textlen;
        for (int lines = 0; at > 0; at--)
            if (p->s.textbuf[at - 1] == '\n' && ++lines > want)
                break;
    }
    fwrite(p->s.textbuf + at, 1, p->s.textlen - at, stdout);
    return 0;
}

static int cmd_sim(play_t *p, const char *arg)
{
    int n = *arg ? atoi(arg) : 1000;
    if (n < 1 || n > 1000000)
        return printf("refused: sim N: N from 1 to 1000000\n"), 0;
    int wins[FRAY_MAX_SIDES + 1];
    double rounds;
    if (fray_session_sim(&p->s, n, wins, &rounds) < 0)
        return printf("sim failed: %s\n", p->s.err), 0;
    printf("from here, %d fights played on by fray:", n);
    for (int s = 0; s < p->s.e->nsides; s++)
        printf(" %s %.1f%%", p->s.e->side[s], 100.0 * wins[s] / n);
    printf(", draws %.1f%%; %.1f rounds on average\n", 100.0 * wins[FRAY_MAX_SIDES] / n, rounds);
    return 0;
}

/* hint [TRIES]: the look-ahead's ranking at an own-turn question: the
 * best three of its candidates (the policy's choice among them, marked),
 * with the win chance of the creature's side and its 95% interval (the
 * interval of a sim of that many fights), the damage its side deals and
 * takes, on average. */
static int cmd_hint(play_t *p, const char *arg)
{
    int tries = *arg ? atoi(arg) : 200;
    if (tries < 1 || tries > FRAY_LA_MAX_TRIES)
        return printf("refused: hint TRIES: TRIES from 1 to %d\n", FRAY_LA_MAX_TRIES), 0;
    fray_la_cand c[8];
    int nc = fray_session_hint(&p->s, 8, tries, c, 8);
    if (nc < 0)
        return printf("refused: %s\n", p->s.err), 0;
    const fray_question_state *q = &p->s.q;
    printf("hint for %s: the best %d of %d candidates, each played on %d times by fray (* the policy's choice)\n",
           p->s.e->c[q->who].name, nc < 3 ? nc : 3, nc, tries);
    for (int k = 0; k < nc && k < 3; k++) {
        char d[120];
        if (c[k].pick >= 0)
            fray_session_describe(p->s.e, &q->legal[c[k].pick], d, sizeof d);
        else
            snprintf(d, sizeof d, "pass");
        double lo, hi;
        fray_wilson95((uint64_t)c[k].wins, (uint64_t)c[k].tries, &lo, &hi);
        char num[16] = "";
        if (c[k].pick >= 0)
            snprintf(num, sizeof num, "%d", c[k].pick + 1);
        printf("  %c %-3s %-36s win %5.1f%% [%4.1f-%4.1f]  dealt %.1f  taken %.1f\n",
               c[k].policy ? '*' : ' ', num, d, 100.0 * c[k].wins / c[k].tries, 100 * lo, 100 * hi,
               (double)c[k].dealt / c[k].tries, (double)c[k].taken / c[k].tries);
    }
    return 0;
}

/* odds ACTION [TARGET]: the exact odds of an action legal now, from the
 * state (the ruleset's action_odds); odds CHECK --param...: as fray odds. */
static int cmd_odds(play_t *p, const char *arg)
{
    int json = !strncmp(arg, "--json", 6) && (!arg[6] || arg[6] == ' ');
    if (json)
        for (arg += 6; *arg == ' ';)
            arg++;
    if (!*arg)
        return printf("usage: odds [--json] ACTION [TARGET] (an action legal now) or odds [--json] "
                      "CHECK [--param VALUE]... (see fray odds --help)\n"), 0;
    json_t *out = NULL;
    char why[512];
    if (fray_session_odds(&p->s, arg, &out, why, sizeof why) != FRAY_CMD_OK) {
        json_decref(out);
        return printf("refused: %s\n", why), 0;
    }
    if (json) {
        char *text = fray_json_dumps(out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        printf("%s\n", text ? text : "");
        free(text);
    } else {
        const char *act = json_string_value(json_object_get(out, "action"));
        const char *chk = json_string_value(json_object_get(out, "check"));
        printf("odds of %s (%s's %s check):\n", act ? act : chk ? chk : arg,
               json_string_value(json_object_get(out, "ruleset")), chk ? chk : "");
        json_object_del(out, "action");
        cli_odds_render(out, 1);
    }
    json_decref(out);
    return 0;
}

/* legal [all|ACTION]: the whole legal list, or one action's entries, each
 * with its number (the screen groups them). */
static int cmd_legal(play_t *p, const char *arg)
{
    if (p->s.q.kind != Q_ACTION)
        return printf("refused: the fight does not wait for an action now\n"), 0;
    const fray_encounter *e = p->s.e;
    int any = !*arg || !strcasecmp(arg, "all");
    for (int i = 0; i < p->s.q.n && !any; i++)
        any = !strcasecmp(arg, e->rs->actions[p->s.q.legal[i].kind].name);
    if (!any)
        return printf("refused: '%s' is not legal now (legal all: the whole list)\n", arg), 0;
    fray_session_print_question(&p->s, stdout, 0, *arg ? arg : "all");
    return 0;
}

static void cmd_help(const char *arg)
{
    for (int k = 0; k < NCOMMANDS; k++)
        if (!*arg || !strcasecmp(arg, commands[k].name))
            printf("  %-9s %-26s %s\n", commands[k].name, commands[k].args, commands[k].what);
    if (!*arg)
        printf("At an action prompt a number alone picks from the list; at a roll prompt a\n"
               "number (or several, one per die) enters the roll, Enter lets fray roll.\n");
}

/* 1 to quit, 0 to go on, -1 on a fault (the store). */
static int handle(play_t *p, char *line)
{
    char *s = line;
    while (isspace((unsigned char)*s))
        s++;
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1]))
        s[--len] = 0;
    char whole[512];
    snprintf(whole, sizeof whole, "%s", s);
    char *arg = s + strcspn(s, " ");
    if (*arg)
        *arg++ = 0;
    while (*arg == ' ')
        arg++;
    if (p->s.q.kind == Q_DIE && (!*s || isdigit((unsigned char)*s)))
        return cmd_dice(p, whole) < 0 ? -1 : 0;
    if (!*s)
        return 0;
    if (!strcasecmp(s, "quit") || !strcasecmp(s, "exit"))
        return 1;
    if (!strcasecmp(s, "help"))
        return cmd_help(arg), 0;
    if (!strcasecmp(s, "status"))
        return fputs(p->s.status ? p->s.status : "", stdout), 0;
    if (!strcasecmp(s, "list"))
        return fray_session_print_question(&p->s, stdout, p->width ? p->width : 80, NULL), 0;
    if (!strcasecmp(s, "legal"))
        return cmd_legal(p, arg);
    if (!strcasecmp(s, "log"))
        return cmd_log(p, arg);
    if (!strcasecmp(s, "export"))
        return fwrite(p->s.jsonbuf, 1, p->s.jsonlen, stdout), 0;
    if (!strcasecmp(s, "sim"))
        return cmd_sim(p, arg);
    if (!strcasecmp(s, "odds"))
        return cmd_odds(p, arg);
    if (!strcasecmp(s, "hint"))
        return cmd_hint(p, arg);
    if (!strcasecmp(s, "undo") || !strcasecmp(s, "redo")) {
        int n = *arg ? atoi(arg) : 1, count;
        if (fray_session_undo(&p->s, n, !strcasecmp(s, "redo"), &count) < 0)
            return fprintf(stderr, "fray play: %s\n", p->s.err), -1;
        if (count <= 0)
            return printf("nothing to %s\n", s), 0;
        printf("%s: %d entr%s\n", s, count, count == 1 ? "y" : "ies");
        show(p);
        return 0;
    }
    if (!strcasecmp(s, "roll"))
        return cmd_dice(p, "") < 0 ? -1 : 0;
    if (!strcasecmp(s, "pass"))
        return p->s.q.kind == Q_ACTION ? (cmd_do(p, "0") < 0 ? -1 : 0)
                                     : (printf("refused: nothing to pass now\n"), 0);
    if (!strcasecmp(s, "do"))
        return cmd_do(p, arg) < 0 ? -1 : 0;
    if (p->s.q.kind == Q_ACTION && isdigit((unsigned char)*s) && !*arg)
        return cmd_do(p, s) < 0 ? -1 : 0;
    if (p->s.q.kind == Q_ANSWER && (!*arg))
        return cmd_answer(p, s) < 0 ? -1 : 0;
    if (!strcasecmp(s, "control") || !strcasecmp(s, "add") || !strcasecmp(s, "remove") ||
        !strcasecmp(s, "set") || !strcasecmp(s, "condition") || !strcasecmp(s, "damage") ||
        !strcasecmp(s, "heal") || !strcasecmp(s, "reveal") || !strcasecmp(s, "note")) {
        /* the GM's entries: checked against the fight, then journaled */
        char why[512];
        int rc = fray_session_gm(&p->s, s, arg, why, sizeof why);
        if (rc == FRAY_CMD_OK && !strcasecmp(s, "note")) /* no event: the journal's alone */
            printf("  * note: %s\n", arg);
        return done(p, rc, why);
    }
    if (p->s.q.kind == Q_ACTION)
        return cmd_do(p, whole) < 0 ? -1 : 0;
    printf("refused: unknown command '%s' (type 'help')\n", s);
    return 0;
}

/* ---- Line editing ---- */

/* Completion knows where in a command the cursor is: after `do ` the
 * legal actions, after `do Shift ` their targets and places, after `set `
 * the creatures, then their resources. A candidate is a whole phrase
 * (names hold spaces: "Melee Attack", "Sir Aldric"); what is offered is its
 * part from the word under the cursor on. editline's callbacks carry no
 * user data, hence the file's state. */
static play_t *completing;
static struct {
    char w[384][64];
    int n;
    size_t at; /* bytes of the phrase before the word being completed */
} cand;

static void offer(const char *phrase, const char *w)
{
    if (cand.n == (int)(sizeof cand.w / sizeof cand.w[0]) || strncasecmp(w, phrase, strlen(phrase)))
        return;
    for (int i = 0; i < cand.n; i++)
        if (!strcmp(cand.w[i], w))
            return;
    snprintf(cand.w[cand.n++], sizeof cand.w[0], "%s", w);
}

/* The longest of the n names (name(k)) that s starts with, followed by a
 * space: its index, the rest of s after it in *rest; -1 none. */
static int lead(const char *s, int n, const char *(*name)(const play_t *, int), const char **rest)
{
    int best = -1;
    size_t bl = 0;
    for (int k = 0; k < n; k++) {
        const char *w = name(completing, k);
        size_t l = w ? strlen(w) : 0;
        if (l > bl && !strncasecmp(s, w, l) && s[l] == ' ')
            best = k, bl = l;
    }
    if (best >= 0)
        for (*rest = s + bl; **rest == ' ';)
            (*rest)++;
    return best;
}

static const char *creature_name(const play_t *p, int k) { return p->s.e->c[k].name; }
static const char *legal_name(const play_t *p, int k)
{
    return p->s.e->rs->actions[p->s.q.legal[k].kind].name;
}

static void offer_creatures(const char *phrase)
{
    for (int i = 0; i < completing->s.e->n; i++)
        offer(phrase, completing->s.e->c[i].name);
}

/* After `do ` (or `odds `, `legal `): an action legal now, then its
 * targets and places. The phrase they complete. */
static const char *offer_action(const char *r)
{
    const play_t *p = completing;
    const fray_question_state *q = &p->s.q;
    if (q->kind != Q_ACTION)
        return r;
    const char *rest, *who = p->s.e->c[q->who].name;
    if (!strncasecmp(r, who, strlen(who)) && r[strlen(who)] == ' ')
        for (r += strlen(who); *r == ' ';)
            r++;
    int k = lead(r, q->n, legal_name, &rest);
    if (k < 0) {
        for (int i = 0; i < q->n; i++)
            offer(r, legal_name(p, i));
        return r;
    }
    int kind = q->legal[k].kind;
    const char *phrase = *rest == '>' ? rest + 1 + strspn(rest + 1, " ") : rest;
    for (int i = 0; i < q->n; i++) {
        const fray_action *a = &q->legal[i];
        char where[48];
        if (a->kind != kind)
            continue;
        if (a->target >= 0)
            offer(phrase, p->s.e->c[a->target].name);
        if ((a->x || a->y) && phrase == rest) {
            fray_session_where(a, where, sizeof where);
            offer(phrase, where);
        }
    }
    return phrase;
}

static void candidates(const char *line, size_t start, const char *text)
{
    const play_t *p = completing;
    const fray_encounter *e = p->s.e;
    char typed[512];
    snprintf(typed, sizeof typed, "%.*s%s", (int)start, line, text);
    const char *s = typed + strspn(typed, " ");
    size_t cl = strcspn(s, " ");
    const char *r = s + cl, *rest;
    cand.n = 0;
    if (!*r) { /* the command itself, or an action named alone */
        for (int k = 0; k < NCOMMANDS; k++)
            offer(s, commands[k].name);
        offer_action(s);
        cand.at = strlen(s) - strlen(text);
        return;
    }
    r += strspn(r, " ");
    char cmd[16];
    snprintf(cmd, sizeof cmd, "%.*s", (int)(cl < 15 ? cl : 15), s);
    const char *phrase = r;
    int who;
    if (!strcasecmp(cmd, "do") || !strcasecmp(cmd, "odds")) {
        phrase = offer_action(r);
    } else if (!strcasecmp(cmd, "legal")) {
        offer(r, "all");
        offer_action(r);
    } else if (!strcasecmp(cmd, "help")) {
        for (int k = 0; k < NCOMMANDS; k++)
            offer(r, commands[k].name);
    } else if (!strcasecmp(cmd, "set")) {
        if (lead(r, e->n, creature_name, &rest) >= 0)
            for (int k = 0; k < e->rs->nresources; k++)
                offer(phrase = rest, e->rs->resources[k]);
        else
            offer_creatures(r);
    } else if (!strcasecmp(cmd, "damage") || !strcasecmp(cmd, "heal") || !strcasecmp(cmd, "remove") ||
               !strcasecmp(cmd, "reveal")) {
        if (lead(r, e->n, creature_name, &rest) < 0)
            offer_creatures(r);
    } else if (!strcasecmp(cmd, "control")) {
        if (lead(r, e->n, creature_name, &rest) >= 0) {
            static const char *const ctl[] = {"gm", "policy", "random"};
            for (int k = 0; k < 3; k++)
                offer(phrase = rest, ctl[k]);
        } else {
            offer_creatures(r);
            for (int k = 0; k < e->nsides; k++)
                offer(r, e->side[k]);
        }
    } else if (!strcasecmp(cmd, "condition")) {
        size_t wl = strcspn(r, " ");
        if (!r[wl]) {
            offer(r, "add");
            offer(r, "remove");
        } else if ((who = lead(r + wl + strspn(r + wl, " "), e->n, creature_name, &rest)) >= 0) {
            for (int k = 0; k < e->rs->nconditions; k++)
                offer(phrase = rest, e->rs->conditions[k]);
        } else {
            offer_creatures(phrase = r + wl + strspn(r + wl, " "));
        }
    }
    cand.at = strlen(phrase) - strlen(text);
}

static char *complete_word(const char *text, int state)
{
    static int idx;
    (void)text;
    if (!state)
        idx = 0;
    while (idx < cand.n) {
        const char *w = cand.w[idx++];
        if (strlen(w) >= cand.at)
            return strdup(w + cand.at);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)end;
    candidates(rl_line_buffer, (size_t)start, text);
    rl_attempted_completion_over = 1; /* no file names when nothing fits */
    return rl_completion_matches(text, complete_word);
}

static void history_line(void *ud, const char *line)
{
    (void)ud;
    add_history(line);
}

static char *read_command(play_t *p)
{
    if (p->tty) {
        char prompt[96];
        snprintf(prompt, sizeof prompt, "%s> ",
                 p->s.q.kind == Q_OVER ? "fray" : p->s.q.who >= 0 ? p->s.e->c[p->s.q.who].name : "fray");
        char *line = readline(prompt);
        if (line && *line) {
            add_history(line);
            fray_store_history_add(p->s.st, line);
        }
        return line;
    }
    char *line = NULL;
    size_t cap = 0;
    if (getline(&line, &cap, stdin) < 0) {
        free(line);
        return NULL;
    }
    line[strcspn(line, "\n")] = 0;
    return line;
}

int play_loop(play_t *p)
{
    p->tty = isatty(0) && isatty(1);
    const char *no_color = getenv("NO_COLOR"); /* no-color.org: set and not empty */
    p->s.color = p->tty && !(no_color && *no_color);
    if (p->tty) {
        completing = p;
        rl_attempted_completion_function = complete;
        fray_store_history(p->s.st, history_line, NULL);
    }
    printf("fray play: %s (%s), seed %llu, %d entr%s in the journal\n", p->s.row.name,
           p->s.row.ruleset, (unsigned long long)p->s.row.seed, p->s.row.entries,
           p->s.row.entries == 1 ? "y" : "ies");
    if (replay(p) < 0)
        return 1;
    for (;;) {
        char *line = read_command(p);
        if (!line)
            break;
        int rc = handle(p, line);
        free(line);
        if (rc < 0)
            return 1;
        if (rc > 0)
            break;
    }
    printf("saved: fray play --db FILE --resume '%s'\n", p->s.row.name);
    return 0;
}
