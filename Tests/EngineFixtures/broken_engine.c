/* A deliberately broken engine for EngineIsolationTests: compiled once per failure mode (-DMODE=...). It supports
 * `basic` layers in float64 and evaluates them linearly (no easing); the mode decides how it fails, from frame 3 on
 * (MODE_NAN_AT_FRAME: at frame NAN_FRAME only, in the middle layer's first output; the load-time modes while it is
 * loaded, the create, destroy and fork modes in those calls). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "motionbench_engine.h"

#define MODE_NONE 0
#define MODE_CRASH 1
#define MODE_HANG 2
#define MODE_NAN 3
#define MODE_ERROR 4
#define MODE_WRONG_COUNT 5
#define MODE_OVERRUN 6
#define MODE_ABI 7
#define MODE_CREATE_FAILS 8
#define MODE_WRONG_PRECISION 9 /* declares float32 and writes doubles: twice the buffer */
#define MODE_SKIPS_A_LAYER 10 /* counts every value but never writes the last layer's */
#define MODE_NAN_AT_FRAME 11 /* one NaN, at frame NAN_FRAME (counted from the last reset) only */
#define MODE_REJECTS_OVERSHOOT 12 /* create fails for a cubic-bezier easing with y1 or y2 outside [0, 1] */
#define MODE_CONSTRUCTOR_CRASH 13 /* a library constructor raises SIGSEGV while dlopen runs it */
#define MODE_ENTRY_CRASH 14 /* motionbench_engine_entry raises SIGSEGV */
#define MODE_ABI64 15 /* the descriptor declares abi_version as a uint64_t (every later field shifted; name reads as 0x1) */
#define MODE_FORKS 16 /* create forks a process that sleeps 600 s holding the child's stdout and stderr */
#define MODE_CLOSES_OUTPUT 17 /* destroy closes file descriptors 1 and 2 */
#define MODE_DESTROY_CRASH 18 /* destroy writes through a null pointer */
#define MODE_NO_KINDS 19 /* supported_kinds is 0: rejected once the name is known */
#define MODE_SETPGID_HANG 20 /* create moves the child into its parent's process group, then spins */
#define MODE_DAEMON 21 /* create double-forks a setsid daemon (output closed) that sleeps 600 s, then works normally */
#define MODE_LAST_ERROR_CRASH 23 /* evaluate_frame fails at frame 3, and last_error then writes through a null pointer */
#define MODE_LEAK 22
#define MODE_DAEMON_HANG 25 /* create double-forks the MODE_DAEMON daemon, then evaluate_frame spins */
#define MODE_FORGED_REPLY 24 /* at exit, prints a line shaped like the start of a row on the child's standard output */ /* every frame allocates and writes 50 MB it never frees (and crashes when malloc fails) */
#ifndef NAN_FRAME
#define NAN_FRAME 5
#endif
#ifndef MODE
#define MODE MODE_NONE
#endif

#ifdef SLOW_FUNCTION
/* SLOW_FUNCTION rounds of arithmetic per value, in a function the compiler must keep out of line. */
__attribute__((noinline)) static double deliberately_slow_function(double p) {
    volatile double sink = p;
    for (int k = 0; k < SLOW_FUNCTION; k++) sink = sink * 0.5 + p;
    return sink;
}
#endif

typedef struct { uint64_t count, outputs; motionbench_layer *layers; int frame; } engine;

#ifdef STEPS_EASING
/* steps() in double, for the accuracy tests (other easings stay linear): STEPS_EASING 1 takes floor(p·n), CSS's rule
 * (exact for n a power of two; at the double nearest k/n below k/n, p·n rounds up to k and jumps a step early);
 * STEPS_EASING 2 takes ceil(p·n) − 1, a step late exactly at each boundary k/n (the off-by-one of a `<` for `<=`). */
static double stepped(const motionbench_easing *s, double p) {
    if (s->type != MOTIONBENCH_EASING_STEPS) return p;
    double n = s->step_count, current = STEPS_EASING == 2 ? ceil(p * n) - 1 : floor(p * n);
    double jumps = n;
    if (s->step_position == MOTIONBENCH_STEP_JUMP_NONE) jumps = n - 1;
    if (s->step_position == MOTIONBENCH_STEP_JUMP_BOTH) jumps = n + 1;
    if (s->step_position == MOTIONBENCH_STEP_JUMP_START || s->step_position == MOTIONBENCH_STEP_JUMP_BOTH) current += 1;
    if (current < 0) current = 0;
    if (current > jumps) current = jumps;
    return current / jumps;
}
#endif

