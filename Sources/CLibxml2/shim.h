// libxml2, found when chulbal first reads a CalDAV server's answer rather than at start
// (CSystem/lazy_library.h): only syncing needs it, and linked in it would bring liblzma and ICU
// to every command.
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

// Defined by contrib/build.sh (CSystem/lazy_library.h); NULL where libxml2 is linked in.
#ifndef CHULBAL_SONAME_XML
#define CHULBAL_SONAME_XML NULL
#endif

// The functions chulbal calls; `chulbal_xml_NAME()` is NAME.
#define CHULBAL_XML_FUNCTIONS(F) \
  F(xml, xmlFreeDoc)             \
  F(xml, xmlGetLastError)        \
  F(xml, xmlInitParser)          \
  F(xml, xmlReadMemory)
CHULBAL_LAZY_LIBRARY(xml, CHULBAL_SONAME_XML, RTLD_NOW | RTLD_LOCAL, CHULBAL_XML_FUNCTIONS)

#endif
