/// Per-layer cubic Béziers in five columns of `LayerColumns`: x1, y1, x2, y2 and the solver tolerance.
struct BezierColumns: @unchecked Sendable {
    let x1: UnsafeMutablePointer<Double>, y1: UnsafeMutablePointer<Double>
    let x2: UnsafeMutablePointer<Double>, y2: UnsafeMutablePointer<Double>
    /// Each curve's tolerance on t, or +infinity for a curve whose output needs a scale (|y1| or |y2| beyond
    /// `BezierOutputScale.largestUnscaled`): then the last step's certificate fails without a test in the loop, and
    /// `CompactCubicBezier.value(at:)` answers in the scaled form. `curve(_:)` gives the real tolerance back.
    let tolerance: UnsafeMutablePointer<Double>

    /// Columns per curve.
    static let columnCount = 5

    /// Curves stored in columns `first`…`first + 4` of `columns`.
    init(_ columns: LayerColumns, first: Int) {
        (x1, y1, x2, y2, tolerance) = (columns[first], columns[first + 1], columns[first + 2], columns[first + 3],
                                       columns[first + 4])
    }

    /// Stores layer `index`'s curve.
    func set(_ index: Int, _ curve: CompactCubicBezier) {
        let scaled = BezierOutputScale(y1: curve.y1, y2: curve.y2) != nil
        (x1[index], y1[index], x2[index], y2[index], tolerance[index]) = (curve.x1, curve.y1, curve.x2, curve.y2,
                                                                         scaled ? .infinity : curve.tolerance)
    }

    /// Layer `index`'s curve, with its real tolerance (recomputed where the column holds +infinity).
    @inline(__always)
    func curve(_ index: Int) -> CompactCubicBezier {
        let stored = tolerance[index]
        guard stored.isFinite else {
            return CompactCubicBezier(validatedX1: x1[index], y1: y1[index], x2: x2[index], y2: y2[index])
        }
        return CompactCubicBezier(storedX1: x1[index], y1: y1[index], x2: x2[index], y2: y2[index], tolerance: stored)
    }

    /// Newton steps from the coarse guess: its error is about 1e-2, so three steps reach the tolerance and the fourth
    /// certifies it.
    static let newtonSteps = 4

    /// Replaces `values[i]` (an input in [0, 1]) by layer i's curve output for the layers in `range`, a block of
    /// `LayerBlock.size` at a time (its scratch stays on the stack).
    func ease(_ values: UnsafeMutablePointer<Double>, layers range: Range<Int>) {
        var lower = range.lowerBound
        while lower < range.upperBound {
            let upper = min(lower + LayerBlock.size, range.upperBound)
            easeBlock(values, layers: lower..<upper)
            lower = upper
        }
    }

