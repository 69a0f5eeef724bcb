/// How a person travels, with the constants of the offline travel estimate.
public enum TravelMode: String, CaseIterable, Sendable {
  case car, transit, walk, bike

  /// Reads a mode as typed on the command line: its English name, or a Korean word for it.
  public static func parse(_ text: String) throws(InputError) -> TravelMode {
    let word = text.trimmingWhitespace().lowercased()
    let korean = koreanWords.first { $0.word == word.precomposed }?.mode
    guard let mode = TravelMode(rawValue: word) ?? korean else {
      throw .travelMode(text)
    }
    return mode
  }

  /// The Korean words people use for each mode; a taxi travels as a car does.
  static let koreanWords: [(word: String, mode: TravelMode)] = [
    ("대중교통", .transit), ("지하철", .transit), ("버스", .transit), ("차", .car), ("자동차", .car),
    ("택시", .car), ("도보", .walk), ("걸어서", .walk), ("자전거", .bike),
  ]

  /// `자동차`, `대중교통`, `도보`, `자전거`: the mode as Korean text names it.
  public var koreanName: String {
    named(car: "자동차", transit: "대중교통", walk: "도보", bike: "자전거")
  }

  /// The word a map provider uses for this mode.
  func named(car: String, transit: String, walk: String, bike: String) -> String {
    switch self {
    case .car: car
    case .transit: transit
    case .walk: walk
    case .bike: bike
    }
  }

  /// How much longer the road or track is than the straight line.
  ///
  /// Route lengths published with the trips of the reference table run 1.07–1.39 times the
  /// straight line between their ends: 신분당선 정자–강남 17.3 km for 16.2, 9호선 김포공항–신논현
  /// 25.5 km for 20.7, 공항철도 서울역–인천공항 58 km for 47.3, 구리시청–포천시청 41 km for 34,
  /// 봉담–광명 34 km for 29.3; about 1.2 is typical, and it is taken for streets on foot too.
  /// Cycling keeps 1.25 for the detours to bike paths (no published figure).
  var detourFactor: Double {
    switch self {
    case .car, .transit, .walk: 1.2
    case .bike: 1.25
    }
  }

  /// Speeds in km/h over the route: the first band's speed for its first kilometres, the
  /// next band's after them; the last band has no end.
  ///
  /// A single city speed cannot fit a 2 km and a 50 km trip: a long trip is mostly on an
  /// expressway or an express line.
  ///
  /// - Car: the first 8 km at Seoul's average road speed, 24.2 km/h (서울시 2017년 차량통행속도,
  ///   http://tvseoul.kr/news/article.html?no=14487), the rest at 70 km/h, what the ministry
  ///   gives for the expressway to Pocheon (구리–포천 41 km in 35 minutes,
  ///   https://www.hankyung.com/article/2017062763255; 봉담–광명 34 km in 32 minutes, 64 km/h,
  ///   https://www.hankyung.com/society/article/2016042895628; Seoul's urban expressways
  ///   averaged 53.2 km/h in 2017, the source above). A trip across the city stays mostly at
  ///   the city's speed; the 8 km are fitted to the reference trips.
  /// - Transit: the first 2 km at 27 km/h, an all-stop line's pace (우이신설선 11.4 km in 23
  ///   minutes, 29.7 km/h, http://love.seoul.go.kr/asp/articleView.asp?intSeq=4922; 신림선 7.76
  ///   km in 16, https://m.nocutnews.co.kr/news/amp/5760920), the rest at 60 km/h, between the
  ///   express lines long trips take (신분당선 averages 51.4 km/h,
  ///   https://m.moneys.co.kr/article/amp/2016012909258091650; 공항철도's all-stop train 58 km
  ///   in 53 minutes, 66 km/h, https://hankyung.com/article/2010122747031). The 2 km and the
  ///   27 and 60 are fitted to the reference trips within those published bounds.
  /// - Walking: 4.8 km/h, the average adult's pace in 한국교통연구원's 2002 survey (1.34 m/s,
  ///   https://h21.hani.co.kr/arti/society/society_general/18838.html).
  /// - Cycling: 15 km/h, a commuting pace; no published Seoul figure was found (따릉이's average
  ///   ride, 3.8 km in 29 minutes, https://www.joongang.co.kr/article/23003297, includes leisure
  ///   rides and is no travel speed).
  var speedBands: [(kilometres: Double, kilometresPerHour: Double)] {
    switch self {
    case .car: [(8, 24.2), (.infinity, 70)]
    case .transit: [(2, 27), (.infinity, 60)]
    case .walk: [(.infinity, 4.8)]
    case .bike: [(.infinity, 15)]
    }
  }

  /// Minutes every trip takes besides moving.
  ///
  /// Transit: 8 minutes' walk to the stop, 6 waiting and 8 from the stop to the door, the
  /// averages 서울연구원 found for commuters into central Seoul (인포그래픽스 제89호, 2014,
  /// http://biz.heraldcorp.com/view.php?ud=20140612000229); its 11 minutes of transfers are
  /// left out, since many trips have none. None for the others: reaching the car and parking
  /// are what the buffer (여유) is for.
  var fixedMinutes: Double {
    switch self {
    case .transit: 8 + 6 + 8
    case .car, .walk, .bike: 0
    }
  }
}
