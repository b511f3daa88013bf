/* check.c: the check pipeline (check.h). A check is the result of one roll
 * with its modifiers, in the same shape for every ruleset. */
#include "core.h"

void fray_check_start(fray_check *c, int target)
{
    *c = (fray_check){.target = target};
}

void fray_check_mod(fray_encounter *e, fray_check *c, const char *source, int value)
{
    if (!value)
        return;
    c->mod += value;
    fray_mod(e, source, value);
}

int fray_check_roll(fray_encounter *e, fray_check *c, int sides, int crit_from, const char *purpose)
{
    int nat = fray_die_adv(&e->dice, sides, c->adv, purpose);
    int crit = 0;
    if (crit_from > 0 && nat >= crit_from)
        crit = 1;
    else if (crit_from > 0 && nat == 1)
        crit = -1;
    fray_check_natural(c, nat, crit);
    return nat;
}

void fray_check_natural(fray_check *c, int nat, int crit)
{
    c->nat = nat;
    c->crit = crit;
}

/* floor(a / b) for b > 0: C's division rounds toward zero, a degree of a
 * failure counts down from -1 */
static int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

void fray_check_settle(fray_check *c, int step)
{
    c->total = c->nat + c->mod;
    c->margin = c->total - c->target;
    c->success = c->crit > 0 || (c->crit == 0 && c->margin >= 0);
    c->degrees = step > 0 ? floor_div(c->margin, step) : 0;
}

int fray_check_versus(const fray_check *a, const fray_check *b, int ties_by_nat)
{
    if (a->total != b->total)
        return a->total > b->total ? 1 : -1;
    if (ties_by_nat && a->nat != b->nat)
        return a->nat > b->nat ? 1 : -1;
    return 0;
}

void fray_check_window(fray_encounter *e, const fray_action *trigger, fray_check *c, int step)
{
    fray_check_settle(c, step);
    fray_check *outer = e->check;
    e->check = c;
    fray_offer(e, FRAY_WIN_ROLLED, trigger);
    e->check = outer;
    fray_check_settle(c, step);
}
