#ifndef ACTIVITYBRIDGE_CYAML_SHIM_H
#define ACTIVITYBRIDGE_CYAML_SHIM_H
// libyaml (Debian: libyaml-dev), the YAML 1.1 parser the XcodeGen spec reader is built on. Only its event
// parser is used: the node tree, anchors and aliases are built in Swift with limits (XcodeGenSpecLoader).
#include <yaml.h>
#endif
