/* server.h: `fray serve`, the HTTP front end of the fights in a store.
 *
 * The same fights as `fray play`: a fight is a fray_session (src/store),
 * its commands the session's (session_cmd.c); this layer only turns
 * requests into those calls and their results into JSON. One file per
 * concern: server.c (the daemon, requests, limits, errors), routes.c (the
 * route table), api_fight.c and api_misc.c (the JSON handlers), fights.c
 * (the fights open in this process), state.c (a fight as JSON), sse.c
 * (live updates), sim.c (sims off the request thread), static.c (the web
 * page's files).
 *
 * No mutable globals: everything lives in one srv_t, handed to every
 * callback. A fight's session is used under its own mutex; the table of
 * fights under the server's. */
#ifndef FRAY_SERVER_H
#define FRAY_SERVER_H

#include <pthread.h>
#include <stddef.h>

#include <jansson.h>

#include "session.h"

#define SRV_MAX_FIGHTS 1024
#define SRV_MAX_SIMS 64
#define SRV_KEY_LEN 32 /* hex digits of a fight's key (store.c) */

typedef struct srv_opts {
    const char *db;          /* the store */
    const char *web;         /* the page's folder */
    const char *examples;    /* bundled example encounters */
    const char *token;       /* shared secret, or NULL */
    char host[64];
    unsigned port;
    unsigned threads;        /* thread pool size */
    unsigned max_conns;      /* connections in all */
    unsigned per_ip;         /* connections per client address */
    size_t max_body;         /* bytes of a request body */
    int max_depth;           /* nesting of a JSON body */
    unsigned timeout;        /* seconds a silent connection is kept */
    unsigned header_timeout; /* seconds a connection may take to send its headers */
    int max_sim;             /* largest N of a sim */
} srv_opts;

struct sse_t;

typedef struct fight_t {
    pthread_mutex_t mu;
    char key[SRV_KEY_LEN + 1];
    fray_session s;          /* its own store connection */
    int locked;              /* this process holds the fight (fray_store_lock) */
    unsigned long version;   /* bumped by every change */
    struct sse_t *waiters;   /* suspended event streams, resumed on a change */
} fight_t;

typedef struct sim_job {
    int used;
    char id[SRV_KEY_LEN + 1];
    char fight[SRV_KEY_LEN + 1];
    int n, done, failed;     /* under srv.mu */
    int nsides;
    char side[FRAY_MAX_SIDES][FRAY_NAME];
    int wins[FRAY_MAX_SIDES + 1];
    long rounds;
    int hist[64];            /* fights ended at round r+1 (the last: that or later) */
    char err[256];
    pthread_t thread;
    fray_session s;          /* a copy of the fight's present, played on */
    struct srv_t *srv;
} sim_job;

typedef struct srv_t {
    srv_opts o;
    struct MHD_Daemon *d;
    pthread_mutex_t mu;      /* fights[], sims[], st */
    fray_store *st;          /* listing and making fights */
    fight_t *fights[SRV_MAX_FIGHTS];
    int nfights;
    sim_job sims[SRV_MAX_SIMS];
    int stopping;
    pthread_t ticker;        /* wakes event streams for keep-alives */
    pthread_mutex_t tick_mu;
    pthread_cond_t tick_cv;
} srv_t;

/* A request as the handlers see it. */
typedef struct req_t {
    const char *method, *path;
    const char *arg[3];      /* the {...} parts of the route, in order */
    char *body;              /* the request body (NUL-terminated) */
    size_t body_len;
    json_t *json;            /* the body parsed, when the route takes JSON */
    struct MHD_Connection *conn;
    int player;              /* came with the fight's players' token: read-only, filtered */
} req_t;

/* What a handler answers: a JSON body (owned: freed after sending), or
 * text with its type, or a response made by the handler (events). */
typedef struct reply_t {
    unsigned status;
    json_t *json;
    char *text;              /* malloc'd */
    size_t text_len;
    const char *type;
    struct MHD_Response *resp;
} reply_t;

typedef int (*handler_fn)(srv_t *srv, req_t *rq, reply_t *out);

typedef struct route_t {
    const char *method, *pattern;
    handler_fn fn;
    int json_body;           /* the body must be a JSON object */
} route_t;

/* routes.c */
extern const route_t srv_routes[];
extern const int srv_nroutes;
/* The route for a method and path: NULL when none; *path_known says
 * whether the path exists for another method (405, not 404). */
