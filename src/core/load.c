/* load.c: encounter files. jansson parses; this file validates every key,
 * merges bundled creatures with their overrides, and reports an error once
 * with file, line, column and key path. Nothing is half-loaded: any error
 * frees everything and returns NULL.
 *
 * The value helpers and the error report (with the line of a key path)
 * are in loadvals.c; a combatant's "script" in script.c. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <pthread.h>
#include <limits.h>
#include <strings.h>

#include "core.h"
#include "lookahead.h"

/* ---- Files ---- */

/* Read a whole file; the caller frees. NULL with errno set on failure. */
char *fray_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 16384;
            if (cap > (64u << 20)) { /* no encounter is 64 MiB */
                free(buf);
                fclose(f);
                errno = EFBIG;
                return NULL;
            }
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        errno = 0;
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f), why = errno; /* fread's reason, e.g. EISDIR for a folder */
    fclose(f);
    if (bad) {
        free(buf);
        errno = why ? why : EIO;
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* Where the bundled data is, looked for once per process: beside the
 * running program as installed (PREFIX/bin/fray and PREFIX/share/fray/data),
 * the folder it was installed to, or this source tree. */
static char data_dir[PATH_MAX];
static pthread_once_t data_once = PTHREAD_ONCE_INIT;

static int is_dir(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static void find_data_dir(void)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0; /* PREFIX/bin */
            slash = strrchr(exe, '/');
            if (slash) {
                *slash = 0; /* PREFIX */
                int len = snprintf(data_dir, sizeof data_dir, "%s/%s", exe, FRAY_REL_DATA_DIR);
                if (len > 0 && (size_t)len < sizeof data_dir && is_dir(data_dir))
                    return;
            }
        }
    }
    snprintf(data_dir, sizeof data_dir, "%s",
             is_dir(FRAY_INSTALL_DATA_DIR) && !is_dir(FRAY_DATA_DIR) ? FRAY_INSTALL_DATA_DIR
                                                                     : FRAY_DATA_DIR);
}

const char *fray_data_dir(void)
{
    const char *d = getenv("FRAY_DATA");
    if (d && *d)
        return d;
    pthread_once(&data_once, find_data_dir);
    return data_dir;
}

/* ---- Encounters ---- */

static const char *const encounter_keys[] = {"ruleset", "name", "options", "max_rounds", "dice",
                                             "combatants", "day", "map", NULL};
static const char *const combatant_keys[] = {"name",       "side",   "at",    "facing", "use",
                                             "sheet",      "script", "controller", "hidden", NULL};
static const char *const controller_names[] = {"policy", "random", "script"};

void fray_encounter_free(fray_encounter *e)
{
    if (!e)
        return;
    free(e->priv);
    free(e->state);
    free(e->priv0);
    free(e->state0);
    free(e->script);
    free(e->nscript);
    free(e->script_ans);
    free(e->script_dice);
    if (!e->map_shared)
        fray_map_free(e->map);
    free(e->decide_check);
    free(e->memo);
    fray_encounter_free(e->la_scratch);
    fray_la_step_free(e->la_step);
    free(e);
}

static int find_side(fray_encounter *e, const char *name)
{
    for (int i = 0; i < e->nsides; i++)
        if (!strcmp(e->side[i], name))
            return i;
    return -1;
}

static int load_position(fray_load *ld, const json_t *c, fray_combatant *cb)
{
    json_t *at = json_object_get(c, "at");
    if (!at)
        return 0;
    if (!json_is_array(at) || json_array_size(at) != 2 || !json_is_number(json_array_get(at, 0)) ||
        !json_is_number(json_array_get(at, 1)))
        return fray_load_fail(ld, "at", "expected [x, y] in metres");
    /* within 10 km of the origin, to whole centimetres, once, at load */
    return fray_load_metres(ld, json_array_get(at, 0), "at", -1000000, 1000000, &cb->x) < 0 ||
                   fray_load_metres(ld, json_array_get(at, 1), "at", -1000000, 1000000, &cb->y) < 0
               ? -1
               : 0;
}

