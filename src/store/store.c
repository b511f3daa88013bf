/* store.c: fights in a SQLite file (store.h says what is kept and why). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store.h"

struct fray_store {
    sqlite3 *db;
    int readonly;
    int appends;      /* journal transactions of this process, for FRAY_STORE_CRASH_AT */
    int crash_at;
    char err[256];
};

/* The schema by version: migrations[v] takes a store from version v to
 * v + 1; version 0 is an empty file. A new schema appends a step. */
static const char *const migrations[FRAY_STORE_SCHEMA] = {
    "CREATE TABLE fight ("
    "  id INTEGER PRIMARY KEY,"
    "  name TEXT NOT NULL UNIQUE,"
    "  ruleset TEXT NOT NULL,"
    "  file TEXT NOT NULL,"
    "  encounter TEXT NOT NULL,"
    "  seed INTEGER NOT NULL,"
    "  control TEXT NOT NULL,"
    "  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')),"
    "  owner INTEGER);"
    "CREATE TABLE journal ("
    "  fight INTEGER NOT NULL REFERENCES fight(id) ON DELETE CASCADE,"
    "  seq INTEGER NOT NULL,"
    "  kind TEXT NOT NULL,"
    "  body TEXT NOT NULL,"
    "  undone INTEGER NOT NULL DEFAULT 0,"
    "  PRIMARY KEY (fight, seq));"
    "CREATE TABLE history (id INTEGER PRIMARY KEY, line TEXT NOT NULL);",
    /* 2: a key per fight, random, so that a fight's address cannot be guessed */
    "ALTER TABLE fight ADD COLUMN key TEXT;"
    "UPDATE fight SET key = lower(hex(randomblob(16)));"
    "CREATE UNIQUE INDEX fight_key ON fight(key);",
    /* 3: a second key per fight, the players' (fray serve's read-only view);
     * and the journal may hold the GM's `note` and `reveal` entries, which
     * a fray of schema 2 would not replay: it refuses the store instead */
    "ALTER TABLE fight ADD COLUMN player TEXT;"
    "UPDATE fight SET player = lower(hex(randomblob(16)));",
};

const char *fray_store_error(const fray_store *s) { return s->err; }
int fray_store_readonly(const fray_store *s) { return s->readonly; }

static int fail(fray_store *s, char *err, size_t errlen, const char *what)
{
    snprintf(s->err, sizeof s->err, "%s: %s", what, sqlite3_errmsg(s->db));
    if (err)
        snprintf(err, errlen, "%s", s->err);
    return -1;
}

static int exec(fray_store *s, const char *sql) { return sqlite3_exec(s->db, sql, NULL, NULL, NULL); }

static int pragma_int(fray_store *s, const char *sql, int *out)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            *out = sqlite3_column_int(st, 0);
            rc = SQLITE_OK;
        }
        sqlite3_finalize(st);
    }
    return rc;
}

/* Bring a store of version `from` to the current schema, in one transaction. */
static int migrate(fray_store *s, int from, char *err, size_t errlen)
{
    if (exec(s, "BEGIN IMMEDIATE") != SQLITE_OK)
        return fail(s, err, errlen, "cannot start the schema change");
    for (int v = from; v < FRAY_STORE_SCHEMA; v++)
        if (exec(s, migrations[v]) != SQLITE_OK)
            goto bad;
    char sql[96];
    snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %d;",
             FRAY_STORE_APP_ID, FRAY_STORE_SCHEMA);
    if (exec(s, sql) != SQLITE_OK || exec(s, "COMMIT") != SQLITE_OK)
        goto bad;
    return 0;
bad:
    fail(s, err, errlen, "cannot write the schema");
    exec(s, "ROLLBACK");
    return -1;
}

