import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP socket on 127.0.0.1 that listens and never answers: the kernel completes each
/// connection, and nothing ever reads or writes. Closed when the value goes away.
public final class SilentListener: @unchecked Sendable {
  public let port: Int
  private let socketDescriptor: Int32

  public init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 8) == 0
          && getsockname(descriptor, socketAddress, &length) == 0
      }
    }
    guard descriptor >= 0, bound else {
      if descriptor >= 0 { close(descriptor) }
      throw ProgramOutput.Failure(description: "no listening socket: errno \(errno)")
    }
    socketDescriptor = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  /// A port on 127.0.0.1 that nothing listens on: one the kernel just gave and took back.
  public static func closedPort() throws -> Int {
    let listener = try SilentListener()
    return listener.port
  }

  deinit { close(socketDescriptor) }
}
