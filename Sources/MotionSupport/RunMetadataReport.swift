import MotionOutput

/// Run metadata is what every format that carries metadata embeds (JSON), shows (HTML) or tags (dashboards).
extension RunMetadata: ReportMetadata {}
