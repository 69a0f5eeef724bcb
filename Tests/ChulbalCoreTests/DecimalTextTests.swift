import ChulbalCore
import Foundation
import Testing

/// The two ways chulbal writes a Double without Foundation, against what they stand in for:
/// C's printf (through Foundation's `String(format:)`) and Swift's own `description`.
@Suite struct DecimalTextTests {
  /// What ``UnsafeMutablePointer/writeShortDecimal(_:)`` writes, or nil when it declines.
  static func shortDecimal(_ value: Double) -> String? {
    var bytes = [UInt8](repeating: 0, count: 24)
    let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int? in
      guard var end = buffer.baseAddress else { return nil }
      let start = end
      return end.writeShortDecimal(value) ? end - start : nil
    }
    return written.map { String(decoding: bytes[..<$0], as: UTF8.self) }
  }

  @Test(arguments: [
    37.4979, 127.0276, -122.4194, 126.978, 1.0, -1.0, 180.0, -90.0, 999_999.9999999, 1.0000001,
    12.5, 100_000.0,
  ])
  func coordinatesAreWrittenAsDescriptionWritesThem(_ value: Double) {
    #expect(Self.shortDecimal(value) == value.description)
  }

  /// Outside 1 up to a million, or with more than seven decimals, it declines rather than
  /// guess: `description` uses an exponent below 10^-4, and more digits need its algorithm.
  @Test(arguments: [
    0.5, -0.25, 0.0, -0.0, 1e-5, 1_000_000.0, 2e9, 37.49791234, 0.1 + 0.2, Double.pi,
    .infinity, -.infinity, .nan,
  ])
  func otherNumbersAreLeftToDescription(_ value: Double) {
    #expect(Self.shortDecimal(value) == nil)
  }

  /// Seven-decimal coordinates drawn at random all take the short way and read as
  /// `description`; random doubles of any digits never read otherwise when it is taken.
  @Test func randomNumbersAgreeWithDescription() {
    var random = SeededRandom(seed: 0xDEC1)
    var taken = 0
    for _ in 0..<20_000 {
      let scaled = Int.random(in: -1_800_000_000...1_800_000_000, using: &random)
      let coordinate = Double(scaled) / 10_000_000
      if let text = Self.shortDecimal(coordinate) {
        taken += 1
        #expect(text == coordinate.description)
      } else {
        #expect(abs(coordinate) < 1)
      }
      let any = Double.random(in: 1..<1_000_000, using: &random)
      if let text = Self.shortDecimal(any) { #expect(text == any.description) }
      let rounded = (any * 1000).rounded() / 1000
      #expect(Self.shortDecimal(rounded) == rounded.description)
    }
    #expect(taken > 19_000)
  }

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
