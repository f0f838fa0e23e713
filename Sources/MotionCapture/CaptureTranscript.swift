import MotionCore

/// Reads the text block a capture page printed (`CapturePage`'s protocol) out of what a browser printed.
package enum CaptureTranscript {
    /// The outputs and effective inputs, one per row of `plan` and in its order, exactly as the browser printed them
    /// (JavaScript's `String(progress)`), found in `text` (which may hold other lines before and after the block).
    /// - Parameter implementation: the browser and version, e.g. `firefox 153.7.0esr`, for messages.
    /// - Throws: `CaptureError` whose message starts with `implementation`, when the block is missing, reports a
    ///   rejected easing, is cut short, has the wrong number of rows, or holds a row that is not two finite numbers.
    package static func rows(in text: String, plan: CapturePlan, implementation: String) throws(CaptureError)
        -> (outputs: [String], effectiveInputs: [String])
    {
        // Lines end in LF or CRLF ("\r\n" is one Character); blank lines (the text's last, say) hold no row.
        var lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).makeIterator()
        while let line = lines.next() {
            if line == CapturePage.beginMarker { break }
        }
        var outputs: [String] = [], effective: [String] = []
        outputs.reserveCapacity(plan.rowCount)
        effective.reserveCapacity(plan.rowCount)
        while let line = lines.next() {
            if line.hasPrefix(CapturePage.endMarker) {
                let count = line.dropFirst(CapturePage.endMarker.count).trimmingPrefix(" ")
                guard Int(count) == outputs.count, outputs.count == plan.rowCount else {
                    throw CaptureError("\(implementation) printed \(outputs.count) rows and an end line "
                                       + "'\(SafeText.quoted(String(line)))'; expected \(plan.rowCount) rows")
                }
                return (outputs, effective)
            }
            if line.hasPrefix(CapturePage.errorMarker) {
                throw rejection(String(line.dropFirst(CapturePage.errorMarker.count)), plan: plan,
                                implementation: implementation)
            }
            // Anything else between the markers is the browser's own output, not the page's.
            guard line.hasPrefix(CapturePage.rowPrefix) else { continue }
            let fields = line.dropFirst(CapturePage.rowPrefix.count).split(separator: " ", omittingEmptySubsequences: false)
            guard outputs.count < plan.rowCount else {
                throw CaptureError("\(implementation) printed more than the \(plan.rowCount) rows expected")
            }
            guard fields.count == 2, fields.allSatisfy(isFiniteNumber) else {
                let row = plan.row(outputs.count)
                throw CaptureError("\(implementation) printed '\(SafeText.quoted(String(line.dropFirst())))' for "
                                   + "\(row.spec) at input \(formatOutputNumber(row.input)), duration "
                                   + "\(formatSpecNumber(row.duration)) s; expected a finite progress and the effective input")
            }
            outputs.append(String(fields[0]))
            effective.append(String(fields[1]))
        }
        if outputs.isEmpty, !text.contains(CapturePage.beginMarker) {
            throw CaptureError("\(implementation) printed no capture (no '\(CapturePage.beginMarker)' line)")
        }
        throw CaptureError("\(implementation)'s output was cut short after \(outputs.count) of "
                           + "\(plan.rowCount) rows (no '\(CapturePage.endMarker)' line)")
    }

    /// Whether `text` is a finite number as JavaScript prints one (digits, `.`, `e`, signs).
    private static func isFiniteNumber(_ text: Substring) -> Bool {
        text.allSatisfy({ "0123456789.e-+".contains($0) }) && Double(text).map(\.isFinite) == true
    }

    /// The error for an error line's rest, ` INDEX MESSAGE`.
    private static func rejection(_ rest: String, plan: CapturePlan, implementation: String) -> CaptureError {
        let words = rest.trimmingPrefix(" ").split(separator: " ", maxSplits: 1)
        let message = words.count > 1 ? SafeText.quoted(String(words[1]), limit: 200) : "no message"
        guard let first = words.first, let index = Int(first), plan.specs.indices.contains(index) else {
            return CaptureError("\(implementation)'s page failed: \(message)")
        }
        return CaptureError("\(implementation) rejected the easing '\(SafeText.quoted(plan.specs[index]))': "
                            + message)
    }
}
