// observe-demo: draws an app shell in the terminal and updates it live (see `--help`).
import Foundation
import ObserveDemoCore

/// Writes a line to standard output; a failed write is reported as a run's is, with status 2.
func printChecked(_ text: String) -> ExitCode {
    do {
        try FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8))
        return .success
    } catch {
        let failure = DemoError.writeFailure(error)
        FileHandle.standardError.write(Data((failure.message + "\n").utf8))
        return failure.exitCode
    }
}

let status: ExitCode
do {
    switch try DemoCommand.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help:
        status = printChecked(DemoCommand.usageText)
    case .version:
        status = printChecked(DemoCommand.versionText)
    case .run(let options):
        status = await DemoRunner(options: options, shells: .tabBarModel).run()
    }
} catch {
    let failure = DemoError.usage(error)
    FileHandle.standardError.write(Data((failure.message + "\n").utf8))
    status = failure.exitCode
}
exit(status.rawValue)
