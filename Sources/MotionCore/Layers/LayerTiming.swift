/// Per-layer Core Animation timing for the batch evaluator: each layer has its own begin time, duration, repeat count
/// and autoreverse flag, and holds its values outside the active interval (fill both, not removed on completion).
///
/// `sample(_:time:)` is the Web Animations procedure that `MediaTiming.evaluate` runs, specialised to delay 0, end
/// delay 0, iteration start 0 and fill both: in doubles, branch-free, where that is provably exact, and by the exact
/// procedure (`TimingProcedure`) for the rare layer whose time lies within a few rounding errors of a boundary, so
/// that the phase and the iteration are always the exact ones.
struct LayerTiming: @unchecked Sendable {
    /// Begin time in seconds since the run's clock started.
    let begin: UnsafeMutablePointer<Double>
    /// Duration of one pass in seconds (> 0).
    let duration: UnsafeMutablePointer<Double>
    /// Engine iterations: passes × max(repeatCount, 1), infinite for `MediaTiming.forever`.
    let iterations: UnsafeMutablePointer<Double>
    /// 1 when each cycle autoreverses (direction alternate), else 0.
    let alternates: UnsafeMutablePointer<Double>

    /// Columns this timing reads per layer.
    static let columnCount = 4

    /// Timing read from columns `first`…`first + 3` of `columns`.
    init(_ columns: LayerColumns, first: Int) {
        (begin, duration, iterations, alternates) = (columns[first], columns[first + 1], columns[first + 2], columns[first + 3])
    }

    /// Stores layer `index`'s timing: `begin` seconds, `duration` seconds (> 0), `repeatCount` as Core Animation
    /// counts it (0 means once; fractional allowed), and `autoreverses`.
    func set(_ index: Int, begin: Double, duration: Double, repeatCount: Double, autoreverses: Bool) {
        let passes: Double = autoreverses ? 2 : 1
        self.begin[index] = begin
        self.duration[index] = duration
        iterations[index] = repeatCount > 0 ? (repeatCount >= MediaTiming.forever ? .infinity : repeatCount * passes) : passes
        alternates[index] = autoreverses ? 1 : 0
    }

    /// The begin time of layer `index`, in seconds.
    func beginTime(_ index: Int) -> Double { begin[index] }

    /// Layer `index`'s stored timing: the duration of one pass in seconds, the engine iterations (passes ×
    /// max(repeatCount, 1), infinite for `MediaTiming.forever`) and whether each cycle autoreverses.
    func parameters(_ index: Int) -> (duration: Double, iterations: Double, autoreverses: Bool) {
        (duration[index], iterations[index], alternates[index] != 0)
    }

    /// The duration column (seconds per pass), for kernels whose children's timing is derived from it.
    var durations: UnsafePointer<Double> { UnsafePointer(duration) }

    /// Layer `index`'s timing at `time`: directed progress in [0, 1], the before flag that `steps()` reads, and whether
    /// it is mid-animation, with the phase and the iteration decided exactly (`exactSample` where the rounded
    /// procedure cannot tell).
    @inline(__always)
    func sample(_ index: Int, time: Double) -> LayerTimingSample {
        Self.sample(time: time, begin: begin[index], duration: duration[index], iterations: iterations[index],
                    alternation: alternates[index])
    }

    /// The same for one set of timing values: a layer that begins at `begin` seconds, with `iterations` passes of
    /// `duration` seconds (both positive), alternating direction when `alternation` is 1, at `time` seconds.
    @inline(__always)
    static func sample(time: Double, begin: Double, duration: Double, iterations: Double, alternation: Double)
        -> LayerTimingSample
    {
        let rounded = roundedSample(local: time - begin, duration: duration, iterations: iterations,
                                    alternation: alternation)
        guard rounded.isDoubtful else { return rounded.sample }
        return exactSample(time: ExactSum(time, -begin), duration: duration, iterations: iterations,
                           alternates: alternation != 0)
    }

    /// The rounded procedure for layer `index` at `time`, and whether it is doubtful (a time within a few rounding
    /// errors of an iteration or end boundary), for loops that repair doubtful layers afterwards with `exactSample`.
    @_transparent
    func roundedSample(_ index: Int, time: Double) -> (sample: LayerTimingSample, isDoubtful: Bool) {
        Self.roundedSample(local: time - begin[index], duration: duration[index], iterations: iterations[index],
                           alternation: alternates[index])
    }

