import FoundationEssentials

/// Builds every provider's app and web links for a route (pure: no I/O), in each provider's
/// documented form (README's table); where only an undocumented form carries the origin or mode,
/// those are left to the map.
public enum MapLinkBuilder {
  /// The `appname` Naver requires on every `nmap://` link: a stable id for this tool.
  public static let naverAppName = "kr.chulbal.cli"

  /// The app scheme each provider's app registers, when it has one chulbal links to.
  public static func appScheme(_ provider: MapProvider) -> String? {
    switch provider {
    case .kakao: "kakaomap"
    case .naver: "nmap"
    case .tmap: "tmap"
    case .google: "comgooglemaps"
    case .apple, .osm: nil  // Never maps:// on Linux: GNOME Maps owns it and rejects routes.
    }
  }

  /// The provider's app link (with an app scheme) and web link (with a web map); nil without a
  /// coordinate or a name, and for TMAP without a coordinate (it has no search link).
  public static func links(for request: RouteRequest, provider: MapProvider) -> [MapLink]? {
    let name = request.destinationName.flatMap { $0.isEmpty ? nil : $0 }
    guard let destination = request.routableDestination else {
      guard let name, provider != .tmap else { return nil }
      return searchLinks(name, provider)
    }
    let origin = request.routableOrigin
    let e = PercentEncoding.encode
    var links: [MapLink] = []
    var caveat: MapLink.Caveat?
    func add(_ kind: MapLink.Kind, _ url: String) {
      links.append(
        MapLink(provider: provider, kind: kind, url: url, isSearch: false, caveat: caveat))
    }
    switch provider {
    case .kakao:
      let by = request.mode.named(
        car: "car", transit: "publictransit", walk: "foot", bike: "bicycle")
      let start = origin.map { "sp=\(pair($0))&" } ?? ""
      let route = "route?\(start)ep=\(pair(destination))&by=\(by)"
      add(.app, "kakaomap://" + route)
      if origin != nil {
        // Kakao documents a mobile-web twin under m.map.kakao.com/scheme/ for every app URL
        // (map-links.md §2.1, DOC-2): same origin, destination and mode, and short enough for a QR
        // code on 80×24. The common link/by/MODE/… form is undocumented and costs 9 bytes per
        // Hangul syllable.
        add(.web, "https://m.map.kakao.com/scheme/" + route)
      } else {
        // The documented destination-only form: commas and slashes end the name inside
        // 'name,lat,lng' even encoded, so they are removed.
        let label = (name ?? "").filter { $0 != "," && $0 != "/" }
        add(
          .web,
          "https://map.kakao.com/link/to/\(e(label.isEmpty ? "도착" : label)),\(pair(destination))")
      }
    case .naver:
      // Naver gets the place's own text or the coordinates, never a label only this person
      // knows: its app shows sname and dname as the route's ends, and its web link searches.
      // An origin's name is always a saved place's (집), so it is never sent.
      let place = request.destinationNameIsPlace ? name : nil
      let path = request.mode.named(car: "car", transit: "public", walk: "walk", bike: "bicycle")
      var query = ""
      if let origin {
        query += "slat=\(number(origin.latitude))&slng=\(number(origin.longitude))&"
      }
      query += "dlat=\(number(destination.latitude))&dlng=\(number(destination.longitude))"
      if let place { query += "&dname=\(e(place))" }
      add(.app, "nmap://route/\(path)?\(query)&appname=\(naverAppName)")
      // Naver documents no web directions URL; its search page is the stable web form.
      links.append(
        MapLink(
          provider: .naver, kind: .web,
          url: "https://map.naver.com/p/search/\(e(place ?? pair(destination)))", isSearch: true))
    case .tmap:
      // TMAP documents no URL scheme: the app's tmap://route takes goalname/goalx/goaly and
      // startname/startx/starty (x the longitude), as its SDK's invokeRoute does
      // (https://www.npmjs.com/package/react-native-invoke-tmap). TMAP has no web map.
      var query = ""
      if let origin {
        query += "startname=\(e(request.originName ?? "출발"))"
        query += "&startx=\(number(origin.longitude))&starty=\(number(origin.latitude))&"
      }
      query += "goalname=\(e(name ?? "도착"))"
      query += "&goalx=\(number(destination.longitude))&goaly=\(number(destination.latitude))"
      links.append(
        MapLink(
          provider: .tmap, kind: .app, url: "tmap://route?\(query)", isSearch: false,
          caveat: request.mode == .car ? nil : .carOnly(asked: request.mode)))
    case .google:
      let mode = request.mode.named(
        car: "driving", transit: "transit", walk: "walking", bike: "bicycling")
      // Google restricts driving and walking directions in South Korea (map-links.md §2.5;
      // exactly which modes fail is unconfirmed, so the caveat says a route may not come).
      if [.car, .walk].contains(request.mode),
        destination.isInSouthKorea || origin?.isInSouthKorea == true
      {
        caveat = .restrictedInKorea(request.mode)
      }
      let start = origin.map { "saddr=\(pair($0))&" } ?? ""
      add(.app, "comgooglemaps://?\(start)daddr=\(pair(destination))&directionsmode=\(mode)")
      let from = origin.map { "&origin=\(e(pair($0)))" } ?? ""
      add(
        .web,
        "https://www.google.com/maps/dir/?api=1\(from)&destination=\(e(pair(destination)))"
          + "&travelmode=\(mode)")
    case .apple:
      let mode = request.mode.named(
        car: "driving", transit: "transit", walk: "walking", bike: "cycling")
      let source = origin.map { "source=\(pair($0))&" } ?? ""
      add(
        .web,
        "https://maps.apple.com/directions?\(source)destination=\(pair(destination))"
          + "&mode=\(mode)")
    case .osm:
      guard let origin else {
        // OpenStreetMap needs both points for a route; without an origin, show the place.
        let lat = number(destination.latitude)
        let lng = number(destination.longitude)
        add(.web, "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lng)#map=17/\(lat)/\(lng)")
        return links
      }
      // No transit engine: walking is the nearest (to and from the stops), and it is said.
      if request.mode == .transit { caveat = .transitAsWalk }
      let engine = request.mode.named(car: "car", transit: "foot", walk: "foot", bike: "bicycle")
      add(
        .web,
        "https://www.openstreetmap.org/directions?engine=fossgis_osrm_"
          + "\(engine)&route=\(e(pair(origin) + ";" + pair(destination)))")
    }
    return links
  }

