/* session.c: a stored fight replayed from its journal (session.h). */
#define _GNU_SOURCE /* open_memstream */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "session.h"
#include "lookahead.h"

/* ---- Names ---- */

/* A combatant or a side named `s` (len bytes): 0..n-1 combatants, 100+s sides, -1 none. */
int fray_session_who(const fray_encounter *e, const char *s, size_t len)
{
    for (int i = 0; i < e->n; i++)
        if (strlen(e->c[i].name) == len && !strncasecmp(e->c[i].name, s, len))
            return i;
    for (int i = 0; i < e->nsides; i++)
        if (strlen(e->side[i]) == len && !strncasecmp(e->side[i], s, len))
            return 100 + i;
    return -1;
}

static int ctl_named(const char *s)
{
    if (!strcasecmp(s, "gm") || !strcasecmp(s, "human"))
        return FRAY_CTL_HUMAN;
    if (!strcasecmp(s, "policy"))
        return FRAY_CTL_POLICY;
    if (!strcasecmp(s, "random"))
        return FRAY_CTL_RANDOM;
    if (!strcasecmp(s, "lookahead"))
        return FRAY_CTL_LOOKAHEAD; /* its own turns looked ahead (lookahead.h), with its defaults */
    return -1;
}

/* ---- Control and fiat (also applied by the replay) ---- */

void fray_session_apply_control(fray_encounter *e, const char *spec)
{
    const char *s = spec;
    while (*s) {
        const char *end = strchr(s, ',');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        const char *eq = memchr(s, '=', len);
        if (eq) {
            char ctl[16];
            snprintf(ctl, sizeof ctl, "%.*s", (int)(len - (size_t)(eq - s) - 1), eq + 1);
            int w = fray_session_who(e, s, (size_t)(eq - s)), c = ctl_named(ctl);
            if (c >= 0 && w >= 100) {
                for (int i = 0; i < e->n; i++)
                    if (e->c[i].side == w - 100)
                        e->c[i].controller = c;
            } else if (c >= 0 && w >= 0) {
                e->c[w].controller = c;
            }
        }
        s += len + (end != NULL);
    }
}

int fray_session_control_default(fray_encounter *e, const char *user, char *out, size_t outlen, char *err,
                         size_t errlen)
{
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < e->nsides && k < outlen; i++)
        k += (size_t)snprintf(out + k, outlen - k, "%s%s=%s", i ? "," : "", e->side[i],
                              i ? "policy" : "gm");
    const char *s = user;
    while (*s) {
        const char *end = strchr(s, ',');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        const char *eq = memchr(s, '=', len);
        char ctl[16] = "";
        if (eq)
            snprintf(ctl, sizeof ctl, "%.*s", (int)(len - (size_t)(eq - s) - 1), eq + 1);
        int dice = eq && eq - s == 4 && !strncasecmp(s, "dice", 4) && !strcasecmp(ctl, "all");
        if (!dice && (!eq || fray_session_who(e, s, (size_t)(eq - s)) < 0 || ctl_named(ctl) < 0)) {
            snprintf(err, errlen,
                     "--control %.*s: expected SIDE=gm|policy|random|lookahead or NAME=gm|policy|random|lookahead",
                     (int)len, s);
            return -1;
        }
        if (k < outlen)
            k += (size_t)snprintf(out + k, outlen - k, ",%.*s", (int)len, s);
        s += len + (end != NULL);
    }
    if (k >= outlen)
        return snprintf(err, errlen, "--control: too long"), -1;
    return 0;
}

/* Edit distance of a and b, letters compared without case (names are short). */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return 99;
    int row[64];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            int best = diag + !same;
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