/* MODE_FORGED_REPLY's exit handler: a row's tail, as a careless engine's debug print would leave it. */
static void print_forged_reply(void) {
    fputs("e\":0.01,\"forged\":true}\n", stdout); /* into stdout's buffer, after what the host printed there */
}

#if MODE == MODE_CONSTRUCTOR_CRASH
__attribute__((constructor)) static void crash_while_loaded(void) { raise(SIGSEGV); }
#endif

static void *create(const motionbench_layer *layers, uint64_t count, uint64_t outputs) {
    if (MODE == MODE_CREATE_FAILS) return NULL;
    if (MODE == MODE_FORKS && fork() == 0) { sleep(600); _exit(0); }
    if (MODE == MODE_FORGED_REPLY) atexit(print_forged_reply);
#if defined(PID_FILE) && defined(RECORD_CREATOR)
    /* The process that creates the engine and its parent, for the tests of which child runs the engine. */
    { FILE *f = fopen(PID_FILE, "a"); if (f) { fprintf(f, "%d %d\n", (int)getpid(), (int)getppid()); fclose(f); } }
#endif
#ifdef PID_FILE
    /* The sandbox tests read the pids of the processes that must not survive (the child, a daemon) from here. */
    if (MODE == MODE_SETPGID_HANG) { FILE *f = fopen(PID_FILE, "a"); if (f) { fprintf(f, "%d\n", (int)getpid()); fclose(f); } }
#endif
    if (MODE == MODE_SETPGID_HANG) {
        setpgid(0, getpgid(getppid()));
        for (volatile int spin = 1; spin;) {}
    }
    if (MODE == MODE_DAEMON || MODE == MODE_DAEMON_HANG) {
        /* create returns only once the daemon has recorded its pid (or died): it reads the daemon's one byte, or the
           end of the pipe. Without the wait a busy machine could stop the daemon before it wrote, and a test reading
           the file found it empty. */
        int recorded[2];
        if (pipe(recorded) != 0) return NULL;
        pid_t middle = fork();
        if (middle == 0) {
            setsid();
            if (fork() == 0) {
                close(recorded[0]);
                for (int fd = 0; fd < 3; fd++) close(fd);
#ifdef PID_FILE
                FILE *f = fopen(PID_FILE, "a"); if (f) { fprintf(f, "%d\n", (int)getpid()); fclose(f); }
#endif
                char byte = 1;
                (void)!write(recorded[1], &byte, 1);
                close(recorded[1]);
                sleep(600);
            }
            _exit(0);
        }
        close(recorded[1]);
        char byte;
        while (read(recorded[0], &byte, 1) < 0 && errno == EINTR) {}
        close(recorded[0]);
        if (middle > 0) waitpid(middle, NULL, 0);
    }
    for (uint64_t i = 0; MODE == MODE_REJECTS_OVERSHOOT && i < count; i++) {
        const motionbench_easing *easing = &layers[i].parameters.basic.timing.easing;
        if (easing->type == MOTIONBENCH_EASING_CUBIC_BEZIER
            && (easing->y1 < 0 || easing->y1 > 1 || easing->y2 < 0 || easing->y2 > 1)) return NULL;
    }
    engine *e = calloc(1, sizeof *e);
    e->count = count; e->outputs = outputs;
    e->layers = malloc(sizeof *layers * (count ? count : 1));
    memcpy(e->layers, layers, sizeof *layers * count);
    return e;
}

