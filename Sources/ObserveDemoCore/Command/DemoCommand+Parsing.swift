extension DemoCommand {
    /// Parses the command-line arguments (without the program name).
    ///
    /// Options take their value as the next argument or after `=` (`--width 60`, `--width=60`).
    /// `--help` and `--version` win over everything else that parses. `--events` and `--watch`
    /// exclude each other; `--interval` needs `--watch`; giving one option twice keeps the last
    /// value. `--duration` applies to every source.
    ///
    /// - Parameter arguments: The arguments after the program name, for example
    ///   `["--events", "updates.jsonl", "--strict"]`.
    /// - Returns: The command to carry out.
    /// - Throws: ``UsageError`` naming the unknown option, the option missing its value, or the
    ///   value out of range (for example `--interval 0`), or the option that needs another
    ///   (`--interval` without `--watch`).
    public static func parse(_ arguments: [String]) throws(UsageError) -> DemoCommand {
        var options = DemoOptions()
        var wantsHelp = false
        var wantsVersion = false
        var sourceOption: String?
        var watchOnlyOption: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = split(argument)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw UsageError("option '\(name)' needs a value")
                }
                return next
            }
            switch name {
            case "--help", "-h": wantsHelp = true
            case "--version": wantsVersion = true
            case "--frames": options.printsEveryFrame = true
            case "--strict": options.isStrict = true
            case "--events", "--watch":
                if let sourceOption, sourceOption != name {
                    throw UsageError("options '\(sourceOption)' and '\(name)' exclude each other")
                }
                sourceOption = name
                let path = try value()
                guard !path.isEmpty else { throw UsageError("option '\(name)' needs a non-empty path") }
                options.source = name == "--events" ? .events(path: path) : .watch(directory: path)
            case "--interval":
                watchOnlyOption = name
                options.intervalMilliseconds = try integer(try value(), for: name, in: 10...60_000)
            case "--width":
                options.width = try integer(try value(), for: name, in: TextRenderer.minimumWidth...1000)
            case "--duration":
                options.durationSeconds = try number(try value(), for: name, in: 0.001...86_400)
            case "--speed":
                options.speed = try number(try value(), for: name, in: 0.001...1_000)
            case "--format":
                let text = try value()
                guard let format = DemoOptions.Format(rawValue: text) else {
                    throw UsageError("option '--format' takes 'text' or 'json', not '\(text)'")
                }
                options.format = format
            default:
                throw UsageError(
                    name.hasPrefix("-") ? "unknown option '\(name)'" : "unexpected argument '\(argument)'")
            }
        }
        if wantsHelp { return .help }
        if wantsVersion { return .version }
        if let watchOnlyOption, sourceOption != "--watch" {
            throw UsageError("option '\(watchOnlyOption)' applies only to '--watch'")
        }
        return .run(options)
    }

    /// Splits `--name=value` into its name and value; other arguments have no inline value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            return (argument, nil)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func integer(
        _ text: String, for name: String, in range: ClosedRange<Int>
    ) throws(UsageError) -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "option '\(name)' takes a whole number from \(range.lowerBound) to \(range.upperBound), "
                    + "not '\(text)'")
        }
        return number
    }

    /// A number within `range`: the bounds keep every delay a `Duration` can hold (a speed of
    /// 1e-20 or a duration of 1e20 seconds overflowed it, which trapped).
    private static func number(_ text: String, for name: String, in range: ClosedRange<Double>)
        throws(UsageError) -> Double
    {
        guard let number = Double(text), range.contains(number) else {
            throw UsageError(
                "option '\(name)' takes a number from \(range.lowerBound.formatted) to \(range.upperBound.formatted), not '\(text)'"
            )
        }
        return number
    }
}

extension Double {
    /// The number without a fractional part when it has none (`1000`, `0.001`).
    fileprivate var formatted: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
