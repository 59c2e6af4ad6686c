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
 * (NULL-terminated), failing on a missing file, a syntax error or an
 * escaping warning. Call once at start-up, before any thread expands. */
int tmpl_init(const char *dir, const char *const *names);

struct tmpl_dict *tmpl_dict_new(const char *name);
void tmpl_dict_free(struct tmpl_dict *d); /* frees sub-dictionaries too */
void tmpl_set(struct tmpl_dict *d, const char *key, const char *value);
void tmpl_set_int(struct tmpl_dict *d, const char *key, long value);
void tmpl_show(struct tmpl_dict *d, const char *section);
/* A new repetition of a section; owned by d. NULL when out of memory. */
struct tmpl_dict *tmpl_section(struct tmpl_dict *d, const char *section);
/* An {{>include}} filled with template `file`; owned by d. */
struct tmpl_dict *tmpl_include(struct tmpl_dict *d, const char *name, const char *file);

/* Expands template `file` with d, appending to out. 0, or -1 on failure. */
int tmpl_expand(const char *file, const struct tmpl_dict *d, struct buf *out);

#ifdef __cplusplus
}
#endif

#endif