/* Is it a fray store, and of which version? Reads only. */
static int identify(fray_store *s, const char *path, int *version, char *err, size_t errlen)
{
    int app = 0, tables = 0;
    if (pragma_int(s, "PRAGMA application_id", &app) != SQLITE_OK ||
        pragma_int(s, "SELECT count(*) FROM sqlite_master", &tables) != SQLITE_OK ||
        pragma_int(s, "PRAGMA user_version", version) != SQLITE_OK) {
        snprintf(err, errlen, "%s: not a fray store (%s)", path, sqlite3_errmsg(s->db));
        return -1;
    }
    if (app == 0 && tables == 0 && *version == 0)
        return 0; /* empty: made a store below */
    if (app != FRAY_STORE_APP_ID) {
        snprintf(err, errlen, "%s: not a fray store (a SQLite file of another program)", path);
        return -1;
    }
    if (*version > FRAY_STORE_SCHEMA) {
        snprintf(err, errlen,
                 "%s: written by a newer fray (store schema %d; this fray reads up to %d)", path,
                 *version, FRAY_STORE_SCHEMA);
        return -1;
    }
    return 0;
}

/* A store whose pages are corrupt is damaged, not empty: PRAGMA
 * quick_check reads every page (O(N), a store of fights is small). */
static int damaged(fray_store *s, const char *path, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, "PRAGMA quick_check(3)", -1, &st, NULL);
    if (rc != SQLITE_OK) {
        snprintf(err, errlen, "%s: the store is damaged (PRAGMA quick_check: %s)", path,
                 sqlite3_errmsg(s->db));
        return -1;
    }
    char first[200] = "";
    int n = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        if (n++ == 0)
            snprintf(first, sizeof first, "%s", t ? (const char *)t : "");
    }
    if (rc != SQLITE_DONE)
        snprintf(first, sizeof first, "%s", sqlite3_errmsg(s->db));
    sqlite3_finalize(st);
    if (rc == SQLITE_DONE && n == 1 && !strcmp(first, "ok"))
        return 0;
    for (char *c = first; *c; c++)
        if (*c == '\n')
            *c = ' ';
    snprintf(err, errlen, "%s: the store is damaged (PRAGMA quick_check: %s); its fights cannot "
             "be trusted: restore a copy", path, first);
    return -1;
}

fray_store *fray_store_open(const char *path, int create, char *err, size_t errlen)
{
    struct stat sb;
    if (stat(path, &sb) != 0) {
        if (!create) {
            snprintf(err, errlen, "%s: no such store", path);
            return NULL;
        }
    } else if (!S_ISREG(sb.st_mode)) {
        snprintf(err, errlen, "%s: not a file", path);
        return NULL;
    }
    fray_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    /* A file this process may not write is opened immutable: SQLite then
     * needs no -shm or -wal beside it, and writes nothing at all. */
    int writable = access(path, F_OK) != 0 || access(path, W_OK) == 0;
    char uri[1100];
    const char *name = path;
    int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    if (!writable) {
        size_t k = (size_t)snprintf(uri, sizeof uri, "file:");
        for (const char *c = path; *c && k + 4 < sizeof uri; c++)
            k += (size_t)(*c == '%' || *c == '?' || *c == '#'
                              ? snprintf(uri + k, sizeof uri - k, "%%%02X", (unsigned char)*c)
                              : snprintf(uri + k, sizeof uri - k, "%c", *c));
        snprintf(uri + k, sizeof uri - k, "?immutable=1");
        name = uri;
        flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
    }
    if (sqlite3_open_v2(name, &s->db, flags, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s: cannot open: %s", path,
                 s->db ? sqlite3_errmsg(s->db) : "out of memory");
        fray_store_close(s);
        return NULL;
    }
    s->readonly = sqlite3_db_readonly(s->db, "main") == 1;
    /* the crash test's fault: die by SIGKILL inside the Nth journal commit */
    const char *crash = getenv("FRAY_STORE_CRASH_AT");
    s->crash_at = crash ? atoi(crash) : 0;
    sqlite3_busy_timeout(s->db, 5000);
    int version = 0;
    if (identify(s, path, &version, err, errlen) < 0) {
        fray_store_close(s);
        return NULL;
    }
    if (damaged(s, path, err, errlen) < 0) {
        fray_store_close(s);
        return NULL;
    }
    if (version < FRAY_STORE_SCHEMA) {
        if (s->readonly) {
            snprintf(err, errlen, "%s: read-only, and not yet a fray store of schema %d", path,
                     FRAY_STORE_SCHEMA);
            fray_store_close(s);
            return NULL;
        }
        if (migrate(s, version, err, errlen) < 0) {
            fray_store_close(s);
            return NULL;
        }
    }
    /* WAL: readers never wait for the writer; FULL: a command shown is on disk */
    if (!s->readonly &&
        (exec(s, "PRAGMA journal_mode = WAL") != SQLITE_OK ||
         exec(s, "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON") != SQLITE_OK)) {
        fail(s, err, errlen, path);
        fray_store_close(s);
        return NULL;
    }
    return s;
}

