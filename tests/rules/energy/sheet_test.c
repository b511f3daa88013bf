/* sheet_test.c: the creature sheet and its derived values
 * (src/rules/energy/sheet.c), each against the sentence of
 * 000_ca603e8fb651e0df.txt that defines it. */
#include <string.h>

#include "support/test.h"
#include "rules/energy/energy.h"

static int load(const char *json, en_creature *c, char *err, size_t errlen)
{
    json_error_t je;
    json_t *j = json_loads(json, 0, &je);
    assert_non_null(j);
    fray_load ld;
    memset(&ld, 0, sizeof ld);
    ld.file = "test";
    ld.text = json;
    ld.textlen = strlen(json);
    ld.err = err;
    ld.errlen = errlen;
    err[0] = 0;
    int rc = en_sheet_load(&ld, j, c);
    json_decref(j);
    return rc;
}

/* str 16 (+3), dex 14 (+2), con 14 (+2), int 8 (-1), wis 12 (+1), cha 10 (0) */
static const char *fighter =
    "{\"abilities\": {\"str\": 16, \"dex\": 14, \"con\": 14, \"int\": 8, \"wis\": 12, \"cha\": 10},"
    " \"level\": 4, \"mpl\": 2, \"size\": \"Medium\","
    " \"weapons\": [{\"name\": \"Sword\", \"attack_bonus\": 2, \"damage\": \"1d8\", \"mpr\": 2, \"evasion\": 1},"
    "               {\"name\": \"Maul\", \"attack_bonus\": 1, \"damage\": \"2d6\", \"type\": \"bludgeoning\", \"mpr\": 5}],"
    " \"armour\": {\"rating\": 3, \"coverage\": 12, \"penalty\": 1},"
    " \"shield\": {\"evasion\": 2}}";

static void derived_values(void **state)
{
    (void)state;
    en_creature c;
    char err[256];
    assert_int_equal(load(fighter, &c, err, sizeof err), 0);
    int str = c.d.mod[EN_STR], dex = c.d.mod[EN_DEX], con = c.d.mod[EN_CON];
    assert_int_equal(str, 3);
    assert_int_equal(dex, 2);
    /* "MASAB = (Strength Modifier + Dexterity Modifier) / 3" */
    assert_int_equal(c.d.masab, (str + dex) / 3);
    assert_int_equal(c.d.masdb, 1);
    /* "Melee AV = 15 + MASAB + Weapon Attack Bonus" */
    assert_int_equal(en_melee_av(&c, &c.w[0]), 15 + 1 + 2);
    /* "Unarmed AV = 15 + MASAB" */
    assert_int_equal(en_melee_av(&c, NULL), 16);
    /* "Evasion = Inherent Evasion + 1/3 Level + Halved Dexterity Modifier +
     * shield & weapon bonuses - armor penalty": 8 + 1 + 1 + 2 + 1 - 1 */
    assert_int_equal(c.d.evasion, 12);
    /* "Ranged Evasion = Halved Dexterity Modifier + shield bonuses - armor
     * penalty" (the shield only when facing: added at the attack) */
    assert_int_equal(c.d.ranged_evasion, 1 - 1);
    /* "Unarmed Evasion = Inherent Evasion + 1/3 Level + Halved Dexterity
     * Modifier - armor penalty" */
    assert_int_equal(c.d.unarmed_evasion, 8 + 1 + 1 - 1);
    /* "Fortitude = Inherent Fortitude + 1/3 Level + Halved Constitution
     * Modifier + Halved Strength Modifier": 10 + 1 + 1 + 1 */
    assert_int_equal(c.d.fortitude, 13);
    /* "Will = Inherent Will + 1/3 Level + Halved Charisma Modifier + Halved
     * Wisdom Modifier": 10 + 1 + 0 + 0 */
    assert_int_equal(c.d.will, 11);
    /* "Aura Modifier = ... (Str Mod + Con Mod + Int Mod + Wis Mod + Cha Mod)" */
    assert_int_equal(c.d.aura_mod, 3 + 2 - 1 + 1 + 0);
    /* "Aura Strength = 20 + (Aura Modifier * (1 + 1/3))": 20 + 5*4/3 = 26.67 */
    assert_int_equal(c.d.aura_max, 26);
    /* "# of Recovery Surges = 5 + Halved Constitution Modifier" */
    assert_int_equal(c.d.surges_max, 5 + con / 2);
    /* "Recovery Value = Aura Modifier (min 1)" */
    assert_int_equal(c.d.recovery_value, 5);
    /* "Maximum Stamina = Constitution Score"; "Maximum Agility = 3" */
    assert_int_equal(c.d.stamina_max, 14);
    assert_int_equal(c.d.agility_max, 3);
    /* Speed by the Size Chart when the sheet gives none */
    assert_int_equal(c.d.speed_cm, 600);
}

