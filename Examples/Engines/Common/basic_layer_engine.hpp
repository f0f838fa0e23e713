/*
 * basic_layer_engine.hpp: what every adapter in Examples/Engines shares. An adapter puts an existing engine's easing
 * behind MotionBench's C engine interface (motionbench_engine.h) for `basic` layers; this header is the rest, the
 * adapter's own code in double:
 *
 *   - create: checks and copies every basic layer (scalar, point, RGBA), and builds one easing object per distinct
 *     curve through the adapter's Easing policy; it fails naming the first layer whose easing the engine cannot
 *     express (steps(), linear() with stops), or whose parameters are invalid;
 *   - the media timing (begin, passes, autoreverse, fill both) and the interpolation from + (to − from) × eased, in
 *     double, following docs/engines.md ("After the end", "One ulp either side") as Examples/CEngine/example_engine.c
 *     does: the phase and the pass are decided on the unrounded time − begin, and where the rounded quotient lies
 *     within 1e-12 of a boundary an error-free (time − begin) − k·duration decides.
 *
 * An Easing policy provides:
 *   static constexpr const char *name;                      // the engine's name in MotionBench's rows
 *   static constexpr const char *accepted;                  // what it takes, for create's message
 *   using Curve = ...;                                      // one easing object of the engine
 *   static Curve linear();                                  // the engine's linear easing
 *   static Curve cubicBezier(double x1, double y1, double x2, double y2);
 *   static double ease(const Curve &curve, double progress); // the engine's eased progress, progress in [0, 1]
 * ease must only read the curve once it has been called once (create calls it at 0.5 on every curve), so that chunks
 * of a frame may run concurrently.
 */
#ifndef MOTIONBENCH_BASIC_LAYER_ENGINE_HPP
#define MOTIONBENCH_BASIC_LAYER_ENGINE_HPP

#include <atomic>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <map>
#include <new>
#include <string>
#include <tuple>
#include <vector>

#include "motionbench_engine.h"

