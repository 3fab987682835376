import ObserveDemoCore
import Testing

@Suite struct DemoCommandTests {
    @Test func noArgumentsRunsTheScenarioWithDefaults() throws {
        let command = try DemoCommand.parse([])
        #expect(command == .run(DemoOptions()))
        #expect(DemoOptions().intervalMilliseconds == 500)
        #expect(DemoOptions().speed == 1)
    }

    @Test func everyOptionIsRead() throws {
        var expected = DemoOptions()
        expected.source = .watch(directory: "/tmp/mail")
        expected.intervalMilliseconds = 100
        expected.durationSeconds = 2.5
        expected.format = .json
        expected.width = 60
        expected.speed = 4
        expected.printsEveryFrame = true
        expected.isStrict = true
        let arguments = [
            "--watch", "/tmp/mail", "--interval=100", "--duration", "2.5", "--format", "json",
            "--width", "60", "--speed", "4", "--frames", "--strict",
        ]
        #expect(try DemoCommand.parse(arguments) == .run(expected))
    }

    @Test func eventsFromStandardInput() throws {
        var expected = DemoOptions()
        expected.source = .events(path: "-")
        #expect(try DemoCommand.parse(["--events", "-"]) == .run(expected))
    }

    @Test func helpAndVersionWin() throws {
        #expect(try DemoCommand.parse(["--width", "60", "--help"]) == .help)
        #expect(try DemoCommand.parse(["--version"]) == .version)
    }

    @Test func unknownOptionIsNamed() {
        #expect(throws: UsageError("unknown option '--colour'")) { try DemoCommand.parse(["--colour"]) }
        #expect(throws: UsageError("unexpected argument 'extra'")) { try DemoCommand.parse(["extra"]) }
    }

    @Test func badValuesAreUsageErrors() {
        #expect(throws: UsageError("option '--events' needs a value")) { try DemoCommand.parse(["--events"]) }
        #expect(throws: UsageError("option '--format' takes 'text' or 'json', not 'xml'")) {
            try DemoCommand.parse(["--format", "xml"])
        }
        #expect(throws: UsageError("option '--speed' takes a number from 0.001 to 1000, not '0'")) {
            try DemoCommand.parse(["--speed", "0"])
        }
        #expect(throws: UsageError("option '--interval' takes a whole number from 10 to 60000, not 'fast'")) {
            try DemoCommand.parse(["--interval", "fast"])
        }
        #expect(throws: UsageError("options '--events' and '--watch' exclude each other")) {
            try DemoCommand.parse(["--events", "a", "--watch", "b"])
        }
    }

    /// Found by a fresh-user trial: values this extreme overflowed a `Duration` and trapped.
    @Test func speedsAndDurationsThatNoDelayCouldHoldAreUsageErrors() throws {
        #expect(throws: UsageError("option '--speed' takes a number from 0.001 to 1000, not '1e-20'")) {
            try DemoCommand.parse(["--speed", "1e-20"])
        }
        #expect(throws: UsageError("option '--duration' takes a number from 0.001 to 86400, not '1e20'")) {
            try DemoCommand.parse(["--duration", "1e20"])
        }
        #expect(throws: UsageError("option '--duration' takes a number from 0.001 to 86400, not 'nan'")) {
            try DemoCommand.parse(["--duration", "nan"])
        }
        var expected = DemoOptions()
        expected.speed = 0.001
        expected.durationSeconds = 86_400
        #expect(try DemoCommand.parse(["--speed", "0.001", "--duration", "86400"]) == .run(expected))
    }

    @Test func widthBelowTheNarrowestFrameIsAUsageError() throws {
        #expect(throws: UsageError("option '--width' takes a whole number from 28 to 1000, not '20'")) {
            try DemoCommand.parse(["--width", "20"])
        }
        var expected = DemoOptions()
        expected.width = 28
        #expect(try DemoCommand.parse(["--width", "28"]) == .run(expected))
        #expect(DemoCommand.usageText.contains("--width N           frame width in columns, 28 to 1000"))
    }

    @Test func intervalWithoutWatchIsAUsageError() throws {
        #expect(throws: UsageError("option '--interval' applies only to '--watch'")) {
            try DemoCommand.parse(["--interval", "100"])
        }
        #expect(throws: UsageError("option '--interval' applies only to '--watch'")) {
            try DemoCommand.parse(["--events", "-", "--interval=100"])
        }
        var watching = DemoOptions()
        watching.source = .watch(directory: "mail")
        watching.intervalMilliseconds = 100
        #expect(try DemoCommand.parse(["--interval", "100", "--watch", "mail"]) == .run(watching))
    }

    @Test func durationAppliesToEverySource() throws {
        var expected = DemoOptions()
        expected.durationSeconds = 1.5
        #expect(try DemoCommand.parse(["--duration", "1.5"]) == .run(expected))
        #expect(
            DemoCommand.usageText.contains(
                "--duration SECONDS  stop after this long (0.001 to 86400), whatever the source"))
    }

    /// The help fits an 88-column terminal without wrapping: one sentence once ran to 138
    /// columns on a single line.
    @Test func everyHelpLineFitsEightyEightColumns() {
        let lines = DemoCommand.usageText.split(separator: "\n", omittingEmptySubsequences: false)
        let long = lines.filter { $0.count > 88 }
        #expect(long.isEmpty, "help lines over 88 columns: \(long)")
        #expect(lines.count > 20)
    }

    @Test func helpGivesTheScenarioLengthItHas() {
        let milliseconds = Scenario.socialApp.reduce(0) { total, event in
            guard case .delay(let pause) = event else { return total }
            return total + pause
        }
        #expect(milliseconds == 6_000)
        #expect(DemoCommand.usageText.contains("a built-in scenario runs for about 6 seconds"))
    }
}
