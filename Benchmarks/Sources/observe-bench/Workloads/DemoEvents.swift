import Foundation
import ObserveDemoCore

/// W8: the demo's event path, in nanoseconds per event.
///
/// An in-memory JSON Lines stream is split into lines (`LineSplitter`), parsed
/// (`EventParser`) and applied to the social app's shell (`AppShell`), as
/// `observe-demo --events` does minus the drawing.
enum DemoEvents {
    static func eventsCase() -> BenchCase {
        BenchCase(
            strategy: EndToEnd.strategy, workload: .demoEvents,
            plan: .timed(deliveriesPerOperation: 1) { @MainActor in
                let shell = AppShell.socialApp()
                let parser = EventParser(tabCount: shell.tabCount)
                let stream = Data(sampleLines.joined(separator: "\n").utf8 + [0x0A])
                return TimedRun(run: { @MainActor count in
                    var applied = 0
                    while applied < count {
                        applied += replay(stream, into: shell, with: parser, limit: count - applied)
                    }
                })
            })
    }

    /// Splits, parses and applies up to `limit` events of `stream`; returns how many.
    @MainActor
    private static func replay(_ stream: Data, into shell: AppShell, with parser: EventParser, limit: Int)
        -> Int
    {
        var splitter = LineSplitter()
        var applied = 0
        for line in splitter.append(stream) where applied < limit {
            guard case .text(let text) = line.content else { continue }
            do {
                guard let event = try parser.parse(text) else { continue }
                try shell.apply(event)
                applied += 1
            } catch {
                continue
            }
        }
        Sink.add(applied)
        return max(applied, 1)
    }

    /// A mix of what a live stream carries: mostly badges, some titles and selections.
    private static let sampleLines: [String] = (0..<100).map { index in
        switch index % 10 {
        case 8: "{\"kind\":\"title\",\"tab\":\(index % 4),\"title\":\"Tab \(index)\"}"
        case 9: "{\"kind\":\"select\",\"tab\":\(index % 4)}"
        default: "{\"kind\":\"badge\",\"tab\":\(index % 4),\"value\":\"\(index)\"}"
        }
    }
}
