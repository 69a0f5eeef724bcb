import Foundation

/// The calendar files under `Fixtures/`, read by path (the oracle's Python reads them too).
enum Fixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures").path

  /// `good/google.ics` → its full path.
  static func path(_ name: String) -> String { folder + "/" + name }
}
