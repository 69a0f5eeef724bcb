import ChulbalCore

/// What a shell may put at the cursor: described words, or file names. `chulbal __complete` prints
/// `words` or `files`, then one candidate a line with its description after a tab.
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

  /// The lines `__complete` prints. A value with a control or bidi character is left out (cleaned,
  /// it would no longer name the thing); descriptions from the database are cleaned onto one line.
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
