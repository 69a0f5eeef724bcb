import FoundationEssentials

/// Times in the reader's zone, with the appointment's own local time beside them when its zone's
/// clock differs: `오후 11:00 (뉴욕 오전 9:00)`.
public struct ReaderTimes: Sendable {
  /// The reader's zone.
  public let reader: KoreanDateFormat
  /// The appointment's zone, when it is not the reader's.
  let own: KoreanDateFormat?

  public init(reader: Zone, own: Zone) {
    self.reader = KoreanDateFormat(timeZone: reader)
    self.own = own.identifier == reader.identifier ? nil : KoreanDateFormat(timeZone: own)
  }

  /// `12월 1일 (화) 오후 11:00 (뉴욕 오전 9:00)`, the year as ``KoreanDateFormat/full(_:seenAt:)`` shows it.
  public func full(_ date: Date, seenAt now: Date) -> String {
    var bytes: [UInt8] = []
    appendFull(date, seenAt: now, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// ``full(_:seenAt:)`` as UTF-8, appended to `bytes`.
  public func appendFull(_ date: Date, seenAt now: Date, to bytes: inout [UInt8]) {
    reader.appendFull(date, seenAt: now, to: &bytes)
    // Nothing to add for the appointment kept in the reader's zone, most of a list.
    guard own != nil else { return }
    bytes += ownTime(date, seenAt: now).utf8
  }

  /// `오후 11:00 (뉴욕 오전 9:00)`
  public func time(_ date: Date, seenAt now: Date) -> String {
    reader.time(date) + ownTime(date, seenAt: now)
  }

  /// ` (뉴욕 오전 9:00)`, with the date when it is another day there; empty when the clocks agree.
  public func ownTime(_ date: Date, seenAt now: Date) -> String {
    guard let own, own.offset(at: date) != reader.offset(at: date) else { return "" }
    let sameDay = own.date(date) == reader.date(date)
    let text = sameDay ? own.time(date) : own.full(date, seenAt: now)
    return " (\(ZoneName.of(own.timeZone.identifier)) \(text))"
  }
}
