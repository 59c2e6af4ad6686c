/* stashpage: the visitor's own state (visitor.h) as pages: GET /stash (the
 * kept items and the recent rolls, in HTML, JSON or CSV) and POST /stash,
 * every change to it (keep, remove, wear, clear, make a shared loadout
 * one's own), CSRF-checked, answered with the new cookie and a 303 back to
 * the page the form was on. Also what the other pages use to read the
 * cookie and to draw its forms. */
#ifndef LOOTFORGE_STASHPAGE_H
#define LOOTFORGE_STASHPAGE_H

#include "csrf.h"
#include "fieldrow.h"
#include "http.h"
#include "visitor.h"

/* What POST /stash reads, for the route table. */
extern const struct field_table stashpage_body;

void stashpage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* GET /compare?item=CODE: the item against what the visitor's loadout
 * wears in its slot (a ring against each finger, a two-hander against both
 * hands), each stat's difference and the value's, with an Equip form.
 * Private, no-store: the permanent /item/CODE never varies with the
 * cookie, so its comparison is asked for here (docs/loadout.md). */
/* The query fields of /compare, for the route table. */
extern const struct field_table stashpage_compare_fields;
void stashpage_compare(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* The request's visitor cookie into *v (never fails: visitor.h). */
void stash_visitor(const struct request *rq, struct visitor *v);

/* The token the visitor forms of this client carry (minting its lf_csrf
 * cookie on rs when it has none). */
void stash_token(const struct request *rq, struct response *rs, char token[CSRF_HEX + 1]);

/* Whether a GET may write the cookie: the request came from this site's
 * own pages (it carries a cookie of ours; a cross-site navigation carries
 * none of our SameSite=Strict cookies, and a cookie written then would
 * erase a state it could not see), and Sec-Fetch-Site, when sent, is not
 * another site's. */
int stash_may_write(const struct request *rq);

/* Adds the Set-Cookie of v to rs. 0, or -1. */
int stash_save(struct response *rs, const struct visitor *v);

struct item;

/* Each of the n items compared with the request's loadout (carried, the
 * form's "CODE:place,CODE" list, when not NULL; else the cookie's): *out
 * gets n texts `"compare":{"slot","place","worn","stats","value"}` (null
 * for an item that is never worn), in the arena; NULL when the request has
 * no loadout. 0; -2 when the catalog is not there for now; -1 when out of
 * memory. */
int stash_compare_items(struct handler_ctx *ctx, const struct request *rq, const char *carried,
                        const struct item *news, size_t n, const char *const **out);

struct stash_cards;
struct tmpl_dict;

/* The generator's cards compared with the visitor cookie's loadout: *out
 * (in the arena) for stash_compare_card, NULL when the visitor wears
 * nothing. token: the forms' CSRF token; back: the page their answers
 * come back to. 0; -2 when the catalog is not
 * there for now; -1 when out of memory. */
int stash_cards_compare(struct handler_ctx *ctx, const struct request *rq, const char *token,
                        const char *back, const struct item *news, size_t n,
                        struct stash_cards **out);

/* Card i's comparison (card.tpl's COMPARED: each stat's difference, the
 * value's, an Equip) into its dictionary; nothing for an item never worn.
 * arg: stash_cards_compare's. A card_actions.compare (layout.h). */
void stash_compare_card(void *arg, size_t i, struct tmpl_dict *card);

/* Releases what stash_cards_compare holds (NULL: nothing). */
void stash_cards_release(struct stash_cards *c);

#endif
