/*
 * example_engine.c: an example engine for MotionBench's C plug-in interface (motionbench_engine.h), written for this
 * repository as what an engine team would bring. It is not a port of any real engine; it is written the way a render
 * server evaluates animations:
 *
 *   - single precision: parameters are rounded to float at create, and every evaluation (progress within a pass,
 *     easing, interpolation, spring terms with expf/sinf/cosf) runs in float and writes float outputs. The frame time,
 *     begin time, duration and pass count stay double: which pass a frame falls in is decided in double, exactly at
 *     the boundaries;
 *   - its own cubic Bézier solver in the style browsers use: Newton steps from t = x, then bisection on [0, 1];
 *   - closed forms everywhere, so a frame depends only on its time: the engine keeps no state between frames, and
 *     chunks of one frame read the layers and write disjoint outputs (MOTIONBENCH_ENGINE_CONCURRENT_CHUNKS).
 *
 * Semantics follow MotionCore's scalar path (Core Animation media timing with fill both, CSS easing functions,
 * CAKeyframeAnimation modes, the exact damped spring), so that MotionBench's accuracy columns show float32 rounding
 * and nothing else. Kinds: basic, keyframes, spring.
 */
#include "motionbench_example_engine.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define EXPORT __attribute__((visibility("default")))
#else
#define EXPORT
#endif

/* ---- Easing ------------------------------------------------------------------------------------------------------ */

/* Tolerance on x of the Bézier solver: a Newton or bisection step stops once |x(t) − x| < 1e-6 (browsers test 1e-6 to
 * 1e-7 in double; in float, x(t) itself carries rounding errors of about 1e-7, so a tighter test would send many
 * inputs to bisection). The step computed from the residual that passes the test is still taken: from a residual
 * below 1e-6 one more Newton step brings t to float's own resolution (the error in y would otherwise be the slope
 * dy/dx times 1e-6, several 1e-6 for ordinary curves), at the cost of one more derivative. */
#define BEZIER_TOLERANCE 1e-6f
#define NEWTON_STEPS 8
#define BISECTION_STEPS 40

typedef struct easing {
    uint32_t type;            /* motionbench_easing_type */
    uint32_t step_position;   /* steps() */
    uint32_t count;           /* steps(): step count; linear(): stop count */
    float jumps;              /* steps(): number of jumps */
    float ax, bx, cx;         /* cubic-bezier(): x(t) = ((ax t + bx) t + cx) t */
    float ay, by, cy;         /* y(t) likewise */
    int identity;             /* cubic-bezier(a, a, b, b) */
    const float *stop_inputs; /* linear(): into the engine's pool */
    const float *stop_outputs;
} easing;

/* The largest correction, in t, the polishing Newton step may make once x(t) is already within the tolerance. Next
 * to a vertical tangent the slope is tiny, and a step along it from such a t jumps far away: the search of
 * `motionbench accuracy --engine` found ease-in 0.23 off at x = 0.99999955 before this guard. Declining the step
 * keeps a t that is already within the tolerance. */
#define MAX_POLISH_STEP (1.0f / 1024.0f)

/* The curve parameter t in [0, 1] with x(t) = x, for x in (0, 1): up to NEWTON_STEPS Newton steps from t = x (as
 * Chromium's and WebKit's UnitBezier do), one more polishing step once within the tolerance (if small), and where
 * they stall (a slope below 1e-6, next to a vertical tangent) or leave [0, 1], bisection on [0, 1] and one polishing
 * step inside the final bracket. */