    /// The directed progress of layers `index` and `index + 1` at `time` by the rounded procedure, with a negative value
    /// in a lane whose answer is doubtful (to be repaired by `exactSample`), and the doubt itself (0 where the answer
    /// stands, positive where it is doubtful): `roundedSample` on explicit two-lane vectors, with the same decisions and
    /// a doubt that covers the scalar form's. Written on lanes because the compiler's cost model declines to vectorise the scalar form once the
    /// doubt is computed.
    @_transparent
    func roundedDirectedLanes(_ index: Int, time: Double) -> (directed: SIMD2<Double>, doubt: SIMD2<Double>) {
        let local = SIMD2(repeating: time) - lanes(begin, index)
        let d = lanes(duration, index), n = lanes(iterations, index), alternation = lanes(alternates, index)
        let zero = SIMD2<Double>.zero, one = SIMD2<Double>.one
        // Flags as lanes of 0 and 1, each mask used once, straight from its compare (combined masks cost far more than
        // the arithmetic).
        let active = d * n
        let quotient = local / d
        let after = zero.replacing(with: one, where: local .>= active)
        // The overall progress as min(max(q, 0), n) (a `maxpd` and a `minpd`, where selects cost three instructions
        // each): 0 before the start, q in the active interval, and n after the end wherever the answer is not
        // doubtful (q < n after the end only within a rounding error of it, which `nearEnd` marks).
        let overall = Self.atMost(n, Self.atLeastZero(quotient))
        let half = Self.capped(overall * 0.5)
        let pairFraction = half - Self.floorBelowTwoToThe52(half)
        let odd = zero.replacing(with: one, where: pairFraction .>= 0.5)
        let fraction = 2 * pairFraction - odd
        let end = zero.replacing(with: one, where: fraction .== zero) * after
        let simple = fraction + end
        // Backwards where the direction alternates and exactly one of `odd` and `end` is 1: c = |alternation·(odd −
        // end)| is then 1, else 0, and |simple − c| is simple or 1 − simple bit for bit (simple is in [0, 1], and
        // s − 1 rounds to −(1 − s) under round-to-nearest).
        let directed = laneMagnitudes(simple - laneMagnitudes(alternation * (odd - end)))
        // Near the end, the scalar form's test. Near a whole number of passes, a product instead of the nearer whole
        // number, which needs a select: the flag then covers a little more than the scalar form's (f·(1 − f) < q·2^-49
        // holds wherever min(f, 1 − f) < q·2^-50), and a doubtful layer is only ever repaired, never wrong.
        let nearEnd = zero.replacing(with: one, where: laneMagnitudes(local - active) .<= local * 0x1p-50)
        // (Gated by "not after the end" as 1 − after masked by the compare: one `andpd`, where a product of two flags
        // costs a mask, a multiply and an add.)
        let nearWhole = maskedLanes(one - after, fraction * (one - fraction) .< quotient * 0x1p-49)
        let doubt = nearEnd + nearWhole
        return (directed - 4 * doubt, doubt)
    }

    /// max(x, +0) lane by lane (one `maxpd`): +0 for every x ≤ 0, −0 included. x is not NaN.
    @_transparent
    static func atLeastZero(_ x: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2<Double>.zero.replacing(with: x, where: x .> .zero)
    }

    /// min(x, bound) lane by lane (one `minpd`): `bound` where x is not below it. Neither is NaN.
    @_transparent
    static func atMost(_ bound: SIMD2<Double>, _ x: SIMD2<Double>) -> SIMD2<Double> {
        bound.replacing(with: x, where: x .< bound)
    }

    /// min(x, 2^52) lane by lane (one `minpd`), for x ≥ 0: from 2^52 on every double is a whole number, and 2^52 is an
    /// even one, so x and min(x, 2^52) have the same fraction (0) and the same parity of their half, the two things the
    /// rounded procedure reads from half the overall progress; below 2^52 it is x itself.
    @_transparent
    static func capped(_ x: SIMD2<Double>) -> SIMD2<Double> {
        let cap = SIMD2<Double>(repeating: 0x1p52)
        return cap.replacing(with: x, where: x .< cap)
    }

