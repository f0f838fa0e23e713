import ArgumentParser
import MotionCore

/// `motionbench eval SPEC [INPUT...]`: evaluates a timing curve at each input.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate a timing curve or a spring at each input.",
        discussion: """
            SPEC is a timing function (linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2), \
            steps(n[, position]), step-start, step-end, linear(<stops>), default, easeIn, easeOut, easeInEaseOut), \
            whose input is progress, or a spring (spring(mass: m, stiffness: k, damping: c, initialVelocity: v), \
            spring(m k c v), spring(response: R, dampingRatio: z), spring(duration: T, bounce: b), \
            uikit-spring(...), android-spring(...), origami-spring(...), rn-spring(...), motion-spring(...), \
            flutter-spring(...)), whose input is time in seconds and output progress. Inputs come from the \
            arguments, or one per line on standard input when none are given; negative inputs are allowed. One \
            output per line, in input order.
            """)

    @Argument(help: "The curve or spring, e.g. 'cubic-bezier(0.25, 0.1, 0.25, 1)' or 'spring(duration: 0.5, bounce: 0.3)'.")
    var spec: String

    @Argument(parsing: .allUnrecognized, help: "Input progress values (read from standard input when omitted).")
    var inputs: [String] = []

    @Flag(help: "Add the slope d(output)/d(input), or a spring's velocity in progress units per second, as a second column.")
    var velocity = false

    @Option(help: "Output format: text, json or csv.")
    var format: OutputFormat = .text

    func run() throws {
        let motion = try MotionSpec(parsing: spec)
        // `--` ends options; argument-parser leaves it among the unrecognized inputs.
        let arguments = inputs.first == "--" ? Array(inputs.dropFirst()) : inputs
        let texts = arguments.isEmpty ? Self.standardInputLines() : arguments
        let numbers = try texts.map { try Self.parseInput($0, command: "eval") }
        var table = NumberTable(columns: velocity ? ["input", "value", "velocity"] : ["input", "value"])
        // A cubic Bézier's slope is infinite at a vertical tangent; anything else non-finite is an overflow.
        var hasVerticalTangents = false
        if case .timingFunction(.cubicBezier) = motion { hasVerticalTangents = true }
        for input in numbers {
            let (value, slope) = motion.evaluate(at: input)
            guard value.isFinite else {
                throw BadInput(message: "eval: '\(SafeText.quoted(spec))' at input \(formatOutputNumber(input)) has a value "
                               + "beyond the range of a Double (±1.8e308); use inputs or stops of smaller magnitude")
            }
            if velocity, slope.isNaN || (slope.isInfinite && !hasVerticalTangents) {
                throw BadInput(message: "eval: '\(SafeText.quoted(spec))' at input \(formatOutputNumber(input)) has a slope "
                               + "beyond the range of a Double (±1.8e308); use stops of smaller magnitude")
            }
            table.rows.append(velocity ? [input, value, slope] : [input, value])
        }
        if format == .text {
            table = NumberTable(columns: Array(table.columns.dropFirst()), rows: table.rows.map { Array($0.dropFirst()) })
        }
        print(table.rendered(as: format), terminator: "")
    }

    /// Non-empty lines of standard input, trimmed.
    static func standardInputLines() -> [String] {
        var lines: [String] = []
        while let line = readLine() {
            let trimmed = line.trimmingWhitespace()
            if !trimmed.isEmpty { lines.append(trimmed) }
        }
        return lines
    }

    /// A finite number, or `BadInput` naming the text and the command.
    static func parseInput(_ text: String, command: String) throws -> Double {
        guard let value = Double(text.trimmingWhitespace()) else {
            if text.hasPrefix("-"), text.dropFirst().first.map({ $0 == "-" || $0.isLetter }) == true {
                throw BadInput(message: "\(command): unknown option '\(SafeText.quoted(text))' (see motionbench \(command) --help)")
            }
            throw BadInput(message: "\(command): input '\(SafeText.quoted(text))' is not a number")
        }
        guard value.isFinite else {
            throw BadInput(message: "\(command): input '\(SafeText.quoted(text))' is not finite; inputs must be finite numbers")
        }
        return value
    }
}

extension String {
    /// The string without leading and trailing whitespace.
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
