/// Why a trip starts where it does: the step of ``OriginRule`` that chose it.
public enum OriginReason: String, CaseIterable, Sendable {
  /// `--from` on `add` or `edit`.
  case given
  /// The previous appointment is at the destination: no trip.
  case same
  /// The previous appointment's place.
  case previous
  /// The origin of the calendar the appointment comes from (`source add … --from`).
  case source
  /// The default place.
  case `default`
}
