/*
 * hx_host: the count of memory handed back to the host, read from files
 * made in a temporary folder, and how a window turns it into the
 * "conditions" object and its warning.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "hx_host.h"

/* Writes text into a fresh temporary file; its path into path. */
static void
counter_file(char *path, size_t len, const char *text)
{
	const char *t = getenv("TMPDIR");
	FILE *f;
	int fd;

	snprintf(path, len, "%s/fbhost.XXXXXX", t != NULL ? t : "/tmp");
	fd = mkstemp(path);
	cr_assert(fd >= 0);
	f = fdopen(fd, "w");
	cr_assert(f != NULL);
	fputs(text, f);
	fclose(f);
}

Test(host, reported_kib_reads_one_decimal_count)
{
	char path[4096];
	uint64_t kib = 7;

	counter_file(path, sizeof(path), "304787224\n");
	cr_expect_eq(hx_host_reported_kib(path, &kib), 0);
	cr_expect_eq(kib, 304787224ULL);
	unlink(path);
}

/* Free blocks under 2^9 pages, over every zone: DMA 1 + 1 x 2 + 1 x 256,
 * DMA32 2 + 1 x 4, Normal 10 + 5 x 2 + 4 x 256 pages; the blocks of 2^9
 * pages and up are left out (free page reporting hands those back), and
 * so is a line that names no zone. */
Test(host, unreported_memory_is_the_free_blocks_under_the_reporting_order)
{
	const char *text =
	    "Node 0, zone      DMA      1      1      0      0      0      0 "
	    "     0      0      1      1      3 \n"
	    "Node 0, zone    DMA32      2      0      1      0      0      0 "
	    "     0      0      0      1    753 \n"
	    "no such line 99 99 99\n"
	    "Node 0, zone   Normal     10      5      0      0      0      0 "
	    "     0      0      4      2      7";

	cr_expect_eq(hx_host_buddy_below(text, 9, 4096),
	    (uint64_t)(259 + 6 + 1044) * 4096);
	cr_expect_eq(
	    hx_host_buddy_below(text, 1, 4096), (uint64_t)(1 + 2 + 10) * 4096);
	cr_expect_eq(hx_host_buddy_below(text, 0, 4096), 0);
	cr_expect_eq(hx_host_buddy_below("", 9, 4096), 0);
}

/* /proc/pagetypeinfo: the Movable rows alone (what a process's pages come
 * from), DMA32's 2 + 1 x 4 and Normal's 10 + 5 x 2 + 4 x 256 pages under
 * 2^9; the heading's order numbers, the Unmovable row and the block
 * counts' section are not free blocks. */
Test(host, pagetypeinfo_counts_the_movable_free_blocks)
{
	const char *text =
	    "Page block order: 9\n"
	    "Pages per block:  512\n\n"
	    "Free pages count per migrate type at order       0      1      2"
	    "      3      4      5      6      7      8      9     10 \n"
	    "Node    0, zone    DMA32, type    Unmovable      7      7      7"
	    "      7      7      7      7      7      7      7      7 \n"
	    "Node    0, zone    DMA32, type      Movable      2      0      1"
	    "      0      0      0      0      0      0      1    753 \n"
	    "Node    0, zone   Normal, type      Movable     10      5      0"
	    "      0      0      0      0      0      4      2      7 \n\n"
	    "Number of blocks type     Unmovable      Movable  Reclaimable \n"
	    "Node 0, zone   Normal           59         5899          161 \n";

	cr_expect_eq(
	    hx_host_buddy_below(text, 9, 4096), (uint64_t)(6 + 1044) * 4096);
}

/* Writes text into dir/name/file. */
static void
virtio_file(
    const char *dir, const char *name, const char *file, const char *text)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/%s/%s", dir, name, file);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

/* A balloon reports free memory only where it negotiated free page
 * reporting (feature bit 5); another device with bit 5, or a balloon
 * without it, does not; nor does a folder without virtio devices. */
