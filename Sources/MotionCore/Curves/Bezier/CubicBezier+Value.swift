/// The output of a cubic-Bézier timing curve at an input: correctly rounded (`value(at:)`, `exactValue(at:)`,
/// `checkedValue(at:)`), and the first-order paths the batch kernels and the tests use, with the representation's
/// route to each.
extension CubicBezier {
    /// The output progress at input `x`, correctly rounded: the double nearest y(t*), ties to even, where t* is the
    /// exact root of x(t) = x for the curve's double control values and the double input `x`, inside [0, 1]; outside,
    /// the double nearest the CSS tangent line's exact value (clamped to the finite range where that exceeds it).
    /// Inputs 0 and 1 give exactly 0 and 1, and on a curve whose y1, y2 lie in [0, 1] the output never decreases from
    /// one double to the next (correct rounding of a non-decreasing function).
    ///
    /// How: the inverter's frame root, one Newton step against the exact curve in double-double arithmetic with a
    /// rigorous error bound and a rounding test (`BezierRefinement`); where the test cannot decide (rarely on ordinary
    /// curves, more often right next to vertical tangents and below 2^-900), exact multi-precision arithmetic
    /// (`ExactBezierValue`, tens to hundreds of microseconds). The identity curve returns its input. About 440
    /// instructions more than the first-order solver: see docs/results.md for the cost.
    @inlinable @inline(__always)
    public func value(at x: Double) -> Double {
        if x > 0, x < 1 {
            if isIdentity { return x }
            return correctlyRoundedInteriorValue(x)
        }
        return tangents.exactValue(at: x)
    }

    /// `value(at:)` for x in (0, 1) on a curve that is not the identity.
    @usableFromInline
    func correctlyRoundedInteriorValue(_ x: Double) -> Double {
        // Optional chaining borrows the tables; binding them (`guard let tables`) would retain and release them on
        // every call.
        guard let root = tables?.frameRoot(forInterior: x) else { return tablelessInteriorValue(x) }
        if let y = refinement.value(v: root.v, frame: root.frame, target: root.target) { return y }
        return exactInteriorValue(x, guess: root.frame == 0 ? root.v : 1 - root.v)
    }

    /// The correctly rounded output at `x` from the exact multi-precision path alone (`ExactBezierValue` in (0, 1), the
    /// exact tangent outside): the same answer as `value(at:)`, by a path that shares none of its fast path's
    /// arithmetic; tens to hundreds of microseconds per call, for checks and references.
    public func exactValue(at x: Double) -> Double {
        guard x > 0, x < 1 else { return tangents.exactValue(at: x) }
        if isIdentity { return x }
        return ExactBezierValue.value(x1: x1, y1: y1, x2: x2, y2: y2, at: x, guess: x)
    }

    /// `value(at:)`'s slow path: `ExactBezierValue` from the parameter `guess`.
    @usableFromInline @inline(never)
    func exactInteriorValue(_ x: Double, guess: Double) -> Double {
        ExactBezierValue.value(x1: x1, y1: y1, x2: x2, y2: y2, at: x, guess: guess)
    }

    /// The solver's first-order output at input `x` (what `value(at:)` returned before it was correctly rounded, and
    /// what the batch kernels compute): within |y − y_true| ≤ 1e-12 + 4e-16·|dy/dx| + 8·2^-53·max(1, |y1|, |y2|),
    /// from certified rows where the curve has them. Kept for the tests of the inverter and the rows.
    @inlinable @inline(__always)
    func approximateValue(at x: Double) -> Double {
        if x >= CubicBezierInverter.smallestFirstOrderTarget, x < 1 {
            if takesShortcut { return isIdentity ? x : rowsInteriorValue(x) }
            return interiorValue(x)
        }
        return extrapolatedValue(at: x)
    }

    /// `interiorValue(_:)` on a curve with certified rows (which has tables): the input's row, or its subrow where the
    /// row is split, looked up once and used when kept (a parameter row's t gives y in the Newton step's arithmetic,
    /// or the vertex form in the stationary inflection's window), else `interiorValue(_:)`.
    @usableFromInline
    func rowsInteriorValue(_ x: Double) -> Double {
        guard let tables else { return interiorValue(x) }
        let row = tables.row(forInterior: x)
        if row.kept {
            if row.isOutput { return CubicBezierInverter.curveValue(row.value, offset: row.offset, sign: row.sign) }
            guard let inflection else { return tables.output(frameParameter: row.value, frame: row.frame).y }
            let t = CubicBezierInverter.curveValue(row.value, offset: row.offset, sign: row.sign)
            if inflection.answersEveryRow { return inflection.y(t: t) }
            let y = tables.output(frameParameter: row.value, frame: row.frame).y
            // Both forms, and the window's choice by a mask rather than a branch: on shuffled inputs a window that
            // holds a third of them would mispredict the branch a third of the time.
            let inside = UInt64(0) &- UInt64(inflection.contains(x) ? 1 : 0)
            let vertex = inflection.y(t: t)
            return Double(bitPattern: (vertex.bitPattern & inside) | (y.bitPattern & ~inside))
        }
        return interiorValue(x)
    }

    /// `value(at:)` for x in [2^-900, 1) on a curve that is not the identity: the inverter's fast step, and where its
    /// row does not certify it (below 2^-20 next to a flat start, next to vertical tangents, huge control values)
    /// `completeInteriorValue(_:)`, called last so that the fast path needs no stack frame.
    @usableFromInline
    func interiorValue(_ x: Double) -> Double {
        // Above 0.5, 1 − y is the small quantity: the inverter computes it directly so outputs next to 1 are exact.
        guard let tables else { return tablelessApproximateValue(x) }
        let (regular, t, final) = tables.fastStep(forInterior: x)
        guard final else { return completeInteriorValue(x) }
        return withInflection(regular, x: x, t: t)
    }

    /// `value(at:)` for x in (0, 1) on a curve that is not the identity, on every path of the inverter.
    @usableFromInline @inline(never)
    func completeInteriorValue(_ x: Double) -> Double {
        guard let tables else { return tablelessApproximateValue(x) }
        let (regular, t) = tables.valueAndParameter(forInterior: x)
        return withInflection(regular, x: x, t: t)
    }

    /// `regular`, the output at input `x` and parameter `t`, or the vertex form where `x` lies in the stationary
    /// inflection's window.
    @inlinable @inline(__always)
    func withInflection(_ regular: Double, x: Double, t: Double) -> Double {
        guard let inflection, inflection.contains(x) else { return regular }
        return inflection.y(t: t)
    }

    /// `value(at:)`, and whether its exact value fits the `Double` range: false only outside [0, 1], where a tangent
    /// line's value beyond ±1.8e308 is clamped to ±`greatestFiniteMagnitude` (inside [0, 1] the exact output always
    /// fits: |y| ≤ 0.75·max(|y1|, |y2|) + 1).
    public func checkedValue(at x: Double) -> (value: Double, fits: Bool) {
        guard x < 0 || x > 1 else { return (value(at: x), true) }
        return Self.clamped(tangents.unclampedExactValue(at: x))
    }
}
