/* form: the allow-listed request fields, decoded and validated in one pass.
 * The rules and every message are listed in docs/form.md; keep them in step.
 *
 * Memory: nothing is allocated. Keys and values are decoded into bounded
 * buffers on the stack; only the strings a handler reads later (power as
 * sent, requested words) are copied into f->store. */
#include "form.h"

#include <inttypes.h>
#include <stdint.h>
#include <string.h>

/* The messages below quote these limits as text. */
_Static_assert(FORM_BODY_MAX == 8192 && FORM_QUERY_MAX == 4096 && FORM_FIELDS_MAX == 64 &&
                       FORM_KEY_MAX == 64 && FORM_VALUE_MAX == 256 && FORM_WORD_MAX == 64 &&
                       FORM_COUNT_MAX == 100 && (int)FORM_POWER_MAX == 100 && TIER_MAX == 6,
               "a limit changed: update the error messages in form.c and docs/form.md");

#define POWER_TEXT_MAX   16 /* characters of a power value */
#define POWER_FRAC_MAX   6  /* digits after the point */
#define SEED_DIGITS_MAX  20
#define TIER_DIGITS_MAX  2
#define COUNT_DIGITS_MAX 3

static const char MSG_TIER[] = "must be a whole number from 0 to 6";
static const char MSG_VARIANCE[] = "must be on or off (or 1/0, true/false, yes/no)";
static const char MSG_POWER[] = "must be a number from 0 to 100, with at most 6 decimals";
static const char MSG_SEED[] = "must be a whole number from 0 to 18446744073709551615";
static const char MSG_COUNT[] = "must be a whole number from 1 to 100";
static const char MSG_LOADOUT[] = "must be a loadout's items: at most 32 item codes, each with an "
                                  "optional ':place', separated by commas";
/* /generate and / answer CSV too (docs/library.md, "CSV"); other forms html or json. */
static const char MSG_FORMAT_CSV[] = "must be html, json or csv";
static const char MSG_WORD[] = "must be at most 64 bytes";
static const char MSG_TWICE[] = "given more than once";
#define ATTR_PART_(id, name) " " name
static const char MSG_ATTR_PART[] =
        "must be attribute[PART], PART one of the generator's parts:" PART_LIST(ATTR_PART_);
#undef ATTR_PART_
static const char MSG_QUERY_LONG[] = "the query string is longer than 4096 bytes";
static const char MSG_BODY_LONG[] = "request body is larger than 8192 bytes";
static const char MSG_FIELDS[] = "has more than 64 fields (query string and body together)";
static const char MSG_STORE[] = "is too long"; /* unreachable: store is sized for the limits */

/* Outcome of decoding one key or value. */
enum dec { D_OK, D_ESCAPE, D_NUL, D_LONG, D_UTF8, D_CTRL, D__MAX };

/* Which text failed to decode: decides the wording and err->field. */
enum where {
	W_NAME,  /* a key; err->field is "query" or "body" */
	W_VALUE, /* the value of an unknown key; err->field is "query" or "body" */
	W_FIELD, /* the value of a known field; err->field is its name */
	W__MAX
};

static const char *const dec_msgs[W__MAX][D__MAX] = {
        [W_NAME] =
                {
                        [D_ESCAPE] =
                                "a field name has a '%' that is not followed by two hex digits",
                        [D_NUL] = "a field name has an encoded NUL byte (%00)",
                        [D_LONG] = "a field name is longer than 64 bytes",
                        [D_UTF8] = "a field name is not valid UTF-8",
                        [D_CTRL] = "a field name has a control character",
                },
        [W_VALUE] =
                {
                        [D_ESCAPE] =
                                "a field value has a '%' that is not followed by two hex digits",
                        [D_NUL] = "a field value has an encoded NUL byte (%00)",
                        [D_LONG] = "a field value is longer than 256 bytes",
                        [D_UTF8] = "a field value is not valid UTF-8",
                        [D_CTRL] = "a field value has a control character",
                },
        [W_FIELD] =
                {
                        [D_ESCAPE] = "has a '%' that is not followed by two hex digits",
                        [D_NUL] = "has an encoded NUL byte (%00)",
                        [D_LONG] = "is longer than 256 bytes",
                        [D_UTF8] = "is not valid UTF-8",
                        [D_CTRL] = "has a control character",
                },
};

