/*
 * hx_counters: libpfm4 encodes, perf_event_open counts. See hx_counters.h.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <perfmon/pfmlib_perf_event.h>

#include "hx_counters.h"

static int pfm_ready; /* pfm_initialize result cached: 0 not yet, 1 ok */

/* A one-line message into msg, when the caller gave room for one. */
__attribute__((format(printf, 3, 4))) static void
counters_msg(char *msg, size_t msglen, const char *fmt, ...)
{
	va_list ap;

	if (msg == NULL || msglen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, msglen, fmt, ap);
	va_end(ap);
}

static int
counters_pfm_init(char *msg, size_t msglen)
{
	int ret;

	if (pfm_ready)
		return HX_COUNTERS_OK;
	ret = pfm_initialize();
	if (ret != PFM_SUCCESS) {
		counters_msg(msg, msglen, "libpfm4: pfm_initialize: %s",
		    pfm_strerror(ret));
		return HX_COUNTERS_EPFMINIT;
	}
	pfm_ready = 1;
	return HX_COUNTERS_OK;
}

static int
counters_read_paranoid(void)
{
	FILE *f;
	int v = -9;

	f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	if (f == NULL)
		return v;
	if (fscanf(f, "%d", &v) != 1)
		v = -9;
	fclose(f);
	return v;
}

static const char *
counters_errno_name(int e)
{
	switch (e) {
	case ENOENT:
		return "ENOENT";
	case EOPNOTSUPP:
		return "EOPNOTSUPP";
	case EACCES:
		return "EACCES";
	case EPERM:
		return "EPERM";
	case EINVAL:
		return "EINVAL";
	case ENODEV:
		return "ENODEV";
	case EBUSY:
		return "EBUSY";
	case EMFILE:
		return "EMFILE";
	case ENOSPC:
		return "ENOSPC";
	case E2BIG:
		return "E2BIG";
	case ENOSYS:
		return "ENOSYS";
	default:
		return "errno";
	}
}

/*
 * Why perf_event_open failed with e, for people. hardware_pmu decides what
 * ENOENT means: no driver at all, or a driver without this event.
 */
static void
counters_reason(
    char *buf, size_t len, int e, int software, int hardware_pmu, int paranoid)
{
	const char *what;

	switch (e) {
	case ENOENT:
	case EOPNOTSUPP:
		if (software)
			what =
			    "the kernel does not provide this software event";
		else if (hardware_pmu == 1)
			what = "the kernel's PMU driver has no such event on "
			       "this CPU";
		else
			what = "no hardware PMU driver in this kernel";
		break;
	case EACCES:
	case EPERM:
		snprintf(buf, len,
		    "perf_event_paranoid=%d forbids it "
		    "(perf_event_open: %s)",
		    paranoid, counters_errno_name(e));
		return;
	case EINVAL:
		what = "the kernel rejected the encoding or the group";
		break;
	case ENODEV:
		what = "no such PMU on this CPU";
		break;
	case EBUSY:
		what = "the PMU is held exclusively by someone else";
		break;
	case EMFILE:
		what = "out of file descriptors";
		break;
	case ENOSYS:
		what = "no perf_event_open in this kernel";
		break;
	default:
		what = strerror(e);
		break;
	}
	snprintf(
	    buf, len, "%s (perf_event_open: %s)", what, counters_errno_name(e));
}

static int
counters_sys_open(struct perf_event_attr *attr, pid_t pid, int group_fd)
{
	return (int)perf_event_open(
	    attr, pid, -1, group_fd, PERF_FLAG_FD_CLOEXEC);
}

/* Is there a hardware PMU driver? Asks the kernel for user-space cycles. */
static void
counters_probe_pmu(hx_counters_t *cs)
{
	struct perf_event_attr attr;
	int fd, e;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.disabled = 1;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	fd = counters_sys_open(&attr, 0, -1);
	e = errno;
	if (fd >= 0) {
		close(fd);
		cs->hardware_pmu = 1;
		snprintf(cs->pmu_note, sizeof(cs->pmu_note),
		    "hardware PMU present (perf_event_open opens cycles)");
		return;
	}
	if (e == ENOENT || e == EOPNOTSUPP) {
		cs->hardware_pmu = 0;
		snprintf(cs->pmu_note, sizeof(cs->pmu_note),
		    "no hardware PMU driver in this kernel (perf_event_open: "
		    "%s for cycles); software events only",
		    counters_errno_name(e));
		return;
	}
	cs->hardware_pmu = -1;
	if (e == EACCES || e == EPERM)
		snprintf(cs->pmu_note, sizeof(cs->pmu_note),
		    "hardware PMU unknown: perf_event_paranoid=%d forbids "
		    "perf_event_open (%s for cycles)",
		    cs->paranoid, counters_errno_name(e));
	else
		snprintf(cs->pmu_note, sizeof(cs->pmu_note),
		    "hardware PMU unknown: perf_event_open: %s for cycles (%s)",
		    counters_errno_name(e), strerror(e));
}

