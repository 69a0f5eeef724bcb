#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a destructor pointer, which Swift cannot import:
// it tells sqlite3_bind_text to copy the bytes before the call returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_config is variadic, which Swift cannot call: turns off SQLite's count of the memory it
// holds (SQLITE_CONFIG_MEMSTATUS), which takes a global mutex around every allocation and
// release; sqlite3_memory_used() and its kind then answer nothing, and nothing here asks them.
// SQLite's own list of recommended options turns it off too (SQLITE_DEFAULT_MEMSTATUS=0,
// https://sqlite.org/compile.html). Allowed only before SQLite initialises: SQLITE_MISUSE after.
static inline int csqlite_stop_counting_memory(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// sqlite3_db_config is variadic, which Swift cannot call: whether closing the last connection
// checkpoints the write-ahead log into the file (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE).
static inline int csqlite_checkpoint_on_close(sqlite3 *db, int on) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, (int *)0);
}

// One column of the row a statement has stepped to, as csqlite_read_row leaves it: its storage
// class (SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB or SQLITE_NULL) and the value
// of that class. Text is SQLite's own, NUL-terminated after its `count` bytes; text and blobs
// last until the statement steps on, is reset or is finalised (sqlite3_column_blob's rules).
typedef struct {
  sqlite3_int64 integer;
  double real;
  const void *bytes;
  int count;
  int type;
} csqlite_cell;

// Reads the first `count` columns of the row `statement` has stepped to into `cells`, in one
// call: each column through sqlite3_column_value and the sqlite3_value_ accessors, about half
// of what a sqlite3_column_type and a sqlite3_column_int64 (or _text and _bytes) cost, each of
// those calls entering and leaving the connection and checking for a failed allocation. The
// value is what the sqlite3_column_ function of its class returns: sqlite3_column_int64 is
// sqlite3_value_int64 of the same sqlite3_value, and so on (sqlite3.c). Such a value is
// "unprotected", which matters only to a connection shared by threads
// (https://sqlite.org/c3ref/column_blob.html); a Database is used by one thread at a time.
// Text is read before its length, the order SQLite documents. Returns SQLITE_NOMEM when a text
// or blob that has bytes comes back as a null pointer, which SQLite does only when it could not
// allocate (sqlite3_column_blob's page), so that the row is not read as empty; else SQLITE_OK.
static inline int csqlite_read_row(sqlite3_stmt *statement, int count, csqlite_cell *cells) {
  for (int column = 0; column < count; column++) {
    sqlite3_value *value = sqlite3_column_value(statement, column);
    csqlite_cell *cell = &cells[column];
    cell->type = sqlite3_value_type(value);
    switch (cell->type) {
    case SQLITE_INTEGER: cell->integer = sqlite3_value_int64(value); break;
    case SQLITE_FLOAT: cell->real = sqlite3_value_double(value); break;
    case SQLITE_TEXT:
      cell->bytes = sqlite3_value_text(value);
      cell->count = sqlite3_value_bytes(value);
      // Even empty text has a pointer, to its NUL.
      if (cell->bytes == 0) return SQLITE_NOMEM;
      break;
    case SQLITE_BLOB:
      cell->bytes = sqlite3_value_blob(value);
      cell->count = sqlite3_value_bytes(value);
      // An empty blob has none.
      if (cell->bytes == 0 && cell->count > 0) return SQLITE_NOMEM;
      break;
    default: break;
    }
  }
  return SQLITE_OK;
}
