import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// A nav workspace: a database with one appointment, and private XDG folders so the machine's
/// own desktop files never count.
final class NavWorkspace: @unchecked Sendable {
  let workspace = Workspace()
  var folder: String { workspace.folder }

  init() {
    for sub in ["data/applications", "config", "system/applications", "bin"] {
      try? FileManager.default.createDirectory(
        atPath: folder + "/" + sub, withIntermediateDirectories: true)
    }
    workspace.run(["place", "add", "집", "--coord", "37.5665,126.9780", "--default"])
    workspace.run([
      "add", "저녁", "--at", "내일 19:00", "--place", "강남역 2번 출구 & 카페", "--coord",
      "37.4979,127.0276", "--mode", "walk",
    ])
  }

  /// The private XDG folders, the PATH with this workspace's `bin` first, and `extra`.
  func variables(_ extra: [String: String] = [:]) -> [String: String] {
    [
      "XDG_DATA_HOME": folder + "/data", "XDG_CONFIG_HOME": folder + "/config",
      "XDG_DATA_DIRS": folder + "/system", "XDG_CONFIG_DIRS": folder + "/system",
      "PATH": folder + "/bin:/usr/bin:/bin", "HOME": folder,
    ].merging(extra) { $1 }
  }

  /// Runs nav against the real XDG handler lookup of the private folders.
  func run(
    _ arguments: [String], extra: [String: String] = [:],
    opener: any LinkOpener = UnexpectedOpener(), console: RecordingConsole? = nil
  ) -> Outcome {
    var environment = workspace.environment()
    if let console { environment.console = console }
    environment.variables.merge(variables(extra)) { $1 }
    environment.schemeHandlers = XDGSchemeHandlers(variables: environment.variables)
    environment.opener = opener
    return CLI.run(arguments, environment: environment)
  }

  /// Installs a fake app declaring `x-scheme-handler/SCHEME`, the way a real one registers.
  func installHandler(scheme: String) throws {
    try """
    [Desktop Entry]
    Type=Application
    Name=Fake \(scheme)
    Exec=/bin/true %u
    MimeType=x-scheme-handler/\(scheme);
    """.write(
      toFile: folder + "/data/applications/fake-\(scheme).desktop", atomically: true,
      encoding: .utf8)
  }

  /// Puts an `xdg-open` first on PATH that records each argument on its own line, then runs
  /// `body` (exit status, or a long sleep).
  func stubOpener(_ body: String = "exit 0") throws -> String {
    let log = folder + "/xdg-open.log"
    let script = folder + "/bin/xdg-open"
    let text = """
      #!/bin/sh
      printf '%s\\n' "$#" >"\(log)"
      for argument in "$@"; do printf '%s\\n' "$argument" >>"\(log)"; done
      \(body)
      """
    try writeProgram(text, to: script)
    return log
  }
}

@Suite struct NavCommandTests {
  /// The appointment's route from the default place 집, by Kakao's mobile-web twin of its app
  /// link: origin, destination and mode.
  static let webLink =
    "https://m.map.kakao.com/scheme/route?sp=37.5665,126.9780&ep=37.4979,127.0276&by=foot"
  static let appLink = "kakaomap://route?sp=37.5665,126.9780&ep=37.4979,127.0276&by=foot"