static float bezier_parameter(const easing *e, float x) {
    float t = x;
    for (int i = 0; i < NEWTON_STEPS; i++) {
        float error = ((e->ax * t + e->bx) * t + e->cx) * t - x;
        float slope = (3.0f * e->ax * t + 2.0f * e->bx) * t + e->cx;
        if (fabsf(slope) < 1e-6f) break;
        float step = error / slope;
        if (fabsf(error) < BEZIER_TOLERANCE) {
            float polished = t - step;
            return fabsf(step) <= MAX_POLISH_STEP && polished >= 0.0f && polished <= 1.0f ? polished : t;
        }
        t -= step;
        if (!(t >= 0.0f && t <= 1.0f)) break;
    }
    float low = 0.0f, high = 1.0f;
    t = x;
    for (int i = 0; i < BISECTION_STEPS; i++) {
        float value = ((e->ax * t + e->bx) * t + e->cx) * t;
        if (fabsf(value - x) < BEZIER_TOLERANCE) break;
        if (x > value) low = t; else high = t;
        t = 0.5f * (low + high);
    }
    float error = ((e->ax * t + e->bx) * t + e->cx) * t - x;
    float slope = (3.0f * e->ax * t + 2.0f * e->bx) * t + e->cx;
    if (fabsf(slope) >= 1e-6f) {
        float step = error / slope;
        float refined = t - step;
        if (fabsf(step) <= MAX_POLISH_STEP && refined >= low && refined <= high) t = refined;
    }
    return t;
}

/* steps() per CSS Easing 1, with the Web Animations before flag: at a whole p·n in the before phase (going forwards)
 * or the after phase (going backwards) the step below is used. */
static float steps_value(const easing *e, float p, int before) {
    float scaled = p * (float)e->count;
    float current = floorf(scaled);
    uint32_t position = e->step_position;
    if (position == MOTIONBENCH_STEP_JUMP_START || position == MOTIONBENCH_STEP_JUMP_BOTH) current += 1.0f;
    if (before && scaled == floorf(scaled)) current -= 1.0f;
    if (p >= 0.0f && current < 0.0f) current = 0.0f;
    if (p <= 1.0f && current > e->jumps) current = e->jumps;
    return current / e->jumps;
}

/* linear(...) per CSS Easing 2: the segment starts at the last stop whose input is ≤ p (the last segment past the
 * end), so outside the stops the first or last segment extrapolates; a zero-length segment gives its second output. */
static float linear_stops_value(const easing *e, float p) {
    uint32_t low = 0, high = e->count - 1; /* find the last stop with input ≤ p, or 0 */
    while (low < high) {
        uint32_t middle = (low + high + 1) / 2;
        if (e->stop_inputs[middle] <= p) low = middle; else high = middle - 1;
    }
    uint32_t i = low == e->count - 1 ? low - 1 : low;
    float a = e->stop_inputs[i], b = e->stop_inputs[i + 1];
    if (a == b) return e->stop_outputs[i + 1];
    float fraction = (p - a) / (b - a);
    return e->stop_outputs[i] + (e->stop_outputs[i + 1] - e->stop_outputs[i]) * fraction;
}

/* The eased progress at directed progress p in [0, 1] (p never leaves [0, 1] here: fill both clamps it). */
static float ease(const easing *e, float p, int before) {
    switch (e->type) {
    case MOTIONBENCH_EASING_CUBIC_BEZIER:
        if (p <= 0.0f) return 0.0f; /* exactly 0 and 1 at the ends */
        if (p >= 1.0f) return 1.0f;
        if (e->identity) return p;
        {
            float t = bezier_parameter(e, p);
            return ((e->ay * t + e->by) * t + e->cy) * t;
        }
    case MOTIONBENCH_EASING_STEPS: return steps_value(e, p, before);
    case MOTIONBENCH_EASING_LINEAR_STOPS: return linear_stops_value(e, p);
    default: return p;
    }
}

/* ---- Media timing (Core Animation, fill both) -------------------------------------------------------------------- */

typedef struct timing {
    double begin;        /* seconds since the clock started (kept double: the frame time is double) */
    double duration;     /* seconds per pass (double: the phase and the pass are decided in double) */
    double iterations;   /* passes in all; INFINITY forever */
    int alternates;      /* autoreverses: odd passes run backwards */
    float end_directed;  /* the directed progress held after the active end (computed once, in double) */
    int end_before;      /* the before flag then (set when the last pass ran backwards) */
    easing easing;
} timing;

/* (a + b) − k·d with the error-free sum and product, for the rare times that lie within rounding errors of a
 * boundary: its sign says on which side of the boundary a + b lies, exactly for the doubles given. */
