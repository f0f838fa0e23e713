/*
 * motionbench_engine.h: the C plug-in interface through which `motionbench run --engine PATH.so` and
 * `motionbench gate --engine PATH.so` measure an animation engine that is not MotionBench's own.
 *
 * An engine is a shared library that exports one symbol, `motionbench_engine_entry`, returning a descriptor (below).
 * MotionBench loads it with dlopen only in a child process, for every command that takes an engine (`run --engine`,
 * `baseline --engine`, `gate --engine` both for its check and for each instruction count, `accuracy --engine`): the
 * process that prints the report never loads it. The child checks `abi_version`, creates the engine once per layer
 * count with every layer's own parameters, calls `evaluate_frame` once per frame (timed), reads the outputs from a
 * buffer it owns, and destroys the engine. Nothing else is called and nothing is allocated by MotionBench per frame.
 *
 * Plain C99, no C++: structs, enums, function pointers. Units: seconds for times, the scenario's value units (points,
 * opacity 0…1, colour components 0…1, radians) for values. Every time is seconds since the run's clock started; the
 * state before the first frame is time 0.
 *
 * This header is the whole contract; docs/engines.md explains it with a complete example engine.
 */
#ifndef MOTIONBENCH_ENGINE_H
#define MOTIONBENCH_ENGINE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version this header describes. An engine puts it in its descriptor; MotionBench refuses any other. */
#define MOTIONBENCH_ENGINE_ABI_VERSION 1u

/* ---- What an engine declares ----------------------------------------------------------------------------------- */

/* The layer kinds of MotionBench's scenarios (`kind` in a scenario file). One bit each in `supported_kinds`. */
typedef enum motionbench_kind {
    MOTIONBENCH_KIND_BASIC = 0,       /* CABasicAnimation from → to of a scalar, a point or a colour */
    MOTIONBENCH_KIND_SPRING = 1,      /* a damped spring on one position, optionally retargeted once */
    MOTIONBENCH_KIND_KEYFRAMES = 2,   /* CAKeyframeAnimation of a scalar */
    MOTIONBENCH_KIND_PENDULUM = 3,    /* UIView keyframes: rotations then a shift */
    MOTIONBENCH_KIND_CARD_FLIP = 4,   /* a half turn about y with a shrink, as a 4×4 transform with perspective */
    MOTIONBENCH_KIND_TRANSITION = 5,  /* CATransition between two layers: opacity and 4×4 transform of each */
    MOTIONBENCH_KIND_INTERACTIVE = 6, /* UIPercentDrivenInteractiveTransition: scrub, then finish or cancel */
    MOTIONBENCH_KIND_COUNT = 7
} motionbench_kind;

/* The bit of `kind` in `supported_kinds`. */
#define MOTIONBENCH_KIND_BIT(kind) (1u << (unsigned)(kind))

/* The name of `kind` in scenario files and reports (`kind` in a scenario file), or NULL for a number that is no kind.
   MotionBench reads its list of kinds from here: a kind is its constant above and its name here. */
static inline const char *motionbench_kind_name(uint32_t kind) {
    switch (kind) {
    case MOTIONBENCH_KIND_BASIC: return "basic";
    case MOTIONBENCH_KIND_SPRING: return "spring";
    case MOTIONBENCH_KIND_KEYFRAMES: return "keyframes";
    case MOTIONBENCH_KIND_PENDULUM: return "pendulum";
    case MOTIONBENCH_KIND_CARD_FLIP: return "card-flip";
    case MOTIONBENCH_KIND_TRANSITION: return "transition";
    case MOTIONBENCH_KIND_INTERACTIVE: return "interactive";
    default: return 0;
    }
}

/* The type of every value an engine writes to the output buffer. */
typedef enum motionbench_precision {
    MOTIONBENCH_PRECISION_FLOAT32 = 1, /* float: 4 bytes per output value */
    MOTIONBENCH_PRECISION_FLOAT64 = 2  /* double: 8 bytes per output value */
} motionbench_precision;

/* `flags` bit: `evaluate_frame` may be called concurrently for different chunks of the same frame (see below). Without
 * it MotionBench evaluates this engine on one thread whatever `--threads` says, and its row says so. */
