/* session_cmd.c: the commands of a stored fight, shared by `fray play`
 * (words typed at a prompt) and `fray serve` (HTTP requests). Each command
 * checks what it is given against the fight, becomes one journal entry,
 * is committed, and the fight is replayed (session.h). A refusal changes
 * nothing and says why; a fault is the store's or the replay's. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "session.h"

static int prefix_ci(const char *s, const char *word, size_t len)
{
    return strlen(s) >= len && !strncasecmp(s, word, len);
}

/* Commit one entry and replay: a store that refuses the entry is a
 * refusal (nothing changed); a replay that fails is a fault. */
static fray_jentry entry(const char *kind, const char *body)
{
    fray_jentry j;
    memset(&j, 0, sizeof j);
    snprintf(j.kind, sizeof j.kind, "%.11s", kind);
    snprintf(j.body, sizeof j.body, "%.239s", body);
    return j;
}

static int commit(fray_session *p, const char *kind, const char *body, char *why, size_t whylen)
{
    fray_jentry j = entry(kind, body);
    if (fray_store_append(p->st, p->row.id, &j, 1, why, whylen) < 0)
        return FRAY_CMD_REFUSED;
    return fray_session_rebuild(p) < 0 ? FRAY_CMD_FAULT : FRAY_CMD_OK;
}

int fray_session_pick(const fray_session *p, const char *words, char *why, size_t whylen)
{
    const fray_question_state *q = &p->q;
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
        const fray_action_info *ai = &e->rs->actions[k];
        size_t l = strlen(ai->name);
        if (!prefix_ci(s, ai->name, l) || (s[l] && s[l] != ' ' && s[l] != '>'))
            continue;
        const char *t = s + l;
        while (*t == ' ' || *t == '>')
            t++;
        if (*t && fray_session_who(e, t, strlen(t)) < 0) /* a name no creature has */
            return fray_session_unknown(e, t, why, whylen), -2;
        /* the rule that allows it, its cost, and what the creature has */
        char state[200] = "";
        if (e->rs->describe)
            e->rs->describe(e, q->who, state, sizeof state);
        return snprintf(why, whylen, "%s is not legal for %s now. %s%s costs %s; %s has %s (type 'list')",
                        ai->name, e->c[q->who].name, ai->needs ? ai->needs : "",
                        ai->needs ? ". It" : "It", ai->cost, e->c[q->who].name,
                        *state ? state : "nothing to show"),
               -2;
    }
    return snprintf(why, whylen, "'%s' is neither a command nor an action of %s (type 'help' or 'list')", s, e->rs->id), -2;
}

int fray_session_do_index(fray_session *p, int pick, char *why, size_t whylen)
{
    if (p->q.kind != Q_ACTION)
        return snprintf(why, whylen, "the fight does not wait for an action now"), FRAY_CMD_REFUSED;
    if (pick < -1 || pick >= p->q.n)
        return snprintf(why, whylen, "choose 1 to %d, or 0 to pass", p->q.n), FRAY_CMD_REFUSED;
    char body[240], d[160] = "pass";
    if (pick >= 0)
        fray_session_describe(p->e, &p->q.legal[pick], d, sizeof d);
    snprintf(body, sizeof body, "%d %s: %s", pick, p->e->c[p->q.who].name, d);
    return commit(p, "act", body, why, whylen);
}

int fray_session_do(fray_session *p, const char *words, char *why, size_t whylen)
{
    if (p->q.kind != Q_ACTION)
        return snprintf(why, whylen, "the fight does not wait for an action now"), FRAY_CMD_REFUSED;
    int pick = fray_session_pick(p, words, why, whylen);
    if (pick < -1)
        return FRAY_CMD_REFUSED;
    return fray_session_do_index(p, pick, why, whylen);
}

int fray_session_roll(fray_session *p, char *why, size_t whylen)
{
    if (p->q.kind != Q_DIE)
        return snprintf(why, whylen, "the fight does not wait for a roll now"), FRAY_CMD_REFUSED;
    return commit(p, "roll", p->q.purpose, why, whylen);
}

int fray_session_die(fray_session *p, long value, char *why, size_t whylen)
{
    if (p->q.kind != Q_DIE)
        return snprintf(why, whylen, "the fight does not wait for a roll now"), FRAY_CMD_REFUSED;
    if (value < 1 || value > p->q.sides)
        return snprintf(why, whylen, "%ld is not on a d%d (%s: 1 to %d)", value, p->q.sides,
                        p->q.purpose, p->q.sides),
               FRAY_CMD_REFUSED;
    char body[32];
    snprintf(body, sizeof body, "%ld", value);
    return commit(p, "die", body, why, whylen);
}

