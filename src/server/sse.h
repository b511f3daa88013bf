/* sse.h: the event streams' part that fights.c calls. */
#ifndef FRAY_SSE_H
#define FRAY_SSE_H

#include "server.h"

/* Resume the fight's suspended streams; the caller holds f->mu. */
void sse_wake(fight_t *f);

#endif
