/*
 * efl_engine.cpp: EFL's Ecore position maps as a MotionBench engine under test (motionbench_engine.h), through EFL's
 * public API.
 *
 * What comes from EFL: the easing. cubic-bezier(x1, y1, x2, y2) is
 * ecore_animator_pos_map_n(progress, ECORE_POS_MAP_CUBIC_BEZIER, 4, {x1, y1, x2, y2}) and linear is
 * ecore_animator_pos_map(progress, ECORE_POS_MAP_LINEAR, 0, 0), the calls an Ecore animator's callback makes to map
 * its position. steps() and linear() with stops have no Ecore_Pos_Map: create fails naming the first layer that uses
 * one.
 *
 * What is the adapter's own code (../Common/basic_layer_engine.hpp): the media timing and the interpolation of values,
 * in double, so that the figures are the easing's alone (an Ecore animator's own timeline runs on the main loop's
 * clock).
 *
 * The position maps are pure functions of their arguments (no state, no ecore_init needed), so chunks of a frame run
 * concurrently. Build: Examples/Engines/EFL/build.sh (g++ and pkg-config ecore). Outputs float64; kinds: basic.
 */
#include <Ecore.h>

#include <array>
#include <cstdio>

#include "../Common/basic_layer_engine.hpp"

namespace {

/* Ecore's position maps as the easing of basic_layer_engine. */
struct EcoreEasing {
    static constexpr const char *name = "efl-ecore-pos-map";
    static constexpr const char *accepted = "Ecore maps cubic-bezier() as ECORE_POS_MAP_CUBIC_BEZIER, and linear";
    struct Curve {
        bool linear;
        std::array<double, 4> controlPoints;  // x1, y1, x2, y2
    };

    static Curve linear() { return {true, {0.0, 0.0, 1.0, 1.0}}; }

    static Curve cubicBezier(double x1, double y1, double x2, double y2) { return {false, {x1, y1, x2, y2}}; }

    static double ease(const Curve &curve, double progress) {
        if (curve.linear) return ecore_animator_pos_map(progress, ECORE_POS_MAP_LINEAR, 0.0, 0.0);
        std::array<double, 4> v = curve.controlPoints;  // the API takes a mutable array; it only reads it
        return ecore_animator_pos_map_n(progress, ECORE_POS_MAP_CUBIC_BEZIER, 4, v.data());
    }
};

/* "EFL 1.26.3": the version of the ecore library loaded. */
const char *eflVersion() {
    static char text[48];
    if (text[0] == '\0' && ecore_version != nullptr)
        std::snprintf(text, sizeof text, "EFL %d.%d.%d", ecore_version->major, ecore_version->minor, ecore_version->micro);
    return text[0] != '\0' ? text : "EFL";
}

}  // namespace

/* The engine's descriptor: float64 outputs, basic layers, concurrent chunks; its version is the EFL loaded. */
MOTIONBENCH_ENGINE_EXPORT const motionbench_engine_descriptor *motionbench_engine_entry(void) {
    return basic_layer_engine::Engine<EcoreEasing>::descriptor(eflVersion());
}
