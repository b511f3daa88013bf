/* odds_fuzz.c: any bytes as the words of `fray odds RULESET CHECK
 * [--param value]...`: the first byte picks the ruleset, the rest is split
 * at spaces. The odds hook answers with a JSON object or refuses with a
 * message, never crashes, leaks or hangs (its work is bounded). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 512)
        return 0;
    int nrs = 0;
    while (fray_rulesets[nrs])
        nrs++;
    const fray_ruleset *rs = fray_rulesets[data[0] % nrs];
    if (!rs->odds)
        return 0;
    char text[513];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    char *argv[64];
    int argc = 0;
    for (char *t = strtok(text, " \n"); t && argc < 63; t = strtok(NULL, " \n"))
        argv[argc++] = t;
    argv[argc] = NULL;
    if (!argc)
        return 0;
    json_t *out = NULL;
    char err[512];
    if (rs->odds(argc, argv, &out, err, sizeof err) == 0) {
        if (!json_is_object(out))
            abort();
        json_decref(out);
    } else if (!err[0]) {
        abort(); /* a refusal says why */
    }
    return 0;
}
