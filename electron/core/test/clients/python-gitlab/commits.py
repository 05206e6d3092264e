"""Drive the commits API (create with actions), compare and merge_base through python-gitlab, unchanged.

Run by electron/core/test/clients/python-gitlab.test.ts against a live core. Reads the instance URL and
an administrator's token from OUTPOST_URL and OUTPOST_TOKEN (never from argv). Prints one JSON object
with what the library saw; any library error propagates and exits non-zero with its traceback on stderr.
"""

import base64
import json
import os

import gitlab
from gitlab import exceptions as glexc


def main() -> None:
    gl = gitlab.Gitlab(os.environ["OUTPOST_URL"], private_token=os.environ["OUTPOST_TOKEN"])
    gl.auth()
    out = {}

    project = gl.projects.create({"name": "Py Commits", "path": "py-commits"})
    # The first commit of an empty repository names its default branch.
    first = project.commits.create(
        {
            "branch": "main",
            "commit_message": "Initial commit",
            "author_name": "Py Author",
            "author_email": "py@example.com",
            "actions": [
                {"action": "create", "file_path": "README.md", "content": "# Py\n"},
                {
                    "action": "create",
                    "file_path": "bin/tool",
                    "content": base64.b64encode(b"#!/bin/sh\n").decode(),
                    "encoding": "base64",
                    "execute_filemode": True,
                },
            ],
        }
    )
    out["first"] = {
        "title": first.title,
        "author": [first.author_name, first.author_email],
        "stats": first.stats,
        "parents": first.parent_ids,
    }
    out["default_branch"] = gl.projects.get(project.id).default_branch

    second = project.commits.create(
        {
            "branch": "topic",
            "start_branch": "main",
            "commit_message": "Topic work",
            "actions": [
                {"action": "update", "file_path": "README.md", "content": "# Py topic\n"},
                {"action": "move", "previous_path": "bin/tool", "file_path": "tools/tool"},
            ],
        }
    )
    out["second_parents_ok"] = second.parent_ids == [first.id]

    try:
        project.commits.create(
            {
                "branch": "main",
                "commit_message": "Duplicate",
                "actions": [{"action": "create", "file_path": "README.md", "content": "x"}],
            }
        )
        out["duplicate"] = None
    except glexc.GitlabCreateError as e:
        out["duplicate"] = {"code": e.response_code, "message": e.error_message}

    compare = project.repository_compare("main", "topic")
    out["compare"] = {
        "commit": compare["commit"]["id"] == second.id,
        "commits": len(compare["commits"]),
        "diffs": sorted((d["old_path"], d["new_path"]) for d in compare["diffs"]),
        "same": compare["compare_same_ref"],
    }
    base = project.repository_merge_base(["main", "topic"])
    out["merge_base_is_first"] = base["id"] == first.id

    project.delete()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
