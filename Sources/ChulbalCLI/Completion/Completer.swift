import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalSystem

/// Completes a command line being typed, from the declarations the parser itself reads: the
/// commands (`CLI.commands`), their options (`OptionSpec`), and what each value and operand
/// stands for (`WordKind`).
///
/// It reads the database only for appointments and places, and only to read: completion never
/// makes a file, waits for a lock no longer than a moment (`Store.Access.glancing`), and
/// offers nothing rather than fail.
struct Completer {
  let environment: Environment

  /// What may go where the last of `words` is being typed.
  ///
  /// - Parameter words: the words after `chulbal`, the last the one being typed (empty right
  ///   after a space).
  func complete(_ words: [String]) -> Completion {
    let current = words.last ?? ""
    var line = TypedLine()
    for word in words.dropLast() {
      guard line.read(word) else { return Completion() }
    }
    if let spec = line.pendingOption {
      return offer(spec.kind, prefix: current, database: line.database)
    }
    if !line.onlyValues, current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
      // `--tz=Asia/Se`: the value after the sign, offered with the option before it.
      let name = String(current[..<equals])
      guard let spec = ParsedOptions.spec(named: name, in: line.specs), spec.takesValue,
        spec.kind != .file
      else { return Completion() }
      let offered = offer(
        spec.kind, prefix: String(current[current.index(after: equals)...]),
        database: line.database)
      return Completion(
        candidates: offered.candidates.map { .init(name + "=" + $0.value, $0.description) })
    }
    if !line.onlyValues, current.hasPrefix("-") { return options(line, prefix: current) }
    switch line.position {
    case .start:
      return Completion(
        candidates: Self.commandNames.filter {
          $0.value.hasPrefix(current) && !(line.askingHelp && $0.value == "help")
        })
    case .group(let group):
      return Completion(
        candidates: CLI.commands.compactMap { command in
          guard command.name.hasPrefix(group + " ") else { return nil }
          let name = String(command.name.dropFirst(group.count + 1))
          return name.hasPrefix(current) ? .init(name, command.summary) : nil
        })
    case .answered:
      return Completion()
    case .command(let command):
      let operands = command.operands
      let index =
        command.repeatsLastOperand ? min(line.operandCount, operands.count - 1) : line.operandCount
      if operands.indices.contains(index) {
        return offer(operands[index], prefix: current, database: line.database)
      }
      // Past its operands a command takes only options, offered before a dash is typed.
      return line.onlyValues ? Completion() : options(line, prefix: current)
    }
  }

  /// The commands a line starts with: one-word commands, groups (`place`) and `help`.
  static var commandNames: [Completion.Candidate] {
    var candidates: [Completion.Candidate] = []
    for command in CLI.commands {
      let words = command.name.split(separator: " ")
      guard words.count > 1 else {
        candidates.append(.init(command.name, command.summary))
        continue
      }
      let group = String(words[0])
      guard !candidates.contains(where: { $0.value == group }) else { continue }
      let members = CLI.commands.filter { $0.name.hasPrefix(group + " ") }
      candidates.append(
        .init(group, members.map { $0.name.dropFirst(group.count + 1) }.joined(separator: ", ")))
    }
    return candidates + [.init("help", "명령의 도움말")]
  }

  /// The options of where the line is that are not given yet, by their long names.
  private func options(_ line: TypedLine, prefix: String) -> Completion {
    Completion(
      candidates: line.specs.compactMap { spec in
        guard spec.name.hasPrefix(prefix), !line.givenOptions.contains(spec) else { return nil }
        return .init(spec.name, spec.help)
      })
  }

  /// The words a value or an operand of `kind` may be that start with `prefix`.
  private func offer(_ kind: WordKind, prefix: String, database: String?) -> Completion {
    switch kind {
    case .text:
      return Completion()
    case .file:
      return .fileNames
    case .choice(let words):
      return Completion(candidates: words.filter { $0.hasPrefix(prefix) }.map { .init($0) })
    case .settingKey:
      return Completion(
        candidates: Settings.Key.allCases.compactMap {
          $0.rawValue.hasPrefix(prefix) ? .init($0.rawValue, $0.summary) : nil
        })
    case .timeZone:
      return Completion(
        candidates: environment.zones.names()
          .filter { $0.hasPrefix(prefix) }.map { .init($0) })
    case .place:
      guard let places = try? store(database)?.places() else { return Completion() }
      return Completion(
        candidates: places.compactMap { place in
          guard place.name.hasPrefix(prefix) else { return nil }
          let mark = place.isDefault ? " (기본 출발지)" : ""
          return .init(place.name, AppointmentView.text(place.coordinate) + mark)
        })
    case .source(let serverOnly):
      guard let sources = try? store(database)?.sources() else { return Completion() }
      return Completion(
        candidates: sources.compactMap { source in
          guard source.name.hasPrefix(prefix), !serverOnly || source.kind.isServer else {
            return nil
          }
          return .init(source.name, source.path)
        })
    case .trip:
      guard let trips = try? store(database)?.rememberedTrips().trips else { return Completion() }
      return Completion(
        candidates: trips.compactMap { trip in
          let value = "\(trip.id)"
          guard value.hasPrefix(prefix) else { return nil }
          return .init(value, TripView.description(trip))
        })
    case .appointment:
      // `#3` is read as 3, and offered as typed.
      let mark = prefix.hasPrefix("#") ? "#" : ""
      let digits = prefix.dropFirst(mark.count)
      guard digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let titles = try? store(database)?.titles()
      else { return Completion() }
      return Completion(
        candidates: titles.compactMap { id, title in
          let value = "\(id)"
          return value.hasPrefix(digits) ? .init(mark + value, title) : nil
        })
    }
  }

  /// The store the line names with `--db`, else the one the environment does; nil when there
  /// is none or it cannot be read.
  private func store(_ database: String?) throws -> Store? {
    var path = database ?? Store.defaultLocation(environment: environment.variables).path
    // The words come as typed: `--db ~/x.db` is the home folder's once the shell runs it.
    if path.hasPrefix("~/"), let home = environment.variables["HOME"], !home.isEmpty {
      path = home + path.dropFirst()
    }
    guard !path.isEmpty else { return nil }
    return try Store.open(
      path: path, access: .glancing, expander: .libical(environment.zones),
      zones: environment.zones)
  }
}
