// CMotionMath is header-only (include/CMotionMath.h); SwiftPM needs one source file in a C target.
#include "CMotionMath.h"
