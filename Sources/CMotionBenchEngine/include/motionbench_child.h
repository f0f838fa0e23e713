/*
 * motionbench_child.h: MotionBench's own plumbing for the child process that loads an engine (`motionbench _engine`,
 * `_engine-easing`, `_workload`). Not part of the engine contract (that is motionbench_engine.h alone).
 */
#ifndef MOTIONBENCH_CHILD_H
#define MOTIONBENCH_CHILD_H

#include <stdint.h>

/* The environment variable a parent motionbench sets to its pid for the children it starts. */
#define MOTIONBENCH_PARENT_PID_VARIABLE "MOTIONBENCH_PARENT_PID"

/* Ties this process's life to the parent named by MOTIONBENCH_PARENT_PID (then removed from the environment, so that
 * nothing this process starts inherits it): prctl(PR_SET_PDEATHSIG, SIGKILL), then, since the death signal only covers
 * a parent that exits after it is set, exits at once (status 125) when the parent is already gone. Returns 1 when tied,
 * 0 without the variable (run by hand), -1 when prctl failed. */
int motionbench_child_tie_to_parent(void);

/* Records the signal and the faulting address of a SIGSEGV or SIGBUS in `words[0]` and `words[1]` (the heartbeat page)
 * on an alternate signal stack, then lets the signal end the process as it would have. */
void motionbench_child_record_faults(int64_t *words);

#endif /* MOTIONBENCH_CHILD_H */
