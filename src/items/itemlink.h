/* itemlink: items and their permanent codes (SPEC §6, docs/items.md). The
 * one way to turn a code into its item, for /item/CODE and for every later
 * page that names items by code (a loadout, a scroll). */
#ifndef LOOTFORGE_ITEMLINK_H
#define LOOTFORGE_ITEMLINK_H

#include <stddef.h>
#include <stdint.h>

#include "catalog.h"
#include "form.h"
#include "generate.h"
#include "item.h"
#include "itemcode.h"

/* Writes into it->code the code of item it, generated from in with catalog
 * c: kind, tier, variance, power, seed, c's revision and the id of each
 * requested word that c holds (active or not; a word c does not know did
 * not change the item and is left out). 0, or -1 when a value cannot be
 * coded (a power off the form's grid); it->code is then empty. */
int itemlink_fill(const struct catalog *c, const struct gen_input *in, struct item *it);

/* The same with a code of this format version (ITEMCODE_VERSION_1 or
 * ITEMCODE_VERSION): a permanent answer made before the item language of
 * docs/api.md (a keyed dungeon of code version 1) keeps linking its items by
 * the codes it was made with. */
int itemlink_fill_version(const struct catalog *c, const struct gen_input *in, struct item *it,
                          int version);

enum itemlink_status {
	ITEMLINK_OK,
	ITEMLINK_MALFORMED,  /* not a code: *why says what is wrong */
	ITEMLINK_UNKNOWN,    /* a well-formed code that names no item: a word id or a
	                        revision this catalog never had, or nothing to generate */
	ITEMLINK_LATER,      /* a revision newer than this process has loaded yet */
	ITEMLINK_NEVER,      /* a revision beyond the newest the database made
	                        (only from itemlink_item_db, itemlink_db.h) */
	ITEMLINK_NO_CATALOG, /* no catalog loaded yet */
	ITEMLINK_NO_MEMORY,
};

/* The item a code names, as the daemon holds it. */
struct coded_item {
	struct itemcode code;
	struct gen_input in;       /* the inputs, want[] pointing at the catalog's words */
	struct item item;          /* with item.code set */
	const struct catalog *cat; /* the catalog at the code's revision, held */
};

/* Regenerates the item of the code in s (n bytes) at the code's revision,
 * from the current catalog (catalog_acquire). On ITEMLINK_OK, out->cat is
 * held and the caller calls itemlink_release(out); on any other status
 * nothing is held (*why, if given, is a static English phrase). */
enum itemlink_status itemlink_item(const char *s, size_t n, struct coded_item *out,
                                   const char **why);
void itemlink_release(struct coded_item *ci);

/* The form a code stands for: its inputs and seed, the format given. It
 * fills the page's form and makes the "roll again" link, so that every
 * answer about one code is the same bytes. power_text (16 bytes) is room
 * for the power's text, which f points at. */
void itemlink_form(const struct coded_item *ci, struct form *f, char *power_text, int json);

/* The same, with the current catalog given (held by the caller). */
enum itemlink_status itemlink_item_from(const struct catalog *cur, const char *s, size_t n,
                                        struct coded_item *out, const char **why);

#endif
