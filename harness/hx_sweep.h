#ifndef FB_HX_SWEEP_H
#define FB_HX_SWEEP_H
int hx_sweep_main(int argc, char **argv);
#endif
