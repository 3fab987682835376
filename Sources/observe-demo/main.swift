// observe-demo: draws an app shell in the terminal and updates it live (see `--help`).
import Foundation
import ObserveDemoCore

let status: ExitCode
do {
    switch try DemoCommand.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help:
        print(DemoCommand.usageText)
        status = .success
    case .version:
        print(DemoCommand.versionText)
        status = .success
    case .run(let options):
        status = await DemoRunner(options: options, shells: .tabBarModel).run()
    }
} catch {
    let failure = DemoError.usage(error)
    FileHandle.standardError.write(Data((failure.message + "\n").utf8))
    status = failure.exitCode
}
exit(status.rawValue)
