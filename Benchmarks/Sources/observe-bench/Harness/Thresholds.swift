import Foundation

/// The regression limits of `--check`: per strategy and workload, the largest ratio of the
/// figure to its floor (`FloorReference`) measured in the same run.
///
/// The file is JSON: `{"about": "...", "limits": {"b": {"W1": 2.5, "W4/10": 5}, ...}}`, keyed by
/// strategy id and workload id. Every key must name a figure the benchmark measures that is
/// not itself a floor, and every limit must be a positive number.
struct Thresholds {
    /// One limit.
    struct Limit {
        let strategy: Strategy
        let workload: Workload
        /// The largest allowed ratio of the figure to its floor.
        let ratio: Double
    }

    /// The file the limits came from, as given on the command line.
    let path: String
    /// The limits, in table order (rows, then columns).
    let limits: [Limit]

    private struct File: Decodable {
        let about: String?
        let limits: [String: [String: Double]]
    }

    /// Reads and validates the limits in `path` against the cells in `cases`.
    ///
    /// - Throws: `BenchExit.badThresholds` naming the file and what is wrong with it.
    static func load(from path: String, cases: [BenchCase], strategies: [Strategy]) throws(BenchExit)
        -> Thresholds
    {
        func bad(_ problem: String) -> BenchExit { .badThresholds(path: path, problem: problem) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw bad("no such file")
        }
        guard !isDirectory.boolValue else { throw bad("is a directory, not a limits file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw bad("cannot read the file") }
        guard !data.isEmpty else { throw bad("the file is empty") }
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw bad("not valid JSON: " + syntaxProblem(error, in: data))
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let error as DecodingError {
            throw bad(describe(error))
        } catch {
            throw bad("cannot decode: \(error)")
        }
        var limits: [Limit] = []
        for (strategyID, row) in file.limits {
            guard let strategy = strategies.first(where: { $0.id == strategyID }) else {
                let known = strategies.map(\.id).joined(separator: ", ")
                throw bad("limits.\(strategyID): no strategy has id '\(strategyID)' (ids: \(known))")
            }
            for (workloadID, ratio) in row {
                let place = "limits.\(strategyID).\(workloadID)"
                guard let workload = Workload(rawValue: workloadID) else {
                    let known = Workload.allCases.map(\.id).joined(separator: ", ")
                    throw bad("\(place): no workload has id '\(workloadID)' (ids: \(known))")
                }
                guard isMeasured(strategy, workload, in: cases) else {
                    throw bad("\(place): strategy \(strategyID) has no \(workloadID) figure")
                }
                guard !FloorReference.of(workload).isFloor(strategy, workload) else {
                    throw bad("\(place): \(strategyID) \(workloadID) is the floor of \(workloadID) itself")
                }
                guard ratio.isFinite, ratio > 0 else {
                    throw bad("\(place): a limit is a positive ratio, not \(ratio)")
                }
                limits.append(Limit(strategy: strategy, workload: workload, ratio: ratio))
            }
        }
        limits.sort { lhs, rhs in
            let left = strategies.firstIndex(of: lhs.strategy) ?? 0
            let right = strategies.firstIndex(of: rhs.strategy) ?? 0
            if left != right { return left < right }
            return Workload.allCases.firstIndex(of: lhs.workload) ?? 0
                < Workload.allCases.firstIndex(of: rhs.workload) ?? 0
        }
        return Thresholds(path: path, limits: limits)
    }

    private static func isMeasured(_ strategy: Strategy, _ workload: Workload, in cases: [BenchCase]) -> Bool
    {
        cases.contains { benchCase in
            guard benchCase.strategy == strategy, benchCase.workload == workload else { return false }
            if case .notApplicable = benchCase.plan { return false }
            return true
        }
    }

    /// The parser's description of a syntax error, with "character N" turned into a line and
    /// column of `data`.
    private static func syntaxProblem(_ error: any Error, in data: Data) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        guard let range = text.range(of: "character "),
            let offset = Int(text[range.upperBound...].prefix { $0.isNumber }), offset <= data.count
        else { return text }
        let before = data.prefix(offset)
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return text + " (line \(line), column \(column))"
    }

    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "top level" : path.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let expected = type == Double.self ? "a number" : type == String.self ? "a string" : "an object"
            return "\(place(context.codingPath)): expected \(expected)"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath)): missing key '\(key.stringValue)'"
        case .dataCorrupted(let context):
            return "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "cannot decode: \(error)"
        }
    }
}
