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