/*
 * Splits list into cs->c (names only). Rejects an empty list, empty names
 * and names that do not fit. Spaces around a name are dropped.
 */
static int
counters_parse(hx_counters_t *cs, const char *list, char *msg, size_t msglen)
{
	const char *p, *end, *a, *b;
	size_t n = 1, i = 0, len;
	int ret = HX_COUNTERS_OK;

	for (p = list; *p != '\0'; p++)
		n += (*p == ',');
	cs->c = calloc(n, sizeof(*cs->c));
	if (cs->c == NULL) {
		counters_msg(msg, msglen, "event list: out of memory");
		ret = HX_COUNTERS_ENOMEM;
		goto label_return;
	}
	for (p = list;; p = end + 1) {
		end = strchr(p, ',');
		if (end == NULL)
			end = p + strlen(p);
		for (a = p; a < end && (*a == ' ' || *a == '\t'); a++)
			;
		for (b = end; b > a && (b[-1] == ' ' || b[-1] == '\t'); b--)
			;
		len = (size_t)(b - a);
		if (len == 0) {
			counters_msg(msg, msglen, "event list '%s': %s", list,
			    *list == '\0' ? "empty"
					  : "empty event name (doubled or "
					    "trailing comma?)");
			ret = HX_COUNTERS_ELIST;
			goto label_return;
		}
		if (len >= sizeof(cs->c[i].name)) {
			counters_msg(msg, msglen, "event list '%s': %s", list,
			    "an event name is longer than 95 characters");
			ret = HX_COUNTERS_ELIST;
			goto label_return;
		}
		memcpy(cs->c[i].name, a, len);
		cs->c[i].name[len] = '\0';
		cs->c[i].fd = -1;
		cs->c[i].leader = (int)i;
		cs->c[i].value = NAN;
		i++;
		if (*end == '\0')
			break;
	}
	cs->count = i;
label_return:
	if (ret != HX_COUNTERS_OK) {
		free(cs->c);
		cs->c = NULL;
		cs->count = 0;
	}
	return ret;
}

static int
counters_encode(
    const char *name, struct perf_event_attr *attr, char *msg, size_t msglen)
{
	pfm_perf_encode_arg_t arg;
	int ret;

	memset(attr, 0, sizeof(*attr));
	memset(&arg, 0, sizeof(arg));
	arg.attr = attr;
	arg.size = sizeof(arg);
	ret = pfm_get_os_event_encoding(
	    name, PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg);
	if (ret == PFM_ERR_NOTFOUND) {
		counters_msg(msg, msglen, "event '%s': unknown to libpfm4 (%s)",
		    name, pfm_strerror(ret));
		return HX_COUNTERS_EEVENT;
	}
	if (ret != PFM_SUCCESS) {
		counters_msg(msg, msglen,
		    "event '%s': libpfm4 cannot encode it "
		    "(%s)",
		    name, pfm_strerror(ret));
		return HX_COUNTERS_EEVENT;
	}
	attr->size = sizeof(*attr);
	/* User space only, whatever modifiers the name carried. */
	attr->exclude_kernel = 1;
	attr->exclude_hv = 1;
	attr->disabled = 1;
	attr->inherit = 0;
	attr->read_format =
	    PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	return HX_COUNTERS_OK;
}

static int counters_open(hx_counters_t *cs, const char *list, pid_t pid,
    int inherit, char *msg, size_t msglen);

int
hx_counters_open(hx_counters_t *cs, const char *list, char *msg, size_t msglen)
{
	return hx_counters_open_pid(cs, list, 0, msg, msglen);
}

int
hx_counters_open_pid(
    hx_counters_t *cs, const char *list, pid_t pid, char *msg, size_t msglen)
{
	return counters_open(cs, list, pid, pid != 0, msg, msglen);
}

int
hx_counters_open_threads(
    hx_counters_t *cs, const char *list, char *msg, size_t msglen)
{
	int ret = counters_open(cs, list, 0, 1, msg, msglen);

	if (ret == HX_COUNTERS_OK)
		cs->threads = 1;
	return ret;
}

