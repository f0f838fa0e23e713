import ArgumentParser
import Foundation
import MotionCapture
import MotionCore
import MotionReports
import MotionSupport

/// `motionbench capture BROWSER`: what a real browser engine computes for CSS easing, as a samples CSV.
struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Capture what a real browser computes for CSS easing functions (Web Animations), as CSV.",
        discussion: """
            Browsers: \(CaptureBrowsers.all.map { "\($0.name) (\($0.summary); \($0.install))" }.joined(separator: "; ")).

            The page animates an element with each easing for each duration, paused, seeks to input × duration and \
            records effect.getComputedTiming().progress exactly as the browser prints it. The CSV's header is \
            implementation,spec,input,output,duration (duration in seconds), one record per sample, in the order \
            durations, curves, inputs; \
            `motionbench accuracy --measured FILE` compares it with the exact answers. Curve sets: \
            \(CaptureCurves.named.map { "\($0.name) (\($0.specs.joined(separator: "; ")))" }.joined(separator: ", ")); \
            --curves may be repeated; each value is a set name, a FILE (a JSON array of timing-function specs or \
            {"name", "spec"} objects), or one timing-function spec such as 'cubic-bezier(1,0,0,1)', each spec given \
            to the browser as it is written. See docs/capture.md.

            EXAMPLES:
              motionbench capture chromium --output chromium.csv
              motionbench capture firefox --curves hard --samples 101 --durations 1 --output firefox-hard.csv
              motionbench capture chromium --curves 'cubic-bezier(1,0,0,1)' --curves 'steps(4, jump-end)' --output mine.csv
              motionbench capture webkit --browser /usr/bin/python3 --output webkit.csv
            """)

    @Argument(help: ArgumentHelp("The browser engine: \(CaptureBrowsers.all.map(\.name).joined(separator: ", ")).",
                                 valueName: "browser"))
    var engine: String

    @Option(help: ArgumentHelp("presets, hard, all, a JSON file of curve specs, or one timing-function spec such as "
                               + "'cubic-bezier(1,0,0,1)' or 'steps(4, jump-end)' (repeatable; never split on commas).",
                               valueName: "curves"))
    var curves: [String] = ["all"]

    @Option(parsing: .unconditional, help: "Evenly spaced inputs i/(N-1) per curve and duration.")
    var samples = 1001

    @Option(help: "Comma-separated animation durations in seconds.")
    var durations = "0.25,1,10"

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Refinement rounds of the worst-case search after the grid, each one more page load with up to "
        + "\(SearchBudget.captureDefault.inputsPerRound) new inputs per curve and duration.", valueName: "n"))
    var searchRounds = SearchBudget.captureDefault.rounds

    @Flag(help: "The even grid alone, one page load (the same as --search-rounds 0).")
    var noSearch = false

    @Option(name: .customLong("browser"), help: ArgumentHelp(
        "The browser's executable (for webkit: a Python 3 that can import WebKit2 4.1) instead of the installed one.",
        valueName: "path"))
    var executable: String?

    @Option(parsing: .unconditional, help: "Seconds the browser may run before it is stopped.")
    var timeout = 120.0

    @Option(help: "Write the CSV to this file instead of standard output (a regular file is replaced atomically).")
    var output: String?

    @Flag(help: "Print the CSV on standard output even when it is a terminal (without it, capture needs --output there).")
    var stdout = false

    /// Checks the options that need no file or browser (exit 2 with the usage before any work).
    func validate() throws {
        try validatingOptions {
            guard CaptureBrowsers.named(engine) != nil else {
                throw BadInput(message: "capture: unknown browser '\(SafeText.quoted(engine))'; expected one of "
                               + CaptureBrowsers.all.map(\.name).joined(separator: ", "))
            }
            try OptionRange.check([
                OptionRange("capture: --samples", samples, in: 2...100_001),
                OptionRange("capture: --search-rounds", searchRounds, in: 0...32),
                OptionRange("capture: --timeout", timeout, in: 0...3600, .seconds, lowerBoundOpen: true),
            ])
            _ = try durationList()
            try refuseLargeOutputOnTerminal(command: "capture", what: "the samples' CSV (about 1 MB)", output: output, stdout: stdout)
        }
    }

    func run() throws {
        guard let browser = CaptureBrowsers.named(engine) else {
            throw BadInput(message: "capture: unknown browser '\(SafeText.quoted(engine))'")
        }
        let destination = try output.map(OutputFile.init(checking:))
        let specs = try curveSpecs()
        var budget = SearchBudget.captureDefault
        budget.rounds = noSearch ? 0 : searchRounds
        let status = StatusLine()
        let rounds = try CaptureSearch.run(browser, specs: specs, grid: CapturePlan.evenlySpaced(samples),
                                           durations: durationList(), budget: budget, executable: executable,
                                           timeout: timeout, progress: status.show)
        status.clear()
        let text = CaptureSamples.csv(rounds)
        if let destination { try destination.write(text) } else { print(text, terminator: "") }
    }

    /// The specs `--curves` names (CurveOption: set names, files read as `accuracy --curves` reads one, specs), each
    /// given to the browser as written.
    func curveSpecs() throws -> [String] {
        try CurveOption.resolve(curves, command: "capture",
                                sets: CaptureCurves.named.map { set in (set.name, set.specs.map { ($0, $0) }) },
                                curve: { spec, _ in spec }).map(\.curve)
    }

    /// `--durations` as seconds.
    func durationList() throws -> [Double] {
        let items = durations.split(separator: ",", omittingEmptySubsequences: false)
        return try items.map { item in
            let text = item.trimmingCharacters(in: .whitespaces)
            guard let seconds = Double(text), seconds > 0, seconds <= CapturePlan.maximumDuration else {
                throw BadInput(message: "capture: --durations '\(SafeText.quoted(durations))': '\(SafeText.quoted(text))' "
                               + "is not a number of seconds in (0, 3600]; expected e.g. 0.25,1,10")
            }
            return seconds
        }
    }
}
