@preconcurrency import CLibnotify

/// A GVariant this wrapper holds a reference to, read by the few accessors a D-Bus reply needs.
///
/// The replies come from calls made with a reply type, so GDBus has checked their shape before
/// any accessor here reads them.
final class GVariantValue {
  private let variant: OpaquePointer

  /// Takes over a reference the caller owns (a call's reply, a child value).
  init(owning variant: OpaquePointer) {
    self.variant = variant
  }

  deinit { g_variant_unref(variant) }

  /// The `index`th member of a tuple or element of an array.
  func child(_ index: Int) -> GVariantValue {
    GVariantValue(owning: g_variant_get_child_value(variant, gsize(index)))
  }

  /// How many members or elements there are.
  var count: Int { Int(g_variant_n_children(variant)) }

  /// A string's text.
  var string: String { String(cString: g_variant_get_string(variant, nil)) }

  /// A boolean's value.
  var bool: Bool { g_variant_get_boolean(variant) != 0 }

  /// The elements of an array of strings.
  var strings: [String] { (0..<count).map { child($0).string } }
}
