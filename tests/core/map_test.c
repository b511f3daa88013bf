/* map_test.c: the encounter map (src/core/map.c): loading with clear
 * errors and nothing kept on failure, and the integer queries rulesets
 * use (regions at a point, darkness and light, walls and objects across a
 * segment, fog between, walking with double cost and stops). */
#include "test.h"
#include <stdio.h>
#include <string.h>
#include "testrules.h"

static char err[512];

#define HEAD "{\"ruleset\":\"test\",\"combatants\":[" \
             "{\"name\":\"A\",\"side\":\"a\",\"sheet\":{\"hp\":5}}," \
             "{\"name\":\"B\",\"side\":\"b\",\"sheet\":{\"hp\":5}}],\n\"map\":"

static fray_encounter *load(const char *map)
{
    char json[2048];
    snprintf(json, sizeof json, "%s%s}", HEAD, map);
    err[0] = 0;
    return fray_encounter_load_with(&tr_ruleset, json, "t.json", err, sizeof err);
}

static void expect_error(const char *map, const char *want)
{
    fray_encounter *e = load(map);
    if (e) {
        fray_encounter_free(e);
        fail_msg("loaded, expected an error containing '%s'", want);
    }
    if (!strstr(err, want))
        fail_msg("error '%s' lacks '%s'", err, want);
}

static void test_bad_maps_name_file_line_and_key(void **s)
{
    (void)s;
    expect_error("[]", "t.json:2:1: map: expected an object with regions, walls and objects");
    expect_error("{\"rooms\":[]}", "t.json:2:8: map.rooms: unknown key (expected one of: dark, regions, walls, objects)");
    expect_error("{\"regions\":[{\"kind\":\"lava\",\"from\":[0,0],\"to\":[1,1]}]}",
                 "map.regions[0].kind: 'lava' is not one of: difficult, water");
    expect_error("{\"regions\":[{\"kind\":\"fog\",\"from\":[0,0]}]}",
                 "map.regions[0].to: missing (expected [x, y] in metres)");
    expect_error("{\"regions\":[{\"kind\":\"fog\",\"from\":[0,0],\"to\":[0,3]}]}",
                 "map.regions[0].to: the rectangle from \"from\" to \"to\" has no area");
    expect_error("{\"regions\":[{\"kind\":\"fog\",\"from\":[0,0],\"to\":[2,3],\"current\":[1,0]}]}",
                 "map.regions[0].current: unknown key");
    expect_error("{\"regions\":[{\"kind\":\"thin_ice\",\"from\":[0,0],\"to\":[2,3]}]}",
                 "map.regions[0].thickness: missing");
    expect_error("{\"regions\":[{\"kind\":\"narrow\",\"from\":[0,0],\"to\":[2,3],\"fits\":\"wide\"}]}",
                 "map.regions[0].fits: 'wide' is not one of: tiny");
    expect_error("{\"regions\":[{\"kind\":\"light\",\"at\":[0,0],\"radius\":-1}]}",
                 "map.regions[0].radius: -1 is out of range");
    expect_error("{\"walls\":[{\"from\":[0,0],\"to\":[0,0]}]}",
                 "map.walls[0].to: a wall needs two different ends");
    expect_error("{\"walls\":[{\"from\":[0,0],\"to\":[5000,0]}]}",
                 "map.walls[0].to: 5000 is out of range");
    expect_error("{\"objects\":[{\"from\":[0,0],\"to\":[1,1],\"size\":7}]}",
                 "map.objects[0].size:");
    expect_error("{\"walls\":{}}", "map.walls: expected an array");
    expect_error("{\"dark\":3}", "map.dark:");
}

static void test_no_map_is_null(void **s)
{
    (void)s;
    char json[512];
    snprintf(json, sizeof json, "%s", HEAD);
    json[strlen(json) - 8] = '}';
    json[strlen(json) - 7] = 0;
    fray_encounter *e = fray_encounter_load_with(&tr_ruleset, json, "t.json", err, sizeof err);
    assert_non_null(e);
    assert_null(e->map);
    /* every query is "nothing here" */
    assert_int_equal(fray_map_at(e->map, 0, 0), 0);
    assert_int_equal(fray_map_blocked(e->map, 0, 0, 100, 0, 3, 0, NULL), 0);
    assert_int_equal(fray_map_dark_at(e->map, 0, 0), 0);
    fray_walk w = {.step = 150};
    int x, y;
    fray_map_walk(e->map, &w, 0, 0, 1000, 0, 600, &x, &y);
    assert_int_equal(x, 600);
    assert_int_equal(w.why, FRAY_WALK_BUDGET);
    fray_encounter_free(e);
}

