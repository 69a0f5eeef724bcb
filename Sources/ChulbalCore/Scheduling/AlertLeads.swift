/// Reads a list of alert lead times such as `30m,10m,0`.
public enum AlertLeads {
  /// Parses comma-separated durations into distinct whole-minute leads, largest first.
  ///
  /// `none` (or `없음`) means no alerts.
  /// - Throws: `InputError.alerts` naming the list and the item that is wrong.
  public static func parse(_ text: String) throws(InputError) -> [Int] {
    let trimmed = text.trimmingWhitespace()
    if ["none", "없음"].contains(trimmed.lowercased()) { return [] }
    var leads: Set<Int> = []
    for item in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
      let seconds: Int
      do {
        seconds = try DurationExpression.parse(String(item))
      } catch {
        guard case .duration(_, let reason) = error else { throw .alerts(text, reason: "") }
        throw .alerts(text, reason: "'\(item.trimmingWhitespace())' — \(reason)")
      }
      guard seconds % 60 == 0 else {
        throw .alerts(text, reason: "'\(item.trimmingWhitespace())' — 알림은 분 단위로 씁니다")
      }
      leads.insert(seconds)
    }
    return leads.sorted(by: >)
  }
}
