#ifndef ACTIVITYBRIDGE_CSQLITE_SHIM_H
#define ACTIVITYBRIDGE_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: tells sqlite3_bind_* to copy the buffer.
static inline void (*activitybridge_sqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
#endif
