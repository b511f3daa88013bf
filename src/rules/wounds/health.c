/* health.c: the pure rules of 003_45dec7998f478a90.txt: damage to wound
 * level, wound slots and their escalation, defenses, the pieces of an attack
 * check, stamina and fatigue, rests, jumping and AP arithmetic. Numbers in,
 * numbers out: no encounter, so odds and DPs can use them. */
#include "wounds.h"

/* #Wound Thresholds: "You gain a wound of the highest level whose threshold
 * the damage exceeds or equals." */
int wo_wound_level(int final_damage)
{
    int level = WO_NONE;
    for (int l = 0; l < WO_NLEVELS; l++)
        if (final_damage >= wo_wound_threshold[l])
            level = l;
    return level;
}

/* #Wound Thresholds: "Damage received = Attack Roll + Damage Roll - Defense -
 * Toughness." */
int wo_damage_received(int attack_roll, int damage_roll, int defense, int toughness)
{
    return attack_roll + damage_roll - defense - toughness;
}

/* #Wound Slots: "If all the slots of that level are already full, increase
 * the wound's severity until there is an empty slot." Past the single fatal
 * slot there is nothing higher: the wound stays fatal. */
int wo_wound_fill(int filled[WO_NLEVELS], const int slots[WO_NLEVELS], int level)
{
    if (level < WO_LIGHT)
        return WO_NONE;
    if (level > WO_FATAL)
        level = WO_FATAL;
    while (level < WO_FATAL && filled[level] >= slots[level])
        level++;
    filled[level]++;
    return level;
}

/* #Wound Slots: "you are considered wounded with a severity equal to your
 * highest wound." */
int wo_severity(const int filled[WO_NLEVELS])
{
    for (int l = WO_FATAL; l >= WO_LIGHT; l--)
        if (filled[l] > 0)
            return l;
    return WO_NONE;
}

/* #Recovery Checks: "the selected wound is reduced by one level, assuming
 * there is an open slot of the next lower level." A light wound reduced by a
 * level is healed. */
int wo_wound_reduce(int filled[WO_NLEVELS], const int slots[WO_NLEVELS], int level)
{
    if (level < WO_LIGHT || level > WO_FATAL || filled[level] <= 0)
        return 0;
    if (level == WO_LIGHT) {
        filled[WO_LIGHT]--;
        return 1;
    }
    if (filled[level - 1] >= slots[level - 1])
        return 0;
    filled[level]--;
    filled[level - 1]++;
    return 1;
}

/* #Wound Slots: "You have a number of light wound slots equal to 5 + your
 * Persona. Your moderate, severe, and critical wound slot counts are
 * determined by your Vitality. All characters have only a single fatal wound
 * slot." #NPCs and Wounds: "they have 1, 2, or 3 slots of each level from
 * Moderate to Critical depending on whether they are a minion, standard, or
 * elite NPC." */
void wo_slot_counts(int tier, int vitality, int persona, int slots[WO_NLEVELS])
{
    int light = 5 + persona;
    slots[WO_LIGHT] = light > 0 ? light : 0;
    if (tier == WO_PC) {
        const wo_slot_row *r = wo_slots_for_vitality(vitality);
        slots[WO_MODERATE] = r->moderate;
        slots[WO_SEVERE] = r->severe;
        slots[WO_CRITICAL] = r->critical;
    } else {
        slots[WO_MODERATE] = slots[WO_SEVERE] = slots[WO_CRITICAL] = tier;
    }
    slots[WO_FATAL] = 1;
}

/* #Defense: "If Speed + Reason is less than -5, use -5 instead." */
static int speed_reason(int speed, int reason)
{
    int s = speed + reason;
    return s < -5 ? -5 : s;
}

int wo_def_melee(int size, int speed, int reason, int block_bonuses)
{
    return 10 - size + speed_reason(speed, reason) + block_bonuses;
}

int wo_def_ranged(int size, int speed, int reason, int defensive_block_bonuses)
{
    return 10 - size + speed_reason(speed, reason) + defensive_block_bonuses;
}

int wo_def_immobile(int size) { return 5 - size; }

int wo_def_power(int str, int size, int athletics, int spec)
{
    return 10 + str + size + athletics + spec;
}

