import Foundation
import XCTest

/// Every link in `README.md` and `docs/*.md` leads somewhere: a repo-relative Markdown link `[text](path)` or
/// `[text](path#anchor)` names a file or folder that exists (resolved from the linking file's folder), an anchor names a
/// heading of its file (GitHub's slugs), and no page cites a section (`§N`) of a file the repository does not have.
/// Links in fenced code blocks and in code spans are examples, not links, and are not checked; `http(s):` and `mailto:`
/// links are not checked either.
final class DocumentLinkTests: XCTestCase {
    func testEveryRelativeLinkAndAnchorResolves() throws {
        let pages = try DocumentLinks.pages()
        XCTAssertFalse(pages.isEmpty, "no README.md or docs/*.md found")
        var checked = 0
        for page in pages {
            for link in DocumentLinks.links(in: page.text) {
                checked += 1
                let location = "\(page.relativePath):\(link.line)"
                let (path, anchor) = DocumentLinks.split(link.target)
                let target = path.isEmpty ? page.url : page.url.deletingLastPathComponent().appendingPathComponent(path)
                    .standardizedFileURL
                guard FileManager.default.fileExists(atPath: target.path) else {
                    XCTFail("\(location): [\(link.text)](\(link.target)) names \(path), which is not in the repository")
                    continue
                }
                guard let anchor, target.pathExtension == "md" else { continue }
                let slugs = DocumentLinks.headingSlugs(in: try String(contentsOf: target, encoding: .utf8))
                XCTAssertTrue(slugs.contains(anchor.lowercased()),
                              "\(location): [\(link.text)](\(link.target)): no heading of \(target.lastPathComponent) "
                              + "has the anchor #\(anchor)")
            }
        }
        XCTAssertGreaterThan(checked, 0, "no relative links found: the parser reads nothing")
    }

    func testNoCitationOfAFileTheRepositoryDoesNotHave() throws {
        for page in try DocumentLinks.pages() {
            for (index, line) in page.text.components(separatedBy: "\n").enumerated() {
                let location = "\(page.relativePath):\(index + 1)"
                XCTAssertFalse(line.contains("REFERENCE §"), "\(location): cites REFERENCE §, a file this repository does not have")
                for file in DocumentLinks.sectionCitations(in: line)
                where !DocumentLinks.fileExists(named: file, near: page.url) {
                    XCTFail("\(location): cites \(file) §…, which is not in the repository: \(line)")
                }
            }
        }
    }

    func testSlugsFollowGitHub() {
        XCTAssertEqual(DocumentLinks.slug("JSON keys are a contract"), "json-keys-are-a-contract")
        XCTAssertEqual(DocumentLinks.slug("Engines under test (`motionbench run --engine`)"),
                       "engines-under-test-motionbench-run---engine")
        XCTAssertEqual(DocumentLinks.slug("6. Gate your engine's commits"), "6-gate-your-engines-commits")
        XCTAssertEqual(DocumentLinks.slug("Cubic Béziers: three representations"), "cubic-béziers-three-representations")
        XCTAssertEqual(DocumentLinks.slug("baseline, gate"), "baseline-gate")
        XCTAssertEqual(DocumentLinks.slug("The fast path's rules (`CubicBezierInverter`)"),
                       "the-fast-paths-rules-cubicbezierinverter")
        XCTAssertEqual(DocumentLinks.slug("snake_case and a-dash"), "snake_case-and-a-dash")
        XCTAssertEqual(DocumentLinks.slug("Accuracy, searched (`motionbench accuracy`, default run, 2026-11-26)"),
                       "accuracy-searched-motionbench-accuracy-default-run-2026-11-26")
    }

    func testParsesLinksHeadingsAndCitations() {
        let markdown = """
            # Title
            See [a](docs/cli.md#eval), [b](#title), ![c](img.png "t"), [web](https://example.com) and `[d](no.md)`.
            ```
            [e](inside-a-fence.md)
            # not a heading
            ```
            ## Title
            """
        XCTAssertEqual(DocumentLinks.links(in: markdown).map(\.target), ["docs/cli.md#eval", "#title", "img.png"])
        XCTAssertEqual(DocumentLinks.links(in: markdown).map(\.line), [2, 2, 2])
        XCTAssertEqual(DocumentLinks.headingSlugs(in: markdown), ["title", "title-1"])
        XCTAssertEqual(DocumentLinks.sectionCitations(in: "see DESIGN.md §3 and Web Animations Level 1, §4"), ["DESIGN.md"])
        XCTAssertEqual(DocumentLinks.sectionCitations(in: "the REFERENCE §2.1 rules, `NOTES` §5"), ["REFERENCE", "NOTES"])
        XCTAssertEqual(DocumentLinks.split("a.md#x").anchor, "x")
        XCTAssertNil(DocumentLinks.split("a.md").anchor)
    }
}

