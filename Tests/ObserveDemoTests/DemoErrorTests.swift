import ObserveDemoCore
import Testing

/// The one mapping from each error to its message on standard error and its exit status.
@Suite struct DemoErrorTests {
    @Test func usageErrorsNameTheProblemPointToHelpAndExitWithTwo() {
        let error = DemoError.usage(UsageError("unknown option '--colour'"))
        #expect(error.message == "observe-demo: unknown option '--colour'\nTry 'observe-demo --help'.")
        #expect(error.exitCode == .cannotRun)
        #expect(error.exitCode.rawValue == 2)
    }

    @Test func sourcesThatCannotBeReadExitWithTwo() {
        let errors: [DemoError] = [
            .eventInput(.missing("updates.jsonl")), .eventInput(.isDirectory("/tmp")),
            .eventInput(.unreadable("/root/updates.jsonl")),
            .eventInput(.readFailed(name: "<stdin>", reason: "Input/output error")),
            .directory(.missing("/mail")), .directory(.notADirectory("/mail")),
            .directory(.unreadable("/mail")),
        ]
        #expect(
            errors.map(\.message) == [
                "observe-demo: no such events file: 'updates.jsonl'",
                "observe-demo: events file is a directory: '/tmp'",
                "observe-demo: cannot read events file: '/root/updates.jsonl'",
                "observe-demo: reading '<stdin>' failed: Input/output error",
                "observe-demo: no such directory: '/mail'",
                "observe-demo: not a directory: '/mail'",
                "observe-demo: cannot read directory: '/mail'",
            ])
        #expect(errors.allSatisfy { $0.exitCode == .cannotRun })
    }

    @Test func aTerminalTooNarrowNamesItsWidthAndExitsWithTwo() {
        let error = DemoError.terminalTooNarrow(columns: 20)
        #expect(
            error.message
                == "observe-demo: the terminal is 20 columns wide; frames need at least 28 (widen it, or use --format json)"
        )
        #expect(error.exitCode == .cannotRun)
    }

    @Test func aFailedWriteGivesTheSystemsReasonSafelyAndExitsWithTwo() {
        let error = DemoError.outputFailed("No space left on device")
        #expect(error.message == "observe-demo: writing to standard output failed: No space left on device")
        #expect(error.exitCode == .cannotRun)
        #expect(DemoError.outputFailed("odd\u{1B}[2J").message.contains("\u{1B}") == false)
    }

    @Test func badEventLinesNameFileAndLineAndExitWithOne() {
        let error = DemoError.badEvent(.unknownKind("bagde"), file: "<stdin>", line: 4)
        #expect(error.message == "<stdin>:4: error: unknown event kind 'bagde'")
        #expect(error.exitCode == .badInput)
        #expect(error.exitCode.rawValue == 1)
    }

    @Test func messagesAreSafeForATerminalButKeepTheHintOnItsOwnLine() {
        let usage = DemoError.usage(UsageError("unknown option '--\u{1B}[2J\nx'"))
        #expect(
            usage.message
                == "observe-demo: unknown option '--\u{FFFD}[2J\u{FFFD}x'\nTry 'observe-demo --help'.")
        let event = DemoError.badEvent(.unknownKind("\u{1B}[2J"), file: "a\rb", line: 1)
        #expect(event.message == "a\u{FFFD}b:1: error: unknown event kind '\u{FFFD}[2J'")
    }

    @Test func successIsZeroAndTheStatusesRiseWithGravity() {
        #expect(ExitCode.success.rawValue == 0)
        #expect(ExitCode.success.rawValue < ExitCode.badInput.rawValue)
        #expect(ExitCode.badInput.rawValue < ExitCode.cannotRun.rawValue)
    }
}
