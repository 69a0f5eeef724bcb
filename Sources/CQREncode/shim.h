// libqrencode, found when a QR code is first drawn (`nav --qr`) rather than at start
// (CSystem/lazy_library.h), so that the other commands do not load it.
#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H

#include "../CSystem/lazy_library.h"

#include <qrencode.h>

// Defined by contrib/build.sh (CSystem/lazy_library.h); NULL where libqrencode is linked in.
#ifndef CHULBAL_SONAME_QRENCODE
#define CHULBAL_SONAME_QRENCODE NULL
#endif

// The functions chulbal calls; `chulbal_qrencode_NAME()` is NAME.
#define CHULBAL_QRENCODE_FUNCTIONS(F)  \
  F(qrencode, QRcode_encodeString8bit) \
  F(qrencode, QRcode_free)
CHULBAL_LAZY_LIBRARY(qrencode, CHULBAL_SONAME_QRENCODE, RTLD_NOW | RTLD_LOCAL,
                     CHULBAL_QRENCODE_FUNCTIONS)

#endif
