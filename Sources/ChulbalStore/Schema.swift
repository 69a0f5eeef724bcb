/// The database schema, as forward migrations: element N takes `user_version` N to N + 1.
///
/// Never edit a shipped migration; append a new one, raise `Store.schemaVersion`, and give
/// ``columns(version:)`` and ``tableTexts`` what it makes (their tests show what that is).
enum Schema {
  /// Each table's columns, in order, as the migrations up to `version` make them: what an
  /// opened file of that version must hold. Written out rather than found by running the
  /// migrations on an in-memory database, which every command would pay for at start-up; a
  /// test runs the migrations and checks these lists against what they make.
  static func columns(version: Int) -> [String: [String]] {
    var columns = version1Columns
    if version >= 2 {
      columns["alert_log"] = [
        "appointment_id", "lead_seconds", "due_at", "kind", "outcome", "backend", "recorded_at",
        "snooze_until",
      ]
    }
    if version >= 4 {
      columns["appointment", default: []] += ["repeat_rule", "repeat_first", "repeat_last_at"]
      columns["repeat_exception"] = ["appointment_id", "occurrence"]
      columns["repeat_override"] = ["appointment_id", "occurrence", "start_at"]
    }
    if version >= 5 {
      columns["appointment", default: []] += [
        "source", "source_uid", "source_recurrence", "source_digest",
      ]
      columns["source"] = [
        "name", "path", "kind", "added_at", "last_read_at", "last_error", "event_count",
      ]
    }
    if version >= 6 {
      columns["source", default: []] += [
        "user_name", "password_command", "ca_file", "departures_url",
      ]
      columns["source_calendar"] = [
        "source", "url", "display_name", "sync_token", "ctag", "synced_at",
      ]
      columns["source_resource"] = ["source", "calendar", "href", "etag", "data"]
      columns["departure_push"] = ["source", "uid", "href", "etag", "digest"]
    }
    if version >= 7 {
      columns["appointment", default: []] += ["repeat_known_from", "repeat_known_until"]
      columns["series_occurrence"] = ["appointment_id", "start_at"]
    }
    if version >= 8 {
      columns["source", default: []] += ["skipped_count"]
    }
    if version >= 9 {
      columns["appointment", default: []] += ["local_fields"]
      columns["hidden_event"] = ["source", "uid", "instance", "hidden_at"]
      columns["local_occurrence"] = ["appointment_id", "occurrence", "start_at"]
    }
    if version >= 10 {
      columns["appointment", default: []] += ["departure_at"]
    }
    if version >= 11 {
      columns["undo_step"] = ["id", "step", "command", "summary", "recorded_at"]
      columns["undo_statement"] = ["seq", "step", "statement"]
    }
    if version >= 12 {
      columns["appointment", default: []] += ["travel_source"]
      columns["remembered_trip"] = [
        "id", "origin_name", "origin_lat", "origin_lng", "destination_name", "destination_lat",
        "destination_lng", "mode", "travel_seconds", "remembered_at",
      ]
    }
    if version >= 14 {
      columns["appointment", default: []] += ["length_seconds", "origin_reason", "origin_after"]
      columns["source", default: []] += ["origin_name", "origin_lat", "origin_lng"]
    }
    if version >= 15 {
      columns["trip_change"] = [
        "id", "appointment_id", "old_departure_at", "new_departure_at", "provider", "changed_at",
        "notice", "backend", "noticed_at",
      ]
    }
    if version >= 16 {
      columns["appointment", default: []] += ["route_departure_at"]
      columns["route_answer"] = [
        "origin_lat", "origin_lng", "destination_lat", "destination_lng", "mode", "provider",
        "slot", "departure_at", "travel_seconds", "conditions", "asked_at",
      ]
    }
    return columns
  }

