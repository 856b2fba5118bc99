// Jansson (Debian libjansson-dev): strict JSON checks the preset and manifest decoders lack —
// duplicate keys (JSON_REJECT_DUPLICATES). See Sources/AnimExport/DuplicateKeys.swift.
#include <jansson.h>

/// The error code of a failed load (json_error_code is an inline function in the header).
static inline int cjansson_error_code(const json_error_t *e) { return (int)json_error_code(e); }
static inline int cjansson_duplicate_key(void) { return (int)json_error_duplicate_key; }
