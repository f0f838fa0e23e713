import Foundation
import XCTest

/// `motionbench --generate-completion-script SHELL` (docs/cli.md, "Shell completions") prints a script that knows the
/// commands, for each shell the docs name.
final class CompletionScriptTests: XCTestCase {
    func testEachDocumentedShellGetsAScriptNamingTheCommands() throws {
        let docs = try String(contentsOf: DocumentationExamples.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        XCTAssertTrue(docs.contains("--generate-completion-script bash|zsh|fish"))
        for shell in ["bash", "zsh", "fish"] {
            let result = try CommandRunner.run(["--generate-completion-script", shell])
            XCTAssertEqual(result.status, 0, "\(shell): \(result.standardError)")
            for command in ["run", "compare", "accuracy", "capture", "gate", "baseline"] {
                XCTAssertTrue(result.standardOutput.contains(command), "\(shell)'s script names \(command)")
            }
            XCTAssertTrue(result.standardOutput.contains("stdout") && result.standardOutput.contains("allow-mismatch"), "\(shell)'s script knows the options")
        }
        let bash = try CommandRunner.run(["--generate-completion-script", "bash"]).standardOutput
        XCTAssertTrue(bash.contains("complete ") && bash.contains("_motionbench"), "bash registers a completion function")
        XCTAssertEqual(try CommandRunner.run(["--generate-completion-script", "tcsh"]).status, 2, "an unknown shell is a usage error")
    }
}
