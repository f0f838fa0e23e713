#!/usr/bin/env python3
"""Independent oracle for MotionBench's correctly rounded timing functions, in exact integer arithmetic.

Writes data/vectors/correctly-rounded-bezier.csv, correctly-rounded-bezier-slopes.csv and
correctly-rounded-steps.csv: for each double input, the double nearest the exact answer (ties to even). It shares no rule with MotionCore's solvers:

- cubic-bezier: the root t* of x(t) = x is bracketed by bisection on dyadic numbers n/2^k, with the sign of
  x(n/2^k) - x decided in exact integers (every double is an integer times 2^-1126 here); the output y over the
  bracket lies in the convex hull of y's Bernstein coefficients on it (its blossom values, by de Casteljau in
  integers), and bisection goes on until the smallest and largest coefficient round to the same double. Where
  x(n/2^k) = x exactly, y(t*) is exact. Slopes: the quotient of the hulls of both derivatives' Bernstein coefficients
  on the bracket, at its four corners, until both ends round to one double.
- steps(): CSS Easing 1's algorithm on the exact product x*n (an integer floor of a rational), then the exact quotient
  current/jumps rounded once.
- springs (data/vectors/correctly-rounded-springs.csv): the textbook closed forms in mpmath at 400 and 1,200 digits,
  each result's binary value rounded once; a case is kept only where both precisions give the same double.

Usage: python3 scripts/exact-oracle.py [--check]   (--check recomputes and compares with the files in the repo)
"""
import math
import random
import struct
import sys
from fractions import Fraction
from pathlib import Path

SCALE = 1126  # every finite double is an integer times 2^-SCALE... for |v| < 2^1024 (v * 2^SCALE is an integer)


def scaled(v):
    """v * 2^SCALE as an exact integer."""
    n, d = float(v).as_integer_ratio()
    return n * (1 << SCALE) // d


def round_dyadic(n, shift):
    """The double nearest n / 2^shift (n an integer), ties to even, with gradual underflow."""
    if n == 0:
        return 0.0
    sign = -1.0 if n < 0 else 1.0
    n = abs(n)
    # |value| in [2^e, 2^(e+1))
    e = n.bit_length() - 1 - shift
    lowest = max(e - 52, -1074)  # exponent of the last bit kept
    drop = -shift - lowest  # value / 2^lowest = n / 2^(shift + lowest) = n * 2^drop
    if drop >= 0:
        m = n << drop
    else:
        q, r = divmod(n, 1 << -drop)
        half = 1 << (-drop - 1)
        if r > half or (r == half and q & 1):
            q += 1
        m = q
    if lowest > 971 or (lowest == 971 and m >= 1 << 53):
        return sign * math.inf
    return sign * math.ldexp(m, lowest)


def double_of(text):
    return float(text)


