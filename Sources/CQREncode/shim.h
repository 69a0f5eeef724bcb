// libqrencode, loaded when a QR code is first drawn (`nav --qr`) rather than when chulbal
// starts, so that the commands that draw none keep to the start-up budget
// (docs/performance.md). The header still gives
// every type and prototype, so each call below has exactly the C signature; nothing refers to
// the library's symbols, and contrib/build.sh takes its entry out of the release binary.
#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H

#include "../CSystem/lazy_library.h"

#include <qrencode.h>

/// `chulbal_qrencode_load_error()` is NULL once libqrencode has loaded, else why not.
CHULBAL_LAZY_LIBRARY(qrencode, "libqrencode.so.4", RTLD_NOW | RTLD_LOCAL)

CHULBAL_LAZY_FUNCTION(qrencode, QRcode_encodeString8bit)
CHULBAL_LAZY_FUNCTION(qrencode, QRcode_free)

#endif
