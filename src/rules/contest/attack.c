/* attack.c: #Attacking & Defending: #Step I: Attack (Strike, spell
 * attacks), #What is an Attack?, #Step II: Defend (the defence chosen
 * before the dice), #Step III: Determine Results (the Combat Roll), with
 * the modifiers of #Using Untrained Weapons and Armor, #Cover and
 * #Flanking. */
#include <stdio.h>
#include <string.h>

#include "contest.h"
#include "loop.h"

void ct_skill_test(const fray_encounter *e, int who, int skill, ct_test *t)
{
    const ct_creature *c = ct_cc(e, who);
    t->rating = c->attr[ct_skill_attr[skill]] + c->skill[skill];
}

/* A modifier to a test: added, and shown with its source when show. */
static void mod(fray_encounter *e, int show, ct_test *t, const char *source, int v)
{
    if (!v)
        return;
    t->rating += v;
    if (show)
        fray_mod(e, source, v);
}

/* Dazed and Prone give a bane (readings: the chapter names them without
 * their rules); untrained armour a bane to Fighting Style, Dodge and
 * Sorcery tests (#Using Untrained Weapons and Armor: "imposes bane to all
 * Fighting Style, Dodge, and Sorcery tests"; option untrained_armor, as
 * #Step I says -2 instead). */
void ct_state_boons(fray_encounter *e, int who, int armor_counts, ct_test *t)
{
    if (fray_has(e, who, CT_C_DAZED))
        t->boon--;
    if (fray_has(e, who, CT_C_PRONE))
        t->boon--;
    if (armor_counts && fray_opt(e, CT_OPT_UNTRAINED_ARMOR) != CT_UA_PENALTY &&
        !ct_armor_trained(ct_cc(e, who)))
        t->boon--;
}

/* The Fighting Style rating with an item: the best style that lists it,
 * else the best style. #Step I: "wielding a weapons or armor not included
 * in your Fighting Style imposes a -2 penalty to all Fighting Style tests"
 * and #Using Untrained Weapons and Armor: "Using a weapon with which you
 * are untrained in imposes a -2 penalty to all Fighting Style tests": -2
 * to every Fighting Style test while an untrained weapon or shield is in
 * hand (option untrained_weapon 1: only to the tests made with it), or the
 * item tested with is untrained (fists included); one -2 however many. */
static void style_test(fray_encounter *e, int show, int who, int rank, int attr, ct_test *t)
{
    const ct_creature *c = ct_cc(e, who);
    t->rating = attr + (rank >= 0 ? rank : c->rank.best);
    int untrained = rank < 0 ||
                    (fray_opt(e, CT_OPT_UNTRAINED_WEAPON) == 0 && ct_wields_untrained(c)) ||
                    (fray_opt(e, CT_OPT_UNTRAINED_ARMOR) != CT_UA_BANE && !ct_armor_trained(c));
    if (untrained)
        mod(e, show, t, "Untrained gear", -2);
    ct_state_boons(e, who, 1, t);
}

static int best_of(int a, int b) { return a > b ? a : b; }

static void defence_tests(fray_encounter *e, int who, int t, const ct_plan *p, int show,
                          ct_plan *out)
{
    (void)who;
    const ct_creature *d = ct_cc(e, t);
    /* #Step II: Block "a Fighting Style test using Strength" */
    style_test(e, 0, t, d->rank.shield, d->attr[CT_STR], &out->def[CT_D_BLOCK]);
    /* Dodge "a Dodge test"; #Cover: "+2 bonus on Dodge tests" */
    ct_skill_test(e, t, CT_SK_DODGE, &out->def[CT_D_DODGE]);
    ct_state_boons(e, t, 1, &out->def[CT_D_DODGE]);
    if (p->ranged)
        out->def[CT_D_DODGE].rating += ct_cover_table[d->cover].dodge;
    /* Parry "a Fighting Style test using either Strength or Agility" */
    int mw = ct_melee_weapon(e, t);
    style_test(e, 0, t, d->weapon[mw >= 0 ? mw : d->nweapon - 1].rank,
               best_of(d->attr[CT_STR], d->attr[CT_AGI]), &out->def[CT_D_PARRY]);
    /* Withstand "a Focus test" */
    ct_skill_test(e, t, CT_SK_FOCUS, &out->def[CT_D_WITHSTAND]);
    ct_state_boons(e, t, 0, &out->def[CT_D_WITHSTAND]);
    out->def[CT_D_NONE] = (ct_test){0, 0, -1};
    (void)show;
}

