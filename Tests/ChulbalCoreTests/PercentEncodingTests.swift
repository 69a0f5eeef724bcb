import Testing

@testable import ChulbalCore

/// Percent-decoding undoes the encoding map links are written with, and leaves alone what is no
/// escape.
@Suite struct PercentEncodingTests {
  @Test(arguments: ["강남역 2번 출구", "카페 & 바", "100%", "a+b=c?d#e", "e\u{301}", ""])
  func decodingUndoesEncoding(_ text: String) {
    #expect(PercentEncoding.decode(PercentEncoding.encode(bytes: text.utf8)) == text)
  }

  @Test func whatIsNoEscapeStaysAsItIs() {
    #expect(PercentEncoding.decode("%EA%B0%95") == "강")
    #expect(PercentEncoding.decode("50%") == "50%")
    #expect(PercentEncoding.decode("%+f%zz%4") == "%+f%zz%4")
  }
}