/* #Martial Proficiency Level: "If not Proficient with a Melee Weapon you are
 * using, you deal half damage with the weapon and have -1 Evasion and -1 AV" */
static void not_proficient(void **state)
{
    (void)state;
    en_creature c;
    char err[256];
    assert_int_equal(load(fighter, &c, err, sizeof err), 0);
    int ev_sword = c.d.evasion;
    assert_true(en_weapon_proficient(&c, &c.w[0]));
    assert_false(en_weapon_proficient(&c, &c.w[1]));
    assert_int_equal(en_melee_av(&c, &c.w[1]), 15 + 1 + 1 - 1);
    c.wielded = 1;
    en_derive(&c);
    /* the sword's +1 is gone and the maul costs 1 more */
    assert_int_equal(c.d.evasion, ev_sword - 1 - 1);
}

/* #Aura: a low Aura Modifier; "Recovery Value = Aura Modifier (min 1)" */
static void weak_aura(void **state)
{
    (void)state;
    en_creature c;
    char err[256];
    assert_int_equal(load("{\"abilities\": {\"str\": 8, \"dex\": 10, \"con\": 8, \"int\": 8, \"wis\": 8, \"cha\": 8},"
                          " \"size\": \"Small\"}", &c, err, sizeof err), 0);
    assert_int_equal(c.d.aura_mod, -5);
    /* 20 + (-5 * 4/3) = 13.33, rounded down to 13 */
    assert_int_equal(c.d.aura_max, 13);
    assert_int_equal(c.d.recovery_value, 1);
    /* "This value is 8 for Medium creatures and 9 for Small creatures." */
    assert_int_equal(c.inh_evasion, 9);
    /* "# of Recovery Surges = 5 + Halved Constitution Modifier": 5 + (-1/2) */
    assert_int_equal(c.d.surges_max, 4);
}

/* Unknown keys and bad values are errors that name the key. */
static void sheet_errors(void **state)
{
    (void)state;
    en_creature c;
    char err[256];
    assert_int_equal(load("{\"abilities\": {\"str\": 8, \"dex\": 10, \"con\": 8, \"int\": 8, \"wis\": 8, \"cha\": 8},"
                          " \"colour\": \"red\"}", &c, err, sizeof err), -1);
    assert_non_null(strstr(err, "colour"));
    assert_int_equal(load("{\"abilities\": {\"str\": 8, \"dex\": 10, \"con\": 8, \"int\": 8, \"wis\": 8, \"cha\": 8},"
                          " \"weapons\": [{\"name\": \"X\", \"damage\": \"1q6\"}]}", &c, err, sizeof err), -1);
    assert_non_null(strstr(err, "damage"));
    assert_int_equal(load("{\"abilities\": {\"str\": 8}}", &c, err, sizeof err), -1);
}

/* #Size: "Huge (and larger) creatures have +1 Reach and Tiny (or smaller)
 * creatures have -1 Reach."; #Unarmed Attacks: "Reach0" */
