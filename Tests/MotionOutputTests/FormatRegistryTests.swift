import Foundation
import MotionOutput
import XCTest

/// The format registry: unique names, every descriptor renders each report type it claims (and refuses the rest),
/// metadata reaches exactly the formats that carry it, and the dashboard formats take any report with metrics.
final class FormatRegistryTests: XCTestCase {
    func testNamesAreUniqueAndLookedUpByName() {
        let names = ReportFormats.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "duplicate format names: \(names)")
        for format in ReportFormats.all {
            XCTAssertFalse(format.summary.isEmpty, format.name)
            XCTAssertTrue(format.name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(format.name) is not a --format value")
            XCTAssertEqual(ReportFormats.named(format.name)?.name, format.name)
        }
        XCTAssertNil(ReportFormats.named("xml"))
        XCTAssertNil(ReportFormats.named(""))
    }

    func testEveryReportTypeHasFormatsInRegistryOrder() {
        for (type, name, _) in SampleReports.all {
            let accepted = ReportFormats.formats(rendering: type).map(\.name)
            XCTAssertFalse(accepted.isEmpty, "\(name) has no format")
            let order = ReportFormats.all.map(\.name).filter(accepted.contains)
            XCTAssertEqual(accepted, order, name)
        }
    }

    func testEveryFormatRendersEachReportTypeItClaimsAndRefusesTheRest() throws {
        for (type, name, report) in SampleReports.all {
            let report = try XCTUnwrap(report, "no sample \(name) report")
            for format in ReportFormats.all {
                if format.canRender(type) {
                    let text = try format.render(report, metadata: MarkedMetadata().fetch)
                    XCTAssertFalse(text.isEmpty, "\(format.name) of \(name)")
                    XCTAssertEqual(text.unicodeScalars.last, "\n", "\(format.name) of \(name) does not end its last line")
                } else {
                    XCTAssertThrowsError(try format.render(report), "\(format.name) rendered \(name) without claiming it") {
                        XCTAssertTrue($0 is ReportFormatError, "\($0)")
                    }
                }
            }
        }
    }

    /// Formats that do not carry metadata never ask for it; the ones that do show it wherever the format has a
    /// place for it (JSON documents, HTML pages, InfluxDB tags and JUnit properties).
    func testMetadataReachesExactlyTheFormatsThatCarryIt() throws {
        for (type, name, report) in SampleReports.all {
            let report = try XCTUnwrap(report, "no sample \(name) report")
            for format in ReportFormats.all where format.canRender(type) {
                let metadata = MarkedMetadata()
                let text = try format.render(report, metadata: metadata.fetch)
                if !format.carriesMetadata {
                    XCTAssertEqual(metadata.requests, 0, "\(format.name) of \(name) asked for metadata")
                    XCTAssertFalse(text.contains(MarkedMetadata.marker), "\(format.name) of \(name)")
                }
                let showsMetadata = ["html", "influx", "junit"].contains(format.name)
                    || (format.name == "json" && ["run", "accuracy", "gate"].contains(name))
                if showsMetadata {
                    XCTAssertTrue(format.carriesMetadata, format.name)
                    XCTAssertTrue(text.contains(MarkedMetadata.marker), "\(format.name) of \(name) lost the metadata")
                }
            }
        }
    }

    func testJSONDocumentsParseAndCarryMetadataUnderItsKey() throws {
        for (type, name, report) in SampleReports.all where ReportFormat.json.canRender(type) {
            let report = try XCTUnwrap(report)
            let text = try ReportFormat.json.render(report, metadata: MarkedMetadata().fetch)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], name)
            if ["run", "accuracy", "gate"].contains(name) {
                XCTAssertEqual((object["metadata"] as? [String: String])?["tool"], MarkedMetadata.marker, name)
                let bare = try ReportFormat.json.render(report)
                let withoutMetadata = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bare.utf8)) as? [String: Any])
                XCTAssertNil(withoutMetadata["metadata"], "\(name): no metadata, no key")
            }
        }
    }

    func testDashboardFormatsRenderAnyReportWithMetrics() throws {
        struct Figures: MetricsReport {
            var exportMetrics: [ExportMetric] { [ExportMetric(benchmark: "b", measure: "m", unit: "ns", value: 2.5)] }
        }
        struct Checks: TestSuiteReport {
            var exportMetrics: [ExportMetric] {
                [ExportMetric(benchmark: "ok", measure: "m", unit: "ns", value: 1),
                 ExportMetric(benchmark: "bad", measure: "m", unit: "ns", value: 2, failure: "too slow")]
            }
        }
        // Any report with metrics gets every dashboard format; junit needs checks that pass or fail.
        let figures = ReportFormats.formats(rendering: Figures.self).map(\.name)
        let checks = ReportFormats.formats(rendering: Checks.self).map(\.name)
        XCTAssertTrue(["bmf", "github-benchmark", "influx"].allSatisfy(figures.contains), "\(figures)")
        XCTAssertFalse(figures.contains("junit"))
        XCTAssertEqual(checks, ReportFormats.all.map(\.name).filter { figures.contains($0) || $0 == "junit" })
        for name in figures {
            let format = try XCTUnwrap(ReportFormats.named(name))
            XCTAssertTrue(format.carriesMetadata, "\(name): a dashboard format is tagged with the run's metadata")
            XCTAssertFalse(try format.render(Figures()).isEmpty, name)
        }
        let bmf = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try ReportFormat.bmf.render(Figures()).utf8))
            as? [String: [String: [String: Double]]])
        XCTAssertEqual(bmf["b"]?["m"]?["value"], 2.5)
        let xml = try ReportFormat.junit.render(Checks())
        XCTAssertTrue(xml.contains("tests=\"2\" failures=\"1\""), xml)
        XCTAssertTrue(xml.contains("<failure message=\"too slow\""), xml)
    }

    func testNamedValuesInEachForm() throws {
        let report = SampleReports.namedValues
        XCTAssertEqual(try ReportFormat.text.render(report), "mass 1.0\nform:uikit none\n")
        var bare = report
        bare.bareText = true
        XCTAssertEqual(try ReportFormat.text.render(bare), "1.0\nnone\n")
        XCTAssertEqual(try ReportFormat.csv.render(report), "name,value\r\nmass,1.0\r\nform:uikit,none\r\n")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try ReportFormat.json.render(report).utf8))
            as? [String: Any])
        XCTAssertEqual(object["mass"] as? Double, 1)
        XCTAssertTrue(object["form:uikit"] is NSNull)
        XCTAssertEqual((object["notes"] as? [String: String])?["form:uikit"], "cannot express")
    }
}
