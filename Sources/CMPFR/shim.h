// MPFR (GNU multiple-precision floating point with correct rounding), found through pkg-config `mpfr`: MotionCore's
// correctly rounded slow path. Only the header; every function used is a real function of the library (mpfr.h's
// function-like macros are not imported into Swift, and each has a function of the same name).
#include <mpfr.h>
