/* messages: the sentences more than one page answers with, and how long a
 * client is told to wait after a database outage: one table, so every page
 * says the same thing in the same words. A page's own sentences (a field's
 * rule, a moderation outcome) stay with the page. */
#ifndef LOOTFORGE_MESSAGES_H
#define LOOTFORGE_MESSAGES_H

#define MSG_DB_DOWN    "The database cannot be reached; please try again."
#define MSG_INTERNAL   "Something went wrong on our side."
#define MSG_FALLBACK   "Something went wrong."
#define MSG_NOT_FOUND  "There is no page at this address."
#define MSG_BAD_METHOD "This address does not take that method."
#define MSG_NO_CATALOG "The item catalog is not loaded yet. Please try again in a moment."

/* Retry-After, in seconds, of a 503 for a database that cannot be reached. */
#define DB_RETRY_AFTER 5

#endif
