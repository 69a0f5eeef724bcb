@preconcurrency import CCurl
import FoundationEssentials

/// libcurl, loaded and initialised the first time a request is made (CCurl's shim.h).
enum Curl {
  /// Loads libcurl and runs `curl_global_init` once.
  ///
  /// - Throws: ``DAVError/libraryMissing(_:)`` when libcurl or a function of it is missing.
  static func load() throws(DAVError) {
    if let error = loaded { throw error }
  }

  /// Why libcurl cannot be used, or nil once loaded and initialised; a `static let` runs once, as
  /// `curl_global_init` requires (not thread-safe before 7.84, libcurl-thread(3)).
  private static let loaded: DAVError? = {
    // The loader finds every function at the first load, or says which it could not.
    if let error = chulbal_curl_load_error() { return .libraryMissing(String(cString: error)) }
    // CURL_GLOBAL_DEFAULT: SSL (and Win32 sockets, which mean nothing here).
    let code = chulbal_curl_curl_global_init()!(Int(CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32))
    guard code == CURLE_OK else { return .libraryMissing("curl_global_init: \(message(code))") }
    return nil
  }()

  /// The result codes of a TLS failure: the certificate, the authorities, the handshake.
  static let tlsFailures: [CURLcode] = [
    CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
    CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_CRL_BADFILE,
    CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_USE_SSL_FAILED,
    CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CLIENTCERT,
  ]

  /// The Korean reason for a transfer's result code; libcurl's words (libcurl-errors(3)) follow it.
  static func koreanReason(_ code: CURLcode) -> String {
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST: "호스트 이름을 찾을 수 없습니다"
    case CURLE_COULDNT_RESOLVE_PROXY: "프록시 이름을 찾을 수 없습니다"
    case CURLE_COULDNT_CONNECT: "연결이 거부되었거나 경로가 없습니다"
    case CURLE_GOT_NOTHING: "서버가 답 없이 연결을 닫았습니다"
    case CURLE_SEND_ERROR: "보내는 중에 끊겼습니다"
    case CURLE_RECV_ERROR: "받는 중에 끊겼습니다"
    case CURLE_PARTIAL_FILE: "답을 다 받기 전에 끊겼습니다"
    case CURLE_TOO_MANY_REDIRECTS: "리디렉션이 너무 많습니다"
    case CURLE_PEER_FAILED_VERIFICATION: "서버 인증서 검증에 실패했습니다"
    case CURLE_SSL_CACERT_BADFILE: "CA 인증서 파일을 읽을 수 없습니다"
    case CURLE_SSL_CONNECT_ERROR: "TLS 연결을 맺지 못했습니다"
    case _ where tlsFailures.contains(code): "TLS 오류입니다"
    default: "서버와 주고받지 못했습니다"
    }
  }

  /// libcurl's words for a result code.
  static func message(_ code: CURLcode) -> String {
    chulbal_curl_curl_easy_strerror()!(code).map { String(cString: $0) } ?? "\(code.rawValue)"
  }
}