static int load_combatant(fray_load *ld, fray_encounter *e, const json_t *c, int i,
                          int *facing_given)
{
    fray_combatant *cb = &e->c[i];
    if (fray_load_keys(ld, c, combatant_keys) < 0)
        return -1;
    if (fray_load_str(ld, c, "name", cb->name, sizeof cb->name, NULL, 1) < 0)
        return -1;
    if (!cb->name[0])
        return fray_load_fail(ld, "name", "must not be empty");
    for (int j = 0; j < i; j++)
        if (!strcasecmp(e->c[j].name, cb->name))
            return fray_load_fail(ld, "name", "'%s' is already the name of combatants[%d]",
                                  cb->name, j);
    char side[FRAY_NAME];
    if (fray_load_str(ld, c, "side", side, sizeof side, NULL, 1) < 0)
        return -1;
    if (!side[0])
        return fray_load_fail(ld, "side", "must not be empty");
    int s = find_side(e, side);
    if (s < 0) {
        if (e->nsides == FRAY_MAX_SIDES)
            return fray_load_fail(ld, "side", "too many sides (at most %d)", FRAY_MAX_SIDES);
        s = e->nsides++;
        snprintf(e->side[s], sizeof e->side[s], "%s", side);
    }
    cb->side = s;
    if (load_position(ld, c, cb) < 0)
        return -1;
    *facing_given = json_object_get(c, "facing") != NULL;
    if (fray_load_int(ld, c, "facing", &cb->facing, 0, 0, 7, 0) < 0)
        return -1;
    int ctl;
    if (fray_load_enum(ld, c, "controller", &ctl, controller_names, 3,
                       json_object_get(c, "script") ? FRAY_CTL_SCRIPT : FRAY_CTL_POLICY, 0) < 0)
        return -1;
    cb->controller = ctl;
    /* kept from the players' view (fray serve) until the GM reveals it */
    if (fray_load_bool(ld, c, "hidden", &cb->hidden, 0) < 0)
        return -1;

    /* the sheet: a bundled creature with overrides, or a sheet of its own */
    json_t *use = json_object_get(c, "use"), *sheet = json_object_get(c, "sheet");
    json_t *merged = NULL;
    char *alt_text = NULL;
    char alt_file[512] = "";
    if (sheet && !json_is_object(sheet))
        return fray_load_fail(ld, "sheet", "expected an object");
    if (use) {
        if (!json_is_string(use))
            return fray_load_fail(ld, "use", "expected the name of a bundled creature");
        const char *u = json_string_value(use);
        for (const char *p = u; *p; p++)
            if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_')
                return fray_load_fail(ld, "use", "'%s' is not a creature name", u);
        snprintf(alt_file, sizeof alt_file, "%s/%s/%s.json", fray_data_dir(), e->rs->id, u);
        size_t alen = 0;
        alt_text = fray_slurp(alt_file, &alen);
        if (!alt_text)
            return fray_load_fail(ld, "use", "no bundled %s creature '%s' (%s: %s)", e->rs->id, u,
                                  alt_file, strerror(errno));
        json_error_t je;
        merged = json_loadb(alt_text, alen, JSON_REJECT_DUPLICATES, &je);
        if (!merged || !json_is_object(merged)) {
            free(alt_text);
            json_decref(merged);
            return fray_load_fail(ld, "use", "bundled creature %s: line %d: %s", alt_file, je.line,
                                  merged ? "expected an object" : je.text);
        }
        ld->alt_file = alt_file;
        ld->alt_text = alt_text;
        ld->alt_len = alen;
        if (sheet && json_object_update_recursive(merged, sheet) < 0) {
            free(alt_text);
            json_decref(merged);
            return fray_load_fail(ld, "sheet", "could not merge over '%s'", u);
        }
    } else if (sheet) {
        merged = json_deep_copy(sheet);
    } else {
        return fray_load_fail(ld, NULL, "needs \"use\" (a bundled creature) or \"sheet\"");
    }
    size_t mark = fray_load_push(ld, "sheet", -1);
    char prefix[192];
    snprintf(prefix, sizeof prefix, "%s", ld->path);
    ld->alt_prefix = prefix;
    /* a creature file may say which ruleset it is for: it must be this one */
    json_t *srs = json_object_get(merged, "ruleset");
    int rc = 0;
    if (srs && (!json_is_string(srs) || strcmp(json_string_value(srs), e->rs->id)))
        rc = fray_load_fail(ld, "ruleset", "expected \"%s\", the encounter's ruleset",
                            e->rs->id);
    json_object_del(merged, "ruleset");
    if (rc == 0)
        rc = e->rs->load_creature(ld, merged, e, i);
    if (rc < 0 && !ld->failed)
        fray_load_fail(ld, NULL, "invalid sheet");
    fray_load_pop(ld, mark);
    ld->alt_prefix = NULL;
    ld->alt_file = ld->alt_text = NULL;
    json_decref(merged);
    free(alt_text);
    return rc < 0 ? -1 : 0;
}

