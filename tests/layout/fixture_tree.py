"""The layout checks' selftests: a fixture tree written to a temporary
folder, the check run on it, what it found compared with what it must."""
import os
import tempfile


def run_selftest(files, check, want, key=lambda problem: problem):
    """files: {relative path: text}; check(top) -> problems; want: the
    problems expected, each as key() gives it. None if they agree, else
    the failure's message."""
    with tempfile.TemporaryDirectory() as t:
        for name, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(t, name)), exist_ok=True)
            with open(os.path.join(t, name), "w") as f:
                f.write(text)
        got = sorted(key(p) for p in check(t))
    if got != sorted(want):
        return f"selftest FAILED: found {got}, expected {sorted(want)}"
    return None
