import ChulbalCore
import Foundation
import Testing

/// How chulbal writes a Double with a fixed number of decimals without Foundation, against what
/// it stands in for: C's printf (through Foundation's `String(format:)`).
@Suite struct DecimalTextTests {
  /// Rounded from the binary value, as printf rounds: 2.675 is 2.67499999… and 0.25 is a
  /// tie, which goes to the even digit.
  @Test(arguments: [
    (126.978, 7, "126.9780000"), (-0.0000000001, 7, "-0.0000000"), (0.05, 1, "0.1"),
    (0.25, 1, "0.2"), (-37.5, 0, "-38"), (2.675, 2, "2.67"), (15.5, 1, "15.5"),
  ])
  func decimalsAreWhatPrintfWrites(_ value: Double, _ places: Int, _ expected: String) {
    #expect(value.decimalText(places: places) == expected)
    #expect(value.decimalText(places: places) == String(format: "%.\(places)f", value))
  }

  @Test func aNumberOfThreeHundredDigitsIsWrittenWhole() {
    let text = 1e300.decimalText(places: 2)
    #expect(text.hasPrefix("1000000000000000052504760255204420248704468581108159154915854115"))
    #expect(text.hasSuffix(".00") && text.count == 304)
  }
}
