/* fight.c: run one fight with fray, printing the attacks and the damage as
 * they happen through a sink of our own.
 *
 *   cc fight.c $(pkg-config --cflags --libs fray) -o fight
 *   ./fight ENCOUNTER.json [SEED]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fray.h>

/* Called for every event, in order; the event lives for the call only. */
static void on_event(void *ud, const fray_encounter *e, const fray_event *ev)
{
    int *hits = ud;
    (void)e;
    if (!strcmp(ev->kind, "damage") && ev->has_value && ev->value > 0) {
        printf("round %d: %s hurts %s for %d\n", ev->round,
               ev->actor >= 0 ? fray_combatant_name(e, ev->actor) : "someone",
               fray_combatant_name(e, ev->target), ev->value);
        ++*hits;
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s ENCOUNTER.json [SEED]\n", argv[0]);
        return 2;
    }
    char err[512];
    fray_encounter *e = fray_encounter_load_file(argv[1], err, sizeof err);
    if (!e) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    int hits = 0;
    fray_subscribe(e, on_event, &hits);
    fray_set_seed(e, argc > 2 ? strtoull(argv[2], NULL, 10) : 7);
    if (fray_run(e) < 0) {
        fprintf(stderr, "%s\n", fray_error(e));
        fray_encounter_free(e);
        return 1;
    }
    int w = fray_winner(e);
    printf("%s after %d rounds, %d damaging hits (fray %s)\n",
           w >= 0 ? fray_side_name(e, w) : "a draw", fray_round(e), hits, fray_version());
    fray_encounter_free(e);
    return 0;
}
