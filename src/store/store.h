/* store.h: fights kept in a SQLite file (fray play, fray serve).
 *
 * A fight is event-sourced: the encounter as loaded, its seed and who
 * decides for each side, and the journal of what people entered (actions,
 * rolls, answers, GM fiat, changes of control), in order. Its state is
 * rebuilt by replaying the journal through the engine, which is
 * deterministic. Each journal entry is committed in its own transaction
 * before its result is shown, so a crash loses nothing that was shown.
 *
 * The file says what it is with SQLite's application_id ('FRAY') and its
 * schema version with user_version; a file that is not a fray store, or is
 * of a newer schema, is refused and never written. One fray process at a
 * time may write a fight: it holds the fight's lock (its pid) while open.
 */
#ifndef FRAY_STORE_H
#define FRAY_STORE_H

#include <stddef.h>
#include <stdint.h>

#define FRAY_STORE_APP_ID 0x46524159 /* 'FRAY' */
#define FRAY_STORE_SCHEMA 3

typedef struct fray_store fray_store;

typedef struct fray_fight_row {
    int64_t id;
    char name[64];
    char ruleset[32];
    char file[256];
    uint64_t seed;
    char control[256];  /* "blue=gm,red=policy" */
    int entries;        /* journal entries in force (not undone) */
    char created[32];
    char key[40];       /* 32 random hex digits: the fight's unguessable id (fray serve) */
    char player[40];    /* 32 random hex digits: the token of its players' view (fray serve) */
} fray_fight_row;

typedef struct fray_jentry {
    char kind[12];   /* "act", "die", "roll", "answer", "control", "set", "cond", "add",
                      * "remove", "damage", "heal"; from schema 3 "note", "reveal" */
    char body[240];
} fray_jentry;

/* Open a store; create it (with the schema) when `create` and it does not
 * exist. Read-only when the file cannot be written. NULL with a message in
 * err for a file that is not a fray store, is of a newer schema, or is
 * corrupt. The caller closes it. */
fray_store *fray_store_open(const char *path, int create, char *err, size_t errlen);
void fray_store_close(fray_store *s);
int fray_store_readonly(const fray_store *s);

/* A new fight; its name is made unique ("Duel at the ford #2"). 0 or -1. */
int fray_store_new_fight(fray_store *s, const char *name, const char *ruleset, const char *file,
                         const char *encounter, uint64_t seed, const char *control,
                         fray_fight_row *out, char *err, size_t errlen);
/* Every fight, newest first: fn is called for each; returns the count or -1. */
int fray_store_list(fray_store *s, void (*fn)(void *ud, const fray_fight_row *r), void *ud);
/* The fight named `name` (exact, else the only one whose name starts with
 * it), or the newest when name is NULL; its encounter text is malloc'd into
 * *encounter (the caller frees). 0, or -1 with a message. */
int fray_store_find(fray_store *s, const char *name, fray_fight_row *out, char **encounter,
                    char *err, size_t errlen);

/* The fight whose key is `key`, as fray_store_find; -1 with a message when
 * none is. */
int fray_store_find_key(fray_store *s, const char *key, fray_fight_row *out, char **encounter,
                        char *err, size_t errlen);

/* Take the fight for this process; -1 with a message when another live
 * process holds it. Released by fray_store_release or when the process
 * dies (a stale pid is taken over). */
int fray_store_lock(fray_store *s, int64_t fight, char *err, size_t errlen);
void fray_store_release(fray_store *s, int64_t fight);

/* The journal in force, in order: *out is malloc'd (the caller frees). */
int fray_store_journal(fray_store *s, int64_t fight, fray_jentry **out, int *n);
/* Append entries in one transaction; entries undone before are dropped
 * (what was undone cannot be redone after a new command). 0 or -1. */
int fray_store_append(fray_store *s, int64_t fight, const fray_jentry *e, int n, char *err,
                      size_t errlen);
/* Mark the last n entries in force undone; returns how many were. */
int fray_store_undo(fray_store *s, int64_t fight, int n);
/* Put back the first n undone entries; returns how many were. */
int fray_store_redo(fray_store *s, int64_t fight, int n);
/* How many entries redo could put back. */
int fray_store_redoable(fray_store *s, int64_t fight);

/* Command-line history kept with the store. */
int fray_store_history_add(fray_store *s, const char *line);
int fray_store_history(fray_store *s, void (*fn)(void *ud, const char *line), void *ud);

const char *fray_store_error(const fray_store *s);

#endif