/* A validator parses, bounds and stores one decoded value v (n bytes,
 * NUL-terminated, valid UTF-8 without control characters). It returns NULL,
 * or the static message for the client. */
typedef const char *(*validator)(struct form *f, const char *v, size_t n, enum part p);

static const char *v_kind(struct form *f, const char *v, size_t n, enum part p);
static const char *v_tier(struct form *f, const char *v, size_t n, enum part p);
static const char *v_variance(struct form *f, const char *v, size_t n, enum part p);
static const char *v_power(struct form *f, const char *v, size_t n, enum part p);
static const char *v_seed(struct form *f, const char *v, size_t n, enum part p);
static const char *v_count(struct form *f, const char *v, size_t n, enum part p);
static const char *v_format(struct form *f, const char *v, size_t n, enum part p);
static const char *v_attr(struct form *f, const char *v, size_t n, enum part p);
static const char *v_loadout(struct form *f, const char *v, size_t n, enum part p);

/* The allow-list: every accepted key, literally, beside its validator. The
 * order is also the order of form_link's query: these, one
 * attribute[part] per part of recipe.h's PART_LIST, then the tail. */
#define GENERATE_HEAD(X)                                                                           \
	X("kind", v_kind, 0, FIELD_ONE_OF(kind_names, K__MAX))                                     \
	X("tier", v_tier, 0, FIELD_INT(0, TIER_MAX))                                               \
	X("tier-variance", v_variance, 0, FIELD_FLAG)                                              \
	X("power", v_power, 0, FIELD_NUM(0, (unsigned long long)FORM_POWER_MAX))
#define GENERATE_TAIL(X)                                                                           \
	X("seed", v_seed, 0, FIELD_INT(0, UINT64_MAX))                                             \
	X("count", v_count, 0, FIELD_INT(1, FORM_COUNT_MAX))                                       \
	X("format", v_format, 0, FIELD_FORMATS)                                                    \
	X("loadout", v_loadout, 0, FIELD_TEXT(FORM_LONG_VALUE_MAX))

static const struct field {
	const char *name;
	validator valid;
	enum part part; /* v_attr only */
} fields[] = {
#define ROW(name, valid, part, spec) {name, valid, part},
#define ATTR_ROW(part, name)         {"attribute[" name "]", v_attr, part},
        GENERATE_HEAD(ROW) PART_LIST(ATTR_ROW) GENERATE_TAIL(ROW)
#undef ATTR_ROW
#undef ROW
};

/* The same names for the one form reader (form_read). */
static const char *const field_names[] = {
#define NAME(name, valid, part, spec) name,
#define ATTR_NAME(part, name)         "attribute[" name "]",
        GENERATE_HEAD(NAME) PART_LIST(ATTR_NAME) GENERATE_TAIL(NAME)
#undef ATTR_NAME
#undef NAME
                NULL};

/* And as rows, for the route table (fieldrow.h). */
static const struct field_row field_rows[] = {
#define SPEC(name, valid, part, spec) {name, spec},
#define ATTR_SPEC(part, name)         {"attribute[" name "]", FIELD_TEXT(FORM_WORD_MAX)},
        GENERATE_HEAD(SPEC) PART_LIST(ATTR_SPEC) GENERATE_TAIL(SPEC)
#undef ATTR_SPEC
#undef SPEC
};
const struct field_table form_generate_fields = FIELD_TABLE(field_rows);

#define N_FIELDS (sizeof(fields) / sizeof(fields[0]))
_Static_assert(N_FIELDS < FORM_READER_NAMES_MAX, "the reader takes at most 64 names");

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int all_digits(const char *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_digit(v[i]))
			return 0;
	return 1;
}

static char ascii_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Whether the n bytes at a equal the string b, ignoring ASCII case
 * (independent of the locale). */
static int ascii_ieq(const char *a, size_t n, const char *b)
{
	size_t i;

	for (i = 0; i < n && b[i]; i++)
		if (ascii_lower(a[i]) != ascii_lower(b[i]))
			return 0;
	return i == n && b[i] == '\0';
}

