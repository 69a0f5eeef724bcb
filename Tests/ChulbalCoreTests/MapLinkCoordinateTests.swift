import Testing

@testable import ChulbalCore

/// Map links pasted for `--coord`, `--from` and `--to`: the coordinate each documented form
/// carries, and the reason each refused form gives.
@Suite struct MapLinkCoordinateTests {
  struct Read: Sendable, CustomTestStringConvertible {
    let link: String
    let latitude: Double
    let longitude: Double
    var testDescription: String { link }
  }

  @Test(arguments: [
    // RFC 5870 §3, with an altitude and a parameter.
    Read(link: "geo:37.4979,127.0276", latitude: 37.4979, longitude: 127.0276),
    Read(link: "geo:37.4979,127.0276,30;u=35", latitude: 37.4979, longitude: 127.0276),
    // Kakao Map's "URL로 지도 열기": a name (escaped or not) before the two numbers, or none.
    Read(
      link: "https://map.kakao.com/link/map/%EA%B0%95%EB%82%A8%EC%97%AD,37.4979,127.0276",
      latitude: 37.4979, longitude: 127.0276),
    Read(
      link: "https://map.kakao.com/link/to/카카오판교오피스,37.402056,127.108212",
      latitude: 37.402056, longitude: 127.108212),
    Read(
      link: "https://map.kakao.com/link/map/37.5665,126.978", latitude: 37.5665, longitude: 126.978),
    // Kakao Map's URL scheme and its mobile-web form.
    Read(
      link: "kakaomap://look?p=37.402056,127.108212", latitude: 37.402056, longitude: 127.108212),
    Read(
      link: "http://m.map.kakao.com/scheme/look?p=37.402056,127.108212", latitude: 37.402056,
      longitude: 127.108212),
    // Google Maps: the map's centre, a place's, and Maps URLs' search.
    Read(
      link: "https://www.google.com/maps/@37.4979,127.0276,15z", latitude: 37.4979,
      longitude: 127.0276),
    Read(
      link: "https://www.google.com/maps/place/Gangnam+Station/@37.497952,127.027619,17z/data=!3m1",
      latitude: 37.497952, longitude: 127.027619),
    Read(
      link: "https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393",
      latitude: 47.5951518, longitude: -122.3316393),
  ])
  func aLinkGivesItsCoordinate(_ example: Read) throws {
    let coordinate = try Coordinate.parse(example.link)
    #expect(coordinate == Coordinate(latitude: example.latitude, longitude: example.longitude))
  }

  @Test(arguments: [
    ("https://naver.me/5abcDEF", "짧은 링크는 인터넷에 물어야 좌표를 알 수 있습니다. 지도 앱에서 좌표를 복사해 주세요"),
    ("https://maps.app.goo.gl/abc", "짧은 링크는 인터넷에 물어야 좌표를 알 수 있습니다. 지도 앱에서 좌표를 복사해 주세요"),
    (
      "https://map.naver.com/p/?c=14141457.75,4515068.41,15,0,0,0,dh",
      "네이버 지도 주소의 좌표는 위도·경도가 아니라서 읽지 않습니다. 지도에서 좌표를 복사해 주세요"
    ),
    ("https://map.kakao.com/link/map/18577297", "이 카카오맵 주소에는 위도·경도가 없습니다 (장소 번호나 카카오의 평면 좌표뿐입니다)"),
    (
      "https://map.kakao.com/?urlX=506030&urlY=1108490&urlLevel=3",
      "이 카카오맵 주소에는 위도·경도가 없습니다 (장소 번호나 카카오의 평면 좌표뿐입니다)"
    ),
    ("https://www.google.com/maps/search/?api=1&query=강남역", "이 구글 지도 주소에는 위도·경도가 없습니다"),
    ("geo:north", "geo: 뒤에 '위도,경도'가 없습니다"),
    ("https://example.com/37.5,127.0", "이 주소에서 좌표를 찾지 못했습니다. 좌표가 든 지도 링크나 '위도,경도'를 주세요"),
    // A link's numbers are held to the same ranges as typed ones.
    ("geo:137.5,127.0", "geo: 뒤에 '위도,경도'가 없습니다"),
  ])
  func aLinkWithoutACoordinateSaysWhy(_ link: String, _ reason: String) {
    #expect(throws: InputError.coordinate(link, reason: reason)) { try Coordinate.parse(link) }
  }

  @Test func plainTextIsNoLink() throws {
    #expect(try MapLinkCoordinate.read("37.5,127.0") == nil)
    #expect(try MapLinkCoordinate.read("회사") == nil)
  }
}
