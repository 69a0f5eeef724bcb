/// Reads a comma-separated list of names such as `kakao,naver` or `command,terminal`: known
/// names, each once, case and spaces around them not counting.
enum NameList {
  /// - Parameters:
  ///   - what: what a name stands for, as the message says it: `지도`, `알림 방식`.
  ///   - failure: the error for `text` with a reason.
  static func parse<Name: RawRepresentable & Equatable>(
    _ text: String, what: String, failure: (String) -> InputError
  ) throws(InputError) -> [Name] where Name.RawValue == String {
    var names: [Name] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let word = item.trimmingWhitespace().lowercased()
      guard let name = Name(rawValue: word) else {
        throw failure("'\(word)'\(Korean.topicParticle(after: word)) 지원하지 않는 \(what)입니다")
      }
      guard !names.contains(name) else {
        throw failure("'\(word)'\(Korean.subjectParticle(after: word)) 두 번 있습니다")
      }
      names.append(name)
    }
    return names
  }
}