static int load_options(fray_load *ld, fray_encounter *e, const json_t *opts)
{
    const fray_ruleset *rs = e->rs;
    for (int k = 0; k < rs->noptions; k++)
        e->opt[k] = rs->options[k].def;
    if (!opts)
        return 0;
    if (!json_is_object(opts))
        return fray_load_fail(ld, "options", "expected an object of rule options");
    size_t mark = fray_load_push(ld, "options", -1);
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)opts, key, v) {
        int k = -1;
        for (int j = 0; j < rs->noptions; j++)
            if (!strcmp(rs->options[j].name, key))
                k = j;
        if (k < 0) {
            char known[512] = "";
            for (int j = 0; j < rs->noptions; j++) {
                size_t l = strlen(known);
                snprintf(known + l, sizeof known - l, "%s%s", j ? ", " : "", rs->options[j].name);
            }
            return fray_load_fail(ld, key, "not a rule option of %s (options: %s)", rs->id,
                                  rs->noptions ? known : "none");
        }
        const fray_option_info *o = &rs->options[k];
        if (json_is_boolean(v) && o->min == 0 && o->max == 1)
            e->opt[k] = json_is_true(v);
        else if (fray_load_int(ld, opts, key, &e->opt[k], o->def, o->min, o->max, 1) < 0)
            return -1;
    }
    fray_load_pop(ld, mark);
    return 0;
}

static int load_dice(fray_load *ld, fray_encounter *e, const json_t *d)
{
    if (!d)
        return 0;
    if (!json_is_array(d))
        return fray_load_fail(ld, "dice", "expected an array of die results");
    size_t n = json_array_size(d);
    int *vals = malloc((n ? n : 1) * sizeof *vals);
    if (!vals)
        return fray_load_fail(ld, "dice", "out of memory");
    for (size_t k = 0; k < n; k++) {
        json_t *v = json_array_get(d, k);
        if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 1000) {
            free(vals);
            char key[32];
            snprintf(key, sizeof key, "dice[%zu]", k);
            return fray_load_fail(ld, key, "expected a die result from 1 to 1000");
        }
        vals[k] = (int)json_integer_value(v);
    }
    e->script_dice = vals;
    e->nscript_dice = n;
    return 0;
}


/* The ruleset an encounter names, after checking its top-level keys; NULL
 * with the error reported. `force`, when given, is the only one accepted. */
static const fray_ruleset *load_ruleset(fray_load *ld, const fray_ruleset *force,
                                        const json_t *root)
{
    if (!json_is_object(root)) {
        fray_load_fail(ld, NULL, "expected an encounter object");
        return NULL;
    }
    if (!json_object_get(root, "combatants") && json_object_get(root, "ruleset") == NULL) {
        fray_load_fail(ld, "ruleset", "missing: an encounter names its ruleset (one of the ids "
                                      "of `fray rulesets`)");
        return NULL;
    }
    if (fray_load_keys(ld, root, encounter_keys) < 0)
        return NULL;
    char rsid[32];
    if (fray_load_str(ld, root, "ruleset", rsid, sizeof rsid, NULL, 1) < 0)
        return NULL;
    const fray_ruleset *rs = force ? (strcmp(force->id, rsid) ? NULL : force) : fray_ruleset_find(rsid);
    if (!rs) {
        char known[256] = "";
        for (int i = 0; fray_rulesets[i]; i++) {
            size_t l = strlen(known);
            snprintf(known + l, sizeof known - l, "%s%s", i ? ", " : "", fray_rulesets[i]->id);
        }
        fray_load_fail(ld, "ruleset", "unknown ruleset '%s' (known: %s)", rsid, known);
        return NULL;
    }
    return rs;
}