  @Test func withoutAnInstalledAppTheFirstWebLinkIsChosen() {
    let nav = NavWorkspace()
    let outcome = nav.run(["nav"])
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardOutput == Self.webLink + "\n")
  }

  @Test func aRegisteredKakaoMapAppWinsWithTheSavedOriginAndMode() throws {
    let nav = NavWorkspace()
    try nav.installHandler(scheme: "kakaomap")
    #expect(
      nav.run(["nav", "저녁"]).standardOutput
        == "kakaomap://route?sp=37.5665,126.9780&ep=37.4979,127.0276&by=foot\n")
    // A default in mimeapps.list pointing at an installed desktop file counts too.
    let other = NavWorkspace()
    try other.installHandler(scheme: "other")
    try "[Default Applications]\nx-scheme-handler/nmap=fake-other.desktop\n".write(
      toFile: other.folder + "/config/mimeapps.list", atomically: true, encoding: .utf8)
    #expect(other.run(["nav"]).standardOutput.hasPrefix("nmap://route/walk?slat=37.5665"))
  }

  @Test func providerOrderAllAndJSON() throws {
    let nav = NavWorkspace()
    nav.workspace.run(["config", "set", "providers", "google,kakao"])
    #expect(nav.run(["nav"]).standardOutput.hasPrefix("https://www.google.com/maps/dir/?api=1"))
    #expect(
      nav.run(["nav", "--provider", "osm"]).standardOutput.hasPrefix(
        "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot"))
    let all = nav.run(["nav", "--all", "--json"])
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(all.standardOutput.utf8)) as? [[String: String]])
    #expect(
      list.map { $0["provider"]! + "/" + $0["kind"]! } == [
        "google/app", "google/web", "kakao/app", "kakao/web",
      ])
    #expect(nav.run(["nav", "--provider", "yahoo"]).exitCode == 2)
  }

  @Test func missingCoordinatesSearchByNameAndSaySo() {
    let nav = NavWorkspace()
    let outcome = nav.run(["nav", "--to", "을지로 노가리 골목"])
    #expect(
      outcome.standardOutput
        == "https://map.kakao.com/link/search/%EC%9D%84%EC%A7%80%EB%A1%9C%20%EB%85%B8%EA%B0%80%EB%A6%AC%20%EA%B3%A8%EB%AA%A9\n"
    )
    #expect(outcome.standardError.contains("이름으로 검색하는 링크"))
    #expect(nav.run(["nav", "--to", "어딘가", "--coord", "0,0"]).standardError.contains("이름으로 검색"))
  }

  @Test func openHandsThePrintedLinkToTheDesktop() throws {
    let nav = NavWorkspace()
    let opener = RecordingOpener()
    let outcome = nav.run(["nav", "--open"], opener: opener)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(opener.links.map(\.url) == [Self.webLink])
    #expect(outcome.standardOutput == Self.webLink + "\n")
  }

  @Test func aLinkThatCannotBeOpenedIsStillPrintedWithTheReason() {
    let nav = NavWorkspace()
    let outcome = nav.run(["nav", "--open"], opener: RecordingOpener(failing: .noDisplay))
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardOutput == Self.webLink + "\n")
    #expect(
      outcome.standardError
        == "chulbal: 링크를 열지 못했습니다: 그래픽 세션이 아닙니다 (DISPLAY와 WAYLAND_DISPLAY가 없음) "
        + "— 위 링크를 직접 여세요\n")
  }

  @Test func badModesAndProvidersAreRefusedBeforeAnythingIsRead() {
    // No database and nothing upcoming: the bad value must still be what is reported.
    let workspace = Workspace()
    let mode = workspace.run(["nav", "--mode", "jet"])
    #expect(
      mode.standardError
        == "chulbal: --mode: 'jet'은 지원하지 않는 이동 수단입니다 (car, transit, walk, bike 중 하나)\n")
    #expect(mode.exitCode == 2)
    let provider = workspace.run(["nav", "--provider", "yahoo"])
    #expect(
      provider.standardError
        == "chulbal: --provider: 'yahoo'는 지원하지 않는 지도입니다 (kakao, naver, tmap, google, apple, osm 중 하나)\n"
    )
    #expect(provider.exitCode == 2)
  }

  @Test(.tags(.process)) func theQRCodeCarriesTheAppLinkForThePhoneEvenWithoutAnAppHere() throws {
    let nav = NavWorkspace()
    let outcome = nav.run(["nav", "--qr", "--app"], extra: ["NO_COLOR": "1"])
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    // The line above the code is what the code holds, not the link a browser here would open.
    #expect(lines.first == Self.appLink)
    let decoded = try QRImage.decode(lines.dropFirst().joined(separator: "\n"), folder: nav.folder)
    #expect(decoded == Self.appLink)
  }

  @Test(.tags(.process)) func theTerminalQRCodeDecodesBackToTheExactLinkPrintedAboveIt() throws {
    let nav = NavWorkspace()
    try nav.installHandler(scheme: "kakaomap")
    for (arguments, expected) in [
      (["nav", "--qr"], Self.webLink), (["nav", "--qr", "--app"], Self.appLink),
      (
        ["nav", "--qr", "--mode", "transit"], Self.webLink.replacing("foot", with: "publictransit")
      ),
    ] {
      let outcome = nav.run(arguments, extra: ["NO_COLOR": "1"])
      let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
      #expect(lines.first == expected)
      let decoded = try QRImage.decode(
        lines.dropFirst().joined(separator: "\n"), folder: nav.folder)
      #expect(decoded == expected)
      // The link on one line of 80 columns or two, and the code: an 80×24 terminal shows
      // all of it with the prompt under it.
      let linkRows = (expected.count + 79) / 80
      #expect(linkRows + lines.count - 1 <= 23, "\(lines.count - 1) rows for \(expected)")
    }
  }

  @Test func aTerminalTooSmallForTheCodeGetsTheLinkAndTheRowsItNeeds() throws {
    let nav = NavWorkspace()
    // 60 columns: the 84-column link takes two rows, the code 21, the prompt one.
    let small = nav.run(["nav", "--qr"], console: RecordingConsole(isTerminal: true, height: 23))
    #expect(small.exitCode == 1)
    #expect(small.standardOutput == Self.webLink + "\n")
    #expect(
      small.standardError
        == "chulbal: 터미널이 작아 QR 코드를 그리지 않았습니다: 24줄이 필요한데 지금 23줄입니다 (창을 키우거나 글꼴을 줄이세요)\n")
    let enough = nav.run(["nav", "--qr"], console: RecordingConsole(isTerminal: true, height: 24))
    #expect(enough.exitCode == 0, "\(enough.standardError)")
    #expect(enough.standardOutput.split(separator: "\n").count == 1 + 21)
  }

  @Test func tmapGivesItsAppLinkAndSaysItDrives() {
    let nav = NavWorkspace()
    let outcome = nav.run(["nav", "--provider", "tmap"])
    #expect(outcome.exitCode == 0)
    #expect(
      outcome.standardOutput
        == "tmap://route?startname=%EC%A7%91&startx=126.9780&starty=37.5665"
        + "&goalname=%EA%B0%95%EB%82%A8%EC%97%AD%202%EB%B2%88%20%EC%B6%9C%EA%B5%AC%20%26%20%EC%B9%B4%ED%8E%98"
        + "&goalx=127.0276&goaly=37.4979\n")
    #expect(outcome.standardError == "chulbal: 티맵은 자동차 길 안내만 해서 도보 대신 자동차 경로로 엽니다\n")
    #expect(nav.run(["nav", "--provider", "tmap", "--mode", "car"]).standardError.isEmpty)
  }

  @Test func tmapWithoutACoordinateIsRefused() {
    let nav = NavWorkspace()
    let outcome = nav.run(["nav", "--provider", "tmap", "--to", "을지로 노가리 골목"])
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(
      outcome.standardError
        == "chulbal: 티맵 링크에는 목적지 좌표가 필요합니다 (티맵에는 이름 검색 링크가 없습니다): "
        + "'--coord 위도,경도'를 주거나 다른 지도를 고르세요\n")
    // In a chain, TMAP without a coordinate is passed over for the next map's search.
    nav.workspace.run(["config", "set", "providers", "tmap,naver"])
    #expect(
      nav.run(["nav", "--to", "을지로"]).standardOutput
        == "https://map.naver.com/p/search/%EC%9D%84%EC%A7%80%EB%A1%9C\n")
  }

  @Test func whatAMapDoesInsteadIsSaidInTheNoteAndInAll() throws {
    let nav = NavWorkspace()
    let osm = nav.run(["nav", "--provider", "osm", "--mode", "transit"])
    #expect(
      osm.standardOutput.hasPrefix(
        "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot"))
    #expect(osm.standardError == "chulbal: 오픈스트리트맵에는 대중교통 길찾기가 없어 도보 경로로 엽니다\n")
    let google = nav.run(["nav", "--provider", "google"])
    #expect(
      google.standardError
        == "chulbal: 구글 지도는 한국에서 도보 길찾기가 제한되어 경로가 나오지 않을 수 있습니다 (대중교통은 됩니다)\n")
    #expect(nav.run(["nav", "--provider", "google", "--mode", "transit"]).standardError.isEmpty)
    let table = nav.run(["nav", "--all", "--mode", "transit"]).standardOutput
    let osmRow = try #require(table.split(separator: "\n").first { $0.hasPrefix("osm") })
    #expect(osmRow.hasPrefix("osm     web  대중교통 없음: 도보 경로  https://www.openstreetmap.org/"))
    // No column for notes when no link has one.
    #expect(
      nav.run(["nav", "--all", "--provider", "kakao"]).standardOutput
        == "kakao  app  \(Self.appLink)\nkakao  web  \(Self.webLink)\n")
    let json = nav.run(["nav", "--all", "--json"]).standardOutput
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: String]])
    #expect(
      list.filter { $0["note"] != nil }.map { $0["provider"]! + "/" + $0["kind"]! } == [
        "tmap/app", "google/app", "google/web",
      ])
  }
}

