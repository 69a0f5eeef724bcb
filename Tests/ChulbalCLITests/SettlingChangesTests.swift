import Foundation
import Testing

@testable import ChulbalCLI

/// The watch's settle delay for source changes, given the instants: a burst is read once it
/// pauses, and changes that never pause are read after the longest wait anyway.
@Suite struct SettlingChangesTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aBurstIsReadOnceItPausesForTheQuietTime() {
    var changes = SettlingChanges()
    #expect(changes.settled == nil)
    changes.add(["/a"], now: start)
    changes.add(["/b"], now: start.addingTimeInterval(0.2))
    #expect(changes.settled == start.addingTimeInterval(0.5))
    #expect(changes.take(now: start.addingTimeInterval(0.4)) == nil)
    #expect(changes.take(now: start.addingTimeInterval(0.5)) == ["/a", "/b"])
    #expect(changes.settled == nil)
    #expect(changes.take(now: start.addingTimeInterval(9)) == nil)
  }

  @Test func changesThatNeverPauseAreReadAfterTheLongestWait() {
    var changes = SettlingChanges()
    for step in 0..<30 {
      changes.add(["/a"], now: start.addingTimeInterval(Double(step) * 0.1))
    }
    #expect(changes.settled == start.addingTimeInterval(SettlingChanges.longest))
  }
}
