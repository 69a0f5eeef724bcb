import ChulbalTestSupport
import Foundation
import Testing

/// Route services and route programs that mean harm or fail, asked by the shipped binary's
/// `plan --from --to`: each is passed over with exactly one line on standard error naming the
/// service and a reason, the estimate is used, the key is never shown, and nothing hangs.
@Suite(.tags(.process)) struct HostileRouteTests {
  static let key = "hostile-key-93c1e7a5"

  /// A provider as a hostile server impersonates it: the mode asked, and answers in its shape.
  struct Target: Sendable, CustomStringConvertible {
    var source: String
    var name: String
    var mode: String
    var keyed: Bool
    /// The provider's success answer, `TRIP` standing for the trip time.
    var trip: String
    /// How many seconds one unit of its trip time is.
    var unit: Double
    /// A refusal that carries the service's own words (`WORDS`, a JSON string), and its
    /// status; nil for an answer that has no place for words (TMAP's car route).
    var words: (status: Int, body: String)?

    var description: String { "\(source) \(mode)" }
  }

  static let targets = [
    Target(
      source: "kakao", name: "카카오 길찾기", mode: "car", keyed: true,
      trip: #"{"routes":[{"result_code":0,"result_msg":"길찾기 성공","summary":{"duration":TRIP}}]}"#,
      unit: 1, words: (200, #"{"routes":[{"result_code":104,"result_msg":WORDS}]}"#)),
    Target(
      source: "tmap", name: "TMAP 길찾기", mode: "car", keyed: true,
      trip: #"{"type":"FeatureCollection","features":[{"properties":{"totalTime":TRIP}}]}"#,
      unit: 1, words: nil),
    Target(
      source: "tmap", name: "TMAP 길찾기", mode: "transit", keyed: true,
      trip: #"{"metaData":{"plan":{"itineraries":[{"totalTime":TRIP}]}}}"#, unit: 1,
      words: (200, #"{"result":{"status":11,"message":WORDS}}"#)),
    Target(
      source: "odsay", name: "ODsay 대중교통 길찾기", mode: "transit", keyed: true,
      trip: #"{"result":{"path":[{"info":{"totalTime":TRIP}}]}}"#, unit: 60,
      words: (200, #"{"error":{"code":"-98","msg":WORDS}}"#)),
    Target(
      source: "osrm", name: "OSRM 길찾기", mode: "car", keyed: false,
      trip: #"{"code":"Ok","routes":[{"duration":TRIP}]}"#, unit: 1,
      words: (400, #"{"code":"NoRoute","message":WORDS}"#)),
    Target(
      source: "valhalla", name: "Valhalla 길찾기", mode: "car", keyed: false,
      trip: #"{"trip":{"summary":{"time":TRIP}}}"#, unit: 1,
      words: (400, #"{"error_code":442,"error":WORDS}"#)),
  ]

  /// Where a hostile answer sends the client.
  enum Redirect: Sendable {
    case otherHost
    case file
  }

  /// One hostile answer to one provider and the reason its line must give.
  struct Case: Sendable, CustomTestStringConvertible {
    var label: String
    var target: Target
    var steps: [RawRouteServer.Step] = []
    var redirect: Redirect?
    var holdsOpen = false
    /// The reasons the line may give (the text after `…에 실패해 추정값을 씁니다: `), each
    /// matched as a prefix, as libcurl's own words may follow.
    var reasons: [String]
    var timeout = "1s"

    var testDescription: String { "\(target): \(label)" }
  }

  static func answer(_ status: Int = 200, _ body: String, headers: [String] = [])
    -> RawRouteServer
    .Step
  {
    .send(
      RawRouteServer.answer(
        status, headers: ["Content-Type: application/json"] + headers, body: Data(body.utf8)))
  }

  static let unreadable = "답을 읽을 수 없습니다: JSON이 아니거나 이동 시간이 없습니다"
  static let noAnswer = "1초 안에 답이 없었습니다"

  /// The trip `value` (already in the target's unit) in the target's answer.
  static func trip(_ target: Target, _ value: String) -> RawRouteServer.Step {
    answer(200, target.trip.replacingOccurrences(of: "TRIP", with: value))
  }

  /// The target's refusal carrying `words`, the bytes of a JSON string.
  static func words(_ target: Target, _ words: Data) -> RawRouteServer.Step {
    let (status, body) = target.words!
    let parts = body.components(separatedBy: "WORDS")
    return .send(
      RawRouteServer.answer(
        status, headers: ["Content-Type: application/json"],
        body: Data(parts[0].utf8) + words + Data(parts[1].utf8)))
  }

  static func words(_ target: Target, _ words: String) -> RawRouteServer.Step {
    Self.words(target, Data(words.utf8))
  }

  static let cases: [Case] = targets.flatMap { target -> [Case] in
    let tooLarge = "답을 읽을 수 없습니다: 64 MiB보다 큰 답"
    let head = Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n".utf8)
    var cases = [
      Case(
        label: "a Content-Length far past the answer limit", target: target,
        steps: [answer(200, "{", headers: ["Content-Length: 209715200"])], holdsOpen: true,
        reasons: [tooLarge]),
      Case(
        label: "a body far past the answer limit, no length", target: target,
        steps: [
          .send(head + Data("Connection: close\r\n\r\n[".utf8)),
          .send(Data(repeating: UInt8(ascii: " "), count: 1 << 20), count: 100),
        ], reasons: [tooLarge], timeout: "20s"),
      Case(
        label: "a body a byte a second", target: target,
        steps: [
          .send(head + Data("Content-Length: 300\r\n\r\n".utf8)),
          .trickle(Data(repeating: UInt8(ascii: " "), count: 300)),
        ], reasons: [noAnswer]),
      Case(
        label: "a redirect to another host", target: target, redirect: .otherHost,
        reasons: ["연결하지 못했습니다: 다른 주소로 보내는 답은 따르지 않습니다 (HTTP 302)"]),
      Case(
        label: "a redirect to a file", target: target, redirect: .file,
        reasons: ["연결하지 못했습니다: 다른 주소로 보내는 답은 따르지 않습니다 (HTTP 302)"]),
      Case(
        label: "a 200 with HTML", target: target,
        steps: [answer(200, "<!doctype html><html><body>점검 중</body></html>")],
        reasons: [unreadable]),
      Case(
        label: "the trip as a string", target: target, steps: [trip(target, #""2286""#)],
        reasons: [unreadable]),
      Case(
        label: "a negative trip", target: target, steps: [trip(target, "-60")],
        reasons: ["답을 읽을 수 없습니다: 이동 시간 '-60"]),
      Case(
        label: "a trip of zero", target: target, steps: [trip(target, "0")],
        reasons: ["답을 읽을 수 없습니다: 이동 시간 '0"]),
      Case(
        label: "a trip past any number", target: target, steps: [trip(target, "1e400")],
        reasons: [unreadable, "답을 읽을 수 없습니다: 이동 시간 '"]),
      Case(
        label: "a trip of a year", target: target,
        steps: [trip(target, String(Int(365 * 86_400 / target.unit)))],
        reasons: ["답을 읽을 수 없습니다: 이동 시간 '"]),
      Case(
        label: "a trip of 25 hours", target: target,
        steps: [trip(target, String(Int(25 * 3600 / target.unit)))],
        reasons: ["답을 읽을 수 없습니다: 이동 시간 '"]),
      Case(
        label: "a connection closed mid-body", target: target,
        steps: [.send(head + Data("Content-Length: 500\r\n\r\n{\"routes\":[".utf8))],
        reasons: ["답을 읽을 수 없습니다: 답을 다 받기 전에 끊겼습니다"]),
      Case(
        label: "a Content-Length larger than the body, held open", target: target,
        steps: [.send(head + Data("Content-Length: 500\r\n\r\n{\"routes\":[".utf8))],
        holdsOpen: true, reasons: [noAnswer]),
      Case(
        label: "a connection closed before any answer", target: target, steps: [],
        reasons: ["답을 읽을 수 없습니다: 서버가 답 없이 연결을 닫았습니다"]),
    ]
    if target.words != nil {
      cases += [
        Case(
          label: "control characters and escapes in its words", target: target,
          steps: [
            words(target, #""\u001b]0;PWNED\u0007\u001b[31m\u009b2J경로 없음\u202e\r\nchulbal: 성공""#)
          ], reasons: ["경로를 찾지 못했습니다: \\x1B]0;PWNED\\x07\\x1B[31m\\x9B2J경로 없음\\u{202E}\\x0D\\x0A"]),
        Case(
          label: "words of a hundred thousand characters", target: target,
          steps: [words(target, "\"" + String(repeating: "길", count: 100_000) + "\"")],
          reasons: ["경로를 찾지 못했습니다: 길길길"]),
        Case(
          label: "bytes that are not UTF-8 in its words", target: target,
          steps: [
            words(target, Data("\"경로".utf8) + Data([0xFF, 0xFE, 0xC0]) + Data("없음\"".utf8))
          ], reasons: [unreadable, "경로를 찾지 못했습니다: ", "서버가 오류로 답했습니다 (HTTP 400)"]),
      ]
    }
    if target.keyed && target.words != nil {
      cases.append(
        Case(
          label: "its words echo the key", target: target,
          steps: [words(target, "\"잘못된 키 \(key) (\(key))\"")],
          reasons: ["경로를 찾지 못했습니다: 잘못된 키 "]))
    }
    if target.keyed {
      cases += [
        Case(
          label: "a 401 that echoes the key", target: target,
          steps: [answer(401, #"{"code":-401,"msg":"InvalidAppKey \#(key)"}"#)],
          reasons: ["키가 거절되었습니다 (HTTP 401)"])
      ]
    }
    if target.source == "odsay" {
      // 58 minutes given in seconds: 3,480 minutes is more than two days.
      cases.append(
        Case(
          label: "seconds where minutes belong", target: target, steps: [trip(target, "3480")],
          reasons: ["답을 읽을 수 없습니다: 이동 시간 '3480분'이 하루보다 깁니다"]))
    }
    return cases
  }

  /// A workspace whose `mode` chain is `source` at `url`, its key printed by a command.
  static func workspace(_ target: Target, url: String, timeout: String) -> Workspace {
    let workspace = Workspace()
    let keyFile = workspace.folder + "/key"
    _ = FileManager.default.createFile(atPath: keyFile, contents: Data((key + "\n").utf8))
    var settings = [
      ("route.\(target.mode)", target.source), ("route.timeout", timeout),
    ]
    if target.source != "command" { settings.append(("\(target.source).url", url)) }
    if target.keyed { settings.append(("\(target.source).key-command", "cat '\(keyFile)'")) }
    for (name, value) in settings {
      #expect(workspace.run(["config", "set", name, value]).exitCode == 0, "\(name)")
    }
    return workspace
  }

  /// 망원역 to 판교역 at 7 p.m., seen at 5 p.m.
  static func plan(_ mode: String) -> [String] {
    [
      "plan", "--at", "2027-01-12T19:00:00+09:00", "--from", "37.556,126.91", "--to",
      "37.3947,127.1112", "--mode", mode, "--now", "2027-01-12T17:00:00+09:00", "--json",
    ]
  }

  /// Runs `plan` in `workspace` as the shipped binary, killed if it takes a minute: far past
  /// any `route.timeout` a case sets, so only a hang reaches it.
  static func run(_ workspace: Workspace, mode: String) async throws -> HostileRun.Result {
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = workspace.folder
    environment["CHULBAL_DB"] = workspace.database
    return try await HostileRun(
      arguments: plan(mode), environment: environment, folder: workspace.folder,
      limit: .seconds(60)
    ).run()
  }

  /// The contract of a run whose provider failed: exit 0 in time, the estimate used, one line
  /// on standard error for the provider with one of `reasons`, nothing shown raw, no key.
  static func expectPassedOver(
    _ result: HostileRun.Result, name: String, reasons: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let output = String(decoding: result.standardOutput, as: UTF8.self)
    let error = String(decoding: result.standardError, as: UTF8.self)
    #expect(!result.timedOut, "hung", sourceLocation: sourceLocation)
    #expect(result.status == 0, "\(error)", sourceLocation: sourceLocation)
    let lines = error.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty, "\(error)", sourceLocation: sourceLocation)
    let prefix = "chulbal: \(name)에 실패해 추정값을 씁니다: "
    #expect(
      reasons.contains { error.hasPrefix(prefix + $0) }, "\(error)", sourceLocation: sourceLocation)
    #expect(
      error.count < 400, "a line of \(error.count) characters", sourceLocation: sourceLocation)
    #expect(
      !error.unicodeScalars.contains { Self.unsafe($0) && $0 != "\n" }, "\(error.debugDescription)",
      sourceLocation: sourceLocation)
    #expect(String(validating: result.standardError, as: UTF8.self) != nil)
    #expect(!output.contains(key) && !error.contains(key), sourceLocation: sourceLocation)
    let json = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any],
      sourceLocation: sourceLocation)
    #expect(json["travel_source"] as? String == "estimate", sourceLocation: sourceLocation)
  }

  /// A control character or a bidirectional formatting character.
  static func unsafe(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      || [0x061C, 0x200E, 0x200F].contains(scalar.value)
      || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }

  @Test(arguments: cases)
  func aHostileServiceIsPassedOverInOneLine(_ example: Case) async throws {
    let folder = TemporaryFolder()
    var other: RawRouteServer?
    var steps = example.steps
    switch example.redirect {
    case .otherHost:
      let elsewhere = try RawRouteServer([Self.trip(example.target, "600")], in: folder)
      other = elsewhere
      steps = [Self.answer(302, "", headers: ["Location: \(elsewhere.url)/away"])]
    case .file:
      steps = [Self.answer(302, "", headers: ["Location: file:///etc/passwd"])]
    case nil: break
    }
    let server = try RawRouteServer(steps, holdsOpen: example.holdsOpen, in: folder)
    let workspace = Self.workspace(example.target, url: server.url, timeout: example.timeout)
    let result = try await Self.run(workspace, mode: example.target.mode)
    try Self.expectPassedOver(result, name: example.target.name, reasons: example.reasons)
    #expect(try server.requests().count == 1)
    // Not a byte of the request, with its key, reaches the host a redirect names.
    #expect((try other?.requests() ?? []) == [])
  }

  @Test(arguments: targets)
  func aFractionalTripIsRoundedUpAndUsed(_ target: Target) async throws {
    let folder = TemporaryFolder()
    let server = try RawRouteServer([Self.trip(target, String(1234.25 / target.unit))], in: folder)
    let workspace = Self.workspace(target, url: server.url, timeout: "5s")
    let result = try await Self.run(workspace, mode: target.mode)
    #expect(result.status == 0)
    #expect(
      result.standardError.isEmpty, "\(String(decoding: result.standardError, as: UTF8.self))")
    let json = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
    #expect(json["travel_source"] as? String == target.source)
    // Rounded up from 1,234.25 seconds.
    #expect(json["travel_minutes"] as? Double == 1235.0 / 60)
  }

  /// One hostile `route.command` program and the reasons its line may give.
  struct Program: Sendable, CustomTestStringConvertible {
    var label: String
    var script: String
    var reasons: [String]
    var testDescription: String { label }
  }

  static let command = Target(
    source: "command", name: "길찾기 명령", mode: "car", keyed: false, trip: "", unit: 1,
    words: nil)

  @Test(arguments: [
    Program(
      label: "prints nothing", script: "exit 0", reasons: ["답을 읽을 수 없습니다: 아무것도 출력하지 않았습니다"]),
    Program(
      label: "prints abc", script: "echo abc", reasons: ["답을 읽을 수 없습니다: 첫 줄 'abc'는 초 단위 숫자가 아닙니다"]),
    Program(
      label: "prints seconds then fails", script: "echo 600; exit 1", reasons: ["상태 1로 끝났습니다"]),
    Program(label: "never exits", script: "exec sleep 600", reasons: [noAnswer]),
    Program(
      label: "never exits, a child it forked holding its output",
      script: "sleep 600 &\nsleep 600", reasons: [noAnswer]),
    Program(
      label: "prints a gigabyte", script: "head -c 1073741824 /dev/zero",
      reasons: [noAnswer, "답을 읽을 수 없습니다: 첫 줄 '\\x00"]),
    Program(
      label: "writes to standard error only", script: "echo 'no route' >&2",
      reasons: ["답을 읽을 수 없습니다: 아무것도 출력하지 않았습니다: no route"]),
    Program(
      label: "prints escapes", script: #"printf '\033]0;PWNED\007\033[2J\n'"#,
      reasons: ["답을 읽을 수 없습니다: 첫 줄 '\\x1B]0;PWNED\\x07\\x1B[2J'"]),
    Program(
      label: "prints a year", script: "echo 31536000",
      reasons: ["답을 읽을 수 없습니다: 이동 시간 '31536000초'가 하루보다 깁니다"]),
  ])
  func aHostileRouteProgramIsPassedOverInOneLine(_ program: Program) async throws {
    let workspace = Self.workspace(Self.command, url: "", timeout: "1s")
    let path = workspace.folder + "/route"
    try ("#!/bin/sh\n" + program.script + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    #expect(workspace.run(["config", "set", "route.command", path]).exitCode == 0)
    let result = try await Self.run(workspace, mode: "car")
    try Self.expectPassedOver(result, name: Self.command.name, reasons: program.reasons)
  }

  @Test(arguments: [("not executable", "실행 권한이 없습니다"), ("not found", "그런 파일이 없습니다")])
  func aRouteProgramThatCannotBeRunIsPassedOverInOneLine(_ why: String, reason: String)
    async throws
  {
    let workspace = Self.workspace(Self.command, url: "", timeout: "1s")
    let path = workspace.folder + "/route"
    try "#!/bin/sh\necho 60\n".write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    #expect(workspace.run(["config", "set", "route.command", path]).exitCode == 0)
    if why == "not found" {
      try FileManager.default.removeItem(atPath: path)
    } else {
      chmod(path, 0o644)
    }
    let result = try await Self.run(workspace, mode: "car")
    try Self.expectPassedOver(
      result, name: Self.command.name, reasons: ["'\(path)'를 실행할 수 없습니다: \(reason)"])
  }

  /// A program that prints its answer and exits, leaving a child that holds its output open,
  /// is not waited for.
  @Test func aRouteProgramsLeftoverChildIsNotWaitedFor() async throws {
    let workspace = Self.workspace(Self.command, url: "", timeout: "1s")
    let path = workspace.folder + "/route"
    try "#!/bin/sh\nsleep 600 &\necho 754\n".write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    #expect(workspace.run(["config", "set", "route.command", path]).exitCode == 0)
    let result = try await Self.run(workspace, mode: "car")
    #expect(!result.timedOut)
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    let json = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
    #expect(json["travel_source"] as? String == "command")
  }
}
