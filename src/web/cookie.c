/* cookie: see cookie.h. The values we set are hex, so no quoting or
 * escaping is ever needed; anything else found in a header is only
 * compared, never echoed. */
#include "cookie.h"

#include <stdio.h>
#include <string.h>

#include "settings.h"

const char *cookie_csrf_name(void)
{
	return settings_cookie_secure() ? "__Host-" COOKIE_CSRF : COOKIE_CSRF;
}

const char *cookie_session_name(void)
{
	return settings_cookie_secure() ? "__Host-" COOKIE_SESSION : COOKIE_SESSION;
}

const char *cookie_device_name(void)
{
	return settings_cookie_secure() ? "__Host-" COOKIE_DEVICE : COOKIE_DEVICE;
}

const char *cookie_visitor_name(void)
{
	return settings_cookie_secure() ? "__Host-lf_visitor" : "lf_visitor";
}

int cookie_get(const char *header, const char *name, char *out, size_t cap)
{
	size_t nlen = strlen(name);

	out[0] = '\0';
	for (const char *p = header; p && *p;) {
		while (*p == ' ' || *p == '\t' || *p == ';')
			p++;
		const char *end = strchr(p, ';');
		if (!end)
			end = p + strlen(p);
		if ((size_t)(end - p) > nlen && strncmp(p, name, nlen) == 0 && p[nlen] == '=') {
			const char *v = p + nlen + 1, *ve = end;
			while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t'))
				ve--;
			if ((size_t)(ve - v) >= cap)
				return 0;
			memcpy(out, v, (size_t)(ve - v));
			out[ve - v] = '\0';
			return 1;
		}
		p = end;
	}
	return 0;
}

int cookie_set(struct response *rs, const char *name, const char *value, long max_age)
{
	char line[COOKIE_LINE_MAX], age[32] = "";

	if (max_age >= 0)
		snprintf(age, sizeof(age), "; Max-Age=%ld", max_age);
	int n = snprintf(line, sizeof(line), "%s=%s; Path=/; HttpOnly; SameSite=Strict%s%s", name,
	                 value, age, settings_cookie_secure() ? "; Secure" : "");
	if (n < 0 || (size_t)n >= sizeof(line))
		return -1;
	return response_header(rs, "Set-Cookie", line);
}
