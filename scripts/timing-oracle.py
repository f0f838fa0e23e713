#!/usr/bin/env python3
"""Exact-rational oracle for MotionCore's timing model; writes the exact timing vectors.

Evaluates the Web Animations timing procedure (shared/REFERENCE.md §3.2) and Core Animation's media timing mapped
onto it (§3.1; speed 1, timeOffset 0) over exact rationals: every input double is converted exactly with
fractions.Fraction, every comparison, product and quotient is exact, and only the final directed progress is rounded
(to the nearest double). It is written from the spec text, independently of the Swift implementation, so the two can
be held to each other at iteration and end boundaries, where floating-point division gives wrong answers (REFERENCE
§8.1).

Writes two files (standard library only, deterministic for a given seed):
  data/vectors/web-animations-exact.csv   duration,iterations,iterationStart,delay,endDelay,fill,direction,backwards,
                                          time,phase,iteration,progress
  data/vectors/core-animation-exact.csv   beginTime,duration,repeatCount,repeatDuration,autoreverses,fillMode,
                                          removedOnCompletion,parentTime,phase,iteration,progress
Numbers are written with repr (shortest round trip), infinity as inf; iteration is an integer, inf or null; progress
is the double nearest the exact directed progress, or null when the active time is unresolved. Core Animation's
iteration is the zero-based pass index (two passes per autoreverse cycle).

Before writing, the script checks itself against worked examples (REFERENCE §3.2's development vectors, the
negative-endDelay example, and the boundary examples of §8.1) and re-reads every generated row from its text; any
mismatch aborts without touching the existing files. Files are written to temporary names and renamed into place.

Core Animation local time is parentTime − beginTime, evaluated with delay 0. For beginTime ≥ 0 that is identical to
Web Animations with delay = beginTime (checked on every row); for a negative beginTime it follows §3.1 (the animation
started before parent time 0 and is active from beginTime on), where a delay of beginTime would clamp the start to 0.

Regenerate: python3 scripts/timing-oracle.py           (check only: python3 scripts/timing-oracle.py --check)
"""
import argparse
import math
import os
import random
import sys
import tempfile
from fractions import Fraction

DEFAULT_SEED = 20261126
DEFAULT_WA_ROWS = 3000
DEFAULT_CA_ROWS = 3000
DEFAULT_KERNEL_ROWS = 1500

INF = math.inf
ZERO = Fraction(0)
ONE = Fraction(1)
FOREVER = 3.4028234663852886e38  # Double(Float.greatestFiniteMagnitude): repeatCount at or above it repeats forever
# Beyond this many iterations only the first ones are sampled: near the end of 1e38 passes a double has no fractional
# bits left, so such times would ask for parity and progress no time a real clock produces can carry.
HUGE_ITERATIONS = 1e7

FILLS = ("none", "forwards", "backwards", "both")
DIRECTIONS = ("normal", "reverse", "alternate", "alternate-reverse")
FILL_MODES = ("removed", "forwards", "backwards", "both")

WA_COLUMNS = ("duration,iterations,iterationStart,delay,endDelay,fill,direction,backwards,time,"
              "phase,iteration,progress")
CA_COLUMNS = ("beginTime,duration,repeatCount,repeatDuration,autoreverses,fillMode,removedOnCompletion,parentTime,"
              "phase,iteration,progress")


class OracleError(Exception):
    pass


# ---------------------------------------------------------------------------------------------------------------------
# Exact evaluation. Finite values are Fractions; the only non-finite value is INF (positive infinity), which every
# step below handles by an explicit branch (a Fraction plus a float would silently become a float).

def exact(x):
    """A double as an exact rational, or INF."""
    if isinstance(x, Fraction):
        return x
    if x == math.inf:
        return INF
    if not math.isfinite(x):
        raise OracleError(f"not a finite double or +inf: {x!r}")
    return Fraction(x)


def is_inf(x):
    return not isinstance(x, Fraction) and x == INF


