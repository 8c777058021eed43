// The build's commit, defined by Package.swift (cSettings: ACTIVITY_BRIDGE_COMMIT="<sha>"): a C target, so the
// value reaches the binary through a plain define, without unsafe flags or a generated source file.
#include "CBuildInfo.h"

#ifndef ACTIVITY_BRIDGE_COMMIT
#define ACTIVITY_BRIDGE_COMMIT "unknown"
#endif

const char *activity_bridge_commit(void) { return ACTIVITY_BRIDGE_COMMIT; }
