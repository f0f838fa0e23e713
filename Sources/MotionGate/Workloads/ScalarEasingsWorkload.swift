import MotionCore

extension GateWorkload {
    /// `scalar-easings`: the scalar API's cheap curves over shuffled inputs, each in its own loop as a caller writes it
    /// (`sum += curve.value(at: x)`): the identity Bézier `linear` (4,000,000 evaluations), `steps(4, jump-end)`,
    /// `steps(5, jump-both)` and `steps(3, jump-none)` (200,000 each), and CSS `linear(0, 0.3 40%, 1)` (50,000). On the
    /// identity a few instructions more per evaluation (a running sum kept in memory, a call where none is needed) are
    /// a large share of the count, so the gate sees them. (Springs in every regime: `spring-closed-form`.)
    package static let scalarEasings = GateWorkload(
        name: "scalar-easings",
        summary: "linear, steps() and linear() through value(at:), 4.65M evaluations"
    ) { generator in
        let inputs = (0..<4096).map { _ in Double.random(in: 0...1, using: &generator) }
        let identity = CubicBezier.appleLinear
        let steps = [try Steps(count: 4, position: .jumpEnd), try Steps(count: 5, position: .jumpBoth),
                     try Steps(count: 3, position: .jumpNone)]
        let piecewise = try LinearEasing(stops: [.init(output: 0), .init(output: 0.3, inputPercent: 40),
                                                 .init(output: 1)])
        return GateWorkload.timed {
            var sum = 0.0
            inputs.withUnsafeBufferPointer { inputs in
                for index in 0..<4_000_000 { sum += identity.value(at: inputs[index & 4095]) }
                for curve in steps {
                    for index in 0..<200_000 { sum += curve.value(at: inputs[index & 4095]) }
                }
                for index in 0..<50_000 { sum += piecewise.value(at: inputs[index & 4095]) }
            }
            return sum
        }
    }
}