def web_animations(t, delay, end_delay, duration, iterations, iteration_start, fill, direction, backwards):
    """(phase, iteration, directed progress): iteration an int, INF or None; progress a Fraction or None.

    t, delay, end_delay, iteration_start: Fractions. duration, iterations: Fractions or INF (≥ 0)."""
    for name, value in (("t", t), ("delay", delay), ("endDelay", end_delay), ("iterationStart", iteration_start)):
        if not isinstance(value, Fraction):
            raise OracleError(f"{name} must be a finite rational, got {value!r}")
    for name, value in (("duration", duration), ("iterations", iterations)):
        if not (is_inf(value) or (isinstance(value, Fraction) and value >= 0)):
            raise OracleError(f"{name} must be ≥ 0 or inf, got {value!r}")
    if iteration_start < 0:
        raise OracleError("iterationStart must be ≥ 0")
    if fill not in FILLS or direction not in DIRECTIONS:
        raise OracleError(f"bad fill/direction {fill}/{direction}")

    # Active duration, end time and the two phase boundaries.
    if duration == 0 or iterations == 0:
        active_duration = ZERO
    elif is_inf(duration) or is_inf(iterations):
        active_duration = INF
    else:
        active_duration = duration * iterations
    if is_inf(active_duration):
        end_time = INF
        before_active = max(delay, ZERO)      # min(delay, ∞) = delay
        active_after = INF                     # max(min(delay + ∞, ∞), 0)
    else:
        end_time = max(delay + active_duration + end_delay, ZERO)
        before_active = max(min(delay, end_time), ZERO)
        active_after = max(min(delay + active_duration, end_time), ZERO)

    # Phase (t is finite, so t > ∞ and t == ∞ are false).
    if t < before_active or (backwards and t == before_active):
        phase = "before"
    elif not is_inf(active_after) and (t > active_after or (not backwards and t == active_after)):
        phase = "after"
    else:
        phase = "active"

    # Active time.
    if phase == "before":
        active_time = max(t - delay, ZERO) if fill in ("backwards", "both") else None
    elif phase == "active":
        active_time = t - delay
        if active_time < 0:
            raise OracleError("negative active time in the active phase")
    else:
        # In the after phase active_after is finite, so the active duration is finite too.
        active_time = max(min(active_after - delay, active_duration), ZERO) if fill in ("forwards", "both") else None
    if active_time is None:
        return phase, None, None

    # Overall progress (INF only for a zero duration with infinite iterations).
    if duration == 0:
        if phase == "before":
            overall = iteration_start
        elif is_inf(iterations):
            overall = INF
        else:
            overall = iterations + iteration_start
    elif is_inf(duration):
        overall = iteration_start          # a finite active time over an infinite duration is 0
    else:
        overall = active_time / duration + iteration_start

    simple = (iteration_start if is_inf(overall) else overall) % 1
    if (simple == 0 and phase in ("active", "after") and not is_inf(active_duration)
            and active_time == active_duration and iterations != 0):
        simple = ONE

    if phase == "after" and is_inf(iterations):
        iteration = INF
    else:
        if is_inf(overall):
            raise OracleError("infinite overall progress outside the after phase")
        iteration = math.floor(overall) - (1 if simple == 1 else 0)

    if direction == "normal":
        forwards = True
    elif direction == "reverse":
        forwards = False
    elif direction == "alternate":
        forwards = is_inf(iteration) or iteration % 2 == 0
    else:
        forwards = not is_inf(iteration) and iteration % 2 == 1
    directed = simple if forwards else 1 - simple
    if not (0 <= directed <= 1):
        raise OracleError(f"directed progress {directed} outside [0, 1]")
    return phase, iteration, directed


def core_animation_effect(begin, duration, repeat_count, repeat_duration, autoreverses, fill_mode,
                          removed_on_completion):
    """Core Animation timing (speed 1, timeOffset 0) as Web Animations parameters:
    (duration D, iterations N, fill, direction). N counts passes: two per autoreverse cycle."""
    if repeat_count > 0 and repeat_duration > 0:
        raise OracleError("repeatCount and repeatDuration are never both set")
    if duration < 0 or repeat_count < 0 or repeat_duration < 0:
        raise OracleError("negative Core Animation timing")
    d = exact(duration)
    passes_per_cycle = 2 if autoreverses else 1
    if repeat_duration > 0:
        if duration == 0:
            raise OracleError("repeatDuration with a zero duration is not generated")
        iterations = exact(repeat_duration) / d        # so that D·N = repeatDuration exactly
    elif repeat_count > 0:
        iterations = INF if repeat_count >= FOREVER else exact(repeat_count) * passes_per_cycle
    else:
        iterations = Fraction(passes_per_cycle)
    if fill_mode == "removed":
        fill = "none"
    elif fill_mode == "forwards":
        fill = "none" if removed_on_completion else "forwards"
    elif fill_mode == "backwards":
        fill = "backwards"
    elif fill_mode == "both":
        fill = "backwards" if removed_on_completion else "both"
    else:
        raise OracleError(f"bad fillMode {fill_mode}")
    return d, iterations, fill, ("alternate" if autoreverses else "normal")


