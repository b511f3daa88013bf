/* state.c: a fight as JSON: who is in it with their resources, conditions
 * and damage state (the ruleset's own summary line too), whose turn it
 * is, and the question it waits on with the legal actions and their cost.
 * Read under the fight's mutex; it names what the ruleset names, so a new
 * ruleset needs nothing here.
 *
 * The players' view (a request with the fight's player token) is the same
 * with what the players may not see left out: creatures loaded "hidden"
 * and not yet revealed, everything that names them, the GM's notes, the
 * control string and the status table. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "server.h"

static const char *const ctl_word[] = {"policy", "random", "script", "gm", "lookahead"};
static const char *const status_word[] = {"able", "down", "dead"};
static const char *const kind_word[] = {"none", "action", "die", "answer", "over"};

json_t *srv_row_json(const fray_fight_row *r)
{
    return json_pack("{s:s,s:s,s:s,s:s,s:I,s:s,s:i,s:s}", "id", r->key, "name", r->name,
                     "ruleset", r->ruleset, "file", r->file, "seed", (json_int_t)r->seed,
                     "control", r->control, "entries", r->entries, "created", r->created);
}

static json_t *conditions(const fray_encounter *e, int who)
{
    json_t *a = json_array();
    const fray_combatant *c = &e->c[who];
    for (int k = 0; k < e->rs->nconditions; k++) {
        if (!((c->cmask >> k) & 1u))
            continue;
        const fray_cond *entry = NULL;
        for (int i = 0; i < c->ncond; i++)
            if (c->cond[i].id == k)
                entry = &c->cond[i];
        json_t *o = json_pack("{s:s}", "name", e->rs->conditions[k]);
        if (!entry)
            json_object_set_new(o, "implied", json_true());
        else if (entry->parent >= 0)
            json_object_set_new(o, "while", json_string(e->rs->conditions[entry->parent]));
        json_array_append_new(a, o);
    }
    return a;
}

/* Does s (n bytes) name a hidden creature, as a whole word? */
int srv_names_hidden(const fray_encounter *e, const char *s, size_t n)
{
    for (int i = 0; i < e->n; i++) {
        if (!e->c[i].hidden)
            continue;
        size_t l = strlen(e->c[i].name);
        for (const char *p = s; l && (size_t)(p - s) + l <= n; p++) {
            p = memmem(p, n - (size_t)(p - s), e->c[i].name, l);
            if (!p)
                break;
            int before = p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
            int after = (size_t)(p - s) + l < n && (isalnum((unsigned char)p[l]) || p[l] == '_');
            if (!before && !after)
                return 1;
        }
    }
    return 0;
}

static int hidden_named(const fray_encounter *e, const json_t *name)
{
    const char *s = json_string_value(name);
    return s && srv_names_hidden(e, s, strlen(s));
}

/* The values the GM may set a resource to, where the rules give a range:
 * the page draws those as bars. */
static json_t *ranges(const fray_encounter *e, int i)
{
    json_t *o = json_object();
    for (int r = 0; e->rs->res_range && r < e->rs->nresources; r++) {
        int lo = 0, hi = 0;
        char why[160];
        if (e->rs->res_range(e, i, r, &lo, &hi, why, sizeof why) != FRAY_SET_NO && hi > lo)
            json_object_set_new(o, e->rs->resources[r], json_pack("[i,i]", lo, hi));
    }
    return o;
}

static json_t *creature(const fray_encounter *e, int i, int cur)
{
    const fray_combatant *c = &e->c[i];
    char line[256] = "";
    if (e->rs->describe)
        e->rs->describe(e, i, line, sizeof line);
    json_t *res = json_object();
    for (int r = 0; r < e->rs->nresources; r++)
        json_object_set_new(res, e->rs->resources[r], json_integer(c->res[r]));
    return json_pack("{s:i,s:s,s:s,s:s,s:s,s:b,s:b,s:[f,f],s:o,s:o,s:s,s:b,s:o}", "index", i, "name",
                     c->name, "side", e->side[c->side], "controller",
                     ctl_word[(unsigned)c->controller < 5u ? c->controller : 0],
                     "status", c->gone ? "gone" : status_word[c->status % 3], "gone", c->gone,
                     "current", i == cur, "at", c->x / 100.0, c->y / 100.0, "resources", res,
                     "conditions", conditions(e, i), "summary", line, "hidden", c->hidden,
                     "range", ranges(e, i));
}

static json_t *action(const fray_encounter *e, const fray_action *a, int index)
{
    char d[160];
    fray_session_describe(e, a, d, sizeof d);
    const fray_action_info *ai = &e->rs->actions[a->kind];
    json_t *o = json_pack("{s:i,s:s,s:s,s:s}", "index", index, "action", ai->name, "text", d,
                          "cost", ai->cost);
    json_object_set_new(o, "target", a->target >= 0 ? json_string(e->c[a->target].name)
                                                    : json_null());
    if (a->x || a->y)
        json_object_set_new(o, "to", json_pack("[f,f]", a->x / 100.0, a->y / 100.0));
    return o;
}