    /// ⌊x⌋ lane by lane for 0 ≤ x ≤ 2^52, as `nonNegativeFloor(_:)` computes it there (x + 2^52 − 2^52 rounds x to a
    /// whole number, exactly 2^52 at 2^52, and a compare corrects it downward), without its test for larger x.
    @_transparent
    static func floorBelowTwoToThe52(_ x: SIMD2<Double>) -> SIMD2<Double> {
        let rounded = (x + 0x1p52) - 0x1p52
        return rounded - SIMD2<Double>.zero.replacing(with: .one, where: rounded .> x)
    }

    /// Layer `index`'s timing at `time` with every decision exact: the Web Animations procedure (`TimingProcedure`)
    /// at the unrounded local time time − begin. Never inlined: it is the rare path, and inlined it would crowd the
    /// kernels' loops out of the optimiser's inlining budget.
    @inline(never)
    func exactSample(_ index: Int, time: Double) -> LayerTimingSample {
        Self.exactSample(time: ExactSum(time, -begin[index]), duration: duration[index], iterations: iterations[index],
                         alternates: alternates[index] != 0)
    }

    /// The directed progress of a card flip's two children at the child local time `local` (its group's progress times
    /// the group's duration `duration` seconds, so in [0, duration]): the rotation's one pass of `duration` seconds,
    /// and the scale's two autoreversing passes of `duration`/2.
    ///
    /// Both come from the one correctly rounded quotient r = local/duration. One pass: 1 at its end (local = duration),
    /// else r. Two passes of h = duration/2: the quotient local/h is 2r exactly (scaling by 2 is exact for a normal
    /// duration); the first pass gives 2r, the backward second 1 − (2r − 1), which is 2 − 2r exactly (2r − 1 and its
    /// complement are exact for 2r in [1, 2)), and the end (2r = 2) gives 0: min(2r, 2 − 2r) in all three. These are
    /// the bits `roundedSample` gives for these timings (+0 added turns a −0 progress into +0, as its sum does), except
    /// where r rounds up to 1 while local < duration: there the general procedure, which takes 1 for a whole number of
    /// passes done, gave the rotation 0 (a next pass that does not exist), and this gives 1, the rounded quotient.
    @_transparent
    static func cardFlipChildren(local: Double, duration: Double) -> (onePass: Double, twoPasses: Double) {
        let r = local / duration, q = 2 * r
        let onePass = local >= duration ? 1 : r + 0
        let backward = 2 - q
        return (onePass, (q < backward ? q : backward) + 0)
    }

    /// Replaces every negative entry of `values` over `layers` (a directed progress is never negative: a negative value
    /// marks a doubtful layer) by `exact(i)`.
    @inline(__always)
    static func repairMarked(_ values: UnsafeMutablePointer<Double>, layers: Range<Int>, exact: (Int) -> Double) {
        for i in layers where values[i] < 0 { values[i] = exact(i) }
    }

    /// The exact procedure at the local time `time`, fill both, iteration start 0 (never inlined: the rare path).
    @inline(never)
    static func exactSample(time: ExactSum, duration: Double, iterations: Double, alternates: Bool)
        -> LayerTimingSample
    {
        let procedure = TimingProcedure(duration: duration, iterations: iterations, fill: .both,
                                        direction: alternates ? .alternate : .normal)
        let outcome = procedure.evaluate(at: time)
        return LayerTimingSample(directed: outcome.directed ?? 0, before: outcome.before,
                                 isActive: outcome.phase == .active)
    }

