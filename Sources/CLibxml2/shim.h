// libxml2, loaded when chulbal first reads a CalDAV server's answer rather than when it
// starts, like libcurl (CCurl's shim.h) and for the same reason: only syncing needs it, and
// linked in it would bring liblzma and ICU to every command's start-up (docs/performance.md).
// The header gives every type and prototype, nothing refers to libxml2's symbols,
// and contrib/build.sh takes its entry out of the release binary.
#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

#include "../CSystem/lazy_library.h"

#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and encoding.h then includes ICU's headers, whose UErrorCode
// clashed with the copy Foundation brought when chulbal linked it. Only xmlCharEncodingHandler
// has ICU fields, and chulbal never touches one, so ICU stays out of this module.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <stdio.h>

CHULBAL_LAZY_LIBRARY(xml, "libxml2.so.2", RTLD_NOW | RTLD_LOCAL)

// `chulbal_xml_NAME()` is NAME, looked up once in libxml2.
#define CHULBAL_XML(name) CHULBAL_LAZY_FUNCTION(xml, name)

CHULBAL_XML(xmlFreeDoc)
CHULBAL_XML(xmlGetLastError)
CHULBAL_XML(xmlInitParser)
CHULBAL_XML(xmlReadMemory)

#endif
