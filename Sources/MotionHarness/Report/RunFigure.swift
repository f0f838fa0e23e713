import MotionOutput

/// One figure of a `motionbench run` row, declared once: where it goes in the JSON, the table and the CSV, its unit,
/// whether dashboards get it, and how to read it from a `HarnessResult`. `RunFigure.all` drives every output
/// (`HarnessReport`); adding a figure is one entry there plus the `HarnessResult` field that holds it.
struct RunFigure: Sendable {
    /// How the figure is read from a row, which also says its kind.
    enum Reading: Sendable {
        /// A name or label.
        case text(@Sendable (HarnessResult) -> String?)
        /// A count.
        case integer(@Sendable (HarnessResult) -> Int?)
        /// A number measured or derived once.
        case number(@Sendable (HarnessResult) -> Double?)
        /// A number timed on every pass: a median with its min–max range over the passes.
        case timed(@Sendable (HarnessResult) -> Timed?)
    }

    /// Where the figure sits in each result object of the JSON report.
    enum JSONPlace: Sendable {
        /// Not in the JSON.
        case none
        /// Under its own key.
        case key(String)
        /// Under `key` inside the object `group` (`frameMs.p99`).
        case member(group: String, key: String)

        /// The key the figure occupies at the top of the result object (`frameMs` for its members).
        var topKey: String? {
            switch self {
            case .none: nil
            case .key(let key): key
            case .member(let group, _): group
            }
        }
    }

    /// How a table cell shows the figure.
    enum CellFormat: Sendable {
        /// The value as it is (a count or a text).
        case plain
        /// The value × `scale` with `digits` decimals and `suffix`, or "–" when not finite; a timed figure adds its
        /// range over passes as ` [min–max]`.
        case fixed(digits: Int, scale: Double = 1, suffix: String = "")
    }

    /// The table column: its title and cell format.
    struct Column: Sendable {
        let title: String
        let format: CellFormat
    }

    /// A dashboard measure (bmf, github-benchmark, influx, junit): its name and its place among a row's measures.
    struct Export: Sendable {
        let measure: String
        let position: Int
    }

    /// The figure's name: its CSV column, its key in the JSON `spread` object and the stem of its CSV `Min`/`Max`
    /// columns when timed.
    let name: String
    /// Where it sits in the JSON result object.
    let json: JSONPlace
    /// Its table column, nil when the table leaves it out.
    let column: Column?
    /// Whether the CSV has a column for it.
    let csv: Bool
    /// Its unit (in the JSON `units` object and the exports), nil for a count or a label.
    let unit: String?
    /// What the JSON `notes` say when its value is not finite, nil for no note.
    let nonFiniteNote: String?
    /// Its dashboard measure, nil when it is not exported.
    let export: Export?
    /// How to read it.
    let reading: Reading

    /// A figure named `name`, in the JSON under `json` (its own name when not given).
    init(_ name: String, json: JSONPlace? = nil, column: Column? = nil, csv: Bool = true, unit: String? = nil,
         nonFiniteNote: String? = "not finite", export: Export? = nil, _ reading: Reading) {
        (self.name, self.json, self.column, self.csv, self.unit) = (name, json ?? .key(name), column, csv, unit)
        (self.nonFiniteNote, self.export, self.reading) = (nonFiniteNote, export, reading)
    }

    /// Whether the figure is timed on every pass, so has a min–max range in a repeated run.
    var isTimed: Bool {
        if case .timed = reading { return true }
        return false
    }

    /// Its value in `result` as a number, nil for a text or a missing value.
    func number(_ result: HarnessResult) -> Double? {
        switch reading {
        case .text: nil
        case .integer(let read): read(result).map(Double.init)
        case .number(let read): read(result)
        case .timed(let read): read(result)?.median
        }
    }

    /// Its min–max range over the passes in `result`, nil for one pass or an untimed figure.
    func range(_ result: HarnessResult) -> ClosedRange<Double>? {
        if case .timed(let read) = reading { return read(result)?.range }
        return nil
    }

    /// Its CSV field in `result` (a missing value is empty).
    func csvCell(_ result: HarnessResult) -> ReportCell {
        switch reading {
        case .text(let read): read(result).map(ReportCell.text) ?? .null
        case .integer(let read): read(result).map(ReportCell.integer) ?? .null
        case .number, .timed: number(result).map(ReportCell.number) ?? .null
        }
    }

    /// Its table cell in `result`: "n/a" for a missing value.
    func cell(_ result: HarnessResult) -> String {
        guard let format = column?.format else { return "" }
        if case .text(let read) = reading { return read(result) ?? "n/a" }
        guard let value = number(result) else { return "n/a" }
        switch format {
        case .plain:
            if case .integer(let read) = reading, let count = read(result) { return "\(count)" }
            return "\(value)"
        case .fixed(let digits, let scale, let suffix):
            let shown = HarnessReport.fixed(value * scale, digits) + suffix
            guard let range = range(result), value.isFinite else { return shown }
            return shown + " [" + HarnessReport.fixed(range.lowerBound * scale, digits) + "–"
                + HarnessReport.fixed(range.upperBound * scale, digits) + "]"
        }
    }
}

