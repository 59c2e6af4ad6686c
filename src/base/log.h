/* log: one line per event on stderr: time, level, thread, message.
 * Never pass secrets or raw client input longer than a field's limit. */
#ifndef LOOTFORGE_LOG_H
#define LOOTFORGE_LOG_H

void log_msg(const char *level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define log_info(...)  log_msg("info", __VA_ARGS__)
#define log_warn(...)  log_msg("warn", __VA_ARGS__)
#define log_error(...) log_msg("error", __VA_ARGS__)

#endif
