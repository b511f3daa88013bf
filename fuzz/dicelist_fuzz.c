/* dicelist_fuzz.c: any bytes as a `fray run --dice` list. The list parses
 * or is refused; a parsed list scripts a whole fight of an example, which
 * ends, or stops cleanly when the list runs out or a value is off a die. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fray_encounter *fight;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char err[512];
    if (!fight) {
        fight = fray_encounter_load_file("examples/energy-duel.json", err, sizeof err);
        if (!fight)
            abort(); /* run from the source tree */
        fray_set_max_rounds(fight, 20);
    }
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    int *vals;
    size_t n;
    if (fray_dice_list_parse(text, &vals, &n, err, sizeof err) == 0) {
        fray_set_dice_script(fight, vals, n);
        fray_set_seed(fight, 1);
        if (fray_run(fight) < 0 && fray_error_code(fight) != FRAY_EINPUT)
            abort(); /* a dice list is input: it may be short or off a die, nothing else */
        free(vals);
    }
    free(text);
    return 0;
}