  /// Each table of ``Store/schemaVersion`` as `sqlite_master` holds it once the migrations have
  /// made it: SQLite keeps a table's `CREATE TABLE` text, rewritten by each `ALTER TABLE`,
  /// and reads its columns from that text alone, so a table whose text is this one has this
  /// build's columns. Opening compares these texts, one query, rather than preparing a
  /// statement per table to list its columns, a large part of what `next` costs; a text that
  /// differs (another SQLite's rewriting, a damaged file) is checked column by column. A test runs the migrations and checks these texts against what they
  /// make; a new migration changes them.
  static let tableTexts: [(name: String, sql: String)] = [
    (
      "appointment",
      "CREATE TABLE appointment (\n\(appointmentColumns)" + appointmentAdded
        + appointmentAdded12 + appointmentAdded14 + appointmentAdded15 + ")"
    ),
    ("place", placeTable),
    ("setting", settingTable),
    ("alert_log", "CREATE TABLE \"alert_log\" (\n\(alertLog13Columns))"),
    ("repeat_exception", repeatExceptionTable),
    ("repeat_override", repeatOverrideTable),
    (
      "source",
      "CREATE TABLE \"source\" (\n\(sourceColumns), origin_name TEXT, origin_lat REAL"
        + ", origin_lng REAL)"
    ),
    ("source_calendar", sourceCalendarTable),
    ("source_resource", sourceResourceTable),
    ("departure_push", departurePushTable),
    ("series_occurrence", seriesOccurrenceTable),
    ("hidden_event", hiddenEventTable),
    ("local_occurrence", localOccurrenceTable),
    ("undo_step", undoStepTable),
    ("undo_statement", undoStatementTable),
    ("remembered_trip", rememberedTripTable),
    ("trip_change", tripChangeTable),
    ("route_answer", routeAnswerTable),
  ]

  // Each table as the migration that makes it writes it, once: the migrations and
  // ``tableTexts`` are both made of these, so they cannot drift apart. A shipped one is
  // never edited; a migration that makes a table again writes a new one.

  /// `appointment`'s columns as version 1 made them, ending in a newline: tables SQLite renamed (or
  /// altered) keep the text between their parentheses.
  private static let appointmentColumns = """
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      title TEXT NOT NULL,
      start_at INTEGER NOT NULL,            -- seconds since 1970-01-01T00:00Z
      time_zone TEXT NOT NULL,              -- IANA zone the appointment is shown in
      place TEXT,
      lat REAL, lng REAL,                   -- destination, NULL when unknown
      origin_name TEXT,                     -- saved place the trip starts from, if any
      origin_lat REAL, origin_lng REAL,
      mode TEXT NOT NULL CHECK (mode IN ('car', 'transit', 'walk', 'bike')),
      travel_seconds INTEGER NOT NULL CHECK (travel_seconds >= 0),
      travel_estimated INTEGER NOT NULL CHECK (travel_estimated IN (0, 1)),
      buffer_seconds INTEGER NOT NULL CHECK (buffer_seconds >= 0),
      prep_seconds INTEGER NOT NULL CHECK (prep_seconds >= 0),
      alerts TEXT NOT NULL,                 -- lead seconds before departure, comma-separated
      note TEXT,
      created_at INTEGER NOT NULL

    """

  private static let placeTable = """
    CREATE TABLE place (
      name TEXT PRIMARY KEY,
      lat REAL NOT NULL,
      lng REAL NOT NULL,
      is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
    )
    """

  private static let settingTable = """
    CREATE TABLE setting (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    )
    """

  private static let repeatExceptionTable = """
    CREATE TABLE repeat_exception (
      appointment_id INTEGER NOT NULL REFERENCES appointment (id) ON DELETE CASCADE,
      occurrence TEXT NOT NULL,             -- the wall time the rule gives the occurrence
      PRIMARY KEY (appointment_id, occurrence)
    )
    """

  private static let repeatOverrideTable = """
    CREATE TABLE repeat_override (
      appointment_id INTEGER NOT NULL REFERENCES appointment (id) ON DELETE CASCADE,
      occurrence TEXT NOT NULL,             -- the wall time the rule gives the occurrence
      start_at INTEGER NOT NULL,            -- when it starts instead
      PRIMARY KEY (appointment_id, occurrence)
    )
    """

  private static let sourceCalendarTable = """
    CREATE TABLE source_calendar (
      source TEXT NOT NULL REFERENCES source (name) ON DELETE CASCADE,
      url TEXT NOT NULL,                    -- absolute, ending in '/'
      display_name TEXT,
      sync_token TEXT,                      -- RFC 6578; NULL when the server gives none
      ctag TEXT,
      synced_at INTEGER,                    -- the last good sync, NULL before the first
      PRIMARY KEY (source, url)
    )
    """

