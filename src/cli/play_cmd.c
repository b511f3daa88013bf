/* play_cmd.c: the commands of `fray play` and its read-eval loop. A
 * command that changes the fight becomes journal entries, committed to the
 * store, then the fight is replayed and the news shown. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <editline/readline.h>

#include "play.h"

static const struct {
    const char *name, *args, *what;
} commands[] = {
    {"do", "[ACTOR] ACTION [> TARGET]", "take a legal action (or give its number alone)"},
    {"pass", "", "do nothing now (end the turn, or let the chance to react go)"},
    {"roll", "", "let fray roll the die it asks for (same as an empty line)"},
    {"undo", "[N]", "take back the last N entries (default 1): rolls, actions, fiat"},
    {"redo", "[N]", "put back what undo took (until a new command is entered)"},
    {"status", "", "the table of every creature"},
    {"list", "", "the question the fight waits on, with its choices"},
    {"log", "[N]", "the narration so far (the last N lines)"},
    {"export", "", "the fight's events as JSON Lines"},
    {"sim", "[N]", "the fight played on N times (default 1000) from now by fray: who wins"},
    {"odds", "CHECK [--param VALUE]...", "exact odds from the ruleset (as fray odds RULESET ...)"},
    {"control", "WHO gm|policy|random", "who decides for a creature or a side from now on"},
    {"set", "WHO RESOURCE VALUE", "GM fiat: set a resource (Aura, HP...), recorded as such"},
    {"condition", "add|remove WHO CONDITION", "GM fiat: give or take a condition"},
    {"add", "NAME SIDE CREATURE [X Y]", "a bundled creature joins the fight at (X, Y) metres"},
    {"remove", "WHO", "a creature leaves the fight (fled, dismissed)"},
    {"help", "[COMMAND]", "this list, or one command"},
    {"quit", "", "leave; the fight stays in the store (resume with --resume)"},
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

/* ---- Names ---- */

static int prefix_ci(const char *s, const char *word, size_t len)
{
    return strlen(s) >= len && !strncasecmp(s, word, len);
}

/* A combatant or a side named `s` (len bytes): 0..n-1 combatants, 100+s sides, -1 none. */
static int who_named(const fray_encounter *e, const char *s, size_t len)
{
    for (int i = 0; i < e->n; i++)
        if (strlen(e->c[i].name) == len && !strncasecmp(e->c[i].name, s, len))
            return i;
    for (int i = 0; i < e->nsides; i++)
        if (strlen(e->side[i]) == len && !strncasecmp(e->side[i], s, len))
            return 100 + i;
    return -1;
}

static int ctl_named(const char *s)
{
    if (!strcasecmp(s, "gm") || !strcasecmp(s, "human"))
        return FRAY_CTL_HUMAN;
    if (!strcasecmp(s, "policy"))
        return FRAY_CTL_POLICY;
    if (!strcasecmp(s, "random"))
        return FRAY_CTL_RANDOM;
    return -1;
}

/* ---- Control and fiat (also applied by the replay) ---- */

void play_apply_control(play_t *p, fray_encounter *e, const char *spec)
{
    (void)p;
    const char *s = spec;
    while (*s) {
        const char *end = strchr(s, ',');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        const char *eq = memchr(s, '=', len);
        if (eq) {
            char ctl[16];
            snprintf(ctl, sizeof ctl, "%.*s", (int)(len - (size_t)(eq - s) - 1), eq + 1);
            int w = who_named(e, s, (size_t)(eq - s)), c = ctl_named(ctl);
            if (c >= 0 && w >= 100) {
                for (int i = 0; i < e->n; i++)
                    if (e->c[i].side == w - 100)
                        e->c[i].controller = c;
            } else if (c >= 0 && w >= 0) {
                e->c[w].controller = c;
            }
        }
        s += len + (end != NULL);
    }
}

