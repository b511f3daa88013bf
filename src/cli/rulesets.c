/* rulesets.c: `fray rulesets`: what is built in. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "jsonout.h"
#include "core.h"
#include "cli.h"

static void help(FILE *f)
{
    fprintf(f, "usage: fray rulesets [ID] [--json]\n\n"
               "Lists the rule systems: id, seed text, summary, every action with its cost as\n"
               "the text gives it, and the rule options an encounter may set under \"options\".\n"
               "  ID      show only this ruleset\n"
               "  --json  machine-readable output\n");
}

int cli_rulesets(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, 0, 'j'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int json = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "jh", longopts, NULL)) != -1) {
        if (c == 'j')
            json = 1;
        else if (c == 'h')
            return help(stdout), 0;
        else
            return help(stderr), 2;
    }
    if (argc - optind > 1) {
        fprintf(stderr, "fray rulesets: expected at most one ruleset id, got '%s' and '%s'\n",
                argv[optind], argv[optind + 1]);
        help(stderr);
        return 2;
    }
    const char *only = optind < argc ? argv[optind] : NULL;
    if (only && !fray_ruleset_find(only)) {
        fprintf(stderr, "fray rulesets: unknown ruleset '%s'\n", only);
        return 2;
    }
    json_t *all = json_array();
    for (int i = 0; fray_rulesets[i]; i++) {
        const fray_ruleset *rs = fray_rulesets[i];
        if (only && strcmp(only, rs->id))
            continue;
        if (json) {
            json_t *acts = json_array(), *opts = json_array();
            for (int k = 0; k < rs->nactions; k++)
                json_array_append_new(acts, json_pack("{s:s,s:s,s:s}", "name", rs->actions[k].name,
                                                      "cost", rs->actions[k].cost, "what",
                                                      rs->actions[k].what));
            for (int k = 0; k < rs->noptions; k++)
                json_array_append_new(opts, json_pack("{s:s,s:i,s:i,s:i,s:s}", "name",
                                                      rs->options[k].name, "default",
                                                      rs->options[k].def, "min", rs->options[k].min,
                                                      "max", rs->options[k].max, "doc",
                                                      rs->options[k].doc));
            json_array_append_new(all, json_pack("{s:s,s:s,s:s,s:o,s:o}", "id", rs->id, "seed",
                                                 rs->seed, "summary", rs->summary, "actions", acts,
                                                 "options", opts));
            continue;
        }
        printf("%s  (%s)\n  %s\n  actions:\n", rs->id, rs->seed, rs->summary);
        for (int k = 0; k < rs->nactions; k++)
            printf("    %-26s %-22s %s\n", rs->actions[k].name, rs->actions[k].cost,
                   rs->actions[k].what);
        if (rs->noptions)
            printf("  rule options (default):\n");
        for (int k = 0; k < rs->noptions; k++)
            printf("    %-26s %-6d %s\n", rs->options[k].name, rs->options[k].def,
                   rs->options[k].doc);
        printf("\n");
    }
    if (json) {
        fray_json_dumpf(all, stdout, JSON_INDENT(2));
        putchar('\n');
    }
    json_decref(all);
    return 0;
}
