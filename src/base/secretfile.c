#include "secretfile.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int secretfile_open(const char *path, int group_may_read, const char **why)
{
	struct stat st;
	mode_t banned = S_IRWXO | S_IWGRP | S_IXGRP | (group_may_read ? 0 : S_IRGRP);
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		*why = strerror(errno);
		return -1;
	}
	/* Checked on the open file, so a swap between check and read is moot. */
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & banned)) {
		*why = group_may_read
		               ? "must be a regular file that others cannot read and the group "
		                 "cannot write (chmod 600, or 640 for root:lootforge)"
		               : "must be a regular file that neither group nor others can "
		                 "read (chmod 600)";
		close(fd);
		return -1;
	}
	return fd;
}