#define MOTIONBENCH_ENGINE_CONCURRENT_CHUNKS 1u

/* ---- The layers an engine receives at create ------------------------------------------------------------------- */

/* How a layer's progress is eased. Control points and stops follow CSS Easing Functions Level 2. */
typedef enum motionbench_easing_type {
    MOTIONBENCH_EASING_LINEAR = 0,       /* identity */
    MOTIONBENCH_EASING_CUBIC_BEZIER = 1, /* cubic-bezier(x1, y1, x2, y2), x1 and x2 in [0, 1] */
    MOTIONBENCH_EASING_STEPS = 2,        /* steps(step_count, step_position) */
    MOTIONBENCH_EASING_LINEAR_STOPS = 3  /* linear(...) with stop_count resolved stops */
} motionbench_easing_type;

/* `step_position` of steps(), as CSS names them. */
typedef enum motionbench_step_position {
    MOTIONBENCH_STEP_JUMP_START = 0,
    MOTIONBENCH_STEP_JUMP_END = 1,
    MOTIONBENCH_STEP_JUMP_NONE = 2,
    MOTIONBENCH_STEP_JUMP_BOTH = 3
} motionbench_step_position;

/* One easing function. */
typedef struct motionbench_easing {
    uint32_t type;           /* motionbench_easing_type */
    uint32_t step_count;     /* steps(): number of steps (≥ 1; ≥ 2 for jump-none) */
    uint32_t step_position;  /* steps(): motionbench_step_position */
    uint32_t stop_count;     /* linear(): number of stops (≥ 2) */
    double x1, y1, x2, y2;   /* cubic-bezier(): the control points */
    const double *stop_inputs;  /* linear(): each stop's input progress, non-decreasing, from 0 to 1 */
    const double *stop_outputs; /* linear(): each stop's output progress */
} motionbench_easing;

/* Core Animation media timing of the timing-driven kinds (basic, keyframes, card flip, transition): the layer begins at
 * `begin`, plays passes of `duration` seconds (`autoreverses`: forward then backward, two passes per cycle), repeats
 * `repeat_count` cycles (0 means once; fractional allowed; FLT_MAX, 3.4028234663852886e38, or more means forever:
 * MotionCore's MediaTiming.forever) and holds its first value before `begin` and its last after the end (fill both).
 * Within a pass, with f = (local time − the pass's start) / duration in [0, 1): a forward pass shows easing(f), a
 * backward pass (an odd pass, counted from 0, of an autoreversing layer) runs time backward and shows easing(1 − f),
 * not 1 − easing(f). steps() takes CSS Easing's before flag, which is set before `begin` (the first pass runs forward)
 * and after the end when the last pass ran backward: with it set, an input exactly on a step boundary takes the step
 * below, so steps(n, jump-start) shows 0 before `begin` (and 1/n at `begin` itself).
 *
 * After the end. From the active end (begin + duration × passes) on, the layer holds the value it reached at the
 * active end: the last pass at the progress where the repeat count stops it (progress 1 when it stops at the end of a
 * pass, as every whole repeat count does), mirrored (1 − progress) when that pass runs backward (an odd pass, counted
 * from 0, of an autoreversing layer). It is never the start of a new pass: at exactly the end of 3 passes the progress
 * is 1 of pass 2, not 0 of pass 3.
 *
 * One ulp either side. A frame time is a double and a boundary (begin, a pass's end begin + k × duration, the active
 * end) usually is not. MotionBench judges an output at frame time t against the exact value at t and, only when it is
 * beyond its visible threshold there, also against the exact values at t's neighbouring doubles (one ulp earlier and
 * one ulp later), the smallest error counting: within one ulp of a boundary either side's value is accepted. That is
 * the only leniency. */
typedef struct motionbench_timing {
    double begin;           /* seconds since the run's clock started */
    double duration;        /* seconds per pass, > 0 */
    double repeat_count;    /* cycles; 0 = once */
    uint32_t autoreverses;  /* 0 or 1 */
    uint32_t reserved;      /* 0 */
    motionbench_easing easing;
} motionbench_timing;

