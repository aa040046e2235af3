// Intentionally empty: the shim is the header's inline function.
#include "_PageTraceMath.h"
