/* par_mpi.c: the batch verbs spread over the ranks of an MPI job (par.h),
 * for fray-mpi (-DFRAY_MPI=ON; docs/cluster.md).
 *
 * Rank k of N plays fights first .. first + count - 1, the k-th of N
 * contiguous shares of 0 .. n - 1 (their sizes differ by at most one), with
 * its own threads. The shares' results are gathered on every rank and
 * added up in rank order (fray_sim_result_merge: integer sums, so the order
 * could not matter anyway): every rank ends with the whole run's result,
 * return code and message, and takes the same path through the verb, but
 * only rank 0 can be heard (cli_par_init sends the others' output to
 * /dev/null). A rank that dies ends the job: Open MPI's runtime kills the
 * others and mpirun names the rank.
 */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../par.h"

static int rank, ranks = 1, interactive;

int cli_par_init(int *argc, char ***argv)
{
    int provided;
    /* only the main thread calls MPI; the sim's workers never do */
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "fray-mpi: MPI_Init failed\n");
        return -1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    /* rank 0's stdout is a pseudo-terminal of Open MPI's whatever mpirun's
     * is, and its stderr a pipe: nothing tells whether a person watches */
    interactive = rank == 0 ? CLI_PROGRESS_LINES : CLI_PROGRESS_NONE;
    if (rank != 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            dup2(fd, STDERR_FILENO);
            close(fd);
        }
    }
    return 0;
}

int cli_par_end(int status)
{
    /* every rank ends with the same status: they all took the same path */
    MPI_Finalize();
    return status;
}

int cli_par_spread(void) { return 1; }
int cli_par_ranks(void) { return ranks; }
int cli_par_rank(void) { return rank; }
int cli_par_interactive(void) { return interactive; }

uint64_t cli_par_agree(uint64_t v)
{
    MPI_Bcast(&v, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    return v;
}

/* What a rank sends of its share. */
typedef struct share_out {
    int rc;
    char err[512];
    fray_sim_result r;
} share_out;

/* Rank 0's progress, on its own share, shown as an estimate of the whole
 * run (the shares run at about the same pace). */
typedef struct scaled_progress {
    void (*fn)(void *ud, uint64_t done, uint64_t n);
    void *ud;
    uint64_t n, count;
} scaled_progress;

static void scale_progress(void *ud, uint64_t done, uint64_t count)
{
    const scaled_progress *s = ud;
    (void)count;
    uint64_t all = s->count ? (uint64_t)((double)done * (double)s->n / (double)s->count) : 0;
    s->fn(s->ud, all < s->n ? all : s->n, s->n);
}

/* The largest of each index's values over the ranks, in place: each index
 * was written by one rank, zero everywhere else. MPI counts are ints, so a
 * long array goes in pieces. */
static void max_over_ranks(void *a, uint64_t n, MPI_Datatype type, size_t size)
{
    const uint64_t piece = (uint64_t)1 << 30;
    for (uint64_t at = 0; at < n; at += piece) {
        uint64_t k = n - at < piece ? n - at : piece;
        MPI_Allreduce(MPI_IN_PLACE, (char *)a + at * size, (int)k, type, MPI_MAX, MPI_COMM_WORLD);
    }
}

int cli_sim_run(const char *path, const char *text, const fray_sim_opts *o, fray_sim_result *r,
                char *err, size_t errlen)
{
    uint64_t q = o->n / (uint64_t)ranks, rem = o->n % (uint64_t)ranks, k = (uint64_t)rank;
    fray_sim_opts mine = *o;
    mine.share = 1;
    mine.first = k * q + (k < rem ? k : rem);
    mine.count = q + (k < rem);
    scaled_progress sp = {o->progress, o->progress_ud, o->n, mine.count};
    if (o->progress) {
        mine.progress = scale_progress;
        mine.progress_ud = &sp;
    }
    if (o->outcome)
        memset(o->outcome, 0, o->n);
    if (o->rounds)
        memset(o->rounds, 0, o->n * sizeof *o->rounds);

    share_out *out = calloc(1, sizeof *out), *all = calloc((size_t)ranks, sizeof *all);
    if (!out || !all) {
        /* a rank that cannot go on ends the job rather than leave the others
         * waiting at the gather */
        fprintf(stderr, "fray-mpi: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    out->rc = text ? fray_sim_run_text(text, path, &mine, &out->r, out->err, sizeof out->err)
                   : fray_sim_run(path, &mine, &out->r, out->err, sizeof out->err);
    double t0 = MPI_Wtime();
    MPI_Allgather(out, (int)sizeof *out, MPI_BYTE, all, (int)sizeof *out, MPI_BYTE, MPI_COMM_WORLD);
    if (o->outcome)
        max_over_ranks(o->outcome, o->n, MPI_UINT8_T, 1);
    if (o->rounds)
        max_over_ranks(o->rounds, o->n, MPI_UINT16_T, sizeof *o->rounds);

    /* the whole run: the shares added in rank order; the message of the
     * first failed fight, or of the lowest rank that failed before any */
    int failed = -1;
    for (int i = 0; i < ranks; i++) {
        if (i == 0)
            *r = all[0].r;
        else
            fray_sim_result_merge(r, &all[i].r);
        if (all[i].rc != FRAY_OK &&
            (failed < 0 || (all[i].r.fail_fight >= 0 &&
                            (all[failed].r.fail_fight < 0 ||
                             all[i].r.fail_fight < all[failed].r.fail_fight))))
            failed = i;
    }
    r->requested = o->n;
    r->stopped = r->fights < o->n;
    r->timing.ranks = ranks;
    r->timing.reduce = MPI_Wtime() - t0;
    int rc = failed >= 0 ? all[failed].rc : FRAY_OK;
    if (failed >= 0)
        snprintf(err, errlen, "%s", all[failed].err);
    free(out);
    free(all);
    return rc;
}
