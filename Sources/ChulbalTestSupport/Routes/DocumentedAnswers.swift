/// What each service answers, in the shape its documentation shows: the field names and
/// nesting of the page named above each, with values from the page's example where it shows
/// one. Not whole copies: only the fields around the trip time are kept.
public enum DocumentedAnswers {
  /// https://developers.kakaomobility.com/docs/navi-api/directions/ (response: `trans_id`,
  /// `routes[].result_code`, `result_msg`, `summary.distance`, `summary.duration`).
  public static let kakao = """
    {"trans_id":"018e3d7f7526771d9332cb717909be8f","routes":[{"result_code":0,\
    "result_msg":"길찾기 성공","summary":{"origin":{"name":"","x":126.91,"y":37.556},\
    "destination":{"name":"","x":127.1112,"y":37.3947},"waypoints":[],"priority":"RECOMMEND",\
    "fare":{"taxi":31200,"toll":0},"distance":27381,"duration":2286},"sections":[]}]}
    """

  /// The same page's result code 104: origin and destination within 5 m.
  public static let kakaoNoRoute = """
    {"trans_id":"018e3d7f7526771d9332cb717909be90","routes":[{"result_code":104,\
    "result_msg":"출발지와 도착지가 5 m 이내로 설정된 경우 경로를 탐색할 수 없음"}]}
    """

  /// Kakao's error answer, from https://developers.kakaomobility.com/affiliate-en/walking/reference
  /// (`{"code": -401, "msg": …}` with HTTP 401; -10 is the quota).
  public static let kakaoRefused = #"{"code":-401,"msg":"InvalidAppKey"}"#

  /// https://skopenapi.readme.io/reference/자동차-경로안내 (GeoJSON; the first feature's
  /// `properties.totalTime` in seconds, `totalDistance` in metres).
  public static let tmapCar = """
    {"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point",\
    "coordinates":[126.91,37.556]},"properties":{"totalDistance":27950,"totalTime":2412,\
    "totalFare":0,"taxiFare":31500,"index":0,"pointIndex":0,"name":"","description":"출발",\
    "pointType":"S"}}]}
    """

  /// https://transit.tmapmobility.com/docs/routes (`metaData.plan.itineraries[].totalTime` in
  /// seconds; the example's 873 and fare).
  public static let tmapTransit = """
    {"metaData":{"requestParameters":{"busCount":1,"expressbusCount":0,"subwayCount":0,\
    "airplaneCount":0,"locale":"ko","endY":"37.479103923078995","endX":"127.03747630119366",\
    "wideareaRouteCount":0,"subwayBusCount":0,"startY":"37.504585233865086",\
    "startX":"127.02479803562213","ferryCount":0,"trainCount":0,"reqDttm":"20230808082843"},\
    "plan":{"itineraries":[{"fare":{"regular":{"totalFare":1500,"currency":{"symbol":"₩",\
    "currency":"원","currencyCode":"KRW"}}},"totalTime":873,"legs":[]}]}}}
    """

  /// TMAP transit's answer when it finds no route (its status 11, origin and destination too
  /// close), as listed on https://transit.tmapmobility.com/docs/routes.
  public static let tmapTransitNoRoute = """
    {"result":{"status":11,"message":"출발지/도착지 간 거리가 가까워서 탐색된 결과 없음"}}
    """

  /// https://lab.odsay.com/guide/releaseReference#searchPubTransPathT (`result.path[].info`,
  /// `totalTime` in minutes).
  public static let odsay = """
    {"result":{"searchType":0,"outTrafficCheck":1,"busCount":3,"subwayCount":1,\
    "subwayBusCount":2,"pointDistance":21853,"startRadius":700,"endRadius":700,\
    "path":[{"pathType":1,"info":{"trafficDistance":25120.0,"totalWalk":612,"totalTime":58,\
    "payment":1550,"busTransitCount":0,"subwayTransitCount":2,"mapObj":"2:2:220:231",\
    "firstStartStation":"망원","lastEndStation":"판교","totalStationCount":14,\
    "busStationCount":0,"subwayStationCount":14,"totalDistance":25732.0}}]}}
    """

  /// ODsay's error answer for points within 700 m (code -98), from the same guide.
  public static let odsayNoRoute = """
    {"error":[{"code":"-98","message":"출, 도착지가 700m이내입니다."}]}
    """

  /// https://project-osrm.org/docs/v26.4.0/http (route service: `code`, `routes[].duration`
  /// in seconds, `distance` in metres, `waypoints`).
  public static let osrm = """
    {"code":"Ok","routes":[{"legs":[{"steps":[],"summary":"","weight":1725.3,"duration":1725.3,\
    "distance":27104.2}],"weight_name":"routability","weight":1725.3,"duration":1725.3,\
    "distance":27104.2}],"waypoints":[{"hint":"","distance":4.2,"name":"","location":[126.91,37.556]},\
    {"hint":"","distance":2.1,"name":"","location":[127.1112,37.3947]}]}
    """

  /// The same page's error answer: `NoRoute`, with HTTP 400.
  public static let osrmNoRoute = #"{"code":"NoRoute","message":"Impossible route between points"}"#

  /// https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/ (`trip.summary.time`
  /// in seconds, `length` in the units asked).
  public static let valhalla = """
    {"trip":{"locations":[{"type":"break","lat":37.556,"lon":126.91},\
    {"type":"break","lat":37.3947,"lon":127.1112}],"legs":[{"maneuvers":[],\
    "summary":{"length":27.3,"time":1771.42},"shape":""}],"summary":{"length":27.3,\
    "time":1771.42},"status_message":"Found route between points","status":0,\
    "units":"kilometers","language":"en-US"}}
    """

  /// Valhalla's error answer for no path, https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/
  /// (error codes: 442 "No path could be found for input").
  public static let valhallaNoRoute = """
    {"error_code":442,"error":"No path could be found for input","status_code":400,\
    "status":"Bad Request"}
    """
}