int fray_session_unknown(const fray_encounter *e, const char *name, char *err, size_t errlen)
{
    int best = 99;
    for (int i = 0; i < e->n; i++)
        if (!e->c[i].gone && distance(name, e->c[i].name) < best)
            best = distance(name, e->c[i].name);
    size_t k = (size_t)snprintf(err, errlen, "no creature named '%s'", name);
    /* the nearest names, or every name when none is near */
    int near = best <= 2 || best * 2 <= (int)strlen(name), shown = 0;
    for (int i = 0; i < e->n && k < errlen; i++)
        if (!e->c[i].gone && (!near || distance(name, e->c[i].name) == best))
            k += (size_t)snprintf(err + k, errlen - k, "%s%s", shown++ ? ", " : near ? " (nearest: " : " (creatures: ",
                                  e->c[i].name);
    if (shown && k < errlen)
        snprintf(err + k, errlen - k, ")");
    return -1;
}

/* The creature named `name` (a creature, not a side), or -1 with a message. */
static int creature_named(const fray_encounter *e, const char *name, char *err, size_t errlen)
{
    int w = fray_session_who(e, name, strlen(name));
    if (w < 0 || w >= 100)
        return fray_session_unknown(e, name, err, errlen);
    return w;
}

static int resource_named(const fray_encounter *e, const char *s)
{
    for (int k = 0; k < e->rs->nresources; k++)
        if (!strcasecmp(e->rs->resources[k], s))
            return k;
    return -1;
}

static int condition_named(const fray_encounter *e, const char *s)
{
    for (int k = 0; k < e->rs->nconditions; k++)
        if (!strcasecmp(e->rs->conditions[k], s))
            return k;
    return -1;
}

/* Check a fiat body against the fight (and apply it when e is writable):
 * 0, or -1 with the reason in err. */
static int fiat(fray_encounter *e, const char *kind, const char *body, int apply, char *err,
                size_t errlen)
{
    char a[64], b[64], c[64];
    if (!strcmp(kind, "damage") || !strcmp(kind, "heal")) {
        int v, w;
        if (sscanf(body, "%63s %d", a, &v) != 2 || v < 1 || v > 10000)
            return snprintf(err, errlen, "usage: %s WHO AMOUNT (1 to 10000)", kind), -1;
        if ((w = creature_named(e, a, err, errlen)) < 0)
            return -1;
        if (!e->rs->fiat)
            return snprintf(err, errlen, "%s has no GM damage or healing", e->rs->id), -1;
        if (apply)
            e->rs->fiat(e, w, v, !strcmp(kind, "heal"));
        return 0;
    }
    if (!strcmp(kind, "set")) {
        /* WHO RESOURCE VALUE, the resource's name perhaps of two words */
        int v, at = 0, end = 0;
        const char *last = strrchr(body, ' ');
        if (sscanf(body, "%63s %n", a, &at) != 1 || !last || last - body <= at ||
            sscanf(last, " %d%n", &v, &end) != 1 || last[end])
            return snprintf(err, errlen, "usage: set WHO RESOURCE VALUE"), -1;
        int blen = (int)(last - body - at);
        while (blen > 0 && body[at + blen - 1] == ' ')
            blen--;
        snprintf(b, sizeof b, "%.*s", blen, body + at);
        int w = creature_named(e, a, err, errlen), r = resource_named(e, b);
        if (w < 0)
            return -1;
        if (r < 0)
            return snprintf(err, errlen, "%s has no resource '%s'", e->rs->id, b), -1;
        return fray_res_fiat(e, w, r, v, apply, err, errlen);
    }
    if (sscanf(body, "%63s %63s %63[^\n]", a, b, c) != 3 ||
        (strcasecmp(a, "add") && strcasecmp(a, "remove")))
        return snprintf(err, errlen, "usage: condition add|remove WHO CONDITION"), -1;
    int w = creature_named(e, b, err, errlen), k = condition_named(e, c);
    if (w < 0)
        return -1;
    if (k < 0)
        return snprintf(err, errlen, "%s has no condition '%s'", e->rs->id, c), -1;
    if (apply) {
        if (!strcasecmp(a, "add"))
            fray_cond_add(e, w, k, -1, FRAY_EXP_NEVER, 0);
        else
            fray_cond_remove(e, w, k);
    }
    return 0;
}

