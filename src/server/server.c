/* server.c: the daemon of fray serve: libmicrohttpd in thread-pool mode;
 * a request's body gathered within its limit, checked (size, JSON depth,
 * the token), dispatched by the route table, and answered; every error a
 * JSON body {"error": ..., "where": ...}. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <microhttpd.h>

#include "jsonout.h"
#include "server.h"

/* One request's body as it arrives. */
typedef struct conn_ctx {
    char *body;
    size_t len, cap;
    int too_big;
} conn_ctx;

int srv_error(reply_t *out, unsigned status, const char *where, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    json_decref(out->json);
    out->status = status;
    out->json = json_pack("{s:s,s:s}", "error", msg, "where", where ? where : "");
    return 0;
}

/* The deepest nesting of [ and { outside strings. */
static int json_depth(const char *s, size_t len)
{
    int depth = 0, worst = 0, in_str = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = 0;
        } else if (c == '"') {
            in_str = 1;
        } else if (c == '[' || c == '{') {
            if (++depth > worst)
                worst = depth;
        } else if (c == ']' || c == '}') {
            depth--;
        }
    }
    return worst;
}

/* Equal without telling by its time how much of it was. */
static int same_secret(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    unsigned char d = (unsigned char)(la != lb);
    for (size_t i = 0; i < la; i++)
        d |= (unsigned char)(a[i] ^ b[lb ? i % lb : 0]);
    return d == 0;
}

/* The token the request came with ("Bearer TOKEN"; EventSource cannot set
 * headers, so it may come as ?token=), or NULL. */
static const char *token_of(struct MHD_Connection *conn)
{
    const char *h = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Authorization");
    if (h && !strncmp(h, "Bearer ", 7))
        return h + 7;
    return MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "token");
}

static int authorized(srv_t *srv, struct MHD_Connection *conn)
{
    const char *t = token_of(conn);
    return !srv->o.token || (t && same_secret(t, srv->o.token));
}

/* What the players' token of a fight may read: the fight, its question,
 * its log and narration, its events; anything else is refused. */
static int players_route(const route_t *r)
{
    return r->fn == api_fight_get || r->fn == api_fight_actions || r->fn == api_fight_log ||
           r->fn == api_fight_narration || r->fn == api_fight_events;
}

/* A request on a fight with that fight's players' token: rq->player, and
 * 0; or -1 with a 403 for anything but reading. Not one: 0. */
static int players(srv_t *srv, const route_t *r, req_t *rq, reply_t *out)
{
    const char *t = token_of(rq->conn);
    if (!t || strncmp(r->pattern, "/api/fights/{id}", 16))
        return 0;
    reply_t none = {0};
    fight_t *f = srv_fight(srv, rq->arg[0], &none);
    json_decref(none.json);
    if (!f || !f->s.row.player[0] || !same_secret(t, f->s.row.player))
        return 0;
    rq->player = 1;
    if (strcmp(rq->method, "GET") && strcmp(rq->method, "HEAD"))
        return srv_error(out, 403, "token", "the players' view is read-only"), -1;
    if (!players_route(r))
        return srv_error(out, 403, "token", "the players' token reads the fight, its actions, "
                         "log, narration and events only"), -1;
    return 0;
}

/* Parse the body of a route that takes a JSON object; 0, or -1 with an error. */
static int parse_body(srv_t *srv, req_t *rq, reply_t *out)
{
    if (rq->body_len == 0) {
        rq->json = json_object();
        return 0;
    }
    if (json_depth(rq->body, rq->body_len) > srv->o.max_depth)
        return srv_error(out, 400, "body", "JSON nested deeper than %d levels", srv->o.max_depth),
               -1;
    json_error_t je;
    rq->json = json_loadb(rq->body, rq->body_len, JSON_REJECT_DUPLICATES, &je);
    if (!rq->json) {
        char where[48];
        snprintf(where, sizeof where, "body:%d:%d", je.line, je.column);
        return srv_error(out, 400, where, "malformed JSON: %s", je.text), -1;
    }
    if (!json_is_object(rq->json))
        return srv_error(out, 400, "body", "expected a JSON object"), -1;
    return 0;
}

