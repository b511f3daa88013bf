/* sse.c: GET /api/fights/{id}/events, Server-Sent Events of a fight.
 *
 * A stream first sends the fight's state version, then every event of its
 * log (JSON Lines, one `log` event each) and a `state` event whenever the
 * fight changes; after an undo, a `reset` event and the log again from its
 * start. With nothing new the connection is suspended (it holds no pool
 * thread) and is resumed by the next change of its fight, or by the
 * server's tick every 15 s to send a keep-alive comment. A stream opened
 * with the players' token leaves out the log events that name a hidden
 * creature (state.c). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <microhttpd.h>

#include "server.h"
#include "sse.h"

typedef struct sse_t {
    srv_t *srv;
    fight_t *f;
    struct MHD_Connection *conn;
    struct sse_t *next;      /* in f->waiters while suspended */
    int waiting;
    int tick;                /* woken by the tick: send a keep-alive */
    int player;              /* the players' view: filtered */
    unsigned long version;   /* the fight's version last sent */
    size_t logpos;           /* bytes of the fight's JSON Lines sent */
    char *pending;           /* text made, not yet sent */
    size_t plen, ppos;
} sse_t;

sse_t *sse_take(fight_t *f)
{
    sse_t *list = f->waiters;
    for (sse_t *w = list; w; w = w->next)
        w->waiting = 0;
    f->waiters = NULL;
    return list;
}

/* A stream on the list is suspended, so MHD neither calls nor frees it
 * until it is resumed: the list is safe to walk without the lock. */
void sse_resume(sse_t *list)
{
    while (list) {
        sse_t *next = list->next; /* once resumed, it may queue itself again */
        MHD_resume_connection(list->conn);
        list = next;
    }
}

void srv_sse_wake_all(srv_t *srv)
{
    pthread_mutex_lock(&srv->mu);
    int n = srv->nfights;
    pthread_mutex_unlock(&srv->mu);
    for (int i = 0; i < n; i++) {
        fight_t *f = srv->fights[i];
        pthread_mutex_lock(&f->mu);
        for (sse_t *w = f->waiters; w; w = w->next)
            w->tick = 1;
        sse_t *list = sse_take(f);
        pthread_mutex_unlock(&f->mu);
        sse_resume(list);
    }
}

/* The news since the last call, as SSE text (malloc'd), or NULL: none. */
static char *news(sse_t *s, size_t *len)
{
    fray_session *p = &s->f->s;
    if (s->version == s->f->version && s->logpos == p->jsonlen)
        return NULL;
    char *buf = NULL;
    FILE *m = open_memstream(&buf, len);
    if (!m)
        return NULL;
    if (s->logpos > p->jsonlen) { /* undone: the log again from its start */
        fputs("event: reset\ndata: {}\n\n", m);
        s->logpos = 0;
    }
    while (s->logpos < p->jsonlen) {
        const char *line = p->jsonbuf + s->logpos;
        const char *nl = memchr(line, '\n', p->jsonlen - s->logpos);
        size_t n = nl ? (size_t)(nl - line) : p->jsonlen - s->logpos;
        if (!s->player || !srv_names_hidden(s->f->s.e, line, n))
            fprintf(m, "event: log\ndata: %.*s\n\n", (int)n, line);
        s->logpos += n + (nl != NULL);
    }
    if (s->version != s->f->version) {
        s->version = s->f->version;
        fprintf(m, "event: state\ndata: {\"version\":%lu,\"entries\":%d,\"over\":%s}\n\n",
                s->version, p->nj, p->q.kind == Q_OVER ? "true" : "false");
    }
    fclose(m);
    return buf;
}

static ssize_t reader(void *cls, uint64_t pos, char *buf, size_t max)
{
    sse_t *s = cls;
    (void)pos;
    if (s->ppos < s->plen) {
        size_t n = s->plen - s->ppos < max ? s->plen - s->ppos : max;
        memcpy(buf, s->pending + s->ppos, n);
        s->ppos += n;
        return (ssize_t)n;
    }
    free(s->pending);
    s->pending = NULL;
    s->plen = s->ppos = 0;
    fight_t *f = s->f;
    pthread_mutex_lock(&f->mu);
    if (s->srv->stopping) {
        pthread_mutex_unlock(&f->mu);
        return MHD_CONTENT_READER_END_OF_STREAM;
    }
    s->pending = news(s, &s->plen);
    if (!s->pending && s->tick) {
        s->pending = strdup(": keep-alive\n\n");
        s->plen = s->pending ? strlen(s->pending) : 0;
    }
    s->tick = 0;
    if (!s->pending) {
        /* nothing new: wait, holding no thread, for the fight to change */
        s->waiting = 1;
        s->next = f->waiters;
        f->waiters = s;
        MHD_suspend_connection(s->conn);
        pthread_mutex_unlock(&f->mu);
        return 0;
    }
    pthread_mutex_unlock(&f->mu);
    size_t n = s->plen < max ? s->plen : max;
    memcpy(buf, s->pending, n);
    s->ppos = n;
    return (ssize_t)n;
}

/* MHD frees a stream only when it is not suspended, so it is on no list. */
static void done(void *cls)
{
    sse_t *s = cls;
    free(s->pending);
    free(s);
}

int srv_events(srv_t *srv, fight_t *f, req_t *rq, reply_t *out)
{
    sse_t *s = calloc(1, sizeof *s);
    if (!s)
        return srv_error(out, 500, "server", "out of memory");
    s->srv = srv;
    s->f = f;
    s->conn = rq->conn;
    s->player = rq->player;
    s->version = (unsigned long)-1; /* the first call sends the state */
    out->resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, reader, s, done);
    if (!out->resp) {
        free(s);
        return srv_error(out, 500, "server", "out of memory");
    }
    MHD_add_response_header(out->resp, "Content-Type", "text/event-stream");
    out->status = 200;
    return 0;
}
