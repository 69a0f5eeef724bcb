// libical, loaded when a repeating appointment is first expanded rather than when chulbal
// starts: linked in, it brings ICU (libicuuc, libicui18n and its 30 MB libicudata) and the
// shared C++ runtime, which every command would load and bind at start-up
// (docs/performance.md), though most never expand a series. The header still gives every type and
// prototype, so each call below has exactly the C signature; nothing refers to libical's
// symbols, and contrib/build.sh takes its entry out of the release binary.
#ifndef CLIBICAL_SHIM_H
#define CLIBICAL_SHIM_H

#include "../CSystem/lazy_library.h"

#include <libical/ical.h>
#include <stdio.h>

CHULBAL_LAZY_LIBRARY(ical, "libical.so.3", RTLD_NOW | RTLD_LOCAL)

// `chulbal_ical_NAME()` is NAME, looked up once in libical.
#define CHULBAL_ICAL(name) CHULBAL_LAZY_FUNCTION(ical, name)

CHULBAL_ICAL(icalcomponent_as_ical_string_r)
CHULBAL_ICAL(icalcomponent_count_errors)
CHULBAL_ICAL(icalcomponent_free)
CHULBAL_ICAL(icalcomponent_get_first_component)
CHULBAL_ICAL(icalcomponent_get_first_property)
CHULBAL_ICAL(icalcomponent_get_next_component)
CHULBAL_ICAL(icalcomponent_get_next_property)
CHULBAL_ICAL(icalcomponent_get_timezone)
CHULBAL_ICAL(icalcomponent_isa)
CHULBAL_ICAL(icalcomponent_kind_to_string)
CHULBAL_ICAL(icalerrno_return)
CHULBAL_ICAL(icalerror_strerror)
CHULBAL_ICAL(icalmemory_free_buffer)
CHULBAL_ICAL(icalparser_parse_string)
CHULBAL_ICAL(icalproperty_get_parameter_as_string_r)
CHULBAL_ICAL(icalproperty_get_property_name_r)
CHULBAL_ICAL(icalproperty_get_value_as_string_r)
CHULBAL_ICAL(icalrecur_iterator_free)
CHULBAL_ICAL(icalrecur_iterator_new)
CHULBAL_ICAL(icalrecur_iterator_next)
CHULBAL_ICAL(icalrecurrencetype_from_string)
CHULBAL_ICAL(icaltime_from_timet_with_zone)
CHULBAL_ICAL(icaltime_is_null_time)
CHULBAL_ICAL(icaltime_null_time)
CHULBAL_ICAL(icaltimezone_get_builtin_timezone)
CHULBAL_ICAL(icaltimezone_get_component)
CHULBAL_ICAL(icaltimezone_get_utc_offset_of_utc_time)
CHULBAL_ICAL(icaltimezone_get_utc_timezone)
CHULBAL_ICAL(icaltzutil_get_zone_directory)

#endif