int fray_session_dice(fray_session *p, const long *values, int n, char *why, size_t whylen)
{
    if (p->q.kind != Q_DIE)
        return snprintf(why, whylen, "the fight does not wait for a roll now"), FRAY_CMD_REFUSED;
    if (n == 1)
        return fray_session_die(p, values[0], why, whylen);
    fray_jentry *j = calloc((size_t)n, sizeof *j);
    if (!j)
        return snprintf(p->err, sizeof p->err, "out of memory"), FRAY_CMD_FAULT;
    /* each roll tried on the fight as the ones before it leave it; the
     * store is written once all are taken, and not at all otherwise */
    int rc = FRAY_CMD_OK;
    for (int k = 0; k < n && rc == FRAY_CMD_OK; k++) {
        if (p->q.kind != Q_DIE)
            rc = (snprintf(why, whylen, "%d rolls given, %d asked for: nothing entered", n, k),
                  FRAY_CMD_REFUSED);
        else if (values[k] < 1 || values[k] > p->q.sides)
            rc = (snprintf(why, whylen, "%ld is not on a d%d (%s: 1 to %d): nothing entered",
                           values[k], p->q.sides, p->q.purpose, p->q.sides),
                  FRAY_CMD_REFUSED);
        else {
            char body[24];
            snprintf(body, sizeof body, "%ld", values[k]);
            j[k] = entry("die", body);
            if (fray_session_rebuild_trial(p, j, k + 1) < 0)
                rc = FRAY_CMD_FAULT;
        }
    }
    if (rc == FRAY_CMD_OK && fray_store_append(p->st, p->row.id, j, n, why, whylen) < 0)
        rc = FRAY_CMD_REFUSED;
    free(j);
    if (fray_session_rebuild(p) < 0) /* the fight as the store has it */
        return FRAY_CMD_FAULT;
    return rc;
}

int fray_session_answer(fray_session *p, const char *words, char *why, size_t whylen)
{
    if (p->q.kind != Q_ANSWER)
        return snprintf(why, whylen, "the fight does not wait for an answer now"), FRAY_CMD_REFUSED;
    const fray_question *qu = &p->e->rs->questions[p->q.question];
    char *end;
    long n = strtol(words, &end, 10);
    int pick = -1;
    for (int k = 0; k < qu->noptions; k++)
        if ((end != words && !*end && n == k + 1) || !strcasecmp(words, qu->options[k]))
            pick = k;
    if (pick < 0 || !((p->q.allowed >> pick) & 1u))
        return snprintf(why, whylen, "'%s' is not an answer allowed now (type 'list')", words),
               FRAY_CMD_REFUSED;
    char body[32];
    snprintf(body, sizeof body, "%d", pick);
    return commit(p, "answer", body, why, whylen);
}

int fray_session_undo(fray_session *p, int n, int redo, int *done)
{
    *done = redo ? fray_store_redo(p->st, p->row.id, n) : fray_store_undo(p->st, p->row.id, n);
    if (*done <= 0)
        return FRAY_CMD_OK;
    return fray_session_rebuild(p) < 0 ? FRAY_CMD_FAULT : FRAY_CMD_OK;
}

