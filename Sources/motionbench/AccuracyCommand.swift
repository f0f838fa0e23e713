import MotionSupport
import ArgumentParser
import Foundation
import MotionCore
import MotionGate
import MotionHarness
import MotionReports

/// `motionbench accuracy`: every public solver strategy against the GSL references.
struct AccuracyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accuracy",
        abstract: "Measure every well-known Bézier and spring strategy, engine and browser against exact answers.",
        discussion: """
            Bézier strategies: \(BezierStrategy.all().map(\.name).joined(separator: ", ")) \
            (reference: the correctly rounded value on every sample). Spring strategies: \
            \(SpringStrategy.all.map(\.name).joined(separator: ", ")) (reference: GSL odeiv2 rk8pd at every frame). \
            --curves may be repeated; each value is a set name (presets, hard, all), a FILE (a JSON array of \
            timing-function specs or {"name", "spec"} objects), or one cubic-bezier spec such as \
            'cubic-bezier(1,0,0,1)' or ease, named in the report as written. A springs FILE is like a curves FILE, \
            with spring specs.

            --measured FILE adds another implementation's outputs (a browser capture from `motionbench capture`, or \
            your own engine's): CSV with the header implementation,spec,input,output and optional velocity and \
            duration columns; spec is any timing function or spring MotionBench parses (quote specs with commas), \
            input is progress in [0, 1] for a timing function and seconds for a spring. Every sample is compared with \
            the exact answer; the in-repo ports run at the same Bézier inputs, and each port is compared with the \
            measured engine it models. See docs/measured.md.

            --engine PATH.so (repeatable) searches an engine under test's easing (a C library exporting \
            motionbench_engine_entry, docs/engines.md) on the same curves, grid and search rounds, every evaluation in \
            a child process (never in this one): per curve one basic layer from 0 to 1 beginning at 0 s and lasting \
            1 s, evaluated at time x for each input x, so that the engine's own progress is exactly x; its outputs \
            join the measured implementations as 'NAME (engine)'. Engines are also searched on steps() and linear() \
            given in --curves, and a set name brings eight of them (every step position, k/n and stops that are not \
            doubles, a jump); the search tries every step boundary and stop and the doubles beside them. Curves the engine rejects (its create fails) are \
            listed on standard error with its message. An engine that crashes, hangs (--engine-timeout seconds per \
            round) or fails a frame is reported as FAILED and accuracy exits 2, as run does. Each engine's frame calls \
            are also timed in its child (ns per evaluation of one layer).

            The report opens with one table of every implementation, curve by curve, and a summary of at most five \
            lines (most accurate, fastest, worst case found); the details follow. The table holds \
            the worst error of each strategy, port, engine and measured implementation at each curve (matched by \
            control values, so ease, default and cubic-bezier(0.25, 0.1, 0.25, 1) are one row), ns per evaluation \
            where timed, and where each engine's and file's worst error is, with its value and the exact one.

            EXAMPLES:
              motionbench accuracy --curves presets --samples 10001
              motionbench accuracy --curves 'cubic-bezier(1,0,0,1)' --curves ease --samples 10001
              motionbench accuracy --format html --output accuracy.html
              motionbench accuracy --curves presets --format bmf > accuracy-bmf.json
              motionbench accuracy --measured chromium.csv --measured my-engine.csv --samples 1001
              motionbench accuracy --curves presets --samples 1001 --engine .build/release/libMotionBenchExampleEngine.so
            """)

    @Option(help: ArgumentHelp("presets, hard, all, a JSON file of curve specs, or one cubic-bezier spec such as "
                               + "'cubic-bezier(1,0,0,1)' or ease; with --engine also steps(…) and linear(…) "
                               + "(repeatable; never split on commas).", valueName: "curves"))
    var curves: [String] = ["all"]

    @Option(parsing: .unconditional, help: "Evenly spaced inputs per curve.")
    var samples = 100_001

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Refinement rounds of the worst-case search after the grid (each adds up to \(SearchBudget.accuracyDefault.inputsPerRound) inputs per strategy and curve).",
        valueName: "n"))
    var searchRounds = SearchBudget.accuracyDefault.rounds

    @Flag(help: "The grid alone, no worst-case search (the same as --search-rounds 0).")
    var noSearch = false

    @Option(help: "default, or a JSON file of spring specs.")
    var springs = "default"

    @Option(parsing: .unconditional, help: "Spring sampling rate in Hz.")
    var rate = 120.0

    @Option(parsing: .unconditional, help: "Spring sampling duration in seconds.")
    var seconds = 2.0

    @Option(help: ArgumentHelp("A samples file of another implementation's outputs (repeatable).", valueName: "file"))
    var measured: [String] = []

    @Option(name: .customLong("engine"), help: ArgumentHelp(
        "An engine under test: a shared library exporting motionbench_engine_entry (docs/engines.md) whose easing is "
            + "searched on --curves in a child process; repeatable.", valueName: "PATH.so"))
    var engines: [String] = []

    @Option(name: .customLong("engine-timeout"), parsing: .unconditional,
            help: "Seconds an engine under test may take for one search round (one child process) before it is stopped.")
    var engineTimeout = 600.0

    @OptionGroup var engineMemory: EngineMemoryOption

    @Option(help: FormatOption<AccuracyReport>.help(note: " The dashboard formats carry the largest error and ns per "
                                                    + "evaluation or step per strategy; there is no junit, as accuracy has no pass/fail rule."))
    var format = FormatOption<AccuracyReport>(.markdown)

    @Option(help: "Write the report to this file instead of standard output (a regular file is replaced atomically).")
    var output: String?

    @Flag(help: "Print the HTML report on standard output even when it is a terminal (without it, --format html needs --output there).")
    var stdout = false

    /// Checks the options that need no file (exit 2 with the usage before any work).
    func validate() throws {
        try validatingOptions {
            try OptionRange.check([
                OptionRange("accuracy: --samples", samples, in: 2...10_000_000),
                OptionRange("accuracy: --search-rounds", searchRounds, in: 0...64),
                OptionRange("accuracy: --rate", rate, in: 1...10_000, .hertz),
                OptionRange("accuracy: --seconds", seconds, in: 0...600, .seconds, lowerBoundOpen: true),
            ])
            guard rate * seconds >= 2 else {
                throw BadInput(message: "accuracy: --seconds \(formatSpecNumber(seconds)) at --rate \(formatSpecNumber(rate)) Hz "
                               + "covers fewer than 2 frames; springs are compared frame by frame")
            }
            try OptionRange.check([
                OptionRange("accuracy: --engine-timeout", engineTimeout, in: RunLimits.engineTimeout, .seconds, lowerBoundOpen: true),
            ])
            if format.format.name == "html" {
                try refuseLargeOutputOnTerminal(command: "accuracy", what: "the HTML report (about 1 MB)", output: output, stdout: stdout)
            }
        }
    }

    func run() throws {
        let destination = try output.map(OutputFile.init(checking:))
        let plan = try accuracyPlan()
        let status = StatusLine()
        let report: AccuracyReport
        do {
            report = try AccuracyRun.run(consume plan, progress: status.show) { line in
                status.clear()
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
        } catch let failure as ReferenceFailure {
            throw BadInput(message: "accuracy: \(failure)")
        } catch {
            status.clear()
            throw error
        }
        status.clear()
        let text = try format.render(report)
        if let destination { try destination.write(text) } else { print(text, terminator: "") }
    }

    /// The options resolved: curves, springs, the measured files read, one request per engine.
    func accuracyPlan() throws -> AccuracyPlan {
        let (curveList, engineFunctions) = try Self.curveList(curves, engines: !engines.isEmpty)
        let springList: [(name: String, spring: Spring)] = springs == "default" ? AccuracyStudy.defaultSprings
            : try SpecListFile.read(springs, option: "--springs", command: "accuracy").map { name, spec in
                (name, try Spring(spec: spec))
            }
        var plan = AccuracyPlan(curves: curveList, samples: samples, springs: springList, rate: rate, seconds: seconds,
                                search: searchBudget)
        for path in measured { try Self.readSamples(path, into: &plan.measured) }
        plan.measuredFiles = measured
        plan.engineFunctions = engineFunctions
        plan.engines = try engines.map { path in
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw BadInput(message: "accuracy: --engine \(SafeText.quoted(path)): no such readable file (the example engine "
                               + "is built by 'swift build -c release --product MotionBenchExampleEngine')")
            }
            var request = EngineEasingProbe.Request(path: path, executable: PerformanceGate.currentExecutable,
                                                    timeout: engineTimeout)
            request.memory = try engineMemory.bytes()
            return request
        }
        return plan
    }

    /// The worst-case search's budget: `--search-rounds`, or none with `--no-search`.
    var searchBudget: SearchBudget {
        var budget = SearchBudget.accuracyDefault
        budget.rounds = noSearch ? 0 : searchRounds
        return budget
    }

    /// The timing functions `--curves` names (CurveOption: set names, files, specs): the cubic Béziers, which every
    /// strategy and engine is searched on, and the `steps()` and `linear()` functions, which only engines are (the
    /// in-repo strategies are Bézier solvers). A named set also brings `AccuracyStudy.steppedFunctions` for engines.
    /// - Throws: `BadInput` for a `steps()` or `linear()` function without `--engine`.
    static func curveList(_ values: [String], engines: Bool = false) throws
        -> (curves: [(name: String, curve: CubicBezier)], engineFunctions: [(name: String, function: TimingFunction)])
    {
        let bezier = { (set: [(name: String, curve: CubicBezier)]) in set.map { ($0.name, TimingFunction.cubicBezier($0.curve)) } }
        let sets = [("presets", bezier(CubicBezier.applePresets)), ("hard", bezier(AccuracyStudy.hardCurves)),
                    ("all", bezier(AccuracyStudy.defaultCurves))]
        let functions = try CurveOption.resolve(values, command: "accuracy", sets: sets, curve: { spec, parsed in
            guard case .timingFunction(let function) = parsed else {
                throw BadInput(message: "accuracy: --curves: '\(SafeText.quoted(spec))' is not a timing function (give "
                               + "cubic-bezier(…), a named curve such as ease, steps(…) or linear(…))")
            }
            if case .cubicBezier = function { return function }
            guard engines else {
                throw BadInput(message: "accuracy: --curves: '\(SafeText.quoted(spec))' is checked on engines only: the "
                               + "in-repo strategies are Bézier solvers, so steps(), linear() and linear need --engine "
                               + "PATH.so (give cubic-bezier(…) or a named Bézier curve such as ease otherwise)")
            }
            return function
        })
        var curves: [(name: String, curve: CubicBezier)] = [], others: [(name: String, function: TimingFunction)] = []
        for (name, function) in functions {
            if case .cubicBezier(let curve) = function { curves.append((name, curve)) } else { others.append((name, function)) }
        }
        if engines, values.contains(where: { value in sets.contains { $0.0 == value } }) {
            others += AccuracyStudy.steppedFunctions.filter { stepped in !others.contains { $0.function == stepped.function } }
        }
        return (curves, others)
    }

    /// Reads the samples file at `path` (`--measured`) into `samples`, a few megabytes at a time.
    static func readSamples(_ path: String, into samples: inout MeasuredSampleSet) throws {
        do {
            try MeasuredSamplesReader.read(contentsOf: path, into: &samples, limit: InputFile.samplesSizeLimit)
        } catch let error as InputFileError {
            throw BadInput(message: "accuracy: --measured '\(SafeText.quoted(path))' \(error.reason)")
        } catch {
            throw BadInput(message: "accuracy: --measured \(error)")
        }
    }
}
