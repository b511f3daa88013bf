/* tables.c: the numbers of 002_9c6f0ed04fdad0e7.txt as const tables: the
 * Bleed Table (#Bleed Table), the space of each Size (#Grapple, #Occupied
 * Squares) and the dice of falling (#Falling). Code and tests read them
 * from here; docs/rules/threeaction.md quotes them. */
#include "threeaction.h"

/* 002_9c6f0ed04fdad0e7.txt #Bleed Table: d20 minus the Bleed Penalty.
 *   lo    hi   result        what it does                                */
const ta_bleed_row ta_bleed_table[5] = {
    {-1000, 0, "Death", TA_BLEED_DEATH},            /* below 0 HP: dies; else Unconscious */
    {1, 5, "Unconscious", TA_BLEED_UNCONSCIOUS},    /* falls Unconscious */
    {6, 10, "Deteriorate", TA_BLEED_DETERIORATE},   /* Bleed Penalty +1 */
    {11, 15, "-", TA_BLEED_NONE},                   /* nothing */
    {16, 20, "Stabilize", TA_BLEED_STABILIZE},      /* Bleeding ends, Bleed Penalty 0 */
};

/* The row a total falls in; a total above 20 (a negative penalty cannot
 * happen: it never falls below 0) reads as the last row. */
const ta_bleed_row *ta_bleed_lookup(int total)
{
    for (int i = 0; i < 5; i++)
        if (total >= ta_bleed_table[i].lo && total <= ta_bleed_table[i].hi)
            return &ta_bleed_table[i];
    return total < 0 ? &ta_bleed_table[0] : &ta_bleed_table[4];
}

/* The space a creature of each Size fills, in centimetres (a 5 ft square is
 * 150 cm; the text's other chapters give the sizes, the usual grid reading
 * is used: Tiny half a square, Small and Medium one, Large 2x2...).
 *                                     Tiny Small Medium Large Huge Gargantuan */
const int ta_size_space[TA_NSIZES] = {75, 150, 150, 300, 450, 600};
const char *const ta_size_names[TA_NSIZES] = {"tiny", "small", "medium", "large", "huge",
                                              "gargantuan"};

/* #Thin Ice: "Can support 2 Bulk per 5ft square for every inch thick it
 * is". A creature's Bulk is in another chapter; the sheet's `bulk`, else
 * this reading by Size (each Size doubles it).
 *                                    Tiny Small Medium Large Huge Gargantuan */
const int ta_size_bulk[TA_NSIZES] = {1, 3, 6, 12, 24, 48};

/* #Falling: "Creatures that fall take Damage based on their Size and the
 * distance they fell up to a maximum of 100ft." The size table is in
 * another chapter: 1 die per full 10 ft (at most 10), and one die more for
 * each Size above Medium (one fewer below), never below 0. */
int ta_fall_dice(int ft, int size)
{
    if (ft > 100)
        ft = 100;
    int n = ft / 10; /* whole 10 ft steps: rounded down */
    if (n <= 0)
        return 0;
    n += size - TA_MEDIUM_SIZE;
    return n < 0 ? 0 : n;
}
