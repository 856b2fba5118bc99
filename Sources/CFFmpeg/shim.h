#ifndef ANIMEXPORT_CFFMPEG_SHIM_H
#define ANIMEXPORT_CFFMPEG_SHIM_H
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/samplefmt.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/rational.h>
#include <libavutil/sha.h>
#include <libavutil/base64.h>
#include <errno.h>
#include <string.h>
#include <dlfcn.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

/* Small helpers for C constructs Swift cannot import (function-like macros,
 * compound literals, FFERRTAG codes) and for array-of-plane arguments that
 * are awkward to build from Swift tuples. Everything is static inline: no
 * separate C target is needed. */

/* ---- error codes and constants ---- */
static inline int cff_averror(int e) { return AVERROR(e); }
static inline int cff_averror_eof(void) { return AVERROR_EOF; }
static inline int cff_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int cff_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int cff_averror_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }
static inline int64_t cff_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline AVRational cff_time_base_q(void) { return AV_TIME_BASE_Q; }
static inline int64_t cff_time_base(void) { return AV_TIME_BASE; }

/* ---- swscale ---- */

/* Sets the YUV matrix used by `sws` (e.g. SWS_CS_ITU709) for both the source
 * and the destination side, with explicit ranges (1 = full/pc, 0 = limited/tv).
 * Brightness 0, contrast and saturation 1.0 (16.16 fixed point).
 * Returns sws_setColorspaceDetails's result (-1 when unsupported). */
static inline int cff_sws_set_matrix(struct SwsContext *sws, int colorspace,
                                     int src_full_range, int dst_full_range) {
    const int *coefs = sws_getCoefficients(colorspace);
    return sws_setColorspaceDetails(sws, coefs, src_full_range, coefs, dst_full_range,
                                    0, 1 << 16, 1 << 16);
}

/* Converts one packed RGBA8 image (`stride` bytes per row) into the planes of
 * `dst` (already allocated, dimensions set in `sws`). Returns output height. */
static inline int cff_sws_rgba_to_frame(struct SwsContext *sws, const uint8_t *rgba,
                                        int stride, int height, AVFrame *dst) {
    const uint8_t *const src[4] = { rgba, NULL, NULL, NULL };
    const int src_stride[4] = { stride, 0, 0, 0 };
    return sws_scale(sws, src, src_stride, 0, height, dst->data, dst->linesize);
}

/* Converts the planes of `src` into one packed RGBA8 image. Returns output height. */
static inline int cff_sws_frame_to_rgba(struct SwsContext *sws, const AVFrame *src,
                                        uint8_t *rgba, int stride) {
    uint8_t *const dst[4] = { rgba, NULL, NULL, NULL };
    const int dst_stride[4] = { stride, 0, 0, 0 };
    return sws_scale(sws, (const uint8_t *const *)src->data, src->linesize, 0,
                     src->height, dst, dst_stride);
}

/* ---- process memory ---- */

/* Turns transparent huge pages off for this process and its children
 * (prctl PR_SET_THP_DISABLE, Linux ≥ 3.15; prctl is variadic, which Swift
 * cannot call). Returns 0 on success, -1 elsewhere or on failure. */
static inline int cff_disable_transparent_huge_pages(void) {
#if defined(__linux__) && defined(PR_SET_THP_DISABLE)
    return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
#else
    return -1;
#endif
}

/* ---- AVFrame plane access (data[]/linesize[] are tuples in Swift) ---- */
static inline uint8_t *cff_frame_data(const AVFrame *f, int plane) {
    return (plane >= 0 && plane < AV_NUM_DATA_POINTERS) ? f->data[plane] : NULL;
}
static inline int cff_frame_linesize(const AVFrame *f, int plane) {
    return (plane >= 0 && plane < AV_NUM_DATA_POINTERS) ? f->linesize[plane] : 0;
}

/* ---- libx264 CPU flags ---- */

/* libx264 0.164's AVX-512 code (selected automatically on CPUs that have it)
 * reads past the end of a buffer in the lookahead/mbtree path, so the output
 * depends on whatever heap bytes follow it: the same frames can encode to
 * different bytes within one process. This returns x264's own detected CPU
 * flags with only the AVX-512 bit removed, for `x264-params asm=<n>`; or 0
 * when AVX-512 is not in use or libx264's symbols cannot be found (nothing
 * to do). The AVX-512 bit is taken from x264's exported x264_cpu_names table
 * (the "AVX512" entry minus the "AVX2" entry), not hard-coded. */
#if defined(RTLD_DEFAULT)
#define CFF_RTLD_DEFAULT RTLD_DEFAULT
#elif defined(__APPLE__)
#define CFF_RTLD_DEFAULT ((void *)-2)
#else
#define CFF_RTLD_DEFAULT ((void *)0)
#endif
static inline unsigned cff_x264_cpu_flags_without_avx512(void) {
    typedef struct { const char *name; unsigned flags; } cff_x264_cpu_name;
    unsigned (*detect)(void) = (unsigned (*)(void))dlsym(CFF_RTLD_DEFAULT, "x264_cpu_detect");
    const cff_x264_cpu_name *names =
        (const cff_x264_cpu_name *)dlsym(CFF_RTLD_DEFAULT, "x264_cpu_names");
    if (!detect || !names) return 0;
    unsigned avx512 = 0, avx2 = 0;
    for (int i = 0; i < 64 && names[i].name && names[i].name[0]; i++) {
        if (!strcmp(names[i].name, "AVX512")) avx512 = names[i].flags;
        if (!strcmp(names[i].name, "AVX2")) avx2 = names[i].flags;
    }
    unsigned bit = avx512 & ~avx2;
    if (!avx512 || !avx2 || !bit) return 0;
    unsigned flags = detect();
    if (!(flags & bit)) return 0;
    return flags & ~bit;
}

/* ---- logging ---- */

/* Name of the object that logged (e.g. "libx264", "mp4", "h264"), or NULL. */
static inline const char *cff_log_item_name(void *avcl) {
    if (!avcl) return NULL;
    const AVClass *cls = *(const AVClass **)avcl;
    if (!cls) return NULL;
    return cls->item_name ? cls->item_name(avcl) : cls->class_name;
}

#endif