static double exact_excess(double a, double b, double k, double d) {
    double s = a + b, bb = s - a, e = (a - (s - bb)) + (b - bb); /* s + e = a + b exactly */
    double p = k * d, pe = fma(k, d, -p);                       /* p + pe = k·d exactly */
    return (s - p) + (e - pe);
}

/* The Web Animations procedure MotionCore's MediaTiming runs (delay 0, iteration start 0, fill both): before the
 * begin time the first pass's start (progress 0, before flag set); inside the active interval the progress within the
 * current pass, reversed on odd passes when autoreversing (so a pass boundary starts the next pass: 0 going forwards,
 * 1 coming back); at and after the end the final progress, where a pass that ends exactly there reports 1 (the end of
 * an autoreversing cycle is therefore 0, of a forward pass 1, and of a fractional count the fraction reached).
 * The phase and the pass are decided in double on the unrounded time − begin: where the rounded quotient lies within
 * 1e-12 of a boundary, exact_excess decides (a 0.1 s pass repeated 3 times ends at 0.3 s holding its end, although
 * 0.1·3/0.1 rounds to 3.0000000000000004). The progress within the pass is then rounded to float. */
static float eased_progress(const timing *tm, double time) {
    double since_begin = time - tm->begin;
    if (time < tm->begin) return ease(&tm->easing, 0.0f, 1);
    double active = tm->duration * tm->iterations;
    int after = since_begin >= active;
    if (fabs(since_begin - active) <= 1e-12 * since_begin)
        after = exact_excess(time, -tm->begin, tm->iterations, tm->duration) >= 0.0;
    if (after) return ease(&tm->easing, tm->end_directed, tm->end_before);
    double q = since_begin / tm->duration; /* passes done */
    double k = floor(q), fraction = q - k;
    if (fraction < 1e-12 * (k + 1.0) || fraction > 1.0 - 1e-12 * (k + 1.0)) {
        if (exact_excess(time, -tm->begin, k, tm->duration) < 0.0) k -= 1.0;
        else if (exact_excess(time, -tm->begin, k + 1.0, tm->duration) >= 0.0) k += 1.0;
        fraction = exact_excess(time, -tm->begin, k, tm->duration) / tm->duration;
        fraction = fraction < 0.0 ? 0.0 : (fraction > 1.0 ? 1.0 : fraction);
    }
    int odd = fmod(k, 2.0) == 1.0;
    return ease(&tm->easing, (float)(tm->alternates && odd ? 1.0 - fraction : fraction), 0);
}

/* ---- Layers ------------------------------------------------------------------------------------------------------ */

typedef struct spring {
    double begin, retarget_time;       /* seconds */
    int retargets;
    float from, to, retarget_to;       /* value units */
    float displacement, velocity;      /* x0 = from − to, v0 = initial velocity */
    float retarget_shift;              /* to − retarget_to: added to the displacement at the retarget */
    float lambda, omega_squared, q;    /* λ = c/2m, ω0² = k/m, q = ω0² − λ² (from double, then rounded) */
    float root, inverse_root, slow;    /* √|q|, 1/√|q| (0 when q = 0), −r+ = ω0²/(λ + √−q) (over-damped) */
} spring;

typedef struct layer {
    uint32_t kind;
    uint32_t output_count;
    uint64_t output_offset;
    union {
        struct { timing timing; float from[4], to[4]; } basic;
        struct {
            timing timing;
            uint32_t count, mode;
            const float *values, *key_times, *tangents; /* into the pool; tangents for the cubic modes */
        } keyframes;
        spring spring;
    } u;
} layer;

typedef struct engine {
    layer *layers;
    uint64_t count;
    float *pool; /* keyframe values, key times, tangents and linear() stops */
    _Atomic(const char *) error; /* a static message set by a failed evaluate_frame, or NULL */
} engine;

/* ---- Springs ----------------------------------------------------------------------------------------------------- */

