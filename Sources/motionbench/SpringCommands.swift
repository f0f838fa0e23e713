import ArgumentParser
import MotionCore
import MotionOutput
import MotionReports

/// `motionbench convert SPEC`: a spring's parameters in every family.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Print a spring's parameters in every family.",
        discussion: "Prints mass, stiffness, damping, dampingRatio, response (s), duration (s, SwiftUI's perceptual "
            + "duration), bounce, initialVelocity (progress units per second) and regime, then the same motion "
            + "written in each spring form (\(SpringFamily.all.map(\.key).joined(separator: ", "))), or 'none' where "
            + "a form cannot express it (a damping ratio above 1 in UIKit's form, say).\n\nEXAMPLES:\n"
            + "  motionbench convert 'spring(duration: 0.5, bounce: 0.3)'\n"
            + "  motionbench convert 'uikit-spring(duration: 0.4, dampingRatio: 0.7, initialVelocity: 2)' --format json\n")

    @Argument(help: "The spring, e.g. 'spring(duration: 0.5, bounce: 0.3)' or 'uikit-spring(duration: 0.4, dampingRatio: 0.7, initialVelocity: 0)'.")
    var spec: String

    @Option(help: FormatOption<NamedValues>.help)
    var format = FormatOption<NamedValues>(.text)

    func run() throws {
        let spring = try SpringReport.spring(spec, command: "convert")
        print(try format.render(SpringReport.parameters(of: spring)), terminator: "")
    }
}

/// `motionbench settle SPEC`: when the spring has settled.
struct SettleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settle",
        abstract: "Print a spring's settling time in seconds.",
        discussion: """
            MotionBench's definition: the first time after which |progress - 1| < epsilon holds forever (epsilon is \
            a fraction of the distance): the double nearest it, decided on the exact motion (docs/solver.md gives the \
            limits). --all adds each library's own rule as 'name value' lines; \
            frame-based rules are evaluated on the exact motion of a move of --distance units at --rate Hz. \
            --native adds, as a 'native' line, the rule of the platform whose form SPEC is written in (Android's for \
            android-spring, rebound's for origami-spring). An undamped spring never settles: that is exit code 2.

            EXAMPLES:
              motionbench settle 'spring(mass: 1, stiffness: 100, damping: 5)'
              motionbench settle 'spring(response: 0.5, dampingRatio: 0.7)' --all --rate 60
              motionbench settle 'android-spring(stiffness: 200, dampingRatio: 0.75)' --native
            """)

    @Argument(help: "The spring.")
    var spec: String

    @Option(parsing: .unconditional, help: "Tolerance as a fraction of the distance, in (0, 1).")
    var epsilon = 0.001

    @Flag(help: "Add every library's definition.")
    var all = false

    @Flag(help: "Add the rule of the platform whose form SPEC is written in (Android's for android-spring, say) as a 'native' line (the rule's name as a note in JSON).")
    var native = false

    @Option(parsing: .unconditional, help: "Distance of the move in points or pixels, for the rules with absolute thresholds (--all).")
    var distance = 100.0

    @Option(parsing: .unconditional, help: "Frame rate in Hz at which frame-based rules are checked (--all).")
    var rate = 120.0

    @Option(help: FormatOption<NamedValues>.help)
    var format = FormatOption<NamedValues>(.text)

    /// Checks the options (exit 2 with the usage before any work).
    func validate() throws {
        try validatingOptions {
            guard distance > 0, distance.isFinite else {
                throw BadInput(message: "settle: --distance \(formatSpecNumber(distance)) must be a finite number > 0")
            }
            guard rate > 0, rate.isFinite else {
                throw BadInput(message: "settle: --rate \(formatSpecNumber(rate)) must be a finite number > 0 Hz")
            }
            try Spring.checkSettlingTolerance(epsilon)
        }
    }

    func run() throws {
        let spring = try SpringReport.spring(spec, command: "settle")
        let report = try SpringReport.settlingTimes(of: spring, spec: spec, epsilon: epsilon, all: all, native: native,
                                                    distance: distance, rate: rate)
        print(try format.render(report), terminator: "")
    }
}