static void dispatch(srv_t *srv, struct MHD_Connection *conn, const char *url, const char *method,
                     conn_ctx *c, reply_t *out)
{
    req_t rq;
    memset(&rq, 0, sizeof rq);
    rq.method = method;
    rq.path = url;
    rq.body = c->body;
    rq.body_len = c->len;
    rq.conn = conn;
    char argbuf[3][128];
    int known;
    /* HEAD is a GET without its body (MHD leaves the body out) */
    const route_t *r = srv_route_find(strcmp(method, "HEAD") ? method : "GET", url, rq.arg,
                                      argbuf, &known);
    if (!r) {
        if (known)
            srv_error(out, 405, "method", "%s is not allowed on %s", method, url);
        else
            srv_error(out, 404, "path", "no such route: %s", url);
    } else if (players(srv, r, &rq, out) < 0) {
        /* refused: the players' token */
    } else if (!rq.player && strncmp(url, "/api/", 5) == 0 && strcmp(url, "/api/health") &&
               strcmp(url, "/api/openapi.json") && !authorized(srv, conn)) {
        srv_error(out, 401, "token", "a valid token is needed (Authorization: Bearer TOKEN)");
    } else if (c->too_big) {
        srv_error(out, 413, "body", "the body is larger than %zu bytes", srv->o.max_body);
    } else if (!r->json_body || parse_body(srv, &rq, out) == 0) {
        r->fn(srv, &rq, out);
    }
    json_decref(rq.json);
}

static enum MHD_Result send_reply(struct MHD_Connection *conn, reply_t *out)
{
    struct MHD_Response *resp = out->resp;
    if (!resp) {
        char *text = out->text;
        size_t len = out->text_len;
        const char *type = out->type ? out->type : "application/json";
        if (out->json) {
            text = fray_json_dumps(out->json, JSON_COMPACT);
            len = text ? strlen(text) : 0;
            json_decref(out->json);
            type = "application/json";
        } else if (!text) {
            text = strdup("");
        }
        resp = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
        if (!resp)
            return free(text), MHD_NO;
        MHD_add_response_header(resp, "Content-Type", type);
    }
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    enum MHD_Result rc = MHD_queue_response(conn, out->status ? out->status : 200, resp);
    MHD_destroy_response(resp);
    return rc;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
                                  const char *method, const char *version,
                                  const char *upload_data, size_t *upload_data_size, void **con_cls)
{
    srv_t *srv = cls;
    conn_ctx *c = *con_cls;
    (void)version;
    if (!c) {
        c = calloc(1, sizeof *c);
        if (!c)
            return MHD_NO;
        *con_cls = c;
        /* the headers are in: from now on the connection has --timeout */
        MHD_set_connection_option(conn, MHD_CONNECTION_OPTION_TIMEOUT, srv->o.timeout);
        /* a declared length over the limit is refused before it is read */
        const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Length");
        if (cl && strtoull(cl, NULL, 10) > srv->o.max_body) {
            reply_t out = {0};
            srv_error(&out, 413, "body", "the body is larger than %zu bytes", srv->o.max_body);
            return send_reply(conn, &out);
        }
        return MHD_YES;
    }
    if (*upload_data_size) {
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        if (c->too_big || c->len + n > srv->o.max_body) {
            c->too_big = 1;
            return MHD_YES;
        }
        if (c->len + n + 1 > c->cap) {
            size_t cap = (c->len + n + 1) * 2;
            char *b = realloc(c->body, cap);
            if (!b)
                return MHD_NO;
            c->body = b;
            c->cap = cap;
        }
        memcpy(c->body + c->len, upload_data, n);
        c->len += n;
        c->body[c->len] = 0;
        return MHD_YES;
    }
    reply_t out = {0};
    dispatch(srv, conn, url, method, c, &out);
    return send_reply(conn, &out);
}

/* Until its headers are in, a connection has --header-timeout (at most
 * --timeout): clients that open connections and send nothing, or half a
 * header, hold a place a few seconds, not --timeout. */
static unsigned header_timeout(const srv_t *srv)
{
    return srv->o.header_timeout < srv->o.timeout ? srv->o.header_timeout : srv->o.timeout;
}