/* Copies n bytes of s into the form's store; NULL if it would not fit
 * (cannot happen within the limits: store holds more than all values). */
static const char *keep(struct form *f, const char *s, size_t n)
{
	char *d;

	if (n >= sizeof(f->store) - f->used)
		return NULL;
	d = f->store + f->used;
	memcpy(d, s, n);
	d[n] = '\0';
	f->used += n + 1;
	return d;
}

static const char *v_kind(struct form *f, const char *v, size_t n, enum part p)
{
	int k;

	(void)n;
	(void)p;
	k = kind_from_name(v);
	/* kind_from_name is the vocabulary; insist on its exact spelling too. */
	if (k < 0 || strcmp(kind_names[k], v) != 0)
		return kind_choices();
	f->kind = (enum kind)k;
	return NULL;
}

/* One or two digits ("03" is 3), 0..TIER_MAX. Empty is an error. */
static const char *v_tier(struct form *f, const char *v, size_t n, enum part p)
{
	int t = 0;

	(void)p;
	if (n == 0 || n > TIER_DIGITS_MAX || !all_digits(v, n))
		return MSG_TIER;
	for (size_t i = 0; i < n; i++)
		t = t * 10 + (v[i] - '0');
	if (t > TIER_MAX)
		return MSG_TIER;
	f->tier = t;
	return NULL;
}

/* A checkbox sends "on"; curl users write any of the usual spellings. An
 * empty value is "off". */
static const char *v_variance(struct form *f, const char *v, size_t n, enum part p)
{
	static const char *const on[] = {"on", "1", "true", "yes"};
	static const char *const off[] = {"off", "0", "false", "no"};

	(void)p;
	if (n == 0) {
		f->variance = 0;
		return NULL;
	}
	for (size_t i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
		if (ascii_ieq(v, n, on[i])) {
			f->variance = 1;
			return NULL;
		}
		if (ascii_ieq(v, n, off[i])) {
			f->variance = 0;
			return NULL;
		}
	}
	return MSG_VARIANCE;
}

/* Plain decimal: digits, optionally '.' and 1..6 more digits, at least one
 * digit in all; no sign, exponent, spaces, "nan" or "inf". The value is
 * computed as (all digits as an integer) / 10^decimals: both are exact
 * doubles (at most 15 digits), so the quotient is the correctly rounded
 * value, the same on every machine and independent of the locale.
 * Empty means the default (an HTML text input left blank sends "power="). */
static const char *v_power(struct form *f, const char *v, size_t n, enum part p)
{
	uint64_t digits = 0, scale = 1;
	size_t i = 0, int_digits = 0, frac_digits = 0;
	double x;

	(void)p;
	if (n == 0)
		return NULL;
	if (n > POWER_TEXT_MAX)
		return MSG_POWER;
	for (; i < n && is_digit(v[i]); i++, int_digits++)
		digits = digits * 10 + (uint64_t)(v[i] - '0');
	if (i < n && v[i] == '.') {
		for (i++; i < n && is_digit(v[i]); i++, frac_digits++) {
			digits = digits * 10 + (uint64_t)(v[i] - '0');
			scale *= 10;
		}
		if (frac_digits == 0 || frac_digits > POWER_FRAC_MAX)
			return MSG_POWER;
	}
	if (i != n || int_digits + frac_digits == 0)
		return MSG_POWER;
	x = (double)digits / (double)scale;
	if (!(x <= FORM_POWER_MAX))
		return MSG_POWER;
	f->power_text = keep(f, v, n);
	if (!f->power_text)
		return MSG_STORE;
	f->power = x;
	return NULL;
}

/* Decimal 0..UINT64_MAX, at most 20 digits; overflow is an error, never a
 * wrap. Empty means "no seed" (a blank text input). */
static const char *v_seed(struct form *f, const char *v, size_t n, enum part p)
{
	uint64_t s = 0;

	(void)p;
	if (n == 0)
		return NULL;
	if (n > SEED_DIGITS_MAX || !all_digits(v, n))
		return MSG_SEED;
	for (size_t i = 0; i < n; i++) {
		uint64_t d = (uint64_t)(v[i] - '0');
		if (s > (UINT64_MAX - d) / 10)
			return MSG_SEED;
		s = s * 10 + d;
	}
	f->seed = s;
	f->has_seed = 1;
	return NULL;
}

