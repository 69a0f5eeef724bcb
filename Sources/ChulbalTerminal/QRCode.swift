@preconcurrency import CQREncode

/// A QR code (error correction level L) drawn with half blocks, two modules per character
/// cell vertically, so it comes out square in a terminal.
///
/// Level L restores 7 % of the code, which is plenty on a screen that nothing smudges, and
/// keeps a route link small: a Kakao route link of 84–93 bytes is a version 5 code (37
/// modules), where level M would need version 6.
public struct QRCode: Sendable {
  /// Modules row by row, true for dark.
  public let modules: [[Bool]]

  /// The most bytes a level-L code holds (version 40).
  public static let capacity = 2953

  /// Why libqrencode cannot be loaded (dlerror's words); nil once it has loaded. It is loaded
  /// when first asked for (Sources/CQREncode/shim.h).
  public static var loadError: String? {
    chulbal_qrencode_load_error().map { String(cString: $0) }
  }

  /// Encodes `text` as 8-bit data; nil when it is too long for any QR version, or when
  /// libqrencode cannot be loaded (``loadError``).
  public init?(_ text: String) {
    guard Self.loadError == nil, let encode = chulbal_qrencode_QRcode_encodeString8bit(),
      let free = chulbal_qrencode_QRcode_free(),
      let code = encode(text, 0, QR_ECLEVEL_L)
    else { return nil }
    defer { free(code) }
    let width = Int(code.pointee.width)
    let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
    modules = (0..<width).map { row in (0..<width).map { data[row * width + $0] & 1 == 1 } }
  }

  /// Light modules per side around the code.
  ///
  /// The standard asks for four; phone cameras read a code on a screen with two, and two
  /// keep a version 5 code within 21 rows, so it fits an 80×24 terminal with its link above.
  public static let quietZone = 2

  /// Character rows the drawing takes.
  public var rows: Int { (modules.count + 2 * Self.quietZone + 1) / 2 }

  /// Character columns the drawing takes.
  public var columns: Int { modules.count + 2 * Self.quietZone }

  /// The code as text, light modules drawn and dark ones left blank, with the quiet zone.
  ///
  /// - Parameter colors: when not `.none`, each line is wrapped in white-on-black escapes so
  ///   the code reads dark-on-light on dark and light terminal themes alike; without colour,
  ///   a dark-background terminal shows it the right way round.
  public func rendered(colors: ColorMode) -> String {
    let size = columns
    func light(_ row: Int, _ column: Int) -> Bool {
      let r = row - Self.quietZone
      let c = column - Self.quietZone
      guard (0..<modules.count).contains(r), (0..<modules.count).contains(c) else { return true }
      return !modules[r][c]
    }
    let (start, end) = colors == .none ? ("", "") : ("\u{1B}[97;40m", "\u{1B}[0m")
    var lines: [String] = []
    for row in stride(from: 0, to: size, by: 2) {
      var line = start
      for column in 0..<size {
        let top = light(row, column)
        let bottom = row + 1 < size ? light(row + 1, column) : false
        line += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " "
      }
      lines.append(line + end)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