  private static let sourceResourceTable = """
    CREATE TABLE source_resource (
      source TEXT NOT NULL,
      calendar TEXT NOT NULL,               -- source_calendar.url
      href TEXT NOT NULL,                   -- as the server names it
      etag TEXT NOT NULL,
      data BLOB NOT NULL,                   -- the iCalendar resource as fetched
      PRIMARY KEY (source, calendar, href),
      FOREIGN KEY (source, calendar) REFERENCES source_calendar (source, url) ON DELETE CASCADE
    )
    """

  private static let departurePushTable = """
    CREATE TABLE departure_push (
      source TEXT NOT NULL REFERENCES source (name) ON DELETE CASCADE,
      uid TEXT NOT NULL,                    -- the departure event's UID
      href TEXT NOT NULL,                   -- where it was put on the server
      etag TEXT,                            -- its ETag after the put, when the server gave one
      digest INTEGER NOT NULL,              -- FNV-1a of the event text put
      PRIMARY KEY (source, uid)
    )
    """

  private static let seriesOccurrenceTable = """
    CREATE TABLE series_occurrence (
      appointment_id INTEGER NOT NULL REFERENCES appointment (id) ON DELETE CASCADE,
      start_at INTEGER NOT NULL,
      PRIMARY KEY (appointment_id, start_at)
    ) STRICT, WITHOUT ROWID
    """

  private static let hiddenEventTable = """
    CREATE TABLE hidden_event (
      source TEXT NOT NULL,                 -- the appointments' `source` it was read from
      uid TEXT NOT NULL,
      instance TEXT NOT NULL,               -- as source_recurrence
      hidden_at INTEGER NOT NULL,
      PRIMARY KEY (source, uid, instance)
    ) STRICT, WITHOUT ROWID
    """

  private static let localOccurrenceTable = """
    CREATE TABLE local_occurrence (
      appointment_id INTEGER NOT NULL REFERENCES appointment (id) ON DELETE CASCADE,
      occurrence TEXT NOT NULL,             -- the wall time the rule gives the occurrence
      start_at INTEGER,                     -- when it starts instead; NULL: skipped
      PRIMARY KEY (appointment_id, occurrence)
    ) STRICT, WITHOUT ROWID
    """

  private static let tripChangeTable = """
    CREATE TABLE trip_change (
      id INTEGER PRIMARY KEY,
      appointment_id INTEGER NOT NULL REFERENCES appointment (id) ON DELETE CASCADE,
      old_departure_at INTEGER NOT NULL,
      new_departure_at INTEGER NOT NULL,
      provider TEXT NOT NULL,               -- the RouteSource whose answer moved it
      changed_at INTEGER NOT NULL,
      notice TEXT NOT NULL CHECK (notice IN ('none', 'due', 'claimed', 'delivered', 'missed')),
      backend TEXT,                         -- the backend that showed the notice
      noticed_at INTEGER                    -- when the notice was claimed, shown or missed
    ) STRICT
    """

  private static let undoStepTable = """
    CREATE TABLE undo_step (
      id INTEGER PRIMARY KEY CHECK (id = 1),  -- one level of undo
      step INTEGER NOT NULL,                 -- the undo_statement rows that reverse it
      command TEXT NOT NULL,
      summary TEXT NOT NULL,
      recorded_at INTEGER NOT NULL
    ) STRICT
    """

  private static let undoStatementTable = """
    CREATE TABLE undo_statement (
      seq INTEGER PRIMARY KEY,
      step INTEGER NOT NULL,
      statement TEXT NOT NULL                -- SQL that reverses one row's change
    ) STRICT
    """

  /// `alert_log`'s columns as version 2 made them again, ending in a newline: tables SQLite renamed (or
  /// altered) keep the text between their parentheses.
  private static let alertLogColumns = """
      appointment_id INTEGER NOT NULL REFERENCES appointment (id) ON DELETE CASCADE,
      lead_seconds INTEGER NOT NULL CHECK (lead_seconds >= 0),
      due_at INTEGER NOT NULL,              -- when the alert was due
      kind TEXT NOT NULL CHECK (kind IN ('prepare', 'remind', 'leave')),
      outcome TEXT NOT NULL CHECK (outcome IN ('claimed', 'delivered', 'missed', 'snoozed')),
      backend TEXT,                         -- the backend that delivered it
      recorded_at INTEGER NOT NULL,         -- when the outcome was recorded
      snooze_until INTEGER,                 -- when a snoozed alert comes back
      PRIMARY KEY (appointment_id, lead_seconds, due_at)

    """

