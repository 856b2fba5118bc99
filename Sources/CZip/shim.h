#ifndef ANIMEXPORT_CZIP_SHIM_H
#define ANIMEXPORT_CZIP_SHIM_H
/* libzip (Debian libzip-dev): reading dotLottie archives (Sources/Media/Archive). */
#include <zip.h>
#endif
