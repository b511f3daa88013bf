/* api_fight.c: the handlers of one fight (/api/fights/{id}/...). Each takes
 * the fight's mutex, turns the request into one call of the session's
 * commands (session_cmd.c, the same as fray play's), and answers the state
 * after it. A refusal by the rules is 422 with play's own reason; a stale
 * `at` (the client saw fewer or more entries than there are) is 409. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"
#include "lookahead.h"
#include "stats.h"

/* ---- Reading the body ---- */

/* An optional integer member: 1 found, 0 absent, -1 with a 400. */
static int opt_int(req_t *rq, const char *key, long long lo, long long hi, long long *v,
                   reply_t *out)
{
    char where[64];
    snprintf(where, sizeof where, "body.%s", key);
    json_t *j = json_object_get(rq->json, key);
    if (!j || json_is_null(j))
        return 0;
    if (!json_is_integer(j))
        return srv_error(out, 400, where, "expected an integer"), -1;
    *v = json_integer_value(j);
    if (*v < lo || *v > hi)
        return srv_error(out, 400, where, "expected %lld to %lld, got %lld", lo, hi, *v), -1;
    return 1;
}

/* A required string member of at most len-1 bytes: 0, or -1 with a 400. */
static int req_str(req_t *rq, const char *key, char *buf, size_t len, reply_t *out)
{
    char where[64];
    snprintf(where, sizeof where, "body.%s", key);
    json_t *j = json_object_get(rq->json, key);
    if (!j)
        return srv_error(out, 400, where, "missing"), -1;
    if (!json_is_string(j))
        return srv_error(out, 400, where, "expected a string"), -1;
    if (json_string_length(j) >= len || json_string_length(j) == 0)
        return srv_error(out, 400, where, "expected 1 to %zu characters", len - 1), -1;
    snprintf(buf, len, "%s", json_string_value(j));
    if (strchr(buf, '\n') || strlen(buf) != json_string_length(j))
        return srv_error(out, 400, where, "no line breaks or NUL characters, please"), -1;
    return 0;
}

/* ---- A command on a fight ---- */

typedef int (*cmd_fn)(fight_t *f, req_t *rq, char *why, size_t whylen, reply_t *out);

/* Lock the fight, check `at`, run fn, answer the state (or the error). */
static int command(srv_t *srv, req_t *rq, reply_t *out, cmd_fn fn)
{
    fight_t *f = srv_fight(srv, rq->arg[0], out);
    if (!f)
        return 0;
    pthread_mutex_lock(&f->mu);
    long long at = -1;
    int rc = FRAY_CMD_OK;
    struct sse_t *wake = NULL;
    char why[600] = "";
    if (json_is_array(json_object_get(rq->json, "at"))) {
        srv_error(out, 400, "body.at", "`at` is the journal entries the client saw (an integer); "
                  "a creature's place is `position`: [x, y] in metres");
        goto done;
    }
    if (srv_fight_own(f, out) < 0 || opt_int(rq, "at", 0, 1000000000, &at, out) < 0)
        goto done;
    if (at >= 0 && at != f->s.nj) {
        srv_error(out, 409, "body.at", "the fight has %d journal entries, not %lld: read it again",
                  f->s.nj, at);
        goto done;
    }
    rc = fn(f, rq, why, sizeof why, out);
    if (out->json) /* fn answered an error of the request itself */
        goto done;
    if (rc == FRAY_CMD_REFUSED) {
        srv_error(out, 422, "rules", "%s", why);
    } else if (rc == FRAY_CMD_FAULT) {
        srv_error(out, 500, "journal", "%s", f->s.err);
    } else {
        wake = srv_fight_changed(f);
        out->json = srv_state_json(f, 0);
    }
done:
    pthread_mutex_unlock(&f->mu);
    srv_fight_wake(wake);
    return 0;
}