def core_animation(parent_time, begin, duration, repeat_count, repeat_duration, autoreverses, fill_mode,
                   removed_on_completion):
    d, n, fill, direction = core_animation_effect(begin, duration, repeat_count, repeat_duration, autoreverses,
                                                  fill_mode, removed_on_completion)
    local = exact(parent_time) - exact(begin)
    result = web_animations(local, ZERO, ZERO, d, n, ZERO, fill, direction, False)
    if begin >= 0:
        # The same timing read as Web Animations with delay = beginTime at the parent time.
        same = web_animations(exact(parent_time), exact(begin), ZERO, d, n, ZERO, fill, direction, False)
        if same != result:
            raise OracleError(f"delay = beginTime disagrees with local time at {parent_time!r}, {begin!r}")
    return result


# ---------------------------------------------------------------------------------------------------------------------
# Formatting.

def fmt_number(x):
    if is_inf(x):
        return "inf"
    x = float(x)
    if not math.isfinite(x):
        raise OracleError(f"cannot write {x!r}")
    return repr(x)


def fmt_iteration(iteration):
    if iteration is None:
        return "null"
    if is_inf(iteration):
        return "inf"
    return str(int(iteration))


def fmt_progress(progress):
    return "null" if progress is None else repr(float(progress))   # float(Fraction) rounds correctly


def fmt_bool(b):
    return "true" if b else "false"


def wa_row(duration, iterations, iteration_start, delay, end_delay, fill, direction, backwards, time):
    phase, iteration, progress = web_animations(exact(time), exact(delay), exact(end_delay), exact(duration),
                                                exact(iterations), exact(iteration_start), fill, direction, backwards)
    return ",".join([fmt_number(duration), fmt_number(iterations), fmt_number(iteration_start), fmt_number(delay),
                     fmt_number(end_delay), fill, direction, fmt_bool(backwards), fmt_number(time),
                     phase, fmt_iteration(iteration), fmt_progress(progress)])


def ca_row(begin, duration, repeat_count, repeat_duration, autoreverses, fill_mode, removed_on_completion, time):
    phase, iteration, progress = core_animation(time, begin, duration, repeat_count, repeat_duration, autoreverses,
                                                fill_mode, removed_on_completion)
    return ",".join([fmt_number(begin), fmt_number(duration), fmt_number(repeat_count), fmt_number(repeat_duration),
                     fmt_bool(autoreverses), fill_mode, fmt_bool(removed_on_completion), fmt_number(time),
                     phase, fmt_iteration(iteration), fmt_progress(progress)])


def parse_bool(text):
    if text not in ("true", "false"):
        raise OracleError(f"bad bool {text!r}")
    return text == "true"


def reread_wa(line):
    """Re-evaluates a written row from its text alone: the inputs must round-trip and give the written answer."""
    f = line.split(",")
    again = wa_row(float(f[0]), float(f[1]), float(f[2]), float(f[3]), float(f[4]), f[5], f[6], parse_bool(f[7]),
                   float(f[8]))
    if again != line:
        raise OracleError(f"row does not round-trip:\n  {line}\n  {again}")


def reread_ca(line):
    f = line.split(",")
    again = ca_row(float(f[0]), float(f[1]), float(f[2]), float(f[3]), parse_bool(f[4]), f[5], parse_bool(f[6]),
                   float(f[7]))
    if again != line:
        raise OracleError(f"row does not round-trip:\n  {line}\n  {again}")


# ---------------------------------------------------------------------------------------------------------------------
# Self-check: worked examples with their stated answers.

