import Foundation

/// The exit statuses of `observe-bench`.
enum ExitStatus: Int32 {
    /// The run finished, and every figure it was asked to check is within its limit.
    case success = 0
    /// A check it was asked to make failed: a figure over its limit.
    case checkFailed = 1
    /// A usage or environment error: bad arguments, an unreadable or malformed limits file,
    /// an unoptimized build, an output file that cannot be written.
    case usage = 2
}

/// Every way a run of `observe-bench` ends other than success, each mapped to its message,
/// the stream it goes to and its exit status (the only place that does so).
enum BenchExit: Error {
    /// `--help`: the usage text, on standard output.
    case helpRequested
    /// The command line could not be parsed.
    case badArguments(OptionsError)
    /// The executable was built without optimization.
    case unoptimizedBuild
    /// `--filter` selected no cell.
    case filterMatchesNothing([String])
    /// The limits file cannot be read or is malformed.
    case badThresholds(path: String, problem: String)
    /// An output file cannot be written.
    case cannotWrite(path: String, reason: String)
    /// Figures over their limits.
    case overLimits(path: String, [LimitViolation])

    /// The exit status.
    var status: ExitStatus {
        switch self {
        case .helpRequested: .success
        case .overLimits: .checkFailed
        case .badArguments, .unoptimizedBuild, .filterMatchesNothing, .badThresholds, .cannotWrite: .usage
        }
    }

    /// Whether the message goes to standard output (help) rather than standard error.
    var isForStandardOutput: Bool {
        if case .helpRequested = self { return true }
        return false
    }

    /// The full text printed, ending in a newline.
    var message: String {
        switch self {
        case .helpRequested:
            return Options.usage + "\n"
        case .badArguments(let error):
            return "observe-bench: \(Self.describe(error))\n" + Options.usage + "\n"
        case .unoptimizedBuild:
            return "observe-bench: built without optimization; figures would be meaningless.\n"
                + "Run (from the repository's root): swift run --package-path Benchmarks -c release observe-bench\n"
        case .filterMatchesNothing(let terms):
            return "observe-bench: --filter \(terms.joined(separator: ",")) matches no figure\n"
        case .badThresholds(let path, let problem):
            return "observe-bench: \(path): \(problem)\n"
        case .cannotWrite(let path, let reason):
            return "observe-bench: cannot write \(path): \(reason)\n"
        case .overLimits(let path, let violations):
            let lines = violations.map { "observe-bench: over its limit in \(path): \($0)\n" }
            return lines.joined() + "observe-bench: \(violations.count) figure(s) over their limits\n"
        }
    }

    /// Prints the message to its stream and ends the process with the status.
    func terminate() -> Never {
        // `print` buffers standard output when it is a file or a pipe: flush every stream first, so that
        // in a log the message comes after the report rather than before it.
        fflush(nil)
        let handle = isForStandardOutput ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(message.utf8))
        exit(status.rawValue)
    }

    private static func describe(_ error: OptionsError) -> String {
        switch error {
        case .unknownArgument(let argument): "unknown argument '\(argument)'"
        case .missingValue(let flag): "\(flag) needs a value"
        case .invalidValue(let flag, let value, let expected):
            "invalid value '\(value)' for \(flag): expected \(expected)"
        case .conflicting(let first, let second): "\(first) and \(second) cannot be combined"
        case .helpRequested: "help requested"
        }
    }
}
