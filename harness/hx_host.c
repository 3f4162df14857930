/*
 * hx_host: provenance and noise conditions. See hx_host.h.
 */
#include <dirent.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "hx_format.h"
#include "hx_host.h"
#include "hx_parse.h"

/* The first line of a small file, without its newline; -1 when absent. */
static int
read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	int rc = -1;

	if (f == NULL)
		return -1;
	if (fgets(buf, (int)len, f) != NULL) {
		buf[strcspn(buf, "\n")] = '\0';
		rc = 0;
	}
	fclose(f);
	return rc;
}

int
hx_host_pin(int cpu, char *msg, size_t msglen)
{
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE) {
		snprintf(msg, msglen, "--cpu %d: no such CPU", cpu);
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0) {
		snprintf(msg, msglen,
		    "--cpu %d: cannot pin to it (offline, or outside this "
		    "process's allowed CPUs)",
		    cpu);
		return -1;
	}
	return 0;
}

int
hx_host_leave(const cpu_set_t *theirs)
{
	cpu_set_t other;
	int any = 0;

	CPU_ZERO(&other);
	for (int c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, theirs)) {
			CPU_SET(c, &other);
			any = 1;
		}
	}
	/* The kernel keeps the allowed CPUs of the set and refuses a set
	 * with none (EINVAL). */
	return any && sched_setaffinity(0, sizeof(other), &other) == 0;
}

void
hx_host_allowed(char *buf, size_t len)
{
	cpu_set_t set;
	size_t k = 0;

	buf[0] = '\0';
	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return;
	for (int c = 0; c < CPU_SETSIZE && k + 24 < len; c++) {
		int e = c;
		if (!CPU_ISSET(c, &set))
			continue;
		while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, &set))
			e++;
		k +=
		    (size_t)snprintf(buf + k, len - k, "%s%d", k ? "," : "", c);
		if (e > c)
			k += (size_t)snprintf(buf + k, len - k, "-%d", e);
		c = e;
	}
}

/* steal, busy (all but idle and iowait) and the sum of all columns of
 * /proc/stat's line for cpu (-1: the "cpu" total); 0, or -1 when there is
 * no steal column. */
static int
read_steal(int cpu, uint64_t *steal, uint64_t *busy, uint64_t *total)
{
	char line[512], want[32];
	FILE *f = fopen("/proc/stat", "r");
	int rc = -1;

	if (f == NULL)
		return -1;
	if (cpu < 0)
		snprintf(want, sizeof(want), "cpu ");
	else
		snprintf(want, sizeof(want), "cpu%d ", cpu);
	while (rc != 0 && fgets(line, sizeof(line), f) != NULL) {
		unsigned long long v[10] = {0};
		if (strncmp(line, want, strlen(want)) != 0)
			continue;
		if (sscanf(line + strlen(want),
			"%llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1],
			&v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) != 8)
			break;
		*steal = v[7];
		*busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
		*total = 0;
		for (int i = 0; i < 8; i++)
			*total += v[i];
		rc = 0;
	}
	fclose(f);
	return rc;
}

/* CPU ticks of this process and its waited-for children so far. */
static uint64_t
own_ticks(void)
{
	struct rusage self, kids;
	long hz = sysconf(_SC_CLK_TCK);
	double s = 0;

	if (getrusage(RUSAGE_SELF, &self) == 0)
		s += hx_rusage_cpu_s(&self);
	if (getrusage(RUSAGE_CHILDREN, &kids) == 0)
		s += hx_rusage_cpu_s(&kids);
	return (uint64_t)(s * (double)(hz > 0 ? hz : 100));
}

int
hx_host_reported_kib(const char *path, uint64_t *kib)
{
	char line[64];

	if (read_line(path, line, sizeof(line)) != 0 ||
	    hx_parse_count(line, kib) != 0)
		return -1;
	return 0;
}

void
hx_host_begin(hx_host_window_t *w, int cpu)
{
	memset(w, 0, sizeof(*w));
	w->cpu = cpu;
	w->load_ok = getloadavg(w->load, 3) == 3;
	w->steal_ok = read_steal(cpu, &w->steal0, &w->busy0, &w->total0) == 0;
	w->own0 = own_ticks();
	w->reported_ok =
	    hx_host_reported_kib(HX_HOST_REPORTED_KIB, &w->reported0) == 0;
}

void
hx_host_end(hx_host_window_t *w)
{
	if (w->steal_ok &&
	    read_steal(w->cpu, &w->steal1, &w->busy1, &w->total1) != 0)
		w->steal_ok = 0;
	w->own1 = own_ticks();
	if (w->reported_ok &&
	    hx_host_reported_kib(HX_HOST_REPORTED_KIB, &w->reported1) != 0)
		w->reported_ok = 0;
}

