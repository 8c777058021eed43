#include "Shared.h"
#define D(x) x x
NSUserActivity *a = D(D(D(D(1))));
//--file--
//--file--
//--file--
#include "Shared.h"
#define M1 M0 M0
#define M2 M1 M1
