import ChulbalCore
import ChulbalStore
import ChulbalSystem

extension ChunkedOutput {
  /// The JSON array of what `selection` reads from `store`, one element each, written as the
  /// chunks fill: neither the appointments nor the document are ever held whole (`list --json`
  /// of 100,000; `agenda --days 366 --json` of a few daily series is as long).
  ///
  /// - Parameter element: writes one appointment's object at depth 1.
  static func jsonArray(
    of selection: Store.Selection, in store: Store?, console: any Console,
    element: (Appointment, inout JSONWriter) -> Void
  ) throws -> Outcome {
    var output = ChunkedOutput(console: console, pretty: true)
    var count = 0
    var failure: RuntimeFailure?
    try store?.forEach(selection) { appointment in
      output.writer.append(count == 0 ? "[" : ",")
      count += 1
      output.writer.newline(depth: 1)
      element(appointment, &output.writer)
      do throws(RuntimeFailure) {
        try output.flushWhenFull()
      } catch {
        failure = error
        return false
      }
      return !output.readerGone
    }
    if let failure { throw failure }
    guard count > 0 else { return .success("[]\n") }
    output.writer.append("\n]\n")
    return output.outcome()
  }
}