static int do_cmd(fight_t *f, req_t *rq, char *why, size_t whylen, reply_t *out)
{
    json_t *a = json_object_get(rq->json, "action");
    if (json_is_string(a)) {
        char words[200];
        if (req_str(rq, "action", words, sizeof words, out) < 0)
            return 0;
        return fray_session_do(&f->s, words, why, whylen);
    }
    long long n = 0;
    int got = opt_int(rq, "action", 0, FRAY_MAX_LEGAL, &n, out);
    if (got < 0)
        return 0;
    if (!got)
        return srv_error(out, 400, "body.action",
                         "missing: the number of a legal action (1...) or its words"), 0;
    if (f->s.q.kind == Q_ACTION && n > f->s.q.n)
        return snprintf(why, whylen, "choose 1 to %d, or 0 to pass", f->s.q.n), FRAY_CMD_REFUSED;
    return fray_session_do_index(&f->s, (int)n - 1, why, whylen);
}

static int pass_cmd(fight_t *f, req_t *rq, char *why, size_t whylen, reply_t *out)
{
    (void)rq;
    (void)out;
    if (f->s.q.kind != Q_ACTION)
        return snprintf(why, whylen, "nothing to pass now"), FRAY_CMD_REFUSED;
    return fray_session_do_index(&f->s, -1, why, whylen);
}

static int roll_cmd(fight_t *f, req_t *rq, char *why, size_t whylen, reply_t *out)
{
    long long v = 0;
    int got = opt_int(rq, "value", -1000000, 1000000, &v, out);
    if (got < 0)
        return 0;
    return got ? fray_session_die(&f->s, (long)v, why, whylen) : fray_session_roll(&f->s, why, whylen);
}

static int answer_cmd(fight_t *f, req_t *rq, char *why, size_t whylen, reply_t *out)
{
    char words[64];
    json_t *a = json_object_get(rq->json, "answer");
    if (json_is_integer(a))
        snprintf(words, sizeof words, "%lld", (long long)json_integer_value(a));
    else if (req_str(rq, "answer", words, sizeof words, out) < 0)
        return 0;
    return fray_session_answer(&f->s, words, why, whylen);
}

static int undo_redo(fight_t *f, req_t *rq, reply_t *out, int redo, char *why, size_t whylen)
{
    long long n = 1;
    if (opt_int(rq, "n", 1, 1000000, &n, out) < 0)
        return 0;
    int count = 0;
    if (fray_session_undo(&f->s, (int)n, redo, &count) < 0)
        return FRAY_CMD_FAULT;
    if (count <= 0)
        return snprintf(why, whylen, "nothing to %s", redo ? "redo" : "undo"), FRAY_CMD_REFUSED;
    return FRAY_CMD_OK;
}

static int undo_cmd(fight_t *f, req_t *rq, char *why, size_t whylen, reply_t *out)
{
    return undo_redo(f, rq, out, 0, why, whylen);
}

static int redo_cmd(fight_t *f, req_t *rq, char *why, size_t whylen, reply_t *out)
{
    return undo_redo(f, rq, out, 1, why, whylen);
}

/* GM fiat as play's words: {"kind": "damage", "who": "Grok", "amount": 3}...;
 * {"kind": "note", "text": "..."} is the GM's note, {"kind": "reveal",
 * "who": "X"} shows a hidden creature to the players. */
