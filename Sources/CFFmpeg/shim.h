#ifndef ANIMEXPORT_CFFMPEG_SHIM_H
#define ANIMEXPORT_CFFMPEG_SHIM_H
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/rational.h>
#include <errno.h>
#endif
