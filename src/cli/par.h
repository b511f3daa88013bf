/* par.h: how the batch verbs (sim, sweep, compare) spread their fights.
 *
 * `fray` is one process: cli_sim_run is fray_sim_run (par.c). `fray-mpi`
 * (built with -DFRAY_MPI=ON from the same sources, with mpi/par_mpi.c in
 * place of par.c) runs under `mpirun -np N`: each of the N ranks plays a
 * contiguous share of the fight indices (fray_sim_opts.share), with its own
 * threads, and rank 0 adds the shares up (fray_sim_result_merge) and alone
 * prints. Fight i is fight i wherever it runs, so the result is the one
 * `fray` gives, whatever N and the threads (docs/cluster.md).
 */
#ifndef FRAY_CLI_PAR_H
#define FRAY_CLI_PAR_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"

/* At the start of main: MPI_Init in fray-mpi, where the ranks other than 0
 * are silenced (their output would repeat rank 0's). Returns 0, or -1 with
 * a message printed. */
int cli_par_init(int *argc, char ***argv);
/* At the end of main, with main's exit status; returns the status to exit
 * with. */
int cli_par_end(int status);
/* 1 in fray-mpi. */
int cli_par_spread(void);
/* The processes (ranks) the fights are spread over, and this one's. */
int cli_par_ranks(void);
int cli_par_rank(void);
/* Rank 0's value of v, on every rank (a seed from the clock). */
uint64_t cli_par_agree(uint64_t v);
/* How progress is shown: CLI_PROGRESS_NONE; CLI_PROGRESS_REDRAW, one line
 * redrawn in place (fray, stderr a terminal); CLI_PROGRESS_LINES, a line
 * every few seconds (fray-mpi's rank 0: mpirun forwards output a line at
 * a time, to a terminal or a job's log alike). */
enum { CLI_PROGRESS_NONE, CLI_PROGRESS_REDRAW, CLI_PROGRESS_LINES };
int cli_par_interactive(void);
/* In CLI_PROGRESS_LINES, whether a line is due now (one every
 * CLI_PROGRESS_LINE_S seconds; *last: when the last was, 0 at first). */
#define CLI_PROGRESS_LINE_S 5.0
int cli_progress_line_due(double *last);

/* fray_sim_run (path, text NULL) or fray_sim_run_text (text, named path),
 * spread over the ranks: the same arguments and result; on every rank of
 * fray-mpi the whole run's result, return code and message (the first
 * failed fight's, whichever rank played it); o->outcome and o->rounds
 * filled at every index. o->progress sees an estimate of the whole run. */
int cli_sim_run(const char *path, const char *text, const fray_sim_opts *o, fray_sim_result *r,
                char *err, size_t errlen);

#endif
