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
    /* the work of these grows with their value (a horizon of attacks, the
     * square of the Aura, Monte Carlo fights): users may ask for seconds of
     * it, the fuzzer keeps to small ones and spends its time on the rest */
    static char small[3][8] = {"300", "60", "200"};
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--horizon") && strlen(argv[i + 1]) > 3)
            argv[i + 1] = small[0];
        else if (!strcmp(argv[i], "--aura") && strlen(argv[i + 1]) > 2)
            argv[i + 1] = small[1];
        else if (!strcmp(argv[i], "--mc") && strlen(argv[i + 1]) > 3)
            argv[i + 1] = small[2];
    }
    int defeat = !strcmp(argv[0], "defeat"), has_horizon = 0;
    for (int i = 1; i < argc; i++)
        has_horizon |= !strcmp(argv[i], "--horizon");
    if (defeat && !has_horizon && argc + 2 < 64) {
        argv[argc++] = (char *)"--horizon";
        argv[argc++] = small[0];
        argv[argc] = NULL;
    }
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
