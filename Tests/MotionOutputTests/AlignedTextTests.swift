@testable import MotionOutput
import XCTest

/// Markdown tables aligned for a terminal.
final class AlignedTextTests: XCTestCase {
    func testTablesAlignNumbersRightAndTextLeft() {
        let markdown = """
            ## Report

            Some text.

            | name | kind | error |
            |---|---|---:|
            | a | long kind | 1e-07 |
            | longer | k | 0.25 |
            ### Next
            """
        XCTAssertEqual(AlignedText.fromMarkdown(markdown), """
            Report

            Some text.

            name    kind       error
            ------  ---------  -----
            a       long kind  1e-07
            longer  k           0.25
            Next
            """)
    }
}
