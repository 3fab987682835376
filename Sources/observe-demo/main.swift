// observe-demo: draws an app shell in the terminal and updates it live (see `--help`).
import Foundation
import ObserveDemoCore

do {
    switch try DemoCommand.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help: print(DemoCommand.usageText)
    case .version: print(DemoCommand.versionText)
    case .run(let options): exit(await DemoRunner(options: options, shells: .tabBarModel).run())
    }
} catch {
    // The message quotes the argument at fault, which may hold escape sequences.
    let message = TerminalText.sanitized("\(error)")
    FileHandle.standardError.write(Data("observe-demo: \(message)\nTry 'observe-demo --help'.\n".utf8))
    exit(2)
}
