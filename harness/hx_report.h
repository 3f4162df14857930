#ifndef FB_HX_REPORT_H
#define FB_HX_REPORT_H
int hx_report_main(int argc, char **argv);
#endif