/* The per-combatant and state arrays of a new encounter; -1 when out of
 * memory (what was allocated is freed with the encounter). */
static int alloc_encounter(fray_encounter *e)
{
    const fray_ruleset *rs = e->rs;
    size_t csz = rs->creature_size ? rs->creature_size : 1;
    size_t ssz = rs->state_size ? rs->state_size : 1;
    e->priv = calloc((size_t)e->n, csz);
    e->priv0 = calloc((size_t)e->n, csz);
    e->state = calloc(1, ssz);
    e->state0 = calloc(1, ssz);
    e->script = calloc((size_t)e->n * FRAY_MAX_SCRIPT, sizeof *e->script);
    e->nscript = calloc((size_t)e->n, sizeof *e->nscript);
    e->script_ans = calloc((size_t)e->n * FRAY_MAX_SCRIPT, sizeof *e->script_ans);
    e->memo = rs->memo_size ? calloc(1, rs->memo_size) : NULL;
    e->world_rev = 1; /* a zeroed stamp in the memo is never current */
    fray_turns_init(e);
    if (!e->priv || !e->priv0 || !e->state || !e->state0 || !e->script || !e->nscript ||
        !e->script_ans || (rs->memo_size && !e->memo))
        return -1;
    return 0;
}

/* The combatants of one fight: the file's "combatants", and for a fight of
 * an adventuring day the foes of its step (day.h), with the key paths of
 * both in error messages. */
typedef struct roster {
    const json_t *party, *foes;
    int np, step;
} roster;

static const json_t *roster_at(const roster *r, int i)
{
    return i < r->np ? json_array_get(r->party, (size_t)i) : json_array_get(r->foes, (size_t)(i - r->np));
}

static size_t roster_push(fray_load *ld, const roster *r, int i)
{
    if (i < r->np)
        return fray_load_push(ld, "combatants", i);
    size_t mark = fray_load_push(ld, "day", r->step);
    fray_load_push(ld, "combatants", i - r->np);
    return mark;
}

/* Every combatant, then (once all names are known) their scripts and the
 * facing of those not given one. */
static int load_combatants(fray_load *ld, fray_encounter *e, const roster *cs)
{
    int facing_given[FRAY_MAX_COMBATANTS];
    for (int i = 0; i < e->n; i++) {
        size_t mark = roster_push(ld, cs, i);
        if (load_combatant(ld, e, roster_at(cs, i), i, &facing_given[i]) < 0)
            return -1;
        fray_load_pop(ld, mark);
    }
    if (e->nsides < 2)
        return fray_load_fail(ld, "combatants",
                              "every combatant is on side '%s': a fight needs two sides",
                              e->side[0]);
    for (int i = 0; i < e->n; i++) {
        size_t mark = roster_push(ld, cs, i);
        if (fray_load_script(ld, e, roster_at(cs, i), i) < 0)
            return -1;
        fray_load_pop(ld, mark);
        /* facing not given: towards the nearest enemy, as anyone would stand */
        if (!facing_given[i]) {
            int best = -1, bd = 0;
            for (int j = 0; j < e->n; j++) {
                if (e->c[j].side == e->c[i].side)
                    continue;
                int d = fray_distance(e, i, j);
                if (best < 0 || d < bd) {
                    best = j;
                    bd = d;
                }
            }
            e->c[i].facing = fray_facing_towards(e, i, best);
        }
    }
    return 0;
}

static const char *const step_keys[] = {"name", "combatants", "rest", NULL};
static const char *const rest_kinds[] = {"short", "long"};

/* An adventuring day's "day": steps in order, each a fight ("combatants":
 * the foes the party meets) or a rest ("rest": "short" or "long"). The
 * roster of fight `fight` (0 the first) goes to *r. Returns the number of
 * fights, or -1 with the error reported. */
