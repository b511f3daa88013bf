/* fight.c: see fight.h. */
#include "test.h"
#include "fight.h"

fray_encounter *test_open_round1(const char *json, const char *name)
{
    char err[512];
    fray_encounter *e = fray_encounter_load_string(json, name, err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    e->rs->start_combat(e);
    e->round = 1;
    e->rs->start_round(e);
    return e;
}
