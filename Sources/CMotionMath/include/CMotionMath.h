// The platform C library's combined sine and cosine, for MotionCore's spring closed form. Glibc's Swift module does
// not export sincos (a GNU extension behind _GNU_SOURCE), so it is declared here; elsewhere sin and cos are called.
#ifndef CMOTIONMATH_H
#define CMOTIONMATH_H

#include <math.h>

#if defined(__GLIBC__)
extern void sincos(double x, double *sine, double *cosine);
#endif

/// sin(x) and cos(x) from one call where the C library has one (glibc's sincos: both correctly rounded to within
/// glibc's sin/cos accuracy, < 1 ulp), else from sin and cos.
static inline void motion_sincos(double x, double *sine, double *cosine) {
#if defined(__GLIBC__)
    sincos(x, sine, cosine);
#elif defined(__APPLE__)
    __sincos(x, sine, cosine);
#else
    *sine = sin(x);
    *cosine = cos(x);
#endif
}

#endif