static uint32_t allowed_defences(fray_encounter *e, int who, int t, const ct_plan *p, int spell)
{
    const ct_creature *d = ct_cc(e, t);
    uint32_t ok = 1u << CT_D_NONE;
    /* "if it is aware of it"; a reaction needs its AP */
    if (!ct_can_react(e, t) || fray_has(e, who, CT_C_HIDDEN))
        return ok;
    if (d->shield_held)
        ok |= 1u << CT_D_BLOCK;
    ok |= 1u << CT_D_DODGE;
    /* "Spells and Ranged attacks can't be parried." */
    if (!p->spell && !p->ranged)
        ok |= 1u << CT_D_PARRY;
    /* "only ... against abilites that target the mind" */
    if (p->mind)
        ok |= 1u << CT_D_WITHSTAND;
    /* "Attack spells can only be defended with Block or Dodge, unless the
     * spell's description says otherwise." */
    if (p->spell)
        ok &= (uint32_t)ct_cc(e, who)->spell[spell].defences | 1u << CT_D_NONE;
    return ok;
}

void ct_plan_of(fray_encounter *e, int who, int t, int weapon, int spell, int show, ct_plan *p)
{
    const ct_creature *a = ct_cc(e, who), *d = ct_cc(e, t);
    memset(p, 0, sizeof *p);
    p->spell = spell >= 0;
    int melee_reach = weapon >= 0 && ct_weapon_reaches(e, who, weapon, t);
    if (p->spell) {
        const ct_spell *s = &a->spell[spell];
        p->ranged = !s->melee_attack;
        p->mind = s->mind;
        p->dice = s->dice, p->sides = s->sides, p->bonus = s->bonus, p->type = s->type;
        /* #Step I: "Spell Attacks. Make a Sorcery test" */
        ct_skill_test(e, who, CT_SK_SORCERY, &p->att);
        ct_state_boons(e, who, 1, &p->att);
    } else {
        const ct_weapon *w = &a->weapon[weapon];
        p->ranged = w->range > 0 && (w->reach == 0 || !melee_reach);
        p->dice = w->dice, p->sides = w->sides, p->bonus = w->bonus, p->type = w->type;
        /* "When making a ranged or thrown attack, the character must use
         * Agility"; melee reads the better of Strength and Agility */
        int attr = p->ranged ? a->attr[CT_AGI] : best_of(a->attr[CT_STR], a->attr[CT_AGI]);
        style_test(e, show, who, w->rank, attr, &p->att);
    }
    if (p->ranged) {
        mod(e, show, &p->att, d->cover == CT_COVER_HIGH ? "High cover" : "Low cover",
            ct_cover_table[d->cover].attack);
    } else if (ct_flanked(e, who, t)) {
        mod(e, show, &p->att, "Flanking", 2);
    }
    if (!p->ranged && fray_has(e, t, CT_C_PRONE))
        p->att.boon++; /* a reading: a prone foe is easier to hit in melee */
    defence_tests(e, who, t, p, show, p);
    p->allowed = allowed_defences(e, who, t, p, spell);
    p->ar = d->ar;
    p->br = d->shield_held ? d->br : 0;
    p->resist = ct_resist_of(d, p->type);
    p->vuln = ct_vuln_of(d, p->type);
}

/* Everything ct_plan_of reads that a fight changes, as one word (the
 * policy's memo of pairs keys a plan's verdict by it, exact.c): whether
 * the weapon reaches t, a flank, the conditions it reads of both, whether
 * t can react, the items in hand that count. The rest it reads (the
 * sheets, the options) is fixed from the load. A change to ct_plan_of
 * that reads more of the fight adds it here. */
