import MotionCore

/// Reads comma-separated text as RFC 4180 records (fields in double quotes may hold commas, line breaks and `""` for a
/// quote), keeping the line each record starts on so that an error can name it. Line ends may be LF or CRLF; blank
/// lines are skipped.
public enum CSVReader {
    /// One record and the 1-based line it starts on.
    public struct Record: Sendable, Equatable {
        /// The line of the file the record starts on, from 1.
        public let line: Int
        /// The fields, unquoted.
        public let fields: [String]
    }

    /// Every non-blank record of `text`.
    /// - Throws: `CSVReadError` for a quote that is never closed or text after a closing quote.
    public static func records(_ text: String) throws(CSVReadError) -> [Record] {
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
public struct CSVReadError: MotionBenchError, CustomStringConvertible {
    /// The 1-based line where the problem is.
    public let line: Int
    /// The 1-based field position on that record.
    public let field: Int
    /// What is wrong.
    public let problem: String
    /// `line L, field F: PROBLEM`.
    public var description: String { "line \(line), field \(field): \(problem)" }
}
