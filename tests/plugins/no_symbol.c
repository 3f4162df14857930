/*
 * no_symbol: a shared library without the fusebench_plugin object; the
 * harness must say it is not a plugin.
 */
int no_symbol_here(void);

int
no_symbol_here(void)
{
	return 42;
}