uint64_t ct_plan_situation(const fray_encounter *e, int who, int t, int weapon, int spell)
{
    const ct_creature *a = ct_cc(e, who), *d = ct_cc(e, t);
    int melee_reach = weapon >= 0 && ct_weapon_reaches(e, who, weapon, t);
    int ranged = spell >= 0 ? !a->spell[spell].melee_attack
                            : a->weapon[weapon].range > 0 &&
                                  (a->weapon[weapon].reach == 0 || !melee_reach);
    int flank = !ranged && ct_flanked(e, who, t);
    _Static_assert(CT_NCOND <= 24, "a creature's conditions fit the situation word");
    const uint64_t mine = 1u << CT_C_DAZED | 1u << CT_C_PRONE | 1u << CT_C_HIDDEN,
                   theirs = 1u << CT_C_DAZED | 1u << CT_C_PRONE;
    return (uint64_t)melee_reach | (uint64_t)flank << 1 | (uint64_t)ct_can_react(e, t) << 2 |
           (uint64_t)a->hand.untrained << 3 | (uint64_t)d->hand.untrained << 4 |
           (uint64_t)(d->shield_held != 0) << 5 | (uint64_t)(d->hand.melee + 1) << 8 |
           (e->c[who].cmask & mine) << 16 | (e->c[t].cmask & theirs) << 40;
}

static const char *outcome_name(ct_roll ra, ct_roll rd, int def)
{
    if (!ra.pass && !rd.pass)
        return "both fail";
    if (ra.pass && !rd.pass)
        return "critical win";
    if (!ra.pass)
        return "critical defence";
    if (def == CT_D_BLOCK)
        return "blocked";
    return ra.successes > rd.successes ? "hit" : "miss";
}

/* #Maneuvers: "Feint ... If your next action is a Strike against the same
 * target, you gain a boon ..., provided you pass a Deception test." */
static void feint(fray_encounter *e, int who, int t, ct_plan *p)
{
    if (!fray_has(e, who, CT_C_FEINTING))
        return;
    int target = fray_cond_value(e, who, CT_C_FEINTING) - 1;
    fray_cond_remove(e, who, CT_C_FEINTING);
    if (target != t || p->spell)
        return;
    ct_test dt = {0};
    ct_skill_test(e, who, CT_SK_DECEPTION, &dt);
    ct_state_boons(e, who, 0, &dt);
    if (ct_test_roll(e, &dt, "Feint: Deception test").pass) {
        p->att.boon++;
        fray_mod(e, "Feint (boon)", 1);
    }
}

static void roll_damage(fray_encounter *e, const fray_action *a, const ct_plan *p, int precise,
                        int blocked)
{
    int t = a->target, raw = p->bonus;
    for (int i = 0; i < p->dice; i++)
        /* #Maneuvers: Precision: "the damage die is maximized" */
        raw += precise ? p->sides : fray_die(&e->dice, p->sides, "Damage");
    int dmg = ct_damage_after(raw, p->type, p->ar, p->br, blocked, p->resist, p->vuln,
                              fray_opt(e, CT_OPT_OTHER_BLOCK));
    if (p->ar && ct_dtype_group[p->type] == CT_G_PHYSICAL)
        fray_mod(e, "Armor Rating", -p->ar);
    if (blocked && p->br)
        fray_mod(e, "Block Rating",
                 -ct_block_part(p->type, p->br, fray_opt(e, CT_OPT_OTHER_BLOCK)));
    if (p->resist)
        fray_mod(e, "Resistance", -p->resist);
    if (p->vuln)
        fray_mod(e, "Vulnerability", p->vuln);
    ct_take_damage(e, t, dmg, a->actor);
    fray_emit(e, &(fray_event){.kind = "damage", .actor = a->actor, .target = t,
                                .outcome = ct_dtype_name[p->type], .value = dmg, .has_value = 1,
                                .detail = precise ? "precision" : NULL,
                                .rule = CT_RULE("Damage & Health")});
}

