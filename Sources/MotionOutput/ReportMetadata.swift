/// Who produced a report and when (tool, version, toolchain, machine, time, commit): embedded in JSON, shown on HTML
/// pages, and the tags and timestamp of dashboard exports. `RunMetadata` (MotionSupport) is the one conformer.
public protocol ReportMetadata: Encodable, Sendable {
    /// Tags (version, toolchain, machine, commit) and the time in nanoseconds since 1970, for dashboards.
    var exportContext: ExportContext { get }
    /// One line for a page or a log.
    var provenance: String { get }
}

/// Metadata as a JSON value inside a report's document: it encodes exactly as the metadata itself.
public struct MetadataJSON: Encodable, Sendable {
    /// The metadata.
    public let metadata: any ReportMetadata

    /// Wraps `metadata`, or nil when there is none (the document then leaves the key out).
    public init?(_ metadata: (any ReportMetadata)?) {
        guard let metadata else { return nil }
        self.metadata = metadata
    }

    /// The metadata's own encoding.
    public func encode(to encoder: Encoder) throws { try metadata.encode(to: encoder) }
}
