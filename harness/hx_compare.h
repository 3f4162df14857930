#ifndef FB_HX_COMPARE_H
#define FB_HX_COMPARE_H
int hx_compare_main(int argc, char **argv);
#endif
