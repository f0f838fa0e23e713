import MotionCore

extension GateWorkload {
    /// `bezier-hard`: the default solver on the hard curves (1,0,0,1), (0,1,1,0), (0.99,0,0.01,1), (0.001,0,0.999,1)
    /// (3,000,000 evaluations).
    package static let bezierHard = GateWorkload(
        name: "bezier-hard",
        summary: "the default Bézier solver on 4 hard curves, 3M evaluations"
    ) { generator in
        WorkloadLoops.bezier(try hardCurves(), perCurve: 750_000, &generator)
    }

    /// The hard curves of `bezier-hard` and `bezier-rows`: (1,0,0,1), (0,1,1,0), (0.99,0,0.01,1), (0.001,0,0.999,1).
    static func hardCurves() throws -> [CubicBezier] {
        [try CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1), try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0),
         try CubicBezier(x1: 0.99, y1: 0, x2: 0.01, y2: 1), try CubicBezier(x1: 0.001, y1: 0, x2: 0.999, y2: 1)]
    }
}
