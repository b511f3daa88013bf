/* par.c: the batch verbs in one process (par.h); fray-mpi has
 * mpi/par_mpi.c instead. */
#include <unistd.h>

#include "par.h"

int cli_par_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

int cli_par_end(int status) { return status; }
int cli_par_spread(void) { return 0; }
int cli_par_ranks(void) { return 1; }
int cli_par_rank(void) { return 0; }
uint64_t cli_par_agree(uint64_t v) { return v; }
int cli_par_interactive(void)
{
    return isatty(STDERR_FILENO) ? CLI_PROGRESS_REDRAW : CLI_PROGRESS_NONE;
}

int cli_sim_run(const char *path, const char *text, const fray_sim_opts *o, fray_sim_result *r,
                char *err, size_t errlen)
{
    return text ? fray_sim_run_text(text, path, o, r, err, errlen)
                : fray_sim_run(path, o, r, err, errlen);
}
