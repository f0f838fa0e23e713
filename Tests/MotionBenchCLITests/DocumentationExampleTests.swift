import Foundation
import XCTest

/// Runs every exact example in `README.md` and `docs/*.md` and compares its output with the text in the docs, so that
/// the docs cannot go stale.
///
/// The convention (docs/cli.md, "Examples that are tested"): a fenced block whose info string is `console` holds
/// examples. Each starts with a line `$ motionbench ARGS` (or `$ printf 'TEXT' | motionbench ARGS` to feed standard
/// input) and is followed by the exact lines the command prints, standard output then standard error, up to the next
/// `$ ` line or the end of the block. A last line `(exit N)` says the command exits with N; without it the example
/// must exit 0. Arguments are shell words: bare, 'single-quoted' or "double-quoted". The only normalization is CRLF to
/// LF (CSV records end in CRLF, RFC 4180). Examples whose output is not exact (timings) go in other fences (`text`,
/// `sh`), which this test does not read.
final class DocumentationExampleTests: XCTestCase {
    /// Every command whose output is exact must have at least one tested example.
    static let exactCommands: Set<String> = ["eval", "convert", "settle", "timing", "interpolate"]

    func testEveryConsoleExampleMatchesItsOutput() throws {
        let examples = try DocumentationExamples.all()
        XCTAssertFalse(examples.isEmpty, "no ```console examples found in README.md or docs/")
        for example in examples {
            let result = try CommandRunner.run(example.arguments, input: example.input)
            let printed = (result.standardOutput + result.standardError).replacingOccurrences(of: "\r\n", with: "\n")
            XCTAssertEqual(printed, example.expectedOutput,
                           "\(example.location): `\(example.command)` printed something else than the docs show")
            XCTAssertEqual(result.status, example.expectedStatus,
                           "\(example.location): `\(example.command)` exited \(result.status)\n\(result.standardError)")
        }
    }

    func testEveryExactCommandHasATestedExample() throws {
        let covered = Set(try DocumentationExamples.all().compactMap(\.arguments.first))
        let missing = Self.exactCommands.subtracting(covered).sorted()
        XCTAssertEqual(missing, [], "no ```console example of \(missing) in README.md or docs/")
    }

    func testParsesTheConvention() throws {
        let markdown = """
            Text with a `$ motionbench eval ease 1` that is not in a block.
            ```text
            $ motionbench run
            not read
            ```
            ```console
            $ motionbench eval 'cubic-bezier(0.5, 1, 0.5, 1)' "a b" 0.5
            0.875
            $ printf '0.25\\n50%%\\n' | motionbench eval linear
            one
            two
            $ motionbench eval nope 1
            motionbench: invalid spec
            (exit 2)
            ```
            """
        let examples = try DocumentationExamples.parse(markdown, file: "inline.md")
        XCTAssertEqual(examples.count, 3)
        XCTAssertEqual(examples[0].arguments, ["eval", "cubic-bezier(0.5, 1, 0.5, 1)", "a b", "0.5"])
        XCTAssertEqual(examples[0].input, "")
        XCTAssertEqual(examples[0].expectedOutput, "0.875\n")
        XCTAssertEqual(examples[0].expectedStatus, 0)
        XCTAssertEqual(examples[0].location, "inline.md:7")
        XCTAssertEqual(examples[1].arguments, ["eval", "linear"])
        XCTAssertEqual(examples[1].input, "0.25\n50%\n")
        XCTAssertEqual(examples[1].expectedOutput, "one\ntwo\n")
        XCTAssertEqual(examples[2].expectedOutput, "motionbench: invalid spec\n")
        XCTAssertEqual(examples[2].expectedStatus, 2)
    }

    func testRejectsShellSyntaxItCannotRun() {
        for line in ["$ motionbench eval ease 0.5 > out.txt", "$ motionbench eval 'ease 0.5", "$ cat x | motionbench eval ease",
                     "$ motionbench eval ease $X", "$ printf '%s' 1 | motionbench eval ease"] {
            XCTAssertThrowsError(try DocumentationExamples.parse("```console\n\(line)\n```\n", file: "bad.md"), line)
        }
    }
}

/// One tested example from the docs.
struct DocumentationExample {
    /// `file:line` of its `$ ` line.
    let location: String
    /// The command as written after `$ `.
    let command: String
    /// The arguments after `motionbench`.
    let arguments: [String]
    /// Standard input (from `printf`), or empty.
    let input: String
    /// The lines shown after the command, each ending in a newline.
    let expectedOutput: String
    /// The exit status shown by an `(exit N)` line, or 0.
    let expectedStatus: Int32
}

