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

int test_has_action(fray_encounter *e, int who, int kind)
{
    fray_action l[FRAY_MAX_LEGAL];
    int n = e->rs->legal(e, who, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (l[i].kind == kind)
            return 1;
    return 0;
}
