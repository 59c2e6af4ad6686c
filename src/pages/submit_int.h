/* submit_int: the proposal forms' one flow (submit.c) and what each form
 * of PROPOSAL_FORM_LIST gives it: its table entry, a struct proposal_form
 * submit_<form>_form, in its type's page file (propose_<type>.c).
 * docs/moderation.md. */
#ifndef LOOTFORGE_SUBMIT_INT_H
#define LOOTFORGE_SUBMIT_INT_H

#include <stddef.h>

#include "fields.h"
#include "page.h"
#include "proposal_types.h"
#include "submit.h"

/* The proposal forms (docs/moderation.md) answer alike: a form with its
 * token and id, its "received" page, and a POST checked, stored and
 * answered the same way (pf_get, pf_post). What differs is a table entry,
 * a struct proposal_form: the path, the allow-list, the template and its
 * sections, the functions that check, store and show the form's own
 * proposal. A new form of that shape is its entry and those functions;
 * what it keeps while it answers one request (the proposal parsed, the
 * row looked up or stored) is a struct of its own, of state_size bytes,
 * which the flow draws zeroed from the request's arena and hands to those
 * functions. */

/* A store's outcome in the flow's terms. */
struct pf_stored {
	enum submit_result result;
	long retry_after;  /* SUBMIT_LIMITED */
	char refusal[320]; /* SUBMIT_LIVE, _PENDING, _REJECTED: why (a 409) */
};

struct proposal_form {
	const char *path;         /* the form's action; ?received=ID shows a proposal */
	const char *const *names; /* the allow-list: csrf, submission_id, format,
	                           * received and the form's own fields */
	/* The type's own template, templates/propose_<type>.tpl (its queue
	 * part is there too: moderate_int.h), and the form's sections in it. */
	const char *template_name, *title;
	const char *form_section, *received_section;
	/* Optional: the form among the word form's "Not a word? ..." links
	 * (submit_fill_links): its link's words (NULL: not listed) and what
	 * follows the link. Values, so escaped: no apostrophe, as the other
	 * links' hand-written ones keep theirs. */
	const char *link, *link_note;
	const char *thanks;     /* the received page's heading */
	const char *row_key;    /* the proposal's key in JSON answers */
	const char *unknown_id; /* the 404's sentence for ?received=ID */
	const char *key_field;  /* the field a 409 names */
	/* The database's failures in the form's own words; NULL: the site's. */
	const char *down_message, *failed_message;
	/* Optional: the page's body above the form section (in: NULL or the
	 * fields read). */
	void (*fill_body)(struct tmpl_dict *body, const struct fields *in);
	/* The form's own fields, as typed (in: NULL or the fields read). */
	void (*fill_form)(struct tmpl_dict *f, const struct fields *in);
	/* The proposal in s's row: its own keys of the received section, and as JSON. */
	void (*fill_received)(struct tmpl_dict *r, const void *s);
	json_t *(*row_json)(const void *s);
	/* Optional: the GET's own checks of the fields read (problems into err). */
	void (*check_get)(const struct fields *in, struct proposal_error *err);
	/* Optional: the form's description for JSON clients; NULL: pf_json. */
	json_t *(*form_json)(const char *csrf, const char *sid, const struct fields *in);
	/* The proposal checked into s: every problem into *err (empty: it
	 * passed), a check across fields marked so. */
	void (*parse)(const struct fields *in, void *s, struct proposal_error *err);
	/* The store's type, and where in s the proposal parse fills and the
	 * row a look-up or a store fills are: the flow looks rows up and
	 * stores them itself (submit.c). */
	const struct proposal_type *type;
	size_t state_size, proposal_at, row_at;
	/* Why the store refused s's proposal (out: SUBMIT_LIVE, _PENDING or
	 * _REJECTED) in the form's words, into text (a 409's message). */
	void (*refusal)(const void *s, const struct submit_outcome *out, char *text, size_t n);
};

/* Field i as typed, or "" (in: NULL or the fields read). */
const char *submit_typed(const struct fields *in, int i);

/* The keys of a received section every form's template has. */
void submit_fill_row(struct tmpl_dict *r, const char *status, const char *sid, const char *created);

/* The links to the forms that name a link, in PROPOSAL_FORM_LIST's order,
 * as repetitions of section in s: PATH, LINK, NOTE, and FIRST shown for
 * the first, SEP (", ", and ", or " before the last) for the others. */
void submit_fill_links(struct tmpl_dict *s, const char *section);

/* Whether err lists a problem of field. */
int submit_has_problem(const struct proposal_error *err, const char *field);

#endif
