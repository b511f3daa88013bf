/* api_misc.c: the handlers that need no fight: health, the OpenAPI
 * document, rulesets, bundled examples, dice, a ruleset's odds, and the
 * store's fights (listing, making one). */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonout.h"
#include "dice.h"
#include "server.h"

static char *slurp(const char *path, size_t max, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(max + 1);
    *len = buf ? fread(buf, 1, max + 1, f) : 0;
    fclose(f);
    if (buf && *len > max) {
        free(buf);
        return NULL;
    }
    if (buf)
        buf[*len] = 0;
    return buf;
}

int api_health(srv_t *srv, req_t *rq, reply_t *out)
{
    (void)rq;
    out->json = json_pack("{s:s,s:s}", "status", "ok", "version", fray_version());
    (void)srv;
    return 0;
}

int api_openapi(srv_t *srv, req_t *rq, reply_t *out)
{
    (void)rq;
    return srv_static(srv, "openapi.json", out);
}

int api_rulesets(srv_t *srv, req_t *rq, reply_t *out)
{
    (void)srv;
    (void)rq;
    json_t *all = json_array();
    for (int i = 0; fray_rulesets[i]; i++) {
        const fray_ruleset *rs = fray_rulesets[i];
        json_t *acts = json_array(), *res = json_array(), *conds = json_array();
        for (int k = 0; k < rs->nactions; k++)
            json_array_append_new(acts, json_pack("{s:s,s:s,s:s}", "name", rs->actions[k].name,
                                                  "cost", rs->actions[k].cost, "what",
                                                  rs->actions[k].what));
        for (int k = 0; k < rs->nresources; k++)
            json_array_append_new(res, json_string(rs->resources[k]));
        for (int k = 0; k < rs->nconditions; k++)
            json_array_append_new(conds, json_string(rs->conditions[k]));
        json_array_append_new(all, json_pack("{s:s,s:s,s:s,s:o,s:o,s:o,s:b,s:b}", "id", rs->id,
                                             "seed", rs->seed, "summary", rs->summary, "actions",
                                             acts, "resources", res, "conditions", conds, "odds",
                                             rs->odds != NULL, "turns", rs->turns != NULL));
    }
    out->json = json_pack("{s:o}", "rulesets", all);
    return 0;
}

static int example_name_ok(const char *s)
{
    if (!*s || strlen(s) > 64)
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_')
            return 0;
    return 1;
}

int api_examples(srv_t *srv, req_t *rq, reply_t *out)
{
    (void)rq;
    json_t *all = json_array();
    DIR *d = opendir(srv->o.examples);
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n < 6 || strcmp(de->d_name + n - 5, ".json"))
            continue;
        char name[128], path[1200];
        snprintf(name, sizeof name, "%.*s", (int)(n - 5), de->d_name);
        snprintf(path, sizeof path, "%s/%s", srv->o.examples, de->d_name);
        if (!example_name_ok(name))
            continue;
        size_t len;
        char *text = slurp(path, 1 << 20, &len);
        json_t *j = text ? json_loads(text, 0, NULL) : NULL;
        free(text);
        json_t *rs = json_object_get(j, "ruleset"), *title = json_object_get(j, "name");
        if (json_is_object(j) && json_is_string(rs))
            json_array_append_new(all, json_pack("{s:s,s:s,s:s}", "name", name, "ruleset",
                                                 json_string_value(rs), "title",
                                                 json_is_string(title) ? json_string_value(title)
                                                                       : name));
        json_decref(j);
    }
    if (d)
        closedir(d);
    out->json = json_pack("{s:o}", "examples", all);
    return 0;
}

int api_dice(srv_t *srv, req_t *rq, reply_t *out)
{
    (void)srv;
    json_t *x = json_object_get(rq->json, "expr");
    if (!json_is_string(x) || json_string_length(x) == 0 || json_string_length(x) > 200)
        return srv_error(out, 400, "body.expr", "expected a dice expression (a string: 2d6+3)");
    fray_dexpr e;
    char err[200];
    if (fray_dexpr_parse(json_string_value(x), &e, err, sizeof err) < 0)
        return srv_error(out, 422, "body.expr", "%s", err);
    fray_dist d;
    memset(&d, 0, sizeof d);
    if (fray_dist_expr(&d, &e, 0) < 0)
        return srv_error(out, 422, "body.expr", "the exact distribution is too large to compute");
    char text[256];
    fray_dexpr_format(&e, text, sizeof text);
    json_t *dist = json_object();
    for (int i = 0; i < d.n; i++) {
        char key[16];
        if (d.p[i] == 0.0)
            continue;
        snprintf(key, sizeof key, "%d", d.lo + i);
        json_object_set_new(dist, key, json_real(d.p[i]));
    }
    out->json = json_pack("{s:s,s:o,s:f,s:f}", "expr", text, "dist", dist, "mean",
                          fray_dist_mean(&d), "sd", fray_dist_sd(&d));
    fray_dist_free(&d);
    return 0;
}

