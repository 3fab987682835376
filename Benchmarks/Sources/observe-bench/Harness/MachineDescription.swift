import Foundation

/// A one-line description of the machine and toolchain, recorded with every run.
enum MachineDescription {
    static var current: String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #if arch(x86_64)
            let architecture = "x86_64"
        #elseif arch(arm64)
            let architecture = "arm64"
        #else
            let architecture = "unknown architecture"
        #endif
        #if os(Linux)
            let system = "Linux"
        #else
            let system = "Darwin"
        #endif
        #if compiler(>=6.3)
            let compiler = "Swift 6.3+"
        #else
            let compiler = "Swift < 6.3"
        #endif
        return "\(cores)-core \(architecture) \(system), \(compiler)"
    }
}
