import Foundation
import MotionCore
import MotionSupport

extension CaptureBrowser {
    /// WebKitGTK (WebKit2 4.1 through PyGObject): a short Python script loads the page in a `WebKit2.WebView` under
    /// `xvfb-run`, reads the rows' text with JavaScript once the load finished, and prints it.
    package static let webkit = CaptureBrowser(
        name: "webkit",
        summary: "WebKitGTK 4.1 through Python's gi under xvfb-run, the rows read with evaluate_javascript",
        install: "apt-get install xvfb xauth python3-gi gir1.2-webkit2-4.1",
        executableRole: "a Python 3 interpreter that can import WebKit2 4.1 (default /usr/bin/python3, not a pyenv build)",
        findExecutable: { FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : nil },
        readVersion: { python, limits in
            let output = try ChildProcess.run(python, ["-c", webKitVersionScript], limits: limits)
            let version = output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            guard output.status == 0, version.split(separator: ".").count == 3, version.allSatisfy({ $0.isNumber || $0 == "." }) else {
                let detail = output.standardError.split(separator: "\n").last.map(String.init) ?? output.standardOutput
                throw CaptureError("capture webkit: \(python) cannot import WebKit2 4.1 (\(SafeText.quoted(detail, limit: 160))); "
                                   + "install it with 'apt-get install python3-gi gir1.2-webkit2-4.1' and pass a Python "
                                   + "that has it with --browser (default /usr/bin/python3)")
            }
            return version
        },
        prepare: { python, page, folder in
            guard let xvfb = onPath(["xvfb-run"]) else {
                throw CaptureError("capture webkit: xvfb-run is not on the PATH; install it with 'apt-get install xvfb xauth'")
            }
            let script = folder + "/capture-webkit.py"
            do {
                try webKitCaptureScript.write(toFile: script, atomically: true, encoding: .utf8)
            } catch {
                throw CaptureError("capture webkit: cannot write \(script): \(error.localizedDescription)")
            }
            return Launch(program: xvfb, arguments: ["-a", python, script, page])
        },
        transcript: { output in output.standardOutput }
    )

    /// Prints WebKitGTK's version, `2.50.6`.
    static let webKitVersionScript = """
        import gi
        gi.require_version('Gtk', '3.0')
        gi.require_version('WebKit2', '4.1')
        from gi.repository import WebKit2
        print('%d.%d.%d' % (WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version()))
        """

    /// `python3 capture-webkit.py PAGE`: loads PAGE, prints the text of its `<pre id="rows">` once the load
    /// finished, and exits 0 (1 with a message on standard error when the load or the script fails).
    static let webKitCaptureScript = """
        import sys
        import gi
        gi.require_version('Gtk', '3.0')
        gi.require_version('WebKit2', '4.1')
        from gi.repository import GLib, Gtk, WebKit2

        READ = "document.getElementById('rows').textContent"
        state = {'status': 1}

        def finish(status, message=None):
            if message is not None:
                sys.stderr.write(message + '\\n')
            state['status'] = status
            Gtk.main_quit()

        def evaluated(view, result, _data):
            try:
                if hasattr(view, 'evaluate_javascript_finish'):
                    text = view.evaluate_javascript_finish(result).to_string()
                else:
                    text = view.run_javascript_finish(result).get_js_value().to_string()
            except Exception as error:
                finish(1, 'reading the rows failed: %s' % error)
                return
            sys.stdout.write(text)
            sys.stdout.flush()
            finish(0)

        def changed(view, event):
            if event != WebKit2.LoadEvent.FINISHED:
                return
            if hasattr(view, 'evaluate_javascript'):
                view.evaluate_javascript(READ, -1, None, None, None, evaluated, None)
            else:
                view.run_javascript(READ, None, evaluated, None)

        def failed(_view, _event, uri, error):
            finish(1, 'loading %s failed: %s' % (uri, error.message))
            return True

        view = WebKit2.WebView()
        window = Gtk.OffscreenWindow()
        window.add(view)
        window.show_all()
        view.connect('load-changed', changed)
        view.connect('load-failed', failed)
        view.load_uri(GLib.filename_to_uri(sys.argv[1], None))
        Gtk.main()
        sys.exit(state['status'])

        """
}
