/* main.c: `fray VERB ...`, dispatched to one file per verb. */
#include <stdio.h>
#include <string.h>

#include "fray.h"
#include "core.h"
#include "cli.h"
#include "par.h"

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *what;
} verbs[] = {
    {"rulesets", cli_rulesets, "the rule systems, their actions with costs, and rule options"},
    {"check", cli_check, "validate encounter and creature files"},
    {"run", cli_run, "run one fight and narrate it (or print its events as JSON Lines)"},
    {"sim", cli_sim, "run many fights and report who wins, how often and how fast"},
    {"odds", cli_odds, "exact outcome distributions of a ruleset's attack checks"},
    {"dice", cli_dice, "exact distribution of a dice expression"},
    {"sweep", cli_sweep, "simulate at every value of a parameter or a grid of two: tables, CSV, JSON, SVG"},
    {"compare", cli_compare, "the same fights under two variants: the difference and whether it is real"},
    {"play", cli_play, "a live fight at the table: the GM enters actions and rolls, fray the rest"},
    {"serve", cli_serve, "the fights of a store over HTTP: a JSON API and a web page for the table"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: fray VERB [options]   (fray VERB --help for a verb's options)\n\n"
               "fray is a tabletop combat rules engine: it runs fights under the combat rules of\n"
               "tabletop role-playing systems, computes exact odds, and simulates many fights.\n\nverbs:\n");
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        fprintf(f, "  %-9s %s\n", verbs[i].name, verbs[i].what);
    fprintf(f, "\n  --version  print the version\n  --help     this text\n");
}

/* fray-mpi spreads the batch verbs over an MPI job (par.h); the others
 * have nothing to spread. */
static int spreads(const char *verb)
{
    return !strcmp(verb, "sim") || !strcmp(verb, "sweep") || !strcmp(verb, "compare");
}

static int dispatch(int argc, char **argv)
{
    const char *self = cli_par_spread() ? "fray-mpi" : "fray";
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        if (cli_par_spread())
            printf("\nfray-mpi runs sim, sweep and compare under mpirun, each rank a share of the\n"
                   "fights, with the results of fray (docs/cluster.md).\n");
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("%s %s\nbundled data: %s\n", self, FRAY_VERSION, fray_data_dir());
        return 0;
    }
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        if (!strcmp(argv[1], verbs[i].name)) {
            if (cli_par_spread() && !spreads(verbs[i].name)) {
                fprintf(stderr, "fray-mpi: %s is not spread over ranks (only sim, sweep and compare "
                                "are): run fray %s\n", verbs[i].name, verbs[i].name);
                return 2;
            }
            /* getopt prefixes its messages with argv[0]: "fray run: ..." */
            char prog[32];
            snprintf(prog, sizeof prog, "%s %s", self, verbs[i].name);
            argv[1] = prog;
            return verbs[i].fn(argc - 1, argv + 1);
        }
    fprintf(stderr, "%s: unknown verb '%s'\n", self, argv[1]);
    usage(stderr);
    return 2;
}

int main(int argc, char **argv)
{
    if (cli_par_init(&argc, &argv) < 0)
        return 1;
    return cli_par_end(dispatch(argc, argv));
}
