/*
 * motionbench_example_engine.h: the public header of MotionBench's example C engine (Examples/CEngine), a shared
 * library written for this repository as what an engine team would bring to `motionbench run --engine PATH.so`.
 *
 * The library evaluates in single precision (float state and arithmetic, float outputs), as a render server does, with
 * its own browser-style cubic Bézier solver (Newton steps, then bisection). It supports the basic, keyframes and spring
 * kinds and lets MotionBench evaluate chunks of a frame concurrently.
 *
 * Build it with `swift build -c release --product MotionBenchExampleEngine`, which gives
 * .build/release/libMotionBenchExampleEngine.so. Its only export is `motionbench_engine_entry`, declared (with every
 * type it uses) in motionbench_engine.h, the plug-in contract; this header adds nothing to the ABI.
 */
#ifndef MOTIONBENCH_EXAMPLE_ENGINE_H
#define MOTIONBENCH_EXAMPLE_ENGINE_H

#include "motionbench_engine.h"

/* The `name` the example engine's descriptor declares (printable, as reports show it). */
#define MOTIONBENCH_EXAMPLE_ENGINE_NAME "example-c-float32"

/* The `version` the example engine's descriptor declares. */
#define MOTIONBENCH_EXAMPLE_ENGINE_VERSION "1.0"

#endif /* MOTIONBENCH_EXAMPLE_ENGINE_H */