class Bezier:
    """x(t) and y(t) of cubic-bezier(x1, y1, x2, y2) in exact integers."""

    def __init__(self, x1, y1, x2, y2):
        self.px = (0, scaled(x1), scaled(x2), 1 << SCALE)
        self.py = (0, scaled(y1), scaled(y2), 1 << SCALE)

    @staticmethod
    def blossom(p, n1, n2, n3, k):
        """The blossom P(n1/2^k, n2/2^k, n3/2^k) of the cubic with Bernstein values p, times 2^(3k + SCALE)."""
        one = 1 << k
        level = list(p)
        for n in (n1, n2, n3):
            level = [(one - n) * level[j] + n * level[j + 1] for j in range(len(level) - 1)]
        return level[0]

    def residual_sign(self, n, k, target):
        """The sign of x(n/2^k) - x for target = x * 2^SCALE."""
        value = self.blossom(self.px, n, n, n, k) - (target << (3 * k))
        return (value > 0) - (value < 0)

    def bisect(self, x, decide, exact):
        """Brackets t* in [n/2^k, (n+1)/2^k] by bisection with exact signs and returns decide(n, k) once it is not
        None (tried once the bracket is 2^-50 of t* wide), or exact(n, k) where x(n/2^k) = x exactly; None when
        undecided after the step limit."""
        target = scaled(x)
        # First the octave [2^-k, 2^-(k-1)], k the smallest with x(2^-k) <= x (binary search; t* >= x/3 > 2^-1076).
        lo, hi = 0, 1200
        while lo < hi:
            mid = (lo + hi) // 2
            if self.residual_sign(1, mid, target) <= 0:
                hi = mid
            else:
                lo = mid + 1
        k, n = lo, 1
        if self.residual_sign(1, k, target) == 0:
            return exact(1, k)
        octave = k
        for _ in range(4000):
            if k > octave + 50:
                answer = decide(n, k)
                if answer is not None:
                    return answer
            n, k = 2 * n + 1, k + 1
            sign = self.residual_sign(n, k, target)
            if sign == 0:
                return exact(n, k)
            if sign > 0:
                n -= 1
        return None

    def value(self, x):
        """The double nearest y(t*), or None if undecided after the step limit."""
        def decide(n, k):
            # The hull of y's Bernstein coefficients on the bracket, rounded at both ends.
            a, b = n, n + 1
            coefficients = [self.blossom(self.py, a, a, a, k), self.blossom(self.py, a, a, b, k),
                            self.blossom(self.py, a, b, b, k), self.blossom(self.py, b, b, b, k)]
            shift = 3 * k + SCALE
            low, high = round_dyadic(min(coefficients), shift), round_dyadic(max(coefficients), shift)
            return low if low == high else None
        return self.bisect(x, decide, self.exact_output)

    def slope(self, x):
        """The double nearest y'(t*)/x'(t*), or None where x'(t*) = 0 (vertical) or undecided."""
        def decide(n, k):
            # The quotient of the hulls of both derivatives' coefficients, at its four corners.
            xs = self.derivative_hull(self.px, n, n + 1, k)
            ys = self.derivative_hull(self.py, n, n + 1, k)
            if min(xs) <= 0:
                return None
            corners = [Fraction(yv, xv) for yv in (min(ys), max(ys)) for xv in (min(xs), max(xs))]
            low, high = round_fraction(min(corners)), round_fraction(max(corners))
            return low if low == high else None
        return self.bisect(x, decide, self.exact_slope)

    @staticmethod
    def derivative_hull(p, a, b, k):
        """The Bernstein coefficients on [a/2^k, b/2^k] of the derivative's quadratic (differences of p; the factor 3
        and the common scale cancel in a quotient)."""
        one = 1 << k
        d = [p[1] - p[0], p[2] - p[1], p[3] - p[2]]

        def blossom(n1, n2):
            level = d
            for n in (n1, n2):
                level = [(one - n) * level[j] + n * level[j + 1] for j in range(len(level) - 1)]
            return level[0]
        return [blossom(a, a), blossom(a, b), blossom(b, b)]

    def exact_slope(self, n, k):
        xs = self.derivative_hull(self.px, n, n, k)[0]
        ys = self.derivative_hull(self.py, n, n, k)[0]
        if xs == 0:
            return None
        return round_fraction(Fraction(ys, xs))

    def exact_output(self, n, k):
        return round_dyadic(self.blossom(self.py, n, n, n, k), 3 * k + SCALE)


def steps_value(count, position, x):
    """CSS Easing 1's step algorithm at input x (before flag clear), exactly, rounded once."""
    exact = Fraction(x) * count
    current = math.floor(exact)
    if position in ("jump-start", "jump-both"):
        current += 1
    jumps = {"jump-start": count, "jump-end": count, "jump-none": count - 1, "jump-both": count + 1}[position]
    if x >= 0 and current < 0:
        current = 0
    if x <= 1 and current > jumps:
        current = jumps
    q = Fraction(current, jumps)
    return round_fraction(q)


def round_fraction(q):
    if q == 0:
        return 0.0
    n, d = q.numerator, q.denominator
    # n/d = (n * 2^s / d) / 2^s with enough bits
    s = 1200 + d.bit_length()
    whole, rest = divmod(abs(n) << s, d)
    # sticky bit: make whole odd-ish beyond precision by appending a 1 if there is a rest
    whole = (whole << 1) | (1 if rest else 0)
    v = round_dyadic(whole, s + 1)
    return -v if n < 0 else v


def spring_values(m, k, c, v0, t):
    """Progress and velocity of the spring (m, k, c, initial velocity v0) at time t > 0, each the double nearest the
    exact value: mpmath at 400 and 1,200 significant digits, kept only where both round to the same double."""
    import mpmath
    answers = []
    for dps in (400, 1200):
        with mpmath.workdps(dps):
            M, K, C, V, T = (mpmath.mpf(float(v)) for v in (m, k, c, v0, t))
            r = -V
            lam = C / (2 * M)
            disc = 4 * M * K - C * C  # exact: products of doubles fit in 400 digits
            if disc > 0:
                w = mpmath.sqrt(disc) / (2 * M)
                cos, sin = mpmath.cos(w * T), mpmath.sin(w * T) / w
            elif disc == 0:
                cos, sin = mpmath.mpf(1), T
            else:
                g = mpmath.sqrt(-disc) / (2 * M)
                cos, sin = mpmath.cosh(g * T), mpmath.sinh(g * T) / g
            e = mpmath.exp(-lam * T)
            progress = 1 - e * (cos + (r + lam) * sin)
            velocity = -(e * (cos * r - sin * (lam * r + K / M)))
            answers.append(tuple(mp_to_double(v) for v in (progress, velocity)))
    return answers[0] if answers[0] == answers[1] else None


