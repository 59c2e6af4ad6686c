/* log: one line per event on stderr (see log.h).
 * Each line is formatted in a local buffer and written with a single
 * write(2), so lines from different worker threads never interleave. */
#include "log.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LOG_LINE_MAX 1024

/* The prefix: "2025-01-31T12:34:56.789Z info [1234] ". */
static size_t put_prefix(char *out, size_t cap, const char *level)
{
	struct timespec ts;
	struct tm tm;
	size_t n;
	int k;

	if (clock_gettime(CLOCK_REALTIME, &ts) != 0 || !gmtime_r(&ts.tv_sec, &tm)) {
		ts.tv_nsec = 0;
		memset(&tm, 0, sizeof(tm));
	}
	n = strftime(out, cap, "%Y-%m-%dT%H:%M:%S", &tm);
	k = snprintf(out + n, cap - n, ".%03ldZ %s [%ld] ", ts.tv_nsec / 1000000L,
	             level ? level : "-", (long)gettid());
	if (k < 0)
		return n;
	n += (size_t)k;
	return n < cap ? n : cap - 1;
}

/* A message may quote client input (bounded by the caller): control bytes
 * become spaces so that one event stays one line and cannot forge another. */
static void flatten(char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			s[i] = ' ';
}

void log_msg(const char *level, const char *fmt, ...)
{
	char line[LOG_LINE_MAX + 1];
	size_t n, room;
	va_list ap;
	int k;
	int saved = errno; /* callers may log between a failure and reading errno */

	n = put_prefix(line, LOG_LINE_MAX, level);
	room = LOG_LINE_MAX - n;
	va_start(ap, fmt);
	k = vsnprintf(line + n, room, fmt, ap);
	va_end(ap);
	if (k < 0)
		k = snprintf(line + n, room, "(unformattable log message)");
	if (k > 0) {
		size_t m = (size_t)k < room ? (size_t)k : room - 1;
		flatten(line + n, m);
		if ((size_t)k > m && m >= 3)
			memcpy(line + n + m - 3, "...", 3); /* say that it was cut */
		n += m;
	}
	line[n++] = '\n';
	/* Nowhere to report a failed log write; retry only an interrupted one. */
	while (write(STDERR_FILENO, line, n) < 0 && errno == EINTR)
		;
	errno = saved;
}
