// libical, found when a repeating appointment is first expanded rather than at start
// (CSystem/lazy_library.h): linked in, it would bring ICU and the C++ runtime to every command,
// though most never expand a series.
#ifndef CLIBICAL_SHIM_H
#define CLIBICAL_SHIM_H

#include "../CSystem/lazy_library.h"

#include <libical/ical.h>
#include <stdio.h>

// Defined by contrib/build.sh (CSystem/lazy_library.h); NULL where libical is linked in.
#ifndef CHULBAL_SONAME_ICAL
#define CHULBAL_SONAME_ICAL NULL
#endif

// The functions chulbal calls; `chulbal_ical_NAME()` is NAME.
#define CHULBAL_ICAL_FUNCTIONS(F)                  \
  F(ical, icalcomponent_as_ical_string_r)          \
  F(ical, icalcomponent_count_errors)              \
  F(ical, icalcomponent_free)                      \
  F(ical, icalcomponent_get_first_component)       \
  F(ical, icalcomponent_get_first_property)        \
  F(ical, icalcomponent_get_next_component)        \
  F(ical, icalcomponent_get_next_property)         \
  F(ical, icalcomponent_get_timezone)              \
  F(ical, icalcomponent_isa)                       \
  F(ical, icalcomponent_kind_to_string)            \
  F(ical, icalerrno_return)                        \
  F(ical, icalerror_strerror)                      \
  F(ical, icalmemory_free_buffer)                  \
  F(ical, icalparser_parse_string)                 \
  F(ical, icalproperty_get_parameter_as_string_r)  \
  F(ical, icalproperty_get_property_name_r)        \
  F(ical, icalproperty_get_value_as_string_r)      \
  F(ical, icalrecur_iterator_free)                 \
  F(ical, icalrecur_iterator_new)                  \
  F(ical, icalrecur_iterator_next)                 \
  F(ical, icalrecurrencetype_from_string)          \
  F(ical, icaltime_from_timet_with_zone)           \
  F(ical, icaltime_is_null_time)                   \
  F(ical, icaltime_null_time)                      \
  F(ical, icaltimezone_get_builtin_timezone)       \
  F(ical, icaltimezone_get_component)              \
  F(ical, icaltimezone_get_utc_offset_of_utc_time) \
  F(ical, icaltimezone_get_utc_timezone)           \
  F(ical, icaltzutil_get_zone_directory)
CHULBAL_LAZY_LIBRARY(ical, CHULBAL_SONAME_ICAL, RTLD_NOW | RTLD_LOCAL, CHULBAL_ICAL_FUNCTIONS)

#endif
