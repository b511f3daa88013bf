/* session_text.c: a stored fight in words: the status table and the
 * question the fight waits on (fray play shows them; colour on a terminal). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

static const char *const ctl_word[] = {"policy", "random", "script", "gm"};
static const char *const status_word[] = {"able", "down", "dead", "gone"};

static const char *expiry(const fray_cond *k, char *buf, size_t len)
{
    switch (k->expire) {
    case FRAY_EXP_ROUND_END: snprintf(buf, len, "to the end of round %d", k->round); break;
    case FRAY_EXP_ROUND_START: snprintf(buf, len, "to the start of round %d", k->round); break;
    case FRAY_EXP_TURN_END: snprintf(buf, len, "to the end of its turn, round %d", k->round); break;
    case FRAY_EXP_TURN_START: snprintf(buf, len, "to its turn, round %d", k->round); break;
    case FRAY_EXP_SRC_TURN_END:
    case FRAY_EXP_SRC_TURN_START: snprintf(buf, len, "to its giver's turn, round %d", k->round); break;
    case FRAY_EXP_REST: snprintf(buf, len, "to a rest"); break;
    case FRAY_EXP_ON_USE: snprintf(buf, len, "until used"); break;
    default: buf[0] = 0; break;
    }
    return buf;
}

/* The conditions of `who` with what ends them; implied ones are marked so. */
static void conditions(FILE *f, const fray_encounter *e, int who)
{
    const fray_combatant *c = &e->c[who];
    int any = 0;
    for (int k = 0; k < e->rs->nconditions; k++) {
        if (!((c->cmask >> k) & 1u))
            continue;
        const fray_cond *entry = NULL;
        for (int i = 0; i < c->ncond; i++)
            if (c->cond[i].id == k && (!entry || c->cond[i].parent < entry->parent))
                entry = &c->cond[i];
        char end[64] = "";
        if (!entry)
            snprintf(end, sizeof end, "implied");
        else if (entry->parent >= 0)
            snprintf(end, sizeof end, "while %s", e->rs->conditions[entry->parent]);
        else
            expiry(entry, end, sizeof end);
        fprintf(f, "%s%s%s%s%s", any ? ", " : "", e->rs->conditions[k], end[0] ? " (" : "", end,
                end[0] ? ")" : "");
        any = 1;
    }
    if (!any)
        fputs("-", f);
}

char *fray_session_status(const fray_session *p, fray_encounter *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    const char *bold = p->color ? "\033[1m" : "", *dim = p->color ? "\033[2m" : "",
               *off = p->color ? "\033[0m" : "";
    int cur = e->rs->turns ? fray_turns_current(e) : -1;
    fprintf(f, "%s%s%s (%s) round %d", bold, fray_encounter_name(e), off, e->rs->id, e->round);
    if (cur >= 0)
        fprintf(f, ", %s's turn", e->c[cur].name);
    fputc('\n', f);
    for (int i = 0; i < e->n; i++) {
        const fray_combatant *c = &e->c[i];
        char line[256] = "";
        if (e->rs->describe)
            e->rs->describe(e, i, line, sizeof line);
        const char *col = !p->color ? "" : c->status == FRAY_DEAD ? "\033[31m"
                                     : c->status == FRAY_DOWN   ? "\033[33m"
                                                                : "";
        fprintf(f, " %s%c %-14s %-6s %-6s %-5s%s %s\n", col, i == cur ? '>' : ' ', c->name,
                e->side[c->side], ctl_word[c->controller & 3], status_word[c->gone ? 3 : c->status % 3], off,
                line);
        fprintf(f, "   %s", dim);
        conditions(f, e, i);
        fprintf(f, "%s\n", off);
    }
    fclose(f);
    return buf;
}

void fray_session_describe(const fray_encounter *e, const fray_action *a, char *buf, size_t len)
{
    int k = snprintf(buf, len, "%s", e->rs->actions[a->kind].name);
    if (a->target >= 0 && (size_t)k < len)
        k += snprintf(buf + k, len - (size_t)k, " > %s", e->c[a->target].name);
    if ((a->x || a->y) && (size_t)k < len)
        k += snprintf(buf + k, len - (size_t)k, " to (%d.%02d, %d.%02d) m", a->x / 100,
                      abs(a->x % 100), a->y / 100, abs(a->y % 100));
    if (a->arg && (size_t)k < len)
        snprintf(buf + k, len - (size_t)k, " [%d]", a->arg);
}

void fray_session_print_question(const fray_session *p, FILE *f)
{
    const fray_question_state *q = &p->q;
    const fray_encounter *e = p->e;
    char d[160];
    switch (q->kind) {
    case Q_ACTION:
        if (q->window == FRAY_WIN_ACT) {
            fprintf(f, "%s acts. Legal now:\n", e->c[q->who].name);
        } else {
            fray_session_describe(e, &q->trigger, d, sizeof d);
            fprintf(f, "%s may react to %s's %s. Legal now:\n", e->c[q->who].name,
                    e->c[q->trigger.actor].name, d);
        }
        for (int i = 0; i < q->n; i++) {
            fray_session_describe(e, &q->legal[i], d, sizeof d);
            fprintf(f, "  %2d  %-40s %s\n", i + 1, d, e->rs->actions[q->legal[i].kind].cost);
        }
        fprintf(f, "   0  pass\n");
        break;
    case Q_DIE:
    {
        char die[16];
        snprintf(die, sizeof die, "1d%d", q->sides);
        fprintf(f, "%s: %s%s%s%s (enter 1-%d, or Enter to let fray roll)\n",
                q->who >= 0 ? e->c[q->who].name : "Roll", q->purpose,
                strstr(q->purpose, die) ? "" : ", ", strstr(q->purpose, die) ? "" : die,
                q->exploded ? ", exploded: roll again" : "", q->sides);
    }
        break;
    case Q_ANSWER: {
        const fray_question *qu = &e->rs->questions[q->question];
        fprintf(f, "%s chooses %s:", e->c[q->who].name, qu->name);
        for (int k = 0; k < qu->noptions; k++)
            if ((q->allowed >> k) & 1u)
                fprintf(f, "  %d %s", k + 1, qu->options[k]);
        fputc('\n', f);
        break;
    }
    case Q_OVER:
        fprintf(f, "The fight is over: %s.\n",
                fray_winner(e) >= 0 ? fray_side_name(e, fray_winner(e)) : "a draw");
        break;
    default:
        break;
    }
}