extension RunFigure {
    /// Every run figure, in CSV order (the table's columns and the timed figures' ranges follow the same order).
    static let all: [RunFigure] = [
        RunFigure("scenario", .text { $0.scenario }),
        RunFigure("layers", column: Column(title: "layers", format: .plain), .integer { $0.layers }),
        RunFigure("threads", column: Column(title: "threads", format: .plain), .integer { $0.threads }),
        RunFigure("frames", .integer { $0.frames }),
        RunFigure("clock", csv: false, .text { $0.clock }),
        RunFigure("rateHz", unit: "Hz", .number { $0.rateHz }),
        RunFigure("nsPerLayerFrame", column: Column(title: "ns/layer/frame", format: .fixed(digits: 2)), unit: "ns",
                  export: Export(measure: "ns-per-layer-frame", position: 0), .timed { $0.nsPerLayerFrame }),
        RunFigure("activeShare", column: Column(title: "active", format: .fixed(digits: 1, scale: 100, suffix: "%")),
                  unit: "fraction", .number { $0.activeShare }),
        RunFigure("nsPerActiveLayerFrame", column: Column(title: "ns/active layer", format: .fixed(digits: 2)), unit: "ns",
                  nonFiniteNote: "no layer was mid-animation", .number { $0.nsPerActiveLayerFrame }),
        RunFigure("frameMsP50", json: .member(group: "frameMs", key: "p50"),
                  column: Column(title: "p50 ms", format: .fixed(digits: 3)), unit: "ms", nonFiniteNote: nil,
                  .timed { $0.frameMs.p50 }),
        RunFigure("frameMsP90", json: .member(group: "frameMs", key: "p90"), unit: "ms", nonFiniteNote: nil,
                  .timed { $0.frameMs.p90 }),
        RunFigure("frameMsP99", json: .member(group: "frameMs", key: "p99"),
                  column: Column(title: "p99 ms", format: .fixed(digits: 3)), unit: "ms", nonFiniteNote: nil,
                  export: Export(measure: "frame-ms-p99", position: 2), .timed { $0.frameMs.p99 }),
        RunFigure("frameMsMax", json: .member(group: "frameMs", key: "max"),
                  column: Column(title: "max ms", format: .fixed(digits: 3)), unit: "ms", nonFiniteNote: nil,
                  .timed { $0.frameMs.max }),
        RunFigure("budgetFractionP99", column: Column(title: "budget@p99", format: .fixed(digits: 1, scale: 100, suffix: "%")),
                  unit: "fraction", .number { $0.budgetFractionP99 }),
        RunFigure("maxLayersInBudget", unit: "layers", .integer { $0.maxLayersInBudget }),
        RunFigure("bytesPerLayer", column: Column(title: "bytes/layer", format: .plain), unit: "bytes",
                  export: Export(measure: "bytes-per-layer", position: 3), .integer { $0.bytesPerLayer }),
        RunFigure("peakRSSBytes", column: Column(title: "peak RSS MiB", format: .fixed(digits: 1, scale: 1 / 1_048_576)),
                  unit: "bytes", export: Export(measure: "peak-rss", position: 4), .integer { $0.peakRSSBytes }),
        RunFigure("naiveNsPerLayerFrame", column: Column(title: "naive ns", format: .fixed(digits: 1)), unit: "ns",
                  export: Export(measure: "naive-ns-per-layer-frame", position: 1), .timed { $0.naiveNsPerLayerFrame }),
        RunFigure("naiveLayers", .integer { $0.naiveLayers }),
        RunFigure("speedupVsNaive", column: Column(title: "vs naive", format: .fixed(digits: 1, suffix: "×")),
                  unit: "ratio", .timed { $0.speedupVsNaive }),
        RunFigure("sharedTimelineNsPerLayerFrame", column: Column(title: "shared-timeline ns", format: .fixed(digits: 2)),
                  unit: "ns", .timed { $0.sharedTimelineNsPerLayerFrame }),
        RunFigure("sharedTimelineObstacle", csv: false, .text { $0.sharedTimelineObstacle }),
        RunFigure("streamNsPerLayerFrame", column: Column(title: "stream ns", format: .fixed(digits: 2)), unit: "ns",
                  nonFiniteNote: streamLeftOut, .timed { $0.streamNsPerLayerFrame }),
        RunFigure("streamBytesPerLayerFrame", csv: false, unit: "bytes", .number { $0.streamBytesPerLayerFrame }),
        RunFigure("ratioToStream", column: Column(title: "vs stream", format: .fixed(digits: 2, suffix: "×")),
                  unit: "ratio", nonFiniteNote: streamLeftOut, .timed { $0.ratioToStream }),
        RunFigure("checksum", .number { $0.checksum }),
        RunFigure("repeats", .integer { $0.repeats }),
        RunFigure("verdict", json: JSONPlace.none, column: Column(title: "verdict", format: .plain), csv: false, .text {
            $0.isDisturbed ? "disturbed" : $0.budgetFractionP99 <= 1 ? "fits" : "over budget"
        }),
    ]

    /// The JSON note of a left-out stream bound.
    static let streamLeftOut = "left out: moving the columns cost more than the batch evaluator at this size, so it bounds nothing"

    /// The figures with a table column, in column order.
    static var columns: [RunFigure] { all.filter { $0.column != nil } }
    /// The timed figures, whose ranges the CSV and the JSON `spread` carry.
    static var timed: [RunFigure] { all.filter(\.isTimed) }
    /// The exported figures, in their order among a row's measures.
    static var exported: [RunFigure] {
        all.filter { $0.export != nil }.sorted { ($0.export?.position ?? 0) < ($1.export?.position ?? 0) }
    }
}
