"""What the layout checks share: their command line (SOURCE_DIR, or
--selftest) and their selftest, a fixture tree written to a temporary
folder, the check run on it, what it found compared with what it must."""
import os
import tempfile


def run_selftest(files, check, want, ok, key=lambda problem: problem):
    """files: {relative path: text}; check(top) -> problems; want: the
    problems expected, each as key() gives it. 0 with ok printed if they
    agree, else the failure's message."""
    with tempfile.TemporaryDirectory() as t:
        for name, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(t, name)), exist_ok=True)
            with open(os.path.join(t, name), "w") as f:
                f.write(text)
        got = sorted(key(p) for p in check(t))
    if got != sorted(want):
        return f"selftest FAILED: found {got}, expected {sorted(want)}"
    print(f"ok: selftest ({ok})")
    return 0


def run_check(argv, check, selftest, ok, failed):
    """argv [SOURCE_DIR]: check's problems printed, or ok(SOURCE_DIR) if
    none; the exit status (failed(n), a message, for n problems).
    argv [--selftest]: selftest()."""
    if argv == ["--selftest"]:
        return selftest()
    problems = check(argv[0])
    print("\n".join(problems) if problems else ok(argv[0]))
    return failed(len(problems)) if problems else 0