/* `value_type` of a basic layer: also its number of output values. */
typedef enum motionbench_value_type {
    MOTIONBENCH_VALUE_SCALAR = 1, /* one value (opacity, a length) */
    MOTIONBENCH_VALUE_POINT = 2,  /* x, y in points */
    MOTIONBENCH_VALUE_RGBA = 4    /* red, green, blue, alpha in 0…1 */
} motionbench_value_type;

/* basic: value = from + (to − from) × progress, per component. Outputs: value_type values. */
typedef struct motionbench_basic {
    motionbench_timing timing;
    uint32_t value_type;    /* motionbench_value_type */
    uint32_t reserved;
    double from[4], to[4];  /* the first value_type entries are used */
} motionbench_basic;

/* `calculation_mode` of keyframes, as Core Animation names them. */
typedef enum motionbench_keyframe_mode {
    MOTIONBENCH_KEYFRAMES_LINEAR = 0,      /* straight lines between values at key_times */
    MOTIONBENCH_KEYFRAMES_DISCRETE = 1,    /* each value held from its key time to the next */
    MOTIONBENCH_KEYFRAMES_PACED = 2,       /* linear, key_times already paced by distance */
    MOTIONBENCH_KEYFRAMES_CUBIC = 3,       /* Catmull–Rom: tangent (v[i+1] − v[i−1]) / 2 per unit of the segment's own
                                            * parameter (not scaled by uneven key times), an end value its own neighbour */
    MOTIONBENCH_KEYFRAMES_CUBIC_PACED = 4  /* cubic, key_times already paced */
} motionbench_keyframe_mode;

/* keyframes: the eased progress of the timing picks the segment of key_times and interpolates values; progress before
 * the first key time or after the last holds the first or last value. Output: 1 value. */
typedef struct motionbench_keyframes {
    motionbench_timing timing;
    uint32_t value_count;       /* ≥ 1 */
    uint32_t calculation_mode;  /* motionbench_keyframe_mode */
    const double *values;       /* value_count values */
    const double *key_times;    /* value_count key times in [0, 1], non-decreasing, as the mode resolved them */
} motionbench_keyframes;

/* spring: m x'' + c x' + k (x − target) = 0 from `from` at `begin` with velocity `initial_velocity`; before `begin` the
 * output is `from`. With `retargets` = 1, at `retarget_time` the target becomes `retarget_to` with position and
 * velocity continuous. Output: 1 value, the position. */
typedef struct motionbench_spring {
    double begin;             /* seconds */
    double mass;              /* > 0 */
    double stiffness;         /* > 0, force per unit displacement */
    double damping;           /* ≥ 0, force per unit velocity */
    double from, to;          /* value units */
    double initial_velocity;  /* value units per second */
    uint32_t retargets;       /* 0 or 1 */
    uint32_t reserved;
    double retarget_time;     /* seconds since the clock started, ≥ begin */
    double retarget_to;       /* the new target */
} motionbench_spring;

/* pendulum: UIView keyframes over `duration` seconds from `begin`, each segment eased in and out
 * (cubic-bezier(0.42, 0, 0.58, 1)). Outputs: rotation (radians), shift (points).
 *
 * The keyframes (the same in every layer): relative_starts 0, 0.15, 0.25, 0.45, 0.65; rotations −270°, 180°, 234°,
 * 144°, 0° (in radians: −3π/2, π, 1.3π, 0.8π, 0); shifts 0, 0, 0, 0, 100. Keyframe k runs from relative_starts[k] ×
 * duration to relative_starts[k + 1] × duration (the last to duration). With local = time − begin, both outputs start
 * at 0 and each keyframe in turn moves them toward its values: value += (keyframe's value − value) × e_k, where e_k is
 * 0 before the keyframe's start, ease((local − start) / length) during it and 1 after it. So before `begin` (and at
 * it) the outputs are 0, 0; from begin + duration on they are the last keyframe's, rotation 0 and shift 100. */