def mp_to_double(value):
    """The double nearest an mpmath number (its exact binary value rounded once)."""
    import mpmath
    if value == 0:
        return 0.0
    if abs(value) < mpmath.mpf(2) ** -1100:
        return -0.0 if value < 0 else 0.0
    if abs(value) > mpmath.mpf(2) ** 1100:
        return -math.inf if value < 0 else math.inf
    man, exp = mpmath.mpf(value).man_exp  # the mantissa's magnitude; the sign is the value's
    man = -int(man) if value < 0 else int(man)
    return round_dyadic(man, -int(exp)) if exp <= 0 else round_dyadic(man << int(exp), 0)


def spring_cases():
    rng = random.Random(4803)
    cases = []
    springs = [(1, 100, 10, 0), (1, 100, 20, 0), (1, 100, 30, 0), (1, 100, 0, 0), (1, 170, 26, 0), (1, 381.47, 20.1, 0),
               (0.5, 200, 10, 3), (2, 50, 1, -5), (1, 1e5, 100, 0), (1, 100, 20 * (1 + 2.0 ** -30), 0),
               (1, 100, 20 * (1 - 2.0 ** -30), 0), (1, 100, 20 * (1 - 2.0 ** -52), 0), (1, 25, 10, 0), (3, 7, 9, 1.5)]
    for _ in range(40):
        springs.append((rng.uniform(0.2, 5), rng.uniform(2, 1500), rng.uniform(0, 80), rng.uniform(-10, 10)))
    times = [1e-300, 1e-100, 1e-20, 1e-9, 1e-6, 0.001, 0.25, 1, 2.5, 10, 100, 8651.0]
    for spring in springs:
        for t in times + [rng.uniform(0, 3) for _ in range(6)]:
            cases.append((spring, t))
    # Extremes: heavily over-damped (e^{γt} alone would overflow), undamped at huge times, huge initial velocities.
    for spring in [(1, 1, 1e6, 0), (1, 1e-6, 0, 0), (1, 100, 0, 1e10), (1, 1e4, 1e3, -1e5), (2, 3, 1e-8, 0)]:
        for t in (1e-6, 1, 1e3, 1e5, 1e15, 1e300):
            cases.append((spring, t))
    return cases


def neighbours(x, count):
    """x and `count` doubles on each side."""
    out = [x]
    up = down = x
    for _ in range(count):
        up = math.nextafter(up, math.inf)
        down = math.nextafter(down, -math.inf)
        out += [up, down]
    return out


def bezier_cases():
    rng = random.Random(48)
    cases = []

    def add(curve, inputs, note):
        for x in inputs:
            if 0 < x < 1:
                cases.append((curve, x, note))

    vertical = [(1, 0, 0, 1), (1, 0.2, 0, 0.8), (1, -0.5, 0, 1.5), (1, 1, 0, 0), (1, 0.3, 0, 0.1), (1, 2, 0, -1)]
    for curve in vertical:
        inputs = neighbours(0.5, 60)
        inputs += [0.5 + s * 2.0 ** -k for k in range(2, 60) for s in (1, -1)]
        inputs += [rng.uniform(0.5 - 1e-6, 0.5 + 1e-6) for _ in range(40)]
        add(curve, inputs, "interior vertical tangent")
    for eps in (1e-12, 1e-9, 1e-6, 2.0 ** -40):
        curve = (1 - eps, 0, eps, 1)
        inputs = neighbours(0.5, 40) + [0.5 + s * 2.0 ** -k for k in range(2, 56) for s in (1, -1)]
        add(curve, inputs, "near-singular")
    ends = [(0, 1, 1, 0), (0, 1, 0, 1), (0, 0, 0.58, 1), (0.42, 0, 1, 1), (0, 0.5, 1, 0.5), (0.25, 0.1, 0.25, 1)]
    for curve in ends:
        inputs = [2.0 ** -k for k in range(1, 1075, 3)] + [3 * 2.0 ** -k for k in range(2, 1070, 29)]
        inputs += [1 - 2.0 ** -k for k in range(2, 54)] + [1e-300, 5e-324, 2.2250738585072014e-308]
        add(curve, inputs, "end")
    presets = [(0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.4, 0, 0.2, 1),
               (0.68, -0.6, 0.32, 1.6), (0.36, 0, 0.66, -0.56), (0.5, -1, 0.5, 2), (0.7, -0.5, 0.3, 1.5)]
    for curve in presets:
        add(curve, [rng.random() for _ in range(300)] + neighbours(0.5, 5) + neighbours(0.25, 5), "preset")
    for _ in range(1000):
        curve = (rng.random(), rng.uniform(-2, 3), rng.random(), rng.uniform(-2, 3))
        add(curve, [rng.random() for _ in range(2)], "random")
    extreme = [(0.3, 1e300, 0.7, -1e300), (0.2, 1.7976931348623157e308, 0.8, 1), (0.5, -1e308, 0.5, 1e308),
               (1e-300, 0, 1, 1e-300), (0.1, 1e-300, 0.9, 1), (0, 1e200, 1, -1e200)]
    for curve in extreme:
        add(curve, [rng.random() for _ in range(60)] + [2.0 ** -k for k in range(1, 1075, 50)], "extreme")
    return cases


