import ArgumentParser
import MotionCore
import MotionSupport
import MotionOutput

/// Every spring form with its defaults, from the registry, for help texts.
let springForms = SpringFamily.all.map(\.form).joined(separator: ", ")

/// Every timing-function form, the named curves and step positions from their registries, for help texts.
let timingFunctionForms = "linear, cubic-bezier(x1, y1, x2, y2), steps(n[, "
    + Steps.Position.keywords.joined(separator: "|") + "]), step-start, step-end, linear(<stops>), or a named curve: "
    + CubicBezier.namedCurves.map(\.name).joined(separator: ", ")

/// `motionbench eval SPEC [INPUT...]`: evaluates a timing curve at each input.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate a timing curve or a spring at each input.",
        discussion: """
            SPEC is a timing function (\(timingFunctionForms)), whose input is progress, or a spring (\(springForms), or WebKit's spring(m k c v)), whose input is time \
            in seconds and output progress; labels may be left out in order, and a parameter left out takes the \
            default shown, or is required where the form shows '…'. Inputs come from the \
            arguments, or one per line on standard input when none are given (streamed: each answer is printed as \
            its line arrives; lines are at most 4096 bytes); negative inputs are allowed. One output per line, in \
            input order. In JSON, an infinite slope (a vertical tangent) is null with a note.

            EXAMPLES:
              motionbench eval ease 0.25 0.5 0.75
              motionbench eval 'cubic-bezier(0.5, 1, 0.5, 1)' 0.5 --velocity
              motionbench eval 'spring(duration: 0.5, bounce: 0.3)' 0.1 0.25 --format json
              seq 0 0.1 1 | motionbench eval 'steps(4)' --format csv
            """)

    @Argument(help: "The curve or spring, e.g. 'cubic-bezier(0.25, 0.1, 0.25, 1)' or 'spring(duration: 0.5, bounce: 0.3)'.")
    var spec: String

    @Argument(parsing: .allUnrecognized, help: "Inputs: progress for a timing curve, time in seconds for a spring (read from standard input when omitted).")
    var inputs: [String] = []

    @Flag(help: "Add the slope d(output)/d(input), or a spring's velocity in progress units per second, as a second column.")
    var velocity = false

    @Option(help: FormatOption<RowStream>.help)
    var format = FormatOption<RowStream>(.text)

    func run() throws {
        let motion = try MotionSpec(parsing: spec)
        // A cubic Bézier's slope is infinite at a vertical tangent; anything else non-finite is an overflow.
        var hasVerticalTangents = false
        if case .timingFunction(.cubicBezier) = motion { hasVerticalTangents = true }
        var stream = try format.stream(columns: velocity ? ["input", "value", "velocity"] : ["input", "value"],
                                       hiddenInText: ["input"])
        defer { stream.flush() }  // The rows before an error still reach the reader.
        try CommandInputs.forEach(inputs, command: "eval", whenWaiting: { stream.flush() }) { input in
            let (value, slope, valueFits, slopeFits) = Self.evaluate(motion, at: input, slope: velocity)
            guard valueFits else {
                throw BadInput(message: "eval: '\(SafeText.quoted(spec))' at input \(formatOutputNumber(input)) has a value "
                               + "beyond the range of a Double (±1.8e308); use inputs, control points or stops of smaller magnitude")
            }
            guard velocity else { return try stream.write([.number(input), .number(value)]) }
            if !slopeFits || (slope.isInfinite && !hasVerticalTangents) {
                throw BadInput(message: "eval: '\(SafeText.quoted(spec))' at input \(formatOutputNumber(input)) has a slope "
                               + "beyond the range of a Double (±1.8e308); use control points or stops of smaller magnitude")
            }
            let note = slope.isFinite ? [:] : ["velocity": "\(slope > 0 ? "+" : "-")infinity: a vertical tangent"]
            try stream.write([.number(input), .number(value), .number(slope)], notes: note)
        }
        stream.finish()
    }

    /// The value and slope of `motion` at `input`, and whether each exact value fits the `Double` range. A cubic
    /// Bézier says so itself (it clamps a tangent value or a slope beyond ±1.8e308, and its vertical tangents' ±infinity
    /// fits); for anything else a result that is not finite does not fit, except an infinite slope, which the caller
    /// judges.
    /// Both are the correctly rounded values (a spring's from `Spring.exactProgress(at:)` and `exactVelocity(at:)`);
    /// the slope is computed only when `slope` is true (0 otherwise), since it takes the exact path.
    static func evaluate(_ motion: MotionSpec, at input: Double, slope wanted: Bool)
        -> (value: Double, slope: Double, valueFits: Bool, slopeFits: Bool)
    {
        switch motion {
        case .timingFunction(.cubicBezier(let curve)):
            let value = curve.checkedValue(at: input)
            let slope = wanted ? curve.checkedSlope(at: input) : (slope: 0, fits: true)
            return (value.value, slope.slope, value.fits && value.value.isFinite, slope.fits && !slope.slope.isNaN)
        case .spring(let spring):
            let value = spring.exactProgress(at: input), slope = wanted ? spring.exactVelocity(at: input) : 0
            return (value, slope, value.isFinite, !slope.isNaN)
        case .timingFunction(let function):
            let value = function.value(at: input), slope = wanted ? function.slope(at: input) : 0
            return (value, slope, value.isFinite, !slope.isNaN)
        }
    }
}
