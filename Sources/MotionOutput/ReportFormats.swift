/// The format registry: every `--format` value of every command, in help order. A command accepts the formats
/// that can render its report type (`formats(rendering:)`), and its help lists exactly those.
package enum ReportFormats {
    /// Every format, in help order.
    package static let all: [ReportFormat] = [
        .text, .table, .summary, .json, .csv, .markdown, .html,
        .bmf, .githubBenchmark, .influx, .junit,
    ]

    /// The format called `name`, or nil.
    package static func named(_ name: String) -> ReportFormat? { all.first { $0.name == name } }

    /// The formats that can render reports of `reportType`, in help order.
    package static func formats(rendering reportType: Any.Type) -> [ReportFormat] {
        all.filter { $0.canRender(reportType) }
    }
}
