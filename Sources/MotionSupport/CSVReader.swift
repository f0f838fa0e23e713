import MotionCore

/// Reads comma-separated text as RFC 4180 records (fields in double quotes may hold commas, line breaks and `""` for a
/// quote), keeping the line each record starts on so that an error can name it. Line ends may be LF or CRLF; blank
/// lines are skipped.
package enum CSVReader {
    /// One record and the 1-based line it starts on.
    package struct Record: Sendable, Equatable {
        /// The line of the file the record starts on, from 1.
        package let line: Int
        /// The fields, unquoted.
        package let fields: [String]
    }

    /// Every non-blank record of `text`.
    /// - Throws: `CSVReadError` for a quote that is never closed or text after a closing quote.
    package static func records(_ text: String) throws(CSVReadError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = [], field = "", line = 1, recordLine = 1
        var inQuotes = false, quotedField = false, afterQuote = false, column = 1
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !quotedField) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []; field = ""; quotedField = false; afterQuote = false; column = 1
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if inQuotes {
                if scalar == "\"" {
                    if index < scalars.count, scalars[index] == "\"" {
                        field.unicodeScalars.append("\"")
                        index += 1
                    } else {
                        inQuotes = false
                        afterQuote = true
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field); field = ""; quotedField = false; afterQuote = false; column += 1
            case "\r" where index < scalars.count && scalars[index] == "\n":
                continue
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            case "\"" where field.isEmpty && !quotedField:
                inQuotes = true
                quotedField = true
            default:
                if afterQuote {
                    throw CSVReadError(line: line, field: column, problem: "text after the closing quote of a field")
                }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw CSVReadError(line: recordLine, field: column, problem: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || quotedField { endRecord() }
        return records
    }
}

/// A comma-separated file that is not well formed.
package struct CSVReadError: MotionBenchError, CustomStringConvertible {
    /// The 1-based line where the problem is.
    package let line: Int
    /// The 1-based field position on that record.
    package let field: Int
    /// What is wrong.
    package let problem: String
    /// `line L, field F: PROBLEM`.
    package var description: String { "line \(line), field \(field): \(problem)" }
}

/// An RFC 4180 reader over bytes that arrive in pieces (a file read a few megabytes at a time): the same records, lines
/// and errors as `CSVReader.records`, one record at a time, holding only the record being read. Fields are raw bytes
/// (unquoted); the delimiters, quotes and line ends are ASCII, so UTF-8 text splits exactly as its scalars would.
///
///     var parser = CSVStreamParser(), position = 0
///     while try parser.scan(chunk, from: &position) { use(parser.recordLine, parser.fieldCount, parser.field(0)) }
///     // … more chunks …
///     if try parser.finish() { use(…) }
package struct CSVStreamParser: Sendable {
    /// The most bytes one record may hold: a record beyond it is refused (a quote never closed, or not CSV at all)
    /// instead of being held whole.
    package static let recordLimit = 1 << 20

    /// The current record's fields, unquoted, one after another.
    package private(set) var bytes: [UInt8] = []
    /// Where each field of the current record ends in `bytes`.
    package private(set) var ends: [Int] = []
    /// The line the ready record starts on, from 1.
    package private(set) var recordLine = 1
    private var startLine = 1, line = 1
    private var inQuotes = false, quotedField = false, afterQuote = false
    private var pendingQuote = false, pendingCR = false, ready = false, inComment = false
    /// Whether a line that starts with `#` (outside a quoted field) is a comment: skipped whole, quotes and commas
    /// included, and counted as a line.
    package let skipsCommentLines: Bool

    /// A parser; with `skipsCommentLines`, lines that start with `#` are comments.
    package init(skipsCommentLines: Bool = false) {
        self.skipsCommentLines = skipsCommentLines
        bytes.reserveCapacity(256)
        ends.reserveCapacity(16)
    }

    /// The number of fields of the ready record.
    package var fieldCount: Int { ends.count }

    /// The bytes of field `index` of the ready record, as a range of `bytes`.
    package func fieldRange(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    /// Reads `input` from `position` until a non-blank record ends (true: the record is ready, `position` is just after
    /// it) or the input is used up (false: call again with the next piece, or `finish`).
    /// - Throws: `CSVReadError` for text after a closing quote, or a record longer than `recordLimit`.
    package mutating func scan(_ input: UnsafeBufferPointer<UInt8>, from position: inout Int) throws(CSVReadError) -> Bool {
        if ready { clear() }
        var i = position
        let n = input.count
        defer { position = i }
        if pendingQuote, i < n {
            pendingQuote = false
            if input[i] == Self.quote {
                bytes.append(Self.quote)
                i += 1
            } else {
                inQuotes = false
                afterQuote = true
            }
        }
        if pendingCR, i < n {
            pendingCR = false
            if input[i] != Self.lf { try plain(Self.cr) }
        }
        while i < n {
            if inComment {
                var j = i
                while j < n, input[j] != Self.lf { j += 1 }
                guard j < n else { i = n; break }
                (i, inComment, line) = (j + 1, false, line + 1)
                startLine = line
                continue
            }
            if inQuotes {
                var j = i
                while j < n, input[j] != Self.quote {
                    if input[j] == Self.lf { line += 1 }
                    j += 1
                }
                try append(input, i..<j)
                i = j
                guard i < n else { break }
                i += 1
                if i < n {
                    if input[i] == Self.quote {
                        bytes.append(Self.quote)
                        i += 1
                    } else {
                        inQuotes = false
                        afterQuote = true
                    }
                } else {
                    pendingQuote = true
                }
                continue
            }
            let byte = input[i]
            switch byte {
            case Self.comma:
                ends.append(bytes.count)
                quotedField = false
                afterQuote = false
                i += 1
            case Self.cr:
                i += 1
                if i < n {
                    if input[i] != Self.lf { try plain(Self.cr) }
                } else {
                    pendingCR = true
                }
            case Self.lf:
                i += 1
                if endRecord() { return true }
            case UInt8(ascii: "#") where skipsCommentLines && bytes.isEmpty && ends.isEmpty && !quotedField:
                inComment = true
                i += 1
            case Self.quote where bytes.count == (ends.last ?? 0) && !quotedField:
                inQuotes = true
                quotedField = true
                i += 1
            default:
                if afterQuote { throw CSVReadError(line: line, field: ends.count + 1, problem: "text after the closing quote of a field") }
                var j = i + 1
                while j < n {
                    let next = input[j]
                    if next == Self.comma || next == Self.lf || next == Self.cr || next == Self.quote { break }
                    j += 1
                }
                try append(input, i..<j)
                i = j
            }
        }
        return false
    }

    /// At the end of the input: true when a last record without a line end is ready.
    /// - Throws: `CSVReadError` for a quoted field that is never closed (or text after a closing quote).
    package mutating func finish() throws(CSVReadError) -> Bool {
        if ready { clear() }
        if inComment { (inComment, pendingCR) = (false, false) }
        if pendingQuote {
            pendingQuote = false
            inQuotes = false
            afterQuote = true
        }
        if pendingCR {
            pendingCR = false
            try plain(Self.cr)
        }
        if inQuotes { throw CSVReadError(line: startLine, field: ends.count + 1, problem: "a quoted field is never closed") }
        guard !bytes.isEmpty || !ends.isEmpty || quotedField else { return false }
        ends.append(bytes.count)
        recordLine = startLine
        ready = true
        return true
    }

    /// Ends the record at a line end: true when it is not blank (it is then ready).
    private mutating func endRecord() -> Bool {
        ends.append(bytes.count)
        let blank = ends.count == 1 && bytes.isEmpty && !quotedField
        recordLine = startLine
        quotedField = false
        afterQuote = false
        line += 1
        startLine = line
        if blank {
            clear()
            return false
        }
        ready = true
        return true
    }

    private mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        quotedField = false
        afterQuote = false
        ready = false
    }

    /// A byte outside quotes that is not a delimiter.
    private mutating func plain(_ byte: UInt8) throws(CSVReadError) {
        if afterQuote { throw CSVReadError(line: line, field: ends.count + 1, problem: "text after the closing quote of a field") }
        bytes.append(byte)
        try checkLength()
    }

    private mutating func append(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(CSVReadError) {
        guard !range.isEmpty else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
        try checkLength()
    }

    private func checkLength() throws(CSVReadError) {
        guard bytes.count <= Self.recordLimit else {
            throw CSVReadError(line: startLine, field: ends.count + 1, problem: "a record is longer than "
                               + "\(Self.recordLimit >> 20) MiB (a quoted field never closed, or not a CSV file)")
        }
    }
}

/// Checks UTF-8 text that arrives in pieces (a sequence may be split between two), and refuses NUL bytes, counting
/// lines so that a refusal can name one.
package struct UTF8TextCheck: Sendable {
    /// Why a piece is refused.
    package enum Problem: Sendable { case notUTF8, nul }
    /// Lines ended so far (line ends before the byte being checked).
    package private(set) var lineEnds = 0
    private var needed = 0
    private var lower: UInt8 = 0x80, upper: UInt8 = 0xBF

    package init() {}

    /// Checks the next piece: nil when it is well formed so far, or the problem and the 1-based line it is on.
    package mutating func check(_ input: UnsafeBufferPointer<UInt8>) -> (problem: Problem, line: Int)? {
        var i = 0
        let n = input.count
        while i < n {
            let byte = input[i]
            if needed > 0 {
                guard byte >= lower, byte <= upper else { return (.notUTF8, lineEnds + 1) }
                needed -= 1
                lower = 0x80
                upper = 0xBF
                i += 1
                continue
            }
            if byte < 0x80 {
                if byte == 0 { return (.nul, lineEnds + 1) }
                if byte == 0x0A { lineEnds += 1 }
                i += 1
                continue
            }
            switch byte {
            case 0xC2...0xDF: needed = 1
            case 0xE0: needed = 2; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: needed = 2
            case 0xED: needed = 2; upper = 0x9F
            case 0xF0: needed = 3; lower = 0x90
            case 0xF1...0xF3: needed = 3
            case 0xF4: needed = 3; upper = 0x8F
            default: return (.notUTF8, lineEnds + 1)
            }
            i += 1
        }
        return nil
    }

    /// At the end of the text: nil, or the line of a sequence cut short.
    package func finish() -> (problem: Problem, line: Int)? {
        needed > 0 ? (.notUTF8, lineEnds + 1) : nil
    }
}
