import Foundation
import MotionCore
import MotionSupport

/// One browser engine `motionbench capture` can drive: how to find it, read its version and make it load a page and
/// print what the page's script wrote. Each browser is one file in `Browsers/` declaring a static descriptor, listed
/// once in `CaptureBrowsers.all`.
package struct CaptureBrowser: Sendable {
    /// How a browser is started for one page.
    package struct Launch: Sendable {
        /// The program to run (an absolute path).
        package var program: String
        /// Its arguments.
        package var arguments: [String]
    }

    /// The name on the command line and in the CSV's implementation column (`chromium`).
    package let name: String
    /// The engine and how it is driven, for help.
    package let summary: String
    /// What installs it on Debian (`apt-get install chromium`).
    package let install: String
    /// What `--browser PATH` names for this browser (the executable, or the Python interpreter for WebKit).
    package let executableRole: String
    /// The default executable when `--browser` is not given, or nil when it is not installed.
    let findExecutable: @Sendable () -> String?
    /// The version text (`156.0.8078.79`) the executable reports; throws `CaptureError` when it cannot be read.
    let readVersion: @Sendable (_ executable: String, _ limits: ChildProcess.Limits) throws -> String
    /// Prepares what the run needs in `folder` (a profile, a script) and says how to start it on `page`.
    let prepare: @Sendable (_ executable: String, _ page: String, _ folder: String) throws -> Launch
    /// The text holding the page's block, from what the browser printed (Chromium's DOM unescaped, say).
    let transcript: @Sendable (ChildProcess.Output) -> String

    /// A descriptor (see the properties).
    init(name: String, summary: String, install: String, executableRole: String,
         findExecutable: @escaping @Sendable () -> String?,
         readVersion: @escaping @Sendable (_ executable: String, _ limits: ChildProcess.Limits) throws -> String,
         prepare: @escaping @Sendable (_ executable: String, _ page: String, _ folder: String) throws -> Launch,
         transcript: @escaping @Sendable (ChildProcess.Output) -> String) {
        self.name = name
        self.summary = summary
        self.install = install
        self.executableRole = executableRole
        self.findExecutable = findExecutable
        self.readVersion = readVersion
        self.prepare = prepare
        self.transcript = transcript
    }

    /// The first program among `names` on the `PATH`, as a path.
    static func onPath(_ names: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            if let found = folders.map({ "\($0)/\(name)" }).first(where: FileManager.default.isExecutableFile) { return found }
        }
        return nil
    }

    /// The version in `executable --version`'s output: its first word that starts with a digit and holds a dot
    /// (`Chromium 156.0.8078.79 built on Debian` gives `156.0.8078.79`, `Mozilla Firefox 153.7.0esr` `153.7.0esr`).
    static func versionFromFlag(of browser: String) -> @Sendable (String, ChildProcess.Limits) throws -> String {
        { executable, limits in
            let output = try ChildProcess.run(executable, ["--version"], limits: limits)
            let words = output.standardOutput.split(whereSeparator: \.isWhitespace)
            guard output.status == 0, let version = words.first(where: { $0.first?.isNumber == true && $0.contains(".") }) else {
                throw CaptureError("capture \(browser): '\(SafeText.quoted(executable)) --version' exited \(output.status) "
                                   + "and printed '\(SafeText.quoted(output.standardOutput + output.standardError))', "
                                   + "not a version; is it \(browser)?")
            }
            return String(version)
        }
    }
}