void fray_store_close(fray_store *s)
{
    if (!s)
        return;
    sqlite3_close(s->db);
    free(s);
}

static void copy_col(char *dst, size_t len, sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(dst, len, "%s", t ? (const char *)t : "");
}

#define ROW_COLS "f.id, f.name, f.ruleset, f.file, f.seed, f.control, f.created, " \
                 "(SELECT count(*) FROM journal j WHERE j.fight = f.id AND j.undone = 0), f.key, f.player"
#define ROW_NCOLS 10 /* the columns of ROW_COLS: a query's next column is this one */

static void read_row(sqlite3_stmt *st, fray_fight_row *r)
{
    memset(r, 0, sizeof *r);
    r->id = sqlite3_column_int64(st, 0);
    copy_col(r->name, sizeof r->name, st, 1);
    copy_col(r->ruleset, sizeof r->ruleset, st, 2);
    copy_col(r->file, sizeof r->file, st, 3);
    r->seed = (uint64_t)sqlite3_column_int64(st, 4);
    copy_col(r->control, sizeof r->control, st, 5);
    copy_col(r->created, sizeof r->created, st, 6);
    r->entries = sqlite3_column_int(st, 7);
    copy_col(r->key, sizeof r->key, st, 8);
    copy_col(r->player, sizeof r->player, st, 9);
}

static int name_taken(fray_store *s, const char *name)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT 1 FROM fight WHERE name = ?", -1, &st, NULL) != SQLITE_OK)
        return 1;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    int taken = sqlite3_step(st) == SQLITE_ROW;
    sqlite3_finalize(st);
    return taken;
}

int fray_store_new_fight(fray_store *s, const char *name, const char *ruleset, const char *file,
                         const char *encounter, uint64_t seed, const char *control,
                         fray_fight_row *out, char *err, size_t errlen)
{
    if (s->readonly)
        return snprintf(err, errlen, "the store is read-only"), -1;
    char unique[64];
    snprintf(unique, sizeof unique, "%s", name);
    for (int k = 2; name_taken(s, unique) && k < 10000; k++)
        snprintf(unique, sizeof unique, "%.50s #%d", name, k);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "INSERT INTO fight (name, ruleset, file, encounter, seed, control, owner, key, "
                           "player) VALUES (?, ?, ?, ?, ?, ?, ?, lower(hex(randomblob(16))), "
                           "lower(hex(randomblob(16))))",
                           -1, &st, NULL) != SQLITE_OK)
        return fail(s, err, errlen, "cannot record the fight");
    sqlite3_bind_text(st, 1, unique, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, ruleset, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, file, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 4, encounter, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 5, (sqlite3_int64)seed);
    sqlite3_bind_text(st, 6, control, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 7, (sqlite3_int64)getpid());
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return fail(s, err, errlen, "cannot record the fight");
    char *enc = NULL;
    int found = fray_store_find(s, unique, out, &enc, err, errlen);
    free(enc);
    return found;
}

int fray_store_list(fray_store *s, void (*fn)(void *ud, const fray_fight_row *r), void *ud)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT " ROW_COLS " FROM fight f ORDER BY f.id DESC", -1, &st,
                           NULL) != SQLITE_OK)
        return fail(s, NULL, 0, "cannot list the fights");
    int n = 0;
    fray_fight_row r;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        read_row(st, &r);
        fn(ud, &r);
        n++;
    }
    if (rc != SQLITE_DONE) {
        fail(s, NULL, 0, "cannot list the fights");
        sqlite3_finalize(st);
        return -1;
    }
    sqlite3_finalize(st);
    return n;
}