static void test_regions_and_light(void **s)
{
    (void)s;
    fray_encounter *e = load("{\"dark\":true,\"regions\":["
                             "{\"kind\":\"difficult\",\"from\":[3,0],\"to\":[0,3]},"
                             "{\"kind\":\"water\",\"name\":\"river\",\"from\":[2,0],\"to\":[6,3],\"current\":[0,-1.5]},"
                             "{\"kind\":\"light\",\"at\":[10,10],\"radius\":6}]}");
    assert_non_null(e);
    const fray_map *m = e->map;
    assert_int_equal(m->nregion, 3);
    assert_int_equal(fray_map_at(m, 100, 100), FRAY_RG(FRAY_RG_DIFFICULT));
    assert_int_equal(fray_map_at(m, 250, 100), FRAY_RG(FRAY_RG_DIFFICULT) | FRAY_RG(FRAY_RG_WATER));
    assert_int_equal(fray_map_at(m, 300, 100), FRAY_RG(FRAY_RG_WATER)); /* x1 is outside */
    assert_int_equal(m->region[1].dy, -150);
    assert_string_equal(m->region[1].name, "river");
    /* the map is dark but within 6 m of the light: the edge is lit */
    assert_true(fray_map_dark_at(m, 0, 0));
    assert_false(fray_map_dark_at(m, 1000, 1600));
    assert_true(fray_map_dark_at(m, 1000, 1601));
    fray_encounter_free(e);
}

static void test_walls_objects_and_fog_across(void **s)
{
    (void)s;
    fray_encounter *e = load("{\"walls\":[{\"from\":[5,-5],\"to\":[5,5]}],"
                             "\"objects\":[{\"name\":\"crate\",\"from\":[2,2],\"to\":[3,3],\"size\":\"small\"}],"
                             "\"regions\":[{\"kind\":\"fog\",\"from\":[0,-3],\"to\":[1,-2]}]}");
    assert_non_null(e);
    const fray_map *m = e->map;
    int at = -1;
    assert_true(fray_map_blocked(m, 0, 0, 1000, 0, FRAY_MAP_WALLS, 0, &at));
    assert_int_equal(at, 500);
    assert_false(fray_map_blocked(m, 0, 0, 400, 0, FRAY_MAP_WALLS, 0, &at));
    /* past the wall's end */
    assert_false(fray_map_blocked(m, 0, 600, 1000, 600, FRAY_MAP_WALLS, 0, &at));
    /* the crate covers a small creature, not a medium one */
    assert_true(fray_map_blocked(m, 0, 0, 400, 400, FRAY_MAP_OBJECTS, 1, &at));
    assert_int_equal(at, 282); /* (200, 200) is 282.8 cm along */
    assert_false(fray_map_blocked(m, 0, 0, 400, 400, FRAY_MAP_OBJECTS, 2, &at));
    /* standing at the crate: not behind it */
    assert_false(fray_map_blocked(m, 250, 250, 400, 400, FRAY_MAP_OBJECTS, 0, &at));
    /* fog between two points outside it */
    assert_true(fray_map_touched(m, 50, -400, 50, 0) & FRAY_RG(FRAY_RG_FOG));
    assert_false(fray_map_touched(m, 200, -400, 200, 0) & FRAY_RG(FRAY_RG_FOG));
    assert_true(fray_map_near_fixed(m, 450, 0, 75));
    assert_false(fray_map_near_fixed(m, 400, 0, 75));
    int wx, wy;
    assert_true(fray_map_detour(m, 0, 100, 1000, 100, 100, &wx, &wy));
    assert_int_equal(wx, 500);
    assert_int_equal(wy, 600);
    fray_encounter_free(e);
}

/* #Difficult Terrain (002): "Whether you are moving in Difficult Terrain is
 * Determined by the square you are moving out of." */
static void test_walk_pays_for_the_square_left(void **s)
{
    (void)s;
    fray_encounter *e = load("{\"walls\":[{\"from\":[20,-5],\"to\":[20,5]}],\"regions\":["
                             "{\"kind\":\"difficult\",\"from\":[0,-1],\"to\":[3,1]},"
                             "{\"kind\":\"deep_water\",\"from\":[12,-1],\"to\":[14,1]}]}");
    assert_non_null(e);
    fray_walk w = {.dear = FRAY_RG(FRAY_RG_DIFFICULT), .stop = FRAY_RG(FRAY_RG_DEEP_WATER),
                   .step = 150, .clear = 75};
    int x, y;
    /* two steps out of difficult ground (600), then 300 plain: 900 cm */
    fray_map_walk(e->map, &w, 0, 0, 2000, 0, 900, &x, &y);
    assert_int_equal(x, 600);
    assert_int_equal(w.spent, 900);
    assert_int_equal(w.why, FRAY_WALK_BUDGET);
    /* entering the deep water: stops before it */
    fray_map_walk(e->map, &w, 600, 0, 2000, 0, 3000, &x, &y);
    assert_int_equal(x, 1200 - 150 + 0 * 1);
    assert_int_equal(w.why, FRAY_WALK_REGION);
    assert_int_equal(w.region, 1);
    /* stops short of the wall, half a square from it */
    fray_map_walk(e->map, &w, 1500, 0, 3000, 0, 3000, &x, &y);
    assert_int_equal(x, 2000 - 75);
    assert_int_equal(w.why, FRAY_WALK_WALL);
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_maps_name_file_line_and_key),
        cmocka_unit_test(test_no_map_is_null),
        cmocka_unit_test(test_regions_and_light),
        cmocka_unit_test(test_walls_objects_and_fog_across),
        cmocka_unit_test(test_walk_pays_for_the_square_left),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
