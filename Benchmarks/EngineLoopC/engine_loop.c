#define _POSIX_C_SOURCE 199309L
#include <time.h>
#include "engine_loop.h"

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

int64_t motionbench_time_frames(const motionbench_engine_descriptor *descriptor, void *engine, const double *times,
                                int64_t frames, void *output, uint64_t *frame_ns) {
    for (int64_t i = 0; i < frames; i++) {
        uint64_t start = now_ns();
        int64_t written = descriptor->evaluate_frame(engine, times[i], 0, 1, output);
        frame_ns[i] = now_ns() - start;
        if (written < 0) return written;
    }
    return 0;
}
