import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import Foundation
import Testing

@testable import ChulbalCLI

/// A real SQLite file with 집 (the default) and 회사 saved, and 저녁 (#1) at 강남 with a typed
/// travel time; the clock is Monday 2026-11-30 14:00 in Seoul.
func placesWorkspace() -> Workspace {
  let workspace = Workspace()
  workspace.run(["place", "add", "집", "--coord", "37.5547,126.9707", "--default"])
  workspace.run(["place", "add", "회사", "--coord", "37.4979,127.0276"])
  workspace.run(["add", "저녁", "--at", "내일 19시", "--place", "강남", "--travel", "20m"])
  return workspace
}

let office = Coordinate(latitude: 37.4979, longitude: 127.0276)

extension Workspace {
  /// The store as it is now, for what a command kept.
  func store() throws -> Store {
    try #require(try Store.open(path: database, create: false, expander: .libical))
  }
}

/// A saved place's name works wherever a place or a coordinate is wanted (issue 11, item 5).
@Suite struct SavedPlaceEverywhereTests {
  @Test func addAtASavedPlaceTakesItsCoordinateAndSaysSo() throws {
    let workspace = placesWorkspace()
    let add = workspace.run(["add", "회의", "--at", "내일 오전 10시", "--place", "회사"])
    #expect(add.standardError.isEmpty)
    #expect(
      add.standardOutput == """
        #2 회의 — 12월 1일 (화) 오전 10:00 · 오전 9:15 출발 · 이동 35분 (추정) + 여유 10분
        저장된 장소 '회사'의 좌표를 씁니다 (37.4979,127.0276)

        """)
    let stored = try #require(try workspace.store().appointment(id: 2))
    #expect(stored.place == "회사")
    #expect(stored.coordinate == office)
  }

  @Test func aGivenCoordinateWinsOverTheSavedPlacesAndNothingIsSaid() throws {
    let workspace = placesWorkspace()
    let add = workspace.run([
      "add", "회의", "--at", "내일 오전 10시", "--place", "회사", "--coord", "37.5665,126.978",
    ])
    #expect(
      add.standardOutput == "#2 회의 — 12월 1일 (화) 오전 10:00 · 오전 9:28 출발 · 이동 22분 (추정) + 여유 10분\n")
    let stored = try #require(try workspace.store().appointment(id: 2))
    #expect(stored.coordinate == Coordinate(latitude: 37.5665, longitude: 126.978))
    // 서울역 to 시청, 1.4 km: walked, though the mode is transit.
    #expect(stored.mode == .transit)
    #expect(workspace.run(["show", "2"]).standardOutput.contains("\n이동    도보 · 22분 (추정)"))
  }

  @Test func editToASavedPlaceReestimatesFromItsCoordinate() throws {
    let workspace = placesWorkspace()
    let edit = workspace.run(["edit", "1", "--place", "회사"])
    #expect(
      edit.standardOutput == """
        #1 저녁 — 12월 1일 (화) 오후 7:00 · 오후 6:15 출발 · 이동 35분 (추정) + 여유 10분
        저장된 장소 '회사'의 좌표를 씁니다 (37.4979,127.0276)

        """)
    #expect(try workspace.store().appointment(id: 1)?.coordinate == office)
  }

  @Test func jsonOutputStaysJSONWithTheSavedCoordinateInIt() throws {
    let workspace = placesWorkspace()
    let add = workspace.run(["add", "회의", "--at", "내일 오전 10시", "--place", "회사", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(add.standardOutput.utf8)) as? [String: Any])
    let coord = try #require(object["coord"] as? [String: Double])
    #expect(coord == ["lat": 37.4979, "lng": 127.0276])
  }

  @Test func coordTakesASavedPlacesName() throws {
    let workspace = placesWorkspace()
    let add = workspace.run(["add", "점심", "--at", "내일 12시", "--coord", "회사"])
    #expect(
      add.standardOutput
        == "#2 점심 — 12월 1일 (화) 오후 12:00 · 오전 11:15 출발 · 이동 35분 (추정) + 여유 10분\n"
        + "낮 12시로 읽었습니다 (밤이면 '밤 12시')\n")
    #expect(try workspace.store().appointment(id: 2)?.coordinate == office)
  }

  @Test func planEstimatesBetweenSavedPlaces() {
    let workspace = placesWorkspace()
    let plan = workspace.run(["plan", "--at", "내일 9시", "--from", "집", "--to", "회사"])
    #expect(plan.standardError.isEmpty)
    #expect(
      plan.standardOutput == """
        약속  12월 1일 (화) 오전 9:00
        출발  12월 1일 (화) 오전 8:15   이동 35분 (추정) + 여유 10분
        알림  오전 7:45 (30분 전) · 오전 8:05 (10분 전) · 오전 8:15 (지금 출발)
        상태  출발까지 18시간 15분

        """)
  }

  /// A name that looks like a coordinate but is not one is looked up before it is refused.
  @Test func aSavedNameWithACommaIsAPlaceForCoordAndTo() throws {
    let workspace = placesWorkspace()
    workspace.run(["place", "add", "3,4번 출구", "--coord", "37.4979,127.0276"])
    let plan = workspace.run(["plan", "--at", "내일 9시", "--from", "집", "--to", "3,4번 출구"])
    #expect(plan.standardOutput.contains("출발  12월 1일 (화) 오전 8:15   이동 35분 (추정) + 여유 10분\n"))
    workspace.run(["edit", "1", "--coord", "3,4번 출구"])
    #expect(try workspace.store().appointment(id: 1)?.coordinate == office)
  }

  @Test func savedNamesWithoutADatabaseAreRefusedAndMakeNone() {
    let workspace = Workspace()
    let plan = workspace.run([
      "plan", "--at", "내일 9시", "--from", "37.5547,126.9707", "--to", "37.4979,127.0276",
    ])
    #expect(plan.exitCode == 0)
    let named = workspace.run(["plan", "--at", "내일 9시", "--from", "집", "--to", "회사"])
    #expect(
      named.standardError
        == "chulbal: 저장된 장소 '집'이 없습니다 (목록: chulbal place list, 좌표는 '37.5,127.0'처럼)\n")
    #expect(named.exitCode == 2)
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
  }

  /// Naver's web link is a search: for a saved place's own name it would find someone else's
  /// 회사, so it searches the coordinate; a name given with --to is searched.
  @Test func navToASavedPlaceSearchesNaverForItsCoordinateNotItsName() {
    let workspace = placesWorkspace()
    let nav = workspace.run(["nav", "--coord", "회사", "--provider", "naver"])
    #expect(nav.standardOutput == "https://map.naver.com/p/search/37.4979%2C127.0276\n")
    #expect(nav.standardError == "chulbal: 네이버 지도는 웹 길찾기 링크가 없어 좌표 검색 링크를 보여 줍니다\n")
    let named = workspace.run(["nav", "--to", "본사", "--coord", "회사", "--provider", "naver"])
    #expect(named.standardOutput == "https://map.naver.com/p/search/%EB%B3%B8%EC%82%AC\n")
  }

  /// An appointment at a saved place: Naver's app and web links carry its coordinate (and the
  /// origin's) but neither place's own name; an appointment's place text is searched.
  @Test func navToAnAppointmentAtASavedPlaceGivesNaverNoPrivateName() {
    let workspace = placesWorkspace()
    workspace.run(["add", "점심", "--at", "내일 12시", "--place", "회사", "--travel", "20m"])
    #expect(
      workspace.run(["nav", "점심", "--provider", "naver", "--all"]).standardOutput == """
        naver  app  nmap://route/public?slat=37.5547&slng=126.9707&dlat=37.4979&dlng=127.0276&appname=kr.chulbal.cli
        naver  web  https://map.naver.com/p/search/37.4979%2C127.0276

        """)
    workspace.run([
      "add", "회식", "--at", "내일 18시", "--place", "강남역 2번 출구", "--coord", "37.4979,127.0276",
      "--travel", "20m",
    ])
    #expect(
      workspace.run(["nav", "회식", "--provider", "naver"]).standardOutput
        == "https://map.naver.com/p/search/%EA%B0%95%EB%82%A8%EC%97%AD%202%EB%B2%88%20%EC%B6%9C%EA%B5%AC\n"
    )
  }
}

