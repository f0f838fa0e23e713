// CMotionBenchEngine is header-only (include/motionbench_engine.h); SwiftPM needs one source file in a C target.
#include "motionbench_engine.h"
