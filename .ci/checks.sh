# Helpers of .ci/run, sourced (and tested by tests/cli/ci_checks.rs).

# none_of WHY GREP-ARGS...: grep, failing the script when it finds a line
# (status 0: the lines are shown, then WHY) or cannot search (status 2: a
# missing file, a bad pattern); only "no line found" (status 1) passes.
# Never the last command of a pipeline in an `if`: that form passes when
# the tool before the pipe fails and grep sees nothing.
none_of() {
  local why=$1 status=0
  shift
  grep "$@" || status=$?
  case $status in
    1) return 0 ;;
    0) echo ".ci/run: $why" >&2 ;;
    *) echo ".ci/run: grep $* failed (status $status): the check could not run" >&2 ;;
  esac
  exit 1
}
