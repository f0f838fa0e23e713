#!/usr/bin/env python3
"""Writes data/vectors/correctly-rounded-bezier-end-slopes.csv: the slope dy/dx of cubic-bezier(x1, y1, x2, y2) at
x = 0 and x = 1, correctly rounded, from exact rationals (fractions.Fraction) alone.

The curve is x(t) = a·t³ + b·t² + c·t (c = 3·x1, b = 3·x2 − 6·x1, a = 1 + 3·x1 − 3·x2) and y(t) likewise; its slope at
an end is the limit of y'(t)/x'(t), which is the quotient of the first derivatives of x and y, at that t, that are not
both 0 (L'Hôpital). Where that derivative of x is 0 and y's is not, the tangent is vertical (left out: infinite). The
quotient is rounded once to the nearest double (int / int true division in CPython is correctly rounded).

Usage: python3 scripts/end-slope-oracle.py [SEED]
"""
import random
import sys
from fractions import Fraction
from pathlib import Path


def derivatives(p1, p2, t):
    """x'(t), x''(t), x'''(t) of the Bernstein cubic with end values 0 and 1 and control values p1, p2."""
    p1, p2, t = Fraction(p1), Fraction(p2), Fraction(t)
    c, b, a = 3 * p1, 3 * p2 - 6 * p1, 1 + 3 * p1 - 3 * p2
    return [3 * a * t * t + 2 * b * t + c, 6 * a * t + 2 * b, 6 * a]


def end_slope(x1, y1, x2, y2, t):
    """The correctly rounded slope at parameter t in {0, 1}, or None for a vertical tangent."""
    for dx, dy in zip(derivatives(x1, x2, t), derivatives(y1, y2, t)):
        if dx == 0 and dy == 0:
            continue
        if dx == 0:
            return None
        q = dy / dx
        return q.numerator / q.denominator
    return None


def curves(rng):
    """The issue's examples, then curves of every end case with values that are not short decimals."""
    yield (0.0, 0.0, 0.6893998712479299, 0.18)
    yield (0.68, 1.1, 1.0, 1.0)
    yield (0.42, 0.0, 1.0, 1.0)
    yield (0.0, 0.0, 0.58, 1.0)
    yield (0.0, 0.0, 0.0, 0.0)
    yield (1.0, 1.0, 1.0, 1.0)
    yield (0.25, 0.1, 0.25, 1.0)
    def unit():
        return rng.choice([rng.random(), round(rng.random(), 2), round(rng.random(), 3), rng.random() * 1e-8])
    def output():
        return rng.choice([rng.uniform(-1, 2), round(rng.uniform(-1, 2), 2), rng.uniform(0, 1), rng.uniform(-50, 50)])
    for k in range(600):
        x1, y1, x2, y2 = unit(), output(), unit(), output()
        case = k % 4
        if case == 1:
            x1, y1 = 0.0, 0.0
        elif case == 2:
            x2, y2 = 1.0, 1.0
        elif case == 3:
            x1, y1, x2, y2 = 0.0, 0.0, 1.0, 1.0
            if k % 8 == 3:
                x1, y1 = unit(), output()
            else:
                x2, y2 = unit(), output()
        yield (x1, y1, x2, y2)


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 20261208)
    rows = []
    for x1, y1, x2, y2 in curves(rng):
        for x, t in ((0.0, 0), (1.0, 1)):
            slope = end_slope(x1, y1, x2, y2, t)
            if slope is None:
                continue
            rows.append(f"{x1!r},{y1!r},{x2!r},{y2!r},{x!r},{slope!r},end")
    out = Path(__file__).resolve().parent.parent / "data/vectors/correctly-rounded-bezier-end-slopes.csv"
    out.write_text("# Correctly rounded cubic-bezier slopes at x = 0 and x = 1 (scripts/end-slope-oracle.py: exact\n"
                   "# rationals, the first derivatives of x and y that are not both 0, one rounding). Vertical tangents\n"
                   "# are left out. Columns: x1,y1,x2,y2,input,expected slope,note\n" + "\n".join(rows) + "\n")
    print(f"wrote {out}: {len(rows)} rows")


if __name__ == "__main__":
    main()