int fray_store_find(fray_store *s, const char *name, fray_fight_row *out, char **encounter,
                    char *err, size_t errlen)
{
    sqlite3_stmt *st;
    const char *sql =
        name ? "SELECT " ROW_COLS ", f.encounter FROM fight f WHERE f.name = ?1 OR "
               "(substr(f.name, 1, length(?1)) = ?1 AND (SELECT count(*) FROM fight g WHERE "
               "substr(g.name, 1, length(?1)) = ?1) = 1) ORDER BY f.name = ?1 DESC LIMIT 1"
             : "SELECT " ROW_COLS ", f.encounter FROM fight f ORDER BY f.id DESC LIMIT 1";
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
        return fail(s, err, errlen, "cannot read the fights");
    if (name)
        sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
        sqlite3_finalize(st);
        if (name)
            snprintf(err, errlen, "no fight named '%s' in the store (fray play --db FILE lists them)",
                     name);
        else
            snprintf(err, errlen, "the store holds no fight");
        return -1;
    }
    read_row(st, out);
    const unsigned char *enc = sqlite3_column_text(st, ROW_NCOLS);
    *encounter = strdup(enc ? (const char *)enc : "");
    sqlite3_finalize(st);
    if (!*encounter)
        return snprintf(err, errlen, "out of memory"), -1;
    return 0;
}

int fray_store_find_key(fray_store *s, const char *key, fray_fight_row *out, char **encounter,
                        char *err, size_t errlen)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT " ROW_COLS ", f.encounter FROM fight f WHERE f.key = ?1",
                           -1, &st, NULL) != SQLITE_OK)
        return fail(s, err, errlen, "cannot read the fights");
    sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) != SQLITE_ROW) {
        sqlite3_finalize(st);
        return snprintf(err, errlen, "no fight with id '%.40s'", key), -1;
    }
    read_row(st, out);
    const unsigned char *enc = sqlite3_column_text(st, ROW_NCOLS);
    *encounter = strdup(enc ? (const char *)enc : "");
    sqlite3_finalize(st);
    if (!*encounter)
        return snprintf(err, errlen, "out of memory"), -1;
    return 0;
}

int fray_store_lock(fray_store *s, int64_t fight, char *err, size_t errlen)
{
    if (s->readonly)
        return snprintf(err, errlen, "the store is read-only: the fight can be read, not played"),
               -1;
    if (exec(s, "BEGIN IMMEDIATE") != SQLITE_OK)
        return fail(s, err, errlen, "the store is busy");
    sqlite3_stmt *st;
    int64_t owner = 0;
    if (sqlite3_prepare_v2(s->db, "SELECT owner FROM fight WHERE id = ?", -1, &st, NULL) ==
        SQLITE_OK) {
        sqlite3_bind_int64(st, 1, fight);
        if (sqlite3_step(st) == SQLITE_ROW)
            owner = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    /* a pid that no longer runs left its lock behind when it died */
    if (owner > 0 && owner != getpid() && (kill((pid_t)owner, 0) == 0 || errno == EPERM)) {
        exec(s, "ROLLBACK");
        snprintf(err, errlen, "the fight is open in another fray (pid %lld): close it there first",
                 (long long)owner);
        return -1;
    }
    char sql[96];
    snprintf(sql, sizeof sql, "UPDATE fight SET owner = %d WHERE id = %lld", (int)getpid(),
             (long long)fight);
    if (exec(s, sql) != SQLITE_OK || exec(s, "COMMIT") != SQLITE_OK) {
        fail(s, err, errlen, "cannot take the fight");
        exec(s, "ROLLBACK");
        return -1;
    }
    return 0;
}

void fray_store_release(fray_store *s, int64_t fight)
{
    if (s->readonly)
        return;
    char sql[96];
    snprintf(sql, sizeof sql, "UPDATE fight SET owner = NULL WHERE id = %lld AND owner = %d",
             (long long)fight, (int)getpid());
    exec(s, sql);
}

int fray_store_journal(fray_store *s, int64_t fight, fray_jentry **out, int *n)
{
    sqlite3_stmt *st;
    *out = NULL;
    *n = 0;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT kind, body FROM journal WHERE fight = ? AND undone = 0 "
                           "ORDER BY seq",
                           -1, &st, NULL) != SQLITE_OK)
        return fail(s, NULL, 0, "cannot read the journal");
    sqlite3_bind_int64(st, 1, fight);
    int cap = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (*n == cap) {
            cap = cap ? cap * 2 : 64;
            fray_jentry *m = realloc(*out, (size_t)cap * sizeof **out);
            if (!m) {
                sqlite3_finalize(st);
                return -1;
            }
            *out = m;
        }
        copy_col((*out)[*n].kind, sizeof(*out)[*n].kind, st, 0);
        copy_col((*out)[*n].body, sizeof(*out)[*n].body, st, 1);
        (*n)++;
    }
    sqlite3_finalize(st);
    return 0;
}

