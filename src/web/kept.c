/* kept: the current revision's kept pages as files for nginx (see kept.h). */
#include "kept.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"

static char kept_dir[PATH_MAX / 2];
static int kept_on;
/* What a revision's directory holds, per share: in DIR/REV/.budget, which
 * every worker process maps, so that the count is the directory's (a
 * worker killed and started again, or its siblings, count on where it
 * was). Lock-free atomics work across processes on a shared mapping. */
enum share { SHARE_REVISION, SHARE_INPUTS, SHARE__N };
struct budget {
	_Atomic uint32_t files[SHARE__N];
	_Atomic uint64_t bytes[SHARE__N];
};
_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2 && ATOMIC_INT_LOCK_FREE == 2,
               "the budget's counters must be lock-free to be shared between processes");

static const uint32_t files_max[SHARE__N] = {KEPT_REVISION_FILES_MAX, KEPT_INPUTS_FILES_MAX};
static const uint64_t bytes_max[SHARE__N] = {KEPT_REVISION_BYTES_MAX, KEPT_INPUTS_BYTES_MAX};

/* The mappings of the last few revisions: a publish in flight may still
 * count on the one before, so a mapping is let go only BUDGETS_KEPT
 * revisions later. */
#define BUDGETS_KEPT 4
static struct budget *budgets[BUDGETS_KEPT];
static unsigned budget_at;

/* This process's live revision and its directory's budget. */
static _Atomic uint64_t live_rev;
static _Atomic(struct budget *) live_budget;
static atomic_uint tmp_counter;
static atomic_int warned; /* once per revision: a full disk would fill the log */

#define KEPT_EXT(e, fmt, name, accept, any_site) [e] = name,
static const char *const ext[KEPT__N] = {KEPT_FORMATS(KEPT_EXT)};
#undef KEPT_EXT
#define KEPT_ONE(e, fmt, name, accept, any_site) +1
_Static_assert(0 KEPT_FORMATS(KEPT_ONE) == KEPT__N,
               "every kept format has its row in KEPT_FORMATS");
#undef KEPT_ONE

/* nginx builds the file's name from the raw query (docs/stack.md): only
 * bytes that need no decoding and can form no path go into it. */
static int plain_query(const char *q)
{
	size_t n = 0;
	for (; *q; q++, n++) {
		unsigned char c = (unsigned char)*q;
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '=' || c == '&' || c == '_' || c == '-'))
			return 0;
	}
	return n <= KEPT_QUERY_MAX;
}

/* The pages that depend on the revision alone: the word list, the spells
 * and the export, unfiltered (their queries name a format or a kind; a q=
 * text is a client's choice, as many as it likes). */
static enum share share_of(const char *page, const char *query)
{
	if (strcmp(page, "words") != 0 && strcmp(page, "spells") != 0 &&
	    strcmp(page, "catalog") != 0)
		return SHARE_INPUTS;
	for (const char *q = query; q && *q;) {
		if (q[0] == 'q' && q[1] == '=' && q[2] && q[2] != '&')
			return SHARE_INPUTS;
		const char *amp = strchr(q, '&');
		q = amp ? amp + 1 : NULL;
	}
	return SHARE_REVISION;
}

/* Takes one file of len bytes from share sh of b: 1, or 0 when it would
 * not fit (nothing taken). Never counts past the bound, so a flood past it
 * cannot wrap the counters. */
static int budget_take(struct budget *b, enum share sh, uint64_t len)
{
	uint64_t bytes = atomic_load(&b->bytes[sh]);
	do {
		if (bytes + len > bytes_max[sh])
			return 0;
	} while (!atomic_compare_exchange_weak(&b->bytes[sh], &bytes, bytes + len));
	uint32_t files = atomic_load(&b->files[sh]);
	do {
		if (files >= files_max[sh]) {
			atomic_fetch_sub(&b->bytes[sh], len);
			return 0;
		}
	} while (!atomic_compare_exchange_weak(&b->files[sh], &files, files + 1));
	return 1;
}

/* Maps DIR/REV/.budget (made, zero, when missing) under the caller's lock:
 * NULL on failure (logged; nothing is written for the revision then). */
static struct budget *budget_map(const char *dir)
{
	char path[PATH_MAX];
	struct stat st;

