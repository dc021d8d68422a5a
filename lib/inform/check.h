/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The check macro of libinform's tests: reports a failed condition and counts it. */
#ifndef INFORM_CHECK_H
#define INFORM_CHECK_H

#include <stdio.h>

static int failures;
#define CHECK(cond, ...)                                                                     \
	do {                                                                                 \
		if (!(cond)) {                                                               \
			fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);      \
			fprintf(stderr, __VA_ARGS__);                                        \
			fprintf(stderr, "\n");                                               \
			failures++;                                                          \
		}                                                                            \
	} while (0)

#endif
