import Foundation
import MotionCore
import MotionSupport

/// Runs one capture: finds the browser, reads its version, writes the page into a fresh temporary folder, runs the
/// browser on it with a time limit, and reads the rows back.
package enum BrowserCapture {
    /// The samples `browser` computes for `plan`.
    /// - Parameters:
    ///   - executable: `--browser PATH`, or nil to look for the browser where it is installed.
    ///   - timeout: seconds the browser may run (its version query has the same limit); the whole process group is
    ///     stopped past it.
    ///   - progress: called with a one-line status about four times a second while the browser runs.
    /// - Throws: `CaptureError` (or `ChildProcessError`) naming the browser: not installed, a missing executable, a
    ///   timeout, a rejected easing, output that is not the expected rows.
    package static func run(_ browser: CaptureBrowser, plan: CapturePlan, executable: String?, timeout: Double, round: Int = 0,
                           progress: (String) -> Void = { _ in }) throws -> CaptureSamples {
        let program = try resolve(browser, executable)
        let versionLimits = ChildProcess.Limits(timeout: timeout, outputLimit: 1 << 16)
        let version = try named(browser) { try browser.readVersion(program, versionLimits) }
        let implementation = "\(browser.name) \(version)"
        let folder = try temporaryFolder(for: browser)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = folder + "/capture.html"
        do {
            try CapturePage.html(for: plan).write(toFile: page, atomically: true, encoding: .utf8)
        } catch {
            throw CaptureError("capture \(browser.name): cannot write the page \(page): \(error.localizedDescription)")
        }
        let launch = try named(browser) { try browser.prepare(program, page, folder) }
        // A row is at most about 50 bytes of output; Chromium also prints the page itself (its inputs, 25 bytes each).
        let limits = ChildProcess.Limits(timeout: timeout, outputLimit: (4 << 20) + plan.rowCount * 96)
        let output = try named(browser) {
            try runWatched(launch, limits: limits) { seconds in
                progress("capture \(browser.name): \(implementation), round \(round), \(plan.rowCount) samples, \(seconds) s "
                         + "(timeout \(formatSpecNumber(timeout)) s)")
            }
        }
        let transcript = browser.transcript(output)
        do {
            let rows = try CaptureTranscript.rows(in: transcript, plan: plan, implementation: implementation)
            return CaptureSamples(implementation: implementation, plan: plan, outputs: rows.outputs,
                                  effectiveInputs: rows.effectiveInputs, round: round)
        } catch {
            // The page's own error line says what went wrong; otherwise the browser's exit and last words may.
            guard !transcript.contains(CapturePage.errorMarker) else {
                throw CaptureError("capture \(browser.name): \(error.message)")
            }
            let stderr = output.standardError.split(separator: "\n").suffix(3).joined(separator: " | ")
            throw CaptureError("capture \(browser.name): \(error.message) (\(SafeText.quoted(launch.program)) exited "
                               + "\(output.status)" + (stderr.isEmpty ? ")" : "; the end of its standard error: "
                                                     + "\(SafeText.quoted(stderr, limit: 300)))"))
        }
    }

    /// The executable to run: `--browser`'s path after checking it, or the installed one.
    static func resolve(_ browser: CaptureBrowser, _ executable: String?) throws(CaptureError) -> String {
        if let executable {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: executable, isDirectory: &isFolder) else {
                throw CaptureError("capture \(browser.name): --browser '\(SafeText.quoted(executable))' does not exist; "
                                   + "expected \(browser.executableRole)")
            }
            guard !isFolder.boolValue, FileManager.default.isExecutableFile(atPath: executable) else {
                throw CaptureError("capture \(browser.name): --browser '\(SafeText.quoted(executable))' is not an "
                                   + "executable file; expected \(browser.executableRole)")
            }
            // ChildProcess does not search the PATH: a bare name is taken relative to the working directory.
            return executable.hasPrefix("/") ? executable : FileManager.default.currentDirectoryPath + "/" + executable
        }
        guard let found = browser.findExecutable() else {
            throw CaptureError("capture \(browser.name): \(browser.name) is not installed (\(browser.executableRole) was "
                               + "not found); install it with '\(browser.install)' or pass --browser PATH")
        }
        return found
    }

    /// Runs `body`, prefixing a `ChildProcessError`'s message with the browser's name.
    private static func named<T>(_ browser: CaptureBrowser, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ChildProcessError {
            throw CaptureError("capture \(browser.name): \(error.message)")
        }
    }

    /// A new private folder under the temporary directory.
    private static func temporaryFolder(for browser: CaptureBrowser) throws(CaptureError) -> String {
        let base = (ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
        var template = Array((base + "/motionbench-capture-\(browser.name)-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap(mkdtemp).map { String(cString: $0) }
        }
        guard let made else {
            throw CaptureError("capture \(browser.name): cannot create a temporary folder in \(base): "
                               + String(cString: strerror(errno)))
        }
        return made
    }

    /// Runs `launch` on another thread and calls `tick` with the whole seconds elapsed about four times a second
    /// until it has finished.
    private static func runWatched(_ launch: CaptureBrowser.Launch, limits: ChildProcess.Limits,
                                   tick: (Int) -> Void) throws -> ChildProcess.Output {
        let box = ResultBox()
        let started = Date()
        let thread = Thread {
            box.set(Result { try ChildProcess.run(launch.program, launch.arguments, limits: limits) })
        }
        thread.start()
        while box.done.wait(timeout: .now() + 0.25) == .timedOut {
            tick(Int(Date().timeIntervalSince(started)))
        }
        return try box.get()
    }
}

/// The browser's result handed from its thread to the waiting one.
private final class ResultBox: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<ChildProcess.Output, any Error>?

    func set(_ value: Result<ChildProcess.Output, any Error>) {
        lock.withLock { result = value }
        done.signal()
    }

    func get() throws -> ChildProcess.Output {
        guard let result = lock.withLock({ result }) else { preconditionFailure("read before the thread finished") }
        return try result.get()
    }
}
