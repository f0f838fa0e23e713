/// The curve sets `motionbench capture --curves` names, as spec text that both MotionSpec and the browsers accept.
package enum CaptureCurves {
    /// CSS's named curves (Apple's presets under their CSS names) and CSS `linear`, whose output is the input the
    /// browser actually evaluated (it shows how finely a browser seeks in time).
    package static let presets = ["ease", "ease-in", "ease-out", "ease-in-out", "linear"]

    /// The accuracy study's hard curves (`AccuracyStudy.hardCurves` in MotionReports, in the same order; a test holds
    /// the two lists equal): near-vertical ends, a steep centre, overshoot and a stationary inflection.
    package static let hard = [
        "cubic-bezier(0.001, 0, 0.999, 1)", "cubic-bezier(0.99, 0, 0.01, 1)", "cubic-bezier(0, 1, 1, 0)",
        "cubic-bezier(0.7, -0.5, 0.3, 1.5)", "cubic-bezier(1, 0, 0, 1)", "cubic-bezier(0.5, -1, 0.5, 2)",
    ]

    /// `steps()` with each jump position, and a `linear()` with stops (one stop with two input positions).
    package static let stepsAndLinear = [
        "steps(4, jump-start)", "steps(4, jump-end)", "steps(3, jump-both)", "steps(5, jump-none)",
        "linear(0, 0.25 75%, 1)", "linear(0, 0.5 25% 75%, 1)",
    ]

    /// Everything above: the default set.
    package static var all: [String] { presets + hard + stepsAndLinear }

    /// The sets by the name `--curves` takes, in help order.
    package static let named: [(name: String, specs: [String])] = [("presets", presets), ("hard", hard), ("all", all)]
}
