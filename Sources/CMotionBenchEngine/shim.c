// CMotionBenchEngine: the engine contract (include/motionbench_engine.h, header-only) and MotionBench's own plumbing for
// the child process that loads an engine (include/motionbench_child.h, below).
#define _GNU_SOURCE
#include "motionbench_engine.h"
#include "motionbench_child.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

int motionbench_child_tie_to_parent(void) {
    const char *text = getenv(MOTIONBENCH_PARENT_PID_VARIABLE);
    if (text == NULL) return 0;
    pid_t parent = (pid_t)strtol(text, NULL, 10);
    unsetenv(MOTIONBENCH_PARENT_PID_VARIABLE);
#if defined(__linux__)
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
#endif
    /* The parent may have died before the death signal was set: then we were re-parented already. (A wrapper between
     * the parent and this process, such as valgrind's launcher, is told apart by the parent still existing.) */
    if (getppid() != parent && (parent <= 0 || (kill(parent, 0) != 0 && errno == ESRCH))) _exit(125);
    return 1;
}

static int64_t *volatile fault_words;
static char fault_stack[1 << 16];

static void record_fault(int number, siginfo_t *info, void *context) {
    (void)context;
    int64_t *words = fault_words;
    if (words != NULL) {
        words[1] = (int64_t)(intptr_t)(info != NULL ? info->si_addr : 0);
        words[0] = number;
    }
    /* SA_RESETHAND restored the default action: a fault re-runs the faulting instruction and ends the process with the
     * signal; a raised signal (no instruction to re-run) is raised again, pending until this handler returns. */
    raise(number);
}

void motionbench_child_record_faults(int64_t *words) {
    fault_words = words;
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = fault_stack;
    stack.ss_size = sizeof fault_stack;
    sigaltstack(&stack, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = record_fault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, NULL);
    sigaction(SIGBUS, &action, NULL);
}
