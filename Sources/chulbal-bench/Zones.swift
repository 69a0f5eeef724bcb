import ChulbalSystem

/// The zone database every benchmark reads: the system's, as chulbal reads it without `TZDIR`.
let benchZones = ZoneDatabase()
