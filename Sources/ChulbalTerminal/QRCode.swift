@preconcurrency import CQREncode

/// A QR code drawn with half blocks, two modules per cell vertically, so it is square in a
/// terminal.
///
/// Level L (7 % restored) suffices on a screen and keeps an 84–93 byte Kakao route link at version
/// 5 (37 modules); level M would need version 6.
public struct QRCode: Sendable {
  /// Modules row by row, true for dark.
  public let modules: [[Bool]]

  /// The most bytes a level-L code holds (version 40).
  public static let capacity = 2953

  /// Why libqrencode cannot be loaded (dlerror's words); nil once loaded on first use
  /// (Sources/CQREncode/shim.h).
  public static var loadError: String? {
    chulbal_qrencode_load_error().map { String(cString: $0) }
  }

  /// Encodes `text` as 8-bit data; nil when too long for any version, or without libqrencode
  /// (``loadError``).
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

  /// Light modules per side: the standard asks for four, but phone cameras read a screen with two,
  /// which keeps version 5 within 21 rows of an 80×24 terminal.
  public static let quietZone = 2

  /// Character rows the drawing takes.
  public var rows: Int { (modules.count + 2 * Self.quietZone + 1) / 2 }

  /// Character columns the drawing takes.
  public var columns: Int { modules.count + 2 * Self.quietZone }

  /// The code as text, light modules drawn and dark ones blank, with the quiet zone.
  ///
  /// - Parameter colors: unless `.none`, each line is wrapped in white-on-black escapes so the code
  ///   reads dark-on-light on any theme.
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