static int ask_defence(fray_encounter *e, const fray_action *a, const ct_plan *p)
{
    if (p->allowed == 1u << CT_D_NONE)
        return CT_D_NONE;
    int def = fray_ask(e, a->target, CT_Q_DEFENCE, p->allowed, a);
    if (def != CT_D_NONE)
        ct_spend(e, a->target, fray_opt(e, CT_OPT_AP_REACTION), 0);
    return def;
}

void ct_attack(fray_encounter *e, const fray_action *a, int weapon, int spell)
{
    int who = a->actor, t = a->target;
    ct_state *s = (ct_state *)e->state;
    uint32_t oa = s->oa_open;
    ct_plan p;
    ct_plan_of(e, who, t, weapon, spell, 1, &p);
    feint(e, who, t, &p);
    int def = ask_defence(e, a, &p); /* "decided before the attacker rolls" */
    fray_cond_remove(e, who, CT_C_HIDDEN);
    ct_test dt = p.def[def];
    /* #Maneuvers: Brace: "Your next Defense test gains a boon." */
    if (def != CT_D_NONE && fray_cond_use(e, t, CT_C_BRACED))
        dt.boon++;
    ct_roll ra = ct_test_roll(e, &p.att, p.spell ? "Attack: Sorcery test"
                                                 : "Attack: Fighting Style test");
    static const char *const purpose[CT_NDEF] = {
        "No defence", "Block: Fighting Style test", "Dodge test", "Parry: Fighting Style test",
        "Withstand: Focus test"};
    /* "if the defender didn't defend, they automatically fail their test" */
    int was = fray_dice_by(&e->dice, t); /* the defender rolls its defence */
    uint64_t marks = fray_tally_marks(e), inner = e->inner;
    ct_roll rd = ct_test_roll(e, &dt, purpose[def]);
    e->dice.roller = was;
    /* #Reactions: "Defend. You block, dodge, parry, or withstand an
     * attack": a reaction, though answered as a question inside the
     * attack; the tactics report counts it as the defender's, with its
     * test */
    if (e->tally && def != CT_D_NONE)
        fray_tally_action(e, t, CT_A_DEFEND, marks, inner);
    const char *out = outcome_name(ra, rd, def);
    fray_emit(e, &(fray_event){.kind = "attack", .actor = who, .target = t,
                                .action = e->rs->actions[a->kind].name, .outcome = out,
                                .value = ra.successes, .has_value = 1, .detail = ct_def_name[def],
                                .rule = CT_RULE("Step III: Determine Results")});
    int crit_att = ra.pass && !rd.pass, crit_def = !ra.pass && rd.pass;
    int man = CT_M_NONE;
    if (crit_att || crit_def) {
        int winner = crit_att ? who : t, loser = crit_att ? t : who;
        uint32_t ok = ct_maneuvers_allowed(e, winner, loser, crit_att && !p.spell);
        man = fray_ask(e, winner, CT_Q_MANEUVER, ok, a);
    }
    int hit = crit_att || (ra.pass && rd.pass && (def == CT_D_BLOCK || ra.successes > rd.successes));
    if (hit)
        roll_damage(e, a, &p, man == CT_M_PRECISION, ra.pass && rd.pass && def == CT_D_BLOCK);
    if (man != CT_M_NONE && man != CT_M_PRECISION)
        ct_maneuver(e, crit_att ? who : t, crit_att ? t : who, man, a);
    /* #Step I: "a ranged or thrown attack": a thrown weapon leaves the
     * hand and lands by its target (a reading: hit or miss), where its
     * owner may pick it up (Manipulate, within touch) */
    if (weapon >= 0 && p.ranged && ct_cc(e, who)->weapon[weapon].thrown) {
        ct_weapon *w = &ct_c(e, who)->weapon[weapon];
        w->held = 0;
        w->floor = 1, w->fx = e->c[t].x, w->fy = e->c[t].y;
        ct_hands_changed(ct_c(e, who));
        fray_emit(e, &(fray_event){.kind = "item", .actor = who, .target = t,
                                    .action = w->name, .outcome = "on the floor",
                                    .detail = "thrown", .rule = CT_RULE("Step I: Attack")});
    }
    s->oa_open = 0;
    fray_offer(e, FRAY_WIN_TRIGGERED, a);
    s->oa_open = oa;
}
