/// The command line of `observe-bench`.
struct Options {
    /// How long the run takes (`--ci`, `--quick`, or a full run).
    var mode = RunMode.full
    /// Where to write every figure as JSON, if anywhere.
    var jsonPath: String?
    /// Where to write the bar chart as SVG, if anywhere.
    var svgPath: String?
    /// The clock chosen with `--clock`, if any.
    var chosenClock: TimingClock?
    /// The limits file to check the run against (`--check`), if any.
    var thresholdsPath: String?
    /// Strategy ids or names and workload ids to run; empty means everything.
    var filters: [String] = []
    /// Timed repetitions per figure (after the warm-up); at least 5.
    var repetitions = 5
    /// Operations per repetition, fixed instead of calibrated to the time budget (for
    /// counting allocations under valgrind, where timing means nothing).
    var fixedOperations: Int?

    /// The clock that times the figures: the one chosen, or the mode's.
    var clock: TimingClock { chosenClock ?? mode.clock }

    static let usage = """
        usage: observe-bench [--ci | --quick] [--check PATH] [--filter LIST] [--clock wall|cpu]
                            [--json PATH] [--svg PATH] [--repetitions N] [--operations N]

          --ci             shorter run, timed in CPU time, with ratios stable enough to check
                           limits in CI (well under two minutes on two busy cores)
          --quick          smoke run of every cell in a few seconds; rough figures
          --check PATH     compare each figure's ratio to its floor with the limits in PATH
                           (Benchmarks/Thresholds.json); runs the floors a filter leaves out;
                           a figure over its limit is measured again, three times at most
          --filter LIST    comma-separated strategy ids (a2, b, e2), name fragments
                           (NotificationCenter) or workload ids (W1, W4); a figure runs when
                           it matches a strategy term (if any) and a workload term (if any)
          --clock wall|cpu wall: elapsed time (the default, except with --ci); cpu: the
                           process's CPU time, which other processes hardly move
          --json PATH      write every figure (median, min, max, counts, ratio) as JSON
          --svg PATH       write a log-scale bar chart of the table as SVG
          --repetitions N  timed repetitions per figure, at least 5 (default 5)
          --operations N   operations per repetition instead of calibrating to a time
                           budget (scripts/count-allocations.sh runs it under valgrind)
          -h, --help       print this help

        exit status: 0 success (and every checked figure within its limit), 1 a figure over
        its limit, 2 usage or environment error (bad argument, unreadable or malformed limits
        file, unoptimized build, output not writable)
        """

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: `OptionsError` for an unknown flag, a missing or invalid value, or a
    ///   request for help.
    static func parse(_ arguments: [String]) throws(OptionsError) -> Options {
        var options = Options()
        var modeFlag: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick", "--ci":
                if let modeFlag, modeFlag != argument { throw .conflicting(modeFlag, argument) }
                modeFlag = argument
                options.mode = argument == "--ci" ? .ci : .quick
            case "--clock":
                let text = try value(of: argument, from: &remaining)
                guard let clock = TimingClock(rawValue: text) else {
                    throw .invalidValue(argument, text, expected: "wall or cpu")
                }
                options.chosenClock = clock
            case "--json":
                options.jsonPath = try value(of: argument, from: &remaining)
            case "--svg":
                options.svgPath = try value(of: argument, from: &remaining)
            case "--check":
                options.thresholdsPath = try value(of: argument, from: &remaining)
            case "--filter":
                let list = try value(of: argument, from: &remaining)
                options.filters += list.split(separator: ",").map {
                    String($0).trimmingWhitespace()
                }
            case "--repetitions":
                let text = try value(of: argument, from: &remaining)
                guard let count = Int(text), count >= 5 else {
                    throw .invalidValue(argument, text, expected: "an integer of at least 5")
                }
                options.repetitions = count
            case "--operations":
                let text = try value(of: argument, from: &remaining)
                guard let count = Int(text), count > 0 else {
                    throw .invalidValue(argument, text, expected: "a positive integer")
                }
                options.fixedOperations = count
            case "-h", "--help":
                throw .helpRequested
            default:
                throw .unknownArgument(argument)
            }
        }
        // A smoke run's figures are too rough for the limits, which are set from `--ci` runs.
        if modeFlag == "--quick", options.thresholdsPath != nil { throw .conflicting("--quick", "--check") }
        return options
    }

    private static func value(of flag: String, from remaining: inout ArraySlice<String>)
        throws(OptionsError) -> String
    {
        guard let value = remaining.popFirst() else { throw .missingValue(flag) }
        return value
    }
}

/// Why the command line could not be parsed, or that it asked for help.
enum OptionsError: Error, Equatable {
    case unknownArgument(String)
    case missingValue(String)
    case invalidValue(String, String, expected: String)
    case conflicting(String, String)
    case helpRequested
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