namespace basic_layer_engine {

/* One layer's media timing and values, all in double. */
struct Timing {
    double begin;        // seconds since the clock started
    double duration;     // seconds per pass
    double passes;       // passes in all (two per autoreversing cycle); INFINITY forever
    double endProgress;  // the directed progress held from the active end on
    bool alternates;     // autoreverses: odd passes (from 0) run backwards
};

/* (a + b) − k·d for doubles, with the error-free sum and product: its sign says exactly on which side of the
 * boundary k·d the time a + b lies. */
inline double exactExcess(double a, double b, double k, double d) {
    double s = a + b, bb = s - a, e = (a - (s - bb)) + (b - bb);
    double p = k * d, pe = std::fma(k, d, -p);
    return (s - p) + (e - pe);
}

/* The timing of `t`: passes from the repeat count (FLT_MAX or more is forever) and the progress held from the active
 * end on: the last pass at the fraction where the count stops it (1 when it stops at a pass's end), mirrored when that
 * pass runs backwards. Decided on passes / 2, never on the quotient duration·passes / duration (which may round). */
inline Timing timing(const motionbench_timing &t) {
    double perCycle = t.autoreverses ? 2.0 : 1.0;
    double passes = t.repeat_count <= 0.0 ? perCycle
        : (t.repeat_count >= 3.4028234663852886e38 ? INFINITY : t.repeat_count * perCycle);
    double half = std::isinf(passes) ? 0.0 : passes * 0.5, pair = half - std::floor(half);
    bool odd = pair >= 0.5, endsPass = 2.0 * pair - odd == 0.0, alternates = t.autoreverses != 0;
    double reached = endsPass ? 1.0 : 2.0 * pair - odd;
    return {t.begin, t.duration, passes, alternates && odd != endsPass ? 1.0 - reached : reached, alternates};
}

/* The directed progress in [0, 1] at `time` (seconds): 0 before the begin time; within the active interval the
 * fraction of the current pass, mirrored on odd passes of an autoreversing layer (a pass boundary starts the next
 * pass); from the active end on the progress held there. */
inline double directedProgress(const Timing &l, double time) {
    if (time < l.begin) return 0.0;
    double sinceBegin = time - l.begin, active = l.duration * l.passes;
    bool after = sinceBegin >= active;
    if (std::fabs(sinceBegin - active) <= 1e-12 * sinceBegin)
        after = exactExcess(time, -l.begin, l.passes, l.duration) >= 0.0;
    if (after) return l.endProgress;
    double quotient = sinceBegin / l.duration;
    double pass = std::floor(quotient), fraction = quotient - pass;
    if (fraction < 1e-12 * (pass + 1.0) || fraction > 1.0 - 1e-12 * (pass + 1.0)) {
        if (exactExcess(time, -l.begin, pass, l.duration) < 0.0) pass -= 1.0;
        else if (exactExcess(time, -l.begin, pass + 1.0, l.duration) >= 0.0) pass += 1.0;
        fraction = exactExcess(time, -l.begin, pass, l.duration) / l.duration;
        fraction = fraction < 0.0 ? 0.0 : (fraction > 1.0 ? 1.0 : fraction);
    }
    bool backwards = l.alternates && std::fmod(pass, 2.0) == 1.0;
    return backwards ? 1.0 - fraction : fraction;
}

/* An easing the engine has no form for, as CSS writes it, for create's message. */
inline std::string easingName(const motionbench_easing &e) {
    static const char *const positions[] = {"jump-start", "jump-end", "jump-none", "jump-both"};
    char text[96];
    if (e.type == MOTIONBENCH_EASING_STEPS)
        std::snprintf(text, sizeof text, "steps(%u, %s)", e.step_count,
                      e.step_position <= MOTIONBENCH_STEP_JUMP_BOTH ? positions[e.step_position] : "?");
    else if (e.type == MOTIONBENCH_EASING_LINEAR_STOPS)
        std::snprintf(text, sizeof text, "linear() with %u stops", e.stop_count);
    else
        std::snprintf(text, sizeof text, "easing type %u", e.type);
    return text;
}

/* The engine for one Easing policy: the five calls of the descriptor. */
template <class Easing> struct Engine {
    struct Layer {
        Timing timing;
        const typename Easing::Curve *curve;
        uint32_t valueCount;        // 1, 2 or 4
        uint64_t outputOffset;
        double from[4], delta[4];   // value = from + delta × eased
    };

    std::vector<typename Easing::Curve> curves;  // distinct easings; never resized after create (layers point into it)
    std::vector<Layer> layers;
    std::atomic<const char *> error{nullptr};   // a static message set by a failed evaluate_frame

    static std::string &createError() {
        thread_local std::string message;
        return message;
    }

    /* Sets this thread's create message (printf format) and returns NULL. */
    static void *fail(const char *format, ...) {
        char message[512];
        va_list arguments;
        va_start(arguments, format);
        std::vsnprintf(message, sizeof message, format, arguments);
        va_end(arguments);
        createError() = message;
        return nullptr;
    }

    /* Copies every basic layer; one Easing::Curve per distinct easing. NULL, with the message, on the first layer
     * whose easing the engine cannot express or whose parameters are invalid. */
    static void *create(const motionbench_layer *layers, uint64_t layerCount, uint64_t outputCount) {
        createError().clear();
        if (layers == nullptr && layerCount > 0) return fail("layers is NULL with %llu layers", (unsigned long long)layerCount);
        std::map<std::tuple<double, double, double, double>, size_t> curveIndex;  // linear is (-1, 0, 0, 0)
        std::vector<size_t> layerCurve;
        try {
            layerCurve.resize(layerCount);
        } catch (const std::bad_alloc &) {
            return fail("out of memory for %llu layers", (unsigned long long)layerCount);
        }
        for (uint64_t i = 0; i < layerCount; i++) {
            const motionbench_layer &c = layers[i];
            unsigned long long index = i;
            if (c.kind != MOTIONBENCH_KIND_BASIC)
                return fail("layer %llu: kind %u is not supported by %s (basic only)", index, c.kind, Easing::name);
            const motionbench_basic &b = c.parameters.basic;
            if (b.value_type != 1 && b.value_type != 2 && b.value_type != 4)
                return fail("layer %llu: value_type %u is not 1, 2 or 4", index, b.value_type);
            if (c.output_count != b.value_type)
                return fail("layer %llu: output_count %u, but a basic layer of value_type %u writes %u", index,
                            c.output_count, b.value_type, b.value_type);
            if (c.output_offset > outputCount || outputCount - c.output_offset < c.output_count)
                return fail("layer %llu: outputs at offset %llu run past the %llu outputs", index,
                            (unsigned long long)c.output_offset, (unsigned long long)outputCount);
            const motionbench_timing &t = b.timing;
            if (!(t.duration > 0.0 && t.duration < INFINITY))
                return fail("layer %llu: duration %g s is not a finite number > 0", index, t.duration);
            if (!(t.repeat_count >= 0.0))
                return fail("layer %llu: repeat_count %g is not a number >= 0", index, t.repeat_count);
            if (!std::isfinite(t.begin)) return fail("layer %llu: begin %g s is not finite", index, t.begin);
            const motionbench_easing &e = t.easing;
            std::tuple<double, double, double, double> key{-1.0, 0.0, 0.0, 0.0};
            if (e.type == MOTIONBENCH_EASING_CUBIC_BEZIER) {
                if (!(e.x1 >= 0 && e.x1 <= 1 && e.x2 >= 0 && e.x2 <= 1))
                    return fail("layer %llu: cubic-bezier x1 = %g or x2 = %g is outside [0, 1]", index, e.x1, e.x2);
                if (!std::isfinite(e.y1) || !std::isfinite(e.y2))
                    return fail("layer %llu: cubic-bezier y1 or y2 is not finite", index);
                key = {e.x1, e.y1, e.x2, e.y2};
            } else if (e.type != MOTIONBENCH_EASING_LINEAR) {
                return fail("layer %llu: %s has no form in %s (%s)", index, easingName(e).c_str(), Easing::name,
                            Easing::accepted);
            }
            layerCurve[i] = curveIndex.emplace(key, curveIndex.size()).first->second;
        }
        Engine *engine = new (std::nothrow) Engine;
        if (engine == nullptr) return fail("out of memory for %llu layers", (unsigned long long)layerCount);
        try {
            engine->curves.resize(curveIndex.size(), Easing::linear());
            for (const auto &[key, index] : curveIndex) {
                auto [x1, y1, x2, y2] = key;
                engine->curves[index] = x1 < 0 ? Easing::linear() : Easing::cubicBezier(x1, y1, x2, y2);
                (void)Easing::ease(engine->curves[index], 0.5);  // any lazy set-up now, not concurrently in a frame
            }
            engine->layers.resize(layerCount);
        } catch (const std::bad_alloc &) {
            delete engine;
            return fail("out of memory for %llu layers", (unsigned long long)layerCount);
        }
        for (uint64_t i = 0; i < layerCount; i++) {
            const motionbench_basic &b = layers[i].parameters.basic;
            Layer &l = engine->layers[i];
            l.timing = timing(b.timing);
            l.curve = &engine->curves[layerCurve[i]];
            l.valueCount = b.value_type;
            l.outputOffset = layers[i].output_offset;
            for (uint32_t k = 0; k < 4; k++) {
                l.from[k] = k < b.value_type ? b.from[k] : 0.0;
                l.delta[k] = k < b.value_type ? b.to[k] - b.from[k] : 0.0;
            }
        }
        return engine;
    }

    /* Evaluates layers [chunk·n/chunks, (chunk+1)·n/chunks) at `time`: the engine's eased progress, then
     * from + Δ × eased, written as doubles. */
    static int64_t evaluateFrame(void *opaque, double time, uint32_t chunk, uint32_t chunkCount, void *output) {
        Engine *engine = static_cast<Engine *>(opaque);
        if (chunkCount == 0 || chunk >= chunkCount || output == nullptr) {
            engine->error.store("evaluate_frame: chunk out of range, or no output buffer", std::memory_order_relaxed);
            return -1;
        }
        double *out = static_cast<double *>(output);
        uint64_t count = engine->layers.size();
        uint64_t first = uint64_t(chunk) * count / chunkCount, end = (uint64_t(chunk) + 1) * count / chunkCount;
        int64_t written = 0;
        for (uint64_t i = first; i < end; i++) {
            const Layer &l = engine->layers[i];
            double eased = Easing::ease(*l.curve, directedProgress(l.timing, time));
            double *o = out + l.outputOffset;
            for (uint32_t k = 0; k < l.valueCount; k++) o[k] = l.from[k] + l.delta[k] * eased;
            written += l.valueCount;
        }
        return written;
    }

    /* Nothing to reset: every frame is a function of its time. */
    static int32_t reset(void *) { return 0; }

    static void destroy(void *opaque) { delete static_cast<Engine *>(opaque); }

    /* The message of the last failed create (engine NULL, this thread's) or evaluate_frame (engine given), or NULL. */
    static const char *lastError(void *opaque) {
        if (opaque == nullptr) return createError().empty() ? nullptr : createError().c_str();
        return static_cast<Engine *>(opaque)->error.load(std::memory_order_relaxed);
    }

    /* The descriptor: float64 outputs, basic layers, concurrent chunks, the given version (static text). */
    static const motionbench_engine_descriptor *descriptor(const char *version) {
        static const motionbench_engine_descriptor value = {
            MOTIONBENCH_ENGINE_ABI_VERSION, MOTIONBENCH_PRECISION_FLOAT64, MOTIONBENCH_KIND_BIT(MOTIONBENCH_KIND_BASIC),
            MOTIONBENCH_ENGINE_CONCURRENT_CHUNKS, Easing::name, version, create, evaluateFrame, reset, destroy, lastError,
        };
        return &value;
    }
};

}  // namespace basic_layer_engine

/* Exported with default visibility from a library built with -fvisibility=hidden. */
#define MOTIONBENCH_ENGINE_EXPORT extern "C" __attribute__((visibility("default")))

#endif
