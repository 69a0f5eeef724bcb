@preconcurrency import CLibical

// The libical functions this module calls, each found on first call (CLibical's shim.h): chulbal
// does not link libical, so commands that expand no series never load it and ICU. Each has its C
// function's name and signature. Call them only after ``Libical/load()`` has succeeded, as the
// entry points ensure.

func icalcomponent_as_ical_string_r(_ a0: OpaquePointer?) -> UnsafeMutablePointer<CChar>! {
  chulbal_ical_icalcomponent_as_ical_string_r()!(a0)
}

func icalcomponent_count_errors(_ a0: OpaquePointer?) -> Int32 {
  chulbal_ical_icalcomponent_count_errors()!(a0)
}

func icalcomponent_free(_ a0: OpaquePointer?) { chulbal_ical_icalcomponent_free()!(a0) }

func icalcomponent_get_first_component(_ a0: OpaquePointer?, _ a1: icalcomponent_kind)
  -> OpaquePointer!
{
  chulbal_ical_icalcomponent_get_first_component()!(a0, a1)
}

func icalcomponent_get_first_property(_ a0: OpaquePointer?, _ a1: icalproperty_kind)
  -> OpaquePointer!
{
  chulbal_ical_icalcomponent_get_first_property()!(a0, a1)
}

func icalcomponent_get_next_component(_ a0: OpaquePointer?, _ a1: icalcomponent_kind)
  -> OpaquePointer!
{
  chulbal_ical_icalcomponent_get_next_component()!(a0, a1)
}

func icalcomponent_get_next_property(_ a0: OpaquePointer?, _ a1: icalproperty_kind)
  -> OpaquePointer!
{
  chulbal_ical_icalcomponent_get_next_property()!(a0, a1)
}

func icalcomponent_get_timezone(_ a0: OpaquePointer?, _ a1: UnsafePointer<CChar>?)
  -> OpaquePointer!
{
  chulbal_ical_icalcomponent_get_timezone()!(a0, a1)
}

func icalcomponent_isa(_ a0: OpaquePointer?) -> icalcomponent_kind {
  chulbal_ical_icalcomponent_isa()!(a0)
}

func icalcomponent_kind_to_string(_ a0: icalcomponent_kind) -> UnsafePointer<CChar>! {
  chulbal_ical_icalcomponent_kind_to_string()!(a0)
}

func icalerrno_return() -> UnsafeMutablePointer<icalerrorenum>! {
  chulbal_ical_icalerrno_return()!()
}

func icalerror_strerror(_ a0: icalerrorenum) -> UnsafePointer<CChar>! {
  chulbal_ical_icalerror_strerror()!(a0)
}

func icalmemory_free_buffer(_ a0: UnsafeMutableRawPointer?) {
  chulbal_ical_icalmemory_free_buffer()!(a0)
}

func icalparser_parse_string(_ a0: UnsafePointer<CChar>?) -> OpaquePointer! {
  chulbal_ical_icalparser_parse_string()!(a0)
}

func icalproperty_get_parameter_as_string_r(_ a0: OpaquePointer?, _ a1: UnsafePointer<CChar>?)
  -> UnsafeMutablePointer<CChar>!
{
  chulbal_ical_icalproperty_get_parameter_as_string_r()!(a0, a1)
}

func icalproperty_get_property_name_r(_ a0: OpaquePointer?) -> UnsafeMutablePointer<CChar>! {
  chulbal_ical_icalproperty_get_property_name_r()!(a0)
}

func icalproperty_get_value_as_string_r(_ a0: OpaquePointer?) -> UnsafeMutablePointer<CChar>! {
  chulbal_ical_icalproperty_get_value_as_string_r()!(a0)
}

func icalrecur_iterator_free(_ a0: OpaquePointer?) { chulbal_ical_icalrecur_iterator_free()!(a0) }

func icalrecur_iterator_new(_ a0: icalrecurrencetype, _ a1: icaltimetype) -> OpaquePointer! {
  chulbal_ical_icalrecur_iterator_new()!(a0, a1)
}

func icalrecur_iterator_next(_ a0: OpaquePointer?) -> icaltimetype {
  chulbal_ical_icalrecur_iterator_next()!(a0)
}

func icalrecurrencetype_from_string(_ a0: UnsafePointer<CChar>?) -> icalrecurrencetype {
  chulbal_ical_icalrecurrencetype_from_string()!(a0)
}

func icaltime_from_timet_with_zone(_ a0: time_t, _ a1: Int32, _ a2: OpaquePointer?)
  -> icaltimetype
{
  chulbal_ical_icaltime_from_timet_with_zone()!(a0, a1, a2)
}

func icaltime_is_null_time(_ a0: icaltimetype) -> Int32 {
  chulbal_ical_icaltime_is_null_time()!(a0)
}

func icaltime_null_time() -> icaltimetype { chulbal_ical_icaltime_null_time()!() }

func icaltimezone_get_builtin_timezone(_ a0: UnsafePointer<CChar>?) -> OpaquePointer! {
  chulbal_ical_icaltimezone_get_builtin_timezone()!(a0)
}

func icaltimezone_get_component(_ a0: OpaquePointer?) -> OpaquePointer! {
  chulbal_ical_icaltimezone_get_component()!(a0)
}

func icaltimezone_get_utc_offset_of_utc_time(
  _ a0: OpaquePointer?, _ a1: UnsafeMutablePointer<icaltimetype>?,
  _ a2: UnsafeMutablePointer<Int32>?
) -> Int32 {
  chulbal_ical_icaltimezone_get_utc_offset_of_utc_time()!(a0, a1, a2)
}

func icaltimezone_get_utc_timezone() -> OpaquePointer! {
  chulbal_ical_icaltimezone_get_utc_timezone()!()
}

func icaltzutil_get_zone_directory() -> UnsafePointer<CChar>! {
  chulbal_ical_icaltzutil_get_zone_directory()!()
}

extension Libical {
  /// Loads libical and finds every function above, once per process.
  ///
  /// - Throws: ``CalendarError/libraryMissing(_:)`` with the loader's words when libical (Debian's
  ///   `libical3`) or one of its functions is missing.
  static func load() throws(CalendarError) {
    if let error = loaded { throw error }
  }

  /// Why libical cannot be used, or nil once it is loaded with every function found (the
  /// loader finds them all at the first load, or says which it could not).
  private static let loaded: CalendarError? = chulbal_ical_load_error().map {
    .libraryMissing(String(cString: $0))
  }
}
