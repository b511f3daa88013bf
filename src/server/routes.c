/* routes.c: every route of fray serve, in one table. docs/api.md and the
 * OpenAPI document (web/openapi.json) name each of them; tests/server/
 * routes.sh checks that the three agree. {id} is a fight's key, {sim} a
 * sim's; a {...} part never holds '/'. */
#include <stdio.h>
#include <string.h>

#include "server.h"

const route_t srv_routes[] = {
    {"GET", "/api/health", api_health, 0},
    {"GET", "/api/openapi.json", api_openapi, 0},
    {"GET", "/api/rulesets", api_rulesets, 0},
    {"GET", "/api/examples", api_examples, 0},
    {"POST", "/api/dice", api_dice, 1},
    {"POST", "/api/odds", api_odds, 1},
    {"GET", "/api/fights", api_fights_list, 0},
    {"POST", "/api/fights", api_fight_create, 1},
    {"GET", "/api/fights/{id}", api_fight_get, 0},
    {"GET", "/api/fights/{id}/actions", api_fight_actions, 0},
    {"POST", "/api/fights/{id}/do", api_fight_do, 1},
    {"POST", "/api/fights/{id}/pass", api_fight_pass, 1},
    {"POST", "/api/fights/{id}/roll", api_fight_roll, 1},
    {"POST", "/api/fights/{id}/answer", api_fight_answer, 1},
    {"POST", "/api/fights/{id}/undo", api_fight_undo, 1},
    {"POST", "/api/fights/{id}/redo", api_fight_redo, 1},
    {"POST", "/api/fights/{id}/fiat", api_fight_fiat, 1},
    {"POST", "/api/fights/{id}/creatures", api_fight_add, 1},
    {"DELETE", "/api/fights/{id}/creatures/{name}", api_fight_remove, 0},
    {"GET", "/api/fights/{id}/log", api_fight_log, 0},
    {"GET", "/api/fights/{id}/narration", api_fight_narration, 0},
    {"GET", "/api/fights/{id}/events", api_fight_events, 0},
    {"POST", "/api/fights/{id}/odds", api_fight_odds, 1},
    {"POST", "/api/fights/{id}/sim", api_fight_sim, 1},
    {"POST", "/api/fights/{id}/hint", api_fight_hint, 1},
    {"GET", "/api/fights/{id}/sim/{sim}", api_fight_sim_get, 0},
    {"GET", "/", api_page, 0},
    {"GET", "/static/{file}", api_static, 0},
};
const int srv_nroutes = (int)(sizeof srv_routes / sizeof srv_routes[0]);

/* Does path match pattern? The {...} parts are copied into argbuf. */
static int match(const char *pattern, const char *path, const char *arg[3], char argbuf[3][128])
{
    const char *p = pattern, *s = path;
    int nargs = 0;
    while (*p && *s) {
        if (*p == '{') {
            size_t len = strcspn(s, "/");
            if (len == 0 || len >= 128 || nargs == 3)
                return 0;
            memcpy(argbuf[nargs], s, len);
            argbuf[nargs][len] = 0;
            arg[nargs] = argbuf[nargs];
            nargs++;
            s += len;
            p = strchr(p, '}');
            if (!p)
                return 0;
            p++;
        } else if (*p++ != *s++) {
            return 0;
        }
    }
    return !*p && !*s;
}

const route_t *srv_route_find(const char *method, const char *path, const char *arg[3],
                              char argbuf[3][128], int *path_known)
{
    *path_known = 0;
    for (int i = 0; i < srv_nroutes; i++) {
        if (!match(srv_routes[i].pattern, path, arg, argbuf))
            continue;
        if (!strcmp(srv_routes[i].method, method))
            return &srv_routes[i];
        *path_known = 1;
    }
    return NULL;
}
