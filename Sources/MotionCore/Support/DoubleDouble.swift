/// An unevaluated sum `high` + `low` of two doubles (|low| ≤ ulp(high)/2 after `normalized`), about 106 significant
/// bits, built from error-free transformations that need no fused multiply-add (Dekker's product with Veltkamp's
/// split, Knuth's two-sum), so that the portable default build gives the same bits on every x86-64 and arm64 machine.
///
/// Each operation's relative error is a small multiple of 2^-104 of the magnitude of its operands' terms, as long as
/// every magnitude lies below 2^995 (Veltkamp's split multiplies by 2^27 + 1) and every product's rounding error is a
/// normal double (products at least 2^-969); `BezierRefinement` checks both before it trusts a result.
@usableFromInline
struct DoubleDouble: Sendable {
    /// The leading part.
    @usableFromInline var high: Double
    /// The trailing part.
    @usableFromInline var low: Double

    /// `high` + `low`, unrounded.
    @inlinable @inline(__always)
    init(_ high: Double, _ low: Double = 0) {
        self.high = high
        self.low = low
    }

    /// a + b exactly (Knuth's two-sum: six operations, any order of magnitudes).
    @inlinable @inline(__always)
    static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bVirtual = s - a
        let aVirtual = s - bVirtual
        return DoubleDouble(s, (a - aVirtual) + (b - bVirtual))
    }

    /// a + b exactly when |a| ≥ |b| or a = 0 (Dekker's fast two-sum).
    @inlinable @inline(__always)
    static func fastSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(s, b - (s - a))
    }

    /// Veltkamp's split of `a` into a high part of 26 significant bits and the exact rest.
    @inlinable @inline(__always)
    static func split(_ a: Double) -> (high: Double, low: Double) {
        let c = 134_217_729.0 * a
        let high = c - (c - a)
        return (high, a - high)
    }

    /// a·b exactly (Dekker's product), from the splits of a and b.
    @inlinable @inline(__always)
    static func product(_ a: Double, _ aSplit: (high: Double, low: Double), _ b: Double,
                        _ bSplit: (high: Double, low: Double)) -> DoubleDouble {
        let p = a * b
        let error = ((aSplit.high * bSplit.high - p) + aSplit.high * bSplit.low + aSplit.low * bSplit.high)
            + aSplit.low * bSplit.low
        return DoubleDouble(p, error)
    }

    /// a·b exactly (Dekker's product).
    @inlinable @inline(__always)
    static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        product(a, split(a), b, split(b))
    }

    /// The sum with `high` carrying the nearest double to it (fast two-sum of the parts).
    @inlinable @inline(__always)
    var normalized: DoubleDouble { Self.fastSum(high, low) }

    /// self + other, relative error a few 2^-106 of |self| + |other|.
    @inlinable @inline(__always)
    static func + (lhs: DoubleDouble, rhs: DoubleDouble) -> DoubleDouble {
        let s = sum(lhs.high, rhs.high)
        return fastSum(s.high, s.low + (lhs.low + rhs.low))
    }

    /// self + b.
    @inlinable @inline(__always)
    static func + (lhs: DoubleDouble, rhs: Double) -> DoubleDouble {
        let s = sum(lhs.high, rhs)
        return fastSum(s.high, s.low + lhs.low)
    }

    /// self·other, relative error a few 2^-104.
    @inlinable @inline(__always)
    static func * (lhs: DoubleDouble, rhs: DoubleDouble) -> DoubleDouble {
        let p = product(lhs.high, rhs.high)
        return fastSum(p.high, p.low + (lhs.high * rhs.low + lhs.low * rhs.high))
    }

    /// self·b, relative error a few 2^-104.
    @inlinable @inline(__always)
    static func * (lhs: DoubleDouble, rhs: Double) -> DoubleDouble {
        let p = product(lhs.high, rhs)
        return fastSum(p.high, p.low + lhs.low * rhs)
    }

    /// The negated sum.
    @inlinable @inline(__always)
    static prefix func - (operand: DoubleDouble) -> DoubleDouble {
        DoubleDouble(-operand.high, -operand.low)
    }
}
