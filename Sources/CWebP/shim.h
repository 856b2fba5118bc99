#ifndef ANIMEXPORT_CWEBP_SHIM_H
#define ANIMEXPORT_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/demux.h>

/* WebPAnimDecoderOptionsInit and WebPAnimDecoderNew are inline wrappers over
 * ABI-versioned functions; Swift imports them fine, but keep one place to
 * reach the version constant. */
static inline int cwebp_anim_decoder_options_init(WebPAnimDecoderOptions *o) {
    return WebPAnimDecoderOptionsInit(o);
}
static inline WebPAnimDecoder *cwebp_anim_decoder_new(const uint8_t *bytes, size_t size,
                                                     const WebPAnimDecoderOptions *o) {
    WebPData data = { bytes, size };
    return WebPAnimDecoderNew(&data, o);
}
#endif
