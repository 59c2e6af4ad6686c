/* lists: the lists the C code holds once (recipe.h, loadout.h), printed as
 * one JSON object, for tests/house/regen.py to write the copies outside C
 * from (public/openapi.json, the Python package, sql/data) and to check
 * they have not drifted; and the route table, which the API description
 * follows, each proposal form's and decision's row saying so; the proposal
 * types' descriptors (the keys their answers and the queue use); the
 * formats (fieldrow.h) and the kept files' (kept.h), which nginx's maps
 * follow (regen_nginx.py). */
#include <stdio.h>
#include <string.h>

#include "cookie.h"
#include "fieldrow.h"
#include "form.h"
#include "handler.h"
#include "kept.h"
#include "loadout.h"
#include "moderate_int.h"
#include "proposal_list.h"
#include "recipe.h"
#include "submit_int.h"

static void list_values(const char *const *names, int n)
{
	printf("[");
	for (int i = 0, first = 1; i < n; i++) {
		if (!names[i] || !names[i][0])
			continue;
		printf("%s\"%s\"", first ? "" : ",", names[i]);
		first = 0;
	}
	printf("]");
}

static void list(const char *key, const char *const *names, int n, int (*keep)(int), int last)
{
	printf("\"%s\":[", key);
	for (int i = 0, first = 1; i < n; i++) {
		if (!names[i] || !names[i][0] || (keep && !keep(i)))
			continue;
		printf("%s\"%s\"", first ? "" : ",", names[i]);
		first = 0;
	}
	printf("]%s", last ? "" : ",");
}

static const char *const type_names[] = {
        [FIELD_STRING] = "string",   [FIELD_INTEGER] = "integer", [FIELD_NUMBER] = "number",
        [FIELD_BOOLEAN] = "boolean", [FIELD_CHOICE] = "choice",   [FIELD_FORMAT] = "format"};

/* A table of fields as a list of rows ("null" for none); a format field's
 * choices are the route's formats. */
static void fields(const struct field_table *t, unsigned formats)
{
	if (!t) {
		printf("null");
		return;
	}
	printf("[");
	for (size_t i = 0; !t->rows && t->names && t->names[i]; i++)
		printf("%s{\"name\":\"%s\",\"type\":\"string\",\"min\":0,\"max\":0,"
		       "\"max_len\":%d,\"many\":0,\"required\":0,\"choices\":null}",
		       i ? "," : "", t->names[i],
		       t->long_fields >> i & 1 ? FORM_LONG_VALUE_MAX : FORM_VALUE_MAX);
	for (size_t i = 0; i < t->n; i++) {
		const struct field_row *f = &t->rows[i];
		printf("%s{\"name\":\"%s\",\"type\":\"%s\",\"min\":%llu,\"max\":%llu,"
		       "\"max_len\":%u,\"many\":%d,\"required\":%d,\"choices\":",
		       i ? "," : "", f->name, type_names[f->type], f->min, f->max, f->max_len,
		       f->many, f->required);
		if (f->type == FIELD_CHOICE && f->choices)
			list_values(f->choices, (int)f->n_choices);
		else if (f->type == FIELD_FORMAT)
			for (int k = 0, first = 1; k <= FMT__MAX; k++) {
				if (k == FMT__MAX) {
					printf(first ? "[]" : "]");
					break;
				}
				if (formats & FMT_BIT(k)) {
					printf("%s\"%s\"", first ? "[" : ",",
					       format_name((enum format)k));
					first = 0;
				}
			}
		else
			printf("null");
		printf("}");
	}
	printf("]");
}

/* The proposal forms and decisions, read from their descriptors in the
 * lists' order: the route table's rows do not say which page entry they
 * answer for, so a route is matched to its form by the form's path and to
 * its decision by the path moderate.c gives it. */
struct form_row {
	const char *form, *type;
	const struct proposal_form *d;
};
struct decision_row {
	const char *type, *prefix;
	const struct decision *d;
};
#define FORM_ROW(form, path, type) {#form, #type, &submit_##form##_form},
static const struct form_row form_rows[] = {PROPOSAL_FORM_LIST(FORM_ROW)};
#undef FORM_ROW
#define DECISION_ROW(type, table, prefix) {#type, prefix, &type##_decision},
static const struct decision_row decision_rows[] = {PROPOSAL_TYPE_LIST(DECISION_ROW)};
#undef DECISION_ROW
#define N_FORM_ROWS     (sizeof form_rows / sizeof *form_rows)
#define N_DECISION_ROWS (sizeof decision_rows / sizeof *decision_rows)
static const char *const verbs[] = {"approve", "reject"};

/* What a route answers for, if it is a proposal form's or a decision's:
 * its ,"proposal_form":{...} or ,"decision":{...}. */
