/// A command's answer as named values (a spring's parameters in every family, its settling times): text
/// `name value` lines, CSV `name,VALUE` records under a header, or one JSON object with notes.
package struct NamedValues: Sendable, TextReport, CSVReport, JSONReport {
    /// One named value.
    package struct Entry: Sendable {
        /// The name: a JSON key, the first text and CSV field.
        package var name: String
        /// The value in JSON (null where `notes` says why).
        package var value: ReportCell
        /// The value in text.
        package var text: String
        /// The value as a CSV field.
        package var csv: String

        /// An entry from its forms.
        package init(name: String, value: ReportCell, text: String, csv: String) {
            (self.name, self.value, self.text, self.csv) = (name, value, text, csv)
        }
    }

    /// The entries, in text and CSV order.
    package var entries: [Entry]
    /// The CSV header's second column (the first is "name").
    package var valueColumn: String
    /// Why a JSON value is null or unusual, by name.
    package var notes: [String: String]
    /// Text shows the values alone, without their names (settle's single answer).
    package var bareText: Bool

    /// Named values.
    package init(_ entries: [Entry], valueColumn: String, notes: [String: String] = [:], bareText: Bool = false) {
        (self.entries, self.valueColumn, self.notes, self.bareText) = (entries, valueColumn, notes, bareText)
    }

    /// `name value` lines, or the values alone.
    package func plainText() -> String {
        entries.map { (bareText ? "" : $0.name + " ") + $0.text + "\n" }.joined()
    }

    /// `name,VALUE` then one record per entry.
    package func csvText() -> String {
        CSVWriter.record(["name", valueColumn]) + entries.map { CSVWriter.record([$0.name, $0.csv]) }.joined()
    }

    /// One object keyed by name (the first entry wins a repeated name), with `notes` when there are some.
    package func jsonDocument(metadata: (any ReportMetadata)?) throws -> String {
        let cells = Dictionary(entries.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        return try ReportJSON.document(ReportRow(cells, notes: notes))
    }
}