static int load_day(fray_load *ld, const json_t *day, int fight, roster *r)
{
    if (!json_is_array(day) || json_array_size(day) == 0 || json_array_size(day) > FRAY_DAY_STEPS)
        return fray_load_fail(ld, "day", "expected an array of 1 to %d steps (fights and rests)",
                              FRAY_DAY_STEPS);
    int nf = 0;
    for (size_t s = 0; s < json_array_size(day); s++) {
        const json_t *st = json_array_get(day, s);
        size_t mark = fray_load_push(ld, "day", (int)s);
        if (!json_is_object(st))
            return fray_load_fail(ld, NULL, "expected a step: {\"combatants\": [...]} or {\"rest\": \"short\"}");
        if (fray_load_keys(ld, st, step_keys) < 0)
            return -1;
        const json_t *foes = json_object_get(st, "combatants");
        int kind;
        if (!foes == !json_object_get(st, "rest"))
            return fray_load_fail(ld, NULL, "a step is a fight (\"combatants\") or a rest (\"rest\"), not %s",
                                  foes ? "both" : "neither");
        if (!foes && fray_load_enum(ld, st, "rest", &kind, rest_kinds, 2, 0, 1) < 0)
            return -1;
        if (foes) {
            if (!json_is_array(foes) || json_array_size(foes) < 1 ||
                json_array_size(foes) + (size_t)r->np > FRAY_MAX_COMBATANTS)
                return fray_load_fail(ld, "combatants", "expected an array of 1 to %d foes",
                                      FRAY_MAX_COMBATANTS - r->np);
            char name[64];
            if (fray_load_str(ld, st, "name", name, sizeof name, "", 0) < 0)
                return -1;
            if (nf == fight) {
                r->foes = foes;
                r->step = (int)s;
            }
            nf++;
        } else if (json_object_get(st, "name")) {
            return fray_load_fail(ld, "name", "a rest has no name");
        }
        fray_load_pop(ld, mark);
    }
    if (!nf)
        return fray_load_fail(ld, "day", "an adventuring day has at least one fight");
    return nf;
}

static fray_encounter *load_text(const fray_ruleset *force, const char *text, size_t len,
                                 const char *file, int fight, char *err, size_t errlen)
{
    fray_load ld0 = {0}, *ld = &ld0;
    ld->file = file;
    ld->text = text;
    ld->textlen = len;
    ld->err = err;
    ld->errlen = errlen;
    if (errlen)
        err[0] = 0;

    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        snprintf(err, errlen, "%s:%d:%d: syntax error: %s", file, je.line, je.column, je.text);
        return NULL;
    }
    fray_encounter *e = NULL;
    const fray_ruleset *rs = load_ruleset(ld, force, root);
    if (!rs)
        goto fail;
    json_t *cs = json_object_get(root, "combatants"), *day = json_object_get(root, "day");
    /* an adventuring day's party may be one creature: its foes come later */
    size_t least = day ? 1 : 2;
    if (!json_is_array(cs) || json_array_size(cs) < least) {
        fray_load_fail(ld, "combatants", "expected an array of at least %s", day ? "one combatant (the party)" : "two combatants");
        goto fail;
    }
    if (json_array_size(cs) > FRAY_MAX_COMBATANTS) {
        fray_load_fail(ld, "combatants", "too many combatants (at most %d)", FRAY_MAX_COMBATANTS);
        goto fail;
    }
    roster ro = {cs, NULL, (int)json_array_size(cs), -1};
    int nfights = 0;
    if (day && (nfights = load_day(ld, day, fight < 0 ? 0 : fight, &ro)) < 0)
        goto fail;
    if (fight >= (day ? nfights : 1)) {
        snprintf(err, errlen, "%s: there is no fight %d", file, fight);
        goto fail;
    }
    e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(err, errlen, "%s: out of memory", file);
        goto fail;
    }
    e->rs = rs;
    e->csize = rs->creature_size;
    e->n = ro.np + (int)json_array_size(ro.foes);
    e->nday = day ? nfights : 0;
    e->winner = -1;
    snprintf(e->file, sizeof e->file, "%s", file);
    if (fray_load_str(ld, root, "name", e->name, sizeof e->name, file, 0) < 0 ||
        fray_load_int(ld, root, "max_rounds", &e->max_rounds, 100, 1, 1000000, 0) < 0 ||
        load_options(ld, e, json_object_get(root, "options")) < 0 ||
        load_dice(ld, e, json_object_get(root, "dice")) < 0 ||
        fray_map_load(ld, json_object_get(root, "map"), &e->map) < 0)
        goto fail;
    if (alloc_encounter(e) < 0) {
        snprintf(err, errlen, "%s: out of memory", file);
        goto fail;
    }
    if (load_combatants(ld, e, &ro) < 0)
        goto fail;
    if (rs->loaded && rs->loaded(ld, e) < 0) {
        if (!ld->failed)
            fray_load_fail(ld, NULL, "invalid encounter");
        goto fail;
    }
    json_decref(root);
    for (int i = 0; i < e->n; i++)
        e->c[i].script_answer = -1;
    fray_encounter_snapshot(e);
    fray_reset(e, 1, 0);
    return e;
