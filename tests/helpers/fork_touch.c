/*
 * fork_touch BYTES [HOLD_MS]: the parent forks one child; each of the two
 * writes every page of its own BYTES of anonymous memory, and both hold it
 * at the same time for HOLD_MS milliseconds (default 100) before exiting 0.
 * The tree's peak is then twice what either process's own peak is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int
touch(size_t bytes)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return -1;
	for (size_t i = 0; i < bytes; i += page)
		p[i] = 1;
	return 0;
}

static void
sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

int
main(int argc, char **argv)
{
	int ready[2], status = 0;
	long hold = argc > 2 ? atol(argv[2]) : 100;
	size_t bytes;
	pid_t pid;
	char c = 'r';

	if (argc < 2 || pipe(ready) != 0) {
		fprintf(stderr, "usage: fork_touch BYTES [HOLD_MS]\n");
		return 2;
	}
	bytes = strtoull(argv[1], NULL, 10);
	if ((pid = fork()) < 0) {
		perror("fork_touch: fork");
		return 1;
	}
	if (pid == 0) {
		/* The child holds twice as long: both hold together. */
		if (touch(bytes) != 0 || write(ready[1], &c, 1) != 1)
			_exit(1);
		sleep_ms(2 * hold);
		_exit(0);
	}
	if (touch(bytes) != 0 || read(ready[0], &c, 1) != 1) {
		fprintf(stderr, "fork_touch: the child failed\n");
		return 1;
	}
	sleep_ms(hold);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
