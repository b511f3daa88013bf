/* serve.c: `fray serve`: the fights of a store over HTTP, with a web page
 * for the table (src/server). Options, then the server runs until SIGTERM
 * or SIGINT, which it meets in this thread (sigwait): every other thread
 * has them blocked, so a request in progress is never cut, and the stop
 * finishes the commits in progress before the store is closed. */
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "core.h"
#include "server/server.h"

static void help(FILE *f)
{
    fprintf(f,
            "usage: fray serve [--db FILE] [--listen ADDR:PORT] [--token SECRET] [options]\n\n"
            "The fights of a store (the same as fray play's) over HTTP: a JSON API\n"
            "(docs/api.md; /api/openapi.json) and a web page at / for the table.\n"
            "  --db FILE          the store (SQLite; made when absent; default fray.db)\n"
            "  --listen ADDR:PORT address to listen on (default 127.0.0.1:8080; port 0: any\n"
            "                     free port). Any other address than loopback is warned of:\n"
            "                     use --token there\n"
            "  --token SECRET     every /api request must carry 'Authorization: Bearer SECRET'\n"
            "                     (or ?token=SECRET); the page asks for it (also $FRAY_TOKEN)\n"
            "  --threads N        threads answering requests (default 4)\n"
            "  --max-connections N  connections at once (default 256)\n"
            "  --per-client N     connections from one address (default 128)\n"
            "  --max-body BYTES   largest request body (default 1048576)\n"
            "  --max-depth N      deepest nesting of a JSON body (default 32)\n"
            "  --timeout SEC      a connection silent this long is closed (default 30)\n"
            "  --header-timeout SEC  a connection that has not sent its request's headers\n"
            "                     this long is closed (default 5; at most --timeout)\n"
            "  --max-sim N        largest N of a sim (default 100000)\n"
            "  --web DIR          the page's files (default: installed beside the data)\n"
            "  --examples DIR     bundled encounters a fight can start from\n"
            "It prints 'listening on http://ADDR:PORT/' when ready, and stops cleanly on\n"
            "SIGTERM or SIGINT. Exit: 0 stopped, 1 cannot listen, 2 bad options or store.\n");
}

/* A folder beside the bundled data: <data>/../<name>. */
static void beside_data(char *out, size_t len, const char *name)
{
    snprintf(out, len, "%s/../%s", fray_data_dir(), name);
}

static int parse_listen(const char *s, srv_opts *o)
{
    const char *colon = strrchr(s, ':');
    if (!colon || colon == s || (size_t)(colon - s) >= sizeof o->host)
        return -1;
    snprintf(o->host, sizeof o->host, "%.*s", (int)(colon - s), s);
    if (!strcmp(o->host, "localhost"))
        snprintf(o->host, sizeof o->host, "127.0.0.1");
    int port;
    if (cli_parse_int("serve", "--listen PORT", colon + 1, 0, 65535, &port) < 0)
        return -1;
    o->port = (unsigned)port;
    return 0;
}