static void route_page(const char *path)
{
	for (size_t i = 0; i < N_FORM_ROWS; i++)
		if (strcmp(form_rows[i].d->path, path) == 0)
			printf(",\"proposal_form\":{\"form\":\"%s\",\"type\":\"%s\",\"row_key\":\"%"
			       "s\"}",
			       form_rows[i].form, form_rows[i].type, form_rows[i].d->row_key);
	for (size_t i = 0; i < N_DECISION_ROWS; i++)
		for (size_t v = 0; v < sizeof verbs / sizeof *verbs; v++) {
			char want[128];
			snprintf(want, sizeof want, "/moderate%s/%s", decision_rows[i].prefix,
			         verbs[v]);
			if (strcmp(want, path) == 0)
				printf(",\"decision\":{\"type\":\"%s\",\"verb\":\"%s\"}",
				       decision_rows[i].type, verbs[v]);
		}
}

/* Each form's and each type's descriptor, as the answers name them. */
static void proposal_lists(void)
{
	printf("\"proposal_forms\":[");
	for (size_t i = 0; i < N_FORM_ROWS; i++)
		printf("%s{\"form\":\"%s\",\"path\":\"%s\",\"type\":\"%s\",\"row_key\":\"%s\"}",
		       i ? "," : "", form_rows[i].form, form_rows[i].d->path, form_rows[i].type,
		       form_rows[i].d->row_key);
	printf("],\"decisions\":[");
	for (size_t i = 0; i < N_DECISION_ROWS; i++) {
		const struct decision *d = decision_rows[i].d;
		printf("%s{\"type\":\"%s\",\"total_key\":\"%s\",\"pending_key\":\"%s\","
		       "\"paths\":[",
		       i ? "," : "", decision_rows[i].type, d->total_key, d->pending_key);
		for (size_t v = 0; v < sizeof verbs / sizeof *verbs; v++)
			printf("%s\"/moderate%s/%s\"", v ? "," : "", decision_rows[i].prefix,
			       verbs[v]);
		printf("]}");
	}
	printf("],");
}

static int sums(int s)
{
	return loadout_stat_sums((enum stat)s);
}

int main(void)
{
	printf("{");
	list("kinds", kind_names, K__MAX, NULL, 0);
	list("parts", part_names, P__MAX, NULL, 0);
	list("stats", stat_names, ST__MAX, NULL, 0);
	list("summed_stats", stat_names, ST__MAX, sums, 0);
	list("slots", slot_idents, SLOT__MAX, NULL, 0);
	list("places", place_names, PLACE__MAX, NULL, 0);
	printf("\"formats\":[");
	for (int f = 0; f < FMT__MAX; f++)
		printf("%s{\"name\":\"%s\",\"type\":\"%s\",\"picture\":%d}", f ? "," : "",
		       format_name((enum format)f), format_content_type((enum format)f),
		       (KEPT_PICTURE_FORMATS & FMT_BIT(f)) != 0);
	printf("],\"kept_formats\":[");
	int first_kept = 1;
#define KEPT_ROW(e, fmt, ext, accept, any_site)                                                    \
	printf("%s{\"format\":\"%s\",\"ext\":\"%s\",\"accept\":%d,\"any_site\":%d}",               \
	       first_kept ? "" : ",", format_name(fmt), ext, accept, any_site);                    \
	first_kept = 0;
	KEPT_FORMATS(KEPT_ROW)
#undef KEPT_ROW
	printf("],");
	proposal_lists();
	printf("\"session_cookie\":\"%s\",\"routes\":[", COOKIE_SESSION);
	struct handler_route_info r[64];
	size_t n = handler_routes(r, 64);
	for (size_t i = 0; i < n && i < 64; i++) {
		printf("%s{\"path\":\"%s\",\"under\":%d,\"allow\":\"%s\",\"guarded\":%d,"
		       "\"cors\":%d,\"formats\":[",
		       i ? "," : "", r[i].path, r[i].under, r[i].allow ? r[i].allow : "",
		       r[i].guarded, r[i].cors);
		for (int f = 0, first = 1; f < FMT__MAX; f++)
			if (r[i].formats & FMT_BIT(f)) {
				printf("%s{\"name\":\"%s\",\"type\":\"%s\"}", first ? "" : ",",
				       format_name((enum format)f),
				       format_content_type((enum format)f));
				first = 0;
			}
		printf("],\"query\":");
		fields(r[i].query, r[i].formats);
		printf(",\"below\":");
		fields(r[i].below, r[i].formats);
		printf(",\"body\":");
		fields(r[i].body, r[i].formats);
		route_page(r[i].path);
		printf("}");
	}
	printf("]}\n");
	return 0;
}
