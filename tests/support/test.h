/* test.h: what every unit test includes (cmocka wants these first). */
#ifndef FRAY_TEST_H
#define FRAY_TEST_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#endif
