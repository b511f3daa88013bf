/* session_text.c: a stored fight in words: the status table and the
 * question the fight waits on (fray play shows them; colour on a terminal). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* Whether the core keeps resource r (the turn score, a turn counter):
 * the ruleset's res_range is not asked about those. */
static int core_kept(const fray_encounter *e, int r)
{
    const fray_turn_rules *t = e->rs->turns;
    if (!t)
        return 0;
    if (r == t->score_res)
        return 1;
    for (int k = 0; k < t->ncounters; k++)
        if (t->counters[k].res == r)
            return 1;
    return 0;
}

/* The colour of who's damage state: dead red, down magenta; an able
 * creature by its damage track (the resource res_range calls
 * FRAY_SET_TRACK): half or less yellow, a quarter or less red, else green. */
static const char *severity(const fray_encounter *e, int who)
{
    const fray_combatant *c = &e->c[who];
    if (c->gone)
        return "\033[2m";
    if (c->status == FRAY_DEAD)
        return "\033[31m";
    if (c->status == FRAY_DOWN)
        return "\033[35m";
    for (int r = 0; e->rs->res_range && r < e->rs->nresources; r++) {
        int lo, hi;
        char why[200];
        if (core_kept(e, r) || e->rs->res_range(e, who, r, &lo, &hi, why, sizeof why) != FRAY_SET_TRACK ||
            hi <= 0)
            continue;
        return c->res[r] * 4 <= hi ? "\033[31m" : c->res[r] * 2 <= hi ? "\033[33m" : "\033[32m";
    }
    return "\033[32m";
}

/* Centimetres as metres, as `do ACTION X,Y` takes them: "6", "-0.5", "5.78". */
static int metres(char *buf, size_t len, int cm)
{
    const char *sign = cm < 0 ? "-" : "";
    int a = abs(cm);
    if (a % 100 == 0)
        return snprintf(buf, len, "%s%d", sign, a / 100);
    if (a % 10 == 0)
        return snprintf(buf, len, "%s%d.%d", sign, a / 100, a % 100 / 10);
    return snprintf(buf, len, "%s%d.%02d", sign, a / 100, a % 100);
}

void fray_session_where(const fray_action *a, char *buf, size_t len)
{
    int k = metres(buf, len, a->x);
    if (k >= 0 && (size_t)k + 1 < len) {
        buf[k++] = ',';
        metres(buf + k, len - (size_t)k, a->y);
    }
}

/* who's turn allowances (the core's counters) that its describe line does
 * not name already: "Actions 2/3, Reactions 1". */
static void counters(FILE *f, const fray_encounter *e, int who, const char *line)
{
    const fray_turn_rules *t = e->rs->turns;
    for (int k = 0; t && k < t->ncounters; k++) {
        const fray_counter_info *ci = &t->counters[k];
        const char *name = e->rs->resources[ci->res];
        size_t l = strlen(name);
        const char *at = strcasestr(line, name); /* contest's describe says "attacks 2" */
        if (at && (at == line || at[-1] == ' ') && at[l] == ' ')
            continue;
        int size = ci->amount >= 0 ? ci->amount : t->counter_size ? t->counter_size(e, who, ci->res) : 0;
        fprintf(f, "%s %d", name, e->c[who].res[ci->res]);
        if (size > 0)
            fprintf(f, "/%d", size);
        fputs(", ", f);
    }
}

