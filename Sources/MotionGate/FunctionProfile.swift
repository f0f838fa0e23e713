import Foundation

/// The instructions a measured region executed, per function: each function's self count (its own instructions,
/// not those of what it calls), read from a callgrind (or cachegrind) output file. A gate keeps the largest functions
/// and sums the rest, so that a FAIL can say which functions moved.
package struct FunctionProfile: Sendable, Equatable, Codable {
    /// One function's self count.
    package struct Function: Sendable, Equatable, Codable {
        /// The demangled name (Swift and C++), or `0x…` where the object has no symbol for it.
        package var name: String
        /// The source file of its definition where debug info names one.
        package var file: String?
        /// The first source line callgrind attributes to it (nil without debug info).
        package var line: Int?
        /// The object (executable or shared library) it lives in.
        package var object: String?
        /// Self instructions.
        package var instructions: UInt64

        /// A function from its fields.
        package init(name: String, file: String? = nil, line: Int? = nil, object: String? = nil, instructions: UInt64) {
            (self.name, self.file, self.line, self.object, self.instructions) = (name, file, line, object, instructions)
        }

        /// `file:line` where known, else the object's file name, else nil.
        package var location: String? {
            if let file, file != "???" { return line.map { "\(file):\($0)" } ?? file }
            return object.map { ($0 as NSString).lastPathComponent }
        }
    }

    /// The profile with every count multiplied by `factor` (rounded): a baseline's functions at another run's
    /// layer-frames, so that `changes(from:to:)` compares like work.
    package func scaled(by factor: Double) -> FunctionProfile {
        func scale(_ count: UInt64) -> UInt64 { UInt64(max(0, min((Double(count) * factor).rounded(), 1.8e19))) }
        var copy = self
        copy.functions = functions.map { var function = $0; function.instructions = scale($0.instructions); return function }
        copy.otherInstructions = scale(otherInstructions)
        return copy
    }

    /// The largest functions by self count, largest first.
    package var functions: [Function]
    /// The self instructions of every other function, summed.
    package var otherInstructions: UInt64

    /// How many functions a baseline or a report keeps by name.
    package static let keptFunctions = 25

    /// A profile from its fields.
    package init(functions: [Function], otherInstructions: UInt64) {
        (self.functions, self.otherInstructions) = (functions, otherInstructions)
    }

    /// The `count` largest functions, the others added to the rest (what a baseline file stores).
    package func truncated(to count: Int = keptFunctions) -> FunctionProfile {
        FunctionProfile(functions: Array(functions.prefix(count)),
                        otherInstructions: functions.dropFirst(count).reduce(otherInstructions) { $0 + $1.instructions })
    }

    /// The total: every kept function plus the rest.
    package var total: UInt64 { functions.reduce(otherInstructions) { $0 + $1.instructions } }

    /// The objects whose functions have no symbols (named `0x…`), for a note.
    package var objectsWithoutSymbols: [String] {
        Array(Set(functions.filter { $0.name.hasPrefix("0x") }.compactMap(\.object))).sorted()
    }

    /// The profile in a callgrind or cachegrind output file's text, keeping the `keep` largest functions (all by
    /// default; a baseline stores `truncated()`).
    ///
    /// The format: `fn=(id) name` starts a function (the name is given the first time an id appears, in `fn=` or
    /// `cfn=`), `fl=`/`ob=` its file and object; cost lines are a position (absolute, `+n`, `-n` or `*`) followed by
    /// the event counts; the cost line right after `calls=` is the inclusive cost of a call and is not the caller's
    /// own.
    package static func parse(_ text: String, keep: Int = .max) -> FunctionProfile {
        var names: [String: String] = [:], files: [String: String] = [:], objects: [String: String] = [:]
        /// `(id) name` or `(id)`: the name, recorded under its id.
        func resolve(_ value: Substring, in table: inout [String: String]) -> String {
            guard value.hasPrefix("("), let close = value.firstIndex(of: ")") else { return String(value) }
            let id = String(value[value.index(after: value.startIndex)..<close])
            let rest = value[value.index(after: close)...].trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty { table[id] = rest }
            return table[id] ?? id
        }
        var eventColumn = 0
        var byKey: [String: Function] = [:]
        var current: String?, currentFile: String?, currentObject: String?, inlinedFile: String?
        var position = 0, afterCall = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            guard let first = line.first else { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                let fields = line.split(separator: " ")
                let spot = fields[0]
                if spot.hasPrefix("+") { position += Int(spot.dropFirst()) ?? 0 }
                else if spot.hasPrefix("-") { position -= Int(spot.dropFirst()) ?? 0 }
                else if spot != "*" { position = Int(spot) ?? position }
                if afterCall {
                    afterCall = false
                    continue
                }
                guard let current, eventColumn + 1 < fields.count, let cost = UInt64(fields[eventColumn + 1]) else { continue }
                var entry = byKey[current] ?? Function(name: current, file: currentFile, object: currentObject, instructions: 0)
                entry.instructions += cost
                if entry.line == nil, inlinedFile == nil, position > 0 { entry.line = position }
                byKey[current] = entry
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                if line.hasPrefix("events:") {
                    eventColumn = line.split(separator: " ").dropFirst().firstIndex(of: "Ir").map { $0 - 1 } ?? 0
                }
                continue
            }
            let key = line[..<equals], value = line[line.index(after: equals)...]
            switch key {
            case "fn":
                current = resolve(value, in: &names)
                (inlinedFile, afterCall) = (nil, false)
            case "cfn": _ = resolve(value, in: &names)
            case "fl":
                let file = resolve(value, in: &files)
                (currentFile, inlinedFile) = (file == "???" ? nil : file, nil)
            case "fi", "fe":
                let file = resolve(value, in: &files)
                inlinedFile = file == currentFile ? nil : file
            case "cfi", "cfl": _ = resolve(value, in: &files)
            case "ob": currentObject = resolve(value, in: &objects)
            case "cob": _ = resolve(value, in: &objects)
            case "calls": afterCall = true
            default: break
            }
        }
        let all = byKey.values.filter { $0.instructions > 0 }.sorted {
            $0.instructions != $1.instructions ? $0.instructions > $1.instructions : $0.name < $1.name
        }
        let kept = all.prefix(keep).map { function -> Function in
            var demangled = function
            demangled.name = SymbolNames.demangled(function.name)
            return demangled
        }
        return FunctionProfile(functions: kept, otherInstructions: all.dropFirst(keep).reduce(0) { $0 + $1.instructions })
    }

    /// One function's change between two profiles.
    package struct Change: Sendable, Equatable {
        /// The function (name, location).
        package var name: String
        /// Where it is (`file:line`, or its object).
        package var location: String?
        /// Self instructions in the base (0 where it ran none), or nil where the base may hold it in its summed rest.
        package var base: UInt64?
        /// Self instructions in this build (0 where it ran none), or nil where this build may hold it in its summed rest.
        package var head: UInt64?
        /// head − base (a function kept on one side only counts as 0 on the other).
        package var change: Int64
        /// The change as a fraction of the total change (nil when the totals are equal).
        package var share: Double?
    }

    /// The functions whose self counts moved most from `base` to `head`, largest absolute change first, at most `limit`.
    package static func changes(from base: FunctionProfile, to head: FunctionProfile, limit: Int = 10) -> [Change] {
        let totalChange = Int64(bitPattern: head.total &- base.total)
        var rows: [String: Change] = [:]
        // A function missing from a side whose rest is empty ran no instructions there (0); else it may be in the rest.
        let (baseAbsent, headAbsent): (UInt64?, UInt64?) = (base.otherInstructions == 0 ? 0 : nil,
                                                            head.otherInstructions == 0 ? 0 : nil)
        for function in base.functions {
            rows[function.name] = Change(name: function.name, location: function.location, base: function.instructions,
                                         head: headAbsent, change: -Int64(function.instructions), share: nil)
        }
        for function in head.functions {
            var row = rows[function.name] ?? Change(name: function.name, location: function.location, base: baseAbsent,
                                                    head: nil, change: 0, share: nil)
            row.head = function.instructions
            row.change += Int64(function.instructions)
            // Where the function is now (the head's source, which may differ from the base's).
            row.location = function.location ?? row.location
            rows[function.name] = row
        }
        var moved: [Change] = rows.values.filter { $0.change != 0 }
        for index in moved.indices where totalChange != 0 {
            moved[index].share = Double(moved[index].change) / Double(totalChange)
        }
        moved.sort { (left: Change, right: Change) -> Bool in
            let (a, b) = (left.change.magnitude, right.change.magnitude)
            return a != b ? a > b : left.name < right.name
        }
        return Array(moved.prefix(limit))
    }
}

/// Symbol names for people: Swift's mangled names through the Swift runtime's demangler (C++ names come demangled from
/// valgrind).
enum SymbolNames {
    /// `name` demangled where it is a mangled Swift symbol, else unchanged.
    static func demangled(_ name: String) -> String {
        guard name.hasPrefix("$s") || name.hasPrefix("_$s") || name.hasPrefix("$S") else { return name }
        return name.withCString { pointer -> String in
            guard let result = swiftDemangle(pointer, strlen(pointer), nil, nil, 0) else { return name }
            defer { free(result) }
            return String(cString: result)
        }
    }
}

/// The Swift runtime's demangler (exported by libswiftCore): a malloc'd string, or NULL for a name it cannot read.
@_silgen_name("swift_demangle")
private func swiftDemangle(_ mangledName: UnsafePointer<CChar>, _ length: Int, _ outputBuffer: UnsafeMutablePointer<CChar>?,
                           _ outputBufferSize: UnsafeMutablePointer<Int>?, _ flags: UInt32) -> UnsafeMutablePointer<CChar>?