int play_control_default(fray_encounter *e, const char *user, char *out, size_t outlen, char *err,
                         size_t errlen)
{
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < e->nsides && k < outlen; i++)
        k += (size_t)snprintf(out + k, outlen - k, "%s%s=%s", i ? "," : "", e->side[i],
                              i ? "policy" : "gm");
    const char *s = user;
    while (*s) {
        const char *end = strchr(s, ',');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        const char *eq = memchr(s, '=', len);
        char ctl[16] = "";
        if (eq)
            snprintf(ctl, sizeof ctl, "%.*s", (int)(len - (size_t)(eq - s) - 1), eq + 1);
        int dice = eq && eq - s == 4 && !strncasecmp(s, "dice", 4) && !strcasecmp(ctl, "all");
        if (!dice && (!eq || who_named(e, s, (size_t)(eq - s)) < 0 || ctl_named(ctl) < 0)) {
            snprintf(err, errlen,
                     "--control %.*s: expected SIDE=gm|policy|random or NAME=gm|policy|random",
                     (int)len, s);
            return -1;
        }
        if (k < outlen)
            k += (size_t)snprintf(out + k, outlen - k, ",%.*s", (int)len, s);
        s += len + (end != NULL);
    }
    if (k >= outlen)
        return snprintf(err, errlen, "--control: too long"), -1;
    return 0;
}

static int resource_named(const fray_encounter *e, const char *s)
{
    for (int k = 0; k < e->rs->nresources; k++)
        if (!strcasecmp(e->rs->resources[k], s))
            return k;
    return -1;
}

static int condition_named(const fray_encounter *e, const char *s)
{
    for (int k = 0; k < e->rs->nconditions; k++)
        if (!strcasecmp(e->rs->conditions[k], s))
            return k;
    return -1;
}

/* Check a fiat body against the fight (and apply it when e is writable):
 * 0, or -1 with the reason in err. */
static int fiat(fray_encounter *e, const char *kind, const char *body, int apply, char *err,
                size_t errlen)
{
    char a[64], b[64], c[64];
    if (!strcmp(kind, "set")) {
        int v;
        if (sscanf(body, "%63s %63s %d", a, b, &v) != 3)
            return snprintf(err, errlen, "usage: set WHO RESOURCE VALUE"), -1;
        int w = who_named(e, a, strlen(a)), r = resource_named(e, b);
        if (w < 0 || w >= 100)
            return snprintf(err, errlen, "no creature named '%s'", a), -1;
        if (r < 0)
            return snprintf(err, errlen, "%s has no resource '%s'", e->rs->id, b), -1;
        if (apply)
            fray_res_set(e, w, r, v);
        return 0;
    }
    if (sscanf(body, "%63s %63s %63[^\n]", a, b, c) != 3 ||
        (strcasecmp(a, "add") && strcasecmp(a, "remove")))
        return snprintf(err, errlen, "usage: condition add|remove WHO CONDITION"), -1;
    int w = who_named(e, b, strlen(b)), k = condition_named(e, c);
    if (w < 0 || w >= 100)
        return snprintf(err, errlen, "no creature named '%s'", b), -1;
    if (k < 0)
        return snprintf(err, errlen, "%s has no condition '%s'", e->rs->id, c), -1;
    if (apply) {
        if (!strcasecmp(a, "add"))
            fray_cond_add(e, w, k, -1, FRAY_EXP_NEVER, 0);
        else
            fray_cond_remove(e, w, k);
    }
    return 0;
}

