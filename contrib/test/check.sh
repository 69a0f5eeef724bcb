# check NAME EXPECTED ACTUAL: counts a pass, or a failure shown with both sides on standard
# error. Sourced by the test scripts (smoke.sh, test-install.sh), which end with their counts.
passed=0
failed=0

check() {
  if [ "$2" == "$3" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3" >&2
  fi
}