/* "NAME SIDE CREATURE [X Y]" as a combatant of an encounter file. */
static int add_json(const char *body, char *out, size_t len, char *err, size_t errlen)
{
    char name[FRAY_NAME], side[FRAY_NAME], use[64];
    double x = 0, y = 0;
    int n = sscanf(body, "%31s %31s %63s %lf %lf", name, side, use, &x, &y);
    if (n != 3 && n != 5)
        return snprintf(err, errlen, "usage: add NAME SIDE CREATURE [X Y]"), -1;
    for (const char *c = use; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
            return snprintf(err, errlen, "'%s' is not a creature name", use), -1;
    for (const char *c = name; *c; c++)
        if (*c == '"' || *c == '\\')
            return snprintf(err, errlen, "a name without quotes, please"), -1;
    snprintf(out, len, "{\"name\": \"%s\", \"side\": \"%s\", \"use\": \"%s\", \"at\": [%g, %g]}",
             name, side, use, x, y);
    return 0;
}

/* What the rules have recorded and not yet shown: at a question within an
 * action (a roll, an answer), the rolls, modifiers and changes so far of
 * the action under way, which belong to its event when it resolves. */
typedef struct pending {
    fray_roll rolls[FRAY_ROLL_LOG];
    int nrolls;
    fray_event_mod mods[FRAY_EV_MODS];
    int nmods;
    fray_event_change changes[FRAY_EV_CHANGES];
    int nchanges;
} pending;

static void pending_take(fray_encounter *e, pending *k)
{
    k->nrolls = e->dice.nlog;
    k->nmods = e->nmods;
    k->nchanges = e->nchanges;
    memcpy(k->rolls, e->dice.log, (size_t)k->nrolls * sizeof k->rolls[0]);
    memcpy(k->mods, e->mods, (size_t)k->nmods * sizeof k->mods[0]);
    memcpy(k->changes, e->changes, (size_t)k->nchanges * sizeof k->changes[0]);
    e->dice.nlog = e->nmods = e->nchanges = 0;
}

static void pending_put(fray_encounter *e, const pending *k)
{
    memcpy(e->dice.log, k->rolls, (size_t)k->nrolls * sizeof k->rolls[0]);
    memcpy(e->mods, k->mods, (size_t)k->nmods * sizeof k->mods[0]);
    memcpy(e->changes, k->changes, (size_t)k->nchanges * sizeof k->changes[0]);
    e->dice.nlog = k->nrolls;
    e->nmods = k->nmods;
    e->nchanges = k->nchanges;
}

static int apply_fiat_now(fray_encounter *e, const char *kind, const char *body, char *err,
                          size_t errlen);

/* The GM's entry `kind` applied to the fight, with its own event: what the
 * rules have pending stays theirs (a fiat at the initiative roll's question
 * was shown with the initiative's modifiers). */
static int apply_fiat(fray_encounter *e, const char *kind, const char *body, char *err,
                      size_t errlen)
{
    pending k;
    pending_take(e, &k);
    int rc = apply_fiat_now(e, kind, body, err, errlen);
    if (e->dice.nlog | e->nmods | e->nchanges) /* the entry's own record, shown apart */
        fray_flush_pending(e, -1, "GM fiat");
    pending_put(e, &k);
    return rc;
}

static int apply_fiat_now(fray_encounter *e, const char *kind, const char *body, char *err,
                          size_t errlen)
{
    if (!strcmp(kind, "add")) {
        char json[400];
        if (add_json(body, json, sizeof json, err, errlen) < 0 ||
            fray_add_combatant(e, json, err, errlen) < 0)
            return -1;
        return 0;
    }
    if (!strcmp(kind, "remove")) {
        int w = fray_session_who(e, body, strlen(body));
        return w >= 0 && w < 100 ? fray_remove_combatant(e, w) : -1;
    }
    if (!strcmp(kind, "note")) /* the GM's alone: no event, nothing changes */
        return 0;
    if (!strcmp(kind, "reveal")) {
        int w = creature_named(e, body, err, errlen);
        if (w < 0)
            return -1;
        e->c[w].hidden = 0;
    } else if (fiat(e, kind, body, 1, err, errlen) < 0)
        return -1;
    /* recorded as the GM's, in the log */
    char shown[260];
    snprintf(shown, sizeof shown, "%s%s", strcmp(kind, "reveal") ? "" : "reveal ", body);
    fray_emit(e, &(fray_event){.kind = "fiat", .actor = -1, .target = -1, .detail = shown,
                                .rule = "GM fiat"});
    return 0;
}

/* ---- Replaying the journal ---- */

static void sink_text(void *ud, const fray_encounter *e, const fray_event *ev)
{
    fray_session *p = ud;
    if (!p->suspended)
        fray_sink_text(p->text, e, ev);
}

static void sink_json(void *ud, const fray_encounter *e, const fray_event *ev)
{
    fray_session *p = ud;
    if (!p->suspended)
        fray_sink_jsonl(p->json, e, ev);
}

/* Apply the GM's fiat and changes of control waiting at this point. */
static void apply_meta(fray_session *p, fray_encounter *e)
{
    while (p->pos < p->nj) {
        const fray_jentry *j = &p->j[p->pos];
        if (!strcmp(j->kind, "control"))
            fray_session_apply_control(e, j->body);
        else if (!strcmp(j->kind, "set") || !strcmp(j->kind, "cond") ||
                 !strcmp(j->kind, "add") || !strcmp(j->kind, "remove") ||
                 !strcmp(j->kind, "damage") || !strcmp(j->kind, "heal") ||
                 !strcmp(j->kind, "note") || !strcmp(j->kind, "reveal"))
        {
            char err[256];
            /* an entry on trial that the fight at this point refuses */
            if (apply_fiat(e, j->kind, j->body, err, sizeof err) < 0 && p->pos >= p->trial_from &&
                !p->trial_err[0])
                snprintf(p->trial_err, sizeof p->trial_err, "%s", err);
        }
        else
            return;
        p->pos++;
    }
}

/* `sim`: the journal is used up, so the fight is at the present; from here
 * fray plays every side, with dice of its own stream for this try. */
static void branch(fray_session *p, fray_encounter *e)
{
    p->branched = 1;
    fray_rng_seed(&e->dice.rng, p->row.seed, 0x51ULL << 32 | (uint64_t)(unsigned)p->sim_try);
    fray_rng_seed(&e->policy_rng, p->row.seed ^ 0x5bd1e9955bd1e995ULL,
                  0x51ULL << 32 | (uint64_t)(unsigned)p->sim_try);
    e->policy_seeded = 1; /* this stream, not the fight's */
    for (int i = 0; i < e->n; i++)
        e->c[i].controller = FRAY_CTL_POLICY;
}

/* The question the fight stops at, with the status at that moment. */
static int suspend(fray_session *p, fray_encounter *e, int kind)
{
    p->q.kind = kind;
    p->suspended = 1;
    free(p->status);
    p->status = fray_session_status(p, e);
    return FRAY_SUSPEND;
}

static int journal_mismatch(fray_session *p, const char *want)
{
    snprintf(p->err, sizeof p->err, "journal entry %d is '%s %s' where %s was expected", p->pos + 1,
             p->j[p->pos].kind, p->j[p->pos].body, want);
    p->broken = 1;
    return FRAY_SUSPEND;
}

static int cb_choose(void *ud, fray_encounter *e, int who, int window, const fray_action *trigger,
                     const fray_action *legal, int n)
{
    fray_session *p = ud;
    if (p->suspended)
        return FRAY_SUSPEND; /* the fight already waits on an earlier question */
    /* the GM's entries typed at this question (not at an earlier callback:
     * the creatures fray ran before it had their turns without them) */
    if (e->c[who].controller == FRAY_CTL_HUMAN && n > 0)
        apply_meta(p, e);
    if (e->c[who].controller != FRAY_CTL_HUMAN) /* handed to fray at this prompt */
        return fray_choose(e, who, window, trigger, legal, n);
    if (n == 0)
        return -1; /* nothing legal: no question to ask */
    if (p->pos < p->nj) {
        const fray_jentry *j = &p->j[p->pos];
        int pick;
        if (strcmp(j->kind, "act") || sscanf(j->body, "%d", &pick) != 1 || pick < -1 || pick >= n)
            return journal_mismatch(p, "an action");
        p->pos++;
        return pick;
    }
    if (p->sim_try) {
        branch(p, e);
        return fray_choose(e, who, window, trigger, legal, n);
    }
    p->q.who = who;
    p->q.window = window;
    p->q.has_trigger = trigger != NULL;
    if (trigger)
        p->q.trigger = *trigger;
    p->q.n = n;
    memcpy(p->q.legal, legal, (size_t)n * sizeof *legal);
    /* an own turn at the top of the stack: a copy of the fight here is the
     * fight here (lookahead.h), for sim and hint; NULL out of memory (they
     * then replay) */
    fray_encounter_free(p->at_q);
    p->at_q = window == FRAY_WIN_ACT && e->offer_depth == 0 && !e->check ? fray_encounter_copy(e) : NULL;
    return suspend(p, e, Q_ACTION);
}

static int cb_ask(void *ud, fray_encounter *e, int who, int q, uint32_t allowed,
                  const fray_action *ctx)
{
    fray_session *p = ud;
    (void)ctx;
    if (p->suspended)
        return FRAY_SUSPEND;
    if (e->c[who].controller == FRAY_CTL_HUMAN)
        apply_meta(p, e); /* typed at this question, as in cb_choose */
    if (e->c[who].controller != FRAY_CTL_HUMAN)
        return -1;
    if (p->pos < p->nj) {
        const fray_jentry *j = &p->j[p->pos];
        int pick;
        if (strcmp(j->kind, "answer") || sscanf(j->body, "%d", &pick) != 1)
            return journal_mismatch(p, "an answer");
        p->pos++;
        return pick;
    }
    if (p->sim_try) {
        branch(p, e);
        return -1;
    }
    p->q.who = who;
    p->q.question = q;
    p->q.allowed = allowed;
    return suspend(p, e, Q_ANSWER);
}

static int cb_die(void *ud, const char *purpose, int sides, int *value)
{
    fray_session *p = ud;
    fray_encounter *e = p->e;
    int who = fray_roller(e);
    if (p->suspended)
        return 0;
    if (p->branched || (!p->enter_all && (who < 0 || e->c[who].controller != FRAY_CTL_HUMAN)))
        return 0; /* a monster's roll: fray rolls it */
    apply_meta(p, e);
    if (p->pos < p->nj) {
        const fray_jentry *j = &p->j[p->pos];
        if (!strcmp(j->kind, "roll")) {
            p->pos++;
            return 0;
        }
        if (strcmp(j->kind, "die") || sscanf(j->body, "%d", value) != 1) {
            journal_mismatch(p, "a roll");
            return -1;
        }
        p->pos++;
        return 1;
    }
    if (p->sim_try) {
        branch(p, e);
        return 0;
    }
    p->q.who = who;
    p->q.purpose = purpose;
    p->q.sides = sides;
    p->q.exploded = e->dice.exploded;
    suspend(p, e, Q_DIE);
    return -1;
}

/* Seed e as the fight was and let the journal answer its questions. */
static void attach(fray_session *p, fray_encounter *e)
{
    fray_set_seed(e, p->row.seed);
    fray_session_apply_control(e, p->row.control);
    e->choose_fn = cb_choose;
    e->ask_fn = cb_ask;
    e->human_ud = p;
    fray_set_dice_entry(e, cb_die, p);
    /* the look-ahead's choices of this fight's past, kept from the last
     * rebuild: not looked ahead again (none kept if out of memory) */
    if (!p->la_memo)
        p->la_memo = fray_la_memo_new();
    e->la_memo = p->la_memo;
    p->pos = 0;
    p->suspended = p->broken = p->branched = 0;
}

/* Play the stored encounter along p->j to the question it waits on (p->q,
 * p->e, p->at_q), narrating into text and json when asked. 0, or -1 with
 * p->err. */
static int play_journal(fray_session *p, int narrate)
{
    char err[400];
    fray_encounter *e = fray_encounter_load_string(p->encounter, p->row.file, err, sizeof err);
    if (!e) {
        snprintf(p->err, sizeof p->err, "the stored encounter no longer loads: %s", err);
        return -1;
    }
    fray_encounter_free(p->at_q); /* it borrows p->e's map */
    p->at_q = NULL;
    if (p->e)
        fray_encounter_free(p->e);
    p->e = e;
    if (p->text)
        fclose(p->text);
    if (p->json)
        fclose(p->json);
    free(p->textbuf);
    free(p->jsonbuf);
    p->textbuf = p->jsonbuf = NULL;
    p->text = p->json = NULL;
    if (narrate) {
        p->text = open_memstream(&p->textbuf, &p->textlen);
        p->json = open_memstream(&p->jsonbuf, &p->jsonlen);
        if (!p->text || !p->json)
            return snprintf(p->err, sizeof p->err, "out of memory"), -1;
        fray_subscribe(e, sink_text, p);
        fray_subscribe(e, sink_json, p);
    }
    attach(p, e);
    memset(&p->q, 0, sizeof p->q);
    int rc;
    while ((rc = fray_step(e)) > 0)
        ;
    if (narrate) {
        fflush(p->text);
        fflush(p->json);
    }
    if (p->broken)
        return -1;
    if (rc == 0) {
        apply_meta(p, e);
        p->q.kind = Q_OVER;
        free(p->status);
        p->status = fray_session_status(p, e);
        return 0;
    }
    if (fray_error_code(e) != FRAY_ESUSPENDED) {
        snprintf(p->err, sizeof p->err, "%s", fray_error(e));
        return -1;
    }
    if (p->pos < p->nj) {
        snprintf(p->err, sizeof p->err, "journal entry %d (%s %s) was not used", p->pos + 1,
                 p->j[p->pos].kind, p->j[p->pos].body);
        return -1;
    }
    return 0;
}

/* Rebuild the fight from the store's journal and `extra` entries after it;
 * sets p->q to the question it waits on (or Q_OVER). 0, or -1 with p->err. */
static int rebuild(fray_session *p, const fray_jentry *extra, int nextra)
{
    free(p->j);
    p->j = NULL;
    if (fray_store_journal(p->st, p->row.id, &p->j, &p->nj) < 0) {
        snprintf(p->err, sizeof p->err, "%s", fray_store_error(p->st));
        return -1;
    }
    p->trial_from = p->nj;
    p->trial_err[0] = 0;
    if (nextra > 0) {
        fray_jentry *j = realloc(p->j, (size_t)(p->nj + nextra) * sizeof *j);
        if (!j)
            return snprintf(p->err, sizeof p->err, "out of memory"), -1;
        memcpy(j + p->nj, extra, (size_t)nextra * sizeof *j);
        p->j = j;
        p->nj += nextra;
    }
    return play_journal(p, 1);
}

int fray_session_rebuild(fray_session *p) { return rebuild(p, NULL, 0); }

int fray_session_present(fray_session *p) { return play_journal(p, 0); }

int fray_session_rebuild_trial(fray_session *p, const fray_jentry *extra, int n)
{
    return rebuild(p, extra, n);
}

/* `sim N`: the fight played on N times from the present by fray's policies,
 * each try with dice of its own; the journal is replayed without sinks. */
int fray_session_sim(fray_session *p, int n, int wins[FRAY_MAX_SIDES + 1], double *mean_rounds)
{
    long rounds = 0;
    memset(wins, 0, (FRAY_MAX_SIDES + 1) * sizeof *wins);
    if (fray_session_sim_tries(p, 1, n, wins, &rounds) < 0)
        return -1;
    *mean_rounds = n ? (double)rounds / n : 0;
    return 0;
}

/* Try i (from 1) of sim played on the copy of the fight at its own-turn
 * question, as the replay would play it (branch, then the policy's choice
 * for the question, then the rest of that step): the same fights without
 * loading and replaying anything. The winner (-1 a draw) and the rounds,
 * or -2 with p->err. */
static int sim_from_copy(fray_session *p, fray_encounter *c, int i, long *rounds)
{
    if (fray_encounter_copy_into(c, p->at_q) < 0)
        return snprintf(p->err, sizeof p->err, "out of memory"), -2;
    fray_rng_seed(&c->dice.rng, p->row.seed, 0x51ULL << 32 | (uint64_t)(unsigned)i);
    fray_rng_seed(&c->policy_rng, p->row.seed ^ 0x5bd1e9955bd1e995ULL,
                  0x51ULL << 32 | (uint64_t)(unsigned)i);
    c->policy_seeded = 1;
    for (int k = 0; k < c->n; k++)
        c->c[k].controller = FRAY_CTL_POLICY;
    int who = p->q.who,
        pick = fray_choose(c, who, FRAY_WIN_ACT, NULL, p->q.legal, p->q.n);
    int rc = fray_step_act_with(c, who, pick >= 0 && pick < p->q.n ? &p->q.legal[pick] : NULL);
    if (rc > 0)
        rc = fray_run(c);
    if (rc < 0) {
        snprintf(p->err, sizeof p->err, "try %d: %.480s", i, fray_error(c));
        return -2;
    }
    *rounds += fray_round(c);
    return fray_winner(c);
}

int fray_session_sim_tries(fray_session *p, int first, int n, int wins[FRAY_MAX_SIDES + 1],
                           long *rounds)
{
    if (p->at_q && p->q.kind == Q_ACTION && n > 0) {
        fray_encounter *c = fray_encounter_copy(p->at_q);
        if (!c)
            return snprintf(p->err, sizeof p->err, "out of memory"), -1;
        for (int i = first; i < first + n; i++) {
            int w = sim_from_copy(p, c, i, rounds);
            if (w < -1)
                return fray_encounter_free(c), -1;
            wins[w >= 0 ? w : FRAY_MAX_SIDES]++;
        }
        fray_encounter_free(c);
        return 0;
    }
    for (int i = first - 1; i < first - 1 + n; i++) {
        char err[400];
        fray_encounter *e = fray_encounter_load_string(p->encounter, p->row.file, err, sizeof err);
        if (!e)
            return snprintf(p->err, sizeof p->err, "%s", err), -1;
        fray_encounter *live = p->e;
        p->e = e;
        attach(p, e);
        p->sim_try = i + 1;
        int rc = fray_run(e);
        p->sim_try = 0;
        p->e = live;
        if (rc < 0 || p->broken) {
            char why[sizeof p->err];
            snprintf(why, sizeof why, "%s", p->broken ? p->err : fray_error(e));
            snprintf(p->err, sizeof p->err, "try %d: %.480s", i + 1, why);
            fray_encounter_free(e);
            return -1;
        }
        int w = fray_winner(e);
        wins[w >= 0 ? w : FRAY_MAX_SIDES]++;
        *rounds += fray_round(e);
        fray_encounter_free(e);
    }
    return 0;
}

int fray_session_hint(fray_session *p, int breadth, int tries, struct fray_la_cand *out, int max)
{
    if (!p->at_q || p->q.kind != Q_ACTION)
        return snprintf(p->err, sizeof p->err, "hint: at a creature's own turn only (not a reaction, an answer or a roll)"), -1;
    fray_la_opts o = {breadth, tries, 0};
    /* the same hint at the same question: seeded by the fight and the journal's length */
    uint64_t seed = p->row.seed ^ (0x68696e74ULL << 32) ^ (uint64_t)(unsigned)p->nj;
    int nc = fray_lookahead_rank(p->at_q, p->q.who, p->q.legal, p->q.n, &o, seed, out, max);
    if (nc < 0)
        return snprintf(p->err, sizeof p->err, "out of memory"), -1;
    return nc;
}

int fray_session_check_fiat(fray_session *p, const char *kind, const char *body, char *err,
                            size_t errlen)
{
    fray_encounter *e = p->e;
    if (!strcmp(kind, "control")) {
        const char *eq = strchr(body, '=');
        if (!eq || fray_session_who(e, body, (size_t)(eq - body)) < 0 || ctl_named(eq + 1) < 0)
            return snprintf(err, errlen, "usage: control WHO gm|policy|random|lookahead (WHO a creature or "
                                         "a side)"),
                   -1;
        return 0;
    }
    if (!strcmp(kind, "remove"))
        return creature_named(e, body, err, errlen) < 0 ? -1 : 0;
    if (!strcmp(kind, "note")) {
        if (!body[0] || strchr(body, '\n'))
            return snprintf(err, errlen, "usage: note TEXT (one line)"), -1;
        return 0;
    }
    if (!strcmp(kind, "reveal")) {
        int w = creature_named(e, body, err, errlen);
        if (w >= 0 && !e->c[w].hidden)
            return snprintf(err, errlen, "%s is not hidden", e->c[w].name), -1;
        return w < 0 ? -1 : 0;
    }
    if (!strcmp(kind, "add")) {
        /* tried on a copy of the fight: a bad creature changes nothing */
        char json[400];
        if (add_json(body, json, sizeof json, err, errlen) < 0)
            return -1;
        fray_encounter *trial = fray_encounter_load_string(p->encounter, p->row.file, err, errlen);
        /* with the creatures added before: a name taken, a fight full */
        for (int k = 0; trial && k < p->nj; k++)
            if (!strcmp(p->j[k].kind, "add"))
                apply_fiat(trial, "add", p->j[k].body, err, errlen);
        if (trial && trial->n >= FRAY_MAX_COMBATANTS) {
            snprintf(err, errlen, "the fight holds %d creatures, the most it can (a removed "
                     "creature keeps its place): nothing added", trial->n);
            fray_encounter_free(trial);
            return -1;
        }
        int rc = trial && fray_add_combatant(trial, json, err, errlen) >= 0 ? 0 : -1;
        if (trial)
            fray_encounter_free(trial);
        return rc;
    }
    if (!strcmp(kind, "set") || !strcmp(kind, "cond") || !strcmp(kind, "damage") ||
        !strcmp(kind, "heal"))
        return fiat(e, kind, body, 0, err, errlen);
    return snprintf(err, errlen, "unknown entry '%s'", kind), -1;
}

int fray_session_commit(fray_session *p, const char *kind, const char *body)
{
    fray_jentry j;
    memset(&j, 0, sizeof j);
    snprintf(j.kind, sizeof j.kind, "%s", kind);
    snprintf(j.body, sizeof j.body, "%s", body);
    if (fray_store_append(p->st, p->row.id, &j, 1, p->err, sizeof p->err) < 0)
        return -1;
    return fray_session_rebuild(p);
}

void fray_session_free(fray_session *p)
{
    fray_la_memo_free(p->la_memo);
    p->la_memo = NULL;
    fray_encounter_free(p->at_q);
    if (p->e)
        fray_encounter_free(p->e);
    if (p->text)
        fclose(p->text);
    if (p->json)
        fclose(p->json);
    free(p->textbuf);
    free(p->jsonbuf);
    free(p->status);
    free(p->j);
    free(p->encounter);
}
