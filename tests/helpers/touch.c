/*
 * touch BYTES [HOLD_MS]: maps BYTES of anonymous memory, writes one byte in
 * every page (so all of it becomes resident), holds it HOLD_MS milliseconds
 * (default 50) and exits 0. For harness exec's peak RSS and guard tests.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	size_t bytes, page = (size_t)sysconf(_SC_PAGESIZE);
	long hold = argc > 2 ? atol(argv[2]) : 50;
	struct timespec ts;
	char *p;

	if (argc < 2) {
		fprintf(stderr, "usage: touch BYTES [HOLD_MS]\n");
		return 2;
	}
	bytes = strtoull(argv[1], NULL, 10);
	if (bytes > 0) {
		p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED) {
			perror("touch: mmap");
			return 1;
		}
		for (size_t i = 0; i < bytes; i += page)
			p[i] = 1;
	}
	ts.tv_sec = hold / 1000;
	ts.tv_nsec = (hold % 1000) * 1000000L;
	nanosleep(&ts, NULL);
	return 0;
}