  /// `alert_log`'s columns as version 11 made them again, ending in a newline: late notices
  /// (`late`, whose lead is negative: the seconds past the departure, and only theirs is)
  /// and the person's `출발했어요` (`acknowledged`) are kept as what they are.
  private static let alertLog13Columns = """
      appointment_id INTEGER NOT NULL REFERENCES appointment (id) ON DELETE CASCADE,
      lead_seconds INTEGER NOT NULL,        -- before the departure; negative after it
      due_at INTEGER NOT NULL,              -- when the alert was due
      kind TEXT NOT NULL CHECK (kind IN ('prepare', 'remind', 'leave', 'late')),
      outcome TEXT NOT NULL
        CHECK (outcome IN ('claimed', 'delivered', 'missed', 'snoozed', 'acknowledged')),
      backend TEXT,                         -- the backend that delivered it
      recorded_at INTEGER NOT NULL,         -- when the outcome was recorded
      snooze_until INTEGER,                 -- when a snoozed alert comes back
      PRIMARY KEY (appointment_id, lead_seconds, due_at),
      CHECK ((kind = 'late') = (lead_seconds < 0))

    """

  /// `source`'s columns as version 8 made them again, ending in a newline: tables SQLite renamed (or
  /// altered) keep the text between their parentheses.
  private static let sourceColumns = """
      name TEXT PRIMARY KEY,
      path TEXT NOT NULL UNIQUE,            -- absolute path, or the CalDAV or feed URL; the appointments' `source`
      kind TEXT NOT NULL CHECK (kind IN ('file', 'folder', 'caldav', 'feed')),
      added_at INTEGER NOT NULL,
      last_read_at INTEGER,                 -- NULL until first read or synced
      last_error TEXT,                      -- the last reading's error, NULL when it went well
      event_count INTEGER,                  -- appointments from it after the last good reading
      user_name TEXT,                       -- caldav, feed: the user to sign in as
      password_command TEXT,                -- caldav, feed: run with /bin/sh -c; NULL for ~/.netrc
      ca_file TEXT,                         -- caldav, feed: PEM file of authorities to trust
      departures_url TEXT,                  -- caldav: the departures calendar, or NULL
      skipped_count INTEGER                 -- events left out at the last good reading

    """

  /// What the `ALTER TABLE … ADD COLUMN`s of versions 4 to 11 append to `appointment`'s
  /// text, as SQLite writes them in.
  private static let appointmentAdded = """
    , repeat_rule TEXT, repeat_first TEXT, repeat_last_at INTEGER, source TEXT\
    , source_uid TEXT, source_recurrence TEXT, source_digest INTEGER\
    , repeat_known_from INTEGER, repeat_known_until INTEGER\
    , local_fields INTEGER NOT NULL DEFAULT 0, departure_at INTEGER
    """
  /// What version 12's `ALTER TABLE … ADD COLUMN` appends to `appointment`'s text.
  private static let appointmentAdded12 = ", travel_source TEXT NOT NULL DEFAULT 'given'"
  /// What version 14's `ALTER TABLE … ADD COLUMN`s append to `appointment`'s text.
  private static let appointmentAdded14 =
    ", length_seconds INTEGER NOT NULL DEFAULT 3600, origin_reason TEXT, origin_after TEXT"

  /// What version 15's `ALTER TABLE … ADD COLUMN` appends to `appointment`'s text.
  private static let appointmentAdded15 = ", route_departure_at INTEGER"

  private static let routeAnswerTable = """
    CREATE TABLE route_answer (
      origin_lat REAL NOT NULL, origin_lng REAL NOT NULL,
      destination_lat REAL NOT NULL, destination_lng REAL NOT NULL,
      mode TEXT NOT NULL CHECK (mode IN ('car', 'transit', 'walk', 'bike')),
      provider TEXT NOT NULL,               -- a RouteSource other than 'estimate'
      slot INTEGER NOT NULL,                -- departure_at's 15-minute slot (departure_at / 900)
      departure_at INTEGER NOT NULL,        -- the departure the provider was asked about
      travel_seconds INTEGER NOT NULL CHECK (travel_seconds BETWEEN 0 AND 604800),
      conditions INTEGER NOT NULL CHECK (conditions IN (0, 1)), -- traffic or timetables counted
      asked_at INTEGER NOT NULL
    ) STRICT
    """