static int fiat_cmd(fight_t *f, req_t *rq, char *why, size_t whylen, reply_t *out)
{
    char kind[16], who[64], arg[240], word[64];
    long long v = 0;
    if (req_str(rq, "kind", kind, sizeof kind, out) < 0)
        return 0;
    if (!strcmp(kind, "note"))
        return req_str(rq, "text", arg, sizeof arg, out) < 0
                   ? 0
                   : fray_session_gm(&f->s, "note", arg, why, whylen);
    if (req_str(rq, "who", who, sizeof who, out) < 0)
        return 0;
    if (strpbrk(who, " \t"))
        return srv_error(out, 400, "body.who", "a creature's or side's name, without spaces"), 0;
    if (!strcmp(kind, "damage") || !strcmp(kind, "heal")) {
        if (opt_int(rq, "amount", 1, 10000, &v, out) <= 0)
            return out->json ? 0 : (srv_error(out, 400, "body.amount", "missing"), 0);
        snprintf(arg, sizeof arg, "%s %lld", who, v);
    } else if (!strcmp(kind, "set")) {
        if (req_str(rq, "resource", word, sizeof word, out) < 0)
            return 0;
        if (opt_int(rq, "value", -1000000, 1000000, &v, out) <= 0)
            return out->json ? 0 : (srv_error(out, 400, "body.value", "missing"), 0);
        snprintf(arg, sizeof arg, "%s %s %lld", who, word, v);
    } else if (!strcmp(kind, "condition")) {
        char op[16];
        if (req_str(rq, "op", op, sizeof op, out) < 0 ||
            req_str(rq, "condition", word, sizeof word, out) < 0)
            return 0;
        snprintf(arg, sizeof arg, "%s %s %s", op, who, word);
    } else if (!strcmp(kind, "control")) {
        if (req_str(rq, "controller", word, sizeof word, out) < 0)
            return 0;
        snprintf(arg, sizeof arg, "%s %s", who, word);
    } else if (!strcmp(kind, "reveal")) {
        snprintf(arg, sizeof arg, "%s", who);
    } else {
        return srv_error(out, 400, "body.kind",
                         "expected damage, heal, set, condition, control, reveal or note"),
               0;
    }
    return fray_session_gm(&f->s, kind, arg, why, whylen);
}

static int add_cmd(fight_t *f, req_t *rq, char *why, size_t whylen, reply_t *out)
{
    char name[32], side[32], creature[64], arg[240];
    if (req_str(rq, "name", name, sizeof name, out) < 0 ||
        req_str(rq, "side", side, sizeof side, out) < 0 ||
        req_str(rq, "creature", creature, sizeof creature, out) < 0)
        return 0;
    json_t *at = json_object_get(rq->json, "position");
    if (at && (!json_is_array(at) || json_array_size(at) != 2 ||
               !json_is_number(json_array_get(at, 0)) || !json_is_number(json_array_get(at, 1))))
        return srv_error(out, 400, "body.position", "expected [x, y] in metres"), 0;
    if (strpbrk(name, " \t") || strpbrk(side, " \t"))
        return srv_error(out, 400, "body.name", "names without spaces, please"), 0;
    if (at)
        snprintf(arg, sizeof arg, "%s %s %s %g %g", name, side, creature,
                 json_number_value(json_array_get(at, 0)), json_number_value(json_array_get(at, 1)));
    else
        snprintf(arg, sizeof arg, "%s %s %s", name, side, creature);
    return fray_session_gm(&f->s, "add", arg, why, whylen);
}

static int remove_cmd(fight_t *f, req_t *rq, char *why, size_t whylen, reply_t *out)
{
    (void)out;
    return fray_session_gm(&f->s, "remove", rq->arg[1], why, whylen);
}

int api_fight_do(srv_t *srv, req_t *rq, reply_t *out) { return command(srv, rq, out, do_cmd); }
int api_fight_pass(srv_t *srv, req_t *rq, reply_t *out) { return command(srv, rq, out, pass_cmd); }
int api_fight_roll(srv_t *srv, req_t *rq, reply_t *out) { return command(srv, rq, out, roll_cmd); }
int api_fight_answer(srv_t *srv, req_t *rq, reply_t *out) { return command(srv, rq, out, answer_cmd); }
int api_fight_undo(srv_t *srv, req_t *rq, reply_t *out) { return command(srv, rq, out, undo_cmd); }
int api_fight_redo(srv_t *srv, req_t *rq, reply_t *out) { return command(srv, rq, out, redo_cmd); }
int api_fight_fiat(srv_t *srv, req_t *rq, reply_t *out) { return command(srv, rq, out, fiat_cmd); }
int api_fight_add(srv_t *srv, req_t *rq, reply_t *out) { return command(srv, rq, out, add_cmd); }
int api_fight_remove(srv_t *srv, req_t *rq, reply_t *out)
{
    /* DELETE has no body: commands read members of an empty object */
    rq->json = json_object();
    return command(srv, rq, out, remove_cmd);
}