/* E_C(t) = e^{−λt}·C(t) and E_S(t) = e^{−λt}·S(t) (seconds) with, for q = ω0² − λ², C = cos(√q t), S = sin(√q t)/√q
 * when q > 0 (under-damped), cosh and sinh/√−q when q < 0 (over-damped), C = 1, S = t at q = 0 (critical); the state
 * then follows without any division by r1 − r2. Each regime is written without catastrophic cancellation, which in
 * float would turn rounding errors of 6e-8 into errors of the travel's order next to ζ = 1:
 *   - where |q|·t² ≤ 1/4 (early on, and for ζ within 1e-3 of 1 over the first ~11/ω0 seconds, i.e. the whole visible
 *     motion) C and S come from their Taylor series in z = q·t², the same on both sides of ζ = 1, instead of the
 *     regime forms: the over-damped 1 − e^{−2√−q t} cancels for a small phase, and the textbook
 *     c1 = (v0 − r2 x0)/(r1 − r2), c2 = x0 − c1 of two nearly equal exponentials grows as 1/(r1 − r2) and cancels;
 *   - over-damped past that, the slow rate −r+ = λ − √−q is formed at create as ω0²/(λ + √−q) (it cancels for a
 *     heavily damped spring), and cosh and sinh as e^{r+ t}(1 ± e^{−2√−q t})/2 with the ratio below e^{−1}. */
static void spring_terms(const spring *s, float t, float *ec, float *es) {
    float z = s->q * t * t;
    if (s->q == 0.0f || fabsf(z) <= 0.25f) {
        float decay = expf(-s->lambda * t);
        /* cos √z = Σ (−z)^n/(2n)!, sin √z/√z = Σ (−z)^n/(2n+1)!: five terms leave < 3e-10 for |z| ≤ 1/4. */
        float c = 1.0f + z * (-1.0f / 2 + z * (1.0f / 24 + z * (-1.0f / 720 + z * (1.0f / 40320 - z / 3628800))));
        float sn = 1.0f + z * (-1.0f / 6 + z * (1.0f / 120 + z * (-1.0f / 5040 + z * (1.0f / 362880 - z / 39916800))));
        *ec = decay * c;
        *es = decay * sn * t;
    } else if (s->q > 0.0f) {
        float decay = expf(-s->lambda * t), phase = s->root * t;
        *ec = decay * cosf(phase);
        *es = decay * sinf(phase) * s->inverse_root;
    } else {
        float slow = expf(-s->slow * t), ratio = expf(-2.0f * s->root * t);
        *ec = 0.5f * slow * (1.0f + ratio);
        *es = 0.5f * slow * (1.0f - ratio) * s->inverse_root;
    }
}

/* Advances displacement *x and velocity *v by t seconds. */
static void spring_advance(const spring *s, float t, float *x, float *v) {
    float ec, es;
    spring_terms(s, t, &ec, &es);
    float x0 = *x, v0 = *v;
    *x = ec * x0 + es * (v0 + s->lambda * x0);
    *v = ec * v0 - es * (s->lambda * v0 + s->omega_squared * x0);
}

/* The position at `time`: `from` until the begin time; after a retarget the target moves with position and velocity
 * continuous. */
static float spring_value(const spring *s, double time) {
    if (!(time > s->begin)) return s->from;
    float x = s->displacement, v = s->velocity, target = s->to;
    double clock = s->begin;
    if (s->retargets && s->retarget_time <= time) {
        spring_advance(s, (float)(s->retarget_time - s->begin), &x, &v);
        x += s->retarget_shift;
        target = s->retarget_to;
        clock = s->retarget_time;
    }
    spring_advance(s, (float)(time - clock), &x, &v);
    return target + x;
}

/* ---- Keyframes --------------------------------------------------------------------------------------------------- */