/// Reads the links, headings and section citations of the docs.
enum DocumentLinks {
    struct Page {
        let url: URL
        let relativePath: String
        let text: String
    }

    struct Link: Equatable {
        let text: String
        let target: String
        let line: Int
    }

    static var root: URL { DocumentationExamples.packageRoot }

    /// README.md and every docs/*.md.
    static func pages() throws -> [Page] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        let files = [root.appendingPathComponent("README.md")] + names.map { docs.appendingPathComponent($0) }
        return try files.map { file in
            Page(url: file, relativePath: String(file.path.dropFirst(root.path.count + 1)),
                 text: try String(contentsOf: file, encoding: .utf8))
        }
    }

    /// The lines outside fenced code blocks, with their 1-based numbers.
    static func prose(_ markdown: String) -> [(line: Int, text: String)] {
        var result: [(Int, String)] = []
        var fence: String?
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
                continue
            }
            result.append((index + 1, line))
        }
        return result
    }

    /// `line` without its code spans.
    static func withoutCode(_ line: String) -> String {
        line.replacing(/`[^`]*`/, with: "")
    }

    /// Every repo-relative inline link (and image) outside code; web and mail links are left out.
    static func links(in markdown: String) -> [Link] {
        let pattern = /!?\[([^\]]*)\]\(([^()\s]+)(?:\s+"[^"]*")?\)/
        var links: [Link] = []
        for (number, line) in prose(markdown) {
            for match in withoutCode(line).matches(of: pattern) {
                let target = String(match.output.2)
                let lower = target.lowercased()
                if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") { continue }
                links.append(Link(text: String(match.output.1), target: target, line: number))
            }
        }
        return links
    }

    /// A link target's path and anchor.
    static func split(_ target: String) -> (path: String, anchor: String?) {
        guard let hash = target.firstIndex(of: "#") else {
            return (target.removingPercentEncoding ?? target, nil)
        }
        let path = String(target[..<hash]), anchor = String(target[target.index(after: hash)...])
        return (path.removingPercentEncoding ?? path, anchor.removingPercentEncoding ?? anchor)
    }

    /// GitHub's anchor for a heading: lowercase, every character but letters, digits, `-`, `_` and spaces dropped
    /// (code backticks included), spaces to `-`.
    static func slug(_ heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            if character == "-" || character == "_" || character.isLetter || character.isNumber { return character }
            return nil
        })
    }

    /// The anchors of every heading, a repeated one suffixed `-1`, `-2`… as GitHub does.
    static func headingSlugs(in markdown: String) -> [String] {
        var seen: [String: Int] = [:]
        var slugs: [String] = []
        for (_, line) in prose(markdown) {
            guard let match = line.wholeMatch(of: /#{1,6}[ \t]+(.*?)[ \t#]*/) else { continue }
            // Link text stands for the link in the anchor.
            let text = String(match.output.1).replacing(/\[([^\]]*)\]\([^)]*\)/) { String($0.output.1) }
            let base = slug(text)
            if let count = seen[base] {
                slugs.append("\(base)-\(count)")
                seen[base] = count + 1
            } else {
                slugs.append(base)
                seen[base] = 1
            }
        }
        return slugs
    }

    /// The files a line cites by section (`NAME.ext §N`, or an uppercase `NAME §N`); a spec cited by its title
    /// ("Level 1, §4") names no file.
    static func sectionCitations(in line: String) -> [String] {
        line.matches(of: /([A-Za-z0-9_.\/-]+)`?[ ]?§[ ]?\d/).compactMap { match in
            let name = String(match.output.1)
            let isFile = name.wholeMatch(of: /[A-Za-z0-9_.\/-]*[A-Za-z0-9_-]\.[A-Za-z0-9]+/) != nil
            let isUppercaseName = name.wholeMatch(of: /[A-Z][A-Z0-9_-]{2,}/) != nil
            return isFile || isUppercaseName ? name : nil
        }
    }

    /// Whether a cited file is in the repository: next to the citing page, at the root or in docs/, with or without
    /// an extension `.md`.
    static func fileExists(named name: String, near page: URL) -> Bool {
        let folders = [page.deletingLastPathComponent(), root, root.appendingPathComponent("docs")]
        let candidates = name.contains(".") ? [name] : [name, name + ".md"]
        return folders.contains { folder in
            candidates.contains { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        }
    }
}