fail:
    json_decref(root);
    fray_encounter_free(e);
    return NULL;
}

fray_encounter *fray_encounter_load_string(const char *json, const char *name, char *err,
                                           size_t errlen)
{
    if (!json) {
        snprintf(err, errlen, "%s: no text", name ? name : "(string)");
        return NULL;
    }
    return load_text(NULL, json, strlen(json), name ? name : "(string)", -1, err, errlen);
}

fray_encounter *fray_encounter_load_fight(const char *json, const char *name, int fight,
                                          char *err, size_t errlen)
{
    return load_text(NULL, json, strlen(json), name ? name : "(string)", fight, err, errlen);
}

fray_encounter *fray_encounter_load_with(const fray_ruleset *rs, const char *json,
                                         const char *name, char *err, size_t errlen)
{
    return load_text(rs, json, strlen(json), name ? name : "(string)", -1, err, errlen);
}

fray_encounter *fray_encounter_load_file(const char *path, char *err, size_t errlen)
{
    size_t len = 0;
    char *text = fray_slurp(path, &len);
    if (!text) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return NULL;
    }
    fray_encounter *e = load_text(NULL, text, len, path, -1, err, errlen);
    free(text);
    return e;
}

/* A creature sheet alone: load it as both combatants of a two-creature
 * encounter, so the ruleset's own validation runs on it. */
static int check_creature(const char *path, const char *text, size_t len, json_t *root, char *err,
                          size_t errlen)
{
    fray_load ld0 = {0}, *ld = &ld0;
    ld->file = path;
    ld->text = text;
    ld->textlen = len;
    ld->err = err;
    ld->errlen = errlen;
    const fray_ruleset *rs = NULL;
    json_t *rid = json_object_get(root, "ruleset");
    char dir[256] = "";
    if (rid) {
        if (!json_is_string(rid))
            return fray_load_fail(ld, "ruleset", "expected a ruleset id"), FRAY_EINPUT;
        rs = fray_ruleset_find(json_string_value(rid));
        if (!rs)
            return fray_load_fail(ld, "ruleset", "unknown ruleset '%s'", json_string_value(rid)),
                   FRAY_EINPUT;
    } else {
        /* the folder it lives in: data/<id>/name.json */
        const char *slash = strrchr(path, '/');
        if (slash) {
            size_t l = (size_t)(slash - path);
            const char *prev = l ? path + l - 1 : path;
            while (prev > path && prev[-1] != '/')
                prev--;
            snprintf(dir, sizeof dir, "%.*s", (int)(slash - prev), prev);
            rs = fray_ruleset_find(dir);
        }
        if (!rs)
            return fray_load_fail(ld, NULL,
                                  "neither an encounter (no \"combatants\") nor a creature of a "
                                  "known ruleset (no \"ruleset\" key, folder '%s')",
                                  dir),
                   FRAY_EINPUT;
    }
    fray_encounter *e = calloc(1, sizeof *e);
    if (!e)
        return snprintf(err, errlen, "%s: out of memory", path), FRAY_ERUNTIME;
    e->rs = rs;
    e->csize = rs->creature_size;
    e->n = 2;
    e->nsides = 2;
    for (int k = 0; k < rs->noptions; k++)
        e->opt[k] = rs->options[k].def;
    e->priv = calloc(2, rs->creature_size ? rs->creature_size : 1);
    e->state = calloc(1, rs->state_size ? rs->state_size : 1);
    e->memo = rs->memo_size ? calloc(1, rs->memo_size) : NULL;
    e->world_rev = 1;
    json_t *sheet = json_deep_copy(root);
    json_object_del(sheet, "ruleset");
    int rc = FRAY_OK;
    if (!e->priv || !e->state || !sheet || (rs->memo_size && !e->memo)) {
        snprintf(err, errlen, "%s: out of memory", path);
        rc = FRAY_ERUNTIME;
    } else {
        e->c[1].side = 1;
        e->c[1].x = 100;
        for (int i = 0; i < 2 && rc == FRAY_OK; i++) {
            snprintf(e->c[i].name, sizeof e->c[i].name, "%s", i ? "other" : "creature");
            if (rs->load_creature(ld, sheet, e, i) < 0) {
                if (!ld->failed)
                    fray_load_fail(ld, NULL, "invalid sheet");
                rc = FRAY_EINPUT;
            }
        }
        if (rc == FRAY_OK && rs->loaded && rs->loaded(ld, e) < 0) {
            if (!ld->failed)
                fray_load_fail(ld, NULL, "invalid sheet");
            rc = FRAY_EINPUT;
        }
    }
    json_decref(sheet);
    fray_encounter_free(e);
    return rc;
}

