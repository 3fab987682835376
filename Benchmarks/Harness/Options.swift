/// The command line of `observe-bench`.
struct Options {
    /// Smaller counts and shorter repetitions, for a CI smoke run of a few seconds.
    var isQuick = false
    /// Where to write every figure as JSON, if anywhere.
    var jsonPath: String?
    /// Where to write the bar chart as SVG, if anywhere.
    var svgPath: String?
    /// Strategy ids or names and workload ids to run; empty means everything.
    var filters: [String] = []
    /// Timed repetitions per figure (after the warm-up); at least 5.
    var repetitions = 5
    /// Operations per repetition, fixed instead of calibrated to the time budget (for
    /// counting allocations under valgrind, where timing means nothing).
    var fixedOperations: Int?

    static let usage = """
        usage: observe-bench [--quick] [--filter LIST] [--json PATH] [--svg PATH] [--repetitions N]
                            [--operations N]

          --quick          CI smoke run: small counts, a few seconds in total
          --filter LIST    comma-separated strategy ids (a, b, e2), name fragments
                           (NotificationCenter) or workload ids (W1, W4); a figure runs when
                           it matches a strategy term (if any) and a workload term (if any)
          --json PATH      write every figure (median, min, max, counts) as JSON
          --svg PATH       write a log-scale bar chart of the table as SVG
          --repetitions N  timed repetitions per figure, at least 5 (default 5)
          --operations N   operations per repetition instead of calibrating to a time
                           budget (scripts/count-allocations.sh runs it under valgrind)
        """

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: `OptionsError` for an unknown flag or a missing value.
    static func parse(_ arguments: [String]) throws(OptionsError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                options.isQuick = true
            case "--json":
                options.jsonPath = try value(of: argument, from: &remaining)
            case "--svg":
                options.svgPath = try value(of: argument, from: &remaining)
            case "--filter":
                let list = try value(of: argument, from: &remaining)
                options.filters += list.split(separator: ",").map {
                    String($0).trimmingWhitespace()
                }
            case "--repetitions":
                let text = try value(of: argument, from: &remaining)
                guard let count = Int(text), count >= 5 else { throw .invalidValue(argument, text) }
                options.repetitions = count
            case "--operations":
                let text = try value(of: argument, from: &remaining)
                guard let count = Int(text), count > 0 else { throw .invalidValue(argument, text) }
                options.fixedOperations = count
            case "-h", "--help":
                throw .helpRequested
            default:
                throw .unknownArgument(argument)
            }
        }
        return options
    }

    private static func value(of flag: String, from remaining: inout ArraySlice<String>)
        throws(OptionsError) -> String
    {
        guard let value = remaining.popFirst() else { throw .missingValue(flag) }
        return value
    }
}

/// Why the command line could not be parsed.
enum OptionsError: Error, CustomStringConvertible {
    case unknownArgument(String)
    case missingValue(String)
    case invalidValue(String, String)
    case helpRequested

    var description: String {
        switch self {
        case .unknownArgument(let argument): "unknown argument \(argument)"
        case .missingValue(let flag): "\(flag) needs a value"
        case .invalidValue(let flag, let value): "invalid value \(value) for \(flag)"
        case .helpRequested: "help"
        }
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