# (duration, iterations, iterationStart, delay, endDelay, fill, direction, backwards, time) → (phase, iteration, progress)
WA_EXAMPLES = [
    # REFERENCE §8.1 / the brief: boundaries that floating-point division gets wrong.
    ((0.1, 3.0, 0.0, 0.0, 0.0, "forwards", "normal", False, 10.4), ("after", "2", "1.0")),
    ((0.044476589956777744, 7.0, 0.0, 0.0, 0.0, "forwards", "reverse", False, 0.41233612969744426),
     ("after", "6", "0.0")),
    ((0.1, 1.0, 1.0, 0.0, 0.0, "none", "normal", False, 0.09999999999999999), ("active", "1", "0.9999999999999999")),
    # REFERENCE §3.2 development vectors (fill both, direction normal, delay 1, endDelay 0, rate 1).
    ((100.0, 3.0, 0.0, 1.0, 0.0, "both", "normal", False, 1.0), ("active", "0", "0.0")),
    ((100.0, 3.0, 0.0, 1.0, 0.0, "both", "normal", False, 301.0), ("after", "2", "1.0")),
    ((100.0, 3.5, 2.5, 1.0, 0.0, "both", "normal", False, 351.0), ("after", "5", "1.0")),
    ((0.0, 3.0, 2.5, 1.0, 0.0, "both", "normal", False, 1.0), ("after", "5", "0.5")),
    ((100.0, INF, 0.0, 1.0, 0.0, "both", "normal", False, 1.0), ("active", "0", "0.0")),
    ((0.0, INF, 0.0, 1.0, 0.0, "both", "normal", False, 1.0), ("after", "inf", "1.0")),
    # REFERENCE §3.2 negative endDelay: D 10, delay 1, endDelay −1, fill both → progress 0.9 at t = 10 and t = 11.
    ((10.0, 1.0, 0.0, 1.0, -1.0, "both", "normal", False, 10.0), ("after", "0", "0.9")),
    ((10.0, 1.0, 0.0, 1.0, -1.0, "both", "normal", False, 11.0), ("after", "0", "0.9")),
]

# Hand-derived rows of data/vectors/core-animation-timing.csv with speed 1 and timeOffset 0 (a cross-check of the
# mapping): (beginTime, duration, repeatCount, repeatDuration, autoreverses, fillMode, removedOnCompletion, parentTime)
CA_EXAMPLES = [
    ((0.0, 1.0, 0.0, 0.0, False, "removed", True, 0.5), ("active", "0", "0.5")),
    ((0.0, 1.0, 0.0, 0.0, False, "removed", True, 1.5), ("after", "null", "null")),
    ((0.0, 1.0, 0.0, 0.0, False, "forwards", True, 1.5), ("after", "null", "null")),
    ((0.0, 1.0, 0.0, 0.0, False, "forwards", False, 1.5), ("after", "0", "1.0")),
    ((0.0, 1.0, 0.0, 0.0, False, "both", False, 1.0), ("after", "0", "1.0")),
    ((0.0, 1.0, 0.0, 0.0, True, "forwards", False, 1.5), ("active", "1", "0.5")),
    ((0.0, 1.0, 0.0, 0.0, True, "forwards", False, 2.5), ("after", "1", "0.0")),
    ((0.0, 1.0, 2.5, 0.0, False, "forwards", False, 3.0), ("after", "2", "0.5")),
    ((2.0, 1.0, 0.0, 0.0, False, "backwards", True, 1.0), ("before", "0", "0.0")),
    ((0.0, 2.0, 0.0, 3.0, False, "both", False, 2.5), ("active", "1", "0.25")),
    # The exact-boundary analogue of the first WA example: 3 passes of 0.1 s held at the end.
    ((0.0, 0.1, 3.0, 0.0, False, "both", False, 10.4), ("after", "2", "1.0")),
]


def self_check():
    failures = []
    for args, expected in WA_EXAMPLES:
        got = tuple(wa_row(*args).split(",")[9:])
        if got != expected:
            failures.append(f"web animations {args}: expected {expected}, got {got}")
    for args, expected in CA_EXAMPLES:
        got = tuple(ca_row(*args).split(",")[8:])
        if got != expected:
            failures.append(f"core animation {args}: expected {expected}, got {got}")
    if failures:
        raise OracleError("self-check failed:\n  " + "\n  ".join(failures))


# ---------------------------------------------------------------------------------------------------------------------
# Inputs.

def weighted(rng, cases):
    """One draw c in [0, 1), then the first case whose limit exceeds it: cases are (limit, make) with increasing
    limits, the last 1.0; only the chosen make() runs, so the draws are those of the if/elif chain it replaces."""
    c = rng.random()
    for limit, make in cases:
        if c < limit:
            return make()
    return cases[-1][1]()