int fray_session_gm(fray_session *p, const char *cmd, const char *arg, char *why, size_t whylen)
{
    static const char *const kinds[] = {"control", "add",  "remove", "set",   "condition",
                                        "damage",  "heal", "note",   "reveal"};
    char lower[16] = "";
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (!strcasecmp(cmd, kinds[k]))
            snprintf(lower, sizeof lower, "%s", !strcmp(kinds[k], "condition") ? "cond" : kinds[k]);
    if (!lower[0])
        return snprintf(why, whylen, "unknown command '%s'", cmd), FRAY_CMD_REFUSED;
    /* A roll, an answer or a reaction is asked in the middle of the
     * rules' code (an initiative among the others, a defence or a body
     * part within an attack), which holds the creatures where they are: a
     * creature joining there moved them under it (a heap-use-after-free
     * in injury's attack, found at an answer prompt). One joins where a
     * creature chooses its own action, before anything of it happens. */
    if (!strcmp(lower, "add") && p->q.kind == Q_DIE)
        return snprintf(why, whylen, "a roll is asked now (%s: %s): enter it (or Enter), then add",
                        p->q.who >= 0 ? p->e->c[p->q.who].name : "Roll", p->q.purpose),
               FRAY_CMD_REFUSED;
    if (!strcmp(lower, "add") &&
        (p->q.kind == Q_ANSWER || (p->q.kind == Q_ACTION && p->q.window != FRAY_WIN_ACT)))
        return snprintf(why, whylen, "%s is asked in the middle of an action now: answer, then add "
                        "when a creature chooses its action",
                        p->q.who >= 0 ? p->e->c[p->q.who].name : "a creature"),
               FRAY_CMD_REFUSED;
    char body[240];
    snprintf(body, sizeof body, "%s", arg);
    if (!strcmp(lower, "control")) {
        char who[64], ctl[16];
        if (sscanf(arg, "%63s %15s", who, ctl) == 2)
            snprintf(body, sizeof body, "%s=%s", who, ctl);
    }
    if (fray_session_check_fiat(p, lower, body, why, whylen) < 0)
        return FRAY_CMD_REFUSED;
    if (!strcmp(lower, "set")) {
        /* tried on the fight where it stops now: its turn order, its round */
        fray_jentry j = entry("set", body);
        if (fray_session_rebuild_trial(p, &j, 1) < 0 || p->trial_err[0]) {
            int refused = p->trial_err[0] != 0;
            snprintf(why, whylen, "%s", p->trial_err);
            if (fray_session_rebuild(p) < 0 || !refused)
                return FRAY_CMD_FAULT;
            return FRAY_CMD_REFUSED;
        }
    }
    return commit(p, lower, body, why, whylen);
}

/* Whether the first word of `arg` is one of the ruleset's odds checks. */
static int is_check(const fray_ruleset *rs, const char *arg)
{
    char first[64];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(arg, " "), arg);
    char *probe[2] = {first, NULL};
    json_t *o = NULL;
    char err[256];
    int unknown = rs->odds(1, probe, &o, err, sizeof err) < 0 && strstr(err, "unknown check");
    json_decref(o);
    return !unknown;
}

int fray_session_action_odds(fray_session *p, int pick, json_t **out, char *why, size_t whylen)
{
    const fray_ruleset *rs = p->e->rs;
    if (p->q.kind != Q_ACTION)
        return snprintf(why, whylen, "the odds of an action are asked while a creature may act"),
               FRAY_CMD_REFUSED;
    if (pick == -1)
        return snprintf(why, whylen, "passing has no odds"), FRAY_CMD_REFUSED;
    if (pick < 0 || pick >= p->q.n)
        return snprintf(why, whylen, "choose 1 to %d", p->q.n), FRAY_CMD_REFUSED;
    if (!rs->action_odds)
        return snprintf(why, whylen, "%s has no exact odds of actions", rs->id), FRAY_CMD_REFUSED;
    return rs->action_odds(p->e, &p->q.legal[pick], out, why, whylen) < 0 ? FRAY_CMD_REFUSED
                                                                         : FRAY_CMD_OK;
}

int fray_session_odds(fray_session *p, const char *arg, json_t **out, char *why, size_t whylen)
{
    const fray_ruleset *rs = p->e->rs;
    *out = NULL;
    if (p->q.kind == Q_ACTION && rs->action_odds && arg[0] != '-') {
        char pickwhy[512];
        int pick = fray_session_pick(p, arg, pickwhy, sizeof pickwhy);
        if (pick >= 0)
            return fray_session_action_odds(p, pick, out, why, whylen);
        /* not an action legal now: perhaps a check of the ruleset's */
        if (pick == -1 || !rs->odds)
            return snprintf(why, whylen, "%s", pick == -1 ? "passing has no odds" : pickwhy),
                   FRAY_CMD_REFUSED;
        if (!is_check(rs, arg))
            return snprintf(why, whylen, "%s", pickwhy), FRAY_CMD_REFUSED;
    } else if (rs->odds && !is_check(rs, arg)) {
        return snprintf(why, whylen, "'%s' is not a check of %s; the odds of an action are asked "
                        "while a creature may act", arg, rs->id), FRAY_CMD_REFUSED;
    }
    if (!rs->odds)
        return snprintf(why, whylen, "%s has no exact odds", rs->id), FRAY_CMD_REFUSED;
    char copy[512], *argv[64], *save = NULL;
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", arg);
    for (char *t = strtok_r(copy, " ", &save); t && argc < 63; t = strtok_r(NULL, " ", &save))
        argv[argc++] = t;
    argv[argc] = NULL;
    return rs->odds(argc, argv, out, why, whylen) < 0 ? FRAY_CMD_REFUSED : FRAY_CMD_OK;
}
