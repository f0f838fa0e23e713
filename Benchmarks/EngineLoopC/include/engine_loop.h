/* The plain C loop around an engine, for the harness-overhead benchmark: no Swift between the frames. */
#ifndef ENGINE_LOOP_H
#define ENGINE_LOOP_H
#include <stdint.h>
#include "motionbench_engine.h"

/* Calls descriptor->evaluate_frame(engine, times[i], 0, 1, output) for each of `frames` times in order, storing each
 * call's wall time in nanoseconds (CLOCK_MONOTONIC) in frame_ns[i]. Returns 0, or the first negative return. */
int64_t motionbench_time_frames(const motionbench_engine_descriptor *descriptor, void *engine, const double *times,
                                int64_t frames, void *output, uint64_t *frame_ns);

#endif
