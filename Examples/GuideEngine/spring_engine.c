/* A complete MotionBench engine in 65 lines: damped springs in double precision, by the closed form. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "motionbench_engine.h"

typedef struct { uint64_t count; motionbench_layer *layers; } engine;

static void *create(const motionbench_layer *layers, uint64_t count, uint64_t output_count) {
    engine *e = malloc(sizeof *e);
    (void)output_count;
    if (e && (e->layers = malloc(sizeof *layers * (count ? count : 1)))) {
        e->count = count;
        memcpy(e->layers, layers, sizeof *layers * count);  /* springs point to nothing: a plain copy is enough */
        return e;
    }
    free(e);
    return NULL;
}

/* Advances displacement *x and velocity *v of m x'' + c x' + k x = 0 by t seconds. */
static void advance(const motionbench_spring *s, double t, double *x, double *v) {
    double w0 = sqrt(s->stiffness / s->mass), zeta = s->damping / (2 * sqrt(s->stiffness * s->mass));
    double a = zeta * w0, x0 = *x, v0 = *v, decay = exp(-a * t);
    if (zeta < 1) {
        double wd = w0 * sqrt(1 - zeta * zeta), b = (v0 + a * x0) / wd, c = cos(wd * t), sn = sin(wd * t);
        *x = decay * (x0 * c + b * sn), *v = decay * ((wd * b - a * x0) * c - (wd * x0 + a * b) * sn);
    } else if (zeta == 1) {
        double b = v0 + a * x0;
        *x = decay * (x0 + b * t), *v = decay * (b - a * (x0 + b * t));
    } else {
        double r = w0 * sqrt(zeta * zeta - 1), r1 = -a + r, r2 = -a - r;
        double c1 = (v0 - r2 * x0) / (r1 - r2), c2 = x0 - c1, e1 = exp(r1 * t), e2 = exp(r2 * t);
        *x = c1 * e1 + c2 * e2, *v = c1 * r1 * e1 + c2 * r2 * e2;
    }
}

static int64_t evaluate_frame(void *self, double time, uint32_t chunk, uint32_t chunks, void *output) {
    engine *e = self;
    double *out = output;
    uint64_t first = e->count * chunk / chunks, last = e->count * (chunk + 1) / chunks;
    for (uint64_t i = first; i < last; i++) {
        const motionbench_spring *s = &e->layers[i].parameters.spring;
        double x = s->from - s->to, v = s->initial_velocity, target = s->to, start = s->begin;
        if (time <= s->begin) { out[e->layers[i].output_offset] = s->from; continue; }
        if (s->retargets && s->retarget_time <= time) {
            advance(s, s->retarget_time - start, &x, &v);
            x += target - s->retarget_to, target = s->retarget_to, start = s->retarget_time;
        }
        advance(s, time - start, &x, &v);
        out[e->layers[i].output_offset] = target + x;
    }
    return (int64_t)(last - first);  /* one value per spring */
}

static int32_t reset(void *self) { (void)self; return 0; }  /* no state between frames */
static void destroy(void *self) { engine *e = self; free(e->layers); free(e); }
static const char *last_error(void *self) { (void)self; return "out of memory"; }

static const motionbench_engine_descriptor descriptor = {
    MOTIONBENCH_ENGINE_ABI_VERSION, MOTIONBENCH_PRECISION_FLOAT64, MOTIONBENCH_KIND_BIT(MOTIONBENCH_KIND_SPRING),
    MOTIONBENCH_ENGINE_CONCURRENT_CHUNKS, "guide-springs", "1.0", create, evaluate_frame, reset, destroy, last_error,
};

const motionbench_engine_descriptor *motionbench_engine_entry(void) { return &descriptor; }
