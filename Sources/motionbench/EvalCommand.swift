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
        var stream = try format.stream(columns: velocity ? ["input", "value", "velocity"] : ["input", "value"],
                                       hiddenInText: ["input"])
        defer { stream.flush() }  // The rows before an error still reach the reader.
        try CommandInputs.forEach(inputs, command: "eval", whenWaiting: { stream.flush() }) { input in
            let point = try SpecEvaluation(motion, spec: spec, at: input, slope: velocity)
            guard velocity else { return try stream.write([.number(input), .number(point.value)]) }
            let note = point.slope.isFinite ? [:] : ["velocity": "\(point.slope > 0 ? "+" : "-")infinity: a vertical tangent"]
            try stream.write([.number(input), .number(point.value), .number(point.slope)], notes: note)
        }
        stream.finish()
    }
}