/* "NAME SIDE CREATURE [X Y]" as a combatant of an encounter file. */
static int add_json(const char *body, char *out, size_t len, char *err, size_t errlen)
{
    char name[FRAY_NAME], side[FRAY_NAME], use[64];
    double x = 0, y = 0;
    int n = sscanf(body, "%31s %31s %63s %lf %lf", name, side, use, &x, &y);
    if (n != 3 && n != 5)
        return snprintf(err, errlen, "usage: add NAME SIDE CREATURE [X Y]"), -1;
    for (const char *c = use; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
            return snprintf(err, errlen, "'%s' is not a creature name", use), -1;
    for (const char *c = name; *c; c++)
        if (*c == '"' || *c == '\\')
            return snprintf(err, errlen, "a name without quotes, please"), -1;
    snprintf(out, len, "{\"name\": \"%s\", \"side\": \"%s\", \"use\": \"%s\", \"at\": [%g, %g]}",
             name, side, use, x, y);
    return 0;
}

int play_apply_fiat(fray_encounter *e, const char *kind, const char *body)
{
    char err[256];
    if (!strcmp(kind, "add")) {
        char json[400];
        if (add_json(body, json, sizeof json, err, sizeof err) < 0 ||
            fray_add_combatant(e, json, err, sizeof err) < 0)
            return -1;
        return 0;
    }
    if (!strcmp(kind, "remove")) {
        int w = who_named(e, body, strlen(body));
        return w >= 0 && w < 100 ? fray_remove_combatant(e, w) : -1;
    }
    if (fiat(e, kind, body, 1, err, sizeof err) < 0)
        return -1;
    /* recorded as the GM's, in the log */
    fray_emit(e, &(fray_event){.kind = "fiat", .actor = -1, .target = -1, .detail = body,
                                .rule = "GM fiat"});
    return 0;
}

/* ---- Showing ---- */

static void show(play_t *p)
{
    if (p->textlen < p->shown) {
        /* undone: show where the fight stands again, from its last lines */
        size_t at = p->textlen;
        for (int lines = 0; at > 0 && lines < 6; at--)
            if (p->textbuf[at - 1] == '\n' && ++lines == 6)
                break;
        printf("(back to:)\n%.*s", (int)(p->textlen - at), p->textbuf + at);
    } else if (p->textlen > p->shown) {
        fwrite(p->textbuf + p->shown, 1, p->textlen - p->shown, stdout);
    }
    p->shown = p->textlen;
    if (p->status)
        fputs(p->status, stdout);
    play_print_question(p, stdout);
    fflush(stdout);
}

static int commit(play_t *p, const char *kind, const char *body)
{
    fray_jentry j;
    memset(&j, 0, sizeof j);
    snprintf(j.kind, sizeof j.kind, "%s", kind);
    snprintf(j.body, sizeof j.body, "%s", body);
    char err[256];
    if (fray_store_append(p->st, p->row.id, &j, 1, err, sizeof err) < 0) {
        printf("refused: %s\n", err);
        return -1;
    }
    return 0;
}

static int replay(play_t *p)
{
    if (play_rebuild(p) < 0) {
        fprintf(stderr, "fray play: %s\n", p->err);
        return -1;
    }
    show(p);
    return 0;
}

/* ---- Commands ---- */

/* The legal action the words name: "[ACTOR] ACTION [> TARGET]", or a number. */
static int pick_action(play_t *p, const char *words, char *why, size_t whylen)
{
    const play_question *q = &p->q;
    const fray_encounter *e = p->e;
    char *end;
    long num = strtol(words, &end, 10);
    if (end != words && !*end) {
        if (num < 0 || num > q->n)
            return snprintf(why, whylen, "choose 1 to %d, or 0 to pass", q->n), -2;
        return (int)num - 1;
    }
    const char *s = words;
    size_t nlen = strlen(e->c[q->who].name);
    if (prefix_ci(s, e->c[q->who].name, nlen) && (s[nlen] == ' ' || !s[nlen]))
        s += nlen;
    else
        for (int i = 0; i < e->n; i++) {
            size_t l = strlen(e->c[i].name);
            if (i != q->who && prefix_ci(s, e->c[i].name, l) && s[l] == ' ')
                return snprintf(why, whylen, "%s is asked now, not %s", e->c[q->who].name,
                                e->c[i].name), -2;
        }
    while (*s == ' ')
        s++;
    int best = -1;
    size_t bestlen = 0;
    for (int i = 0; i < q->n; i++) {
        const char *an = e->rs->actions[q->legal[i].kind].name;
        size_t l = strlen(an);
        if (!prefix_ci(s, an, l) || (s[l] && s[l] != ' ' && s[l] != '>') || l <= bestlen)
            continue;
        const char *t = s + l;
        while (*t == ' ' || *t == '>')
            t++;
        int tgt = q->legal[i].target;
        if (*t && (tgt < 0 || strcasecmp(t, e->c[tgt].name)))
            continue;
        best = i;
        bestlen = l;
    }
    if (best >= 0)
        return best;
    for (int k = 0; k < e->rs->nactions; k++) {
        size_t l = strlen(e->rs->actions[k].name);
        if (prefix_ci(s, e->rs->actions[k].name, l))
            return snprintf(why, whylen,
                            "%s is not legal for %s now (not in the list: type 'list'); it "
                            "costs %s",
                            e->rs->actions[k].name, e->c[q->who].name, e->rs->actions[k].cost),
                   -2;
    }
    return snprintf(why, whylen, "'%s' is neither a command nor an action of %s (type 'help' or 'list')", s, e->rs->id), -2;
}

static int cmd_do(play_t *p, const char *words)
{
    if (p->q.kind != Q_ACTION)
        return printf("refused: the fight does not wait for an action now\n"), 0;
    char why[256];
    int pick = pick_action(p, words, why, sizeof why);
    if (pick < -1)
        return printf("refused: %s\n", why), 0;
    char body[240], d[160] = "pass";
    if (pick >= 0)
        play_describe_action(p->e, &p->q.legal[pick], d, sizeof d);
    snprintf(body, sizeof body, "%d %s: %s", pick, p->e->c[p->q.who].name, d);
    return commit(p, "act", body) < 0 ? 0 : replay(p);
}

static int cmd_dice(play_t *p, const char *words)
{
    if (p->q.kind != Q_DIE)
        return printf("refused: the fight does not wait for a roll now\n"), 0;
    if (!*words || !strcasecmp(words, "roll"))
        return commit(p, "roll", p->q.purpose) < 0 ? 0 : replay(p);
    const char *s = words;
    while (*s) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s)
            return printf("refused: '%s' is not a roll (a number, or Enter to let fray roll)\n", s),
                   0;
        if (p->q.kind != Q_DIE)
            return printf("refused: the rest (%s) is more than the rolls asked for\n", s), 0;
        if (v < 1 || v > p->q.sides)
            return printf("refused: %ld is not on a d%d (%s: 1 to %d)\n", v, p->q.sides,
                          p->q.purpose, p->q.sides),
                   0;
        char body[32];
        snprintf(body, sizeof body, "%ld", v);
        if (commit(p, "die", body) < 0 || replay(p) < 0)
            return -1;
        s = end;
        while (*s == ' ' || *s == ',')
            s++;
    }
    return 0;
}