/* The value at eased progress p, as CAKeyframeAnimation (MotionCore's KeyframeAnimation) computes it. */
static float keyframes_value(const layer *l, float p) {
    uint32_t n = l->u.keyframes.count, last = n - 1;
    const float *v = l->u.keyframes.values, *k = l->u.keyframes.key_times;
    if (n == 1) return v[0];
    if (l->u.keyframes.mode == MOTIONBENCH_KEYFRAMES_DISCRETE) {
        uint32_t index = 0; /* the last key time ≤ p */
        for (uint32_t i = 1; i < n && k[i] <= p; i++) index = i;
        return v[index];
    }
    if (p <= k[0]) return v[0];
    if (p >= k[last]) return v[last];
    uint32_t low = 0, high = last - 1; /* the last segment whose start is ≤ p */
    while (low < high) {
        uint32_t middle = (low + high + 1) / 2;
        if (k[middle] <= p) low = middle; else high = middle - 1;
    }
    float span = k[low + 1] - k[low];
    float u = span > 0.0f ? (p - k[low]) / span : 1.0f;
    if (l->u.keyframes.tangents == NULL) return v[low] + (v[low + 1] - v[low]) * u;
    /* Catmull–Rom: the Hermite cubic with tangents (v[i+1] − v[i−1])/2, the end values their own neighbours. */
    const float *m = l->u.keyframes.tangents;
    float u2 = u * u, u3 = u2 * u;
    return v[low] * (2.0f * u3 - 3.0f * u2 + 1.0f) + m[low] * (u3 - 2.0f * u2 + u)
        + v[low + 1] * (3.0f * u2 - 2.0f * u3) + m[low + 1] * (u3 - u2);
}

/* ---- Create ------------------------------------------------------------------------------------------------------ */

static _Thread_local char create_error[256];

/* Sets this thread's create message (printf format) and returns NULL. */
static void *fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(create_error, sizeof create_error, format, arguments);
    va_end(arguments);
    return NULL;
}

/* Floats of the pool a layer needs (keyframe values, key times and tangents; linear() stops). */
static uint64_t pool_size(const motionbench_layer *l) {
    const motionbench_timing *tm = l->kind == MOTIONBENCH_KIND_BASIC ? &l->parameters.basic.timing
        : l->kind == MOTIONBENCH_KIND_KEYFRAMES ? &l->parameters.keyframes.timing : NULL;
    if (tm == NULL) return 0;
    uint64_t size = tm->easing.type == MOTIONBENCH_EASING_LINEAR_STOPS ? 2u * (uint64_t)tm->easing.stop_count : 0;
    if (l->kind == MOTIONBENCH_KIND_KEYFRAMES) size += 3u * (uint64_t)l->parameters.keyframes.value_count;
    return size;
}