	if (snprintf(path, sizeof path, "%s/.budget", dir) >= (int)sizeof path)
		return NULL;
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0 || fstat(fd, &st) != 0 ||
	    ((size_t)st.st_size < sizeof(struct budget) &&
	     ftruncate(fd, sizeof(struct budget)) != 0)) {
		log_error("kept: cannot make %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	void *m = mmap(NULL, sizeof(struct budget), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (m == MAP_FAILED) {
		log_error("kept: cannot map %s: %s", path, strerror(errno));
		return NULL;
	}
	return m;
}

/* Makes b this process's budget; the one BUDGETS_KEPT revisions ago goes. */
static void budget_use(struct budget *b)
{
	unsigned i = budget_at++ % BUDGETS_KEPT;
	if (budgets[i])
		munmap(budgets[i], sizeof(struct budget));
	budgets[i] = b;
	atomic_store(&live_budget, b);
}

int kept_path(const char *page, const char *query, uint64_t rev, enum kept_format f, char *out,
              size_t cap)
{
	if (!kept_on || (query && *query && !plain_query(query)))
		return -1;
	int n = snprintf(out, cap, "%s/%" PRIu64 "/%s/%s.%s", kept_dir, rev, page,
	                 query && *query ? query : "_", ext[f]);
	return n < 0 || (size_t)n >= cap ? -1 : 0;
}

/* Removes dir and the files and directories in it (two levels: pages and
 * their files). */
static void remove_tree(const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[PATH_MAX];

	if (d) {
		while ((e = readdir(d))) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >=
			    (int)sizeof path)
				continue;
			if (depth > 0 && e->d_type == DT_DIR)
				remove_tree(path, depth - 1);
			else
				unlink(path);
		}
		closedir(d);
	}
	rmdir(dir);
}

/* A revision directory's name: digits only, no leading zero. */
static int revision_name(const char *s, uint64_t *rev)
{
	uint64_t v = 0;
	if (*s < '1' || *s > '9')
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	*rev = v;
	return 0;
}

/* Every revision directory but keep1 and keep2 (0: none). */
static void remove_revisions(uint64_t keep1, uint64_t keep2)
{
	DIR *d = opendir(kept_dir);
	struct dirent *e;
	char path[PATH_MAX];
	uint64_t rev;

	if (!d)
		return;
	while ((e = readdir(d)))
		if (revision_name(e->d_name, &rev) == 0 && rev != keep1 && rev != keep2 &&
		    snprintf(path, sizeof path, "%s/%s", kept_dir, e->d_name) < (int)sizeof path)
			remove_tree(path, 2);
	closedir(d);
}

/* mkdir with the mode nginx needs whatever the umask (the service's is
 * 0077): 0, or -1 when it is not there after. */
static int make_dir(const char *path)
{
	if (mkdir(path, 0755) == 0)
		return chmod(path, 0755);
	return errno == EEXIST ? 0 : -1;
}

int kept_init(const char *dir)
{
	char path[PATH_MAX];

	kept_on = 0;
	if (!dir || !*dir)
		return 0;
	if (strlen(dir) >= sizeof kept_dir) {
		log_error("kept: %s: the path is too long", dir);
		return -1;
	}
	strcpy(kept_dir, dir);
	/* Also when it was there: the directory is the daemon's (emptied
	 * below), and nginx, another user, must get through it. */
	if (make_dir(kept_dir) != 0 || chmod(kept_dir, 0755) != 0) {
		log_error("kept: cannot create %s: %s", kept_dir, strerror(errno));
		return -1;
	}
	snprintf(path, sizeof path, "%s/current", kept_dir);
	unlink(path); /* nothing is served until a revision is live */
	remove_revisions(0, 0);
	atomic_store(&live_budget, NULL);
	atomic_store(&live_rev, 0);
	kept_on = 1;
	log_info("kept: pages for nginx in %s", kept_dir);
	return 0;
}

void kept_stop(void)
{
	char link[PATH_MAX];

	if (!kept_on)
		return;
	snprintf(link, sizeof link, "%s/current", kept_dir);
	unlink(link);
}

