/* play.h: `fray play` (play.c: options and opening a fight; play_cmd.c:
 * the commands and the loop). The fight itself is a fray_session
 * (src/store/session.h), which fray serve shares. */
#ifndef FRAY_PLAY_H
#define FRAY_PLAY_H

#include "store/session.h"

typedef struct play_t {
    fray_session s;
    int tty;                /* standard input and output are terminals */
    size_t shown;           /* narration bytes already printed */
    int width;              /* the terminal's columns, 0 when output is not one */
} play_t;

int play_loop(play_t *p);

#endif
