/* secretfile: which modes are refused, with and without group read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "secretfile.h"

static const struct {
	mode_t mode;
	int ok_private; /* group_may_read = 0 (the CSRF secret) */
	int ok_group;   /* group_may_read = 1 (the database password) */
} cases[] = {
        {0600, 1, 1}, {0400, 1, 1}, {0640, 0, 1}, {0440, 0, 1}, {0620, 0, 0}, {0610, 0, 0},
        {0660, 0, 0}, {0604, 0, 0}, {0602, 0, 0}, {0644, 0, 0}, {0666, 0, 0},
};

static void test_modes(void **state)
{
	char path[] = "/tmp/lootforge-test-secret-XXXXXX";
	int fd = mkstemp(path);
	(void)state;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, "x", 1), 1);
	close(fd);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (int group = 0; group <= 1; group++) {
			const char *why = NULL;
			int want = group ? cases[i].ok_group : cases[i].ok_private;
			assert_int_equal(chmod(path, cases[i].mode), 0);
			fd = secretfile_open(path, group, &why);
			if (want) {
				assert_true(fd >= 0);
				close(fd);
			} else {
				if (fd >= 0)
					fail_msg("mode %o accepted with group_may_read=%d",
					         (unsigned)cases[i].mode, group);
				assert_non_null(strstr(why, "chmod 600"));
			}
		}
	}
	unlink(path);
}

static void test_not_a_file(void **state)
{
	const char *why = NULL;
	(void)state;
	assert_int_equal(secretfile_open("/tmp", 1, &why), -1);
	assert_non_null(strstr(why, "regular file"));
	assert_int_equal(secretfile_open("/nonexistent/secret", 0, &why), -1);
	assert_non_null(why);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_modes),
	        cmocka_unit_test(test_not_a_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