static int64_t evaluate_frame(void *self, double time, uint32_t chunk, uint32_t chunks, void *output) {
    engine *e = self;
    if (MODE == MODE_LEAK && chunk == 0) {
        static char *volatile kept; /* the block escapes, so that the compiler keeps the allocation */
        char *leak = malloc(50u << 20);
        memset(leak, 1, 50u << 20); /* a NULL from malloc at the limit faults here, as careless engines do */
        kept = leak;
    }
    double *out = output;
    if (chunk == 0) e->frame++;
    int broken = e->frame >= 3;
    if (broken && MODE == MODE_CRASH) { volatile int *nowhere = NULL; *nowhere = 1; }
    if (broken && MODE == MODE_HANG) { for (;;) {} }
    if (MODE == MODE_DAEMON_HANG) { for (;;) {} }
    if (broken && (MODE == MODE_ERROR || MODE == MODE_LAST_ERROR_CRASH)) return -1;
    uint64_t first = e->count * chunk / chunks, last = e->count * (chunk + 1) / chunks;
    int64_t written = 0;
    for (uint64_t i = first; i < last; i++) {
        if (MODE == MODE_SKIPS_A_LAYER && i == e->count - 1) { written += e->layers[i].output_count; continue; }
        const motionbench_basic *b = &e->layers[i].parameters.basic;
        double p = (time - b->timing.begin) / b->timing.duration;
        p = p < 0 ? 0 : (p > 1 ? 1 : p);
#ifdef STEPS_EASING
        p = stepped(&b->timing.easing, p);
#endif
        for (uint32_t c = 0; c < e->layers[i].output_count; c++) {
            out[e->layers[i].output_offset + c] = b->from[c] + (b->to[c] - b->from[c]) * p;
#ifdef EXTRA_WORK
            /* A deliberate regression for the gate test: a little more arithmetic per value (about +20% instructions). */
            out[e->layers[i].output_offset + c] += 1e-300 * (p + EXTRA_WORK);
#endif
#ifdef SLOW_FUNCTION
            /* A deliberate regression in one out-of-line (static) function, which the gate's function table must name. */
            out[e->layers[i].output_offset + c] += 1e-300 * deliberately_slow_function(p);
#endif
            written++;
        }
    }
    if (broken && MODE == MODE_NAN && chunk == 0) out[0] = NAN;
    if (MODE == MODE_NAN_AT_FRAME && e->frame == NAN_FRAME && chunk == 0) out[e->layers[e->count / 2].output_offset] = NAN;
    if (broken && MODE == MODE_WRONG_COUNT && chunk == 0) written -= 1;
    if (broken && MODE == MODE_OVERRUN && chunk == 0) out[e->outputs] = 1;
    return written;
}

static int32_t reset(void *self) { ((engine *)self)->frame = 0; return 0; }
static void destroy(void *self) {
    engine *e = self;
    free(e->layers);
    free(e);
    if (MODE == MODE_CLOSES_OUTPUT) { close(1); close(2); }
    if (MODE == MODE_DESTROY_CRASH) { volatile int *nowhere = NULL; *nowhere = 1; }
}
static const char *last_error(void *self) {
    if (MODE == MODE_LAST_ERROR_CRASH && self) *(volatile int *)0 = 1;
    if (MODE == MODE_REJECTS_OVERSHOOT && !self) return "cubic-bezier with y outside [0, 1] is not supported";
    return self ? "the frame failed on purpose" : "create failed on purpose";
}

static const motionbench_engine_descriptor descriptor = {
    MODE == MODE_ABI ? 99u : MOTIONBENCH_ENGINE_ABI_VERSION,
    MODE == MODE_WRONG_PRECISION ? MOTIONBENCH_PRECISION_FLOAT32 : MOTIONBENCH_PRECISION_FLOAT64,
    MODE == MODE_NO_KINDS ? 0u : MOTIONBENCH_KIND_BIT(MOTIONBENCH_KIND_BASIC), 0, ENGINE_NAME, "0", create, evaluate_frame, reset, destroy, last_error,
};

#if MODE == MODE_ABI64
/* An engine built against a wrong header: abi_version 64-bit, CONCURRENT_CHUNKS in flags. Read as the real layout,
 * abi_version is 1, precision 0, and name is the flags word (a pointer to address 1). */
static const struct {
    uint64_t abi_version;
    uint32_t precision, supported_kinds, flags;
    const char *name, *version;
    void *create, *evaluate_frame, *reset, *destroy, *last_error;
} wide = { MOTIONBENCH_ENGINE_ABI_VERSION, MOTIONBENCH_PRECISION_FLOAT64, MOTIONBENCH_KIND_BIT(MOTIONBENCH_KIND_BASIC),
           MOTIONBENCH_ENGINE_CONCURRENT_CHUNKS, ENGINE_NAME, "0", (void *)create, (void *)evaluate_frame, (void *)reset,
           (void *)destroy, (void *)last_error };
#endif

const motionbench_engine_descriptor *motionbench_engine_entry(void) {
    if (MODE == MODE_ENTRY_CRASH) raise(SIGSEGV);
#if MODE == MODE_ABI64
    return (const motionbench_engine_descriptor *)&wide;
#else
    return &descriptor;
#endif
}
