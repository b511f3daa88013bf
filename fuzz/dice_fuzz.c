/* dice_fuzz.c: any bytes as a dice expression, as `fray dice` takes it.
 * Parsing must fail cleanly or give an expression that formats, rolls and
 * has an exact distribution (or a refusal within the work budget), with no
 * crash, leak or undefined behaviour. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 256)
        return 0;
    char text[257];
    memcpy(text, data, size);
    text[size] = 0;
    fray_dexpr e;
    char err[160];
    if (fray_dexpr_parse(text, &e, err, sizeof err) < 0)
        return 0;
    char buf[512];
    fray_dexpr_format(&e, buf, sizeof buf);
    fray_dexpr back;
    if (fray_dexpr_parse(buf, &back, err, sizeof err) < 0)
        abort(); /* what format writes must parse again */
    fray_dice d;
    fray_dice_init(&d, 1, 0);
    for (int adv = -1; adv <= 1; adv++)
        fray_dexpr_roll(&e, &d, adv, "fuzz");
    /* the exact distribution of a large expression is refused by the work
     * budget after up to a second under this instrumentation (the corpus
     * keeps such a case); the fuzzer spends its time on the rest */
    long work = 0;
    for (int t = 0; t < e.n && work < 1000000; t++)
        work += (long)e.t[t].count * (e.t[t].explode ? 8 : 1) * (e.t[t].sides > 0 ? e.t[t].sides : 1);
    fray_dist dist;
    if (work < 4000 && fray_dist_expr(&dist, &e, (int)(size % 3) - 1) == 0) {
        double total = dist.tail;
        for (int i = 0; i < dist.n; i++)
            total += dist.p[i];
        if (total < 0.999 || total > 1.001)
            abort(); /* a distribution sums to one */
        fray_dist_free(&dist);
    }
    return 0;
}
