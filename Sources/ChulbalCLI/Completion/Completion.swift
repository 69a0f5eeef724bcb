import ChulbalCore

/// What a shell may put where the cursor is: words, each with what it means, or file names.
///
/// Printed by `chulbal __complete` for the scripts of `chulbal completions`: a first line
/// `words` or `files`, then one candidate a line, its description after a tab.
struct Completion: Equatable, Sendable {
  struct Candidate: Equatable, Sendable {
    let value: String
    let description: String

    init(_ value: String, _ description: String = "") {
      self.value = value
      self.description = description
    }
  }

  /// Whether the shell should complete file names itself.
  var files = false
  var candidates: [Candidate] = []

  static let fileNames = Completion(files: true)

  /// The lines `__complete` prints.
  ///
  /// A value with a control or bidi character in it (a tab or a line break would also break
  /// the lines) is left out: cleaned, it would no longer be what it names. Descriptions come
  /// from the database, so they are cleaned for the terminal that shows them, on one line.
  var rendered: String {
    var text = files ? "files\n" : "words\n"
    for candidate in candidates
    where !candidate.value.unicodeScalars.contains(where: {
      TextCleaning.isControl($0) || TextCleaning.isBidiControl($0)
    }) {
      text += candidate.value
      if !candidate.description.isEmpty {
        text += "\t" + TextCleaning.visible(candidate.description)
      }
      text += "\n"
    }
    return text
  }
}