/* Grow the per-combatant arrays by one slot (zeroed). */
static int grow(fray_encounter *e)
{
    size_t csz = e->rs->creature_size ? e->rs->creature_size : 1, n = (size_t)e->n + 1;
    unsigned char *priv = realloc(e->priv, n * csz);
    if (priv)
        e->priv = priv;
    unsigned char *priv0 = realloc(e->priv0, n * csz);
    if (priv0)
        e->priv0 = priv0;
    fray_action *script = realloc(e->script, n * FRAY_MAX_SCRIPT * sizeof *script);
    if (script)
        e->script = script;
    int *nscript = realloc(e->nscript, n * sizeof *nscript);
    if (nscript)
        e->nscript = nscript;
    char(*ans)[FRAY_ANSWER] = realloc(e->script_ans, n * FRAY_MAX_SCRIPT * sizeof *ans);
    if (ans)
        e->script_ans = ans;
    if (!priv || !priv0 || !script || !nscript || !ans)
        return -1;
    memset(e->priv + (n - 1) * csz, 0, csz);
    memset(e->script + (n - 1) * FRAY_MAX_SCRIPT, 0, FRAY_MAX_SCRIPT * sizeof *script);
    e->nscript[n - 1] = 0;
    memset(e->script_ans[(n - 1) * FRAY_MAX_SCRIPT], 0, FRAY_MAX_SCRIPT * sizeof *ans);
    return 0;
}