/* Copies layer `index`'s timing (its easing's stops into the pool at *next); 0, or −1 with the message set. */
static int copy_timing(const motionbench_timing *c, timing *tm, float **next, unsigned long long index) {
    if (!(c->duration > 0.0 && c->duration < INFINITY))
        return fail("layer %llu: duration %g s is not a finite number > 0", index, c->duration), -1;
    if (!(c->repeat_count >= 0.0))
        return fail("layer %llu: repeat_count %g is not a number >= 0", index, c->repeat_count), -1;
    double passes = c->autoreverses ? 2.0 : 1.0;
    double n = c->repeat_count <= 0.0 ? passes : (c->repeat_count >= FLT_MAX ? INFINITY : c->repeat_count * passes);
    tm->begin = c->begin;
    tm->duration = c->duration;
    tm->iterations = n;
    tm->alternates = c->autoreverses != 0;
    /* The end: the overall progress is n passes exactly (never the quotient d·n/d, which may round past n); a pass
     * that ends exactly there reports 1 (never reached when n is infinite). */
    double half = isinf(n) ? 0.0 : n * 0.5, pair = half - floor(half);
    int odd = pair >= 0.5, end = 2.0 * pair - odd == 0.0;
    double simple = end ? 1.0 : 2.0 * pair - odd;
    int backwards = tm->alternates && odd != end;
    tm->end_directed = (float)(backwards ? 1.0 - simple : simple);
    tm->end_before = backwards;

    const motionbench_easing *ce = &c->easing;
    easing *e = &tm->easing;
    memset(e, 0, sizeof *e);
    e->type = ce->type;
    switch (ce->type) {
    case MOTIONBENCH_EASING_LINEAR: break;
    case MOTIONBENCH_EASING_CUBIC_BEZIER: {
        if (!(ce->x1 >= 0 && ce->x1 <= 1 && ce->x2 >= 0 && ce->x2 <= 1))
            return fail("layer %llu: cubic-bezier x1 = %g or x2 = %g is outside [0, 1]", index, ce->x1, ce->x2), -1;
        if (!isfinite(ce->y1) || !isfinite(ce->y2))
            return fail("layer %llu: cubic-bezier y1 or y2 is not finite", index), -1;
        double cx = 3 * ce->x1, bx = 3 * (ce->x2 - ce->x1) - cx, cy = 3 * ce->y1, by = 3 * (ce->y2 - ce->y1) - cy;
        e->cx = (float)cx; e->bx = (float)bx; e->ax = (float)(1 - cx - bx);
        e->cy = (float)cy; e->by = (float)by; e->ay = (float)(1 - cy - by);
        e->identity = ce->x1 == ce->y1 && ce->x2 == ce->y2;
        break;
    }
    case MOTIONBENCH_EASING_STEPS: {
        uint32_t n_steps = ce->step_count, position = ce->step_position;
        if (position > MOTIONBENCH_STEP_JUMP_BOTH)
            return fail("layer %llu: unknown step position %u", index, position), -1;
        if (n_steps < (position == MOTIONBENCH_STEP_JUMP_NONE ? 2u : 1u))
            return fail("layer %llu: steps(%u) has too few steps for its position", index, n_steps), -1;
        e->count = n_steps;
        e->step_position = position;
        e->jumps = (float)(position == MOTIONBENCH_STEP_JUMP_NONE ? n_steps - 1.0
                           : position == MOTIONBENCH_STEP_JUMP_BOTH ? n_steps + 1.0 : (double)n_steps);
        break;
    }
    case MOTIONBENCH_EASING_LINEAR_STOPS: {
        uint32_t n_stops = ce->stop_count;
        if (n_stops < 2 || ce->stop_inputs == NULL || ce->stop_outputs == NULL)
            return fail("layer %llu: linear() needs 2 or more stops (stop_count %u), both arrays", index, n_stops), -1;
        float *inputs = *next, *outputs = *next + n_stops;
        for (uint32_t i = 0; i < n_stops; i++) {
            inputs[i] = (float)ce->stop_inputs[i];
            outputs[i] = (float)ce->stop_outputs[i];
        }
        e->count = n_stops;
        e->stop_inputs = inputs;
        e->stop_outputs = outputs;
        *next += 2u * n_stops;
        break;
    }
    default: return fail("layer %llu: unknown easing type %u", index, ce->type), -1;
    }
    return 0;
}

static void destroy(void *opaque) {
    engine *e = opaque;
    if (e == NULL) return;
    free(e->layers);
    free(e->pool);
    free(e);
}