static void reach(void **state)
{
    (void)state;
    /* Reach 1 and Reach 0 reach the adjacent spaces, diagonals included */
    assert_true(en_reach_cm(EN_SIZE_MEDIUM, 1, EN_SIZE_MEDIUM) >= 141);
    assert_true(en_reach_cm(EN_SIZE_MEDIUM, 1, EN_SIZE_MEDIUM) < 200);
    assert_int_equal(en_reach_cm(EN_SIZE_MEDIUM, 0, EN_SIZE_MEDIUM),
                     en_reach_cm(EN_SIZE_MEDIUM, 1, EN_SIZE_MEDIUM));
    /* Reach 2 reaches 2 m */
    assert_true(en_reach_cm(EN_SIZE_MEDIUM, 2, EN_SIZE_MEDIUM) >= 200);
    /* Huge +1 Reach (and a wider body) */
    assert_true(en_reach_cm(EN_SIZE_HUGE, 1, EN_SIZE_MEDIUM) >= 300);
    /* Tiny -1: Reach 1 becomes Reach 0, Reach 0 becomes -1 (its own space) */
    assert_int_equal(en_reach_cm(EN_SIZE_TINY, 1, EN_SIZE_MEDIUM),
                     en_reach_cm(EN_SIZE_MEDIUM, 0, EN_SIZE_MEDIUM));
    assert_true(en_reach_cm(EN_SIZE_TINY, 0, EN_SIZE_TINY) < 100);
}

/* #Actions: "whenever you turn sharply by 45 degrees, you sacrifice 1m of
 * movement. This means that reversing the direction of your movement
 * sacrifices 2m of movement." */
static void turning(void **state)
{
    (void)state;
    assert_int_equal(en_turn_loss_cm(0, 0), 0);
    assert_int_equal(en_turn_loss_cm(0, 1), 100);
    assert_int_equal(en_turn_loss_cm(0, 7), 100);
    assert_int_equal(en_turn_loss_cm(0, 4), 200);
    assert_int_equal(en_turn_loss_cm(6, 2), 200);
    assert_int_equal(en_turn_loss_cm(2, 5), 200);
}

/* #Weaknesses and Resistances: "cancel each other out just like Advantage and
 * Disadvantage ... you can't have double Advantage or Disadvantage." */
static void advantage(void **state)
{
    (void)state;
    assert_int_equal(en_net_adv(1, 0), 1);
    assert_int_equal(en_net_adv(0, 1), -1);
    assert_int_equal(en_net_adv(1, 1), 0);
    assert_int_equal(en_net_adv(2, 0), 1);
    assert_int_equal(en_net_adv(2, 1), 0);
}

/* #Stamina: "you are limited to spending only 4 Stamina to enhance an attack.
 * If a single ability requires you to spend more than 4 Stamina on an attack,
 * you may do so, but not spend any more Stamina on the attack." */
static void stamina_limit(void **state)
{
    (void)state;
    assert_int_equal(en_attack_stamina_allowed(0, 1), 1);
    assert_int_equal(en_attack_stamina_allowed(3, 1), 1);
    assert_int_equal(en_attack_stamina_allowed(4, 1), 0);
    assert_int_equal(en_attack_stamina_allowed(0, 6), 6);
    assert_int_equal(en_attack_stamina_allowed(6, 1), 0);
    assert_int_equal(en_attack_stamina_allowed(2, 3), 0);
}

/* #Ranged Attacks: "Miss Chance Modifier = 8 - weapon Accuracy - Halved
 * Dexterity Modifier"; #Throwing Weapons: "Weapons with the Thrown property
 * have Accuracy equal to their AV bonus"; range trios with #Draw Weight and
 * Increased Throwing Distance. */
