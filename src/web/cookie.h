/* cookie: reading a cookie from the Cookie header, and Set-Cookie lines.
 * Every cookie the daemon sets is HttpOnly, SameSite=Strict, Path=/, and
 * Secure when the daemon runs with --cookie-secure. */
#ifndef LOOTFORGE_COOKIE_H
#define LOOTFORGE_COOKIE_H

#include <stddef.h>

#include "http.h"

#define COOKIE_CSRF    "lf_csrf"
#define COOKIE_SESSION "lf_session"
#define COOKIE_DEVICE  "lf_device"

#define COOKIE_LINE_MAX 4096 /* a Set-Cookie value with its attributes */

/* The CSRF cookie's name: "__Host-lf_csrf" when cookies are Secure (the
 * browser then takes it only from https, for this host, Path=/: a sibling
 * domain or a plain-http page cannot plant one), else "lf_csrf" (the http
 * dev stack, where a __Host- cookie would not be kept). */
const char *cookie_csrf_name(void);

/* The session cookie's name, the same way: "__Host-lf_session" when
 * cookies are Secure, so that a sibling domain or a plain-http answer
 * cannot plant a session of its choosing (fixation) for this host; else
 * "lf_session". Only this name is read back: with Secure cookies a plain
 * "lf_session" names no session. */
const char *cookie_session_name(void);

/* The device cookie's name (auth.h), the same way: "__Host-lf_device" or
 * "lf_device". */
const char *cookie_device_name(void);

/* The visitor cookie's name (visitor.h), the same way: "__Host-lf_visitor"
 * or "lf_visitor". */
const char *cookie_visitor_name(void);

/* Copies the value of the first cookie called `name` in header (a Cookie
 * header, may be NULL) into out (cap bytes with the NUL). 1 when found and
 * it fits, else 0 (out is then ""). */
int cookie_get(const char *header, const char *name, char *out, size_t cap);

/* Adds its Set-Cookie line to rs. max_age < 0: ends with the browser
 * session; 0: deletes the cookie. value must be plain (letters, digits,
 * and the cookie-octets - _ . ~ : of the visitor cookie), at most
 * COOKIE_LINE_MAX - 128 bytes.
 * 0, or -1 when the headers are full. */
int cookie_set(struct response *rs, const char *name, const char *value, long max_age);

#endif
