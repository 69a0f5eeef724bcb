import FoundationEssentials

/// Changes to sources waiting to settle: a sync that writes many files is read once they stop
/// coming for a moment, not once a file.
struct SettlingChanges {
  /// How long no change must come.
  static let quiet: TimeInterval = 0.3
  /// How long changes that keep coming wait at most.
  static let longest: TimeInterval = 2

  private(set) var paths: Set<String> = []
  private var first: Date?
  /// When to read them; nil when none waits.
  private(set) var settled: Date?

  mutating func add(_ changed: Set<String>, now: Date) {
    guard !changed.isEmpty else { return }
    paths.formUnion(changed)
    let first = first ?? now
    self.first = first
    settled = min(now.addingTimeInterval(Self.quiet), first.addingTimeInterval(Self.longest))
  }

  /// The paths to read now, if they have settled.
  mutating func take(now: Date) -> Set<String>? {
    guard let settled, now >= settled else { return nil }
    defer { self = SettlingChanges() }
    return paths
  }
}