static void ranged_values(void **state)
{
    (void)state;
    en_creature c;
    char err[256];
    assert_int_equal(load("{\"abilities\": {\"str\": 10, \"dex\": 16, \"con\": 10, \"int\": 10, \"wis\": 10, \"cha\": 10},"
                          " \"arm_strength\": 12,"
                          " \"weapons\": [{\"name\": \"Bow\", \"damage\": \"1d6\", \"properties\": [\"Ranged\"], \"accuracy\": 1,"
                          "                \"range\": [5, 30, 120], \"draw_weight\": 40, \"load\": 1},"
                          "               {\"name\": \"Axe\", \"attack_bonus\": 2, \"damage\": \"1d6\", \"properties\": [\"Thrown\", \"Light\"]},"
                          "               {\"name\": \"Club\", \"attack_bonus\": 1, \"damage\": \"1d6\", \"properties\": [\"Heavy\"]}]}",
                          &c, err, sizeof err), 0);
    assert_int_equal(en_miss_chance_mod(&c, &c.w[0]), 8 - 1 - 1);
    assert_int_equal(en_miss_chance_mod(&c, &c.w[1]), 8 - 2 - 1);
    int r[3];
    /* a 40 kg bow drawn with Arm Strength 12: the 35 kg row, +0/5/10, +1 */
    en_weapon_range(&c, &c.w[0], 0, r);
    assert_int_equal(r[0], 5);
    assert_int_equal(r[1], 35);
    assert_int_equal(r[2], 130);
    assert_int_equal(en_draw_extra_damage(&c, &c.w[0]), 1);
    /* "Light weapons have a throwing range of (3/5/10)", Arm 12: +(1/4/8) */
    en_weapon_range(&c, &c.w[1], 1, r);
    assert_int_equal(r[0], 4);
    assert_int_equal(r[1], 9);
    assert_int_equal(r[2], 18);
    /* "Heavy weapons have a throwing range of (1/3/6)" */
    en_weapon_range(&c, &c.w[2], 1, r);
    assert_int_equal(r[0], 2);
    assert_int_equal(r[1], 7);
    assert_int_equal(r[2], 14);
}

/* #Draw Weight, Restrictions: "35 ... Max for hand crossbows", "40 ... Max
 * for MPL 1-2", "45 ... Max for MPL 3-4", "50 ... Max for MPL >=5",
 * "60 ... Heavy and siege crossbow only" */
static void draw_restrictions(void **state)
{
    (void)state;
    assert_int_equal(en_draw_cap_kg(0, 0), 40);
    assert_int_equal(en_draw_cap_kg(2, 0), 40);
    assert_int_equal(en_draw_cap_kg(3, 0), 45);
    assert_int_equal(en_draw_cap_kg(4, 0), 45);
    assert_int_equal(en_draw_cap_kg(5, 0), 50);
    assert_int_equal(en_draw_cap_kg(9, EN_W_HAND_XBOW | EN_W_RANGED), 35);
    assert_int_equal(en_draw_cap_kg(1, EN_W_XBOW2H | EN_W_RANGED), 60);
    /* a strong archer of MPL 1 draws a 50 kg bow as a 40 kg one */
    en_creature c;
    char err[256];
    assert_int_equal(load("{\"abilities\": {\"str\": 10, \"dex\": 10, \"con\": 10, \"int\": 10, \"wis\": 10, \"cha\": 10},"
                          " \"mpl\": 1, \"arm_strength\": 30,"
                          " \"weapons\": [{\"name\": \"Bow\", \"damage\": \"1d8\", \"properties\": [\"Ranged\"],"
                          " \"range\": [10, 60, 200], \"draw_weight\": 50}]}", &c, err, sizeof err), 0);
    assert_int_equal(en_draw_extra_damage(&c, &c.w[0]), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(derived_values), cmocka_unit_test(not_proficient),
        cmocka_unit_test(weak_aura),      cmocka_unit_test(sheet_errors),
        cmocka_unit_test(reach),          cmocka_unit_test(turning),
        cmocka_unit_test(advantage),      cmocka_unit_test(stamina_limit),
        cmocka_unit_test(ranged_values),  cmocka_unit_test(draw_restrictions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
