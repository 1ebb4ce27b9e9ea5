/*
** version.c -- the library's version, for programs that check at run time
** the build they are linked with against the header they were compiled with.
*/
#include "ok.h"

int ok_version_number(void) { return OK_VERSION_NUMBER; }
