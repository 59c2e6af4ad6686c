/* pages: every page's route (struct route, route.h), once, in the order
 * the router tries them. Each page defines its own rows in its .c; a
 * proposal form's row is made from PROPOSAL_FORM_LIST (submit.c) and a
 * proposal type's two decisions from PROPOSAL_TYPE_LIST (moderate.c), so a
 * new page is its module and its name here.
 *
 * X(row) names a page's row; X##_FORM(form, path, type) and
 * X##_DECISION(type, table, prefix) stand for a form's row
 * (route_submit_<form>) and a type's (route_approve_<type>,
 * route_reject_<type>). */
#ifndef LOOTFORGE_PAGES_H
#define LOOTFORGE_PAGES_H

#include "proposal_list.h"
#include "route.h"

#define PAGE_ROUTES(X)                                                                             \
	X(route_readyz)                                                                            \
	X(route_index)                                                                             \
	X(route_generate)                                                                          \
	X(route_item)                                                                              \
	X(route_catalog)                                                                           \
	PROPOSAL_FORM_LIST(X##_FORM)                                                               \
	X(route_words)                                                                             \
	X(route_spells)                                                                            \
	X(route_map)                                                                               \
	X(route_dungeon)                                                                           \
	X(route_treasure)                                                                          \
	X(route_loadout)                                                                           \
	X(route_stash)                                                                             \
	X(route_compare)                                                                           \
	X(route_login)                                                                             \
	X(route_logout)                                                                            \
	X(route_moderate)                                                                          \
	PROPOSAL_TYPE_LIST(X##_DECISION)                                                           \
	X(route_moderate_retire)                                                                   \
	X(route_moderate_edit)                                                                     \
	X(route_moderate_below)

#define PAGE_ROUTE_DECLARE(row)                   extern const struct route row;
#define PAGE_ROUTE_DECLARE_FORM(form, path, type) PAGE_ROUTE_DECLARE(route_submit_##form)
#define PAGE_ROUTE_DECLARE_DECISION(type, table, prefix)                                           \
	PAGE_ROUTE_DECLARE(route_approve_##type) PAGE_ROUTE_DECLARE(route_reject_##type)
PAGE_ROUTES(PAGE_ROUTE_DECLARE)

#endif