static int parse_opts(int argc, char **argv, srv_opts *o, char *web, char *ex, size_t len)
{
    static const struct option longopts[] = {
        {"db", required_argument, 0, 'd'},       {"listen", required_argument, 0, 'l'},
        {"token", required_argument, 0, 't'},    {"threads", required_argument, 0, 'T'},
        {"max-connections", required_argument, 0, 'C'}, {"per-client", required_argument, 0, 'P'},
        {"max-body", required_argument, 0, 'B'}, {"max-depth", required_argument, 0, 'D'},
        {"timeout", required_argument, 0, 'O'},  {"max-sim", required_argument, 0, 'S'},
        {"header-timeout", required_argument, 0, 'H'},
        {"web", required_argument, 0, 'w'},      {"examples", required_argument, 0, 'e'},
        {"help", no_argument, 0, 'h'},           {0, 0, 0, 0}};
    int c, v;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        int rc = 0;
        switch (c) {
        case 'd': o->db = optarg; break;
        case 'l':
            if (parse_listen(optarg, o) < 0)
                return fprintf(stderr, "fray serve: --listen expects ADDR:PORT, got '%s'\n", optarg), 2;
            break;
        case 't': o->token = optarg; break;
        case 'T': rc = cli_parse_int("serve", "--threads", optarg, 1, 64, &v); o->threads = (unsigned)v; break;
        case 'C': rc = cli_parse_int("serve", "--max-connections", optarg, 1, 10000, &v); o->max_conns = (unsigned)v; break;
        case 'P': rc = cli_parse_int("serve", "--per-client", optarg, 1, 10000, &v); o->per_ip = (unsigned)v; break;
        case 'B': rc = cli_parse_int("serve", "--max-body", optarg, 64, 64 << 20, &v); o->max_body = (size_t)v; break;
        case 'D': rc = cli_parse_int("serve", "--max-depth", optarg, 2, 1000, &o->max_depth); break;
        case 'O': rc = cli_parse_int("serve", "--timeout", optarg, 1, 3600, &v); o->timeout = (unsigned)v; break;
        case 'H': rc = cli_parse_int("serve", "--header-timeout", optarg, 1, 3600, &v); o->header_timeout = (unsigned)v; break;
        case 'S': rc = cli_parse_int("serve", "--max-sim", optarg, 1, 1000000, &o->max_sim); break;
        case 'w': snprintf(web, len, "%s", optarg); break;
        case 'e': snprintf(ex, len, "%s", optarg); break;
        case 'h': help(stdout); return -1;
        default: help(stderr); return 2;
        }
        if (rc < 0)
            return 2;
    }
    if (optind < argc) {
        fprintf(stderr, "fray serve: unexpected '%s'\n", argv[optind]);
        help(stderr);
        return 2;
    }
    return 0;
}

int cli_serve(int argc, char **argv)
{
    srv_t *srv = calloc(1, sizeof *srv);
    if (!srv)
        return fprintf(stderr, "fray serve: out of memory\n"), 1;
    srv_opts *o = &srv->o;
    *o = (srv_opts){.db = "fray.db", .host = "127.0.0.1", .port = 8080, .threads = 4,
                    .max_conns = 256, .per_ip = 128, .max_body = 1 << 20, .max_depth = 32,
                    .timeout = 30, .header_timeout = 5, .max_sim = 100000};
    char web[1024], ex[1024];
    beside_data(web, sizeof web, "web");
    beside_data(ex, sizeof ex, "examples");
    int rc = parse_opts(argc, argv, o, web, ex, sizeof web);
    if (rc != 0) {
        free(srv);
        return rc < 0 ? 0 : rc;
    }
    if (!o->token && getenv("FRAY_TOKEN") && *getenv("FRAY_TOKEN"))
        o->token = getenv("FRAY_TOKEN");
    o->web = web;
    o->examples = ex;
    if (strncmp(o->host, "127.", 4))
        fprintf(stderr, "fray serve: warning: listening on %s, not loopback: anyone who can reach "
                        "it can play these fights%s\n", o->host,
                o->token ? "" : " (no --token set)");
    /* SIGTERM and SIGINT are met here only: blocked before any thread starts */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    char err[600];
    if (srv_start(srv, err, sizeof err) < 0) {
        fprintf(stderr, "fray serve: %s\n", err);
        free(srv);
        return strstr(err, "listen") ? 1 : 2;
    }
    printf("listening on http://%s:%u/ (store %s)\n", o->host, o->port, o->db);
    fflush(stdout);
    int sig = 0;
    sigwait(&stop, &sig);
    fprintf(stderr, "fray serve: %s: stopping\n", sig == SIGTERM ? "SIGTERM" : "SIGINT");
    srv_stop(srv);
    free(srv);
    return 0;
}
