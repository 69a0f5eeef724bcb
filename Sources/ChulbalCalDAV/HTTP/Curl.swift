@preconcurrency import CCurl
import Foundation

/// libcurl, loaded and initialised the first time a request is made (CCurl's shim.h).
enum Curl {
  /// Loads libcurl and runs `curl_global_init` once for the process.
  ///
  /// - Throws: ``DAVError/libraryMissing(_:)`` when libcurl or one of its functions is not
  ///   there.
  static func load() throws(DAVError) {
    if let error = loaded { throw error }
  }

  /// Why libcurl cannot be used, or nil once it is loaded, every function found and the
  /// library initialised. A `static let` runs once, whichever thread asks first, which is
  /// what `curl_global_init` needs (it is not thread-safe before 7.84, libcurl-thread(3)).
  private static let loaded: DAVError? = {
    if let error = chulbal_curl_load_error() { return .libraryMissing(String(cString: error)) }
    let found: [(String, Bool)] = [
      ("curl_easy_cleanup", chulbal_curl_curl_easy_cleanup() != nil),
      ("curl_easy_getinfo", chulbal_curl_curl_easy_getinfo() != nil),
      ("curl_easy_init", chulbal_curl_curl_easy_init() != nil),
      ("curl_easy_perform", chulbal_curl_curl_easy_perform() != nil),
      ("curl_easy_reset", chulbal_curl_curl_easy_reset() != nil),
      ("curl_easy_setopt", chulbal_curl_curl_easy_setopt() != nil),
      ("curl_easy_strerror", chulbal_curl_curl_easy_strerror() != nil),
      ("curl_global_init", chulbal_curl_curl_global_init() != nil),
      ("curl_slist_append", chulbal_curl_curl_slist_append() != nil),
      ("curl_slist_free_all", chulbal_curl_curl_slist_free_all() != nil),
    ]
    if let missing = found.first(where: { !$0.1 }) {
      return .libraryMissing("libcurl.so.4: \(missing.0)")
    }
    // CURL_GLOBAL_DEFAULT: SSL (and Win32 sockets, which mean nothing here).
    let code = chulbal_curl_curl_global_init()!(Int(CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32))
    guard code == CURLE_OK else { return .libraryMissing("curl_global_init: \(message(code))") }
    return nil
  }()

  /// libcurl's words for a result code.
  static func message(_ code: CURLcode) -> String {
    chulbal_curl_curl_easy_strerror()!(code).map { String(cString: $0) } ?? "\(code.rawValue)"
  }
}