/* A loadout's items joined by commas: each a code (base64url) with an
 * optional ":place" (lower-case letters and '-'); at most
 * FORM_LOADOUT_MAX of them. Whether the codes name items is /loadout's to
 * say when the visitor goes back there. Empty means none. */
static const char *v_loadout(struct form *f, const char *v, size_t n, enum part p)
{
	size_t items = 1;

	(void)p;
	if (n == 0)
		return NULL;
	if (strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_:,") != n ||
	    v[0] == ',' || v[n - 1] == ',' || strstr(v, ",,"))
		return MSG_LOADOUT;
	for (size_t i = 0; i < n; i++)
		items += v[i] == ',';
	if (items > FORM_LOADOUT_MAX)
		return MSG_LOADOUT;
	if (!(f->loadout = keep(f, v, n)))
		return MSG_STORE;
	return NULL;
}

/* 1..FORM_COUNT_MAX, at most 3 digits. Empty means not given. */
static const char *v_count(struct form *f, const char *v, size_t n, enum part p)
{
	int c = 0;

	(void)p;
	if (n == 0)
		return NULL;
	if (n > COUNT_DIGITS_MAX || !all_digits(v, n))
		return MSG_COUNT;
	for (size_t i = 0; i < n; i++)
		c = c * 10 + (v[i] - '0');
	if (c < 1 || c > FORM_COUNT_MAX)
		return MSG_COUNT;
	f->count = c;
	f->has_count = 1;
	return NULL;
}

int form_format(const char *v, enum format *out)
{
	if (v && strcmp(v, "html") == 0)
		*out = FMT_HTML;
	else if (v && strcmp(v, "json") == 0)
		*out = FMT_JSON;
	else
		return -1;
	return 0;
}

static const char *v_format(struct form *f, const char *v, size_t n, enum part p)
{
	(void)n;
	(void)p;
	if (v && strcmp(v, "csv") == 0)
		f->format = FMT_CSV;
	else if (form_format(v, &f->format) != 0)
		return MSG_FORMAT_CSV;
	f->has_format = 1;
	return NULL;
}

/* A requested word, trimmed of spaces at both ends. Empty or "random" (any
 * case) leaves the part random (NULL). */
static const char *v_attr(struct form *f, const char *v, size_t n, enum part p)
{
	while (n > 0 && v[0] == ' ') {
		v++;
		n--;
	}
	while (n > 0 && v[n - 1] == ' ')
		n--;
	if (n == 0 || ascii_ieq(v, n, "random"))
		return NULL;
	if (n > FORM_WORD_MAX)
		return MSG_WORD;
	f->attr[p] = keep(f, v, n);
	return f->attr[p] ? NULL : MSG_STORE;
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Valid UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF) and no
 * control characters: C0, DEL and C1 (U+0080..U+009F). */
static enum dec check_text(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned c = s[i];
		unsigned lo = 0x80, hi = 0xbf;
		size_t len;

		if (c < 0x80) {
			if (c < 0x20 || c == 0x7f)
				return D_CTRL;
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			len = 2;
		} else if (c >= 0xe0 && c <= 0xef) {
			len = 3;
			if (c == 0xe0)
				lo = 0xa0; /* shorter forms are overlong */
			else if (c == 0xed)
				hi = 0x9f; /* U+D800..U+DFFF are surrogates */
		} else if (c >= 0xf0 && c <= 0xf4) {
			len = 4;
			if (c == 0xf0)
				lo = 0x90; /* overlong */
			else if (c == 0xf4)
				hi = 0x8f; /* above U+10FFFF */
		} else {
			return D_UTF8; /* a continuation byte, 0xc0, 0xc1 or 0xf5.. */
		}
		if (n - i < len || s[i + 1] < lo || s[i + 1] > hi)
			return D_UTF8;
		for (size_t k = 2; k < len; k++)
			if ((s[i + k] & 0xc0) != 0x80)
				return D_UTF8;
		if (c == 0xc2 && s[i + 1] < 0xa0)
			return D_CTRL;
		i += len;
	}
	return D_OK;
}