    /// The procedure in doubles, with the direction flag as stored, 1 (alternate) or 0, and whether its answer is
    /// doubtful. Written with selects rather than branches, and with every flag kept as a double or a compare of
    /// doubles (a Bool flag combined with others costs the vectorised loop shuffles): layers in one loop sit in
    /// different phases and directions, and a mispredicted branch per layer would cost more than the arithmetic.
    ///
    /// Exact where it is not doubtful: the local time is rounded once (relative error ≤ 2^-53) and so is d·n, so
    /// "local ≥ d·n" can differ from the exact comparison only when the two lie within 2^-52 of each other
    /// (doubtful below 2^-50); the overall progress local/d errs by at most 2^-52 relatively, so its floor can differ
    /// only within that distance of an integer (doubtful below q·2^-50). Before the start the progress is 0, and after
    /// the end the overall progress is n itself, never a quotient: both exact.
    ///
    /// One floor serves both the progress and the direction: with p the overall progress (iterations done), p/2 is
    /// exact, its fraction r = p/2 − ⌊p/2⌋ is exact, the pass progress p − ⌊p⌋ is exactly 2r or 2r − 1, and the pass
    /// index ⌊p⌋ is odd exactly when r ≥ 1/2. (Below 2^-1021, where p/2 is subnormal, the progress may differ from
    /// p − ⌊p⌋ by one subnormal spacing.)
    @_transparent
    static func roundedSample(local: Double, duration d: Double, iterations n: Double, alternation: Double)
        -> (sample: LayerTimingSample, isDoubtful: Bool)
    {
        let active = d * n
        let isBefore = local < 0, isAfter = local >= active  // d and n are positive: after is after the start
        let activeTime = isBefore ? 0 : (isAfter ? active : local)
        // After the end the overall progress is n itself, chosen by arithmetic on the always-computed quotient: as a
        // select (`isAfter ? n : activeTime / d`) the compiler moves the division into a branch, and a loop of this no
        // longer vectorises. n + 0·q is n exactly (q is finite); n is infinite only where the end is never reached.
        let quotient = activeTime / d
        let afterFlag: Double = isAfter ? 1 : 0
        let overall = (isAfter ? n : 0) + (1 - afterFlag) * quotient
        let half = overall * 0.5
        let pairFraction = half - nonNegativeFloor(half)
        let odd: Double = pairFraction >= 0.5 ? 1 : 0
        let fraction = 2 * pairFraction - odd
        // At the end (fraction 0 after the active interval) the last pass reports progress 1, and the iteration is the
        // pass index less one. (Written on activeTime == active, true after the start only in the after phase: a form
        // that keeps the load of n unconditional, which vectorising needs.)
        let end: Double = (fraction == 0 ? 1 : 0) * (activeTime == active ? 1 : 0) * (isBefore ? 0 : 1)
        let simple = fraction + end
        // The iteration is odd when exactly one of `odd` and `end` is 1; it runs backwards if it also alternates.
        let backwards = alternation * (odd - end) != 0
        // The doubt, as flags of 0 and 1 combined by arithmetic (short-circuit logic would keep a loop from
        // vectorising): near the end, or before it near a whole number of passes.
        let nearEnd: Double = (local - active).magnitude <= local * 0x1p-50 ? 1 : 0
        let nearestWhole = fraction > 0.5 ? 1 - fraction : fraction
        let nearWhole: Double = nearestWhole < quotient * 0x1p-50 ? 1 : 0
        return (LayerTimingSample(directed: backwards ? 1 - simple : simple,
                                  before: (isBefore && !backwards) || (isAfter && backwards),
                                  isActive: !isBefore && !isAfter),
                nearEnd + (1 - afterFlag) * nearWhole != 0)
    }

    /// ⌊x⌋ for x ≥ 0, exact, without a call: below 2^52, x + 2^52 − 2^52 rounds x to an integer and a compare corrects
    /// it downward; from 2^52 on x is an integer. The baseline x86-64 target has no rounding instruction, so
    /// `rounded(.down)` would be a library call per layer.
    @inline(__always)
    static func nonNegativeFloor(_ x: Double) -> Double {
        let rounded = (x + 0x1p52) - 0x1p52
        let floor = rounded > x ? rounded - 1 : rounded
        return x < 0x1p52 ? floor : x
    }
}

/// What `LayerTiming` says about one layer at one time.
struct LayerTimingSample: Sendable {
    /// Progress within the current pass after the direction, in [0, 1] (before the easing).
    let directed: Double
    /// The Web Animations before flag handed to `steps()`.
    let before: Bool
    /// Whether the time lies inside the active interval (mid-animation).
    let isActive: Bool

    /// A sample.
    @inline(__always)
    init(directed: Double, before: Bool, isActive: Bool) {
        (self.directed, self.before, self.isActive) = (directed, before, isActive)
    }
}
