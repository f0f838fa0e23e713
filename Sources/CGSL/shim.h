// The GNU Scientific Library, exposed to Swift.
//
// Swift 6 rejects GSL's solver-type globals (`gsl_root_fsolver_brent`, `gsl_odeiv2_step_rk8pd`, ...) because they
// are mutable C globals; these inline functions hand them over as plain values instead.
#ifndef MOTIONBENCH_CGSL_SHIM_H
#define MOTIONBENCH_CGSL_SHIM_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_odeiv2.h>

/// Brent's bracketing root finder.
static inline const gsl_root_fsolver_type *cgsl_root_fsolver_brent(void) { return gsl_root_fsolver_brent; }
/// Bisection (used where a pure bracketing answer is wanted).
static inline const gsl_root_fsolver_type *cgsl_root_fsolver_bisection(void) { return gsl_root_fsolver_bisection; }
/// Steffenson's derivative-based polisher.
static inline const gsl_root_fdfsolver_type *cgsl_root_fdfsolver_steffenson(void) { return gsl_root_fdfsolver_steffenson; }
/// Newton's derivative-based polisher.
static inline const gsl_root_fdfsolver_type *cgsl_root_fdfsolver_newton(void) { return gsl_root_fdfsolver_newton; }
/// The embedded Runge-Kutta Prince-Dormand (8, 9) stepper.
static inline const gsl_odeiv2_step_type *cgsl_odeiv2_step_rk8pd(void) { return gsl_odeiv2_step_rk8pd; }

/// Turns GSL's default abort-on-error handler off, so failures come back as status codes.
static inline void cgsl_disable_error_handler(void) { gsl_set_error_handler_off(); }

/// Parameters of the damped oscillator x'' = -(k/m)·x - (c/m)·x'.
typedef struct {
    double stiffnessOverMass;
    double dampingOverMass;
} cgsl_spring_parameters;

/// Right-hand side of the oscillator as a first-order system y = (x, x'), for gsl_odeiv2.
static inline int cgsl_spring_rhs(double t, const double y[], double dydt[], void *params) {
    (void)t;
    const cgsl_spring_parameters *p = (const cgsl_spring_parameters *)params;
    dydt[0] = y[1];
    dydt[1] = -p->stiffnessOverMass * y[0] - p->dampingOverMass * y[1];
    return GSL_SUCCESS;
}

/// The oscillator as a gsl_odeiv2_system (no Jacobian: explicit steppers only).
static inline gsl_odeiv2_system cgsl_spring_system(cgsl_spring_parameters *parameters) {
    gsl_odeiv2_system system = {cgsl_spring_rhs, NULL, 2, parameters};
    return system;
}

#endif
