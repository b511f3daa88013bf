/* jsonout.h: JSON text as fray prints it. Jansson writes a real with 17
 * significant digits (0.78100000000000003); fray prints each in its
 * shortest form that reads back as the same double (0.781), as
 * JavaScript and Python do, so that every number a user reads or a
 * program parses has no more digits than it needs. Integers and strings
 * are left as Jansson writes them. */
#ifndef FRAY_JSONOUT_H
#define FRAY_JSONOUT_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

/* json_dumps with reals in their shortest exact form: malloc'd text, NULL
 * when out of memory. FLAGS as json_dumps's, without JSON_REAL_PRECISION
 * (every real is exact). */
char *fray_json_dumps(const json_t *j, size_t flags);
/* The same, written to F: 0, or -1 when out of memory or on a write error. */
int fray_json_dumpf(const json_t *j, FILE *f, size_t flags);
/* The shortest text of V that strtod reads back as V, kept a real (with a
 * "." or an exponent): into BUF of LEN bytes (32 is always enough). */
void fray_json_real_text(double v, char *buf, size_t len);

#endif