/* Opens list on pid (0: the calling thread), inherited by the threads and
 * children started later when inherit is set; enabled at pid's next execve
 * when pid is another process. */
static int
counters_open(hx_counters_t *cs, const char *list, pid_t pid, int inherit,
    char *msg, size_t msglen)
{
	struct perf_event_attr *attrs = NULL;
	int ret, group = -1;
	size_t i;

	if (msg != NULL && msglen > 0)
		msg[0] = '\0';
	if (cs == NULL) {
		counters_msg(msg, msglen, "hx_counters_open: no counter set");
		return HX_COUNTERS_EINVAL;
	}
	memset(cs, 0, sizeof(*cs));
	if (list == NULL)
		list = HX_COUNTERS_DEFAULT;
	ret = counters_pfm_init(msg, msglen);
	if (ret != HX_COUNTERS_OK)
		goto label_return;
	ret = counters_parse(cs, list, msg, msglen);
	if (ret != HX_COUNTERS_OK)
		goto label_return;
	attrs = calloc(cs->count, sizeof(*attrs));
	if (attrs == NULL) {
		counters_msg(msg, msglen, "event list: out of memory");
		ret = HX_COUNTERS_ENOMEM;
		goto label_return;
	}
	/* Encode everything before opening anything: bad input fails whole. */
	for (i = 0; i < cs->count; i++) {
		ret = counters_encode(cs->c[i].name, &attrs[i], msg, msglen);
		if (ret != HX_COUNTERS_OK)
			goto label_return;
		cs->c[i].software = (attrs[i].type == PERF_TYPE_SOFTWARE);
		/* Another process: its children too, from its next execve;
		 * threads: the ones started later too. */
		attrs[i].inherit = inherit != 0;
		attrs[i].enable_on_exec = pid != 0;
	}
	cs->paranoid = counters_read_paranoid();
	counters_probe_pmu(cs);

	for (i = 0; i < cs->count; i++) {
		hx_counter_t *c = &cs->c[i];
		int fd = -1, e = 0;

		if (!c->software && group >= 0) {
			fd = counters_sys_open(&attrs[i], pid, cs->c[group].fd);
			if (fd >= 0)
				c->leader = group;
		}
		if (fd < 0) {
			/* Alone: software, the leader, or did not fit. */
			fd = counters_sys_open(&attrs[i], pid, -1);
			e = errno;
			c->leader = (int)i;
			if (fd >= 0 && !c->software && group < 0)
				group = (int)i;
		}
		c->fd = fd;
		if (fd < 0) {
			c->status = HX_COUNTER_UNSUPPORTED;
			counters_reason(c->reason, sizeof(c->reason), e,
			    c->software, cs->hardware_pmu, cs->paranoid);
		} else {
			c->status = HX_COUNTER_OK;
			c->value = 0.0;
			c->running_ratio = 1.0;
		}
	}
	ret = HX_COUNTERS_OK;
label_return:
	free(attrs);
	if (ret != HX_COUNTERS_OK)
		hx_counters_close(cs);
	return ret;
}

/* ioctl req on every group leader, for its whole group. */
static int
counters_ioctl_leaders(hx_counters_t *cs, unsigned long req)
{
	int ret = HX_COUNTERS_OK;
	size_t i;

	if (cs == NULL)
		return HX_COUNTERS_EINVAL;
	for (i = 0; i < cs->count; i++) {
		const hx_counter_t *c = &cs->c[i];

		if (c->fd < 0 || c->leader != (int)i)
			continue;
		if (ioctl(c->fd, req, PERF_IOC_FLAG_GROUP) != 0)
			ret = HX_COUNTERS_ESYS;
	}
	return ret;
}

int
hx_counters_enable(hx_counters_t *cs)
{
	return counters_ioctl_leaders(cs, PERF_EVENT_IOC_ENABLE);
}

int
hx_counters_disable(hx_counters_t *cs)
{
	return counters_ioctl_leaders(cs, PERF_EVENT_IOC_DISABLE);
}

/* The counter's kernel totals: count, time enabled, time running. */
static int
counters_read_one(const hx_counter_t *c, uint64_t v[3])
{
	ssize_t n;

	n = read(c->fd, v, 3 * sizeof(uint64_t));
	if (n != (ssize_t)(3 * sizeof(uint64_t))) {
		if (n >= 0)
			errno = EIO;
		return HX_COUNTERS_ESYS;
	}
	return HX_COUNTERS_OK;
}

