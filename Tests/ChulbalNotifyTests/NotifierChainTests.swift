import ChulbalCore
import ChulbalNotify
import Synchronization
import Testing

@Suite struct NotifierChainTests {
  /// A backend that fails or delivers as told, recording what it was given.
  final class Backend: Notifier {
    let name: String
    let fails: Bool
    let given = Mutex<[Notice]>([])

    init(_ name: String, fails: Bool) {
      self.name = name
      self.fails = fails
    }

    func deliver(_ notice: Notice) throws(NotifyFailure) {
      given.withLock { $0.append(notice) }
      if fails { throw NotifyFailure(backend: name, reason: "꺼져 있음") }
    }
  }

  @Test func theFirstBackendThatDeliversWinsAndTheRestAreNotTried() {
    let first = Backend("a", fails: true)
    let second = Backend("b", fails: false)
    let third = Backend("c", fails: false)
    let notice = Notice(key: 1, summary: "s", body: "b", urgency: .normal)
    let result = NotifierChain([first, second, third]).deliver(notice)
    #expect(result.deliveredBy == "b")
    #expect(result.failures == [NotifyFailure(backend: "a", reason: "꺼져 있음")])
    #expect(third.given.withLock { $0.isEmpty })
    #expect(second.given.withLock { $0 } == [notice])
  }

  @Test func whenEveryBackendFailsNoneDeliveredAndEachSaysWhy() {
    let result = NotifierChain([Backend("a", fails: true), Backend("b", fails: true)]).deliver(
      Notice(key: 0, summary: "s", body: "", urgency: .critical))
    #expect(result.deliveredBy == nil)
    #expect(result.failures.map(\.backend) == ["a", "b"])
  }
}
