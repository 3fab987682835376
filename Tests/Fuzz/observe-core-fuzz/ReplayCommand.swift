#if !FUZZING
    import Foundation
    import ObservingModel

    /// Replays inputs without libFuzzer: `swift run observe-core-fuzz FILE...` decodes each file
    /// as the fuzzer does and prints its operations as resolved; for an input on which the
    /// library differs from the reference model, the sequence shrunk first (exit status 1).
    ///
    /// A failing input found by `scripts/fuzz-core.sh` reproduces this way in a plain debug build,
    /// under the debugger. In the fuzz build (`FUZZING` defined) libFuzzer supplies `main` instead.
    @main
    struct ReplayCommand {
        static func main() {
            let paths = CommandLine.arguments.dropFirst()
            guard !paths.isEmpty else {
                print("usage: observe-core-fuzz FILE...  (replays fuzz inputs; see scripts/fuzz-core.sh)")
                exit(2)
            }
            var failures = 0
            for path in paths {
                guard let bytes = FileManager.default.contents(atPath: path) else {
                    print("\(path): cannot read")
                    exit(2)
                }
                let sequence = ModelRunner.sequence(bytes: Array(bytes))
                var (lines, mismatch) = CoreCheck.listing(of: sequence)
                if let mismatch {
                    failures += 1
                    let shrunk = CoreCheck.shrunk(sequence, failingAt: mismatch.step)
                    (lines, _) = CoreCheck.listing(of: shrunk)
                    print(
                        "\(path): differs from the reference model at step \(mismatch.step + 1) of"
                            + " \(sequence.steps.count); shrunk to \(CoreCheck.heading(shrunk))")
                } else {
                    print("\(path): \(CoreCheck.heading(sequence))")
                }
                if !lines.isEmpty { print(lines.joined(separator: "\n")) }
                if mismatch == nil { print("\(path): agrees") }
            }
            exit(failures == 0 ? 0 : 1)
        }
    }
#endif
