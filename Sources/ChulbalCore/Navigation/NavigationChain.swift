/// Whether this machine has an application registered for a URL scheme.
public protocol SchemeHandlerLookup: Sendable {
  func hasHandler(forScheme scheme: String) -> Bool
}

/// Picks the one link to give a person, from the providers in their order.
public enum NavigationChain {
  /// The first provider with its app installed gives its app link; else the first web link; when no
  /// provider has a web map (`--provider tmap`), the first app link, for a phone.
  ///
  /// - Returns: nil when the request has neither a coordinate nor a name.
  public static func choose(
    _ request: RouteRequest, order: [MapProvider], handlers: some SchemeHandlerLookup
  ) -> MapLink? {
    let all = order.compactMap { MapLinkBuilder.links(for: request, provider: $0) }
    guard !all.isEmpty else { return nil }
    for links in all {
      if let app = links.first(where: { $0.kind == .app }),
        handlers.hasHandler(forScheme: app.scheme)
      {
        return app
      }
    }
    return all.lazy.compactMap { $0.first { $0.kind == .web } }.first ?? all.first?.first
  }
}
