/*
 * fuzz_events: event lists (--events) through hx_counters_open, which
 * splits the list, asks libpfm4 to encode every name and opens what the
 * machine has; then hx_counters_json and hx_counters_close. An accepted list
 * must give one counter per comma-separated name; a refused one a message.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hx_counters.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	hx_counters_t cs;
	char *list, msg[256];
	size_t commas = 0;
	int rc;

	if (size > 2048)
		return 0;
	if ((list = malloc(size + 1)) == NULL)
		return 0;
	memcpy(list, data, size);
	list[size] = '\0';
	for (size_t i = 0; list[i] != '\0'; i++)
		commas += list[i] == ',';
	rc = hx_counters_open(&cs, list, msg, sizeof(msg));
	if (rc == 0) {
		json_t *o = hx_counters_json(&cs, 1.0);
		if (cs.count != commas + 1 || o == NULL)
			abort();
		json_decref(o);
		hx_counters_close(&cs);
	} else if (msg[0] == '\0' || cs.c != NULL) {
		abort();
	}
	free(list);
	return 0;
}