def steps_cases():
    cases = []
    for count in (1, 2, 3, 5, 7, 10, 12, 49, 100, 1000, 12345):
        for position in ("jump-start", "jump-end", "jump-none", "jump-both"):
            if position == "jump-none" and count < 2:
                continue
            for kk in range(0, count + 1, max(1, count // 25)):
                for x in neighbours(kk / count, 2):
                    if 0 <= x <= 1:
                        cases.append((count, position, x))
    return cases


def main():
    root = Path(__file__).resolve().parent.parent / "data" / "vectors"
    check = "--check" in sys.argv
    bezier_rows = []
    undecided = 0
    for (x1, y1, x2, y2), x, note in bezier_cases():
        y = Bezier(x1, y1, x2, y2).value(x)
        if y is None:
            undecided += 1
            continue
        bezier_rows.append(f"{float(x1)!r},{float(y1)!r},{float(x2)!r},{float(y2)!r},{x!r},{y!r},{note}")
    slope_rows = []
    for index, ((x1, y1, x2, y2), x, note) in enumerate(bezier_cases()):
        if index % 4:
            continue
        slope = Bezier(x1, y1, x2, y2).slope(x)
        if slope is None or math.isinf(slope):
            continue
        slope_rows.append(f"{float(x1)!r},{float(y1)!r},{float(x2)!r},{float(y2)!r},{x!r},{slope!r},{note}")
    steps_rows = [f"{n},{p},{x!r},{steps_value(n, p, x)!r}" for n, p, x in steps_cases()]
    spring_rows = []
    for (m, k, c, v0), t in spring_cases():
        values = spring_values(m, k, c, v0, t)
        if values is None:
            continue
        spring_rows.append(f"{float(m)!r},{float(k)!r},{float(c)!r},{float(v0)!r},{float(t)!r},{values[0]!r},{values[1]!r}")
    header_b = ("# Correctly rounded cubic-bezier outputs: the double nearest y(t*) for the double control values and input.\n"
                "# Source: scripts/exact-oracle.py (exact integer bisection and Bernstein hulls; shares no rule with MotionCore).\n"
                "# Columns: x1,y1,x2,y2,input,expected,note\n")
    header_s = ("# Correctly rounded steps() outputs (before flag clear), CSS Easing 1's algorithm on exact rationals.\n"
                "# Source: scripts/exact-oracle.py.\n"
                "# Columns: count,position,input,expected\n")
    header_d = ("# Correctly rounded cubic-bezier slopes dy/dx = y'(t*)/x'(t*) (finite ones; vertical tangents left out).\n"
                "# Source: scripts/exact-oracle.py (exact integer bisection, Bernstein hulls of both derivatives).\n"
                "# Columns: x1,y1,x2,y2,input,expected slope,note\n")
    header_p = ("# Correctly rounded spring progress and velocity: the doubles nearest the exact motion for the double mass,\n"
                "# stiffness, damping, initial velocity and time (regime from 4mk - c^2 exactly).\n"
                "# Source: scripts/exact-oracle.py (mpmath at 400 and 1,200 digits, kept where both round alike).\n"
                "# Columns: mass,stiffness,damping,initialVelocity,time,progress,velocity\n")
    files = {root / "correctly-rounded-bezier.csv": header_b + "\n".join(bezier_rows) + "\n",
             root / "correctly-rounded-springs.csv": header_p + "\n".join(spring_rows) + "\n",
             root / "correctly-rounded-bezier-slopes.csv": header_d + "\n".join(slope_rows) + "\n",
             root / "correctly-rounded-steps.csv": header_s + "\n".join(steps_rows) + "\n"}
    for path, text in files.items():
        if check:
            if path.read_text() != text:
                sys.exit(f"{path} differs from the oracle's output")
        else:
            path.write_text(text)
    print(f"bezier: {len(bezier_rows)} vectors ({undecided} undecided, left out); slopes: {len(slope_rows)}; "
          f"steps: {len(steps_rows)} vectors; springs: {len(spring_rows)}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
