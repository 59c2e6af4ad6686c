/* log: one JSON object per line on stderr (see log.h).
 * Each line is formatted in a local buffer and written with a single
 * write(2), so lines from different threads and processes never
 * interleave. */
#include "log.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LOG_LINE_MAX 2048 /* the prefix and a message whose every byte is escaped */
#define LOG_MSG_MAX  768  /* of the message, before escaping */

/* The request the calling thread is answering, set by the server. */
static _Thread_local char request_id[LOG_REQUEST_ID_MAX + 1];

void log_set_request(const char *id)
{
	size_t n = 0;

	/* nginx's $request_id is 32 hex digits; anything else is cut at the
	 * first byte that is not a letter, digit, '-' or '_', so the id never
	 * needs escaping and cannot forge a field. */
	while (id && n < LOG_REQUEST_ID_MAX &&
	       ((id[n] >= '0' && id[n] <= '9') || (id[n] >= 'a' && id[n] <= 'z') ||
	        (id[n] >= 'A' && id[n] <= 'Z') || id[n] == '-' || id[n] == '_')) {
		request_id[n] = id[n];
		n++;
	}
	request_id[n] = '\0';
}

/* {"time":"2025-01-31T12:34:56.789Z","level":"info","pid":12,"tid":13, */
static size_t put_prefix(char *out, size_t cap, const char *level)
{
	struct timespec ts;
	struct tm tm;
	char when[32];
	int k;

	if (clock_gettime(CLOCK_REALTIME, &ts) != 0 || !gmtime_r(&ts.tv_sec, &tm)) {
		ts.tv_nsec = 0;
		memset(&tm, 0, sizeof(tm));
	}
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);
	k = snprintf(out, cap, "{\"time\":\"%s.%03ldZ\",\"level\":\"%s\",\"pid\":%ld,\"tid\":%ld,",
	             when, ts.tv_nsec / 1000000L, level ? level : "-", (long)getpid(),
	             (long)gettid());
	if (k < 0)
		return 0;
	if (request_id[0] && (size_t)k < cap) {
		int r = snprintf(out + k, cap - (size_t)k, "\"rid\":\"%s\",", request_id);
		if (r > 0)
			k += r;
	}
	return (size_t)k < cap ? (size_t)k : cap - 1;
}

/* Appends s (n bytes) as the inside of a JSON string. A message may quote
 * client input (bounded by the caller): control bytes become spaces, so
 * one event stays one line whatever a reader does with escapes; quotes and
 * backslashes are escaped, so it cannot forge a field. Returns the new
 * length, stopping before cap. */
static size_t put_escaped(char *out, size_t len, size_t cap, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\') {
			if (len + 2 > cap)
				break;
			out[len++] = '\\';
			out[len++] = (char)c;
		} else {
			if (len + 1 > cap)
				break;
			out[len++] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
		}
	}
	return len;
}

void log_msg(const char *level, const char *fmt, ...)
{
	char line[LOG_LINE_MAX + 1], msg[LOG_MSG_MAX + 1];
	size_t n, m;
	va_list ap;
	int k;
	int saved = errno; /* callers may log between a failure and reading errno */

	va_start(ap, fmt);
	k = vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (k < 0)
		k = snprintf(msg, sizeof(msg), "(unformattable log message)");
	m = k < 0 ? 0 : (size_t)k;
	if (m >= sizeof(msg)) {
		/* Cut: not in the middle of a UTF-8 sequence (the line would not
		 * be UTF-8), and say so with "...". */
		m = sizeof(msg) - 1 - 3;
		while (m > 0 && ((unsigned char)msg[m] & 0xC0) == 0x80)
			m--;
		memcpy(msg + m, "...", 3);
		m += 3;
	}
	n = put_prefix(line, LOG_LINE_MAX, level);
	memcpy(line + n, "\"msg\":\"", 7);
	n += 7;
	/* Room for the closing "}\n" (3 bytes) is kept. */
	n = put_escaped(line, n, LOG_LINE_MAX - 3, msg, m);
	memcpy(line + n, "\"}\n", 3);
	n += 3;
	/* Nowhere to report a failed log write; retry only an interrupted one. */
	while (write(STDERR_FILENO, line, n) < 0 && errno == EINTR)
		;
	errno = saved;
}
