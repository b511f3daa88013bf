/* api.c: the public calls that are not of one module: the library's
 * version, exact odds for an embedding program, freeing what fray hands
 * over. */
#include <stdlib.h>
#include <string.h>

#include "jsonout.h"
#include "core.h"

const char *fray_version(void) { return FRAY_VERSION; }

int fray_odds(const char *id, int argc, char **argv, char **json, char *err, size_t errlen)
{
    const fray_ruleset *rs = fray_ruleset_find(id);
    *json = NULL;
    if (!rs)
        return snprintf(err, errlen, "unknown ruleset '%s'", id), -1;
    if (!rs->odds)
        return snprintf(err, errlen, "%s has no exact odds", id), -1;
    if (argc < 1 || !argv || !argv[0])
        return snprintf(err, errlen, "which check? (see fray odds --help)"), -1;
    json_t *out = NULL;
    if (rs->odds(argc, argv, &out, err, errlen) < 0)
        return -1;
    *json = fray_json_dumps(out, JSON_PRESERVE_ORDER);
    json_decref(out);
    if (!*json)
        return snprintf(err, errlen, "out of memory"), -1;
    return 0;
}

void fray_free(void *p) { free(p); }
