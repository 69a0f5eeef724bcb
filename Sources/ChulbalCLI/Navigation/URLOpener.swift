import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// Hands a link to the desktop: the real `URLOpener`, or a recording one in tests.
public protocol LinkOpener: Sendable {
  /// Opens `link`; app links only when `appSchemeRegistered` says an app handles them.
  func open(_ link: MapLink, appSchemeRegistered: Bool) throws(LinkOpenFailure)
}

/// Why a link was not opened.
public enum LinkOpenFailure: Error, Equatable {
  case notAllowed(String)
  case noDisplay
  case noOpener
  case cannotStart(SpawnError)
  case failed(program: String, status: Int32, message: String)

  var message: String {
    switch self {
    case .notAllowed(let url): "열지 않는 링크입니다: '\(url)'"
    case .noDisplay: "그래픽 세션이 아닙니다 (DISPLAY와 WAYLAND_DISPLAY가 없음)"
    case .noOpener: "xdg-open도 gio도 찾을 수 없습니다 (apt install xdg-utils)"
    case .cannotStart(let error):
      "\(error.program) 실행에 실패했습니다 (\(error.call.rawValue): \(error.reason))"
    case .failed(let program, let status, let message):
      "\(program)\(Korean.subjectParticle(after: program)) 링크를 열지 못했습니다 (종료 상태 \(status)\(message.isEmpty ? "" : ": \(message)"))"
    }
  }
}

/// Opens a link with `xdg-open` (or `gio open`) as one `posix_spawn` argument, never through a
/// shell: only allowed schemes, never a URL starting with `-`, only in a graphical session, with
/// streams not ours so a browser left running cannot hold chulbal's output.
struct URLOpener: LinkOpener {
  let variables: [String: String]
  /// How long to wait for the opener to report; past that it is taken as launched.
  var timeout: TimeInterval = 2

  static let webSchemes: Set<String> = ["https", "http"]

  /// Opens `link` if its scheme is allowed: web links always, app schemes when
  /// `appSchemeRegistered`.
  func open(_ link: MapLink, appSchemeRegistered: Bool) throws(LinkOpenFailure) {
    let url = link.url
    let allowed =
      Self.webSchemes.contains(link.scheme)
      || (link.kind == .app && appSchemeRegistered
        && MapProvider.allCases.compactMap(MapLinkBuilder.appScheme).contains(link.scheme))
    guard allowed, !url.hasPrefix("-"),
      !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
    else { throw .notAllowed(url) }
    guard
      [variables["DISPLAY"], variables["WAYLAND_DISPLAY"]].contains(where: { $0?.isEmpty == false })
    else { throw .noDisplay }
    let candidates: [[String]] = [["xdg-open", url], ["gio", "open", url]]
    let errorPath = TemporaryFile.path(named: "chulbal-open", variables: variables)
    defer { unlink(errorPath) }
    for command in candidates {
      let child: ChildProcess
      do throws(SpawnError) {
        child = try ChildProcess(command, environment: variables, standardError: errorPath)
      } catch let error where error.isNoSuchProgram {
        continue  // Not installed: try the next opener.
      } catch {
        throw .cannotStart(error)
      }
      // Wait at most `timeout`: an opener still running then has handed the link on.
      guard let status = child.wait(timeout: timeout), status != 0 else { return }
      throw .failed(
        program: command[0], status: status, message: TemporaryFile.firstLine(of: errorPath))
    }
    throw .noOpener
  }
}
