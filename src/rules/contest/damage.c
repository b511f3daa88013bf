/* damage.c: #Damage & Health, #Damage Type, #Resistance & Vulnerability,
 * #Armor and #Shields: what an attack's damage becomes, and the Health
 * Pool. */
#include "contest.h"

/* #Shields: "you add your BR to your AR against the triggering attack.
 * Shields also protect from magical damage equal to half their BR (round
 * up)." Damage of the other types (acid, force...) is neither: option
 * other_block reads "reduced by the shield's Block Rating" (#Step III) as
 * the whole BR (1) or, as for magic, half (0). */
int ct_block_part(int type, int br, int other_block)
{
    int g = ct_dtype_group[type];
    if (g == CT_G_PHYSICAL || (g == CT_G_OTHER && other_block))
        return br;
    return (br + 1) / 2;
}

int ct_damage_after(int raw, int type, int ar, int br, int blocked, int resist, int vuln,
                    int other_block)
{
    int d = raw;
    /* #Armor: "Your AR reduces all incoming physical damage" */
    if (ct_dtype_group[type] == CT_G_PHYSICAL)
        d -= ar;
    if (blocked)
        d -= ct_block_part(type, br, other_block);
    /* #Resistance & Vulnerability: "reduces all incoming fire damage by 3";
     * "increases all crushing damage they take by 3". All reductions and
     * the increase are summed, then the total is kept from going below 0
     * (the text does not order them). */
    d = d - resist + vuln;
    return d < 0 ? 0 : d;
}

/* "you only benefit from the highest one": of the type's own value and its
 * group's ("Magic Resistance (2) reduces all fire, frost, and shock"). */
int ct_resist_of(const ct_creature *c, int type)
{
    int a = c->resist[type], b = c->resist[CT_NDTYPE + ct_dtype_group[type]];
    return a > b ? a : b;
}

int ct_vuln_of(const ct_creature *c, int type)
{
    int a = c->vuln[type], b = c->vuln[CT_NDTYPE + ct_dtype_group[type]];
    return a > b ? a : b;
}

/* #Damage & Health: "Your Health Pool determines how many points of damage
 * you can take before being knocked unconscious." */
void ct_take_damage(fray_encounter *e, int who, int amount, int src)
{
    if (amount <= 0)
        return;
    int hp = fray_res(e, who, CT_R_HEALTH);
    int left = hp - amount < 0 ? 0 : hp - amount;
    fray_res_set(e, who, CT_R_HEALTH, left);
    e->c[who].taken += hp - left;
    if (src >= 0)
        e->c[src].dealt += hp - left;
    if (left == 0 && fray_able(e, who)) {
        fray_cond_add(e, who, CT_C_UNCONSCIOUS, -1, FRAY_EXP_NEVER, 0);
        fray_set_status(e, who, FRAY_DOWN);
        /* a grapple ends with its holder */
        for (int i = 0; i < e->n; i++)
            if (fray_has(e, i, CT_C_GRAPPLED) && fray_cond_source(e, i, CT_C_GRAPPLED) == who)
                fray_cond_remove(e, i, CT_C_GRAPPLED);
    }
}

void ct_fiat(fray_encounter *e, int who, int amount, int heal)
{
    if (!heal) {
        ct_take_damage(e, who, amount, -1);
        return;
    }
    int max = ct_cc(e, who)->health, hp = fray_res(e, who, CT_R_HEALTH) + amount;
    fray_res_set(e, who, CT_R_HEALTH, hp > max ? max : hp);
    if (fray_res(e, who, CT_R_HEALTH) > 0 && e->c[who].status == FRAY_DOWN) {
        fray_cond_remove(e, who, CT_C_UNCONSCIOUS);
        fray_set_status(e, who, FRAY_ABLE);
    }
}
