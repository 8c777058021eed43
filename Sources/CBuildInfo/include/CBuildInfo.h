#ifndef ACTIVITY_BRIDGE_CBUILDINFO_H
#define ACTIVITY_BRIDGE_CBUILDINFO_H

/// The git commit the package was built from (`git rev-parse --short HEAD` when Package.swift was last
/// evaluated, or ACTIVITY_BRIDGE_COMMIT from the environment then), "unknown" without git or history.
const char *activity_bridge_commit(void);

#endif
