import MotionCore

/// The one place the harness rebuilds a MotionCore value (a `MediaTiming`, an animation, a curve, a spring, a
/// transition) from parameters that already passed MotionCore's rules, for the scalar path, the naive model and the
/// engines' parameters. Nothing here runs inside a frame.
enum KernelParameters {
    /// The value `build` makes from parameters a kernel holds.
    ///
    /// It cannot fail: every such parameter was read by `ScenarioReader`, whose rules (`Rule`, the kinds' `recipe`
    /// checks) are the ranges MotionCore's throwing initialisers check, and kernels store them unchanged; the scenario
    /// fuzzer and ScenarioReaderTests hold the two sets of rules together. A failure here is a broken invariant in the
    /// harness, not bad input, so it stops with the error instead of measuring something else.
    static func rebuilt<Value>(_ build: () throws -> Value) -> Value {
        // Cannot fail, as said above: the parameters were validated with MotionCore's own rules.
        try! build()
    }
}
