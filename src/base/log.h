/* log: one event per line on stderr, as a JSON object (docs/operations.md,
 * "Logs"): {"time","level","pid","tid","rid" (the request's id, while the
 * thread answers one),"msg"}. Never pass secrets or raw client input
 * longer than a field's limit. */
#ifndef LOOTFORGE_LOG_H
#define LOOTFORGE_LOG_H

void log_msg(const char *level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define log_info(...)  log_msg("info", __VA_ARGS__)
#define log_warn(...)  log_msg("warn", __VA_ARGS__)
#define log_error(...) log_msg("error", __VA_ARGS__)

/* The id of the request the calling thread answers from now on (nginx's
 * $request_id, passed as the FastCGI param REQUEST_ID), carried by its
 * lines as "rid"; NULL or "" when it answers none. */
#define LOG_REQUEST_ID_MAX 64
void log_set_request(const char *id);

#endif
