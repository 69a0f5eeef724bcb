/// `chulbal completions SHELL`: the script that teaches a shell to complete chulbal's words.
enum CompletionsCommand: Command {
  static let name = "completions"
  static let summary = "셸 자동 완성 스크립트 (bash, zsh, fish)"
  static let usage = ["chulbal completions bash|zsh|fish"]
  static let about = """
    셸이 Tab으로 명령, 옵션, 옵션 값(수단, 지도, 형식, 설정 이름, 시간대), 약속 번호(제목과 함께),
    저장된 장소 이름을 채우게 하는 스크립트를 씁니다. 스크립트는 Tab을 누를 때마다 chulbal에게
    물으므로, chulbal이 바뀌어도 다시 만들 필요가 없습니다.
    """
  static let options: [OptionSpec] = []
  static let operands: [WordKind] = [.choice(of: Shell.self)]
  static let epilogue = """
    설치 (contrib/install.sh가 해 줍니다):
      bash  chulbal completions bash > \\
              ~/.local/share/bash-completion/completions/chulbal
      zsh   chulbal completions zsh > ~/.local/share/zsh/site-functions/_chulbal
            (~/.zshrc의 compinit 앞에 fpath+=(~/.local/share/zsh/site-functions))
      fish  chulbal completions fish > ~/.config/fish/completions/chulbal.fish

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let word = try options.singlePositional("셸 이름", example: "chulbal completions bash")
    guard let shell = Shell(rawValue: word) else {
      throw ParseError.invalidChoice(
        option: "셸", value: word, accepted: Shell.allCases.map(\.rawValue), noun: "셸")
    }
    return .success(shell.script)
  }
}
