/* listen: the daemon's FastCGI listen socket (server_listen in server.h).
 * A file of its own because it needs <sys/stat.h> for chmod, whose struct
 * stat cannot share a file with recipe.h's enum stat. */
#include <errno.h>
#include <fcgiapp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "log.h"
#include "server.h"

/* libfcgi's rule: "host:port" with a numeric port is TCP, anything else a path. */
static int is_unix_path(const char *path)
{
	const char *colon = strchr(path, ':');
	return !colon || atoi(colon + 1) == 0;
}

/* Whether some process accepts connections on this unix socket path. */
static int socket_in_use(const char *path)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	int fd, live;

	if (strlen(path) >= sizeof(sa.sun_path))
		return 0; /* FCGX_OpenSocket reports the long path */
	memcpy(sa.sun_path, path, strlen(path));
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return 0;
	live = connect(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0;
	close(fd);
	return live;
}

int server_listen(const char *path)
{
	int unix_path = is_unix_path(path);
	int fd;

	/* FCGX_OpenSocket unlinks the path first, which would silently steal
	 * the socket of a daemon that is still running. */
	if (unix_path && socket_in_use(path)) {
		log_error("server: another process is listening on %s", path);
		return -1;
	}
	/* libfcgi binds ":PORT" to every interface; the daemon's default is
	 * loopback, and another interface must be named ("0.0.0.0:PORT"),
	 * its peers then checked against fcgi-allow (server.c). */
	char local[32];
	const char *bind_to = path;
	if (!unix_path && path[0] == ':' && strlen(path) < sizeof(local) - 9) {
		memcpy(local, "127.0.0.1", 9);
		memcpy(local + 9, path, strlen(path) + 1);
		bind_to = local;
	}
	fd = FCGX_OpenSocket(bind_to, SERVER_BACKLOG);
	if (fd < 0) {
		log_error("server: cannot listen on %s: %s", path, strerror(errno));
		return -1;
	}
	if (unix_path && chmod(path, 0666) != 0) {
		log_error("server: chmod %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

void server_unlisten(int fd, const char *path)
{
	close(fd);
	if (is_unix_path(path))
		unlink(path);
}
