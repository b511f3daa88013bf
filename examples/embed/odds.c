/* odds.c: ask fray for the exact odds of an attack.
 *
 *   cc odds.c $(pkg-config --cflags --libs fray) -o odds
 *   ./odds energy melee --av 17 --evasion 11
 */
#include <stdio.h>

#include <fray.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s RULESET CHECK [--param value]...\n", argv[0]);
        return 2;
    }
    char *json, err[512];
    if (fray_odds(argv[1], argc - 2, argv + 2, &json, err, sizeof err) < 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    printf("%s\n", json);
    fray_free(json);
    return 0;
}