/* Copies every layer (the pointers in `layers` are valid only during this call) into the engine's own arrays. */
static void *create(const motionbench_layer *layers, uint64_t layer_count, uint64_t output_count) {
    create_error[0] = '\0';
    if (layers == NULL && layer_count > 0)
        return fail("layers is NULL with %llu layers", (unsigned long long)layer_count);
    uint64_t pool_floats = 0;
    for (uint64_t i = 0; i < layer_count; i++) {
        const motionbench_layer *l = &layers[i];
        unsigned long long index = i;
        uint32_t kind = l->kind, expected = kind == MOTIONBENCH_KIND_BASIC ? l->parameters.basic.value_type : 1u;
        if (kind != MOTIONBENCH_KIND_BASIC && kind != MOTIONBENCH_KIND_KEYFRAMES && kind != MOTIONBENCH_KIND_SPRING)
            return fail("layer %llu: kind %u is not supported by " MOTIONBENCH_EXAMPLE_ENGINE_NAME
                        " (basic, keyframes, spring)", index, kind);
        if (kind == MOTIONBENCH_KIND_BASIC && expected != 1 && expected != 2 && expected != 4)
            return fail("layer %llu: value_type %u is not 1, 2 or 4", index, expected);
        if (l->output_count != expected)
            return fail("layer %llu: output_count %u, but its kind writes %u", index, l->output_count, expected);
        if (l->output_offset > output_count || output_count - l->output_offset < l->output_count)
            return fail("layer %llu: outputs at offset %llu run past the %llu outputs", index,
                        (unsigned long long)l->output_offset, (unsigned long long)output_count);
        if (kind == MOTIONBENCH_KIND_KEYFRAMES) {
            const motionbench_keyframes *k = &l->parameters.keyframes;
            if (k->value_count == 0) return fail("layer %llu: keyframes need at least one value but have 0", index);
            if (k->values == NULL || k->key_times == NULL)
                return fail("layer %llu: keyframe values or key times are NULL", index);
            if (k->calculation_mode > MOTIONBENCH_KEYFRAMES_CUBIC_PACED)
                return fail("layer %llu: unknown calculation mode %u", index, k->calculation_mode);
        }
        pool_floats += pool_size(l);
    }
    engine *e = calloc(1, sizeof *e);
    if (e == NULL) return fail("out of memory for the engine (%llu layers)", (unsigned long long)layer_count);
    e->count = layer_count;
    e->layers = calloc(layer_count > 0 ? layer_count : 1, sizeof *e->layers);
    e->pool = malloc((pool_floats > 0 ? pool_floats : 1) * sizeof(float));
    atomic_init(&e->error, NULL);
    if (e->layers == NULL || e->pool == NULL) {
        destroy(e);
        return fail("out of memory for %llu layers", (unsigned long long)layer_count);
    }
    float *next = e->pool;
    for (uint64_t i = 0; i < layer_count; i++) {
        const motionbench_layer *c = &layers[i];
        layer *l = &e->layers[i];
        l->kind = c->kind;
        l->output_count = c->output_count;
        l->output_offset = c->output_offset;
        int failed = 0;
        if (c->kind == MOTIONBENCH_KIND_BASIC) {
            const motionbench_basic *b = &c->parameters.basic;
            failed = copy_timing(&b->timing, &l->u.basic.timing, &next, i);
            for (uint32_t k = 0; k < b->value_type; k++) {
                l->u.basic.from[k] = (float)b->from[k];
                l->u.basic.to[k] = (float)b->to[k];
            }
        } else if (c->kind == MOTIONBENCH_KIND_KEYFRAMES) {
            const motionbench_keyframes *k = &c->parameters.keyframes;
            failed = copy_timing(&k->timing, &l->u.keyframes.timing, &next, i);
            uint32_t n = k->value_count;
            float *values = next, *times = next + n, *tangents = next + 2u * n;
            next += 3u * n;
            for (uint32_t j = 0; j < n; j++) {
                values[j] = (float)k->values[j];
                times[j] = (float)k->key_times[j];
                /* Catmull–Rom tangent at j (computed in double, then rounded). */
                double before = k->values[j > 0 ? j - 1 : 0], after = k->values[j + 1 < n ? j + 1 : n - 1];
                tangents[j] = (float)(0.5 * (after - before));
            }
            l->u.keyframes.count = n;
            l->u.keyframes.mode = k->calculation_mode;
            l->u.keyframes.values = values;
            l->u.keyframes.key_times = times;
            l->u.keyframes.tangents = k->calculation_mode == MOTIONBENCH_KEYFRAMES_CUBIC
                || k->calculation_mode == MOTIONBENCH_KEYFRAMES_CUBIC_PACED ? tangents : NULL;
        } else {
            const motionbench_spring *p = &c->parameters.spring;
            if (!(p->mass > 0 && p->stiffness > 0 && p->damping >= 0 && isfinite(p->mass + p->stiffness + p->damping)))
                failed = fail("layer %llu: spring mass %g and stiffness %g must be > 0, damping %g >= 0, all finite",
                              (unsigned long long)i, p->mass, p->stiffness, p->damping) == NULL;
            spring *s = &l->u.spring;
            double lambda = p->damping / 2 / p->mass, omega2 = p->stiffness / p->mass, omega = sqrt(omega2);
            double q = (omega - lambda) * (omega + lambda), root = sqrt(fabs(q)); /* (ω−λ)(ω+λ): no cancellation */
            s->begin = p->begin;
            s->retargets = p->retargets != 0;
            s->retarget_time = p->retarget_time;
            s->from = (float)p->from;
            s->to = (float)p->to;
            s->retarget_to = (float)(s->retargets ? p->retarget_to : p->to);
            s->displacement = (float)(p->from - p->to);
            s->velocity = (float)p->initial_velocity;
            s->retarget_shift = (float)(p->to - p->retarget_to);
            s->lambda = (float)lambda;
            s->omega_squared = (float)omega2;
            s->q = (float)q;
            s->root = (float)root;
            s->inverse_root = q == 0 ? 0.0f : (float)(1 / root);
            s->slow = q < 0 ? (float)(omega2 / (lambda + root)) : 0.0f;
        }
        if (failed) {
            destroy(e);
            return NULL;
        }
    }
    return e;
}

