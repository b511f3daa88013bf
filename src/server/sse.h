/* sse.h: the event streams' part that fights.c calls. */
#ifndef FRAY_SSE_H
#define FRAY_SSE_H

#include "server.h"

/* Take the fight's suspended streams off its list (the caller holds f->mu);
 * sse_resume resumes them, called with no lock held: MHD takes locks of its
 * own there, and calls the streams' callbacks (which take f->mu) under them. */
struct sse_t *sse_take(fight_t *f);
void sse_resume(struct sse_t *list);

#endif