static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    srv_t *srv = cls;
    (void)toe;
    /* kept alive: the next request's headers are waited for as the first's */
    if (conn && toe == MHD_REQUEST_TERMINATED_COMPLETED_OK)
        MHD_set_connection_option(conn, MHD_CONNECTION_OPTION_TIMEOUT, header_timeout(srv));
    conn_ctx *c = *con_cls;
    if (c) {
        free(c->body);
        free(c);
    }
    *con_cls = NULL;
}

/* Wakes the event streams every 15 s, so that each sends a keep-alive and
 * a client gone is noticed. */
static void *ticker(void *arg)
{
    srv_t *srv = arg;
    pthread_mutex_lock(&srv->tick_mu);
    while (!srv->stopping) {
        struct timespec at;
        clock_gettime(CLOCK_REALTIME, &at);
        at.tv_sec += 15;
        pthread_cond_timedwait(&srv->tick_cv, &srv->tick_mu, &at);
        if (!srv->stopping) {
            pthread_mutex_unlock(&srv->tick_mu);
            srv_sse_wake_all(srv);
            pthread_mutex_lock(&srv->tick_mu);
        }
    }
    pthread_mutex_unlock(&srv->tick_mu);
    return NULL;
}

int srv_start(srv_t *srv, char *err, size_t errlen)
{
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)srv->o.port);
    if (inet_pton(AF_INET, srv->o.host, &addr.sin_addr) != 1)
        return snprintf(err, errlen, "--listen %s: not an IPv4 address", srv->o.host), -1;
    srv->st = fray_store_open(srv->o.db, 1, err, errlen);
    if (!srv->st)
        return -1;
    if (fray_store_readonly(srv->st)) {
        fray_store_close(srv->st);
        srv->st = NULL;
        return snprintf(err, errlen, "%s: read-only: serve needs a store it can write", srv->o.db),
               -1;
    }
    pthread_mutex_init(&srv->mu, NULL);
    pthread_mutex_init(&srv->tick_mu, NULL);
    pthread_cond_init(&srv->tick_cv, NULL);
    srv->d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME, 0, NULL, NULL,
        on_request, srv, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_THREAD_POOL_SIZE, srv->o.threads, MHD_OPTION_CONNECTION_LIMIT,
        srv->o.max_conns, MHD_OPTION_PER_IP_CONNECTION_LIMIT, srv->o.per_ip,
        MHD_OPTION_CONNECTION_TIMEOUT, header_timeout(srv), MHD_OPTION_NOTIFY_COMPLETED, on_completed,
        srv, MHD_OPTION_END);
    if (!srv->d) {
        fray_store_close(srv->st);
        srv->st = NULL;
        return snprintf(err, errlen, "cannot listen on %s:%u: %s", srv->o.host, srv->o.port,
                        errno ? strerror(errno) : "the address is taken or not allowed"),
               -1;
    }
    if (srv->o.port == 0) {
        const union MHD_DaemonInfo *info = MHD_get_daemon_info(srv->d, MHD_DAEMON_INFO_BIND_PORT);
        if (info)
            srv->o.port = info->port;
    }
    pthread_create(&srv->ticker, NULL, ticker, srv);
    return 0;
}

/* Stop: no new connections; the requests being answered finish (a command
 * in progress is committed and its reply sent), event streams end, sims
 * stop between steps; then every fight is released. */
void srv_stop(srv_t *srv)
{
    MHD_socket fd = MHD_quiesce_daemon(srv->d);
    pthread_mutex_lock(&srv->tick_mu);
    pthread_mutex_lock(&srv->mu);
    srv->stopping = 1;
    pthread_mutex_unlock(&srv->mu);
    pthread_cond_broadcast(&srv->tick_cv);
    pthread_mutex_unlock(&srv->tick_mu);
    pthread_join(srv->ticker, NULL);
    srv_sse_wake_all(srv);
    srv_sims_join(srv);
    MHD_stop_daemon(srv->d);
    if (fd != MHD_INVALID_SOCKET)
        close(fd);
    srv_fights_close(srv);
    fray_store_close(srv->st);
    pthread_mutex_destroy(&srv->mu);
    pthread_mutex_destroy(&srv->tick_mu);
    pthread_cond_destroy(&srv->tick_cv);
}
