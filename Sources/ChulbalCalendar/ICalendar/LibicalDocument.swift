@preconcurrency import CLibical

/// A calendar parsed by libical's `icalparser_parse_string`, freed with this object.
final class LibicalDocument {
  /// One property: its name in capitals, its value as written (TEXT still escaped), and where to
  /// ask for parameters.
  struct Property {
    let name: String
    let value: String
    let pointer: OpaquePointer

    /// A parameter's value (`TZID`, `VALUE`, `PARTSTAT`), without the quotes around it.
    func parameter(_ name: String) -> String? {
      guard let text = Libical.string(icalproperty_get_parameter_as_string_r(pointer, name))
      else { return nil }
      if text.count >= 2, text.first == "\"", text.last == "\"" {
        return String(text.dropFirst().dropLast())
      }
      return text
    }
  }

  /// One component, and its properties in the file's order.
  struct Component {
    /// `VCALENDAR`, `VEVENT`, …; `X` for any `X-` component.
    let name: String
    let pointer: OpaquePointer

    /// Read when asked: held for every component at once, they would double a large file's memory.
    var properties: [Property] {
      var properties: [Property] = []
      var property = icalcomponent_get_first_property(pointer, ICAL_ANY_PROPERTY)
      while let current = property {
        properties.append(
          Property(
            name: (Libical.string(icalproperty_get_property_name_r(current)) ?? "").uppercased(),
            value: Libical.string(icalproperty_get_value_as_string_r(current)) ?? "",
            pointer: current))
        property = icalcomponent_get_next_property(pointer, ICAL_ANY_PROPERTY)
      }
      return properties
    }
  }

  private let root: OpaquePointer
  /// Every component, parents first, without libical's `XROOT` around several calendars. libical
  /// moves VTIMEZONEs before a calendar's other components, but keeps the order within one kind.
  let components: [Component]

  /// Parses a file's bytes; nil when libical returns nothing. The bytes are given undecoded, since
  /// a fold may fall inside a character (RFC 5545 §3.1). Call only after ``Libical/load()``
  /// succeeded.
  init?(bytes: some Collection<UInt8>) {
    let terminated = Array(bytes) + [0]
    let parsed = terminated.withUnsafeBytes { raw in
      icalparser_parse_string(raw.bindMemory(to: CChar.self).baseAddress)
    }
    guard let root = parsed else { return nil }
    self.root = root
    var components: [Component] = []
    func walk(_ component: OpaquePointer) {
      let kind = icalcomponent_isa(component)
      if kind != ICAL_XROOT_COMPONENT {
        components.append(
          Component(
            name: icalcomponent_kind_to_string(kind).map { String(cString: $0) } ?? "",
            pointer: component))
      }
      var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
      while let current = child {
        walk(current)
        child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
      }
    }
    walk(root)
    self.components = components
  }

  deinit { icalcomponent_free(root) }

  /// How many `X-LIC-ERROR` properties libical added anywhere in the file: its parse errors.
  var errorCount: Int { Int(icalcomponent_count_errors(root)) }
}

extension Libical {
  /// The text of a string libical made for the caller (its `_r` functions), which is freed.
  static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { icalmemory_free_buffer(pointer) }
    return String(cString: pointer)
  }
}
