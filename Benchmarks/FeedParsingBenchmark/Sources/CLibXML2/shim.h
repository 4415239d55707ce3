// libxml2 for the baseline only (never in the product). Debian's headers pull in ICU,
// which clashes with Foundation's: read the version header first and switch ICU off.
#include <string.h>
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>

// A SAX2 pass that does nothing with what it reads: the cost of reading XML at all.
static inline int broadsheet_sax_noop_parse(const char *bytes, int length) {
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof(handler));
    handler.initialized = XML_SAX2_MAGIC;
    return xmlSAXUserParseMemory(&handler, NULL, bytes, length);
}
