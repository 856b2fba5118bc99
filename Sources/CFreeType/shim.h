#ifndef ANIMEXPORT_CFREETYPE_SHIM_H
#define ANIMEXPORT_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include FT_TRUETYPE_TAGS_H
#include FT_FONT_FORMATS_H
#include <fontconfig/fontconfig.h>

/* The text of a FreeType error code. FT_Error_String returns NULL unless FreeType was built with
   FT_CONFIG_OPTION_ERROR_STRINGS (Debian's is not), so the table is generated here from
   fterrdef.h with the re-inclusion technique documented in fterrors.h. NULL for unknown codes. */
static inline const char *animexport_ft_error_string(FT_Error error_code) {
#undef FTERRORS_H_
#define FT_ERROR_START_LIST switch (error_code) {
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_END_LIST }
#include FT_ERRORS_H
    return 0;
}

#endif
