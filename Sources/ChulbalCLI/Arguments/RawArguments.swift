import ChulbalCore
import ChulbalSystem

extension CLI {
  /// This process's words after the program name, as bytes: `main` passes them to
  /// ``run(_:environment:)-(bytes)`` so that no byte is replaced before it is judged.
  public static var processArguments: [[UInt8]] { ProcessArguments.bytes() }

  /// Runs a command line given as the bytes of its words. A word that is not UTF-8 is refused (exit
  /// 2, the bad bytes shown as `\xFF`) rather than read with U+FFFD, which would change a title or
  /// name another file; completion offers nothing instead.
  public static func run(_ arguments: [[UInt8]], environment: Environment) -> Outcome {
    var words: [String] = []
    for bytes in arguments {
      guard let word = String(validating: bytes, as: UTF8.self) else {
        if words.first == "__complete" { return .success(Completion().rendered) }
        return .failure(ParseError.invalidEncoding(shown(bytes)))
      }
      words.append(word)
    }
    return run(words, environment: environment)
  }

  /// `bytes` as text, each byte that is not part of a UTF-8 character shown as `\xFF`.
  static func shown(_ bytes: [UInt8]) -> String {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var index = 0
    var text = ""
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        index += encoded.count
      case .error(let length):
        for byte in bytes[index..<(index + length)] { text += TextCleaning.visible(byte: byte) }
        index += length
      case .emptyInput:
        return text
      }
    }
  }
}