/* Decodes n bytes of s into out (room for cap bytes and a NUL): '+' is a
 * space, '%' must be followed by two hex digits, "%00" is refused, and the
 * result must pass check_text. */
static enum dec decode(const char *s, size_t n, char *out, size_t cap, size_t *out_len)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (c == '+') {
			c = ' ';
		} else if (c == '%') {
			int hi, lo;

			if (n - i < 3)
				return D_ESCAPE;
			hi = hex_value(s[i + 1]);
			lo = hex_value(s[i + 2]);
			if (hi < 0 || lo < 0)
				return D_ESCAPE;
			if (hi == 0 && lo == 0)
				return D_NUL;
			c = (char)(hi * 16 + lo);
			i += 2;
		}
		if (o == cap)
			return D_LONG;
		out[o++] = c;
	}
	out[o] = '\0';
	*out_len = o;
	return check_text((const unsigned char *)out, o);
}

/* form_read's callback: field i through its validator. */
static int validate(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	const char *msg = fields[i].valid(ctx, v, n, fields[i].part);

	if (!msg)
		return 0;
	err->field = fields[i].name;
	err->message = msg;
	err->code = form_error_code(msg, v, n);
	/* kept as sent for the error page's form (the store holds every value) */
	struct form *f = ctx;
	if (f->n_invalid < FORM_INVALID_MAX) {
		const char *kept = keep(f, v, n);
		if (kept) {
			f->invalid[f->n_invalid].name = fields[i].name;
			f->invalid[f->n_invalid++].value = kept;
		}
	}
	return -1;
}

const char *form_invalid(const struct form *f, const char *name)
{
	for (int i = f->n_invalid - 1; i >= 0; i--) /* the last one sent */
		if (strcmp(f->invalid[i].name, name) == 0)
			return f->invalid[i].value;
	return NULL;
}

static void form_reset(struct form *f)
{
	f->kind = K_WEAPON;
	f->tier = 0;
	f->variance = 0;
	f->power = 1.0;
	f->power_text = NULL;
	for (size_t i = 0; i < P__MAX; i++)
		f->attr[i] = NULL;
	f->has_seed = 0;
	f->seed = 0;
	f->count = 1;
	f->has_count = 0;
	f->has_format = 0;
	f->format = FMT_HTML;
	f->loadout = NULL;
	f->n_invalid = 0;
	f->used = 0;
}

/* On error the fields of f hold every valid field (the reader goes on past
 * a bad one: docs/api.md); the caller answers 400 with *err's list and
 * shows f as sent. */
int form_parse(struct form *f, const char *query, const char *body, size_t body_len,
               struct form_error *err)
{
	struct form_error ignored;
	struct form_reader r;
	size_t query_len;

	if (!err)
		err = &ignored;
	form_reset(f);
	form_reader_init(&r, field_names, validate, f);
	r.closed = "attribute[";
	r.closed_field = "attribute";
	r.closed_msg = MSG_ATTR_PART;
	for (size_t i = 0; i < N_FIELDS; i++)
		if (fields[i].valid == v_loadout)
			r.long_fields |= UINT64_C(1) << i; /* up to 1024 bytes */
	if (body && body_len > FORM_BODY_MAX) {            /* refused before anything is read */
		err->n = 0;
		form_error_add(err, "body", "too_long", MSG_BODY_LONG);
		return -1;
	}
	/* strnlen: a query longer than the limit is refused without reading it all. */
	query_len = query ? strnlen(query, FORM_QUERY_MAX + 1) : 0;
	int bad = form_read(&r, "query", query, query_len, err) != 0;
	/* the body too, so that every bad field of both is listed */
	bad |= form_read(&r, "body", body, body ? body_len : 0, err) != 0;
	return bad ? -1 : 0;
}

int form_encode(struct buf *out, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	int rc = 0;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    c == '-' || c == '.' || c == '_' || c == '~') {
			rc |= buf_putc(out, (char)c);
		} else {
			char e[3] = {'%', hex[c >> 4], hex[c & 15]};
			rc |= buf_append(out, e, sizeof(e));
		}
	}
	return rc ? -1 : 0;
}

