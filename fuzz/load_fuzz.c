/* load_fuzz.c: any bytes as an encounter file. Loading must fail cleanly or
 * give a fight that runs to an end (a few rounds) without a crash, a leak or
 * undefined behaviour. Built as a libFuzzer target with FRAY_FUZZ=ON
 * (clang), and as `fuzz_replay`, which runs the same function over files:
 * the suite replays fuzz/corpus/, tests/data/ and examples/ with it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fray.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16)
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    char err[512];
    fray_encounter *e = fray_encounter_load_string(text, "fuzz.json", err, sizeof err);
    if (e) {
        fray_set_max_rounds(e, 5);
        fray_set_seed(e, 1);
        fray_run(e);
        fray_encounter_free(e);
    }
    free(text);
    return 0;
}