double
hx_host_reported(const hx_host_window_t *w)
{
	if (!w->reported_ok || w->reported1 < w->reported0)
		return -1.0;
	return 1024.0 * (double)(w->reported1 - w->reported0);
}

double
hx_host_steal(const hx_host_window_t *w)
{
	if (!w->steal_ok || w->total1 <= w->total0 || w->steal1 < w->steal0)
		return -1.0;
	return (double)(w->steal1 - w->steal0) /
	    (double)(w->total1 - w->total0);
}

double
hx_host_other_busy(const hx_host_window_t *w)
{
	uint64_t total = w->total1 - w->total0, busy, own;

	if (w->cpu < 0 || w->shared || !w->steal_ok || w->total1 < w->total0 ||
	    total < HX_HOST_MIN_TICKS || w->busy1 < w->busy0)
		return -1.0;
	busy = w->busy1 - w->busy0;
	own = w->own1 > w->own0 ? w->own1 - w->own0 : 0;
	return busy > own ? (double)(busy - own) / (double)total : 0.0;
}

void
hx_host_other_warning(json_t *warnings, int cpu, double other)
{
	char msg[200];

	if (!(other > HX_HOST_OTHER_WARN))
		return;
	snprintf(msg, sizeof(msg),
	    "another process kept CPU %d busy %.0f%% of the run: it "
	    "competed with the measured one",
	    cpu, 100.0 * other);
	json_array_append_new(warnings, json_string(msg));
}

json_t *
hx_host_window_json(const hx_host_window_t *w, json_t *warnings)
{
	json_t *o = json_object();
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	double steal = hx_host_steal(w), other = hx_host_other_busy(w);
	double reported = hx_host_reported(w);
	char msg[300];

	json_object_set_new(o, "load_average_start",
	    w->load_ok
		? json_pack("[f,f,f]", w->load[0], w->load[1], w->load[2])
		: json_null());
	json_object_set_new(
	    o, "steal_fraction", steal >= 0 ? json_real(steal) : json_null());
	json_object_set_new(
	    o, "cpu", w->cpu >= 0 ? json_integer(w->cpu) : json_null());
	if (w->allowed[0] != '\0')
		json_object_set_new(o, "cpus_allowed", json_string(w->allowed));
	json_object_set_new(o, "host_reported_bytes",
	    reported >= 0 ? json_integer((json_int_t)reported) : json_null());
	if (w->shared)
		json_object_set_new(
		    o, "rewarm_runs", json_integer((json_int_t)w->rewarm_runs));
	if (w->cpu >= 0)
		json_object_set_new(o, "other_busy_fraction",
		    other >= 0 ? json_real(other) : json_null());
	hx_host_other_warning(warnings, w->cpu, other);
	if (w->load_ok && cores > 0 && w->load[0] >= (double)cores) {
		snprintf(msg, sizeof(msg),
		    "load average %.2f at the start on %ld CPUs: other "
		    "processes were competing for the cores",
		    w->load[0], cores);
		json_array_append_new(warnings, json_string(msg));
	}
	if (steal > HX_HOST_STEAL_WARN) {
		snprintf(msg, sizeof(msg),
		    "steal time %.1f%% of the CPU time during the run: the "
		    "hypervisor gave the CPU to other guests",
		    100.0 * steal);
		json_array_append_new(warnings, json_string(msg));
	}
	if (reported > (double)HX_HOST_REPORTED_WARN) {
		/* In MiB always, so that the report's notes, which take each
		 * number for X, read one warning as one. */
		snprintf(msg, sizeof(msg),
		    "the kernel handed %.0f MiB of free memory back to the "
		    "VM's host during the run (free page reporting, every "
		    "process's frees): a page faulted in again pays the "
		    "host's fault as well as the guest's",
		    reported / 1048576.0);
		json_array_append_new(warnings, json_string(msg));
	}
	return o;
}

/* "hypervisor" among cpuinfo's flags. */
static int
host_virtual(void)
{
	char line[4096];
	FILE *f = fopen("/proc/cpuinfo", "r");
	int v = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "flags", 5) == 0) {
			v = strstr(line, " hypervisor") != NULL;
			break;
		}
	}
	fclose(f);
	return v;
}

