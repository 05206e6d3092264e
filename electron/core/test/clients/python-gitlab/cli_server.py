"""Run python-gitlab's `gitlab` CLI (gitlab.cli.main, what `gitlab` and `python3 -m gitlab` run), unchanged,
once per request line, in one process: the test saves a Python start and import per command.

The CLI's full argument parser (`gitlab.cli._get_parser()`, every resource and action of python-gitlab's v4
objects, about 0.3 s of CPU to build) takes no arguments and depends only on the installed python-gitlab, so
this server builds it once and hands the same parser to every command (argparse parsers are reusable: each
`parse_args` makes a new namespace). `gitlab.cli.main` itself runs unchanged for every command.

Protocol: each stdin line is a JSON array of CLI arguments (without the program name); for each, one stdout
line `{"code": <exit code>, "stdout": "...", "stderr": "..."}`. The URL and token come from the environment
(GITLAB_URL, GITLAB_PRIVATE_TOKEN), as for the CLI itself. Ends at end of input.
"""

import contextlib
import functools
import io
import json
import sys

import gitlab.cli

# Build the full parser once for all commands (see the module docstring).
gitlab.cli._get_parser = functools.lru_cache(maxsize=None)(gitlab.cli._get_parser)


def run(argv: list) -> dict:
    # Text streams over bytes, as a real stdout: the CLI writes raw downloads (job traces) to .buffer.
    out_bytes = io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="utf-8", write_through=True)
    err = io.StringIO()
    code = 0
    sys.argv = ["gitlab", *argv]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            gitlab.cli.main()
        except SystemExit as e:
            if isinstance(e.code, int):
                code = e.code
            elif e.code is not None:
                err.write(str(e.code))
                code = 1
        except Exception as e:  # a CLI crash is a failed command, not a dead server
            err.write(f"{type(e).__name__}: {e}")
            code = 1
    out.flush()
    return {"code": code, "stdout": out_bytes.getvalue().decode("utf-8", "replace"), "stderr": err.getvalue()}


def main() -> None:
    real_stdout = sys.stdout
    for line in sys.stdin:
        if line.strip():
            real_stdout.write(json.dumps(run(json.loads(line))) + "\n")
            real_stdout.flush()


if __name__ == "__main__":
    main()