  private static func searchLinks(_ name: String, _ provider: MapProvider) -> [MapLink] {
    let e = PercentEncoding.encode(name)
    let urls: [(MapLink.Kind, String)] =
      switch provider {
      case .kakao:
        [(.app, "kakaomap://search?q=\(e)"), (.web, "https://map.kakao.com/link/search/\(e)")]
      case .naver:
        [
          (.app, "nmap://search?query=\(e)&appname=\(naverAppName)"),
          (.web, "https://map.naver.com/p/search/\(e)"),
        ]
      case .google:
        [
          (.app, "comgooglemaps://?q=\(e)"),
          (.web, "https://www.google.com/maps/search/?api=1&query=\(e)"),
        ]
      case .tmap: []
      case .apple: [(.web, "https://maps.apple.com/?q=\(e)")]
      case .osm: [(.web, "https://www.openstreetmap.org/search?query=\(e)")]
      }
    return urls.map { MapLink(provider: provider, kind: $0.0, url: $0.1, isSearch: true) }
  }

  /// `37.4979,127.0276`
  static func pair(_ coordinate: Coordinate) -> String {
    "\(number(coordinate.latitude)),\(number(coordinate.longitude))"
  }

  /// A coordinate in plain decimal, never in exponent form: 4 to 7 places (11 m to 1 cm), as
  /// map links usually write them (`126.9780`).
  static func number(_ value: Double) -> String {
    var text = value.decimalText(places: 7)
    while text.hasSuffix("0"), text.split(separator: ".").last.map({ $0.count > 4 }) == true {
      text.removeLast()
    }
    return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
  }
}
