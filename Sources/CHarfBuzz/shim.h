#ifndef ANIMEXPORT_CHARFBUZZ_SHIM_H
#define ANIMEXPORT_CHARFBUZZ_SHIM_H
/* HarfBuzz (Debian's libharfbuzz-dev): OpenType shaping for Sources/Text. Only the core and
   OpenType APIs are used; faces are made from font bytes in memory (hb_blob_create), so
   HarfBuzz never opens a file and needs no FreeType integration. */
#include <hb.h>
#include <hb-ot.h>
#endif
