/* fray.h: a tabletop combat rules engine. The one public header.
 *
 * Usage:
 *
 *     char err[512];
 *     fray_encounter *e = fray_encounter_load_file("duel.json", err, sizeof err);
 *     if (!e) { fprintf(stderr, "%s\n", err); return 2; }
 *     fray_set_seed(e, 7);
 *     fray_subscribe(e, my_sink, my_data);   // every event of the fight
 *     if (fray_run(e) < 0) fprintf(stderr, "%s\n", fray_error(e));
 *     printf("winner: side %d\n", fray_winner(e));
 *     fray_encounter_free(e);
 *
 * Ownership: every pointer fray returns is owned by fray and stays valid
 * until the object it came from is freed, unless the prototype says
 * otherwise. Every pointer you pass in is borrowed for the call only, unless
 * the prototype says otherwise. Nothing here keeps global state: two
 * encounters may run at once in two threads.
 */
#ifndef FRAY_H
#define FRAY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version: the same number as `fray --version`. A program
 * built against one version runs with any later library of the same major
 * version (the shared library's SONAME is libfray.so.MAJOR). */
#define FRAY_VERSION "0.1.0"
#define FRAY_VERSION_MAJOR 0
#define FRAY_VERSION_MINOR 1
#define FRAY_VERSION_PATCH 0

/* What the library exports; the rest of it is hidden (internal names keep
 * to their module prefixes and are not part of any promise). */
#if defined(__GNUC__) && defined(FRAY_BUILDING)
#define FRAY_API __attribute__((visibility("default")))
#else
#define FRAY_API
#endif

/* Exit and return codes, shared by the library and the command line. */
enum { FRAY_OK = 0, FRAY_ERUNTIME = 1, FRAY_EINPUT = 2,
       FRAY_ESUSPENDED = 3 /* the fight waits for a person's choice or roll (play, serve) */ };

typedef struct fray_encounter fray_encounter;

/* ---- Events: the single output of the engine -------------------------- */

typedef struct fray_event_roll {
    const char *purpose; /* "Evasion roll, 1d10 exploding" */
    int sides;
    int value;
} fray_event_roll;

typedef struct fray_event_mod {
    const char *source; /* "MASAB", "Weapon Attack Bonus", "Prone" */
    int value;
} fray_event_mod;

typedef struct fray_event_change {
    int who;            /* combatant index */
    const char *what;   /* a resource ("Aura") or a condition ("+Exposed", "-Exposed") */
    int before, after;  /* for conditions: 0 and 1, or 1 and 0 */
} fray_event_change;

typedef struct fray_event {
    uint64_t seq;       /* 1, 2, 3... within one fight */
    int round;          /* 0 before the first round */
    int actor, target;  /* combatant indices, -1 for none */
    const char *kind;   /* "attack", "damage", "round", "interrupt", ... */
    const char *action; /* the action's name, or NULL */
    const char *outcome;/* "hit", "miss", "critical", ... or NULL */
    int value;          /* the number the outcome is about (damage, AV, ...) */
    int has_value;
    const char *detail; /* a short static note, or NULL */
    const char *rule;   /* "000_ca603e8fb651e0df.txt#Combat Roll" */
    const fray_event_roll *rolls;     int nrolls;
    const fray_event_mod *mods;       int nmods;
    const fray_event_change *changes; int nchanges;
} fray_event;

/* Called for every event, in order. The event and everything it points to
 * are valid only during the call. */
typedef void (*fray_sink_fn)(void *ud, const fray_encounter *e, const fray_event *ev);

/* Built-in sinks; ud is the FILE * they write to (borrowed). Narration for
 * people, one line per event; JSON Lines, one object per event. */
FRAY_API void fray_sink_text(void *ud, const fray_encounter *e, const fray_event *ev);
FRAY_API void fray_sink_jsonl(void *ud, const fray_encounter *e, const fray_event *ev);

/* The version of the library running (FRAY_VERSION is that of the header
 * the program was built with). */
FRAY_API const char *fray_version(void);

/* ---- Rulesets ----------------------------------------------------------- */

/* How many rule systems are built in, and the id ("energy"), one-line
 * summary and seed file of the i-th; NULL when i is out of range. */
FRAY_API int fray_ruleset_count(void);
FRAY_API const char *fray_ruleset_id(int i);
FRAY_API const char *fray_ruleset_summary(int i);
FRAY_API const char *fray_ruleset_seed(int i);
/* The j-th action of ruleset i: its name and its cost as the text gives it
 * ("3 Energy"); returns 0, or -1 when out of range. */
FRAY_API int fray_ruleset_action(int i, int j, const char **name, const char **cost, const char **what);

/* ---- Encounters --------------------------------------------------------- */

/* Load an encounter from a JSON file or string. On failure returns NULL and
 * writes "file:line:column: key: what was expected" into err (caller-owned,
 * errlen bytes). The caller frees the result with fray_encounter_free. */
FRAY_API fray_encounter *fray_encounter_load_file(const char *path, char *err, size_t errlen);
FRAY_API fray_encounter *fray_encounter_load_string(const char *json, const char *name,
                                           char *err, size_t errlen);
FRAY_API void fray_encounter_free(fray_encounter *e);

/* Back to the state as loaded, with a new seed; dice script and entry hook
 * are kept. Allocates nothing. */
FRAY_API void fray_reset(fray_encounter *e, uint64_t seed, uint64_t stream);
FRAY_API void fray_set_seed(fray_encounter *e, uint64_t seed);
/* Take the fight's dice from vals[0..n) in order (copied). Running out
 * stops the fight with an error. */
FRAY_API int fray_set_dice_script(fray_encounter *e, const int *vals, size_t n);
/* Ask fn for every die; it returns 1 with a value the person rolled, 0 to
 * let fray roll, or -1 to stop the fight there (fray_step then fails with
 * FRAY_ESUSPENDED: a tracker rebuilds the fight by replaying what was
 * entered, see fray play). ud is borrowed until the encounter is freed. */
FRAY_API void fray_set_dice_entry(fray_encounter *e,
                         int (*fn)(void *ud, const char *purpose, int sides, int *value),
                         void *ud);
/* Hand every creature of `side` to a controller: "policy" (the ruleset's
 * built-in play), "random" (a uniformly random legal action), "script" or
 * "human" (a person, through the embedding program's callbacks).
 * Returns 0, or -1 for an unknown side or controller. */
FRAY_API int fray_set_controller(fray_encounter *e, const char *side, const char *controller);
/* The same from "SIDE=CONTROLLER" as the command line's --policy takes it;
 * returns 0, or -1 with a message naming the sides and controllers in err. */
FRAY_API int fray_set_controller_spec(fray_encounter *e, const char *spec, char *err, size_t errlen);
/* Events go to fn; up to 4 sinks. ud is borrowed until the encounter is freed. */
FRAY_API int fray_subscribe(fray_encounter *e, fray_sink_fn fn, void *ud);
/* Stop a stalemate as a draw after this many rounds (default 100). */
FRAY_API void fray_set_max_rounds(fray_encounter *e, int rounds);

/* Add a combatant to a fight under way, from a JSON object as in an
 * encounter's "combatants" list ({"name", "side", "at", "use" or "sheet",
 * ...}); the ruleset starts it (its initiative...) and a turn-based
 * scheduler places it. Returns its index, or -1 with "key: message" in err.
 * fray_reset returns to the combatants as loaded. */
FRAY_API int fray_add_combatant(fray_encounter *e, const char *json, char *err, size_t errlen);
/* Take a combatant out of the fight (it fled, the GM removed it): it counts
 * as dead for the rules and is shown as gone. 0, or -1 if it is not there. */
FRAY_API int fray_remove_combatant(fray_encounter *e, int who);

/* A rest between fights for every combatant still alive (kind 0 short, 1
 * long), as the ruleset defines it; the fight's state is kept, so an
 * adventuring day is: run, rest, run... Returns 0, or -1 if the ruleset has
 * no rests. */
FRAY_API int fray_rest(fray_encounter *e, int kind);

/* Play one action (or one round boundary). Returns 1 while the fight goes
 * on, 0 when it is over, -1 on a runtime error (see fray_error). */
FRAY_API int fray_step(fray_encounter *e);
/* Play to the end: 0 when over, -1 on error. */
FRAY_API int fray_run(fray_encounter *e);
/* The last error's message, or "" (owned by e). */
FRAY_API const char *fray_error(const fray_encounter *e);
/* FRAY_OK, FRAY_EINPUT (the dice list or a script did not fit the fight) or
 * FRAY_ERUNTIME (anything else). */
FRAY_API int fray_error_code(const fray_encounter *e);

/* Validate an encounter file, or a creature sheet (a file without
 * "combatants", whose ruleset is its "ruleset" key or the name of the folder
 * it is in, as in data/energy/goblin.json). Returns FRAY_OK, or FRAY_EINPUT
 * with "file:line:column: key: message" in err. */
FRAY_API int fray_check_file(const char *path, char *err, size_t errlen);

/* ---- Exact odds ------------------------------------------------------------ */

/* The exact odds of ruleset `id`'s check, as `fray odds ID CHECK
 * [--param value]...` gives them: argv[0] is the check ("melee"), the rest
 * its parameters. On success *json is a new JSON text (the caller frees it
 * with fray_free) and 0 is returned; -1 with a message in err for an
 * unknown ruleset, a ruleset without odds, or bad parameters. */
FRAY_API int fray_odds(const char *id, int argc, char **argv, char **json, char *err,
                       size_t errlen);
/* Free what fray returned for the caller to free (fray_odds' text). */
FRAY_API void fray_free(void *p);

/* ---- Reading the state -------------------------------------------------- */

FRAY_API const char *fray_encounter_ruleset(const fray_encounter *e);
FRAY_API const char *fray_encounter_name(const fray_encounter *e);
FRAY_API uint64_t fray_encounter_seed(const fray_encounter *e);
FRAY_API int fray_round(const fray_encounter *e);
FRAY_API int fray_over(const fray_encounter *e);
/* Index of the winning side (see fray_side_name), -1 for a draw. */
FRAY_API int fray_winner(const fray_encounter *e);
FRAY_API int fray_side_count(const fray_encounter *e);
FRAY_API const char *fray_side_name(const fray_encounter *e, int side);
FRAY_API int fray_combatant_count(const fray_encounter *e);
FRAY_API const char *fray_combatant_name(const fray_encounter *e, int who);
FRAY_API int fray_combatant_side(const fray_encounter *e, int who);
/* 0 able to fight, 1 down (unconscious, helpless), 2 dead, 3 gone
 * (removed from the fight, FRAY_GONE). */
enum { FRAY_GONE = 3 };
FRAY_API int fray_combatant_status(const fray_encounter *e, int who);
/* The value of a named resource ("Energy", "Aura"); 0, or -1 if it has none. */
FRAY_API int fray_combatant_resource(const fray_encounter *e, int who, const char *name, int *value);
/* Whether the combatant has the named condition now. */
FRAY_API int fray_combatant_has(const fray_encounter *e, int who, const char *condition);
/* Who rolls the die being drawn now: the creature whose action resolves,
 * or the one the ruleset names (a defender's roll); -1 outside actions. */
FRAY_API int fray_roller(const fray_encounter *e);
/* Dice drawn since the last reset. */
FRAY_API uint64_t fray_dice_drawn(const fray_encounter *e);

#ifdef __cplusplus
}
#endif
#endif