    /// `ease` for at most `LayerBlock.size` layers, each with its own curve: the same steps as
    /// `CompactCubicBezier.value(at:)` — the mirrored frame, the coarse guess from the frame at 1/4, 1/2, 3/4, Newton
    /// steps, the Kantorovich certificate on the last one — but a fixed number of steps and selects instead of
    /// branches, so that the loops vectorise; layers whose last step is not certified (every interior input of a
    /// curve whose output needs a scale, whose tolerance column holds +infinity) are solved again by `value(at:)`.
    /// Same bound.
    ///
    /// Each step is its own pass over the block: one layer's steps form a chain of dependent divisions (about 40
    /// cycles a step), and a loop that ran all of a layer's steps before the next layer left the processor waiting on
    /// that chain; a pass over many layers gives it independent work to overlap.
    func easeBlock(_ values: UnsafeMutablePointer<Double>, layers block: Range<Int>) {
      withUnsafeTemporaryAllocation(of: Double.self, capacity: block.count) { flags in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: block.count) { inputScratch in
          withUnsafeTemporaryAllocation(of: Double.self, capacity: block.count) { rootScratch in
            // baseAddress! cannot fail: `ease` passes only non-empty blocks, so each allocation has at least one element.
            let certified = flags.baseAddress! - block.lowerBound, inputs = inputScratch.baseAddress! - block.lowerBound
            let roots = rootScratch.baseAddress! - block.lowerBound
            for i in block {
                let x = values[i]
                inputs[i] = x
                let frame = mirroredFrame(i, x)
                let (p1, p2, target) = (frame.p1, frame.p2, frame.target)
                // B at 1/4, 1/2, 3/4: 3uv(u·p1 + v·p2) + v³.
                let quarter = 0.5625 * (0.75 * p1 + 0.25 * p2) + 0.015625
                let half = 0.375 * (p1 + p2) + 0.125
                let threeQuarters = 0.5625 * (0.25 * p1 + 0.75 * p2) + 0.421875
                let upper = target >= half, top = target >= threeQuarters, second = target >= quarter
                let low = upper ? (top ? 0.75 : 0.5) : (second ? 0.25 : 0)
                let lowValue = upper ? (top ? threeQuarters : half) : (second ? quarter : 0)
                let highValue = upper ? (top ? 1 : threeQuarters) : (second ? half : quarter)
                let rise = highValue - lowValue
                roots[i] = low + 0.25 * (target - lowValue) / (rise > 0 ? rise : 1)
            }
            for _ in 1..<Self.newtonSteps {
                for i in block {
                    roots[i] = Self.newtonStep(roots[i], mirroredFrame(i, inputs[i])).next
                }
            }
            // The last step, its certificate and the output.
            for i in block {
                let x = inputs[i]
                let frame = mirroredFrame(i, x)
                let (v, step, slope) = Self.newtonStep(roots[i], frame)
                let (m, n) = (frame.m, 1 - frame.m)
                // max|B″|/2 over [0, 1], from B″/2 = 3a·v + b at the ends.
                let a = 1 + 3 * frame.p1 - 3 * frame.p2, b = 3 * frame.p2 - 6 * frame.p1
                let bEnd = 3 * a + b
                let curvature = 2 * ((abs(b) > abs(bEnd)) ? abs(b) : abs(bEnd))
                let tol = tolerance[i]
                let small: Double = curvature * step * step <= tol * slope ? 1 : 0
                let steep: Double = slope > 4 * tol * curvature ? 1 : 0
                let interior: Double = (x > 0 ? 1 : 0) * (x < 1 ? 1 : 0)
                certified[i] = small * steep + (1 - interior)
                let u = 1 - v, weight = 3 * u * v
                let yA = y1[i], yB = y2[i]
                let f = (weight * u) * (yA * n + (1 - yB) * m) + ((weight * v) * (yB * n + (1 - yA) * m) + v * v * v)
                let eased = f * n + (1 - f) * m
                let end: Double = x >= 1 ? 1 : 0
                values[i] = interior == 1 ? eased : end
            }
            // Rare: the complete solve where the last step was not certified.
            for i in block where certified[i] == 0 { values[i] = curve(i).value(at: inputs[i]) }
          }
        }
      }
    }

    /// Layer `i`'s frame for input `x`: the mirrored half (m = 1 above 0.5), its target and control points (exact
    /// selects of x, 1 − x and the stored points) and B′'s coefficients, B′(v) = (a3·v + b2)·v + c.
    @inline(__always)
    func mirroredFrame(_ i: Int, _ x: Double)
        -> (m: Double, target: Double, p1: Double, p2: Double, a3: Double, b2: Double, c: Double)
    {
        let m: Double = x > 0.5 ? 1 : 0, n = 1 - m
        let xa = x1[i], xb = x2[i]
        let p1 = xa * n + (1 - xb) * m, p2 = xb * n + (1 - xa) * m
        let a = 1 + 3 * p1 - 3 * p2, b = 3 * p2 - 6 * p1
        return (m, x * n + (1 - x) * m, p1, p2, 3 * a, 2 * b, 3 * p1)
    }

    /// One Newton step on B(v) = target from `v`, clamped into [0, 1]: the new root, the step and B′(v).
    @inline(__always)
    static func newtonStep(_ v: Double,
                           _ frame: (m: Double, target: Double, p1: Double, p2: Double, a3: Double, b2: Double, c: Double))
        -> (next: Double, step: Double, slope: Double)
    {
        let w = 1 - v
        let position = 3 * w * v * (w * frame.p1 + v * frame.p2) + v * v * v
        let slope = (frame.a3 * v + frame.b2) * v + frame.c
        let step = (position - frame.target) / slope
        let next = v - step
        return (next < 0 ? 0 : (next > 1 ? 1 : next), step, slope)
    }
}

extension CompactCubicBezier {
    /// A curve from stored fields (already validated).
    init(storedX1 x1: Double, y1: Double, x2: Double, y2: Double, tolerance: Double) {
        (self.x1, self.y1, self.x2, self.y2, self.tolerance) = (x1, y1, x2, y2, tolerance)
    }
}
