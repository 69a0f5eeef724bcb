/// The manual page chulbal(1), in roff with the man(7) macros, as `chulbal __manpage` prints
/// it for the install script and the Debian package.
///
/// Every synopsis, command, paragraph of prose and option comes from the declarations `--help`
/// is made from, so the page describes exactly the binary it is installed with; written here
/// are only the sections a manual has and the help does not: files, environment, exit status.
/// Section names are the English ones tools look for (`NAME` for whatis and apropos); what is
/// in them is Korean, as everything chulbal says.
enum ManPage {
  /// When `CLI.version` was set: the page's date, so that the same build writes the same page.
  static let date = "2026-11-30"

  static var text: String {
    var page = #"""
      .\" -*- coding: UTF-8 -*-
      .\" Written by `chulbal __manpage` from the declarations of chulbal's commands.
      .TH CHULBAL 1 \#(date) "chulbal \#(CLI.version)" "chulbal"
      .\" Paths and option names are not to be hyphenated where a line breaks.
      .nh
      .\" Not justified: Korean with stretched spaces is hard to read.
      .ad l
      .SH NAME
      chulbal \- 약속 시각에서 거꾸로 계산해 언제 출발해야 하는지 알려 줍니다
      .SH SYNOPSIS
      .B chulbal
      [\fB\-\-db\fR \fI파일\fR] \fI명령\fR [\fI옵션\fR]
      .br
      .B chulbal
      \fI명령\fR \fB\-\-help\fR
      .br
      .B chulbal
      \fB\-\-version\fR

      """#
    page += section("DESCRIPTION", Roff.paragraphs(description))
    page += ".SH OPTIONS\n" + options(CLI.globalOptions)
    page += ".SH COMMANDS\n" + CLI.commands.map(command).joined()
    page += section("TIME FORMAT", timeFormat)
    page += section("FILES", definitions(files))
    page += section("ENVIRONMENT", definitions(environment))
    page += section("EXIT STATUS", definitions(exitStatus))
    page += section("EXAMPLES", Roff.preformatted(examples.joined(separator: "\n")))
    page += section("SEE ALSO", seeAlso)
    return page
  }

  /// A section; a paragraph break right after its heading is dropped, as the heading is one.
  private static func section(_ name: String, _ body: String) -> String {
    ".SH \"\(name)\"\n" + (body.hasPrefix(".PP\n") ? String(body.dropFirst(4)) : body)
  }

  /// One command: its synopses, its prose, its options, and what its help shows after them.
  private static func command(_ command: any Command.Type) -> String {
    var text = ".SS \"\(command.name)\"\n" + Roff.filled(command.summary) + "\n.PP\n"
    text +=
      command.usage.map { synopsis in
        let rest = synopsis.dropFirst("chulbal \(command.name)".count)
        return Roff.bold("chulbal \(command.name)") + Roff.escaped(String(rest))
      }.joined(separator: "\n.br\n") + "\n"
    if !command.about.isEmpty { text += Roff.paragraphs(command.about) }
    if !command.options.isEmpty { text += options(command.options) }
    let epilogue = command.epilogue.trimmingTrailingNewlines
    if !epilogue.isEmpty { text += Roff.preformatted(epilogue) }
    return text
  }

  /// A list of options, each with its value's name and its help.
  private static func options(_ specs: [OptionSpec]) -> String {
    specs.map { spec in
      let names = ([spec.short].compactMap { $0 } + [spec.name]).map(Roff.bold)
        .joined(separator: ", ")
      return ".TP\n" + names + (spec.value.map { " " + Roff.italic($0) } ?? "") + "\n"
        + Roff.filled(spec.help) + "\n"
    }.joined()
  }

  /// Terms, each with a paragraph: `.TP` lists.
  private static func definitions(_ entries: [(term: String, text: String)]) -> String {
    entries.map { ".TP\n" + Roff.bold($0.term) + "\n" + Roff.filled($0.text) + "\n" }.joined()
  }

  private static let description = """
    chulbal은 약속 시각과 이동 시간으로 언제 집을 나서야 하는지 분 단위로 계산하고, 그 전에
    알림을 보냅니다. 약속(시각, 장소, 좌표)을 저장해 두면 다음 출발까지 남은 시간을 보여 주고
    (next, countdown, status), watch가 출발 전에 데스크톱 알림을 정확히 한 번씩 보내며, 한국에서
    쓰는 지도 앱의 길 안내 링크를 만듭니다 (nav).

    출발 시각은 약속 시각 − 이동 시간 − 여유 시간을 분 단위로 버림한 값입니다 (버림하므로 늦지
    않습니다). 좌표만 있으면 이동 시간은 거리와 수단으로 추정하고 (추정)이라고 표시합니다.
    chulbal이 쓰는 말은 한국어이고, 옵션은 명령줄 도구에서 흔히 쓰는 영어 낱말입니다.

    명령 없이 chulbal만 실행하면 다음 출발과 오늘의 약속을 보여 주고, 다가오는 약속이 없으면
    약속을 추가하는 법을 보여 줍니다. 전체 도움말은 chulbal help입니다. 약속은 번호(3, #3),
    제목의 앞부분, 또는 그렇게 시작하는 제목이 없을 때 제목에 들어간 말로 고릅니다.
    """

  private static var timeFormat: String {
    Roff.paragraphs("--at의 시각은 아래 형식 가운데 하나로 씁니다 (--now는 ISO 8601만 받습니다).")
      + definitions(TimeGrammar.forms.map { ($0.name, $0.help) })
      + Roff.paragraphs(TimeGrammar.hours)
      + Roff.paragraphs(
        """
        연도는 1900~2200년, UTC 오프셋은 \u{2212}12:00~+14:00의 15분 단위입니다. 한 주는 월요일에
        시작합니다.
        """)
      + Roff.paragraphs("시간(--travel, --buffer, --prep, --alerts): " + TimeGrammar.durations)
  }

  private static let files: [(term: String, text: String)] = [
    (
      "$XDG_DATA_HOME/chulbal/chulbal.db",
      "약속, 장소, 설정과 알림 기록을 담은 SQLite 데이터베이스 (XDG_DATA_HOME이 없으면 "
        + "~/.local/share/chulbal/chulbal.db, CHULBAL_DB나 --db로 바꿀 수 있습니다). 옆의 chulbal.db-wal과 "
        + "chulbal.db-shm은 SQLite가 씁니다."
    ),
    (
      "chulbal.db.lock",
      "데이터베이스 옆의 잠금 파일: 한 데이터베이스에는 watch 하나만 알림을 보내고, 그 watch의 프로세스 번호가 "
        + "적혀 있습니다. 심볼릭 링크로 연 데이터베이스는 링크가 가리키는 파일 옆에 둡니다. watch는 "
        + "데이터베이스 파일 자체에도 잠금을 걸어, 하드 링크 같은 다른 이름으로 두 번째 watch를 띄우지 못하게 합니다."
    ),
    (
      "~/.local/share/systemd/user/chulbal-watch.service",
      "watch를 systemd 사용자 서비스로 돌리는 유닛 (contrib/install.sh가 설치, 데비안 패키지는 "
        + "/usr/lib/systemd/user/chulbal-watch.service). 켜기: systemctl --user enable --now chulbal-watch"
    ),
  ]

  private static let environment: [(term: String, text: String)] = [
    ("CHULBAL_DB", "데이터베이스 파일의 경로 (--db가 없을 때). 비어 있으면 없는 것으로 봅니다"),
    ("TZ", "시스템 시간대 (--tz가 없을 때). 알 수 없는 시간대면 시스템 시간대가 필요한 명령이 잘못된 입력으로 끝납니다"),
    ("TZDIR", "시간대 데이터베이스의 폴더 (기본: /usr/share/zoneinfo)"),
    ("NO_COLOR", "값이 무엇이든 있으면 색을 쓰지 않습니다. TERM=dumb도 같습니다"),
    (
      "COLUMNS",
      "표준 출력이 터미널일 때 list, agenda, today, week가 맞출 폭 (없으면 터미널의 폭). "
        + "파이프로 보내면 자르지 않습니다"
    ),
    ("XDG_DATA_HOME, HOME", "데이터베이스의 기본 위치 ($XDG_DATA_HOME, 없으면 $HOME/.local/share)"),
    (
      "XDG_CONFIG_HOME, XDG_CONFIG_DIRS, XDG_DATA_DIRS",
      "nav가 지도 앱의 링크 처리기를 찾는 mimeapps.list와 .desktop 파일의 위치"
    ),
    ("DBUS_SESSION_BUS_ADDRESS", "데스크톱 알림을 보낼 D-Bus 세션. 없으면 알림은 터미널로 갑니다"),
  ]

  private static let exitStatus: [(term: String, text: String)] = [
    ("0", "성공"),
    ("1", "실행 중 실패: 데이터베이스를 읽거나 쓸 수 없음, 결과를 출력할 수 없음 등 (표준 오류에 한 줄)"),
    ("2", "잘못된 입력: 시각, 시간, 좌표, 옵션이나 명령을 쓸 수 없음, 아무것도 쓰지 않음 (표준 오류에 한 줄)"),
    (
      "128 + 신호 번호",
      "countdown과 status --follow가 신호로 끝남: SIGHUP 129, SIGINT(Ctrl-C) 130, SIGQUIT 131, "
        + "SIGTERM 143 (watch는 SIGINT와 SIGTERM에 보내던 알림을 마치고 0)"
    ),
  ]

  private static var examples: [String] {
    CLI.examples + [
      "chulbal countdown --big",
      "systemctl --user enable --now chulbal-watch",
      "chulbal completions bash > ~/.local/share/bash-completion/completions/chulbal",
    ]
  }

  private static let seeAlso = """
    .BR systemctl (1),
    .BR journalctl (1),
    .BR notify\\-send (1),
    .BR tzfile (5)

    """
}

extension String {
  /// The text without the line breaks it ends with.
  fileprivate var trimmingTrailingNewlines: String {
    var text = self
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