Test(host, only_a_balloon_with_feature_bit_5_reports_free_memory)
{
	const char *t = getenv("TMPDIR");
	char dir[4096], cmd[4200];

	snprintf(
	    dir, sizeof(dir), "%s/fbvirtio.XXXXXX", t != NULL ? t : "/tmp");
	cr_assert_not_null(mkdtemp(dir));
	cr_expect_eq(hx_host_virtio_reporting(dir), 0, "no devices");
	virtio_file(dir, "virtio1", "device", "0x0002\n");
	virtio_file(dir, "virtio1", "features", "001001100110\n");
	virtio_file(dir, "virtio0", "device", "0x0005\n");
	virtio_file(dir, "virtio0", "features", "011000000000\n");
	cr_expect_eq(hx_host_virtio_reporting(dir), 0,
	    "a block device with bit 5, a balloon without it");
	virtio_file(dir, "virtio0", "features", "011001010000\n");
	cr_expect_eq(hx_host_virtio_reporting(dir), 1, "a balloon with bit 5");
	cr_expect_eq(hx_host_virtio_reporting("/nonexistent/virtio"), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}

Test(host, reported_kib_refuses_what_is_not_a_count)
{
	const char *const bad[] = {"", "\n", "-5\n", "abc\n", "12 kB\n",
	    "99999999999999999999999\n", " 12\n"};
	char path[4096];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint64_t kib = 7;

		counter_file(path, sizeof(path), bad[i]);
		cr_expect_eq(hx_host_reported_kib(path, &kib), -1,
		    "accepted \"%s\"", bad[i]);
		cr_expect_eq(kib, 7, "\"%s\" changed the count", bad[i]);
		unlink(path);
	}
	{
		uint64_t kib = 7;

		cr_expect_eq(
		    hx_host_reported_kib("/nonexistent/reported_kib", &kib),
		    -1);
	}
}

/* The conditions of a window whose counter rose by kib1 - kib0 (ok: the
 * kernel counted both times); the number of warnings into *nwarn. */
static json_t *
window_conditions(
    int ok, uint64_t kib0, uint64_t kib1, size_t *nwarn, json_t **warnings)
{
	hx_host_window_t w;
	json_t *o;

	memset(&w, 0, sizeof(w));
	w.cpu = -1;
	w.reported_ok = ok;
	w.reported0 = kib0;
	w.reported1 = kib1;
	*warnings = json_array();
	o = hx_host_window_json(&w, *warnings);
	*nwarn = json_array_size(*warnings);
	return o;
}

Test(host, a_window_counts_the_bytes_handed_back_and_warns_past_256_mib)
{
	json_t *o, *warn;
	size_t n;

	/* 4,748 MiB, as around one eager run on the Zen 4 VM. */
	o = window_conditions(1, 1000, 1000 + 4748ULL * 1024, &n, &warn);
	cr_expect_eq(
	    json_integer_value(json_object_get(o, "host_reported_bytes")),
	    4748LL << 20);
	cr_assert_eq(n, 1);
	cr_expect(strstr(json_string_value(json_array_get(warn, 0)),
		      "4748 MiB of free memory back to the VM's host") != NULL,
	    "%s", json_string_value(json_array_get(warn, 0)));
	json_decref(o);
	json_decref(warn);

	/* 255 MiB: counted, not warned. */
	o = window_conditions(1, 0, 255ULL * 1024, &n, &warn);
	cr_expect_eq(
	    json_integer_value(json_object_get(o, "host_reported_bytes")),
	    255LL << 20);
	cr_expect_eq(n, 0);
	json_decref(o);
	json_decref(warn);

	/* A kernel that does not count, or a counter that went back: null. */
	o = window_conditions(0, 0, 0, &n, &warn);
	cr_expect(json_is_null(json_object_get(o, "host_reported_bytes")));
	cr_expect_eq(n, 0);
	json_decref(o);
	json_decref(warn);
	o = window_conditions(1, 5000, 10, &n, &warn);
	cr_expect(json_is_null(json_object_get(o, "host_reported_bytes")));
	json_decref(o);
	json_decref(warn);
}