const route_t *srv_route_find(const char *method, const char *path, const char *arg[3],
                              char argbuf[3][128], int *path_known);

/* server.c */
int srv_start(srv_t *srv, char *err, size_t errlen);
void srv_stop(srv_t *srv);
/* An error reply: {"error": what, "where": where}. Returns 0. */
int srv_error(reply_t *out, unsigned status, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* fights.c: the fight with this key, opened (and rebuilt) when first
 * asked for; NULL with a 404 or 500 in out. Never freed before srv_stop. */
fight_t *srv_fight(srv_t *srv, const char *key, reply_t *out);
/* Take the fight for commands: -1 with a 409 in out when another fray has it. */
int srv_fight_own(fight_t *f, reply_t *out);
/* After a change (f->mu held): bump the version; returns its waiting event
 * streams, to be woken by srv_fight_wake once f->mu is released. */
struct sse_t *srv_fight_changed(fight_t *f);
void srv_fight_wake(struct sse_t *list);
void srv_fights_close(srv_t *srv);

/* state.c: the fight now as JSON (new reference); as its players may see
 * it when `player` (no hidden creature, no GM note: state.c). */
json_t *srv_state_json(const fight_t *f, int player);
/* Leave out of a question what names a hidden creature (the players'). */
void srv_question_for_players(const fray_encounter *e, json_t *q);
/* Whether s (n bytes) names a creature hidden from the players. */
int srv_names_hidden(const fray_encounter *e, const char *s, size_t n);
json_t *srv_question_json(const fray_session *s);
json_t *srv_row_json(const fray_fight_row *r);

/* sse.c: GET /api/fights/{id}/events. */
int srv_events(srv_t *srv, fight_t *f, req_t *rq, reply_t *out);
/* Resume every suspended stream (shutdown, keep-alive tick). */
void srv_sse_wake_all(srv_t *srv);

/* sim.c */
int srv_sim_start(srv_t *srv, fight_t *f, int n, reply_t *out);
int srv_sim_read(srv_t *srv, const char *fight, const char *id, reply_t *out);
void srv_sims_join(srv_t *srv);

/* static.c: a file of the page's folder (GET / and /static/...). */
int srv_static(srv_t *srv, const char *rel, reply_t *out);
/* A random key of SRV_KEY_LEN hex digits. 0 or -1. */
int srv_random_key(char out[SRV_KEY_LEN + 1]);

/* api_fight.c, api_misc.c: the handlers (routes.c names them). */
int api_rulesets(srv_t *, req_t *, reply_t *);
int api_examples(srv_t *, req_t *, reply_t *);
int api_openapi(srv_t *, req_t *, reply_t *);
int api_dice(srv_t *, req_t *, reply_t *);
int api_odds(srv_t *, req_t *, reply_t *);
int api_health(srv_t *, req_t *, reply_t *);
int api_fights_list(srv_t *, req_t *, reply_t *);
int api_fight_create(srv_t *, req_t *, reply_t *);
int api_fight_get(srv_t *, req_t *, reply_t *);
int api_fight_actions(srv_t *, req_t *, reply_t *);
int api_fight_do(srv_t *, req_t *, reply_t *);
int api_fight_pass(srv_t *, req_t *, reply_t *);
int api_fight_roll(srv_t *, req_t *, reply_t *);
int api_fight_answer(srv_t *, req_t *, reply_t *);
int api_fight_undo(srv_t *, req_t *, reply_t *);
int api_fight_redo(srv_t *, req_t *, reply_t *);
int api_fight_fiat(srv_t *, req_t *, reply_t *);
int api_fight_add(srv_t *, req_t *, reply_t *);
int api_fight_remove(srv_t *, req_t *, reply_t *);
int api_fight_log(srv_t *, req_t *, reply_t *);
int api_fight_narration(srv_t *, req_t *, reply_t *);
int api_fight_events(srv_t *, req_t *, reply_t *);
int api_fight_odds(srv_t *, req_t *, reply_t *);
int api_fight_sim(srv_t *, req_t *, reply_t *);
int api_fight_hint(srv_t *, req_t *, reply_t *);
int api_fight_sim_get(srv_t *, req_t *, reply_t *);
int api_page(srv_t *, req_t *, reply_t *);
int api_static(srv_t *, req_t *, reply_t *);

#endif
