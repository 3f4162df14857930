/*
 * bad_abi: a plugin built for another ABI version; the harness must refuse
 * it with one line.
 */
#include <fusebench/plugin.h>

const fb_plugin_t fusebench_plugin = {999, (uint32_t)sizeof(params_t),
    (uint32_t)sizeof(workload_t), (uint32_t)sizeof(variant_t), "bad_abi", NULL,
    NULL};