typedef struct motionbench_pendulum {
    double begin, duration;
    uint32_t keyframe_count;           /* 5 */
    uint32_t reserved;
    const double *relative_starts;     /* keyframe_count starts in [0, 1) */
    const double *rotations;           /* radians; the value each keyframe reaches */
    const double *shifts;              /* points */
} motionbench_pendulum;

/* card flip: over the timing's pass, a rotation of −π × eased(progress) about y (eased by `rotation_easing`), with a
 * uniform x/y scale going 1 → `scale` → 1 (linear, first half then second half), multiplied by a perspective of
 * `perspective` points (m34 = −1/perspective). Outputs: 16 values, the 4×4 transform row-major (m11, m12, …, m44).
 *
 * The matrix, in Core Animation's row-vector convention (a point is a row, p' = p × M): M = S × R × P, scale first,
 * with S = diag(f, f, 1, 1) (f the scale at this time), R the rotation by a = −π × eased about y, rows
 * (cos a, 0, −sin a, 0), (0, 1, 0, 0), (sin a, 0, cos a, 0), (0, 0, 0, 1), and P the identity with m34 = −1/perspective.
 * With d = perspective, the 16 outputs are: f cos a, 0, −f sin a, f sin a / d, 0, f, 0, 0, sin a, 0, cos a, −cos a / d,
 * 0, 0, 0, 1. At progress 0 (a = 0) that is the identity with m34 = −1/d; half-way through an ease-in-out pass
 * (a = −π/2) m13 = f and m31 = −1. */
typedef struct motionbench_card_flip {
    motionbench_timing timing;         /* the group's own progress (its easing is linear) */
    motionbench_easing rotation_easing;
    double scale;                      /* in (0, 1] */
    double perspective;                /* points, > 0 */
} motionbench_card_flip;

/* `transition_type` and `subtype` of a transition, as Core Animation names them. */
typedef enum motionbench_transition_type {
    MOTIONBENCH_TRANSITION_FADE = 0, MOTIONBENCH_TRANSITION_MOVE_IN = 1,
    MOTIONBENCH_TRANSITION_PUSH = 2, MOTIONBENCH_TRANSITION_REVEAL = 3
} motionbench_transition_type;
typedef enum motionbench_transition_subtype {
    MOTIONBENCH_FROM_LEFT = 0, MOTIONBENCH_FROM_RIGHT = 1, MOTIONBENCH_FROM_TOP = 2, MOTIONBENCH_FROM_BOTTOM = 3
} motionbench_transition_subtype;

/* transition: outputs 34 values: 0 the outgoing layer's opacity, 1…16 its 4×4 transform, 17 the incoming layer's
 * opacity, 18…33 its transform. Each transform is a translation (tx, ty) in Core Animation's row-vector form, written
 * row-major: the identity with tx at index 12 and ty at index 13 of its 16. With q the eased progress and (sx, sy) the
 * side the motion comes from (fromLeft (−1, 0), fromRight (1, 0), fromTop (0, −1), fromBottom (0, 1): y points down)
 * times the layer's (width, height): fade: opacities 1 − q and q, no translation; moveIn: the incoming layer at
 * (sx, sy)·(1 − q) over the still outgoing one; push: incoming at (sx, sy)·(1 − q), outgoing at −(sx, sy)·q; reveal:
 * the outgoing layer at −(sx, sy)·q, uncovering the still incoming one. Slides keep both opacities at 1. */
typedef struct motionbench_transition {
    motionbench_timing timing;
    uint32_t transition_type;  /* motionbench_transition_type */
    uint32_t subtype;          /* motionbench_transition_subtype */
    double width, height;      /* points */
} motionbench_transition;

/* interactive: from `begin`, the percent goes linearly 0 → scrub_to over scrub_duration seconds, then to 1 (finishes)
 * or 0 (cancels) with ease-in-out (cubic-bezier(0.42, 0, 0.58, 1)) over the remaining share of `duration` divided by
 * completion_speed. Outputs: percent, offset = percent × width (points).
 *
 * The remaining share is the part of the percent still to travel: finishing, 1 − scrub_to; cancelling, scrub_to. So
 * the completion takes c = (1 − scrub_to) × duration / completion_speed seconds when it finishes and
 * c = scrub_to × duration / completion_speed when it cancels (UIKit's completion of a percent-driven transition). With
 * local = time − begin and target 1 or 0: percent = 0 for local ≤ 0; scrub_to × local / scrub_duration for
 * local < scrub_duration; else scrub_to + (target − scrub_to) × ease(min((local − scrub_duration) / c, 1)), and the
 * target itself when c = 0. */
