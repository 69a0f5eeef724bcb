import ChulbalCore

/// A notice's text as a notification server is given it: a summary short enough to be shown
/// whole on one line, and a body escaped for the markup the server reads.
public enum NotificationText {
  /// The widest summary sent, in columns: a wide character (a Hangul syllable, a CJK ideograph,
  /// an emoji) counts two, any other character one.
  ///
  /// Servers show the summary on one line and cut the rest off, wherever that falls.
  /// xfce4-notifyd (xfce4-notifyd/xfce-notify-window.c) gives it one line of at most the
  /// monitor's width / 30 characters ("a character is 10px wide and we want a third of the
  /// monitor"), which is 42 on a 1280-pixel-wide screen, the narrowest still common; its
  /// characters are the font's average Latin width, and a Hangul syllable is about two of them.
  /// 40 keeps a little room, so `지금 출발하세요 · 저녁 약속` (27) always arrives whole.
  public static let summaryColumns = 40

  /// `text` without control characters (a summary is one line), cut to ``summaryColumns`` with
  /// `…` when it is wider, and without the spaces that would stand before the `…`.
  public static func summary(_ text: String) -> String {
    let cleaned = String(
      String.UnicodeScalarView(text.unicodeScalars.filter { !TextCleaning.isControl($0) }))
    guard columns(cleaned) > summaryColumns else { return cleaned }
    var kept = ""
    var width = 0
    for character in cleaned {
      let next = columns(of: character)
      // One column stays for the ellipsis.
      guard width + next <= summaryColumns - 1 else { break }
      kept.append(character)
      width += next
    }
    while kept.last?.isWhitespace == true { kept.removeLast() }
    return kept + "…"
  }

  /// `text` for the body: control characters other than newline removed and, when the server
  /// reads markup, `&`, `<` and `>` escaped, so `R&D <b>` is shown as typed.
  ///
  /// Only those three: they are all that text needs in the Desktop Notifications
  /// Specification's markup, and not every server decodes the others. The message tray of
  /// Cinnamon and GNOME Shell (`_fixMarkup` in js/ui/messageTray.js) escapes every `&` that does
  /// not start `&amp;`, `&quot;`, `&apos;`, `&lt;` or `&gt;` before Pango sees the body, so the
  /// `&#39;` of `TextCleaning.markup` would be shown as those five characters.
  ///
  /// - Parameter markup: whether the server lists `body-markup` among its capabilities; one
  ///   that does not shows the body as plain text, where an escape would be shown as typed.
  public static func body(_ text: String, markup: Bool) -> String {
    var result = ""
    for scalar in text.unicodeScalars where scalar == "\n" || !TextCleaning.isControl(scalar) {
      switch scalar {
      case "&" where markup: result += "&amp;"
      case "<" where markup: result += "&lt;"
      case ">" where markup: result += "&gt;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Columns `text` takes, as ``summaryColumns`` counts them.
  public static func columns(_ text: String) -> Int {
    text.reduce(0) { $0 + columns(of: $1) }
  }

  private static func columns(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first?.value else { return 0 }
    return wideRanges.contains { $0.contains(first) } ? 2 : 1
  }

  /// The blocks of East Asian Wide and Fullwidth characters (Unicode 15) that text in a
  /// notice is drawn from, and the emoji blocks; an estimate, not a terminal's exact table,
  /// since the server's font decides the real width.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo, leading consonants
    0x2E80...0x303E,  // CJK radicals, symbols and punctuation
    0x3041...0x33FF,  // kana, Hangul compatibility Jamo, CJK compatibility
    0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK ideographs
    0xA000...0xA4CF, 0xA960...0xA97F,  // Yi, Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF, 0xFE30...0xFE4F,  // CJK compatibility ideographs and forms
    0xFF00...0xFF60, 0xFFE0...0xFFE6,  // fullwidth forms
    0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,  // emoji
    0x20000...0x3FFFD,  // CJK ideographs, planes 2 and 3
  ]
}
