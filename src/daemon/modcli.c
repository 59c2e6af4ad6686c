/* modcli: see modcli.h. The password lives in one stack buffer, wiped
 * before return; it is never logged or printed. */
#include "modcli.h"

#include <sodium.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "dbsession.h"
#include "session.h"

/* The first line of in, without its line end, into pw (cap bytes). -1 when
 * there is none or it is too long. */
static int read_password(FILE *in, FILE *err, char *pw, size_t cap)
{
	struct termios old, quiet;
	int tty = isatty(fileno(in)) && tcgetattr(fileno(in), &old) == 0;
	int rc = 0;

	if (tty) {
		fprintf(err, "Password (at least %d characters): ", PASSWORD_CHARS_MIN);
		fflush(err);
		quiet = old;
		quiet.c_lflag &= ~(tcflag_t)ECHO;
		tcsetattr(fileno(in), TCSAFLUSH, &quiet);
	}
	if (!fgets(pw, (int)cap, in))
		rc = -1;
	if (tty) {
		tcsetattr(fileno(in), TCSAFLUSH, &old);
		fputc('\n', err);
	}
	if (rc == 0) {
		size_t n = strcspn(pw, "\r\n");
		if (pw[n] == '\0' && n == cap - 1)
			rc = -1; /* longer than the buffer */
		pw[n] = '\0';
	}
	return rc;
}

int modcli_add(const struct db_config *dbc, const char *name, FILE *in, FILE *out, FILE *err)
{
	char pw[PASSWORD_BYTES_MAX + 2], hash[PASSWORD_HASH_MAX];
	const char *problem;
	struct db *d = NULL;
	int created = 0, rc = 2;

	if (sodium_init() < 0) {
		fprintf(err, "lootforged: libsodium cannot be initialised\n");
		return 1;
	}
	if (!session_name_ok(name)) {
		fprintf(err, "lootforged: a moderator's name is 1 to 64 letters, digits, "
		             "'.', '_' or '-'\n");
		return 2;
	}
	if (read_password(in, err, pw, sizeof(pw)) != 0) {
		fprintf(err,
		        "lootforged: no password on standard input (or longer than %d bytes)\n",
		        PASSWORD_BYTES_MAX);
		goto done;
	}
	if ((problem = session_password_problem(pw, strlen(pw))) != NULL) {
		fprintf(err, "lootforged: %s\n", problem);
		goto done;
	}
	rc = 1;
	if (session_hash_password(pw, strlen(pw), hash) != 0) {
		fprintf(err, "lootforged: hashing the password failed (out of memory?)\n");
		goto done;
	}
	if (!(d = db_new(dbc)) || db_moderator_set(d, name, hash, &created) != DB_OK) {
		fprintf(err, "lootforged: the moderator could not be stored (see the messages "
		             "above; is migration 0005 applied?)\n");
		goto done;
	}
	fprintf(out,
	        created ? "moderator %s created\n"
	                : "moderator %s: password changed, their sessions ended\n",
	        name);
	rc = 0;
done:
	sodium_memzero(pw, sizeof(pw));
	db_free(d);
	return rc;
}