typedef struct motionbench_interactive {
    double begin, duration, scrub_to, scrub_duration, completion_speed, width;
    uint32_t finishes;  /* 1: finish, 0: cancel */
    uint32_t reserved;
} motionbench_interactive;

/* One layer: its kind, where its outputs go, and its own parameters (the member named after its kind). */
typedef struct motionbench_layer {
    uint32_t kind;           /* motionbench_kind */
    uint32_t output_count;   /* values this layer writes each frame */
    uint64_t output_offset;  /* index (in values, not bytes) of this layer's first value in the output buffer */
    union {
        motionbench_basic basic;
        motionbench_spring spring;
        motionbench_keyframes keyframes;
        motionbench_pendulum pendulum;
        motionbench_card_flip card_flip;
        motionbench_transition transition;
        motionbench_interactive interactive;
    } parameters;
} motionbench_layer;

/* ---- The descriptor ---------------------------------------------------------------------------------------------- */

/* What `motionbench_engine_entry` returns: static data the engine owns, valid until the library is unloaded. */
typedef struct motionbench_engine_descriptor {
    uint32_t abi_version;      /* MOTIONBENCH_ENGINE_ABI_VERSION */
    uint32_t precision;        /* motionbench_precision of every output value */
    uint32_t supported_kinds;  /* MOTIONBENCH_KIND_BIT(...) of each kind the engine evaluates */
    uint32_t flags;            /* MOTIONBENCH_ENGINE_CONCURRENT_CHUNKS or 0 */
    const char *name;          /* 1 to 64 characters of UTF-8, none a control character (below U+0020, or U+007F),
                                  e.g. "my-engine"; longer, empty or with a control character: refused at load */
    const char *version;       /* e.g. "1.4.2" or a commit (its first 64 characters are shown) */

    /* Creates an engine for `layer_count` layers. `layers` (and every array it points to) is valid only during this
     * call: copy what you need. Only kinds in `supported_kinds` are passed. `output_count` is the total number of
     * output values per frame (the sum of the layers' output_count; the layers' outputs are laid end to end in layer
     * order). Returns the engine, or NULL on failure (then `last_error(NULL)` says why). */
    void *(*create)(const motionbench_layer *layers, uint64_t layer_count, uint64_t output_count);

    /* Evaluates every layer of chunk `chunk` (0 ≤ chunk < chunk_count) at `time` seconds and writes each layer's
     * outputs at its output_offset in `output` (float or double as `precision` says; the caller owns the buffer, the
     * same one every frame). Chunks are disjoint and together cover every layer; how layers are split among chunks is
     * the engine's choice (a chunk may be empty). Frames come in increasing time order, each frame's chunks before the
     * next frame's. Returns the number of output values written by this chunk (the chunks of a frame must sum to
     * output_count), or a negative number on error (then `last_error(engine)` says why). */
    int64_t (*evaluate_frame)(void *engine, double time, uint32_t chunk, uint32_t chunk_count, void *output);

    /* Returns every layer to its state before the first frame (the next frame starts the clock again). 0 on success,
     * negative on error. */
    int32_t (*reset)(void *engine);

    /* Frees the engine. */
    void (*destroy)(void *engine);

    /* The last error's message (UTF-8, owned by the engine, valid until the next call), or NULL. `engine` is NULL after
     * a failed create. */
    const char *(*last_error)(void *engine);
} motionbench_engine_descriptor;

/* The one symbol an engine exports. */
const motionbench_engine_descriptor *motionbench_engine_entry(void);

/* Its type, for dlsym. */
typedef const motionbench_engine_descriptor *(*motionbench_engine_entry_function)(void);

#ifdef __cplusplus
}
#endif

#endif /* MOTIONBENCH_ENGINE_H */
