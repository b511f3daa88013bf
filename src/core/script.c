/* script.c: a combatant's "script" in an encounter file, the actions (and
 * answers, and windows) it takes in order instead of its controller's
 * choice: "Action > Target @ window : answer". The engine plays them
 * (engine.c, choose_script); load.c calls this for every combatant. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core.h"

static int find_action(const fray_ruleset *rs, const char *name, size_t len)
{
    for (int k = 0; k < rs->nactions; k++)
        if (strlen(rs->actions[k].name) == len && !strncasecmp(rs->actions[k].name, name, len))
            return k;
    return -1;
}

static void trim(const char **s, size_t *len)
{
    while (*len && isspace((unsigned char)**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len && isspace((unsigned char)(*s)[*len - 1]))
        (*len)--;
}

/* Whether `name` (len bytes) answers some question of the ruleset. */
static int is_answer(const fray_ruleset *rs, const char *name, size_t len)
{
    for (int q = 0; q < rs->nquestions; q++)
        for (int k = 0; k < rs->questions[q].noptions; k++) {
            const char *o = rs->questions[q].options[k];
            if (strlen(o) == len && !strncasecmp(o, name, len))
                return 1;
        }
    return 0;
}

/* The ": answer" part of a script entry (from `colon`) into e->script_ans. */
static int load_answer(fray_load *ld, fray_encounter *e, const char *key, const char *colon, int at)
{
    const char *an = colon + 1;
    size_t alen = strlen(an);
    trim(&an, &alen);
    if (!alen || alen >= FRAY_ANSWER)
        return fray_load_fail(ld, key, "expected an answer after ':' (at most %d characters)",
                              FRAY_ANSWER - 1);
    if (!is_answer(e->rs, an, alen))
        return fray_load_fail(ld, key, "'%.*s' answers no question of %s", (int)alen, an,
                              e->rs->id);
    memcpy(e->script_ans[at], an, alen);
    e->script_ans[at][alen] = 0;
    return 0;
}

/* The windows a script entry may name after '@' (FRAY_WIN_* order). */
static const char *const window_names[] = {"own turn", "declared", "triggered", "rolled",
                                           "waiting",  "turn start", "turn end"};

/* The window named in s[0..len) (FRAY_WIN_*), or -1. */
static int find_window(const char *s, size_t len)
{
    for (int w = 0; w < (int)(sizeof window_names / sizeof *window_names); w++)
        if (strlen(window_names[w]) == len && !strncasecmp(window_names[w], s, len))
            return w;
    return -1;
}

/* "Action Name", "Action Name > Target", "pass", with ": Answer" after any
 * of them to answer the actor's questions while it resolves, or ": Answer"
 * alone to answer the creature's next question; "@ window" before the
 * answer takes the entry in that window only (engine.c, choose_script). */
int fray_load_script(fray_load *ld, fray_encounter *e, const json_t *c, int i)
{
    json_t *sc = json_object_get(c, "script");
    if (!sc)
        return 0;
    if (!json_is_array(sc))
        return fray_load_fail(ld, "script", "expected an array of \"Action > Target\" strings");
    if (json_array_size(sc) > FRAY_MAX_SCRIPT)
        return fray_load_fail(ld, "script", "too long (at most %d entries)", FRAY_MAX_SCRIPT);
    size_t k;
    json_t *v;
    json_array_foreach(sc, k, v) {
        char key[32];
        snprintf(key, sizeof key, "script[%zu]", k);
        if (!json_is_string(v))
            return fray_load_fail(ld, key, "expected \"Action\" or \"Action > Target\"");
        int at = i * FRAY_MAX_SCRIPT + (int)k;
        /* action names may hold a ':' ("Hinder: Disarm"): an answer is
         * the part after a ':' that follows the target, or the last ':'
         * when the whole is not an action */
        const char *s = json_string_value(v), *gt = strchr(s, '>'), *colon;
        const char *whole = s, *atw = strchr(s, '@');
        size_t wlen = atw ? (size_t)(atw - s) : strlen(s);
        trim(&whole, &wlen);
        if (gt)
            colon = strchr(gt, ':');
        else if (find_action(e->rs, whole, wlen) >= 0)
            colon = atw ? strchr(atw, ':') : NULL;
        else
            colon = strrchr(s, ':');
        if (atw && ((colon && colon < atw) || (gt && gt > atw)))
            return fray_load_fail(ld, key, "expected \"Action > Target @ window : answer\" in that order");
        int win = -1;
        if (atw) {
            const char *wn = atw + 1;
            size_t wnl = (colon ? (size_t)(colon - wn) : strlen(wn));
            trim(&wn, &wnl);
            win = find_window(wn, wnl);
            if (win < 0)
                return fray_load_fail(ld, key,
                                      "'%.*s' is no window (expected after '@': own turn, declared, "
                                      "triggered, rolled, waiting, turn start or turn end)",
                                      (int)wnl, wn);
        }
        size_t head = atw ? (size_t)(atw - s) : colon ? (size_t)(colon - s) : strlen(s);
        const char *an = s;
        size_t alen = gt ? (size_t)(gt - s) : head;
        trim(&an, &alen);
        fray_action *a = &e->script[at];
        memset(a, 0, sizeof *a);
        a->actor = (int16_t)i;
        a->target = -1;
        if (colon && load_answer(ld, e, key, colon, at) < 0)
            return -1;
        if (colon && !alen && !gt) {
            a->kind = -2; /* an answer alone */
            continue;
        }
        a->arg = (int16_t)(win + 1);
        if (alen == 4 && !strncasecmp(an, "pass", 4) && !gt) {
            if (win >= 0)
                return fray_load_fail(ld, key, "'pass' is taken on the creature's own turn only: no '@ window'");
            a->kind = -1;
        } else {
            int kind = find_action(e->rs, an, alen);
            if (kind < 0)
                return fray_load_fail(ld, key, "'%.*s' is not an action of %s (see fray rulesets)",
                                      (int)alen, an, e->rs->id);
            a->kind = (int16_t)kind;
        }
        if (gt) {
            const char *tn = gt + 1;
            size_t tlen = head - (size_t)(tn - s);
            trim(&tn, &tlen);
            if (!tlen)
                return fray_load_fail(ld, key, "expected a combatant's name after '>'");
            int t = -1;
            for (int j = 0; j < e->n; j++)
                if (strlen(e->c[j].name) == tlen && !strncasecmp(e->c[j].name, tn, tlen))
                    t = j;
            if (t < 0)
                return fray_load_fail(ld, key, "no combatant named '%.*s'", (int)tlen, tn);
            a->target = (int16_t)t;
        }
    }
    e->nscript[i] = (int)json_array_size(sc);
    return 0;
}