void kept_live(uint64_t rev)
{
	char link[PATH_MAX], tmp[PATH_MAX], lock[PATH_MAX], target[32], dir[PATH_MAX];
	uint64_t old = 0;

	if (!kept_on || rev == 0)
		return;
	atomic_store(&live_budget, NULL); /* nothing is written until it is mapped */
	atomic_store(&live_rev, rev);
	atomic_store(&warned, 0);
	snprintf(link, sizeof link, "%s/current", kept_dir);
	snprintf(lock, sizeof lock, "%s/.lock", kept_dir);
	snprintf(tmp, sizeof tmp, "%s/.current.%ld", kept_dir, (long)getpid());
	snprintf(dir, sizeof dir, "%s/%" PRIu64, kept_dir, rev);
	/* The worker processes load each revision on their own: one at a time
	 * reads the link and moves it. */
	int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0 || flock(fd, LOCK_EX) != 0) {
		log_error("kept: cannot lock %s: %s", lock, strerror(errno));
		if (fd >= 0)
			close(fd);
		return;
	}
	ssize_t n = readlink(link, target, sizeof target - 1);
	if (n > 0) {
		target[n] = '\0';
		if (revision_name(target, &old) != 0)
			old = 0;
	}
	/* Another process may be a load behind (or the database was restored
	 * to an earlier revision): the link follows the last load, as the
	 * daemon's answers do, and the next poll brings it back. */
	if (old != rev) {
		snprintf(target, sizeof target, "%" PRIu64, rev);
		unlink(tmp);
		if (make_dir(dir) != 0 || symlink(target, tmp) != 0 || rename(tmp, link) != 0) {
			log_error("kept: cannot make revision %" PRIu64 " current in %s: %s", rev,
			          kept_dir, strerror(errno));
			unlink(tmp);
			unlink(link); /* nginx asks the daemon rather than read an old one */
		} else {
			remove_revisions(rev, old);
		}
	}
	struct budget *b = make_dir(dir) == 0 ? budget_map(dir) : NULL;
	if (b)
		budget_use(b);
	flock(fd, LOCK_UN);
	close(fd);
}

/* Writes len bytes to path through a temporary name in the same directory,
 * so that nginx sees the whole file or none. */
static int write_file(const char *path, const char *dir, const char *body, size_t len)
{
	char tmp[PATH_MAX];
	unsigned k = atomic_fetch_add(&tmp_counter, 1);

	if (snprintf(tmp, sizeof tmp, "%s/.%ld.%u", dir, (long)getpid(), k) >= (int)sizeof tmp)
		return -1;
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	size_t done = 0;
	while (done < len) {
		ssize_t w = write(fd, body + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	/* fchmod: the service's umask (0077) is not nginx's */
	int ok = done == len && fchmod(fd, 0644) == 0;
	if (close(fd) != 0 || !ok || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

void kept_mark(struct response *rs, uint64_t rev)
{
	char text[24];

	if (kept_on && rs->status == 200 && !rs->retry_after) {
		snprintf(text, sizeof text, "%" PRIu64, rev);
		response_header(rs, "X-Kept-Revision", text);
	}
}

void kept_publish(const char *page, const struct request *rq, const struct response *rs,
                  uint64_t rev, enum kept_format f)
{
	char path[PATH_MAX], dir[PATH_MAX];

	if (!kept_on || rev == 0 || rev != atomic_load(&live_rev) || rs->status != 200 ||
	    rs->retry_after || rs->body.oom || rs->body.len == 0 ||
	    kept_path(page, rq->query, rev, f, path, sizeof path))
		return;
	/* Asked again for a page nginx has: a request nginx does not look up
	 * (q-values in its Accept), or another query kept under the same entry
	 * of the page cache before. */
	if (access(path, F_OK) == 0)
		return;
	struct budget *b = atomic_load(&live_budget);
	if (!b || !budget_take(b, share_of(page, rq->query), rs->body.len))
		return;
	snprintf(dir, sizeof dir, "%s/%" PRIu64, kept_dir, rev);
	size_t rev_len = strlen(dir);
	int ok = make_dir(dir) == 0;
	snprintf(dir + rev_len, sizeof dir - rev_len, "/%s", page);
	ok = ok && make_dir(dir) == 0 && write_file(path, dir, rs->body.data, rs->body.len) == 0;
	if (!ok && atomic_exchange(&warned, 1) == 0)
		log_warn("kept: cannot write %s: %s", path, strerror(errno));
}
