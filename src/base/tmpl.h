/* tmpl: the C face of ctemplate (tmpl.cc is the only C++ in the daemon).
 * Every template starts with {{%AUTOESCAPE context="HTML"}}; values set here
 * are escaped by the engine, never by C code. No function lets a C++
 * exception escape. */
#ifndef LOOTFORGE_TMPL_H
#define LOOTFORGE_TMPL_H

#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

struct tmpl_dict;

/* Sets the template directory and loads every template named in `names`
 * (NULL-terminated) or, when names is NULL, every "*.tpl" file in it: the
 * directory is the one list of templates. Fails on a missing file, a syntax
 * error or an escaping warning. Call once at start-up, before any thread
 * expands. */
int tmpl_init(const char *dir, const char *const *names);

struct tmpl_dict *tmpl_dict_new(const char *name);
void tmpl_dict_free(struct tmpl_dict *d); /* frees sub-dictionaries too */
void tmpl_set(struct tmpl_dict *d, const char *key, const char *value);
void tmpl_set_int(struct tmpl_dict *d, const char *key, long value);
/* tmpl_set without a copy of the value's n bytes: for a long value (the
 * map's SVG path and text, ~60 KB a page) that the caller keeps, unchanged,
 * until d has been expanded for the last time or freed. */
void tmpl_set_ref(struct tmpl_dict *d, const char *key, const char *value, size_t n);
void tmpl_show(struct tmpl_dict *d, const char *section);
/* A new repetition of a section; owned by d. NULL when out of memory. */
struct tmpl_dict *tmpl_section(struct tmpl_dict *d, const char *section);
/* An {{>include}} filled with template `file`; owned by d. */
struct tmpl_dict *tmpl_include(struct tmpl_dict *d, const char *name, const char *file);

/* Expands template `file` with d, appending to out. 0, or -1 on failure. */
int tmpl_expand(const char *file, const struct tmpl_dict *d, struct buf *out);

/* Fragments: HTML rendered once and spliced into many pages. A fragment is
 * a list of pieces, each the expansion of a template (escaped by the
 * engine, like any page); a variable written {{NAME:x-frag}} in a template
 * is replaced by runs of pieces, without expanding them again. A fragment
 * is immutable once built: any number of threads may splice it at once. */
struct tmpl_frag;

struct tmpl_frag *tmpl_frag_new(void);
void tmpl_frag_free(struct tmpl_frag *f);
/* Expands template `file` with d and appends the result to f as its next
 * piece. 0, or -1 (f unchanged). */
int tmpl_frag_add(struct tmpl_frag *f, const char *file, const struct tmpl_dict *d);
size_t tmpl_frag_count(const struct tmpl_frag *f);
/* Appends piece i of `from` to f as its next piece: an expansion made once
 * and reused where the same template and values would give the same bytes.
 * 0, or -1 (f unchanged; i out of range, or out of memory). */
int tmpl_frag_copy(struct tmpl_frag *f, const struct tmpl_frag *from, size_t i);

/* Pieces [from, to) of frag. */
struct tmpl_span {
	const struct tmpl_frag *frag;
	size_t from, to;
};

/* Sets x-frag variable `key` of d to these spans, in order (n may be 0).
 * Their frags must live until d has been expanded. A span out of range
 * makes the expansion fail. */
void tmpl_set_spans(struct tmpl_dict *d, const char *key, const struct tmpl_span *spans, size_t n);

#ifdef __cplusplus
}
#endif

#endif
