import Foundation
import XCTest
import MotionTestSupport

/// C engines built for tests from `Tests/EngineFixtures/*.c` with the machine's C compiler (the Swift toolchain's clang, else cc),
/// against the package's motionbench_engine.h.
enum TestEngines {
    /// The repository's root (three levels above this file).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A C compiler: clang next to `swift` on PATH, or clang, cc or gcc on PATH.
    static var compiler: String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for name in ["clang", "cc", "gcc"] {
            for directory in path where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
                return directory + "/" + name
            }
        }
        return nil
    }

    /// Builds `Tests/EngineFixtures/SOURCE` into a shared library in `directory` with `defines`; returns its path.
    static func build(_ source: String, name: String, defines: [String], in directory: URL) throws -> String {
        guard let compiler else {
            // In CI (CI=true) a missing compiler fails, like a missing binary: the isolation tests must run there.
            throw MissingPrerequisite.error("no C compiler (clang, cc or gcc) on PATH to build the test engines")
        }
        let output = directory.appendingPathComponent("lib\(name).so").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = ["-shared", "-fPIC", "-O1", "-o", output,
                             "-I", root.appendingPathComponent("Sources/CMotionBenchEngine/include").path,
                             root.appendingPathComponent("Tests/EngineFixtures/\(source)").path, "-lm"]
            + defines.map { "-D" + $0 }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else { throw TestEngineBuildFailure(message: "\(compiler): \(message)") }
        return output
    }
}

/// A test engine that did not compile.
struct TestEngineBuildFailure: Error { let message: String }