int fray_add_combatant(fray_encounter *e, const char *json, char *err, size_t errlen)
{
    if (e->n >= FRAY_MAX_COMBATANTS)
        return snprintf(err, errlen, "the fight has %d combatants already", e->n), -1;
    json_error_t je;
    json_t *c = json_loads(json, JSON_REJECT_DUPLICATES, &je);
    fray_load ld;
    memset(&ld, 0, sizeof ld);
    ld.file = "(added combatant)";
    ld.text = json;
    ld.textlen = strlen(json);
    ld.err = err;
    ld.errlen = errlen;
    if (!c || !json_is_object(c)) {
        snprintf(err, errlen, "column %d: %s", je.column, c ? "expected an object" : je.text);
        json_decref(c);
        return -1;
    }
    int who = e->n, facing_given = 0, nsides = e->nsides;
    if (grow(e) < 0) {
        json_decref(c);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    memset(&e->c[who], 0, sizeof e->c[who]);
    if (load_combatant(&ld, e, c, who, &facing_given) < 0 ||
        fray_load_script(&ld, e, c, who) < 0) {
        e->nsides = nsides;
        json_decref(c);
        return -1;
    }
    json_decref(c);
    e->c[who].script_answer = -1;
    e->n++;
    e->world_rev++; /* one more creature: every stamp is old */
    if (!facing_given) {
        int t = -1, bd = 0;
        for (int j = 0; j < who; j++) {
            int d = fray_distance(e, who, j);
            if (e->c[j].side != e->c[who].side && (t < 0 || d < bd)) {
                t = j;
                bd = d;
            }
        }
        if (t >= 0)
            e->c[who].facing = fray_facing_towards(e, who, t);
    }
    fray_emit(e, &(fray_event){.kind = "joins", .actor = who, .target = -1,
                                .detail = "joins the fight"});
    if (e->rs->join)
        e->rs->join(e, who);
    if (e->rs->turns)
        fray_turns_join(e, who);
    e->status_changed = 1;
    e->unsettled = 1;
    e->world_rev++; /* and what join set up in its private bytes */
    fray_flush(e, who, NULL);
    return who;
}

int fray_check_file(const char *path, char *err, size_t errlen)
{
    size_t len = 0;
    char *text = fray_slurp(path, &len);
    if (!text) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return FRAY_EINPUT;
    }
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    int rc;
    if (!root) {
        snprintf(err, errlen, "%s:%d:%d: syntax error: %s", path, je.line, je.column, je.text);
        rc = FRAY_EINPUT;
    } else if (!strcmp(base, "items.json")) {
        /* a ruleset's item catalogue: its entries are validated where a
         * creature names them, with that creature's key path */
        rc = json_is_object(root) ? FRAY_OK : FRAY_EINPUT;
        if (rc)
            snprintf(err, errlen, "%s:1:1: (top): expected an object of items", path);
    } else if (json_is_object(root) && !json_object_get(root, "combatants") &&
               !json_object_get(root, "max_rounds") && !json_object_get(root, "dice")) {
        rc = check_creature(path, text, len, root, err, errlen);
    } else {
        /* every fight of an adventuring day, each with its foes */
        fray_encounter *e = load_text(NULL, text, len, path, -1, err, errlen);
        rc = e ? FRAY_OK : FRAY_EINPUT;
        for (int k = 1; e && k < e->nday && rc == FRAY_OK; k++) {
            fray_encounter *f = load_text(NULL, text, len, path, k, err, errlen);
            rc = f ? FRAY_OK : FRAY_EINPUT;
            fray_encounter_free(f);
        }
        fray_encounter_free(e);
    }
    json_decref(root);
    free(text);
    return rc;
}

fray_encounter *fray_encounter_pair(const char *id, const char *attacker, const char *defender,
                                    char *err, size_t errlen)
{
    json_t *root = json_pack("{s:s, s:s, s:[]}", "ruleset", id, "name", "pair", "combatants");
    const char *who[2] = {attacker, defender};
    for (int i = 0; i < 2; i++) {
        json_t *c = json_pack("{s:s, s:s, s:[i,i], s:i}", "name", i ? "defender" : "attacker",
                              "side", i ? "red" : "blue", "at", i, 0, "facing", i ? 4 : 0);
        size_t len = strlen(who[i]);
        if (strchr(who[i], '/') || (len > 5 && !strcmp(who[i] + len - 5, ".json"))) {
            json_error_t je;
            json_t *sheet = json_load_file(who[i], JSON_REJECT_DUPLICATES, &je);
            if (!sheet) {
                if (je.line < 1) /* not opened: jansson says where it failed as -1 */
                    snprintf(err, errlen, "%s: %s", who[i], je.text);
                else
                    snprintf(err, errlen, "%s:%d:%d: %s", who[i], je.line, je.column, je.text);
                json_decref(c);
                json_decref(root);
                return NULL;
            }
            /* the loader checks a "ruleset" key against this ruleset */
            json_object_set_new(c, "sheet", sheet);
        } else {
            json_object_set_new(c, "use", json_string(who[i]));
        }
        json_array_append_new(json_object_get(root, "combatants"), c);
    }
    char *text = json_dumps(root, 0);
    json_decref(root);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    fray_encounter *e = fray_encounter_load_string(text, "(attacker and defender)", err, errlen);
    free(text);
    return e;
}