json_t *srv_question_json(const fray_session *s)
{
    const fray_question_state *q = &s->q;
    const fray_encounter *e = s->e;
    json_t *o = json_pack("{s:s}", "kind", kind_word[q->kind >= 0 && q->kind <= Q_OVER ? q->kind : 0]);
    if (q->kind == Q_ACTION || q->kind == Q_DIE || q->kind == Q_ANSWER)
        json_object_set_new(o, "who", q->who >= 0 ? json_string(e->c[q->who].name) : json_null());
    if (q->kind == Q_ACTION) {
        json_t *acts = json_array();
        for (int i = 0; i < q->n; i++)
            json_array_append_new(acts, action(e, &q->legal[i], i + 1));
        json_object_set_new(o, "actions", acts);
        json_object_set_new(o, "window", json_string(q->window == FRAY_WIN_ACT ? "act" : "react"));
        if (q->has_trigger) {
            char d[160];
            fray_session_describe(e, &q->trigger, d, sizeof d);
            json_object_set_new(o, "trigger", json_pack("{s:s,s:s}", "actor",
                                                        e->c[q->trigger.actor].name, "text", d));
        }
    } else if (q->kind == Q_DIE) {
        json_object_set_new(o, "purpose", json_string(q->purpose));
        json_object_set_new(o, "sides", json_integer(q->sides));
    } else if (q->kind == Q_ANSWER) {
        const fray_question *qu = &e->rs->questions[q->question];
        json_t *opts = json_array();
        for (int k = 0; k < qu->noptions; k++)
            if ((q->allowed >> k) & 1u)
                json_array_append_new(opts, json_pack("{s:i,s:s}", "number", k + 1, "name",
                                                      qu->options[k]));
        json_object_set_new(o, "question", json_string(qu->name));
        json_object_set_new(o, "options", opts);
    } else if (q->kind == Q_OVER) {
        int w = fray_winner(e);
        json_object_set_new(o, "winner", w >= 0 ? json_string(fray_side_name(e, w)) : json_null());
    }
    return o;
}

/* The question as the players may see it: who is asked and what about,
 * unless that names a hidden creature; never the legal actions' odds. */
void srv_question_for_players(const fray_encounter *e, json_t *q)
{
    if (hidden_named(e, json_object_get(q, "who"))) {
        json_object_set_new(q, "who", json_null());
        json_object_del(q, "actions");
        json_object_del(q, "trigger");
        json_object_del(q, "purpose");
        json_object_del(q, "options");
        return;
    }
    json_t *acts = json_object_get(q, "actions");
    for (size_t i = json_array_size(acts); i-- > 0;)
        if (hidden_named(e, json_object_get(json_array_get(acts, i), "target")) ||
            hidden_named(e, json_object_get(json_array_get(acts, i), "text")))
            json_array_remove(acts, i);
    json_t *trig = json_object_get(q, "trigger");
    if (trig && (hidden_named(e, json_object_get(trig, "actor")) ||
                 hidden_named(e, json_object_get(trig, "text"))))
        json_object_del(q, "trigger");
    if (hidden_named(e, json_object_get(q, "purpose")))
        json_object_set_new(q, "purpose", json_string("a roll"));
}

/* The GM's notes in force, oldest first, with the journal entry of each. */
static json_t *notes(const fray_session *s)
{
    json_t *a = json_array();
    for (int k = 0; k < s->nj; k++)
        if (!strcmp(s->j[k].kind, "note"))
            json_array_append_new(a, json_pack("{s:i,s:s}", "entry", k + 1, "text", s->j[k].body));
    return a;
}

/* Every creature in the order they act this round, as `fray play`'s table
 * shows it (fray_act_order: the initiative order, or energy's scheduler). */
static json_t *turn_order(const fray_encounter *e, int player)
{
    json_t *a = json_array();
    int order[FRAY_MAX_COMBATANTS];
    fray_act_order(e, order);
    for (int k = 0; k < e->n; k++) {
        int i = order[k];
        if (i >= 0 && i < e->n && !(player && e->c[i].hidden))
            json_array_append_new(a, json_string(e->c[i].name));
    }
    return a;
}

json_t *srv_state_json(const fight_t *f, int player)
{
    const fray_session *s = &f->s;
    fray_encounter *e = s->e;
    int cur = e->rs->turns ? fray_turns_current(e) : -1;
    if (s->q.kind == Q_ACTION && s->q.window == FRAY_WIN_ACT)
        cur = s->q.who;
    json_t *cs = json_array(), *sides = json_array(), *res = json_array();
    for (int i = 0; i < e->n; i++) {
        if (!player || !e->c[i].hidden)
            json_array_append_new(cs, creature(e, i, cur));
    }
    for (int i = 0; i < e->nsides; i++) {
        int seen = !player;
        for (int k = 0; k < e->n && !seen; k++)
            seen = e->c[k].side == i && !e->c[k].hidden;
        if (seen)
            json_array_append_new(sides, json_string(e->side[i]));
    }
    for (int r = 0; r < e->rs->nresources; r++)
        json_array_append_new(res, json_string(e->rs->resources[r]));
    fray_fight_row row = s->row;
    row.entries = s->nj;
    json_t *q = srv_question_json(s);
    json_t *o = json_pack("{s:o,s:i,s:I,s:b,s:o,s:o,s:o,s:o,s:b,s:o}", "fight", srv_row_json(&row),
                          "round", e->round, "version", (json_int_t)f->version, "over",
                          s->q.kind == Q_OVER, "sides", sides, "resources", res, "creatures", cs,
                          "question", q, "writable", f->locked, "turn_order",
                          turn_order(e, player));
    if (player) {
        json_t *fo = json_object_get(o, "fight");
        json_object_del(fo, "control");
        json_object_del(fo, "file");
        srv_question_for_players(e, q);
        json_t *c;
        size_t i;
        json_array_foreach(cs, i, c) {
            json_object_del(c, "index");
            json_object_del(c, "controller");
        }
        json_object_set_new(o, "view", json_string("player"));
        return o;
    }
    json_object_set_new(o, "view", json_string("gm"));
    json_object_set_new(o, "status_text", json_string(s->status ? s->status : ""));
    json_object_set_new(o, "redoable", json_integer(fray_store_redoable(s->st, s->row.id)));
    json_object_set_new(o, "notes", notes(s));
    json_object_set_new(o, "player_token", json_string(s->row.player));
    return o;
}
