/// Command-line words split into options and values before any meaning is given: `--name value` and
/// `--name=value` both become `.option(name, value)` (the splitter asks `takesValue`), and
/// everything after a lone `--` is a value.
struct SplitArguments: Equatable {
  enum Element: Equatable {
    case option(name: String, value: String?)
    case value(String)
    /// An option that takes a value, last on the line with none after it.
    case unfinished(option: String)
  }

  private(set) var elements: [Element] = []

  init(_ arguments: [String], takesValue: (String) -> Bool) {
    var index = 0
    var onlyValues = false
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if onlyValues || !word.hasPrefix("-") || word == "-" {
        elements.append(.value(word))
        continue
      }
      if word == "--" {
        onlyValues = true
        continue
      }
      var name = word
      var value: String?
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        value = String(word[word.index(after: equals)...])
      }
      if value == nil && takesValue(name) {
        // The next word is the value even when it starts with a dash ('--from -33.8,151.2').
        guard index < arguments.count else {
          elements.append(.unfinished(option: name))
          break
        }
        value = arguments[index]
        index += 1
      }
      elements.append(.option(name: name, value: value))
    }
  }
}