void
hx_host_describe(json_t *machine, json_t *warnings)
{
	static const char cf[] = "/sys/devices/system/cpu/cpu0/cpufreq/";
	char host[256], gov[64], lo[32], hi[32], aslr[16];
	int has_gov, has_range;

	if (gethostname(host, sizeof(host)) != 0)
		snprintf(host, sizeof(host), "unknown");
	host[sizeof(host) - 1] = '\0';
	json_object_set_new(machine, "host", json_string(host));
	json_object_set_new(machine, "virtual", json_boolean(host_virtual()));
	{
		char p[128];
		snprintf(p, sizeof(p), "%sscaling_governor", cf);
		has_gov = read_line(p, gov, sizeof(gov)) == 0;
		snprintf(p, sizeof(p), "%sscaling_min_freq", cf);
		has_range = read_line(p, lo, sizeof(lo)) == 0;
		snprintf(p, sizeof(p), "%sscaling_max_freq", cf);
		has_range = read_line(p, hi, sizeof(hi)) == 0 && has_range;
	}
	json_object_set_new(
	    machine, "governor", has_gov ? json_string(gov) : json_null());
	json_object_set_new(machine, "scaling_min_khz",
	    has_range ? json_integer(atoll(lo)) : json_null());
	json_object_set_new(machine, "scaling_max_khz",
	    has_range ? json_integer(atoll(hi)) : json_null());
	json_object_set_new(machine, "aslr",
	    read_line(
		"/proc/sys/kernel/randomize_va_space", aslr, sizeof(aslr)) == 0
		? json_integer(atoi(aslr))
		: json_null());
	if (warnings != NULL && has_gov && strcmp(gov, "performance") != 0 &&
	    (!has_range || strcmp(lo, hi) != 0)) {
		char msg[400];
		snprintf(msg, sizeof(msg),
		    "CPU frequency governor '%s' scales the clock%s%s%s%s%s: "
		    "timings vary with it",
		    gov, has_range ? " between " : "", has_range ? lo : "",
		    has_range ? " and " : "", has_range ? hi : "",
		    has_range ? " kHz" : "");
		json_array_append_new(warnings, json_string(msg));
	}
}

uint64_t
hx_host_buddy_below(const char *buddyinfo, int order, size_t page)
{
	uint64_t pages = 0;
	const char *line = buddyinfo;
	/* pagetypeinfo's section of block counts names zones too. */
	const int typed = strstr(buddyinfo, ", type") != NULL;

	/* buddyinfo: "Node 0, zone   Normal  20547  10896 ...", the counts
	 * of free blocks of 2^0, 2^1, ... pages after the zone's name;
	 * pagetypeinfo: "Node 0, zone   Normal, type  Movable  15744 ...",
	 * the Movable rows alone (what a process's pages come from). */
	while (line != NULL && *line != '\0') {
		const char *end = strchr(line, '\n');
		const size_t len =
		    end != NULL ? (size_t)(end - line) : strlen(line);
		const char *z = memmem(line, len, "zone", 4);
		const char *ty = memmem(line, len, ", type", 6);
		char *next;
		int k = 0;

		if (typed) {
			z = ty != NULL ? memmem(line, len, "Movable", 7) : NULL;
			if (z != NULL)
				z += 7;
		} else if (z != NULL) {
			z += 4;
			while (*z == ' ')
				z++;
			while (*z != '\0' && *z != ' ' && *z != '\n')
				z++; /* the zone's name */
		}
		while (z != NULL) {
			unsigned long long n = strtoull(z, &next, 10);
			if (next == z || (end != NULL && next > end))
				break;
			if (k < order && k < 64)
				pages += (uint64_t)n << k;
			k++;
			z = next;
		}
		line = end != NULL ? end + 1 : NULL;
	}
	return pages * (uint64_t)page;
}

int
hx_host_virtio_reporting(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int found = 0;

	if (d == NULL)
		return 0;
	while (!found && (e = readdir(d)) != NULL) {
		char path[4096], line[256];

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/device", dir, e->d_name);
		if (read_line(path, line, sizeof(line)) != 0 ||
		    strcmp(line, "0x0005") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s/features", dir, e->d_name);
		found = read_line(path, line, sizeof(line)) == 0 &&
		    strlen(line) > 5 && line[5] == '1';
	}
	closedir(d);
	return found;
}

int
hx_host_free_unreported_bytes(uint64_t *bytes)
{
	char text[32768];
	FILE *f;
	uint64_t order;
	size_t n;

	if (!hx_host_virtio_reporting(HX_HOST_VIRTIO_DIR) &&
	    access("/sys/module/hv_balloon", F_OK) != 0)
		return -1;
	if (read_line("/sys/module/page_reporting/parameters/"
		      "page_reporting_order",
		text, sizeof(text)) != 0 ||
	    hx_parse_count(text, &order) != 0)
		return -1;
	/* The movable free blocks where the kernel shows them (root), else
	 * every free block. */
	if (order > 63 ||
	    ((f = fopen("/proc/pagetypeinfo", "r")) == NULL &&
		(f = fopen("/proc/buddyinfo", "r")) == NULL))
		return -1;
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	if (n == 0)
		return -1;
	*bytes = hx_host_buddy_below(
	    text, (int)order, (size_t)sysconf(_SC_PAGESIZE));
	return 0;
}