def bits_double(rng, lo_exp, hi_exp):
    """A double with a uniformly random 52-bit mantissa and a binary exponent in [lo_exp, hi_exp)."""
    return math.ldexp(1 + rng.getrandbits(52) / 2 ** 52, rng.randrange(lo_exp, hi_exp))


def around(x):
    """x and the doubles either side of it."""
    return [math.nextafter(x, -INF), x, math.nextafter(x, INF)]


def boundary_indices(n, rng):
    """Iteration indices k whose boundaries delay + k·d are sampled, for n iterations (may be inf or fractional)."""
    if n == INF:
        return [0, 1, 2, 3, rng.randrange(4, 50), 1000]
    if n > HUGE_ITERATIONS:
        return [0, 1, 2, 3, rng.randrange(4, 50)]
    top = math.ceil(n)
    if top <= 8:
        return list(range(0, top + 1))
    return sorted({0, 1, 2, rng.randrange(3, top - 1), math.floor(n) - 1, math.floor(n), top})


def wa_timing(rng):
    """A random Web Animations timing (duration, iterations, iterationStart, delay, endDelay)."""
    duration = weighted(rng, [
        (0.04, lambda: 0.0),
        (0.07, lambda: INF),
        (0.45, lambda: rng.choice([0.1, 1 / 3, 0.044476589956777744, 1.0, 0.25, 1 / 60, 100.0, 2.0, 0.3, 0.7, 1e-3])),
        (0.65, lambda: rng.uniform(0.01, 3.0)),
        (0.85, lambda: bits_double(rng, -11, 4)),
        (0.92, lambda: bits_double(rng, -30, -9)),  # tiny
        (1.0, lambda: bits_double(rng, 4, 40)),  # large
    ])

    iterations = weighted(rng, [
        (0.45, lambda: rng.choice([1.0, 2.0, 3.0, 7.0, 2.5, 0.3])),
        (0.62, lambda: rng.uniform(0.0, 8.0)),
        (0.75, lambda: float(rng.randint(1, 12))),
        (0.82, lambda: INF),
        (0.86, lambda: 0.0),
        (0.93, lambda: rng.choice([1000.0, 0.5, 1e-3, 1.5, 12345.0, 1e6 + 0.5])),
        (1.0, lambda: bits_double(rng, -3, 4)),
    ])

    iteration_start = weighted(rng, [
        (0.5, lambda: 0.0),
        (0.8, lambda: rng.choice([0.5, 1.0, 2.25, 3.0, 0.1])),
        (1.0, lambda: rng.uniform(0.0, 3.0)),
    ])

    scale = 1.0 if duration in (0.0, INF) else duration
    delay = weighted(rng, [
        (0.35, lambda: 0.0),
        (0.55, lambda: rng.choice([1.0, 0.5, -0.25, -1.0, 0.1, 2.0])),
        (0.8, lambda: rng.uniform(-2.0, 2.0) * scale),
        (1.0, lambda: rng.uniform(-2.0, 2.0)),
    ])

    finite_ad = 0.0 if duration == 0 or iterations == 0 else (INF if INF in (duration, iterations) else
                                                               duration * iterations)
    c = rng.random()
    if c < 0.5:
        end_delay = 0.0
    elif c < 0.62:
        end_delay = rng.uniform(0.0, 2.0) * scale
    elif c < 0.72:
        end_delay = rng.choice([1.0, -1.0, 0.5, -0.1])
    elif c < 0.87 and finite_ad not in (0.0, INF):
        end_delay = -rng.uniform(0.0, 1.0) * finite_ad        # cuts into the active interval
    elif c < 0.93 and finite_ad != INF:
        end_delay = -(delay + finite_ad) - rng.uniform(0.0, 1.0) * scale  # end time clamps to 0
    else:
        end_delay = -rng.uniform(0.0, 2.0) * scale
    return duration, iterations, iteration_start, delay, end_delay