/* ---- Reading a fight ---- */

/* Run fn on the fight under its mutex. */
static int reading(srv_t *srv, req_t *rq, reply_t *out,
                   void (*fn)(srv_t *srv, fight_t *f, req_t *rq, reply_t *out))
{
    fight_t *f = srv_fight(srv, rq->arg[0], out);
    if (!f)
        return 0;
    pthread_mutex_lock(&f->mu);
    fn(srv, f, rq, out);
    pthread_mutex_unlock(&f->mu);
    return 0;
}

static void get_state(srv_t *srv, fight_t *f, req_t *rq, reply_t *out)
{
    (void)srv;
    out->json = srv_state_json(f, rq->player);
}

/* The legal actions now, each with its exact odds where the ruleset has them. */
static void get_actions(srv_t *srv, fight_t *f, req_t *rq, reply_t *out)
{
    (void)srv;
    json_t *q = srv_question_json(&f->s);
    if (rq->player) { /* the players': no odds, nothing of a hidden creature */
        srv_question_for_players(f->s.e, q);
        out->json = q;
        return;
    }
    json_t *acts = json_object_get(q, "actions");
    for (size_t i = 0; acts && i < json_array_size(acts); i++) {
        json_t *odds = NULL;
        char why[256];
        if (fray_session_action_odds(&f->s, (int)i, &odds, why, sizeof why) != FRAY_CMD_OK) {
            json_decref(odds);
            odds = json_null();
        }
        json_object_set_new(json_array_get(acts, i), "odds", odds ? odds : json_null());
    }
    out->json = q;
}

/* Call fn on each line of buf (len bytes) that the reader may see: for the
 * players', none that names a hidden creature. */
static void each_line(const fray_encounter *e, int player, const char *buf, size_t len,
                      void (*fn)(void *ud, const char *line, size_t n), void *ud)
{
    const char *s = buf, *end = buf + len;
    while (s && s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
        if (!player || !srv_names_hidden(e, s, n))
            fn(ud, s, n);
        s += n + 1;
    }
}

static void add_text(void *ud, const char *line, size_t n)
{
    reply_t *out = ud;
    memcpy(out->text + out->text_len, line, n);
    out->text_len += n;
    out->text[out->text_len++] = '\n';
}

static void add_line(void *ud, const char *line, size_t n)
{
    json_array_append_new(ud, json_stringn(line, n));
}

static void get_log(srv_t *srv, fight_t *f, req_t *rq, reply_t *out)
{
    (void)srv;
    out->text = malloc(f->s.jsonlen + 2);
    if (!out->text) {
        srv_error(out, 500, "server", "out of memory");
        return;
    }
    out->text_len = 0;
    each_line(f->s.e, rq->player, f->s.jsonbuf, f->s.jsonlen, add_text, out);
    out->text_len = out->text_len < f->s.jsonlen ? out->text_len : f->s.jsonlen;
    out->type = "application/x-ndjson";
}

static void get_narration(srv_t *srv, fight_t *f, req_t *rq, reply_t *out)
{
    (void)srv;
    json_t *lines = json_array();
    each_line(f->s.e, rq->player, f->s.textbuf, f->s.textlen, add_line, lines);
    out->json = json_pack("{s:o}", "lines", lines);
}

static void get_events(srv_t *srv, fight_t *f, req_t *rq, reply_t *out)
{
    if (!strcmp(rq->method, "HEAD")) { /* the headers of a stream, no stream */
        out->text = strdup("");
        out->type = "text/event-stream";
        return;
    }
    srv_events(srv, f, rq, out);
}

static void post_odds(srv_t *srv, fight_t *f, req_t *rq, reply_t *out)
{
    (void)srv;
    long long n = 0;
    json_t *res = NULL;
    char why[600], query[400];
    int rc, got = opt_int(rq, "action", 1, FRAY_MAX_LEGAL, &n, out);
    if (got < 0)
        return;
    if (got)
        rc = fray_session_action_odds(&f->s, (int)n - 1, &res, why, sizeof why);
    else if (req_str(rq, "query", query, sizeof query, out) < 0)
        return;
    else
        rc = fray_session_odds(&f->s, query, &res, why, sizeof why);
    if (rc != FRAY_CMD_OK) {
        json_decref(res);
        srv_error(out, 422, "rules", "%s", why);
        return;
    }
    out->json = res;
}