char *fray_session_status(const fray_session *p, fray_encounter *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    const char *bold = p->color ? "\033[1m" : "", *off = p->color ? "\033[0m" : "";
    int cur = e->rs->turns ? fray_turns_current(e) : -1;
    int asked = p->q.kind == Q_ACTION || p->q.kind == Q_ANSWER || p->q.kind == Q_DIE ? p->q.who : -1;
    if (cur < 0 && p->q.kind == Q_ACTION) /* no turns (energy): the creature acting now */
        cur = p->q.window == FRAY_WIN_ACT ? asked : p->q.has_trigger ? p->q.trigger.actor : -1;
    fprintf(f, "%s%s%s (%s) round %d", bold, fray_encounter_name(e), off, e->rs->id, e->round);
    if (cur >= 0)
        fprintf(f, ", %s's %s", e->c[cur].name, e->rs->turns ? "turn" : "action");
    fputc('\n', f);
    /* columns as wide as their longest entry: 80 columns hold a line of
     * energy's, whose describe is the longest */
    int order[FRAY_MAX_COMBATANTS], wname = 4, wside = 3, wctl = 2;
    fray_act_order(e, order);
    for (int i = 0; i < e->n; i++) {
        int l = (int)strlen(e->c[i].name), ls = (int)strlen(e->side[e->c[i].side]),
            lc = (int)strlen(ctl_word[e->c[i].controller & 3]);
        wname = l > wname ? l : wname;
        wside = ls > wside ? ls : wside;
        wctl = lc > wctl ? lc : wctl;
    }
    wname = wname > 14 ? 14 : wname;
    for (int k = 0; k < e->n; k++) {
        int i = order[k];
        const fray_combatant *c = &e->c[i];
        char line[256] = "";
        if (e->rs->describe)
            e->rs->describe(e, i, line, sizeof line);
        /* > the turn (or action) now; ? asked now in another's turn; . its
         * turn this round is over */
        char mark = i == cur ? '>' : i == asked ? '?'
                  : e->rs->turns && fray_turns_started(e, i) && !c->gone ? '.' : ' ';
        fprintf(f, " %c %s%-*s%s %-*s %-*s %s%-4s%s ", mark, bold, wname, c->name, off, wside,
                e->side[c->side], wctl, ctl_word[c->controller & 3], p->color ? severity(e, i) : "",
                status_word[c->gone ? 3 : c->status % 3], off);
        counters(f, e, i, line);
        char x[16], y[16];
        metres(x, sizeof x, c->x);
        metres(y, sizeof y, c->y);
        fprintf(f, "%s @%s,%s\n", line, x, y);
        if (c->cmask) {
            fprintf(f, "   %*s", wname, "");
            conditions(f, e, i);
            fputc('\n', f);
        }
    }
    fclose(f);
    return buf;
}

void fray_session_describe(const fray_encounter *e, const fray_action *a, char *buf, size_t len)
{
    int k = snprintf(buf, len, "%s", e->rs->actions[a->kind].name);
    if (a->target >= 0 && (size_t)k < len)
        k += snprintf(buf + k, len - (size_t)k, " > %s", e->c[a->target].name);
    /* the sign written apart: -96 cm is "-0.96", which x / 100 alone loses */
    if ((a->x || a->y) && (size_t)k < len)
        k += snprintf(buf + k, len - (size_t)k, " to (%s%d.%02d, %s%d.%02d) m", a->x < 0 ? "-" : "",
                      abs(a->x) / 100, abs(a->x) % 100, a->y < 0 ? "-" : "", abs(a->y) / 100,
                      abs(a->y) % 100);
    if (a->arg && (size_t)k < len)
        snprintf(buf + k, len - (size_t)k, " [%d]", a->arg);
}

/* Entry i of the legal list as one choice of its action's group: entries
 * of one action to the same place (a move), or at the same target, differ
 * only in how the rules pay for them, and are one choice (its first
 * entry). */
static int same_choice(const fray_action *a, const fray_action *b)
{
    if (a->kind != b->kind)
        return 0;
    if (a->x || a->y || b->x || b->y)
        return a->x == b->x && a->y == b->y;
    return a->target == b->target;
}

/* One group: the action's name and its choices, each its number and its
 * destination in metres (or its target), as many as width allows; the
 * rest counted ("+3: legal Run"). */