static int cmd_answer(play_t *p, const char *words)
{
    const fray_question *qu = &p->e->rs->questions[p->q.question];
    char *end;
    long n = strtol(words, &end, 10);
    int pick = -1;
    for (int k = 0; k < qu->noptions; k++)
        if ((end != words && !*end && n == k + 1) || !strcasecmp(words, qu->options[k]))
            pick = k;
    if (pick < 0 || !((p->q.allowed >> pick) & 1u))
        return printf("refused: '%s' is not an answer allowed now (type 'list')\n", words), 0;
    char body[32];
    snprintf(body, sizeof body, "%d", pick);
    return commit(p, "answer", body) < 0 ? 0 : replay(p);
}

static int cmd_log(play_t *p, const char *arg)
{
    int want = *arg ? atoi(arg) : 0;
    size_t at = 0;
    if (want > 0) {
        at = p->textlen;
        for (int lines = 0; at > 0; at--)
            if (p->textbuf[at - 1] == '\n' && ++lines > want)
                break;
    }
    fwrite(p->textbuf + at, 1, p->textlen - at, stdout);
    return 0;
}

static int cmd_sim(play_t *p, const char *arg)
{
    int n = *arg ? atoi(arg) : 1000;
    if (n < 1 || n > 1000000)
        return printf("refused: sim N: N from 1 to 1000000\n"), 0;
    int wins[FRAY_MAX_SIDES + 1];
    double rounds;
    if (play_sim(p, n, wins, &rounds) < 0)
        return printf("sim failed: %s\n", p->err), 0;
    printf("from here, %d fights played on by fray:", n);
    for (int s = 0; s < p->e->nsides; s++)
        printf(" %s %.1f%%", p->e->side[s], 100.0 * wins[s] / n);
    printf(", draws %.1f%%; %.1f rounds on average\n", 100.0 * wins[FRAY_MAX_SIDES] / n, rounds);
    return 0;
}