/// Turns a half-block QR drawing back into an image and reads it with `zbarimg`.
enum QRImage {
  /// Each character cell is two modules high; a drawn half is a light module.
  static func pixels(_ drawing: String) -> [[Bool]] {
    var rows: [[Bool]] = []
    for line in drawing.split(separator: "\n") {
      var top: [Bool] = []
      var bottom: [Bool] = []
      for character in line {
        top.append(!(character == "█" || character == "▀"))  // true = dark
        bottom.append(!(character == "█" || character == "▄"))
      }
      rows += [top, bottom]
    }
    return rows
  }

  static func decode(_ drawing: String, folder: String, scale: Int = 4) throws -> String {
    let modules = pixels(drawing)
    let width = (modules.first?.count ?? 0) * scale
    var pbm = "P1\n\(width) \(modules.count * scale)\n"
    for row in modules {
      let line = row.flatMap { Array(repeating: $0 ? "1" : "0", count: scale) }
        .joined(separator: " ")
      for _ in 0..<scale { pbm += line + "\n" }
    }
    let path = folder + "/qr-\(UUID().uuidString).pbm"
    try pbm.write(toFile: path, atomically: true, encoding: .ascii)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
    process.arguments = ["--raw", "-q", path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
  }
}

/// The real opener, with a stand-in `xdg-open` first on PATH.
@Suite struct URLOpenerTests {
  static let link = MapLink(
    provider: .kakao, kind: .web, url: "https://map.kakao.com/link/to/x,37.5,127.0",
    isSearch: false)