/* Keys are percent-encoded like values ("attribute%5Btype%5D"): the link
 * stays a strict RFC 3986 URI, and curl does not take the brackets for its
 * URL globbing. */
static int put_param(struct buf *out, const char *key, const char *value)
{
	int rc = buf_putc(out, '&');

	rc |= form_encode(out, key);
	rc |= buf_putc(out, '=');
	rc |= form_encode(out, value);
	return rc ? -1 : 0;
}

int form_link_inputs(const struct form *f, struct buf *out)
{
	int rc;

	if ((unsigned)f->kind >= K__MAX)
		return -1;
	rc = buf_puts(out, "/generate?kind=");
	rc |= form_encode(out, kind_names[f->kind]);
	rc |= buf_printf(out, "&tier=%d", f->tier);
	if (f->variance)
		rc |= buf_puts(out, "&tier-variance=on");
	if (f->power_text)
		rc |= put_param(out, "power", f->power_text);
	for (size_t i = 0; i < N_FIELDS; i++) {
		const struct field *fd = &fields[i];

		if (fd->valid == v_attr && f->attr[fd->part])
			rc |= put_param(out, fd->name, f->attr[fd->part]);
	}
	if (f->loadout)
		rc |= put_param(out, "loadout", f->loadout);
	return rc ? -1 : 0;
}

int form_link(const struct form *f, uint64_t seed, struct buf *out)
{
	if (form_link_inputs(f, out) != 0 || buf_printf(out, "&seed=%" PRIu64, seed) != 0)
		return -1;
	return 0;
}

/* ---- form_read: the same decoder behind the caller's allow-list ---- */

static const char MSG_LONG_FIELD[] = "is longer than 1024 bytes";
_Static_assert(FORM_LONG_VALUE_MAX == 1024, "update MSG_LONG_FIELD");

void form_reader_init(struct form_reader *r, const char *const *names,
                      int (*field)(void *, int, const char *, size_t, struct form_error *),
                      void *ctx)
{
	memset(r, 0, sizeof(*r));
	r->names = names;
	r->field = field;
	r->ctx = ctx;
}

void form_error_add(struct form_error *e, const char *field, const char *code, const char *message)
{
	if (e->n == 0) {
		e->field = field;
		e->code = code;
		e->message = message;
	}
	/* one line per problem: the 33rd, 34th, … item over a limit say the
	 * same thing once */
	for (int i = 0; i < e->n; i++)
		if (e->list[i].message == message && e->list[i].field && field &&
		    strcmp(e->list[i].field, field) == 0)
			return;
	if (e->n < FORM_ERRORS_MAX)
		e->list[e->n++] = (struct form_problem){field, code, message};
}

/* Whether the n bytes at v are an unsigned decimal number (a value of the
 * right type, then, if refused, out of its range). */
static int number_text(const char *v, size_t n)
{
	size_t i = 0, digits = 0;

	if (n > 0 && v[0] == '-')
		i++;
	for (; i < n && (is_digit(v[i]) || v[i] == '.'); i++)
		digits += is_digit(v[i]);
	return n > 0 && i == n && digits > 0;
}

const char *form_error_code(const char *message, const char *value, size_t n)
{
	if (!message)
		return "malformed";
	if (strcmp(message, MSG_TWICE) == 0)
		return "duplicate";
	if (strstr(message, "more than 64 fields") || strstr(message, "at most 32"))
		return "too_many";
	if (strstr(message, "longer than") || strstr(message, "larger than") ||
	    strstr(message, "too long") || (strstr(message, "at most") && strstr(message, "bytes")))
		return "too_long";
	if (strncmp(message, "must be one of", 14) == 0 || strcmp(message, FORM_FORMAT_MSG) == 0 ||
	    strcmp(message, MSG_VARIANCE) == 0)
		return "not_one_of";
	if (strstr(message, "required") || strstr(message, "missing"))
		return "missing";
	if (strstr(message, " from ") && strstr(message, "number"))
		return value && number_text(value, n) ? "out_of_range" : "malformed";
	return "malformed";
}

