/* sheet_test.c: the creature sheet (src/rules/wounds/sheet.c): bundled
 * weapons and armour, derived values, and errors that name the key. */
#include <stdio.h>
#include <string.h>

#include "support/test.h"
#include "rules/wounds/wounds.h"

static fray_encounter *load(const char *sheet, char *err, size_t len)
{
    char json[2048];
    snprintf(json, sizeof json,
             "{\"ruleset\":\"wounds\",\"combatants\":["
             "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":%s},"
             "{\"name\":\"B\",\"side\":\"red\",\"at\":[5,0],\"use\":\"orc\"}]}",
             sheet);
    return fray_encounter_load_string(json, "sheet", err, len);
}

/* #Toughness: "Vitality + Size plus any modifiers from armor"; #Stamina:
 * "race plus your Vitality"; #Mana: "race plus your Lore"; #Defense:
 * "10 - Size + Speed + Reason + all weapon block bonuses" (ranged: the
 * defensive ones only); #Action Points: the Speed row's max AP; #Movement:
 * rate from Strength + Size + Athletics. */
static void derived_values(void **s)
{
    (void)s;
    char err[512];
    fray_encounter *e = load("{\"attributes\":{\"Strength\":2,\"Vitality\":3,\"Reason\":1,"
                             "\"Persona\":2,\"Lore\":1},\"size\":1,\"speed\":2,"
                             "\"skills\":{\"Athletics\":3},\"stamina\":6,\"mana\":4,"
                             "\"weapons\":[\"longsword\",\"shield\"],\"armor\":\"chain\"}",
                             err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    const wo_creature *c = fray_cpriv(e, 0);
    assert_int_equal(wo_toughness(c, 0), 3 + 1 + 3);
    assert_int_equal(wo_toughness(c, 1), 3 + 1);
    assert_int_equal(c->max_stamina, 9);
    assert_int_equal(c->max_mana, 5);
    assert_int_equal(wo_defense_base(c, WO_D_MELEE), 10 - 1 + 2 + 1 + 1 + 2);
    assert_int_equal(wo_defense_base(c, WO_D_RANGED), 10 - 1 + 2 + 1 + 2);
    assert_int_equal(c->max_ap, 24);
    assert_int_equal(c->move_rate, wo_movement_rate(2 + 1 + 3));
    assert_int_equal(c->slots[WO_LIGHT], 7);
    assert_int_equal(c->slots[WO_MODERATE], 4);
    assert_int_equal(c->slots[WO_FATAL], 1);
    assert_string_equal(wo_wielded(c)->name, "longsword");
    fray_encounter_free(e);
}

static void errors_name_the_key(void **s)
{
    (void)s;
    char err[512];
    assert_null(load("{\"strength\":2}", err, sizeof err));
    assert_non_null(strstr(err, "strength"));
    assert_null(load("{\"weapons\":[\"halberd\"]}", err, sizeof err));
    assert_non_null(strstr(err, "halberd"));
    assert_null(load("{\"weapons\":[{\"name\":\"pike\",\"reach\":1,\"optimal_reach\":2}]}", err,
                     sizeof err));
    assert_non_null(strstr(err, "optimal_reach"));
    /* #Mounted Combat: "a creature must be at least the size of its rider" */
    assert_null(load("{\"size\":2,\"mount\":{\"size\":1,\"movement_rate\":10}}", err, sizeof err));
    assert_non_null(strstr(err, "mount.size"));
    assert_null(load("{\"terrain\":[\"Lava\"]}", err, sizeof err));
    assert_non_null(strstr(err, "terrain[0]"));
    assert_null(load("{\"kind\":\"boss\"}", err, sizeof err));
    assert_non_null(strstr(err, "kind"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(derived_values),
        cmocka_unit_test(errors_name_the_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