int wo_def_agility(int dex, int size, int reflex, int spec) { return 10 + dex - size + reflex + spec; }

int wo_def_fortitude(int vit, int resistance, int spec) { return 10 + vit + resistance + spec; }

int wo_def_willpower(int prs, int resistance, int spec) { return 10 + prs + resistance + spec; }

int wo_check_mod(int attr, int skill, int spec, int extra) { return attr + skill + spec + extra; }

/* #Rolls in Combat: "All attack and defense rolls are wild rolls". The text
 * does not define a wild roll; option wild_roll chooses (docs/rules/wounds.md). */
wo_roll wo_wild(fray_dice *d, int mode, const char *purpose)
{
    wo_roll r;
    r.natural = fray_die(d, 20, purpose);
    r.total = r.natural;
    r.crit = r.natural == 20 ? 1 : r.natural == 1 ? -1 : 0;
    if (mode >= WO_WILD_EXPLODE && r.natural == 20) {
        int x;
        do {
            x = fray_die(d, 20, "Wild die explodes, 1d20 added");
            r.total += x;
        } while (x == 20 && !d->error);
    }
    if (mode == WO_WILD_BOTH && r.natural == 1) {
        int x;
        do {
            x = fray_die(d, 20, "Wild die implodes, 1d20 subtracted");
            r.total -= x;
        } while (x == 20 && !d->error);
    }
    return r;
}

/* #Modifiers to Attack: "Attack penalties for cover and prone or crouching
 * targets do not stack; only the higher penalty applies. ... Penalties and
 * bonuses do stack." */
int wo_attack_mod(int ranged, int posture, int cover, int flank)
{
    int pm = 0, cm = 0, fm = 0;
    if (posture == WO_PRONE)
        pm = ranged ? wo_mod_table[0].ranged : wo_mod_table[0].melee;
    else if (posture == WO_CROUCH)
        pm = ranged ? wo_mod_table[1].ranged : wo_mod_table[1].melee;
    if (cover >= WO_COVER_QUARTER && cover <= WO_COVER_NINE_TENTHS)
        cm = ranged ? wo_mod_table[2 + cover].ranged : wo_mod_table[2 + cover].melee;
    if (flank > 0)
        /* #Ignoring Your Flank: rear attacks "gain double the normal flanking bonus" */
        fm = (ranged ? wo_mod_table[2].ranged : wo_mod_table[2].melee) * (flank >= 2 ? 2 : 1);
    int pc = (pm < 0 && cm < 0) ? (pm < cm ? pm : cm) : pm + cm;
    return pc + fm;
}

/* #Stamina: "If an action or effect would reduce your stamina below 0, your
 * stamina instead becomes 0 and you take fatigue equal to the excess stamina
 * cost." */
int wo_spend_stamina(int stamina, int cost, int *fatigue)
{
    if (cost <= stamina)
        return stamina - cost;
    *fatigue += cost - stamina;
    return 0;
}

/* #Fatigue: "Your maximum stamina is reduced by your fatigue level." */
int wo_max_stamina(int normal_max, int fatigue)
{
    int m = normal_max - fatigue;
    return m > 0 ? m : 0;
}

/* #Fatigue: "If your fatigue is greater than or equal to half your normal
 * maximum stamina, you become exhausted." Half is not rounded: 2 * fatigue
 * >= max compares exactly. */
int wo_is_exhausted(int normal_max, int fatigue) { return fatigue > 0 && 2 * fatigue >= normal_max; }

/* #Fatigue: "If it is greater than or equal to your normal maximum stamina,
 * you become staggered." */
int wo_is_staggered_by_fatigue(int normal_max, int fatigue)
{
    return fatigue > 0 && fatigue >= normal_max;
}

/* #Recovery Checks: "Compare the result to the TNs in the table to the right
 * to determine the highest wound level you can affect." */
int wo_recovery_reach(int result)
{
    int level = WO_NONE;
    for (int l = 0; l < WO_NLEVELS; l++)
        if (result >= wo_recovery_tn[l])
            level = l;
    return level;
}

/* #Long Rest: "your fatigue is reduced by 5 + your Vitality - your highest
 * wound level (1 for light, 2 for moderate, etc.), to a minimum of 1 if you
 * are not wounded or 0 if you are." */