/* One candidate of the hint, ranked `rank` (1 the best). */
static json_t *hint_json(fight_t *f, const fray_la_cand *c, int rank)
{
    char d[120] = "pass";
    if (c->pick >= 0)
        fray_session_describe(f->s.e, &f->s.q.legal[c->pick], d, sizeof d);
    double lo, hi;
    fray_wilson95((uint64_t)c->wins, (uint64_t)c->tries, &lo, &hi);
    return json_pack("{s:i, s:i, s:s, s:b, s:f, s:[f,f], s:f, s:f}", "rank", rank, "index",
                     c->pick + 1, "action", d, "policy", c->policy, "win",
                     (double)c->wins / c->tries, "ci95", lo, hi, "dealt",
                     (double)c->dealt / c->tries, "taken", (double)c->taken / c->tries);
}

/* {"tries": N}: play's `hint N` (default 200): at an own-turn question,
 * the best three of the look-ahead's candidates, each with its side's win
 * share over N tries, its 95% interval, and the damage its side deals and
 * takes on average; and the policy's own choice wherever it ranks. The
 * GM's: it plays on with the hidden creatures. */
static void post_hint(srv_t *srv, fight_t *f, req_t *rq, reply_t *out)
{
    (void)srv;
    long long tries = 200;
    if (opt_int(rq, "tries", 1, FRAY_LA_MAX_TRIES, &tries, out) < 0)
        return;
    fray_la_cand c[8];
    int nc = fray_session_hint(&f->s, 8, (int)tries, c, 8);
    if (nc < 0) {
        srv_error(out, 422, "rules", "%s", f->s.err);
        return;
    }
    json_t *hints = json_array(), *own = json_null();
    for (int k = 0; k < nc; k++) {
        json_t *h = hint_json(f, &c[k], k + 1);
        if (c[k].policy)
            own = json_incref(h);
        if (k < 3)
            json_array_append(hints, h);
        json_decref(h);
    }
    out->json = json_pack("{s:s, s:I, s:i, s:o, s:o}", "who", f->s.e->c[f->s.q.who].name, "tries",
                          (json_int_t)tries, "candidates", nc, "hints", hints, "policy", own);
}

static void post_sim(srv_t *srv, fight_t *f, req_t *rq, reply_t *out)
{
    long long n = 1000;
    if (opt_int(rq, "n", 1, srv->o.max_sim, &n, out) < 0)
        return;
    srv_sim_start(srv, f, (int)n, out);
}

int api_fight_get(srv_t *srv, req_t *rq, reply_t *out) { return reading(srv, rq, out, get_state); }
int api_fight_actions(srv_t *srv, req_t *rq, reply_t *out) { return reading(srv, rq, out, get_actions); }
int api_fight_log(srv_t *srv, req_t *rq, reply_t *out) { return reading(srv, rq, out, get_log); }
int api_fight_narration(srv_t *srv, req_t *rq, reply_t *out)
{
    return reading(srv, rq, out, get_narration);
}
int api_fight_events(srv_t *srv, req_t *rq, reply_t *out) { return reading(srv, rq, out, get_events); }
int api_fight_odds(srv_t *srv, req_t *rq, reply_t *out) { return reading(srv, rq, out, post_odds); }
int api_fight_sim(srv_t *srv, req_t *rq, reply_t *out) { return reading(srv, rq, out, post_sim); }
int api_fight_hint(srv_t *srv, req_t *rq, reply_t *out) { return reading(srv, rq, out, post_hint); }
int api_fight_sim_get(srv_t *srv, req_t *rq, reply_t *out)
{
    return srv_sim_read(srv, rq->arg[0], rq->arg[1], out);
}
