/// Markdown reports read at a terminal: every Markdown table becomes an aligned text table (columns of numbers
/// right-aligned, text left-aligned, a dashed rule under the header), headings lose their `#` marks, other lines stay.
/// A FAILED cell in a column of numbers (a measurement that failed) is aligned like the numbers.
package enum AlignedText {
    /// `markdown` with its tables aligned for a fixed-width terminal.
    package static func fromMarkdown(_ markdown: String) -> String {
        var output: [String] = [], table: [[String]] = []
        func flush() {
            guard !table.isEmpty else { return }
            let widths = (0..<(table.map(\.count).max() ?? 0)).map { column in
                table.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
            }
            let numeric = widths.indices.map { column in
                table.dropFirst().allSatisfy { row in
                    column < row.count && (row[column] == "FAILED"
                                           || (row[column].first.map { "0123456789-–<+.".contains($0) } ?? true))
                }
            }
            for (index, row) in table.enumerated() {
                let cells = widths.indices.map { column -> String in
                    let cell = column < row.count ? row[column] : ""
                    let padding = String(repeating: " ", count: widths[column] - cell.count)
                    return numeric[column] ? padding + cell : cell + padding
                }
                output.append(String(cells.joined(separator: "  ").reversed().drop { $0 == " " }.reversed()))
                if index == 0 { output.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
            }
            table = []
        }
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                    .map { $0.trimming(" ") }
                if !cells.allSatisfy({ $0.allSatisfy { "-:".contains($0) } && !$0.isEmpty }) { table.append(cells) }
                continue
            }
            flush()
            output.append(String(line.drop { $0 == "#" }.drop { $0 == " " }))
        }
        flush()
        return output.joined(separator: "\n")
    }
}

extension Substring {
    /// The text without leading and trailing `character`s.
    func trimming(_ character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
