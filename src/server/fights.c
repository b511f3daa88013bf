/* fights.c: the fights this server has open. A fight is opened (its own
 * store connection, its journal replayed) the first time a request names
 * it, and kept until the server stops; it is taken for commands with the
 * store's lock, as `fray play` takes it, so the two never write one fight
 * at once. */
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <microhttpd.h>

#include "server.h"
#include "sse.h"

int srv_random_key(char out[SRV_KEY_LEN + 1])
{
    unsigned char raw[SRV_KEY_LEN / 2];
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t got = read(fd, raw, sizeof raw);
    close(fd);
    if (got != (ssize_t)sizeof raw)
        return -1;
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(out + 2 * i, 3, "%02x", raw[i]);
    return 0;
}

static int key_ok(const char *key)
{
    size_t n = 0;
    for (; key[n]; n++)
        if (!isxdigit((unsigned char)key[n]) || isupper((unsigned char)key[n]))
            return 0;
    return n == SRV_KEY_LEN;
}

/* Open a fight of the store: NULL with the reply's error. */
static fight_t *open_fight(srv_t *srv, const char *key, reply_t *out)
{
    char err[512];
    fight_t *f = calloc(1, sizeof *f);
    if (!f)
        return srv_error(out, 500, "server", "out of memory"), NULL;
    f->s.st = fray_store_open(srv->o.db, 0, err, sizeof err);
    if (!f->s.st) {
        free(f);
        return srv_error(out, 500, "store", "%s", err), NULL;
    }
    if (fray_store_find_key(f->s.st, key, &f->s.row, &f->s.encounter, err, sizeof err) < 0) {
        fray_store_close(f->s.st);
        free(f);
        return srv_error(out, 404, "id", "no fight with id '%s'", key), NULL;
    }
    f->s.enter_all = strstr(f->s.row.control, "dice=all") != NULL;
    if (fray_session_rebuild(&f->s) < 0) {
        srv_error(out, 500, "journal", "the fight does not replay: %s", f->s.err);
        fray_session_free(&f->s);
        fray_store_close(f->s.st);
        free(f);
        return NULL;
    }
    snprintf(f->key, sizeof f->key, "%s", key);
    pthread_mutex_init(&f->mu, NULL);
    f->locked = fray_store_lock(f->s.st, f->s.row.id, err, sizeof err) == 0;
    return f;
}

fight_t *srv_fight(srv_t *srv, const char *key, reply_t *out)
{
    if (!key_ok(key))
        return srv_error(out, 404, "id", "no fight with id '%.40s'", key), NULL;
    pthread_mutex_lock(&srv->mu);
    fight_t *f = NULL;
    for (int i = 0; i < srv->nfights && !f; i++)
        if (!strcmp(srv->fights[i]->key, key))
            f = srv->fights[i];
    if (!f && srv->nfights == SRV_MAX_FIGHTS)
        srv_error(out, 503, "server", "%d fights are open: restart the server", SRV_MAX_FIGHTS);
    else if (!f && (f = open_fight(srv, key, out)) != NULL)
        srv->fights[srv->nfights++] = f;
    pthread_mutex_unlock(&srv->mu);
    return f;
}

int srv_fight_own(fight_t *f, reply_t *out)
{
    char err[512];
    if (!f->locked && fray_store_lock(f->s.st, f->s.row.id, err, sizeof err) < 0)
        return srv_error(out, 409, "id", "%s", err), -1;
    f->locked = 1;
    return 0;
}

struct sse_t *srv_fight_changed(fight_t *f)
{
    f->version++;
    return sse_take(f);
}

void srv_fight_wake(struct sse_t *list) { sse_resume(list); }

void srv_fights_close(srv_t *srv)
{
    for (int i = 0; i < srv->nfights; i++) {
        fight_t *f = srv->fights[i];
        if (f->locked)
            fray_store_release(f->s.st, f->s.row.id);
        fray_session_free(&f->s);
        fray_store_close(f->s.st);
        pthread_mutex_destroy(&f->mu);
        free(f);
    }
    srv->nfights = 0;
}