int wo_long_rest_fatigue_cut(int vitality, int severity)
{
    int wl = severity >= WO_LIGHT ? severity + 1 : 0;
    int cut = 5 + vitality - wl;
    int floor = severity >= WO_LIGHT ? 0 : 1;
    return cut < floor ? floor : cut;
}

/* #Resting: "Most characters require 8 hours of sleep minus half an hour for
 * each point of Vitality". */
int wo_sleep_minutes(int vitality) { return 8 * 60 - 30 * vitality; }

/* #Jumping: "If you moved at least 5 yards leading up to the jump, you use
 * your normal result and add your Speed. Otherwise, halve your result."
 * Halving rounds down (the text does not say; down is the table habit). */
static int jump_result(int check, int speed, int run_up)
{
    return run_up ? check + speed : check / 2;
}

int wo_jump_long_feet(int check, int speed, int run_up)
{
    int r = jump_result(check, speed, run_up);
    return r > 0 ? r : 0;
}

/* "you jump a maximum height of double your check result in inches" */
int wo_jump_high_inches(int check, int speed, int run_up)
{
    int r = 2 * jump_result(check, speed, run_up);
    return r > 0 ? r : 0;
}

/* #Action Points: "Unspent AP is carried over, but any AP gained in excess of
 * your max AP as listed in the table is lost." */
int wo_gain_ap(int ap, int gain, int max_ap)
{
    if (ap >= max_ap)
        return ap;
    int n = ap + gain;
    return n > max_ap ? max_ap : n;
}

/* #Action Points: "no effect can reduce an AP cost below 1 unless it
 * specifically says it can, in which case it has a minimum AP cost of 0." */
int wo_ap_floor(int cost, int may_be_zero)
{
    int floor = may_be_zero ? 0 : 1;
    return cost < floor ? floor : cost;
}

int wo_yd_to_cm(int yards) { return yards * 9144 / 100; }

int wo_cm_to_yd(int cm) { return cm <= 0 ? 0 : (int)(((int64_t)cm * 100 + 4572) / 9144); }

int wo_per_points(int points, int per) { return points > 0 ? points / per : 0; }

int wo_steps_over(int total, int tn, int per) { return total >= tn ? 1 + (total - tn) / per : 0; }

/* "passing the check will reduce the AP cost of the action by 1 at the cost
 * of 1 stamina. For every 3 points by which you beat the TN, the cost
 * further decreases by 1. If you fail the check ... you may lose 1 AP plus 1
 * for every 3 points by which you failed" */
int wo_hurry_cost(int base, int total, int tn)
{
    if (total >= tn)
        return wo_ap_floor(base - 1 - (total - tn) / 3, 0);
    return base + 1 + (tn - total) / 3;
}

int wo_shove_yards(int total, int tn) { return 1 + (total - tn) / 3; }

int wo_sizes_within_5(int a, int b) { return a - b < 5 && b - a < 5; }

int wo_drag_penalty(int opponents) { return opponents > 1 ? -2 * (opponents - 1) : 0; }

int wo_calm_bonus_after(int bonus) { return bonus < 5 ? bonus + 1 : 5; }

int wo_mount_edge(int mount_size, int t_size, int t_mounted, int t_mount_size)
{
    return t_size < mount_size && !(t_mounted && t_mount_size >= mount_size);
}

int wo_jump_run_up(int yards_moved) { return yards_moved >= 5; }

int wo_cling_split(int total, int reduce, int *follow)
{
    int r = wo_per_points(total, 10);
    if (r > reduce)
        r = reduce;
    if (r < 0)
        r = 0;
    *follow = wo_per_points(total - 10 * r, 5);
    return r;
}

int wo_treat_auto_fails(int fatigue, int normal_max) { return fatigue >= normal_max; }

int wo_within_30_feet(int gap_yd) { return gap_yd <= 10; }

int wo_underwater_damage(int damage, int aquatic) { return aquatic ? damage : damage / 2; }

int wo_env_wound_penalty(int level) { return level > WO_LIGHT ? -5 * level : 0; }

int wo_can_be_surprised(int perception) { return perception <= 5; }

int wo_surprise_penalty(int perception) { return wo_can_be_surprised(perception) ? perception - 5 : 0; }

int wo_mount_fits(int mount_size, int rider_size) { return mount_size >= rider_size; }
