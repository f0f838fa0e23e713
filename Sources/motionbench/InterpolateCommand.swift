import ArgumentParser
import MotionCore
import MotionSupport
import MotionOutput

/// `motionbench interpolate FROM TO [P...]`: interpolated transforms as `matrix3d(...)`.
struct InterpolateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interpolate",
        abstract: "Interpolate two CSS transform lists.",
        discussion: """
            FROM and TO are CSS transform lists (none, matrix(), matrix3d(), translate…, scale…, rotate…, skew…, \
            perspective()). Matching lists interpolate function by function (none counts as the identity list); \
            otherwise whole matrices are decomposed as CSS Transforms 2 describes (the 2-D path for 2-D matrices), \
            with a discrete flip at 0.5 when a matrix is singular. Prints matrix3d(m11, …, m44), CATransform3D's \
            field order, for each progress P (from the arguments, or one per line on standard input).

            EXAMPLES:
              motionbench interpolate 'rotateY(0deg)' 'perspective(1500px) rotateY(-180deg)' 0 0.5 1
              motionbench interpolate none 'translate(10px, 20px) scale(2)' 0.5 --format json
            """)

    @Argument(help: "The start transform list, e.g. 'rotateY(0deg)'.")
    var from: String

    @Argument(help: "The end transform list, e.g. 'perspective(1500px) rotateY(-180deg)'.")
    var to: String

    @Argument(parsing: .allUnrecognized, help: "Progress values (read from standard input when omitted).")
    var progress: [String] = []

    @Option(help: FormatOption<RowStream>.help(note: " Text prints one matrix3d per line; json and csv 16 columns m11…m44."))
    var format = FormatOption<RowStream>(.text)

    func run() throws {
        let start = try TransformList(spec: from), end = try TransformList(spec: to)
        let names = (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }
        var stream = try format.stream(columns: ["progress"] + names)
        defer { stream.flush() }  // The rows before an error still reach the reader.
        try CommandInputs.forEach(progress, command: "interpolate", whenWaiting: { stream.flush() }) { progress in
            let matrix = TransformList.interpolate(from: start, to: end, at: progress)
            guard matrix.entries.allSatisfy(\.isFinite) else {
                throw BadInput(message: "interpolate: at progress \(formatOutputNumber(progress)) the matrix leaves the range "
                               + "of a Double (±1.8e308); use a progress nearer [0, 1] or smaller transforms")
            }
            try stream.write([.number(progress)] + matrix.entries.map(ReportCell.number), text: matrix.description)
        }
        stream.finish()
    }
}
