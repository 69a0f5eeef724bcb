import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalTestSupport
import Testing

@testable import ChulbalCLI

/// What a command says when it has nothing to show: what to do next, in its own terms.
@Suite struct EmptyStateTests {
  @Test func eachEmptyListSaysWhatFitsIt() {
    let workspace = Workspace()
    #expect(
      workspace.run(["list"]).standardOutput
        == "다가오는 약속이 없습니다. 추가하려면: chulbal add \"저녁 약속\" --at \"내일 오후 7시\" --travel 30m\n")
    // Adding cannot make a past appointment: no hint.
    #expect(workspace.run(["list", "--past"]).standardOutput == "지난 약속이 없습니다.\n")
    #expect(
      workspace.run(["today"]).standardOutput
        == "오늘은 약속이 없습니다. 추가하려면: chulbal add \"저녁 약속\" --at \"오늘 오후 7시\" --travel 30m\n")
    #expect(
      workspace.run(["import", "--sources"]).standardOutput
        == "등록한 캘린더가 없습니다. 추가하려면: chulbal source add ~/.calendars/work\n")
  }

  /// With only a CalDAV calendar or a feed, `import --sources` has no file to read and says
  /// where those come in.
  @Test func importOfSourcesWithOnlyServersPointsToSync() throws {
    let workspace = Workspace()
    let store = try #require(try Store.openOrCreate(path: workspace.database, expander: .libical))
    #expect(
      try store.addSource(
        CalendarSource(
          name: "cloud", path: "https://example.org/basic.ics", kind: .feed,
          addedAt: mondayAfternoon)))
    let outcome = workspace.run(["import", "--sources"])
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardOutput == "파일 캘린더는 없습니다 (CalDAV 캘린더와 피드는 chulbal sync)\n")
  }
}
