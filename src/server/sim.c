/* sim.c: POST /api/fights/{id}/sim runs off the request thread: a thread
 * of its own plays the fight on N times from the present (the session's
 * sim, in steps of 50 tries), on a copy of the fight's session, so the
 * fight itself stays free; GET .../sim/{sim} reads its progress, the
 * win rates so far and the histogram of the rounds fights lasted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"
#include "lookahead.h"

#define STEP 50

static void *run(void *arg)
{
    sim_job *j = arg;
    srv_t *srv = j->srv;
    /* the present played once here, off the request thread: at an own-turn
     * question the tries play on its copy (session.c), where each would
     * otherwise load the encounter and replay the journal */
    if (fray_session_present(&j->s) < 0) {
        pthread_mutex_lock(&srv->mu);
        j->failed = 1;
        snprintf(j->err, sizeof j->err, "%.250s", j->s.err);
        pthread_mutex_unlock(&srv->mu);
        return NULL;
    }
    for (int first = 1; first <= j->n; first += STEP) {
        int n = j->n - first + 1 < STEP ? j->n - first + 1 : STEP;
        int wins[FRAY_MAX_SIDES + 1] = {0};
        long rounds = 0;
        int rc = 0, hist[64] = {0};
        /* one try at a time, so each fight's length lands in the histogram */
        for (int t = 0; t < n && rc == 0; t++) {
            long r = 0;
            rc = fray_session_sim_tries(&j->s, first + t, 1, wins, &r);
            hist[r < 1 ? 0 : r > 64 ? 63 : r - 1]++;
            rounds += r;
        }
        pthread_mutex_lock(&srv->mu);
        for (int s = 0; s <= FRAY_MAX_SIDES; s++)
            j->wins[s] += wins[s];
        for (int h = 0; h < 64; h++)
            j->hist[h] += hist[h];
        j->rounds += rounds;
        j->done += n;
        if (rc < 0) {
            j->failed = 1;
            snprintf(j->err, sizeof j->err, "%.250s", j->s.err);
        }
        int stop = srv->stopping || rc < 0;
        pthread_mutex_unlock(&srv->mu);
        if (stop)
            break;
    }
    return NULL;
}

static void job_free(sim_job *j)
{
    fray_session_free(&j->s); /* st is the fight's, not the session's */
    memset(&j->s, 0, sizeof j->s);
}

/* The caller holds f->mu. */
int srv_sim_start(srv_t *srv, fight_t *f, int n, reply_t *out)
{
    pthread_mutex_lock(&srv->mu);
    sim_job *j = NULL;
    /* a free place first: a finished sim stays readable until the places
     * run out (five clients that each start a sim and then read it lost
     * the first one's result when the next start took its place) */
    for (int i = 0; i < SRV_MAX_SIMS && !j; i++)
        if (!srv->sims[i].used)
            j = &srv->sims[i];
    for (int i = 0; i < SRV_MAX_SIMS && !j; i++)
        if (srv->sims[i].done >= srv->sims[i].n || srv->sims[i].failed) {
            /* a finished sim's place is taken once its thread is joined */
            pthread_join(srv->sims[i].thread, NULL);
            job_free(&srv->sims[i]);
            srv->sims[i].used = 0;
            j = &srv->sims[i];
        }
    if (!j || srv->stopping) {
        pthread_mutex_unlock(&srv->mu);
        return srv_error(out, 503, "sim", "%d sims are running: try again later", SRV_MAX_SIMS);
    }
    memset(j, 0, sizeof *j);
    j->used = 1;
    j->n = n;
    j->srv = srv;
    srv_random_key(j->id);
    snprintf(j->fight, sizeof j->fight, "%s", f->key);
    j->nsides = f->s.e->nsides;
    for (int s = 0; s < j->nsides; s++)
        snprintf(j->side[s], sizeof j->side[s], "%s", f->s.e->side[s]);
    /* the present of the fight: its encounter and journal, no store */
    j->s.row = f->s.row;
    j->s.enter_all = f->s.enter_all;
    j->s.encounter = strdup(f->s.encounter);
    j->s.j = malloc((size_t)(f->s.nj ? f->s.nj : 1) * sizeof *j->s.j);
    if (j->s.encounter && j->s.j && f->s.nj) /* an empty journal may be NULL */
        memcpy(j->s.j, f->s.j, (size_t)f->s.nj * sizeof *j->s.j);
    j->s.nj = f->s.nj;
    if (!j->s.encounter || !j->s.j || pthread_create(&j->thread, NULL, run, j) != 0) {
        job_free(j);
        j->used = 0;
        pthread_mutex_unlock(&srv->mu);
        return srv_error(out, 500, "sim", "cannot start the sim");
    }
    pthread_mutex_unlock(&srv->mu);
    out->status = 202;
    out->json = json_pack("{s:s,s:i,s:i}", "id", j->id, "n", n, "done", 0);
    return 0;
}

int srv_sim_read(srv_t *srv, const char *fight, const char *id, reply_t *out)
{
    pthread_mutex_lock(&srv->mu);
    sim_job *j = NULL;
    for (int i = 0; i < SRV_MAX_SIMS && !j; i++)
        if (srv->sims[i].used && !strcmp(srv->sims[i].id, id) && !strcmp(srv->sims[i].fight, fight))
            j = &srv->sims[i];
    if (!j) {
        pthread_mutex_unlock(&srv->mu);
        return srv_error(out, 404, "sim", "no sim '%.40s' of this fight", id);
    }
    json_t *wins = json_object(), *hist = json_array();
    for (int s = 0; s < j->nsides; s++)
        json_object_set_new(wins, j->side[s], json_integer(j->wins[s]));
    int last = 0;
    for (int h = 0; h < 64; h++)
        if (j->hist[h])
            last = h + 1;
    for (int h = 0; h < last; h++)
        json_array_append_new(hist, json_integer(j->hist[h]));
    out->json = json_pack("{s:s,s:i,s:i,s:b,s:o,s:i,s:f,s:o}", "id", j->id, "n", j->n, "done",
                          j->done, "finished", j->done >= j->n || j->failed, "wins", wins, "draws",
                          j->wins[FRAY_MAX_SIDES], "mean_rounds",
                          j->done ? (double)j->rounds / j->done : 0.0, "rounds_histogram", hist);
    if (j->failed)
        json_object_set_new(out->json, "error", json_string(j->err));
    pthread_mutex_unlock(&srv->mu);
    return 0;
}

void srv_sims_join(srv_t *srv)
{
    for (int i = 0; i < SRV_MAX_SIMS; i++)
        if (srv->sims[i].used) {
            pthread_join(srv->sims[i].thread, NULL);
            job_free(&srv->sims[i]);
            srv->sims[i].used = 0;
        }
}
