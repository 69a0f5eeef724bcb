/// A shell `chulbal completions` writes a script for: glue that hands the words typed to `chulbal
/// __complete` on every Tab, so offers always match the installed binary and its database.
enum Shell: String, CaseIterable, Sendable {
  case bash, zsh, fish

  var script: String {
    switch self {
    case .bash: Self.bashScript
    case .zsh: Self.zshScript
    case .fish: Self.fishScript
    }
  }

  // Bash passes COMP_WORDS and COMP_CWORD and inserts COMPREPLY (bash(1), "Programmable
  // Completion"). Descriptions are added only when COMP_TYPE is 63 ('?', listing after a second
  // Tab). Bash splits `--tz=Asia/Se` at the sign (COMP_WORDBREAKS), so the sign is dropped and the
  // value asked for as `--tz Asia/Se`; right after the sign the value typed is empty.
  private static let bashScript = #"""
    # bash completion for chulbal, written by `chulbal completions bash`.
    _chulbal() {
      local current=${COMP_WORDS[COMP_CWORD]}
      local -a words=() lines=() values=() described=()
      local line value index
      for ((index = 1; index <= COMP_CWORD; index++)); do
        if [[ ${COMP_WORDS[index]} == = && ${COMP_WORDS[index - 1]} == --?* ]]; then
          if ((index == COMP_CWORD)); then
            current=
            words+=("")
          fi
          continue
        fi
        words+=("${COMP_WORDS[index]}")
      done
      COMPREPLY=()
      mapfile -t lines < <(command chulbal __complete "${words[@]}" 2>/dev/null)
      if [[ ${lines[0]-} == files ]]; then
        compopt -o filenames 2>/dev/null
        # Not the -wal, -shm and -journal files SQLite keeps beside a database.
        mapfile -t lines < <(compgen -f -- "$current")
        for value in "${lines[@]}"; do
          case $value in
            *-wal | *-shm | *-journal) [[ -f ${value%-*} ]] && continue ;;
          esac
          COMPREPLY+=("$value")
        done
        return 0
      fi
      for line in "${lines[@]:1}"; do
        value=${line%%$'\t'*}
        # A place name with a space in it is inserted as one word.
        [[ $value == *[!-[:alnum:]_./:,@%+=]* ]] && printf -v value '%q' "$value"
        values+=("$value")
        if [[ $line == *$'\t'* ]]; then
          described+=("$value  (${line#*$'\t'})")
        else
          described+=("$value")
        fi
      done
      if [[ ${COMP_TYPE-} == 63 && ${#values[@]} -gt 1 ]]; then
        COMPREPLY=("${described[@]}")
      else
        COMPREPLY=("${values[@]}")
      fi
      return 0
    }
    complete -F _chulbal chulbal

    """#

  // The first line lets compinit autoload the file from fpath; sourced instead, the last lines
  // register the function (zshcompsys(1), "Autoloaded files"). _describe takes `value:description`,
  // so colons in values are escaped.
  private static let zshScript = #"""
    #compdef chulbal
    # zsh completion for chulbal, written by `chulbal completions zsh`.
    _chulbal() {
      local -a lines candidates
      local line value
      lines=("${(@f)$(command chulbal __complete "${(@Q)words[2,CURRENT]}" 2>/dev/null)}")
      if [[ ${lines[1]} == files ]]; then
        # Not the -wal, -shm and -journal files SQLite keeps beside a database (in zsh, no
        # name ending so, database beside it or not).
        _files -F '(*-wal *-shm *-journal)'
        return
      fi
      for line in "${(@)lines[2,-1]}"; do
        [[ -n $line ]] || continue
        value=${${line%%$'\t'*}//:/\\:}
        if [[ $line == *$'\t'* ]]; then
          candidates+=("$value:${line#*$'\t'}")
        else
          candidates+=("$value")
        fi
      done
      _describe -t values chulbal candidates
    }
    if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
      _chulbal "$@"
    else
      compdef _chulbal chulbal
    fi

    """#

  // `commandline -opc` gives the earlier words, unquoted, and `-ct` the current one;
  // `value<TAB>description` shows a description (fish's `complete`).
  private static let fishScript = #"""
    # fish completion for chulbal, written by `chulbal completions fish`.
    function __chulbal_complete
        set -l words (commandline -opc)
        set -l current (commandline -ct)
        set -l lines (command chulbal __complete $words[2..-1] "$current" 2>/dev/null)
        if test "$lines[1]" = files
            # Not the -wal, -shm and -journal files SQLite keeps beside a database.
            for line in (__fish_complete_path "$current")
                set -l name (string split -m1 \t -- $line)[1]
                if string match -qr -- '-(wal|shm|journal)$' $name
                    and test -f (string replace -r -- '-[a-z]+$' '' $name)
                    continue
                end
                printf '%s\n' $line
            end
            return
        end
        printf '%s\n' $lines[2..-1]
    end
    complete -c chulbal -f -a '(__chulbal_complete)'

    """#
}