  private static let rememberedTripTable = """
    CREATE TABLE remembered_trip (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      origin_name TEXT,                     -- the saved place it starts from, NULL for a coordinate
      origin_lat REAL NOT NULL, origin_lng REAL NOT NULL,
      destination_name TEXT,                -- the appointment's place text, NULL for none
      destination_lat REAL NOT NULL, destination_lng REAL NOT NULL,
      mode TEXT NOT NULL CHECK (mode IN ('car', 'transit', 'walk', 'bike')),
      travel_seconds INTEGER NOT NULL CHECK (travel_seconds BETWEEN 0 AND 604800),
      remembered_at INTEGER NOT NULL
    ) STRICT
    """
  private static let version1Columns: [String: [String]] = [
    "alert_log": ["appointment_id", "lead_seconds", "kind", "due_at", "delivered_at"],
    "appointment": [
      "id", "title", "start_at", "time_zone", "place", "lat", "lng", "origin_name", "origin_lat",
      "origin_lng", "mode", "travel_seconds", "travel_estimated", "buffer_seconds",
      "prep_seconds", "alerts", "note", "created_at",
    ],
    "place": ["name", "lat", "lng", "is_default"],
    "setting": ["key", "value"],
  ]

  static let migrations = [
    """
    CREATE TABLE appointment (
    \(appointmentColumns));
    CREATE INDEX appointment_start ON appointment (start_at);
    \(placeTable);
    CREATE UNIQUE INDEX place_single_default ON place (is_default) WHERE is_default = 1;
    \(settingTable);
    CREATE TABLE alert_log (
      appointment_id INTEGER NOT NULL REFERENCES appointment (id) ON DELETE CASCADE,
      lead_seconds INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('prepare', 'remind', 'leave')),
      due_at INTEGER NOT NULL,
      delivered_at INTEGER NOT NULL,
      PRIMARY KEY (appointment_id, lead_seconds, due_at)
    );
    """,
    // 2: the alert log records what became of each alert (claimed before the slow delivery,
    // then delivered, missed or snoozed), by which backend, and when a snooze brings it back.
    // Version 1 wrote no rows, but any there were delivered, so they are kept as such.
    """
    CREATE TABLE alert_log_2 (
    \(alertLogColumns));
    INSERT INTO alert_log_2 (appointment_id, lead_seconds, due_at, kind, outcome, recorded_at)
      SELECT appointment_id, lead_seconds, due_at, kind, 'delivered', delivered_at FROM alert_log;
    DROP TABLE alert_log;
    ALTER TABLE alert_log_2 RENAME TO alert_log;
    CREATE INDEX alert_log_due ON alert_log (due_at);
    """,
    // 3: departures in order without sorting the table: `next` reads one entry of an index on
    // the departure instant as the queries write it (`Store.departure`), instead of every row.
    // An index on the expression cannot fall out of step with the columns it is made of. It
    // holds the rows whose start is an integer and whose durations are in range (0 to a week,
    // `Store.wellFormed`); a second index holds the others, which only damage makes, so a
    // reader finds them at once and says the file is damaged instead of passing over them.
    """
    CREATE INDEX appointment_departure
      ON appointment ((start_at - travel_seconds - buffer_seconds), id)
      WHERE typeof(start_at) = 'integer' AND travel_seconds BETWEEN 0 AND 604800
        AND buffer_seconds BETWEEN 0 AND 604800;
    CREATE INDEX appointment_malformed ON appointment (id)
      WHERE NOT (typeof(start_at) = 'integer' AND travel_seconds BETWEEN 0 AND 604800
        AND buffer_seconds BETWEEN 0 AND 604800);
    """,
    // 4: series. A series is one appointment row with its rule, its first start as a wall time
    // in the row's `time_zone`, and the start of its last occurrence (NULL when it never
    // ends); nothing of it is made into many rows. Its `start_at` is a cache: the next
    // occurrence as of the last write, so the departure index of version 3 still finds it;
    // a reader works out a series whose cached start has passed (`appointment_series` finds
    // those), and a writer moves the cache on. Occurrences taken out or moved are named by
    // the wall time the rule gives them, as RFC 5545's EXDATE and RECURRENCE-ID do.
    """
    ALTER TABLE appointment ADD COLUMN repeat_rule TEXT;      -- RFC 5545 RECUR, NULL for a one-off
    ALTER TABLE appointment ADD COLUMN repeat_first TEXT;     -- 'YYYY-MM-DDTHH:MM:SS' in time_zone
    ALTER TABLE appointment ADD COLUMN repeat_last_at INTEGER; -- last occurrence's start, or NULL
    CREATE INDEX appointment_series ON appointment (start_at) WHERE repeat_rule IS NOT NULL;
    \(repeatExceptionTable);
    \(repeatOverrideTable);
    """,
    // 5: appointments brought in from calendars. Each carries where it came from (`source`:
    // the absolute path of the file or folder read, NULL for one typed in), the event's UID,
    // and, for a row made of one instance of an event rather than the whole of it, which
    // instance: an RDATE's start, or the RECURRENCE-ID of a moved instance whose series the
    // calendar does not hold. Moved instances of a series read with it stay in the series'
    // repeat_override, as those moved by hand do. A re-read finds each row by the three and
    // updates it in place, so its alert log stays, and only when what the calendar gives has
    // changed (`source_digest`), so an edit made in chulbal stays until the calendar's own
    // event changes. `source` lists the calendars chulbal
    // re-reads (`source add`) and how their last reading went.
    """
    ALTER TABLE appointment ADD COLUMN source TEXT;
    ALTER TABLE appointment ADD COLUMN source_uid TEXT;
    ALTER TABLE appointment ADD COLUMN source_recurrence TEXT; -- '' for the event itself
    ALTER TABLE appointment ADD COLUMN source_digest INTEGER;  -- FNV-1a of what was imported
    CREATE UNIQUE INDEX appointment_source
      ON appointment (source, source_uid, source_recurrence) WHERE source IS NOT NULL;
    CREATE TABLE source (
      name TEXT PRIMARY KEY,
      path TEXT NOT NULL UNIQUE,            -- absolute; the appointments' `source`
      kind TEXT NOT NULL CHECK (kind IN ('file', 'folder')),
      added_at INTEGER NOT NULL,
      last_read_at INTEGER,                 -- NULL until first read
      last_error TEXT,                      -- the last reading's error, NULL when it went well
      event_count INTEGER                   -- appointments from it after the last good reading
    );
    """,
    // 6: calendars on a CalDAV server. A `caldav` source keeps its URL in `path` (without
    // credentials: the appointments' `source`, as a file's path is), the user name, the
    // command that prints the password (never the password), a CA file, and the calendar the
    // departures are put in. SQLite cannot change a CHECK, so the table is made again with
    // its rows. `source_calendar` holds the calendars chosen and where each sync left off;
    // `source_resource` every resource fetched, so an incremental sync rebuilds the source's
    // appointments from it and nothing is lost while the server cannot be reached.
    // `departure_push` holds each departure event put on the server.
    """
    CREATE TABLE source_6 (
      name TEXT PRIMARY KEY,
      path TEXT NOT NULL UNIQUE,            -- absolute path, or the CalDAV URL; the appointments' `source`
      kind TEXT NOT NULL CHECK (kind IN ('file', 'folder', 'caldav')),
      added_at INTEGER NOT NULL,
      last_read_at INTEGER,                 -- NULL until first read or synced
      last_error TEXT,                      -- the last reading's error, NULL when it went well
      event_count INTEGER,                  -- appointments from it after the last good reading
      user_name TEXT,                       -- caldav: the user to sign in as
      password_command TEXT,                -- caldav: run with /bin/sh -c; NULL for ~/.netrc
      ca_file TEXT,                         -- caldav: PEM file of authorities to trust
      departures_url TEXT                   -- caldav: the departures calendar, or NULL
    );
    INSERT INTO source_6 (name, path, kind, added_at, last_read_at, last_error, event_count)
      SELECT name, path, kind, added_at, last_read_at, last_error, event_count FROM source;
    DROP TABLE source;
    ALTER TABLE source_6 RENAME TO source;
    \(sourceCalendarTable);
    \(sourceResourceTable);
    \(departurePushTable);
    """,
    // 7: each series' occurrences of the coming weeks, worked out by the writer that writes
    // the series or moves its cache on, so that a reader (`agenda`, `next` after a week with
    // no writer, the watch's plan) takes them from an index instead of asking libical, whose
    // every step costs more than reading a row. Every
    // occurrence starting in [repeat_known_from, repeat_known_until) is a row, a moved one at
    // its new start, a skipped one not at all; a series with NULL bounds (a file migrated,
    // nothing written since) is worked out by asking libical. A few weeks of a series, never the whole.
    // STRICT (SQLite 3.37): a start that is not an integer cannot be written, so a reader's
    // range query never passes one over.
    """
    ALTER TABLE appointment ADD COLUMN repeat_known_from INTEGER;
    ALTER TABLE appointment ADD COLUMN repeat_known_until INTEGER;
    CREATE INDEX appointment_series_known
      ON appointment (repeat_known_until) WHERE repeat_rule IS NOT NULL;
    \(seriesOccurrenceTable);
    CREATE INDEX series_occurrence_start ON series_occurrence (start_at);
    """,
    // 8: read-only calendar feeds (`source add https://…/basic.ics`, `webcal://…`), and how
    // many events each source's last good reading left out (`source list`). A `feed`
    // source keeps its URL in `path`, as a `caldav` one does, and is held as a source with
    // one calendar, the feed's URL, whose one cached resource (href: the URL again) is the
    // body last fetched with its ETag; the calendar's `ctag` holds the feed's
    // Last-Modified, and `synced_at` when it was last fetched. Only the kind's CHECK is new,
    // and SQLite cannot change a CHECK, so the table is made again with its rows (foreign
    // keys are not enforced while migrating, so its calendars stay).
    """
    CREATE TABLE source_8 (
    \(sourceColumns));
    INSERT INTO source_8 (name, path, kind, added_at, last_read_at, last_error, event_count,
      user_name, password_command, ca_file, departures_url)
      SELECT name, path, kind, added_at, last_read_at, last_error, event_count, user_name,
        password_command, ca_file, departures_url FROM source;
    DROP TABLE source;
    ALTER TABLE source_8 RENAME TO source;
    """,
    // 9: what the person changed in chulbal on an appointment brought in from a calendar, so
    // that reading the calendar again keeps it (`local_fields`, a `LocalFields` bit set, 0 for
    // rows typed in and for rows read before), and the events the person removed from chulbal
    // that the calendar still holds (`hidden_event`), so they do not come back at the next
    // reading. A hidden event whose calendar no longer holds it is forgotten. The occurrences
    // of a calendar's series the person skipped or moved in chulbal (`local_occurrence`) are
    // laid over the series again whenever the calendar changes it.
    """
    ALTER TABLE appointment ADD COLUMN local_fields INTEGER NOT NULL DEFAULT 0;
    \(hiddenEventTable);
    \(localOccurrenceTable);
    """,
    // 10: each row's departure as the core's rule gives it (`DeparturePlan.departure`: start
    // minus travel and buffer, floored to the minute), written by every writer with the start
    // it goes with, so that queries order and bound by the departure every screen shows
    // instead of working out an unfloored one in SQL. The migration fills it for the rows
    // already there, through the rule (`Store.fillDepartures`). The departure index of
    // version 3 is made again on the column, and a row without an integer departure, which
    // only damage makes, joins the malformed ones, so a reader names it instead of passing
    // over it.
    """
    ALTER TABLE appointment ADD COLUMN departure_at INTEGER;
    DROP INDEX appointment_departure;
    DROP INDEX appointment_malformed;
    CREATE INDEX appointment_departure ON appointment (departure_at, id)
      WHERE typeof(departure_at) = 'integer' AND typeof(start_at) = 'integer'
        AND travel_seconds BETWEEN 0 AND 604800 AND buffer_seconds BETWEEN 0 AND 604800;
    CREATE INDEX appointment_malformed ON appointment (id)
      WHERE NOT (typeof(departure_at) = 'integer' AND typeof(start_at) = 'integer'
        AND travel_seconds BETWEEN 0 AND 604800 AND buffer_seconds BETWEEN 0 AND 604800);
    """,
    // 11: one level of undo for `remove`, `edit`, `import` and `place` (`Store+Undo.swift`).
    """
    \(undoStepTable);
    \(undoStatementTable);
    """,
    // 12: remembered trips. A travel time the person gave with `edit --travel` between two
    // known places is kept (`remembered_trip`: both ends' coordinates, the names they had,
    // the mode) and used for later trips between the same places instead of the estimate;
    // each appointment says where its travel time came from (`travel_source`, a
    // `TravelSource`: 'given', 'estimate', 'remembered', 'default'), so that only those chulbal
    // worked out follow a trip remembered or forgotten. Rows already there were estimated or
    // given, as `travel_estimated` says. No CHECK on the source: route providers add values,
    // and the reader refuses one it does not know.
    """
    ALTER TABLE appointment ADD COLUMN travel_source TEXT NOT NULL DEFAULT 'given';
    UPDATE appointment SET travel_source = 'estimate' WHERE travel_estimated = 1;
    \(rememberedTripTable);
    """,
    // 13: late notices and the person's `출발했어요` get their own kind (`late`, with the
    // negative lead the core gives them) and outcome (`acknowledged`). Version 2's CHECKs
    // allowed neither, so until now a late notice was kept as a `leave` alert with its lead's
    // magnitude, which no other `leave` alert has, and `출발했어요` as `delivered` by the
    // backend `acknowledged`, which names none; those rows are converted. SQLite cannot
    // change a CHECK, so the table is made again with its rows, and its index with it.
    """
    CREATE TABLE alert_log_13 (
    \(alertLog13Columns));
    INSERT INTO alert_log_13 (appointment_id, lead_seconds, due_at, kind, outcome, backend,
      recorded_at, snooze_until)
      SELECT appointment_id,
        CASE WHEN kind = 'leave' AND lead_seconds > 0 THEN -lead_seconds ELSE lead_seconds END,
        due_at,
        CASE WHEN kind = 'leave' AND lead_seconds > 0 THEN 'late' ELSE kind END,
        CASE WHEN outcome = 'delivered' AND backend = 'acknowledged' THEN 'acknowledged'
          ELSE outcome END,
        CASE WHEN outcome = 'delivered' AND backend = 'acknowledged' THEN NULL ELSE backend END,
        recorded_at, snooze_until
      FROM alert_log;
    DROP TABLE alert_log;
    ALTER TABLE alert_log_13 RENAME TO alert_log;
    CREATE INDEX alert_log_due ON alert_log (due_at);
    """,
    // 14: where each trip starts and why (`OriginRule`). Appointments get a length (an hour
    // for those already kept, the `length` setting's default), so that the next one's trip
    // can start where one ends; `origin_reason` keeps the rule's step (`OriginReason`, NULL
    // without an origin) and `origin_after` the title of the appointment a chained trip
    // follows. An origin already kept is the default place's when it matches that place,
    // else one given with `--from`. A calendar source may have an origin of its own.
    """
    ALTER TABLE appointment ADD COLUMN length_seconds INTEGER NOT NULL DEFAULT 3600;
    ALTER TABLE appointment ADD COLUMN origin_reason TEXT;
    ALTER TABLE appointment ADD COLUMN origin_after TEXT;
    UPDATE appointment SET origin_reason = CASE
      WHEN origin_lat IS NULL THEN NULL
      WHEN EXISTS (SELECT 1 FROM place WHERE is_default = 1 AND name IS appointment.origin_name
        AND lat = appointment.origin_lat AND lng = appointment.origin_lng) THEN 'default'
      ELSE 'given' END;
    ALTER TABLE source ADD COLUMN origin_name TEXT;
    ALTER TABLE source ADD COLUMN origin_lat REAL;
    ALTER TABLE source ADD COLUMN origin_lng REAL;
    """,
    // 15: trips asked again before leaving (`trip check`, run by the watch at `route.recheck`).
    // Each change of a provider trip that moved a departure by `route.threshold` or more is
    // kept with the departures before and after, so the watch tells the person of it exactly
    // once (`notice`: 'due' until it is claimed, then 'delivered' or 'missed'; 'none' for a
    // departure moved a little later, which is planned again without a word) and a restart
    // does not tell it again. The rows go with their appointment.
    """
    \(tripChangeTable);
    CREATE INDEX trip_change_due ON trip_change (notice) WHERE notice IN ('due', 'claimed');
    """,
    // 16: live routes for kept appointments. A route provider's answers are cached
    // (`route_answer`, never holding a key), each by the question asked: both ends, the mode,
    // the provider and the departure's 15-minute slot, with when it was asked, so that a
    // re-run or a sync within `route.cache` asks nothing again and no reader ever waits on
    // a network. An appointment whose trip a provider gave keeps the departure it was asked
    // about (`route_departure_at`, NULL for other trips), which its text names and which
    // re-planning compares to keep the trip while it answers the same question.
    """
    ALTER TABLE appointment ADD COLUMN route_departure_at INTEGER;
    \(routeAnswerTable);
    """,
  ]
}