/// `place edit`, and what moving or removing the default place says.
@Suite struct PlaceEditTests {
  @Test func movingTheDefaultPlaceSaysItIsTheDefault() throws {
    let workspace = placesWorkspace()
    let edit = workspace.run(["place", "edit", "집", "--coord", "37.5665,126.9780"])
    #expect(edit.standardError.isEmpty)
    #expect(
      edit.standardOutput == """
        장소 '집'을 바꿨습니다: 좌표 37.5547,126.9707 → 37.5665,126.978
        기본 출발지입니다: 기본 출발지에서 출발하는 앞으로의 약속을 새 좌표에서 다시 계획했습니다

        """)
    #expect(
      try workspace.store().defaultPlace()
        == SavedPlace(
          name: "집", coordinate: Coordinate(latitude: 37.5665, longitude: 126.978), isDefault: true)
    )
  }

  @Test func movingAnotherPlaceSaysNothingOfTheDefault() {
    let workspace = placesWorkspace()
    let edit = workspace.run(["place", "edit", "회사", "--coord", "37.5665,126.9780"])
    #expect(edit.standardOutput == "장소 '회사'를 바꿨습니다: 좌표 37.4979,127.0276 → 37.5665,126.978\n")
  }

  @Test func renamingAndTakingTheDefaultSaysFromWhich() throws {
    let workspace = placesWorkspace()
    let edit = workspace.run(["place", "edit", "회사", "--rename", "본사", "--default"])
    #expect(edit.standardOutput == "장소 '회사'를 바꿨습니다: 이름 → '본사', 기본 출발지로 ('집' 대신)\n")
    let places = try workspace.store().places()
    #expect(places.map(\.name) == ["본사", "집"])
    #expect(places.map(\.isDefault) == [true, false])
    #expect(places.first?.coordinate == office)
  }

  @Test func anEditThatChangesNothingSaysSoAndWritesNothing() throws {
    let workspace = placesWorkspace()
    let before = try workspace.snapshot()
    let edit = workspace.run(["place", "edit", "집", "--default", "--rename", "집"])
    #expect(edit.standardOutput == "장소 '집'은 이미 그렇게 저장되어 있습니다 (37.5547,126.9707, 기본 출발지)\n")
    #expect(edit.exitCode == 0)
    #expect(try workspace.snapshot() == before)
  }

  @Test func removingTheDefaultPlaceSaysThereIsNoneAndHowToSetOne() {
    let workspace = placesWorkspace()
    let other = workspace.run(["place", "remove", "회사"])
    #expect(other.standardOutput == "장소 '회사'를 지웠습니다\n")
    workspace.run(["place", "add", "학교", "--coord", "37.45,126.95"])
    #expect(
      workspace.run(["place", "remove", "집"]).standardOutput == """
        장소 '집'을 지웠습니다
        기본 출발지였습니다. 이제 기본 출발지가 없습니다 (정하려면: chulbal place edit 이름 --default)

        """)
    workspace.run(["place", "edit", "학교", "--default"])
    #expect(
      workspace.run(["place", "remove", "학교"]).standardOutput == """
        장소 '학교'를 지웠습니다
        기본 출발지였습니다. 이제 기본 출발지가 없습니다 (정하려면: chulbal place add 집 --coord 위도,경도 --default)

        """)
  }

  typealias Case = ErrorMessageTests.Case

  static let badInput: [Case] = [
    Case(
      arguments: ["place", "edit", "집"],
      message: "바꿀 것이 없습니다. --coord, --default, --rename 가운데 하나 이상을 주세요 "
        + "(예: chulbal place edit 집 --coord 37.5665,126.9780)"),
    Case(
      arguments: ["place", "edit", "회사", "--rename", "집"],
      message: "장소 '집'은 이미 있습니다: 다른 이름을 주세요 (그 장소를 지우려면: chulbal place remove 집)"),
    Case(
      arguments: ["place", "edit", "학교", "--default"],
      message: "저장된 장소 '학교'가 없습니다 (목록: chulbal place list)"),
    Case(
      arguments: ["place", "edit", "집", "--coord", "0,0"],
      message: "--coord: 잘못된 좌표 '0,0': 0,0은 좌표가 없다는 뜻입니다. 실제 좌표를 주세요 "
        + "(예: '37.4979,127.0276', 위도 -90~90, 경도 -180~180)"),
    Case(
      arguments: ["place", "edit", "집", "--rename", "-집"],
      message:
        "--rename: 잘못된 장소 이름 '-집': 좌표나 '-'로 시작하는 이름은 --from, --coord에서 좌표와 구분할 수 없습니다"),
    Case(
      arguments: ["add", "점심", "--at", "내일 12시", "--coord", "학교"],
      message: "--coord: '학교'는 좌표도 저장된 장소도 아닙니다 (좌표는 '37.5,127.0'처럼, 목록: chulbal place list)"),
    Case(
      arguments: ["edit", "1", "--coord", "학교"],
      message: "--coord: '학교'는 좌표도 저장된 장소도 아닙니다 (좌표는 '37.5,127.0'처럼, 목록: chulbal place list)"),
    Case(
      arguments: ["edit", "1", "--coord", "37,abc"],
      message: "--coord: 잘못된 좌표 '37,abc': 경도 'abc'는 숫자가 아닙니다 "
        + "(예: '37.4979,127.0276', 위도 -90~90, 경도 -180~180)"),
    Case(
      arguments: ["add", "점심", "--at", "내일 12시", "--place", "강남"],
      message: "이동 시간을 정할 수 없습니다: '강남'은 저장된 장소가 아니라서 좌표가 없습니다. "
        + "'--travel 30m'처럼 주거나 '--coord 위도,경도'를 주세요 (저장된 장소: chulbal place list)"),
    Case(
      arguments: ["add", "점심", "--at", "내일 12시"],
      message: "이동 시간을 정할 수 없습니다: '--travel 30m'처럼 주거나, 도착지 좌표('--coord 위도,경도')나 "
        + "저장된 장소('--place 회사')를 주면 추정합니다"),
    Case(
      arguments: ["plan", "--at", "내일 9시", "--from", "집", "--to", "학교"],
      message: "--to: '학교'는 좌표도 저장된 장소도 아닙니다 (좌표는 '37.5,127.0'처럼, 목록: chulbal place list)"),
    Case(
      arguments: ["plan", "--at", "내일 9시", "--from", "학교", "--to", "회사"],
      message: "저장된 장소 '학교'가 없습니다 (목록: chulbal place list, 좌표는 '37.5,127.0'처럼)"),
    Case(
      arguments: ["nav", "--coord", "학교"],
      message: "--coord: '학교'는 좌표도 저장된 장소도 아닙니다 (좌표는 '37.5,127.0'처럼, 목록: chulbal place list)"),
  ]

  @Test(arguments: badInput)
  func badInputIsOneLineExitTwoAndLeavesTheFileAsItWas(_ bad: Case) throws {
    let workspace = placesWorkspace()
    let before = try workspace.snapshot()
    bad.expect(in: workspace)
    #expect(try workspace.snapshot() == before)
  }
}

