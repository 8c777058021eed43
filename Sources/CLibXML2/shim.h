#ifndef ACTIVITYBRIDGE_CLIBXML2_SHIM_H
#define ACTIVITYBRIDGE_CLIBXML2_SHIM_H
#include <stdint.h>
/*
 * libxml2 built with ICU (LIBXML_ICU_ENABLED) includes <unicode/ucnv.h> from <libxml/encoding.h>,
 * only to declare two pointer fields of its encoding-handler struct. Those system ICU headers
 * clash with the ICU copy that Foundation bundles ("'UErrorCode' has different definitions in
 * different modules"), which fails a clean build of any module importing both. Skip ucnv.h and
 * give encoding.h the two names it needs under private spellings; nothing here uses ICU.
 */
#define UCNV_H 1
typedef struct ActivityBridgeUConverter ActivityBridgeUConverter;
typedef uint16_t ActivityBridgeUChar;
#define UConverter ActivityBridgeUConverter
#define UChar ActivityBridgeUChar
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
#undef UConverter
#undef UChar
#endif