  @Test(.tags(.process)) func theLinkIsOneArgumentAndNoShellSeesIt() throws {
    let nav = NavWorkspace()
    let log = try nav.stubOpener()
    let marker = nav.folder + "/pwned"
    let name = "$(touch \(marker)); touch \(marker) ; `touch \(marker)`"
    let outcome = nav.run(
      ["nav", "--to", name, "--coord", "37.5,127.0", "--open"], extra: ["DISPLAY": ":99"],
      opener: URLOpener(variables: nav.variables(["DISPLAY": ":99"])))
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let recorded = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    #expect(recorded.first == "1")
    #expect(recorded.count == 2 && recorded[1] + "\n" == outcome.standardOutput)
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  @Test(.tags(.process)) func itNeedsADisplayAndReportsAFailingOpener() throws {
    let nav = NavWorkspace()
    _ = try nav.stubOpener("exit 4")
    #expect(throws: LinkOpenFailure.noDisplay) {
      try URLOpener(variables: nav.variables()).open(Self.link, appSchemeRegistered: false)
    }
    #expect(throws: LinkOpenFailure.failed(program: "xdg-open", status: 4, message: "")) {
      try URLOpener(variables: nav.variables(["WAYLAND_DISPLAY": "wayland-0"])).open(
        Self.link, appSchemeRegistered: false)
    }
  }

  @Test(.tags(.process)) func anOpenerThatKeepsRunningIsTakenAsLaunchedAtTheTimeout() throws {
    let nav = NavWorkspace()
    // The opener runs until the test lets it go, so `open` returning at all is the proof.
    let release = nav.folder + "/release"
    _ = try nav.stubOpener("while [ ! -e '\(release)' ]; do sleep 0.05; done")
    defer { _ = FileManager.default.createFile(atPath: release, contents: nil) }
    var opener = URLOpener(variables: nav.variables(["DISPLAY": ":0"]))
    opener.timeout = 0.2
    try opener.open(Self.link, appSchemeRegistered: false)
    #expect(!FileManager.default.fileExists(atPath: release))
  }

  @Test func appLinksWithoutAHandlerAndDashLinksAreNeverOpened() {
    let opener = URLOpener(variables: ["DISPLAY": ":0", "PATH": "/nonexistent"])
    let app = MapLink(provider: .kakao, kind: .app, url: "kakaomap://route?ep=1,2", isSearch: false)
    #expect(throws: LinkOpenFailure.notAllowed(app.url)) {
      try opener.open(app, appSchemeRegistered: false)
    }
    let dash = MapLink(provider: .kakao, kind: .web, url: "-https://x", isSearch: false)
    #expect(throws: LinkOpenFailure.notAllowed(dash.url)) {
      try opener.open(dash, appSchemeRegistered: false)
    }
  }
}