static void print_group(FILE *f, const fray_encounter *e, const fray_question_state *q, int first,
                        int width)
{
    const char *name = e->rs->actions[q->legal[first].kind].name;
    char item[FRAY_MAX_LEGAL][48];
    int n = 0;
    for (int i = first; i < q->n; i++) {
        const fray_action *a = &q->legal[i];
        int dup = a->kind != q->legal[first].kind;
        for (int j = first; j < i && !dup; j++)
            dup = same_choice(&q->legal[j], a);
        if (dup)
            continue;
        /* "5:1,0" (a number, a place; "5 1,0" would read as numbers), "12 Grok" */
        int k = snprintf(item[n], sizeof item[n], "%d", i + 1);
        if (a->x || a->y) {
            item[n][k++] = ':';
            fray_session_where(a, item[n] + k, sizeof item[n] - (size_t)k);
        } else if (a->target >= 0) {
            snprintf(item[n] + k, sizeof item[n] - (size_t)k, " %s", e->c[a->target].name);
        }
        n++;
    }
    /* as many as fit, with room for "  +3: legal Run" when some do not */
    int col = fprintf(f, "  %-10s", name), shown = 0;
    char rest[64];
    for (; shown < n; shown++) {
        int len = (int)strlen(item[shown]) + 1;
        int tail = shown + 1 < n ? snprintf(rest, sizeof rest, "  +%d: legal %s", n - shown - 1, name) : 0;
        if (width > 0 && col + len + tail > width)
            break;
        col += fprintf(f, " %s", item[shown]);
    }
    if (shown < n)
        fprintf(f, "  +%d: legal %s", n - shown, name);
    fputc('\n', f);
}

/* The legal list: whole (expand "all"), one action's entries (expand its
 * name), or grouped by action in lines of at most width columns (0: no
 * limit), the actions with a single plain entry packed on one line. */
static void print_legal(FILE *f, const fray_encounter *e, const fray_question_state *q, int width,
                        const char *expand)
{
    char d[160];
    if (expand) {
        for (int i = 0; i < q->n; i++) {
            if (strcasecmp(expand, "all") && strcasecmp(expand, e->rs->actions[q->legal[i].kind].name))
                continue;
            fray_session_describe(e, &q->legal[i], d, sizeof d);
            fprintf(f, "  %2d  %-40s %s\n", i + 1, d, e->rs->actions[q->legal[i].kind].cost);
        }
        return;
    }
    char plain[512] = "";
    int plen = 0;
    uint64_t seen[4] = {0};
    for (int i = 0; i < q->n; i++) {
        int kind = q->legal[i].kind, many = 0;
        if (kind < 256 && (seen[kind / 64] >> (kind % 64) & 1u))
            continue;
        if (kind < 256)
            seen[kind / 64] |= (uint64_t)1 << (kind % 64);
        for (int j = i + 1; j < q->n && !many; j++)
            many = q->legal[j].kind == kind;
        const fray_action *a = &q->legal[i];
        if (many || a->x || a->y || a->target >= 0) {
            print_group(f, e, q, i, width);
            continue;
        }
        char item[96];
        int n = snprintf(item, sizeof item, "%d %s", i + 1, e->rs->actions[kind].name);
        if (width > 0 && plen && plen + n + 2 > width) {
            fprintf(f, "%s\n", plain);
            plen = 0;
        }
        plen += snprintf(plain + plen, sizeof plain - (size_t)plen, "  %s", item);
    }
    if (plen)
        fprintf(f, "%s\n", plain);
}

void fray_session_print_question(const fray_session *p, FILE *f, int width, const char *expand)
{
    const fray_question_state *q = &p->q;
    const fray_encounter *e = p->e;
    char d[160];
    switch (q->kind) {
    case Q_ACTION:
        if (q->window == FRAY_WIN_ACT) {
            fprintf(f, "%s acts. Legal now (0 pass%s):\n", e->c[q->who].name,
                    expand ? "" : "; legal all: every entry");
        } else {
            /* the action answered, short: a screen's line holds the question */
            const fray_action *t = &q->trigger;
            int k = snprintf(d, sizeof d, "%s", e->rs->actions[t->kind].name);
            if (t->target >= 0)
                k += snprintf(d + k, sizeof d - (size_t)k, " > %s", e->c[t->target].name);
            if (t->x || t->y) {
                k += snprintf(d + k, sizeof d - (size_t)k, " to ");
                fray_session_where(t, d + k, sizeof d - (size_t)k);
            }
            fprintf(f, "%s may react to %s's %s. Legal now (0 pass):\n", e->c[q->who].name,
                    e->c[t->actor].name, d);
        }
        print_legal(f, e, q, width, expand);
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
