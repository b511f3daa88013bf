/* check.c: `fray check FILE...`: validate without running. */
#include <getopt.h>
#include <stdio.h>

#include "fray.h"
#include "cli.h"

static void help(FILE *f)
{
    fprintf(f, "usage: fray check FILE...\n\n"
               "Validates encounter files and creature sheets (a sheet's ruleset is its\n"
               "\"ruleset\" key or the folder it is in, as in data/energy/goblin.json). An\n"
               "items.json catalogue is checked to be an object here, and item by item\n"
               "where a creature names its items.\n"
               "Prints 'FILE: ok' or 'FILE:LINE:COLUMN: KEY: what was expected' for each;\n"
               "exits 2 if any file is invalid.\n");
}

int cli_check(int argc, char **argv)
{
    static const struct option longopts[] = {{"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h')
            return help(stdout), 0;
        return help(stderr), 2;
    }
    if (optind >= argc) {
        fprintf(stderr, "fray check: no file given\n");
        help(stderr);
        return 2;
    }
    int rc = 0;
    for (int i = optind; i < argc; i++) {
        char err[512];
        if (fray_check_file(argv[i], err, sizeof err) == FRAY_OK) {
            printf("%s: ok\n", argv[i]);
        } else {
            fprintf(stderr, "fray check: %s\n", err);
            rc = 2;
        }
    }
    return rc;
}
