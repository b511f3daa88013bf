/* loadlen.c: a length read from a file (core.h, fray_load_metres). Files
 * give lengths in metres, as JSON numbers; they become whole centimetres
 * here, once, at load, and everything after is integer. The one file of
 * the loader with floating point (CMakeLists.txt's FRAY_FP_FILES). */
#include <math.h>

#include "core.h"

int fray_load_metres(fray_load *ld, const json_t *v, const char *key, int min_cm, int max_cm,
                     int *out)
{
    if (!json_is_number(v))
        return fray_load_fail(ld, key, "expected a number of metres");
    double m = json_number_value(v);
    if (!(m * 100 >= min_cm && m * 100 <= max_cm))
        return fray_load_fail(ld, key, "%g is out of range (expected %g to %g metres)", m,
                              min_cm / 100.0, max_cm / 100.0);
    *out = (int)lround(m * 100);
    return 0;
}