int fray_store_append(fray_store *s, int64_t fight, const fray_jentry *e, int n, char *err,
                      size_t errlen)
{
    if (s->readonly)
        return snprintf(err, errlen, "the store is read-only"), -1;
    if (exec(s, "BEGIN IMMEDIATE") != SQLITE_OK)
        return fail(s, err, errlen, "the store is busy");
    char sql[128];
    snprintf(sql, sizeof sql, "DELETE FROM journal WHERE fight = %lld AND undone = 1",
             (long long)fight);
    sqlite3_stmt *st = NULL;
    if (exec(s, sql) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db,
                           "INSERT INTO journal (fight, seq, kind, body) VALUES (?1, "
                           "(SELECT coalesce(max(seq), 0) + 1 FROM journal WHERE fight = ?1), ?2, ?3)",
                           -1, &st, NULL) != SQLITE_OK)
        goto bad;
    for (int k = 0; k < n; k++) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, fight);
        sqlite3_bind_text(st, 2, e[k].kind, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 3, e[k].body, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(st) != SQLITE_DONE)
            goto bad;
    }
    sqlite3_finalize(st);
    if (++s->appends == s->crash_at)
        raise(SIGKILL); /* written, not committed: the entry must not survive */
    if (exec(s, "COMMIT") != SQLITE_OK) {
        st = NULL;
        goto bad;
    }
    return 0;
bad:
    fail(s, err, errlen, "cannot write the journal");
    sqlite3_finalize(st);
    exec(s, "ROLLBACK");
    return -1;
}

/* Flip `undone` on n entries at the end of what is in force (undo) or at
 * the start of what was undone (redo). */
static int flip(fray_store *s, int64_t fight, int n, int undo)
{
    if (s->readonly || n <= 0)
        return 0;
    char sql[256];
    snprintf(sql, sizeof sql,
             "UPDATE journal SET undone = %d WHERE fight = %lld AND seq IN (SELECT seq FROM "
             "journal WHERE fight = %lld AND undone = %d ORDER BY seq %s LIMIT %d)",
             undo, (long long)fight, (long long)fight, !undo, undo ? "DESC" : "ASC", n);
    if (exec(s, sql) != SQLITE_OK)
        return fail(s, NULL, 0, "cannot change the journal");
    return sqlite3_changes(s->db);
}

int fray_store_undo(fray_store *s, int64_t fight, int n) { return flip(s, fight, n, 1); }
int fray_store_redo(fray_store *s, int64_t fight, int n) { return flip(s, fight, n, 0); }

int fray_store_redoable(fray_store *s, int64_t fight)
{
    sqlite3_stmt *st;
    int n = 0;
    if (sqlite3_prepare_v2(s->db, "SELECT count(*) FROM journal WHERE fight = ? AND undone = 1",
                           -1, &st, NULL) != SQLITE_OK)
        return 0;
    sqlite3_bind_int64(st, 1, fight);
    if (sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return n;
}

int fray_store_history_add(fray_store *s, const char *line)
{
    if (s->readonly)
        return 0;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "INSERT INTO history (line) VALUES (?)", -1, &st, NULL) !=
        SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, line, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
    sqlite3_finalize(st);
    return rc;
}

int fray_store_history(fray_store *s, void (*fn)(void *ud, const char *line), void *ud)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT line FROM (SELECT id, line FROM history ORDER BY id DESC "
                           "LIMIT 500) ORDER BY id",
                           -1, &st, NULL) != SQLITE_OK)
        return -1;
    while (sqlite3_step(st) == SQLITE_ROW)
        fn(ud, (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return 0;
}
