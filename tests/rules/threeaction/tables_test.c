/* tables_test.c: the tables of 002_9c6f0ed04fdad0e7.txt at every row
 * boundary (src/rules/threeaction/tables.c). Expected numbers are the text's. */
#include "support/test.h"
#include "rules/threeaction/threeaction.h"

/* #Bleed Table: "0 or less Death / 1 - 5 Unconscious / 6 - 10 Deteriorate /
 * 11 - 15 - / 16 - 20 Stabilize", read at d20 minus the Bleed Penalty. */
static void bleed_table_rows(void **s)
{
    (void)s;
    static const int text[][2] = {
        {-30, TA_BLEED_DEATH}, {-1, TA_BLEED_DEATH}, {0, TA_BLEED_DEATH},
        {1, TA_BLEED_UNCONSCIOUS}, {5, TA_BLEED_UNCONSCIOUS},
        {6, TA_BLEED_DETERIORATE}, {10, TA_BLEED_DETERIORATE},
        {11, TA_BLEED_NONE}, {15, TA_BLEED_NONE},
        {16, TA_BLEED_STABILIZE}, {20, TA_BLEED_STABILIZE}};
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
        assert_int_equal(ta_bleed_lookup(text[i][0])->effect, text[i][1]);
    assert_string_equal(ta_bleed_lookup(0)->name, "Death");
    assert_string_equal(ta_bleed_lookup(16)->name, "Stabilize");
}

/* The rows are contiguous: each starts one after the last ends. */
static void bleed_table_contiguous(void **s)
{
    (void)s;
    for (int i = 1; i < 5; i++)
        assert_int_equal(ta_bleed_table[i].lo, ta_bleed_table[i - 1].hi + 1);
    assert_int_equal(ta_bleed_table[4].hi, 20);
}

/* #Falling: "take Damage based on their Size and the distance they fell up
 * to a maximum of 100ft": a die per whole 10 ft (the engine's reading),
 * one more per Size above Medium. */
static void fall_dice(void **s)
{
    (void)s;
    assert_int_equal(ta_fall_dice(0, TA_MEDIUM_SIZE), 0);
    assert_int_equal(ta_fall_dice(9, TA_MEDIUM_SIZE), 0);
    assert_int_equal(ta_fall_dice(10, TA_MEDIUM_SIZE), 1);
    assert_int_equal(ta_fall_dice(50, TA_MEDIUM_SIZE), 5);
    assert_int_equal(ta_fall_dice(100, TA_MEDIUM_SIZE), 10);
    assert_int_equal(ta_fall_dice(150, TA_MEDIUM_SIZE), 10);
    assert_int_equal(ta_fall_dice(50, TA_LARGE), 6);
    assert_int_equal(ta_fall_dice(10, TA_TINY), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bleed_table_rows),
        cmocka_unit_test(bleed_table_contiguous),
        cmocka_unit_test(fall_dice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