def wa_times(rng, timing):
    """Times worth asking about: phase and iteration boundaries as a double computes them (fl(delay + k·d)) with the
    doubles either side, the end, after the end, before the start and random times inside."""
    duration, iterations, iteration_start, delay, end_delay = timing
    exact_boundaries = [delay, 0.0]
    finite_duration = duration not in (0.0, INF)
    fraction_start = iteration_start % 1
    if finite_duration:
        for k in boundary_indices(iterations, rng):
            exact_boundaries.append(delay + k * duration)
            if fraction_start and k >= 1:
                exact_boundaries.append(delay + (k - fraction_start) * duration)
    if iterations != INF and duration != INF and iterations <= HUGE_ITERATIONS:
        ad = duration * iterations
        exact_boundaries += [delay + ad, delay + ad + end_delay]
        span = ad
    else:
        span = 10.0 * (duration if finite_duration else 1.0)
    times = []
    for b in exact_boundaries:
        if math.isfinite(b):
            times += around(b)
    scale = duration if finite_duration else 1.0
    end = delay + span + max(end_delay, 0.0)
    if math.isfinite(end):
        times += [end + rng.uniform(0.0, 2.0) * scale, end + rng.uniform(0.0, 10.0)]
    times.append(delay - rng.uniform(0.0, 2.0) * scale)
    inside = 3 if span > 0 else 1
    for _ in range(inside):
        times.append(delay + rng.uniform(0.0, span if span > 0 else scale))
    return sorted({t for t in times if math.isfinite(t)})


FILL_WEIGHTS = ("none", "forwards", "forwards", "backwards", "backwards", "both", "both", "both")


def generate_wa(rng, target):
    lines = [wa_row(*args) for args, _ in WA_EXAMPLES]
    while len(lines) < target:
        timing = wa_timing(rng)
        duration, iterations, iteration_start, delay, end_delay = timing
        ad = (0.0 if duration == 0 or iterations == 0 else
              INF if INF in (duration, iterations) else duration * iterations)
        phase_edges = {delay, 0.0}
        if ad != INF:
            phase_edges |= {delay + ad, delay + ad + end_delay}
        for t in wa_times(rng, timing):
            fill = rng.choice(FILL_WEIGHTS)
            direction = rng.choice(DIRECTIONS)
            if t in phase_edges:
                # Exactly on a phase edge the playback direction decides the phase: write both.
                for backwards in (False, True):
                    lines.append(wa_row(*timing, fill, direction, backwards, t))
            else:
                lines.append(wa_row(*timing, fill, direction, rng.random() < 0.5, t))
    return lines


def ca_kernel_timing(rng):
    """fillMode both, removedOnCompletion false, repeatDuration 0: begin, duration, repeatCount, autoreverses."""
    begin = weighted(rng, [
        (0.6, lambda: rng.uniform(0.0, 2.0)),
        (0.85, lambda: rng.choice([0.0, 0.5, 1.0, 1 / 3, 0.1, 2.0])),
        (1.0, lambda: rng.choice([rng.uniform(100.0, 1e5), bits_double(rng, -20, 0), 86400.0 + rng.uniform(0.0, 1.0)])),
    ])
    duration = weighted(rng, [
        (0.6, lambda: rng.uniform(0.01, 2.0)),
        (0.85, lambda: rng.choice([0.1, 1 / 3, 0.25, 1 / 60, 0.044476589956777744, 1.0, 0.5, 0.3])),
        (1.0, lambda: rng.choice([1e-3, bits_double(rng, -10, 10), rng.uniform(2.0, 100.0)])),
    ])
    repeat_count = weighted(rng, [
        (0.15, lambda: 0.0),
        (0.55, lambda: rng.choice([1.0, 2.0, 3.0, 7.0, 2.5, 0.3, 0.75, 1.5])),
        (0.75, lambda: rng.uniform(0.0, 6.0)),
        (0.9, lambda: float(rng.randint(1, 10))),
        (0.95, lambda: FOREVER),
        (1.0, lambda: rng.choice([1e6, 1000.0, 1e38])),
    ])
    return begin, duration, repeat_count, 0.0, rng.random() < 0.5, "both", False