/// Reads the examples of the `console` convention (see `DocumentationExampleTests`).
enum DocumentationExamples {
    /// An example line the test cannot run as written.
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    /// The package's root directory (this file is Tests/MotionBenchCLITests/DocumentationExampleTests.swift).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Every example in README.md and docs/*.md, in file order.
    static func all() throws -> [DocumentationExample] {
        let root = packageRoot
        let docs = root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        let files = [root.appendingPathComponent("README.md")] + pages.map { docs.appendingPathComponent($0) }
        return try files.flatMap { file in
            let relative = String(file.path.dropFirst(root.path.count + 1))
            return try parse(String(contentsOf: file, encoding: .utf8), file: relative)
        }
    }

    /// The examples in the `console` blocks of `markdown`.
    static func parse(_ markdown: String, file: String) throws -> [DocumentationExample] {
        var examples: [DocumentationExample] = []
        var inConsole = false, inOtherFence = false
        var current: (line: Int, command: String, output: [String])?
        func finish() throws {
            guard let example = current else { return }
            current = nil
            var output = example.output, status: Int32 = 0
            if let last = output.last, last.hasPrefix("(exit "), last.hasSuffix(")"),
               let code = Int32(last.dropFirst("(exit ".count).dropLast()) {
                status = code
                output.removeLast()
            }
            let (arguments, input) = try command(example.command, at: "\(file):\(example.line)")
            examples.append(DocumentationExample(
                location: "\(file):\(example.line)", command: example.command, arguments: arguments, input: input,
                expectedOutput: output.map { $0 + "\n" }.joined(), expectedStatus: status))
        }
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inConsole {
                if trimmed == "```" {
                    try finish()
                    inConsole = false
                } else if line.hasPrefix("$ ") {
                    try finish()
                    current = (index + 1, String(line.dropFirst(2)), [])
                } else if current != nil {
                    current?.output.append(line)
                } else if !trimmed.isEmpty {
                    throw Unsupported(description: "\(file):\(index + 1): a console block must start with a `$ ` line")
                }
            } else if trimmed.hasPrefix("```") {
                if inOtherFence {
                    inOtherFence = trimmed != "```"
                } else if trimmed == "```console" {
                    inConsole = true
                } else {
                    inOtherFence = true
                }
            }
        }
        return examples
    }

    /// The arguments and standard input of `$ [printf 'TEXT' |] motionbench ARGS`.
    static func command(_ text: String, at location: String) throws -> (arguments: [String], input: String) {
        var words = try shellWords(text, at: location)
        var input = ""
        if words.first == "printf" {
            guard words.count >= 4, words[2] == "|" else {
                throw Unsupported(description: "\(location): write `printf 'TEXT' | motionbench ARGS`")
            }
            input = try printfText(words[1], at: location)
            words.removeFirst(3)
        }
        guard words.first == "motionbench", !words.dropFirst().contains("|") else {
            throw Unsupported(description: "\(location): a tested example runs `motionbench ARGS`, found `\(text)`")
        }
        return (Array(words.dropFirst()), input)
    }

    /// Shell words: bare words, 'single-quoted' and "double-quoted" text; `|` as a word of its own. Anything a shell
    /// would expand or redirect is refused, so that an example runs here exactly as it would in a shell.
    static func shellWords(_ text: String, at location: String) throws -> [String] {
        var words: [String] = [], word = "", inWord = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ":
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            case "'", "\"":
                inWord = true
                var closed = false
                while let next = characters.next() {
                    if next == character { closed = true; break }
                    if character == "\"", "$`\\".contains(next) {
                        throw Unsupported(description: "\(location): no expansions or escapes inside double quotes")
                    }
                    word.append(next)
                }
                guard closed else { throw Unsupported(description: "\(location): unclosed quote in `\(text)`") }
            case "|" where !inWord:
                words.append("|")
            default:
                if "<>&;$`\\#*?(){}[]~|".contains(character) {
                    throw Unsupported(description: "\(location): quote `\(character)` or leave it out of `\(text)`")
                }
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// printf's output for a format with no conversions: `\n`, `\t`, `\\` and `%%`.
    static func printfText(_ format: String, at location: String) throws -> String {
        var result = "", characters = format.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\\":
                switch characters.next() {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\\": result.append("\\")
                default: throw Unsupported(description: "\(location): printf escapes are \\n, \\t and \\\\")
                }
            case "%":
                guard characters.next() == "%" else {
                    throw Unsupported(description: "\(location): printf formats here take no conversions (write %% for %)")
                }
                result.append("%")
            default:
                result.append(character)
            }
        }
        return result
    }
}
