#ifndef ACTIVITYBRIDGE_CLIBXML2_SHIM_H
#define ACTIVITYBRIDGE_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
#endif