/* ---- Frames ------------------------------------------------------------------------------------------------------ */

/* Evaluates layers [chunk·n/chunk_count, (chunk+1)·n/chunk_count) at `time` and writes their float outputs. Reads the
 * engine and writes only those layers' outputs, so different chunks may run at the same time. */
static int64_t evaluate_frame(void *opaque, double time, uint32_t chunk, uint32_t chunk_count, void *output) {
    engine *e = opaque;
    if (chunk_count == 0 || chunk >= chunk_count || output == NULL) {
        atomic_store_explicit(&e->error, "evaluate_frame: chunk out of range, or no output", memory_order_relaxed);
        return -1;
    }
    float *out = output;
    uint64_t first = (uint64_t)chunk * e->count / chunk_count, end = ((uint64_t)chunk + 1) * e->count / chunk_count;
    int64_t written = 0;
    for (uint64_t i = first; i < end; i++) {
        const layer *l = &e->layers[i];
        float *o = out + l->output_offset;
        switch (l->kind) {
        case MOTIONBENCH_KIND_BASIC: {
            float p = eased_progress(&l->u.basic.timing, time);
            const float *from = l->u.basic.from, *to = l->u.basic.to;
            for (uint32_t k = 0; k < l->output_count; k++) o[k] = from[k] + (to[k] - from[k]) * p;
            break;
        }
        case MOTIONBENCH_KIND_KEYFRAMES:
            o[0] = keyframes_value(l, eased_progress(&l->u.keyframes.timing, time));
            break;
        default:
            o[0] = spring_value(&l->u.spring, time);
            break;
        }
        written += l->output_count;
    }
    return written;
}

/* Nothing to reset: every frame is a closed form of its time. */
static int32_t reset(void *opaque) {
    (void)opaque;
    return 0;
}

/* The message of the last failed create (engine NULL, this thread's) or evaluate_frame (engine given), or NULL. */
static const char *last_error(void *opaque) {
    if (opaque == NULL) return create_error[0] != '\0' ? create_error : NULL;
    return atomic_load_explicit(&((engine *)opaque)->error, memory_order_relaxed);
}

static const motionbench_engine_descriptor descriptor = {
    .abi_version = MOTIONBENCH_ENGINE_ABI_VERSION,
    .precision = MOTIONBENCH_PRECISION_FLOAT32,
    .supported_kinds = MOTIONBENCH_KIND_BIT(MOTIONBENCH_KIND_BASIC) | MOTIONBENCH_KIND_BIT(MOTIONBENCH_KIND_KEYFRAMES)
        | MOTIONBENCH_KIND_BIT(MOTIONBENCH_KIND_SPRING),
    .flags = MOTIONBENCH_ENGINE_CONCURRENT_CHUNKS,
    .name = MOTIONBENCH_EXAMPLE_ENGINE_NAME,
    .version = MOTIONBENCH_EXAMPLE_ENGINE_VERSION,
    .create = create,
    .evaluate_frame = evaluate_frame,
    .reset = reset,
    .destroy = destroy,
    .last_error = last_error,
};

/* The engine's descriptor: float32 outputs, basic, keyframes and spring layers, concurrent chunks. */
EXPORT const motionbench_engine_descriptor *motionbench_engine_entry(void) { return &descriptor; }
