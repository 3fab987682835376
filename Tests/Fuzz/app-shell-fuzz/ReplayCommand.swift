#if !FUZZING
    import AppShellModel
    import Foundation

    /// Replays fuzz inputs without libFuzzer.
    ///
    /// `swift run app-shell-fuzz FILE...` decodes each file as the fuzzer does and prints its
    /// reactions and steps as resolved; for an input on which the models differ from the
    /// reference model, the shrunk sequence and the differences (exit status 1). In the fuzz
    /// build (`FUZZING` defined) libFuzzer supplies `main` instead.
    @main
    struct ReplayCommand {
        @MainActor static func main() {
            let paths = CommandLine.arguments.dropFirst()
            guard !paths.isEmpty else {
                print("usage: app-shell-fuzz FILE...  (replays fuzz inputs; see scripts/fuzz-app-shell.sh)")
                exit(2)
            }
            var failures = 0
            for path in paths {
                guard let bytes = FileManager.default.contents(atPath: path) else {
                    print("\(path): cannot read")
                    exit(2)
                }
                let sequence = ShellSequence(bytes: Array(bytes))
                if let mismatch = ShellModelRunner.firstMismatch(in: sequence) {
                    failures += 1
                    print("\(path): differs from the reference model at step \(mismatch.step + 1)")
                    print(ShellModelRunner.report(mismatch, in: sequence, inputFile: path))
                } else {
                    _ = ShellModelRunner.firstMismatch(in: sequence) { print("  " + $0) }
                    print("\(path): agrees (\(sequence.steps.count) steps)")
                }
            }
            exit(failures == 0 ? 0 : 1)
        }
    }
#endif