/* A problem the reader found itself (not a field's validator). */
static int reader_fail(struct form_error *err, const char *field, const char *message)
{
	form_error_add(err, field, form_error_code(message, NULL, 0), message);
	return -1;
}

static int reader_find(const struct form_reader *r, const char *key)
{
	for (int i = 0; i < FORM_READER_NAMES_MAX && r->names[i]; i++)
		if (strcmp(r->names[i], key) == 0)
			return i;
	return -1;
}

static int reader_pair(struct form_reader *r, const char *source, const char *s, size_t n,
                       struct form_error *err)
{
	char key[FORM_KEY_MAX + 1], val[FORM_LONG_VALUE_MAX + 1];
	const char *eq = memchr(s, '=', n);
	size_t raw_key_len = eq ? (size_t)(eq - s) : n, key_len, val_len, cap;
	enum dec d;
	int i;

	if (++r->pairs > FORM_FIELDS_MAX)
		return reader_fail(err, source, MSG_FIELDS);
	d = decode(s, raw_key_len, key, FORM_KEY_MAX, &key_len);
	if (d != D_OK)
		return reader_fail(err, source, dec_msgs[W_NAME][d]);
	i = reader_find(r, key);
	if (i >= 0 && !r->rank[i])
		r->rank[i] = (uint8_t)r->pairs;
	if (i >= 0) {
		if ((r->seen & (UINT64_C(1) << i)) && !(r->repeatable & (UINT64_C(1) << i))) {
			reader_fail(err, r->names[i], MSG_TWICE);
			return 1;
		}
		r->seen |= UINT64_C(1) << i;
	}
	cap = i >= 0 && (r->long_fields & (UINT64_C(1) << i)) ? FORM_LONG_VALUE_MAX
	                                                      : FORM_VALUE_MAX;
	d = decode(eq ? eq + 1 : s + n, eq ? n - raw_key_len - 1 : 0, val, cap, &val_len);
	if (d != D_OK) {
		if (i < 0)
			reader_fail(err, source, dec_msgs[W_VALUE][d]);
		else
			reader_fail(err, r->names[i],
			            d == D_LONG && cap == FORM_LONG_VALUE_MAX
			                    ? MSG_LONG_FIELD
			                    : dec_msgs[W_FIELD][d]);
		return 1;
	}
	if (i < 0 && r->closed && strncmp(key, r->closed, strlen(r->closed)) == 0) {
		form_error_add(err, r->closed_field, "not_one_of", r->closed_msg);
		return 1;
	}
	if (i < 0)
		return 0;
	/* the callback fills one problem; the list keeps it and reading goes on */
	struct form_error one = {.field = NULL, .message = NULL, .code = NULL, .n = 0};
	if (r->field(r->ctx, i, val, val_len, &one) == 0)
		return 0;
	form_error_add(err, one.field ? one.field : r->names[i],
	               one.code ? one.code : form_error_code(one.message, val, val_len),
	               one.message);
	return 1; /* a bad field: listed, and the next pair is read */
}

/* reader_pair: 0 for a good pair, 1 for a bad field (listed; reading goes
 * on, so every bad field is reported), -1 for a request that cannot be read
 * further (too many fields, a damaged field name). */
int form_read(struct form_reader *r, const char *source, const char *s, size_t n,
              struct form_error *err)
{
	int body = strcmp(source, "body") == 0, bad = 0;

	if (!r->started) { /* the first source read with r: a fresh list */
		r->started = 1;
		err->field = NULL;
		err->message = NULL;
		err->code = NULL;
		err->n = 0;
	}
	if (!s)
		n = 0;
	if (n > (body ? FORM_BODY_MAX : FORM_QUERY_MAX))
		return reader_fail(err, source, body ? MSG_BODY_LONG : MSG_QUERY_LONG);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && s[j] != '&')
			j++;
		if (j > i) {
			int rc = reader_pair(r, source, s + i, j - i, err);
			if (rc < 0)
				return -1;
			bad |= rc;
		}
		i = j + 1;
	}
	return bad ? -1 : 0;
}
