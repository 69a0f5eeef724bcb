import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCore

/// The reference route: from 집 to "강남역 2번 출구 & 카페".
let referenceName = "강남역 2번 출구 & 카페"
let referenceDestination = Coordinate(latitude: 37.4979, longitude: 127.0276)
let referenceOrigin = Coordinate(latitude: 37.5665, longitude: 126.9780)
let encodedReferenceName =
  "%EA%B0%95%EB%82%A8%EC%97%AD%202%EB%B2%88%20%EC%B6%9C%EA%B5%AC%20%26%20%EC%B9%B4%ED%8E%98"

struct NoHandlers: SchemeHandlerLookup {
  func hasHandler(forScheme scheme: String) -> Bool { false }
}

struct Handlers: SchemeHandlerLookup {
  let schemes: Set<String>
  func hasHandler(forScheme scheme: String) -> Bool { schemes.contains(scheme) }
}

@Suite struct MapLinksTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let provider: MapProvider
    let mode: TravelMode
    let withOrigin: Bool
    let app: String?
    let web: String?
    var testDescription: String { "\(provider) \(mode) \(withOrigin ? "from 집" : "from here")" }
  }

  static let n = encodedReferenceName
  static let dest = "37.4979,127.0276"
  static let home = "37.5665,126.9780"
  static let appname = "kr.chulbal.cli"

  /// Every provider × mode × with/without origin; the strings with an origin are the
  /// reference examples of map-links.md §4 (with our appname).
  static let cases: [Case] = {
    var cases: [Case] = []
    let kakaoBy: [TravelMode: String] = [
      .car: "car", .transit: "publictransit", .walk: "foot", .bike: "bicycle",
    ]
    let naverPath: [TravelMode: String] = [
      .car: "car", .transit: "public", .walk: "walk", .bike: "bicycle",
    ]
    let google: [TravelMode: String] = [
      .car: "driving", .transit: "transit", .walk: "walking", .bike: "bicycling",
    ]
    let apple: [TravelMode: String] = [
      .car: "driving", .transit: "transit", .walk: "walking", .bike: "cycling",
    ]
    let osm: [TravelMode: String] = [
      .car: "car", .transit: "foot", .walk: "foot", .bike: "bicycle",
    ]
    for mode in TravelMode.allCases {
      for withOrigin in [true, false] {
        let kakaoStart = withOrigin ? "sp=\(home)&" : ""
        cases.append(
          Case(
            provider: .kakao, mode: mode, withOrigin: withOrigin,
            app: "kakaomap://route?\(kakaoStart)ep=\(dest)&by=\(kakaoBy[mode]!)",
            web: withOrigin
              ? "https://m.map.kakao.com/scheme/route?sp=\(home)&ep=\(dest)&by=\(kakaoBy[mode]!)"
              : "https://map.kakao.com/link/to/\(n),\(dest)"))
        let tmapStart = withOrigin ? "startname=%EC%A7%91&startx=126.9780&starty=37.5665&" : ""
        cases.append(
          Case(
            provider: .tmap, mode: mode, withOrigin: withOrigin,
            app: "tmap://route?\(tmapStart)goalname=\(n)&goalx=127.0276&goaly=37.4979", web: nil))
        let naverStart = withOrigin ? "slat=37.5665&slng=126.9780&" : ""
        cases.append(
          Case(
            provider: .naver, mode: mode, withOrigin: withOrigin,
            app: "nmap://route/\(naverPath[mode]!)?\(naverStart)dlat=37.4979&dlng=127.0276"
              + "&dname=\(n)&appname=\(appname)",
            web: "https://map.naver.com/p/search/\(n)"))
        let googleStart = withOrigin ? "saddr=\(home)&" : ""
        let googleOrigin = withOrigin ? "&origin=37.5665%2C126.9780" : ""
        cases.append(
          Case(
            provider: .google, mode: mode, withOrigin: withOrigin,
            app: "comgooglemaps://?\(googleStart)daddr=\(dest)&directionsmode=\(google[mode]!)",
            web: "https://www.google.com/maps/dir/?api=1\(googleOrigin)"
              + "&destination=37.4979%2C127.0276&travelmode=\(google[mode]!)"))
        let appleSource = withOrigin ? "source=\(home)&" : ""
        cases.append(
          Case(
            provider: .apple, mode: mode, withOrigin: withOrigin, app: nil,
            web: "https://maps.apple.com/directions?\(appleSource)destination=\(dest)"
              + "&mode=\(apple[mode]!)"))
        cases.append(
          Case(
            provider: .osm, mode: mode, withOrigin: withOrigin, app: nil,
            web: withOrigin
              ? "https://www.openstreetmap.org/directions?engine=fossgis_osrm_\(osm[mode]!)"
                + "&route=37.5665%2C126.9780%3B37.4979%2C127.0276"
              : "https://www.openstreetmap.org/?mlat=37.4979&mlon=127.0276#map=17/37.4979/127.0276")
        )
      }
    }
    return cases
  }()

  @Test(arguments: cases)
  func linksMatchTheReferenceForms(_ example: Case) throws {
    let request = RouteRequest(
      destinationName: referenceName, destination: referenceDestination,
      originName: example.withOrigin ? "집" : nil,
      origin: example.withOrigin ? referenceOrigin : nil, mode: example.mode)
    let links = try #require(MapLinkBuilder.links(for: request, provider: example.provider))
    #expect(links.first { $0.kind == .app }?.url == example.app)
    #expect(links.first { $0.kind == .web }?.url == example.web)
    #expect(links.allSatisfy { URL(string: $0.url) != nil })
    #expect(!links.contains { $0.url.hasPrefix("maps:") })
  }

  @Test func referenceEncodingAndNFC() {
    #expect(PercentEncoding.encode(referenceName) == encodedReferenceName)
    #expect(PercentEncoding.encode("집") == "%EC%A7%91")
    let decomposed = referenceName.decomposedStringWithCanonicalMapping
    #expect(decomposed.unicodeScalars.count != referenceName.unicodeScalars.count)
    #expect(PercentEncoding.encode(decomposed) == encodedReferenceName)
    #expect(PercentEncoding.encode("a+b c~-._") == "a%2Bb%20c~-._")
  }

  static let trickyNames = [
    "A & B", "x=1", "1+1", "#3 출구", "100%", "정말?", "강남/역삼", "서울, 강남", "a;b",
    "한글 이름", "🍜 라멘 & 🍺", "$(touch /tmp/x); rm -rf ~", "  앞뒤 공백  ",
  ]

  @Test func aKakaoNameOfOnlyCommasAndSlashesIsLabelledAsAMissingOneIs() throws {
    let request = RouteRequest(
      destinationName: ",/,", destination: referenceDestination, originName: nil, origin: nil,
      mode: .walk)
    let links = try #require(MapLinkBuilder.links(for: request, provider: .kakao))
    #expect(
      links.first { $0.kind == .web }?.url
        == "https://map.kakao.com/link/to/%EB%8F%84%EC%B0%A9,37.4979,127.0276")
  }

  @Test(arguments: trickyNames, [true, false])
  func everyLinkParsesBackToTheNameAndCoordinates(name: String, withOrigin: Bool) throws {
    let request = RouteRequest(
      destinationName: name, destination: referenceDestination,
      originName: withOrigin ? name : nil, origin: withOrigin ? referenceOrigin : nil, mode: .walk)
    let start = withOrigin ? "37.5665,126.9780" : nil
    for provider in MapProvider.allCases {
      for link in try #require(MapLinkBuilder.links(for: request, provider: provider)) {
        let components = try #require(URLComponents(string: link.url), "\(link.url)")
        func item(_ key: String) -> String? {
          components.queryItems?.first { $0.name == key }?.value
        }
        switch (provider, link.kind) {
        case (.kakao, .app):
          #expect(item("sp") == start && item("ep") == "37.4979,127.0276")
        case (.kakao, .web) where withOrigin:
          #expect(components.host == "m.map.kakao.com" && components.path == "/scheme/route")
          #expect(item("sp") == start && item("ep") == "37.4979,127.0276" && item("by") == "foot")
        case (.kakao, .web):
          // 'name,lat,lng' in one path segment: commas and slashes are dropped from the name.
          let segment = String(components.path.dropFirst("/link/to/".count))
          let fields = segment.split(separator: ",", omittingEmptySubsequences: false)
          #expect(fields.suffix(2).joined(separator: ",") == "37.4979,127.0276")
          #expect(
            fields.dropLast(2).joined(separator: ",")
              == name.filter { $0 != "," && $0 != "/" }, "\(link.url)")
        case (.naver, .app):
          #expect(
            item("dname") == name && item("sname") == nil, "\(link.url)")
          #expect(item("dlat") == "37.4979" && item("dlng") == "127.0276")
          #expect(item("slat") == (withOrigin ? "37.5665" : nil))
          #expect(item("slng") == (withOrigin ? "126.9780" : nil))
          #expect(item("appname") == MapLinkBuilder.naverAppName)
        case (.naver, .web):
          #expect(components.path == "/p/search/" + name, "\(link.url)")
        case (.tmap, .app):
          #expect(item("goalname") == name, "\(link.url)")
          #expect(item("goalx") == "127.0276" && item("goaly") == "37.4979")
          #expect(item("startname") == (withOrigin ? name : nil), "\(link.url)")
          #expect(item("startx") == (withOrigin ? "126.9780" : nil))
          #expect(item("starty") == (withOrigin ? "37.5665" : nil))
        case (.tmap, .web):
          Issue.record("TMAP has no web map: \(link.url)")
        case (.google, .app):
          #expect(item("saddr") == start && item("daddr") == "37.4979,127.0276")
        case (.google, .web):
          #expect(item("origin") == start)
          #expect(item("destination") == "37.4979,127.0276")
        case (.apple, _):
          #expect(item("source") == start)
          #expect(item("destination") == "37.4979,127.0276")
        case (.osm, _) where withOrigin:
          #expect(item("route") == "37.5665,126.9780;37.4979,127.0276")
        case (.osm, _):
          #expect(item("mlat") == "37.4979" && item("mlon") == "127.0276")
        }
      }
    }
  }

  @Test(arguments: trickyNames)
  func searchLinksWithoutCoordinatesCarryTheWholeName(name: String) throws {
    for destination in [nil, Coordinate(latitude: 0, longitude: 0)] {
      let request = RouteRequest(destinationName: name, destination: destination, mode: .car)
      // TMAP has no search by name: no link at all, never a route to nowhere.
      #expect(MapLinkBuilder.links(for: request, provider: .tmap) == nil)
      for provider in MapProvider.allCases where provider != .tmap {
        let links = try #require(MapLinkBuilder.links(for: request, provider: provider))
        #expect(links.allSatisfy { $0.isSearch })
        for link in links {
          let components = try #require(URLComponents(string: link.url), "\(link.url)")
          let carried =
            components.queryItems?.first { ["q", "query"].contains($0.name) }?.value
            ?? components.percentEncodedPath.split(separator: "/").last?.removingPercentEncoding
          #expect(carried == name, "\(link.url)")
        }
      }
    }
    #expect(
      MapLinkBuilder.links(
        for: RouteRequest(destinationName: nil, destination: nil, mode: .car), provider: .kakao)
        == nil)
  }

  @Test func theChainPrefersAnInstalledAppThenTheFirstWebLink() throws {
    let request = RouteRequest(
      destinationName: referenceName, destination: referenceDestination, mode: .transit)
    let order = Settings.defaults.providers
    let web = try #require(NavigationChain.choose(request, order: order, handlers: NoHandlers()))
    #expect(web.provider == .kakao && web.kind == .web)
    let naverApp = try #require(
      NavigationChain.choose(request, order: order, handlers: Handlers(schemes: ["nmap"])))
    #expect(naverApp.provider == .naver && naverApp.kind == .app)
    // A geo: or maps: handler (GNOME Maps) never takes over: no provider links to them.
    let gnome = try #require(
      NavigationChain.choose(request, order: order, handlers: Handlers(schemes: ["geo", "maps"])))
    #expect(gnome.url.hasPrefix("https://map.kakao.com/"))
    let googleFirst = try #require(
      NavigationChain.choose(request, order: [.google, .kakao], handlers: NoHandlers()))
    #expect(googleFirst.url.hasPrefix("https://www.google.com/maps/dir/"))
  }

  struct CaveatCase: Sendable, CustomTestStringConvertible {
    let provider: MapProvider
    let mode: TravelMode
    let destination: Coordinate
    let caveat: MapLink.Caveat?
    var testDescription: String { "\(provider) \(mode) to \(destination)" }
  }

  static let tokyo = Coordinate(latitude: 35.6812, longitude: 139.7671)
  static let jeju = Coordinate(latitude: 33.4996, longitude: 126.5312)
  static let fukuoka = Coordinate(latitude: 33.5902, longitude: 130.4017)

  /// What a map does differently from the request is carried by every link of that provider.
  @Test(arguments: [
    CaveatCase(
      provider: .osm, mode: .transit, destination: referenceDestination, caveat: .transitAsWalk),
    CaveatCase(provider: .osm, mode: .walk, destination: referenceDestination, caveat: nil),
    CaveatCase(
      provider: .tmap, mode: .walk, destination: referenceDestination,
      caveat: .carOnly(asked: .walk)),
    CaveatCase(provider: .tmap, mode: .car, destination: referenceDestination, caveat: nil),
    CaveatCase(
      provider: .google, mode: .car, destination: referenceDestination,
      caveat: .restrictedInKorea(.car)),
    CaveatCase(
      provider: .google, mode: .walk, destination: jeju, caveat: .restrictedInKorea(.walk)),
    CaveatCase(provider: .google, mode: .transit, destination: referenceDestination, caveat: nil),
    CaveatCase(provider: .google, mode: .car, destination: fukuoka, caveat: nil),
    CaveatCase(provider: .kakao, mode: .transit, destination: referenceDestination, caveat: nil),
  ])
  func caveatsSayWhatTheMapWillDoInstead(_ example: CaveatCase) throws {
    let request = RouteRequest(
      destinationName: "x", destination: example.destination, originName: "집",
      origin: example.destination == referenceDestination ? referenceOrigin : Self.tokyo,
      mode: example.mode)
    let links = try #require(MapLinkBuilder.links(for: request, provider: example.provider))
    #expect(links.map(\.caveat) == links.map { _ in example.caveat })
  }

  @Test func onlyTMAPInTheOrderGivesItsAppLinkForThePhone() throws {
    let request = RouteRequest(
      destinationName: referenceName, destination: referenceDestination, mode: .car)
    let link = try #require(NavigationChain.choose(request, order: [.tmap], handlers: NoHandlers()))
    #expect(link.url.hasPrefix("tmap://route?goalname="))
    let web = try #require(
      NavigationChain.choose(request, order: [.tmap, .naver], handlers: NoHandlers()))
    #expect(web.url.hasPrefix("https://map.naver.com/"))
  }

  @Test func coordinatesNeverUseExponents() {
    #expect(MapLinkBuilder.number(0.00001) == "0.00001")
    #expect(MapLinkBuilder.number(126.978) == "126.9780")
    #expect(MapLinkBuilder.number(-33.123456789) == "-33.1234568")
    #expect(MapLinkBuilder.number(-0.0) == "0.0000")
  }
}