/* Reads every open counter and hands its raw, enabled and running
 * values to take; HX_COUNTERS_ESYS when a read failed (the others are
 * still taken). */
static int
counters_read_all(
    hx_counters_t *cs, void (*take)(hx_counter_t *c, const uint64_t v[3]))
{
	int ret = HX_COUNTERS_OK;
	uint64_t v[3];

	if (cs == NULL)
		return HX_COUNTERS_EINVAL;
	for (size_t i = 0; i < cs->count; i++) {
		hx_counter_t *c = &cs->c[i];
		if (c->fd < 0)
			continue;
		if (counters_read_one(c, v) != HX_COUNTERS_OK) {
			ret = HX_COUNTERS_ESYS;
			continue;
		}
		take(c, v);
	}
	return ret;
}

/* The counter's values now as its base, its figures cleared. */
static void
counters_take_base(hx_counter_t *c, const uint64_t v[3])
{
	c->base_raw = v[0];
	c->base_enabled = v[1];
	c->base_running = v[2];
	c->raw = c->time_enabled = c->time_running = 0;
	c->value = 0.0;
	c->running_ratio = 1.0;
	c->status = HX_COUNTER_OK;
	c->reason[0] = '\0';
	c->warn = 0;
}

int
hx_counters_reset(hx_counters_t *cs)
{
	return counters_read_all(cs, counters_take_base);
}

double
hx_counters_scale(uint64_t raw, uint64_t enabled, uint64_t running,
    hx_counter_status_t *status, double *ratio)
{
	hx_counter_status_t st;
	double value, r;

	if (enabled == 0 || running >= enabled) {
		st = HX_COUNTER_OK;
		value = (double)raw;
		r = 1.0;
	} else if (running == 0) {
		st = HX_COUNTER_UNSUPPORTED;
		value = NAN;
		r = 0.0;
	} else {
		st = HX_COUNTER_SCALED;
		value = (double)((long double)raw * (long double)enabled /
		    (long double)running);
		r = (double)((long double)running / (long double)enabled);
	}
	if (status != NULL)
		*status = st;
	if (ratio != NULL)
		*ratio = r;
	return value;
}

void
hx_counters_classify(hx_counter_t *c)
{
	c->value = hx_counters_scale(c->raw, c->time_enabled, c->time_running,
	    &c->status, &c->running_ratio);
	c->warn = 0;
	c->reason[0] = '\0';
	if (c->status == HX_COUNTER_UNSUPPORTED) {
		c->warn = 1;
		snprintf(c->reason, sizeof(c->reason),
		    "never scheduled "
		    "(multiplexed out, or its group does not fit the PMU): "
		    "no count");
	} else if (c->status == HX_COUNTER_SCALED) {
		c->warn = (c->running_ratio < HX_COUNTERS_WARN_RATIO);
		snprintf(c->reason, sizeof(c->reason),
		    "multiplexed: counted "
		    "%.1f%% of the enabled time, scaled by enabled/running%s",
		    100.0 * c->running_ratio,
		    c->warn ? "; under 50%: an unreliable estimate" : "");
	}
}

/* The counter's values since its base, scaled and classified. */
static void
counters_take_delta(hx_counter_t *c, const uint64_t v[3])
{
	c->raw = v[0] - c->base_raw;
	c->time_enabled = v[1] - c->base_enabled;
	c->time_running = v[2] - c->base_running;
	hx_counters_classify(c);
}

int
hx_counters_read(hx_counters_t *cs)
{
	return counters_read_all(cs, counters_take_delta);
}

void
hx_counters_close(hx_counters_t *cs)
{
	size_t i;

	if (cs == NULL)
		return;
	/* Members before leaders, so that none is promoted to a singleton. */
	for (i = cs->count; i-- > 0;) {
		if (cs->c[i].fd >= 0)
			close(cs->c[i].fd);
	}
	free(cs->c);
	cs->c = NULL;
	cs->count = 0;
}

const char *
hx_counters_strerror(int code)
{
	switch (code) {
	case HX_COUNTERS_OK:
		return "success";
	case HX_COUNTERS_EINVAL:
		return "invalid argument";
	case HX_COUNTERS_ELIST:
		return "empty or malformed event list";
	case HX_COUNTERS_EEVENT:
		return "event unknown to libpfm4";
	case HX_COUNTERS_EPFMINIT:
		return "libpfm4 initialization failed";
	case HX_COUNTERS_ENOMEM:
		return "out of memory";
	case HX_COUNTERS_ESYS:
		return "system call on a counter failed";
	}
	return "unknown error code";
}
