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
        try validatingOptions {
            _ = try Self.number(duration, "--duration")
            if usesCoreAnimation, usesWebAnimations {
                throw BadInput(message: "timing: Core Animation options (--begin-time, --speed, ...) cannot be mixed with "
                               + "Web Animations options (--iterations, --fill, --direction, ...)")
            }
            if usesCoreAnimation {
                _ = try repeatCount.map { try Self.number($0, "--repeat-count") }
            } else {
                _ = try iterations.map { try Self.number($0, "--iterations") }
                if let playbackRate, !playbackRate.isFinite {
                    throw BadInput(message: "timing: --playback-rate must be a finite number")
                }
            }
            // The timing model's own range checks (duration, repeat count, …), with a stand-in easing.
            _ = try evaluator(easing: .cubicBezier(.ease))
        }
    }

    /// Whether a Core Animation option is given.
    var usesCoreAnimation: Bool {
        beginTime != nil || speed != nil || timeOffset != nil || repeatCount != nil || repeatDuration != nil || autoreverses
            || fillMode != nil || removedOnCompletion
    }

    /// Whether a Web Animations option is given.
    var usesWebAnimations: Bool {
        iterations != nil || iterationStart != nil || delay != nil || endDelay != nil || fill != nil || direction != nil
            || playbackRate != nil
    }

    /// The timing model the options describe, with `easing`, as a function from time to its result.
    /// - Throws: for options the model rejects (a negative duration, say), naming the option.
    func evaluator(easing: TimingFunction) throws -> (Double) -> TimingResult {
        let duration = try Self.number(self.duration, "--duration")
        if usesCoreAnimation {
            let count = try repeatCount.map { try Self.number($0, "--repeat-count") } ?? 0
            let timing = try MediaTiming(
                beginTime: beginTime ?? 0, duration: duration, speed: speed ?? 1, timeOffset: timeOffset ?? 0,
                repeatCount: count.isInfinite ? MediaTiming.forever : count, repeatDuration: repeatDuration ?? 0,
                autoreverses: autoreverses, fillMode: fillMode ?? .removed, removedOnCompletion: removedOnCompletion,
                timingFunction: easing)
            return { timing.evaluate(parentTime: $0) }
        }
        let timing = try EffectTiming(
            duration: duration, iterations: try iterations.map { try Self.number($0, "--iterations") } ?? 1,
            iterationStart: iterationStart ?? 0, delay: delay ?? 0, endDelay: endDelay ?? 0, fill: fill ?? EffectTiming.Fill.none,
            direction: direction ?? .normal, playingBackwards: (playbackRate ?? 1) < 0, easing: easing)
        return { timing.evaluate(at: $0) }
    }

    func run() throws {
        let evaluate = try evaluator(easing: TimingFunction(spec: self.easing))
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

    /// A number that may be written `inf`; NaN is rejected.
    static func number(_ text: String, _ option: String) throws -> Double {
        let value: Double? = text == "inf" || text == "infinity" ? .infinity : Double(text)
        guard let value, !value.isNaN else {
            throw BadInput(message: "timing: \(option) '\(text)' is not a number")
        }
        return value
    }
}

/// `--fill-mode` takes a mode's name (removed, forwards, backwards, both); the parser lists them on a bad value.
extension MediaTiming.FillMode: ExpressibleByArgument {}
/// `--fill` takes a fill's name (none, forwards, backwards, both).
extension EffectTiming.Fill: ExpressibleByArgument {}
/// `--direction` takes a direction's name (normal, reverse, alternate, alternate-reverse).
extension EffectTiming.Direction: ExpressibleByArgument {}