/* POST /api/odds {"ruleset": ID, "check": NAME, "params": {"av": 17, ...}} */
int api_odds(srv_t *srv, req_t *rq, reply_t *out)
{
    (void)srv;
    json_t *id = json_object_get(rq->json, "ruleset"), *check = json_object_get(rq->json, "check"),
           *params = json_object_get(rq->json, "params");
    if (!json_is_string(id))
        return srv_error(out, 400, "body.ruleset", "expected a ruleset id (a string)");
    if (!json_is_string(check))
        return srv_error(out, 400, "body.check", "expected a check's name (a string)");
    if (params && !json_is_object(params))
        return srv_error(out, 400, "body.params", "expected an object of parameters");
    char *argv[66], buf[64][80];
    int argc = 0;
    argv[argc++] = (char *)json_string_value(check);
    const char *key;
    json_t *v;
    json_object_foreach(params, key, v) {
        if (argc + 2 > 64)
            return srv_error(out, 400, "body.params", "too many parameters");
        char where[96];
        snprintf(where, sizeof where, "body.params.%.60s", key);
        if (!json_is_integer(v) && !json_is_string(v))
            return srv_error(out, 400, where, "expected an integer or a string");
        snprintf(buf[argc], sizeof buf[argc], "--%.70s", key);
        argv[argc] = buf[argc];
        argc++;
        if (json_is_integer(v))
            snprintf(buf[argc], sizeof buf[argc], "%lld", (long long)json_integer_value(v));
        else
            snprintf(buf[argc], sizeof buf[argc], "%.70s", json_string_value(v));
        argv[argc] = buf[argc];
        argc++;
    }
    argv[argc] = NULL;
    char *text = NULL, err[400];
    if (fray_odds(json_string_value(id), argc, argv, &text, err, sizeof err) < 0)
        return srv_error(out, 422, "body", "%s", err);
    out->json = json_loads(text, 0, NULL);
    fray_free(text);
    if (!out->json)
        return srv_error(out, 500, "odds", "the odds were not JSON");
    return 0;
}

static void list_row(void *ud, const fray_fight_row *r)
{
    json_array_append_new(ud, srv_row_json(r));
}

int api_fights_list(srv_t *srv, req_t *rq, reply_t *out)
{
    (void)rq;
    json_t *all = json_array();
    pthread_mutex_lock(&srv->mu);
    int n = fray_store_list(srv->st, list_row, all);
    pthread_mutex_unlock(&srv->mu);
    if (n < 0) {
        json_decref(all);
        return srv_error(out, 500, "store", "%s", fray_store_error(srv->st));
    }
    out->json = json_pack("{s:o}", "fights", all);
    return 0;
}

/* The encounter's text: the body's "encounter" object, or a bundled example. */
static char *encounter_text(srv_t *srv, req_t *rq, char *file, size_t filelen, reply_t *out)
{
    json_t *enc = json_object_get(rq->json, "encounter"), *ex = json_object_get(rq->json, "example");
    if (enc && ex)
        return srv_error(out, 400, "body", "give an encounter or an example, not both"), NULL;
    if (enc) {
        if (!json_is_object(enc))
            return srv_error(out, 400, "body.encounter", "expected an encounter object"), NULL;
        snprintf(file, filelen, "body.encounter");
        return fray_json_dumps(enc, JSON_COMPACT | JSON_PRESERVE_ORDER);
    }
    if (!json_is_string(ex))
        return srv_error(out, 400, ex ? "body.example" : "body",
                         ex ? "expected an example's name (a string)"
                            : "expected \"encounter\" (an object) or \"example\" (a name)"),
               NULL;
    if (!example_name_ok(json_string_value(ex)))
        return srv_error(out, 400, "body.example", "not an example's name"), NULL;
    snprintf(file, filelen, "%s/%s.json", srv->o.examples, json_string_value(ex));
    size_t len;
    char *text = slurp(file, 1 << 20, &len);
    if (!text)
        srv_error(out, 404, "body.example", "no example named '%s'", json_string_value(ex));
    return text;
}

int api_fight_create(srv_t *srv, req_t *rq, reply_t *out)
{
    char file[1200], err[600], ctl[256], control[256] = "";
    json_t *name = json_object_get(rq->json, "name"), *seed = json_object_get(rq->json, "seed"),
           *user = json_object_get(rq->json, "control");
    if (name && (!json_is_string(name) || json_string_length(name) == 0 || json_string_length(name) > 50))
        return srv_error(out, 400, "body.name", "expected a name of 1 to 50 characters");
    if (seed && (!json_is_integer(seed) || json_integer_value(seed) < 0))
        return srv_error(out, 400, "body.seed", "expected a non-negative integer");
    if (user && (!json_is_string(user) || json_string_length(user) >= sizeof control))
        return srv_error(out, 400, "body.control", "expected \"SIDE=gm|policy|random,...\"");
    if (user)
        snprintf(control, sizeof control, "%s", json_string_value(user));
    char *text = encounter_text(srv, rq, file, sizeof file, out);
    if (!text)
        return 0;
    fray_encounter *e = fray_encounter_load_string(text, file, err, sizeof err);
    if (!e) {
        free(text);
        return srv_error(out, 422, "body.encounter", "%s", err);
    }
    uint64_t s = seed ? (uint64_t)json_integer_value(seed) : 0;
    if (!seed) {
        char key[SRV_KEY_LEN + 1];
        if (srv_random_key(key) == 0)
            s = strtoull(key + 16, NULL, 16) % 1000000000ULL;
    }
    fray_fight_row row;
    int rc = fray_session_control_default(e, control, ctl, sizeof ctl, err, sizeof err);
    if (rc < 0) {
        srv_error(out, 422, "body.control", "%s", err);
    } else {
        pthread_mutex_lock(&srv->mu);
        rc = fray_store_new_fight(srv->st, name ? json_string_value(name) : fray_encounter_name(e),
                                  fray_encounter_ruleset(e), file, text, s, ctl, &row, err,
                                  sizeof err);
        pthread_mutex_unlock(&srv->mu);
        if (rc < 0)
            srv_error(out, 500, "store", "%s", err);
    }
    fray_encounter_free(e);
    free(text);
    if (rc < 0)
        return 0;
    fight_t *f = srv_fight(srv, row.key, out);
    if (!f)
        return 0;
    pthread_mutex_lock(&f->mu);
    out->json = srv_state_json(f, 0);
    pthread_mutex_unlock(&f->mu);
    out->status = 201;
    return 0;
}