def ca_other_timing(rng):
    """Any fill mode and removedOnCompletion, repeatDuration, a zero duration or a negative begin time."""
    begin, duration, repeat_count, _, autoreverses, _, _ = ca_kernel_timing(rng)
    repeat_duration = 0.0
    c = rng.random()
    if c < 0.4:
        repeat_count = 0.0
        repeat_duration = rng.choice([3.0, 1.0, duration * 2.5, duration * 3, rng.uniform(0.0, 5.0) * duration,
                                      rng.uniform(0.01, 4.0), bits_double(rng, -6, 3)])
    elif c < 0.45:
        duration = 0.0
        repeat_count = rng.choice([0.0, 1.0, 2.5, 3.0, FOREVER])
    if rng.random() < 0.025:
        begin = -rng.choice([0.25, 1.0, rng.uniform(0.0, 2.0)])
    while True:
        fill_mode = rng.choice(FILL_MODES)
        removed_on_completion = rng.random() < 0.5
        subset = fill_mode == "both" and not removed_on_completion and repeat_duration == 0
        # Zero durations and negative begin times stay out of the kernel subset.
        if not (subset and (duration == 0 or begin < 0 or rng.random() < 0.7)):
            break
    return begin, duration, repeat_count, repeat_duration, autoreverses, fill_mode, removed_on_completion


def ca_times(rng, timing):
    begin, duration, repeat_count, repeat_duration, autoreverses, _, _ = timing
    cycle = 2 * duration if autoreverses else duration
    if repeat_duration > 0:
        passes = repeat_duration / duration
        ends = [repeat_duration]
    elif repeat_count >= FOREVER:
        passes = INF
        ends = []
    elif repeat_count > 0:
        passes = repeat_count * (2 if autoreverses else 1)
        ends = [] if passes > HUGE_ITERATIONS else [repeat_count * cycle, passes * duration]
    else:
        passes = 2 if autoreverses else 1
        ends = [cycle]
    edges = [begin]
    if duration > 0:
        edges += [begin + k * duration for k in boundary_indices(passes, rng)]
    edges += [begin + e for e in ends]
    times = []
    for e in edges:
        if math.isfinite(e):
            times += around(e)
    span = max(ends) if ends else 10 * cycle
    if not math.isfinite(span) or span > 1e6:
        span = 10 * cycle
    if begin <= 2:
        times += [rng.uniform(0.0, 4.0) for _ in range(3)]
        # A 60 Hz frame clock: n/60 as a frame loop computes it.
        times += [rng.randrange(0, 241) / 60, rng.randrange(0, 241) * (1 / 60)]
    times += [begin + rng.uniform(0.0, span) for _ in range(2)]
    times += [begin + span + rng.uniform(0.0, 2.0), begin - rng.uniform(0.0, 1.0)]
    return sorted({t for t in times if math.isfinite(t)})


def generate_ca(rng, target, kernel_target):
    lines = [ca_row(*args) for args, _ in CA_EXAMPLES]
    kernel = sum(1 for line in lines if is_kernel_line(line))
    while len(lines) < target or kernel < kernel_target:
        if kernel < kernel_target:
            timing = ca_kernel_timing(rng)
        else:
            timing = ca_other_timing(rng)
        for t in ca_times(rng, timing):
            line = ca_row(*timing, t)
            lines.append(line)
            kernel += is_kernel_line(line)
    return lines


def is_kernel_line(line):
    f = line.split(",")
    return f[5] == "both" and f[6] == "false" and float(f[3]) == 0


# ---------------------------------------------------------------------------------------------------------------------

def header(title, command, seed, columns, notes):
    lines = [f"# {title}",
             f"# Source: generated by scripts/timing-oracle.py (`{command}`, seed {seed}), exact rational arithmetic,",
             "# Python fractions: every input double converted exactly, only the final progress rounded to the nearest",
             "# double. Follows shared/REFERENCE.md §3.1-§3.2; boundary times are fl(delay + k·d) as a double computes",
             "# them and the doubles either side (§8.1). Do not edit by hand: regenerate with the command above."]
    lines += [f"# {n}" for n in notes]
    lines.append(f"# Columns: {columns}")
    return "\n".join(lines) + "\n"


