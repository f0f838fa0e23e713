/// The browsers `motionbench capture` can drive. Adding one is a file in `Browsers/` and one entry here; the command,
/// its help and the tests iterate this list.
public enum CaptureBrowsers {
    /// Every browser, in help order.
    public static let all: [CaptureBrowser] = [.chromium, .firefox, .webkit]

    /// The browser called `name`, or nil.
    public static func named(_ name: String) -> CaptureBrowser? { all.first { $0.name == name } }
}