static int cmd_odds(play_t *p, const char *arg)
{
    const fray_ruleset *rs = p->e->rs;
    if (!rs->odds)
        return printf("refused: %s has no exact odds\n", rs->id), 0;
    char copy[512], *argv[64];
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", arg);
    for (char *t = strtok(copy, " "); t && argc < 63; t = strtok(NULL, " "))
        argv[argc++] = t;
    if (!argc)
        return printf("usage: odds CHECK [--param VALUE]... (see fray odds --help)\n"), 0;
    argv[argc] = NULL;
    json_t *out = NULL;
    char err[256];
    if (rs->odds(argc, argv, &out, err, sizeof err) < 0)
        return printf("refused: %s\n", err), 0;
    char *text = json_dumps(out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    printf("%s\n", text ? text : "");
    free(text);
    json_decref(out);
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
    if (p->q.kind == Q_DIE && (!*s || isdigit((unsigned char)*s)))
        return cmd_dice(p, whole) < 0 ? -1 : 0;
    if (!*s)
        return 0;
    if (!strcasecmp(s, "quit") || !strcasecmp(s, "exit"))
        return 1;
    if (!strcasecmp(s, "help"))
        return cmd_help(arg), 0;
    if (!strcasecmp(s, "status"))
        return fputs(p->status ? p->status : "", stdout), 0;
    if (!strcasecmp(s, "list"))
        return play_print_question(p, stdout), 0;
    if (!strcasecmp(s, "log"))
        return cmd_log(p, arg);
    if (!strcasecmp(s, "export"))
        return fwrite(p->jsonbuf, 1, p->jsonlen, stdout), 0;
    if (!strcasecmp(s, "sim"))
        return cmd_sim(p, arg);
    if (!strcasecmp(s, "odds"))
        return cmd_odds(p, arg);
    if (!strcasecmp(s, "undo") || !strcasecmp(s, "redo")) {
        int n = *arg ? atoi(arg) : 1;
        int done = !strcasecmp(s, "undo") ? fray_store_undo(p->st, p->row.id, n)
                                          : fray_store_redo(p->st, p->row.id, n);
        if (done <= 0)
            return printf("nothing to %s\n", s), 0;
        printf("%s: %d entr%s\n", s, done, done == 1 ? "y" : "ies");
        return replay(p) < 0 ? -1 : 0;
    }
    if (!strcasecmp(s, "roll"))
        return cmd_dice(p, "") < 0 ? -1 : 0;
    if (!strcasecmp(s, "pass"))
        return p->q.kind == Q_ACTION ? (cmd_do(p, "0") < 0 ? -1 : 0)
                                     : (printf("refused: nothing to pass now\n"), 0);
    if (!strcasecmp(s, "do"))
        return cmd_do(p, arg) < 0 ? -1 : 0;
    if (p->q.kind == Q_ACTION && isdigit((unsigned char)*s) && !*arg)
        return cmd_do(p, s) < 0 ? -1 : 0;
    if (p->q.kind == Q_ANSWER && (!*arg))
        return cmd_answer(p, s) < 0 ? -1 : 0;
    if (!strcasecmp(s, "control")) {
        char who[64], ctl[16];
        if (sscanf(arg, "%63s %15s", who, ctl) != 2 || ctl_named(ctl) < 0 ||
            who_named(p->e, who, strlen(who)) < 0)
            return printf("refused: usage: control WHO gm|policy|random (WHO a creature or a "
                          "side)\n"),
                   0;
        char body[96];
        snprintf(body, sizeof body, "%s=%s", who, ctl);
        return commit(p, "control", body) < 0 ? 0 : (replay(p) < 0 ? -1 : 0);
    }
    if (!strcasecmp(s, "add")) {
        /* tried on a copy of the fight first: a bad creature changes nothing */
        char json[400], why[256];
        fray_encounter *trial = NULL;
        if (add_json(arg, json, sizeof json, why, sizeof why) == 0) {
            trial = fray_encounter_load_string(p->encounter, p->row.file, why, sizeof why);
            if (trial && fray_add_combatant(trial, json, why, sizeof why) >= 0)
                why[0] = 0;
        }
        if (trial)
            fray_encounter_free(trial);
        if (why[0])
            return printf("refused: %s\n", why), 0;
        return commit(p, "add", arg) < 0 ? 0 : (replay(p) < 0 ? -1 : 0);
    }
    if (!strcasecmp(s, "remove")) {
        int w = who_named(p->e, arg, strlen(arg));
        if (w < 0 || w >= 100)
            return printf("refused: no creature named '%s'\n", arg), 0;
        return commit(p, "remove", p->e->c[w].name) < 0 ? 0 : (replay(p) < 0 ? -1 : 0);
    }
    if (!strcasecmp(s, "set") || !strcasecmp(s, "condition")) {
        const char *kind = !strcasecmp(s, "set") ? "set" : "cond";
        char why[160];
        if (fiat(p->e, kind, arg, 0, why, sizeof why) < 0)
            return printf("refused: %s\n", why), 0;
        return commit(p, kind, arg) < 0 ? 0 : (replay(p) < 0 ? -1 : 0);
    }
    if (p->q.kind == Q_ACTION)
        return cmd_do(p, whole) < 0 ? -1 : 0;
    printf("refused: unknown command '%s' (type 'help')\n", s);
    return 0;
}

/* ---- Line editing ---- */

static play_t *completing;

static char *complete_word(const char *text, int state)
{
    static int idx;
    static size_t len;
    if (!state) {
        idx = 0;
        len = strlen(text);
    }
    const fray_encounter *e = completing->e;
    while (idx < NCOMMANDS + e->n + e->rs->nactions) {
        int k = idx++;
        const char *w = k < NCOMMANDS       ? commands[k].name
                        : k < NCOMMANDS + e->n ? e->c[k - NCOMMANDS].name
                                               : e->rs->actions[k - NCOMMANDS - e->n].name;
        if (!strncasecmp(w, text, len))
            return strdup(w);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)start;
    (void)end;
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
                 p->q.kind == Q_OVER ? "fray" : p->q.who >= 0 ? p->e->c[p->q.who].name : "fray");
        char *line = readline(prompt);
        if (line && *line) {
            add_history(line);
            fray_store_history_add(p->st, line);
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
    if (p->tty) {
        completing = p;
        rl_attempted_completion_function = complete;
        fray_store_history(p->st, history_line, NULL);
    }
    printf("fray play: %s (%s), seed %llu, %d entr%s in the journal\n", p->row.name,
           p->row.ruleset, (unsigned long long)p->row.seed, p->row.entries,
           p->row.entries == 1 ? "y" : "ies");
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
    printf("saved: fray play --db FILE --resume '%s'\n", p->row.name);
    return 0;
}

void play_free(play_t *p)
{
    if (p->e)
        fray_encounter_free(p->e);
    if (p->text)
        fclose(p->text);
    if (p->json)
        fclose(p->json);
    free(p->textbuf);
    free(p->jsonbuf);
    free(p->status);
    free(p->j);
    free(p->encounter);
}
