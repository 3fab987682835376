import Foundation

/// A horizontal bar chart of the table on a shared log scale, one group of bars per
/// workload, written as plain SVG text.
struct SVGChart {
    let results: ResultSet
    let strategies: [Strategy]
    let caption: String

    private let width = 960.0
    private let labelWidth = 300.0
    private let rightMargin = 150.0
    private let barHeight = 14.0
    private let rowHeight = 18.0
    private let headingHeight = 26.0

    private static let palette = [
        "#4d4d4d", "#1f77b4", "#2ca02c", "#17becf", "#ff7f0e", "#d62728", "#9467bd", "#8c564b",
        "#e377c2", "#bcbd22", "#7f7f7f", "#393b79", "#637939",
    ]

    /// The SVG document.
    func render() -> String {
        let rows = strategies.filter { strategy in
            results.workloads.contains { results.median(strategy, $0) != nil }
        }
        let values = rows.flatMap { strategy in results.workloads.compactMap { results.median(strategy, $0) }
        }
        let maxDecade = max(1, Int(log10(values.max() ?? 10).rounded(.up)))
        let minDecade = min(0, Int(log10(max(values.min() ?? 1, 0.01)).rounded(.down)))
        let plotWidth = width - labelWidth - rightMargin
        func x(_ value: Double) -> Double {
            let position = (log10(max(value, 0.01)) - Double(minDecade)) / Double(maxDecade - minDecade)
            return labelWidth + plotWidth * position
        }
        var body: [String] = []
        var y = 72.0
        for workload in results.workloads {
            let measured = rows.filter { results.median($0, workload) != nil }
            guard !measured.isEmpty else { continue }
            body.append(text(workload.id + ": " + workload.title, x: 10, y: y + 16, bold: true))
            y += headingHeight
            for strategy in measured {
                guard let value = results.median(strategy, workload) else { continue }
                let colour = colourOf(strategy, in: rows)
                body.append(
                    text("\(strategy.id). \(strategy.name)", x: labelWidth - 8, y: y + 11, anchor: "end"))
                let end = x(value)
                body.append(
                    "<rect x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(fmt(max(end - labelWidth, 1)))\" "
                        + "height=\"\(barHeight)\" fill=\"\(colour)\"/>")
                var label = Formatting.figure(value) + " " + workload.unit
                if let ratio = results.ratioToFloor(strategy, workload) {
                    label += " (" + Formatting.ratio(ratio) + ")"
                }
                body.append(text(label, x: end + 4, y: y + 11))
                y += rowHeight
            }
            y += 8
        }
        let height = y + 30
        var grid: [String] = []
        for decade in minDecade...maxDecade {
            let position = fmt(x(pow(10, Double(decade))))
            grid.append(
                "<line x1=\"\(position)\" y1=\"60\" x2=\"\(position)\" y2=\"\(fmt(height - 24))\" "
                    + "stroke=\"#dddddd\"/>")
            grid.append(text(decadeLabel(decade), x: Double(position) ?? 0, y: height - 10, anchor: "middle"))
        }
        let header = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fmt(width))\" height=\"\(fmt(height))\" "
                + "viewBox=\"0 0 \(fmt(width)) \(fmt(height))\" font-family=\"sans-serif\" font-size=\"11\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            text(
                "observe-bench: median per operation, log scale (ns; W5 in bytes per observer)", x: 10, y: 20,
                bold: true),
            text(
                "(ratio) to the floor in the same run: a2 for W1-W5 and W9, a (two threads, locked) for W7, "
                    + "a2's W1 for W6 and W8", x: 10, y: 36),
            text(caption, x: 10, y: 52),
        ]
        return (header + grid + body + ["</svg>"]).joined(separator: "\n") + "\n"
    }

    private func colourOf(_ strategy: Strategy, in rows: [Strategy]) -> String {
        let index = strategies.firstIndex(of: strategy) ?? rows.firstIndex(of: strategy) ?? 0
        return Self.palette[index % Self.palette.count]
    }

    private func decadeLabel(_ decade: Int) -> String {
        decade >= 0 ? Formatting.grouped(Int(pow(10, Double(decade)))) : "1e\(decade)"
    }

    private func text(_ content: String, x: Double, y: Double, anchor: String = "start", bold: Bool = false)
        -> String
    {
        let weight = bold ? " font-weight=\"bold\"" : ""
        return
            "<text x=\"\(fmt(x))\" y=\"\(fmt(y))\" text-anchor=\"\(anchor)\"\(weight)>\(escaped(content))</text>"
    }

    private func escaped(_ content: String) -> String {
        content.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    private func fmt(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
