import MotionCore

/// The HTML page a browser loads for a capture, and the text protocol its script prints.
///
/// The page's synchronous script animates one element per request's duration and spec (`element.animate([{opacity: 0},
/// {opacity: 1}], {duration, easing, fill: 'both'})`, paused) and a second one the same way with easing `linear`, seeks
/// both to `input × duration` for every input of the request, and collects both `effect.getComputedTiming().progress`
/// as JavaScript's `String(value)` (shortest round-trip): the eased output, and the progress the easing received (a
/// `linear` easing returns its input), which is the browser's effective input after its own time arithmetic. The
/// result is one text block: a `beginMarker` line, one `rowPrefix` line per input in the plan's row order holding the
/// output, a space and the effective input, then `endMarker` and
/// the row count, or `errorMarker`, the index of the spec the browser rejected and its message. (Firefox's own
/// messages can land between the lines on standard output: lines without the prefix are not rows.) The block goes into the
/// `<pre id="rows">` element and, where `dump()` exists (Firefox), to `dump()`, after which the page closes its window
/// (elsewhere the driver reads the element and exits by itself).
package enum CapturePage {
    /// The line before the first output.
    package static let beginMarker = "motionbench-capture-begin"
    /// The last line's first word; the number of outputs follows.
    package static let endMarker = "motionbench-capture-end"
    /// What starts a row's line; the output follows.
    package static let rowPrefix = "="
    /// The first word of the line that replaces the end when `animate` threw: the spec's index, then the message.
    package static let errorMarker = "motionbench-capture-error"

    /// The page for `plan`: specs, durations (in milliseconds) and requests ([spec index, duration index, inputs]) in
    /// the script as JSON arrays.
    package static func html(for plan: CapturePlan) -> String {
        let specs = "[" + plan.specs.map(javaScriptString).joined(separator: ",") + "]"
        let durations = "[" + plan.durations.map { formatOutputNumber(milliseconds($0)) }.joined(separator: ",") + "]"
        let requests = "[" + plan.requests.map { request in
            "[\(request.spec),\(request.duration),[" + request.inputs.map(formatOutputNumber).joined(separator: ",") + "]]"
        }.joined(separator: ",\n") + "]"
        // The markers are assembled at run time so that the page's own source (which Chromium's --dump-dom prints
        // after the rows) never contains a marker line.
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>motionbench capture</title></head>
            <body><div id="subject"></div><div id="twin"></div><pre id="rows"></pre>
            <script>
            (function () {
              const specs = \(specs);
              const durations = \(durations);
              const requests = \(requests);
              const mark = (word) => ['motionbench', 'capture', word].join('-');
              const subject = document.getElementById('subject');
              const twin = document.getElementById('twin');
              const lines = [mark('begin')];
              let count = 0;
              let s = -1;
              try {
                for (let r = 0; r < requests.length; r++) {
                  s = requests[r][0];
                  const ms = durations[requests[r][1]];
                  const inputs = requests[r][2];
                  const animation = subject.animate([{opacity: 0}, {opacity: 1}], {duration: ms, easing: specs[s], fill: 'both'});
                  const linear = twin.animate([{opacity: 0}, {opacity: 1}], {duration: ms, easing: 'linear', fill: 'both'});
                  animation.pause();
                  linear.pause();
                  for (let i = 0; i < inputs.length; i++) {
                    animation.currentTime = inputs[i] * ms;
                    linear.currentTime = inputs[i] * ms;
                    lines.push('=' + String(animation.effect.getComputedTiming().progress) + ' '
                               + String(linear.effect.getComputedTiming().progress));
                    count++;
                  }
                  animation.cancel();
                  linear.cancel();
                }
                lines.push(mark('end') + ' ' + count);
              } catch (error) {
                const text = (error && error.name ? error.name + ': ' + error.message : String(error));
                lines.push(mark('error') + ' ' + s + ' ' + text.replace(/[\\r\\n]+/g, ' '));
              }
              const block = lines.join('\\n') + '\\n';
              document.getElementById('rows').textContent = block;
              // Firefox prints the block with dump() and then needs the window closed to exit; elsewhere a close
              // during the load can cancel it (WebKitGTK: "Load request cancelled"), and the driver exits by itself.
              if (typeof dump === 'function') { dump(block); window.close(); }
            })();
            </script>
            </body></html>

            """
    }

    /// `seconds` in milliseconds, rounded once from the decimal text (0.7 s is 700 ms, not 700.0000000000001).
    static func milliseconds(_ seconds: Double) -> Double {
        Double(formatSpecNumber(seconds) + "e3") ?? seconds * 1000
    }

    /// `text` as a JavaScript string literal that is also safe inside a `<script>` element: anything but letters,
    /// digits and a few punctuation marks is a `\uXXXX` escape (so no `</script>`, quote or line break survives).
    static func javaScriptString(_ text: String) -> String {
        var literal = "\""
        for unit in text.utf16 {
            if let scalar = Unicode.Scalar(unit), scalar.isASCII,
               scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " ().,%-+_".unicodeScalars.contains(scalar) {
                literal.unicodeScalars.append(scalar)
            } else {
                let hex = String(unit, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return literal + "\""
    }
}