/// When no travel time can be had, the message fits what was typed (issue 11, item 5).
@Suite struct NoTravelMessageTests {
  @Test func aPlaceThatIsNotSavedSaysSo() {
    let workspace = Workspace()
    let added = workspace.run(["add", "점심", "--at", "내일 12시", "--place", "없는곳"])
    #expect(added.exitCode == 2)
    #expect(
      added.standardError
        == "chulbal: 이동 시간을 정할 수 없습니다: '없는곳'은 저장된 장소가 아니라서 좌표가 없습니다. "
        + "'--travel 30m'처럼 주거나 '--coord 위도,경도'를 주세요 (저장된 장소: chulbal place list)\n")
  }

  @Test func savedPlacesWithNoDefaultAreMadeTheDefaultByEdit() {
    let workspace = Workspace()
    workspace.run(["place", "add", "회사", "--coord", "37.4979,127.0276"])
    let added = workspace.run(["add", "점심", "--at", "내일 12시", "--coord", "37.5547,126.9707"])
    #expect(added.exitCode == 2)
    #expect(added.standardError.hasSuffix("(기본 출발지 정하기: chulbal place edit 이름 --default)\n"))
    let fresh = Workspace().run(["add", "점심", "--at", "내일 12시", "--coord", "37.5547,126.9707"])
    #expect(
      fresh.standardError.hasSuffix("(기본 출발지 정하기: chulbal place add 집 --coord 위도,경도 --default)\n"))
  }
}
