/* static.c: the web page's files, from its folder only. A name is one
 * path part of letters, digits, '-', '_' and '.', not starting with '.',
 * so no request reaches outside the folder (../, an absolute path, a
 * hidden file); the file must be a regular file of the folder. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server.h"

static const struct {
    const char *ext, *type;
} types[] = {
    {".html", "text/html; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"}, {".json", "application/json"},
    {".svg", "image/svg+xml"}, {".png", "image/png"}, {".ico", "image/x-icon"},
};

static int name_ok(const char *s)
{
    if (!*s || *s == '.' || strlen(s) > 64)
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '-' || *s == '_' || *s == '.'))
            return 0;
    return 1;
}

int srv_static(srv_t *srv, const char *rel, reply_t *out)
{
    const char *type = NULL;
    size_t n = strlen(rel);
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        size_t l = strlen(types[i].ext);
        if (n > l && !strcmp(rel + n - l, types[i].ext))
            type = types[i].type;
    }
    if (!name_ok(rel) || strstr(rel, "..") || !type)
        return srv_error(out, 404, "path", "no such file: %.64s", rel);
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", srv->o.web, rel);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size > (1 << 22)) {
        if (fd >= 0)
            close(fd);
        return srv_error(out, 404, "path", "no such file: %s", rel);
    }
    char *buf = malloc((size_t)sb.st_size + 1);
    ssize_t got = buf ? read(fd, buf, (size_t)sb.st_size) : -1;
    close(fd);
    if (got != (ssize_t)sb.st_size) {
        free(buf);
        return srv_error(out, 500, "path", "cannot read %s", rel);
    }
    out->text = buf;
    out->text_len = (size_t)got;
    out->type = type;
    return 0;
}

int api_page(srv_t *srv, req_t *rq, reply_t *out)
{
    (void)rq;
    return srv_static(srv, "index.html", out);
}

int api_static(srv_t *srv, req_t *rq, reply_t *out) { return srv_static(srv, rq->arg[0], out); }
