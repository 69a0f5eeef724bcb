import Testing

@testable import ChulbalCore

@Suite struct TravelModeTests {
  @Test(arguments: [
    ("car", TravelMode.car), ("Transit", .transit), (" walk ", .walk), ("bike", .bike),
    ("대중교통", .transit), ("지하철", .transit), ("버스", .transit), ("차", .car), ("자동차", .car),
    ("택시", .car), ("도보", .walk), ("걸어서", .walk), ("자전거", .bike),
  ])
  func readsEnglishAndKoreanNames(text: String, mode: TravelMode) throws {
    #expect(try TravelMode.parse(text) == mode)
  }

  @Test(arguments: ["기차", "drive", ""])
  func refusesOtherWords(text: String) {
    #expect(throws: InputError.travelMode(text)) { try TravelMode.parse(text) }
    #expect(
      InputError.travelMode("기차").description
        == "'기차'는 지원하지 않는 이동 수단입니다 (car, transit, walk, bike 중 하나)")
  }
}
