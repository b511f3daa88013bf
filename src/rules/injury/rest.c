/* rest.c: after the fight, #Injuries and #Head of 001_7bb09e523b7677c3.txt:
 * "Every day that an injury goes untreated, make a DC 20 Constitution check
 * to not have it worsen"; "Each injury must first be treated with a Heal
 * check. The DC starts at 15 for minor injuries, and increases by 5 for each
 * severity higher"; "the injury takes one week per severity level to fully
 * recover"; a concussion heals with a DC 25 Constitution check "After every
 * hour of rest". rest(kind 0) is an hour, rest(kind 1) a day; the creature
 * treats itself (Heal check). Destroyed parts do not heal mundanely. */
#include "injury.h"

static void hour(fray_encounter *e, int who)
{
    in_creature *c = IN_CR(e, who);
    for (int i = 0; i < c->npart; i++)
        if (c->part[i].type == IN_HEAD && c->part[i].inj == 1 &&
            in_con_check(e, who, 25, "Constitution check to heal a concussion, DC 25, 1d20")) {
            c->part[i].inj = 0;
            in_injuries_changed(c);
            fray_record(e, who, "Head", 1, 0);
        }
    /* an hour's rest gives Stamina and Exhaustion back (their recovery is
     * in a chapter the text does not include) */
    if (e->c[who].status != FRAY_DEAD) {
        fray_res_set(e, who, IN_R_STAMINA, c->stamina_max);
        fray_res_set(e, who, IN_R_EXH, c->exh_max);
        fray_cond_remove(e, who, IN_C_EXHAUSTED);
    }
    fray_flush(e, who, IN_RULE("Head"));
}

static void day(fray_encounter *e, int who)
{
    in_creature *c = IN_CR(e, who);
    for (int i = 0; i < c->npart; i++) {
        in_part *p = &c->part[i];
        int sev = in_parts[p->type].severity;
        if (!p->inj || in_part_destroyed(c, i))
            continue;
        if (p->treated < p->inj) {
            fray_check h;
            fray_check_start(&h, 15 + 5 * sev);
            fray_check_mod(e, &h, "Heal", in_skill_mod(e, who, IN_SK_HEAL));
            in_roll_adv(e, &h, "Heal check, 1d20");
            fray_check_settle(&h, 0);
            if (h.success) {
                p->treated = p->inj;
            } else if (!in_con_check(e, who, 20, "Constitution check, untreated injury, DC 20, 1d20")) {
                p->inj++;
                in_injuries_changed(c);
                fray_record(e, who, in_parts[p->type].name, p->inj - 1, p->inj);
            }
        } else if (++p->days >= 7 * (sev + 1)) {
            p->days = 0;
            p->inj--;
            in_injuries_changed(c);
            p->treated--;
            fray_record(e, who, in_parts[p->type].name, p->inj + 1, p->inj);
        }
    }
    fray_flush(e, who, IN_RULE("Injuries"));
}

void in_rest(fray_encounter *e, int who, int kind)
{
    if (e->c[who].status == FRAY_DEAD)
        return;
    if (kind == 0)
        hour(e, who);
    else
        day(e, who);
}
