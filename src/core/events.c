/* events.c: building events from what the ruleset did since the last one,
 * and the two built-in sinks (narration and JSON Lines). */
#include <stdio.h>
#include <string.h>

#include "jsonout.h"
#include "core.h"

void fray_mod(fray_encounter *e, const char *source, int value)
{
    if (e->nsinks && e->nmods < FRAY_EV_MODS) {
        e->mods[e->nmods].source = source;
        e->mods[e->nmods].value = value;
        e->nmods++;
        e->unsettled = 1;
    }
}

void fray_emit_to_sinks(fray_encounter *e, const fray_event *src)
{
    fray_event ev = *src;
    ev.seq = ++e->seq;
    ev.round = e->round;
    ev.rolls = e->dice.log;
    ev.nrolls = e->dice.nlog;
    ev.mods = e->mods;
    ev.nmods = e->nmods;
    ev.changes = e->changes;
    ev.nchanges = e->nchanges;
    for (int i = 0; i < e->nsinks; i++)
        e->sink[i](e->sink_ud[i], e, &ev);
    e->dice.nlog = 0;
    e->nmods = 0;
    e->nchanges = 0;
}

void fray_flush_pending(fray_encounter *e, int actor, const char *rule)
{
    fray_emit(e, &(fray_event){.kind = "state", .actor = actor, .target = -1, .rule = rule});
}

/* ---- Narration ---- */

static const char *who_name(const fray_encounter *e, int who)
{
    return who >= 0 && who < e->n ? e->c[who].name : "?";
}

void fray_sink_text(void *ud, const fray_encounter *e, const fray_event *ev)
{
    FILE *f = ud;
    if (!strcmp(ev->kind, "round")) {
        fprintf(f, "-- Round %d --\n", ev->round);
        return;
    }
    if (!strcmp(ev->kind, "end")) {
        fprintf(f, "== %s after %d round%s", ev->detail ? ev->detail : "over", ev->round,
                ev->round == 1 ? "" : "s");
        fputs(" ==\n", f);
        return;
    }
    fprintf(f, "  %s", ev->actor >= 0 ? who_name(e, ev->actor) : "*");
    if (ev->action || strcmp(ev->kind, "state"))
        fprintf(f, " %s", ev->action ? ev->action : ev->kind);
    if (ev->target >= 0)
        fprintf(f, " -> %s", who_name(e, ev->target));
    if (ev->outcome)
        fprintf(f, ": %s", ev->outcome);
    if (ev->has_value)
        fprintf(f, " %d", ev->value);
    if (ev->detail)
        fprintf(f, " (%s)", ev->detail);
    if (ev->nrolls) {
        /* consecutive dice of one purpose (an exploding roll, advantage)
         * share a label: [Evasion roll, 1d10 exploding: 10 10 4] */
        fputs(" [", f);
        for (int i = 0; i < ev->nrolls; i++) {
            const fray_event_roll *r = &ev->rolls[i];
            if (i && r->purpose == ev->rolls[i - 1].purpose) {
                fprintf(f, " %d", r->value);
                continue;
            }
            char die[16];
            snprintf(die, sizeof die, "d%d", r->sides);
            fprintf(f, "%s%s", i ? "; " : "", r->purpose);
            if (!strstr(r->purpose, die))
                fprintf(f, " (%s)", die);
            fprintf(f, ": %d", r->value);
        }
        fputs("]", f);
    }
    if (ev->nmods) {
        fputs(" {", f);
        for (int i = 0; i < ev->nmods; i++)
            fprintf(f, "%s%s %+d", i ? ", " : "", ev->mods[i].source, ev->mods[i].value);
        fputs("}", f);
    }
    for (int i = 0; i < ev->nchanges; i++) {
        const fray_event_change *ch = &ev->changes[i];
        fputs(i ? "; " : " | ", f);
        /* the actor's own changes need no name: "| Energy 5->2; Grok Aura 25->22" */
        if (ch->who != ev->actor)
            fprintf(f, "%s ", who_name(e, ch->who));
        /* a status change reads "is down"; a move "moves 1.50m"; a
         * condition "+Exposed"; a resource "Aura 25->22" */
        if (!strcmp(ch->what, "moved_cm"))
            fprintf(f, "moves %d.%02dm", ch->after / 100, ch->after % 100);
        else if (!strcmp(ch->what, "able") || !strcmp(ch->what, "down") || !strcmp(ch->what, "dead"))
            fprintf(f, "is %s", ch->what);
        else if ((ch->before == 0 || ch->before == 1) && (ch->after == 0 || ch->after == 1) &&
                 ch->before != ch->after && fray_combatant_resource(e, ch->who, ch->what, NULL) < 0)
            fprintf(f, "%s%s", ch->after ? "+" : "-", ch->what);
        else
            fprintf(f, "%s %d->%d", ch->what, ch->before, ch->after);
    }
    fputc('\n', f);
}

/* ---- JSON Lines ---- */

void fray_sink_jsonl(void *ud, const fray_encounter *e, const fray_event *ev)
{
    FILE *f = ud;
    json_t *o = json_object();
    json_object_set_new(o, "seq", json_integer((json_int_t)ev->seq));
    json_object_set_new(o, "round", json_integer(ev->round));
    json_object_set_new(o, "kind", json_string(ev->kind));
    if (ev->actor >= 0)
        json_object_set_new(o, "actor", json_string(who_name(e, ev->actor)));
    if (ev->target >= 0)
        json_object_set_new(o, "target", json_string(who_name(e, ev->target)));
    if (ev->action)
        json_object_set_new(o, "action", json_string(ev->action));
    if (ev->outcome)
        json_object_set_new(o, "outcome", json_string(ev->outcome));
    if (ev->has_value)
        json_object_set_new(o, "value", json_integer(ev->value));
    if (ev->detail)
        json_object_set_new(o, "detail", json_string(ev->detail));
    if (ev->rule)
        json_object_set_new(o, "rule", json_string(ev->rule));
    if (ev->nrolls) {
        json_t *a = json_array();
        for (int i = 0; i < ev->nrolls; i++)
            json_array_append_new(a, json_pack("{s:s,s:i,s:i}", "purpose", ev->rolls[i].purpose,
                                               "die", ev->rolls[i].sides, "value",
                                               ev->rolls[i].value));
        json_object_set_new(o, "rolls", a);
    }
    if (ev->nmods) {
        json_t *a = json_array();
        for (int i = 0; i < ev->nmods; i++)
            json_array_append_new(a, json_pack("{s:s,s:i}", "source", ev->mods[i].source, "value",
                                               ev->mods[i].value));
        json_object_set_new(o, "mods", a);
    }
    if (ev->nchanges) {
        json_t *a = json_array();
        for (int i = 0; i < ev->nchanges; i++)
            json_array_append_new(a, json_pack("{s:s,s:s,s:i,s:i}", "who",
                                               who_name(e, ev->changes[i].who), "what",
                                               ev->changes[i].what, "before",
                                               ev->changes[i].before, "after",
                                               ev->changes[i].after));
        json_object_set_new(o, "changes", a);
    }
    fray_json_dumpf(o, f, JSON_COMPACT);
    fputc('\n', f);
    json_decref(o);
}
