import ArgumentParser
import MotionCore
import MotionSupport
import MotionOutput

/// `motionbench timing [options] [TIME...]`: phase, current iteration and progress at each local time.
struct TimingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timing",
        abstract: "Evaluate the timing model at each time.",
        discussion: """
            Prints 'phase iteration progress' per time: phase is before, active, after or idle; iteration is the \
            zero-based current iteration (inf after an infinite run, null when the effect does not apply); progress \
            is the eased directed progress (null when the effect does not apply). In JSON, null and infinite values \
            are null with a note saying why; in CSV they are empty fields. Web Animations options describe an \
            effect at a local time; Core Animation options (--begin-time, --speed, --time-offset, --repeat-count, \
            --repeat-duration, --autoreverses, --fill-mode, --removed-on-completion) describe a CAMediaTiming node, \
            and TIME is then the parent time. The two sets cannot be mixed; --duration and --easing belong to both. \
            Unlike Core Animation, removedOnCompletion defaults to false here so that a fill mode shows; pass \
            --removed-on-completion to model Core Animation's default.

            EXAMPLES:
              motionbench timing --duration 2 --iterations 3 --direction alternate 0.5 2.5 7
              motionbench timing --begin-time 1 --duration 0.5 --repeat-count inf --autoreverses 1.2 1.9
            """)

    @Argument(parsing: .allUnrecognized, help: "Times (read from standard input when omitted).")
    var times: [String] = []

    @Option(parsing: .unconditional, help: "Iteration duration (≥ 0; inf allowed for Web Animations).")
    var duration: String = "1"
    @Option(parsing: .unconditional, help: "Iteration count (≥ 0, or inf).")
    var iterations: String?
    @Option(name: .customLong("iteration-start"), parsing: .unconditional, help: "Iteration start (≥ 0).")
    var iterationStart: Double?
    @Option(parsing: .unconditional, help: "Start delay.")
    var delay: Double?
    @Option(name: .customLong("end-delay"), parsing: .unconditional, help: "End delay.")
    var endDelay: Double?
    @Option(help: "Fill (default none).")
    var fill: EffectTiming.Fill?
    @Option(help: "Direction (default normal).")
    var direction: EffectTiming.Direction?
    @Option(name: .customLong("playback-rate"), parsing: .unconditional, help: "Playback rate; only its sign matters at the boundaries.")
    var playbackRate: Double?
    @Option(help: "Easing applied to the directed progress (a timing-function spec).")
    var easing: String = "linear"

    @Option(name: .customLong("begin-time"), parsing: .unconditional, help: "Core Animation beginTime (parent seconds).")
    var beginTime: Double?
    @Option(parsing: .unconditional, help: "Core Animation speed.")
    var speed: Double?
    @Option(name: .customLong("time-offset"), parsing: .unconditional, help: "Core Animation timeOffset (local seconds).")
    var timeOffset: Double?
    @Option(name: .customLong("repeat-count"), parsing: .unconditional, help: "Core Animation repeatCount (inf repeats forever).")
    var repeatCount: String?
    @Option(name: .customLong("repeat-duration"), parsing: .unconditional, help: "Core Animation repeatDuration.")
    var repeatDuration: Double?
    @Flag(help: "Core Animation autoreverses.")
    var autoreverses = false
    @Option(name: .customLong("fill-mode"), help: "Core Animation fillMode (default removed).")
    var fillMode: MediaTiming.FillMode?
    @Flag(name: .customLong("removed-on-completion"), help: "Core Animation removedOnCompletion (default here: false).")
    var removedOnCompletion = false

    @Option(help: FormatOption<RowStream>.help)
    var format = FormatOption<RowStream>(.text)

    /// Checks the options (exit 2 with the usage before any input is read); the easing spec is checked in `run()`.
    func validate() throws {
        try validatingOptions { try model.check() }
    }

    /// The timing model the options describe (MotionSupport checks and builds it).
    var model: TimingModelOptions {
        TimingModelOptions(duration: duration, iterations: iterations, iterationStart: iterationStart, delay: delay,
                           endDelay: endDelay, fill: fill, direction: direction, playbackRate: playbackRate,
                           beginTime: beginTime, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
                           repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode,
                           removedOnCompletion: removedOnCompletion)
    }

    func run() throws {
        let evaluate = try model.evaluator(easing: TimingFunction(spec: self.easing))
        var stream = try format.stream(columns: ["time", "phase", "iteration", "progress"], hiddenInText: ["time"])
        defer { stream.flush() }  // The rows before an error still reach the reader.
        try CommandInputs.forEach(times, command: "timing", whenWaiting: { stream.flush() }) { time in
            let result = evaluate(time)
            let iteration: ReportCell = result.currentIteration.map {
                abs($0) < 0x1p53 ? .integer(Int($0)) : .number($0)
            } ?? .null
            var notes: [String: String] = [:]
            if result.currentIteration?.isInfinite == true { notes["iteration"] = "+infinity: the effect repeats forever" }
            if result.currentIteration == nil { notes["iteration"] = "the effect does not apply at this time" }
            if result.progress == nil { notes["progress"] = "the effect does not apply at this time" }
            try stream.write([.number(time), .text(result.phase.rawValue), iteration, result.progress.map(ReportCell.number) ?? .null],
                             notes: notes)
        }
        stream.finish()
    }
}

/// `--fill-mode` takes a mode's name (removed, forwards, backwards, both); the parser lists them on a bad value.
extension MediaTiming.FillMode: ExpressibleByArgument {}
/// `--fill` takes a fill's name (none, forwards, backwards, both).
extension EffectTiming.Fill: ExpressibleByArgument {}
/// `--direction` takes a direction's name (normal, reverse, alternate, alternate-reverse).
extension EffectTiming.Direction: ExpressibleByArgument {}
