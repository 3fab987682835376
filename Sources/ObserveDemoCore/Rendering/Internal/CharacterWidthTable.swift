import TabBarModel

/// The width table for systems without a usable `wcwidth` (see ``SystemCharacterWidth``).
///
/// It draws as `wcwidth` does, from the same Unicode data as the badge measurer: East Asian
/// Wide and Fullwidth characters (UAX #11, from the table `scripts/generate-width-table.py`
/// generates from EastAsianWidth.txt) are 2 columns; combining marks, enclosing marks and format
/// characters are 0; everything else is 1. Emoji with default emoji presentation are handled
/// before this table, by their property.
package enum CharacterWidthTable {
    /// The scalar's width in columns: 0, 1 or 2.
    ///
    /// - Parameter scalar: The scalar.
    /// - Returns: 0, 1 or 2.
    /// - Complexity: O(log *n*) in the number of wide ranges.
    package static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return EastAsianWidth.isWide(scalar) ? 2 : 1
    }
}
