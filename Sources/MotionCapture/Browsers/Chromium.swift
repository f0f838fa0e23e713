import MotionSupport

extension CaptureBrowser {
    /// Chromium (Blink): `chromium --headless --dump-dom` prints the page's DOM after its script ran; the rows are
    /// the text of its `<pre>`, HTML-escaped.
    package static let chromium = CaptureBrowser(
        name: "chromium",
        summary: "Chromium's Blink, headless, the rows read from --dump-dom",
        install: "apt-get install chromium",
        executableRole: "the chromium executable",
        findExecutable: { onPath(["chromium", "chromium-browser"]) },
        readVersion: versionFromFlag(of: "chromium"),
        prepare: { executable, page, folder in
            Launch(program: executable, arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--user-data-dir=\(folder)/chromium-profile", "--dump-dom", "file://" + page,
            ])
        },
        transcript: { output in HTMLText.unescaped(HTMLText.rowsElement(in: output.standardOutput)) }
    )
}