def write_atomically(path, text):
    directory = os.path.dirname(os.path.abspath(path))
    fd, temporary = tempfile.mkstemp(prefix=".timing-oracle-", suffix=".csv", dir=directory)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        return temporary
    except BaseException:
        os.unlink(temporary)
        raise


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(
        description="Exact-rational oracle for the Web Animations and Core Animation timing models: checks itself "
                    "against worked examples, then writes data/vectors/web-animations-exact.csv and "
                    "data/vectors/core-animation-exact.csv (to temporary files, renamed into place only when every "
                    "check passes).")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    parser.add_argument("--wa-rows", type=int, default=DEFAULT_WA_ROWS,
                        help=f"at least this many Web Animations rows (default {DEFAULT_WA_ROWS})")
    parser.add_argument("--ca-rows", type=int, default=DEFAULT_CA_ROWS,
                        help=f"at least this many Core Animation rows (default {DEFAULT_CA_ROWS})")
    parser.add_argument("--kernel-rows", type=int, default=DEFAULT_KERNEL_ROWS,
                        help="at least this many Core Animation rows in the kernel subset (fillMode both, "
                             f"removedOnCompletion false, repeatDuration 0; default {DEFAULT_KERNEL_ROWS})")
    parser.add_argument("--out-dir", default=os.path.join(repo, "data", "vectors"),
                        help="directory for the two CSV files (default: data/vectors of this repository)")
    parser.add_argument("--check", action="store_true", help="run the self-check only; write nothing")
    args = parser.parse_args()

    try:
        self_check()
        if args.check:
            print("timing-oracle: self-check passed")
            return 0
        command = "python3 scripts/timing-oracle.py"
        options = []
        if args.seed != DEFAULT_SEED:
            options.append(f"--seed {args.seed}")
        if args.wa_rows != DEFAULT_WA_ROWS:
            options.append(f"--wa-rows {args.wa_rows}")
        if args.ca_rows != DEFAULT_CA_ROWS:
            options.append(f"--ca-rows {args.ca_rows}")
        if args.kernel_rows != DEFAULT_KERNEL_ROWS:
            options.append(f"--kernel-rows {args.kernel_rows}")
        command = " ".join([command] + options)

        wa_lines = generate_wa(random.Random(args.seed), args.wa_rows)
        ca_lines = generate_ca(random.Random(args.seed + 1), args.ca_rows, args.kernel_rows)
        for line in wa_lines:
            reread_wa(line)
        for line in ca_lines:
            reread_ca(line)
        kernel = sum(1 for line in ca_lines if is_kernel_line(line))
        if any(float(line.split(",")[1]) == 0 or float(line.split(",")[0]) < 0
               for line in ca_lines if is_kernel_line(line)):
            raise OracleError("a kernel-subset row has a zero duration or a negative begin time")
        if len(wa_lines) < args.wa_rows or len(ca_lines) < args.ca_rows or kernel < args.kernel_rows:
            raise OracleError("too few rows generated")

        wa_text = header(
            "Web Animations timing model, exact: phase, current iteration and directed progress (linear easing) at a "
            "local time.", command, args.seed, WA_COLUMNS,
            ["inf is infinity; backwards = playing backwards (negative playback rate); iteration is an integer, inf "
             "or null; progress is null when the active time is unresolved."]) + "\n".join(wa_lines) + "\n"
        ca_text = header(
            "Core Animation media timing (speed 1, timeOffset 0), exact, through the mapping onto Web Animations.",
            command, args.seed, CA_COLUMNS,
            ["Local time = parentTime - beginTime; a pass lasts duration (two per autoreverse cycle, the second "
             "backwards); active",
             "duration = repeatDuration if > 0, else repeatCount * cycle if > 0 (3.4028234663852886e+38 = "
             "Float.greatestFiniteMagnitude:",
             "forever), else one cycle; removedOnCompletion true turns fill forwards into none and both into "
             "backwards. iteration is",
             "the zero-based pass index. Kernel subset: rows with fillMode both, removedOnCompletion false, "
             "repeatDuration 0."]) + "\n".join(ca_lines) + "\n"

        os.makedirs(args.out_dir, exist_ok=True)
        wa_path = os.path.join(args.out_dir, "web-animations-exact.csv")
        ca_path = os.path.join(args.out_dir, "core-animation-exact.csv")
        temporaries = []
        try:
            temporaries.append(write_atomically(wa_path, wa_text))
            temporaries.append(write_atomically(ca_path, ca_text))
        except BaseException:
            for temporary in temporaries:
                os.unlink(temporary)
            raise
        os.replace(temporaries[0], wa_path)
        os.replace(temporaries[1], ca_path)
        print(f"timing-oracle: wrote {wa_path} ({len(wa_lines)} rows, {len(wa_text)} bytes) and {ca_path} "
              f"({len(ca_lines)} rows, {kernel} in the kernel subset, {len(ca_text)} bytes)")
        return 0
    except OracleError as error:
        print(f"timing-oracle: {error}; nothing written", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
