/* cli.h: the `fray` program's verbs. One file per verb; each returns the
 * process exit code (0 done, 1 runtime failure, 2 bad input or usage) and
 * reports its errors once, on stderr, prefixed "fray VERB: ". */
#ifndef FRAY_CLI_H
#define FRAY_CLI_H

int cli_rulesets(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_run(int argc, char **argv);
int cli_dice(int argc, char **argv);
int cli_odds(int argc, char **argv);
/* An odds result in words on stdout: fray odds's figures (brief 0), or
 * fray play's short table (chances as percentages to one decimal). */
typedef struct json_t json_t; /* jansson's */
void cli_odds_render(const json_t *o, int brief);
int cli_sim(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_sweep(int argc, char **argv);
int cli_compare(int argc, char **argv);
int cli_serve(int argc, char **argv);

/* Parse a non-negative integer option value; 0 or -1 (and a message). */
/* A seed from the clock (and the pid), under 10^9, for a verb given none. */
unsigned long long cli_clock_seed(void);
int cli_parse_u64(const char *verb, const char *opt, const char *s, unsigned long long *out);
int cli_parse_int(const char *verb, const char *opt, const char *s, int min, int max, int *out);

#endif
