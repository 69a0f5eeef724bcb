import FoundationEssentials

/// One desktop notification, as every backend receives it: plain text, never markup.
///
/// Backends escape and shorten for where the text goes (notification markup, a terminal, a
/// program's environment); the notice itself holds what a person should read.
public struct Notice: Equatable, Sendable {
  /// How much a notice interrupts: `normal` for a heads-up, `critical` for "leave now".
  public enum Urgency: String, Sendable, CaseIterable {
    case low, normal, critical

    /// The Desktop Notifications Specification's byte for the `urgency` hint.
    public var level: UInt8 {
      switch self {
      case .low: 0
      case .normal: 1
      case .critical: 2
      }
    }
  }

  /// A button a notification server may show, when it has the `actions` capability.
  public enum Action: String, Sendable, CaseIterable {
    /// Opens the appointment's navigation link.
    case navigate
    /// Brings the same alert back after the snooze time.
    case snooze
    /// Stops the late notices: the person has left.
    case departed

    /// The label on the button.
    public var label: String {
      switch self {
      case .navigate: "길찾기"
      case .snooze: "5분 뒤"
      case .departed: "출발했어요"
      }
    }
  }

  /// What the notice speaks of; a later notice with the same key replaces an earlier one on
  /// screen, so one appointment's alerts never pile up. 0 for notices of no appointment (a
  /// test, a summary of missed alerts).
  public var key: Int
  /// One line: `지금 출발하세요 · 저녁 약속`.
  public var summary: String
  /// `오후 7:00 강남역 2번 출구 · 이동 35분`; may hold a newline between lines.
  public var body: String
  public var urgency: Urgency
  /// The buttons to offer; backends without buttons leave them out.
  public var actions: [Action]
  /// The appointment's start and departure, for backends that pass them on.
  public var start: Date?
  public var departure: Date?
  /// The navigation link `길찾기` opens and the command backend is given.
  public var link: String?

  public init(
    key: Int, summary: String, body: String, urgency: Urgency, actions: [Action] = [],
    start: Date? = nil, departure: Date? = nil, link: String? = nil
  ) {
    self.key = key
    self.summary = summary
    self.body = body
    self.urgency = urgency
    self.actions = actions
    self.start = start
    self.departure = departure
    self.link = link
  }
}

/// A way to put a notice in front of a person: the desktop's notification server, a program
/// the person chose, or the terminal.
public protocol Notifier: Sendable {
  /// The backend's name, as `notify.backends` and the alert log spell it: `libnotify`,
  /// `command`, `terminal`.
  var name: String { get }
  /// Shows `notice`, returning once it was handed over.
  ///
  /// - Throws: `NotifyFailure` saying why it could not be; the chain then tries the next
  ///   backend.
  func deliver(_ notice: Notice) throws(NotifyFailure)
  /// Shows each of `notices`, as ``deliver(_:)`` shows one, for alerts due at the same time.
  ///
  /// A backend whose deliveries can wait (a program that hangs until its timeout) shows them
  /// side by side, so that none waits out another's timeout; the others show them in turn.
  ///
  /// - Returns: for each notice in order, nil when it was shown, or why it could not be.
  func deliver(all notices: [Notice]) -> [NotifyFailure?]
  /// Whether ``revise(key:with:)`` can change what this backend showed.
  var revisesNotices: Bool { get }
  /// Shows `notice` in place of the one of `key` still on screen, or takes that one off the
  /// screen when `notice` is nil.
  ///
  /// - Returns: whether a notice of `key` was on screen, and so changed.
  func revise(key: Int, with notice: Notice?) -> Bool
}

extension Notifier {
  /// A program's notice or a line on a terminal, once given, is not chulbal's to take back.
  public var revisesNotices: Bool { false }

  public func revise(key: Int, with notice: Notice?) -> Bool { false }

  public func deliver(all notices: [Notice]) -> [NotifyFailure?] {
    notices.map { notice in
      do throws(NotifyFailure) {
        try deliver(notice)
        return nil
      } catch {
        return error
      }
    }
  }
}

/// Why a backend could not deliver a notice: one Korean line, naming what was missing.
public struct NotifyFailure: Error, Equatable, Sendable {
  public let backend: String
  public let reason: String

  public init(backend: String, reason: String) {
    self.backend = backend
    self.reason = reason
  }

  public var message: String { "\(backend): \(reason)" }
}
