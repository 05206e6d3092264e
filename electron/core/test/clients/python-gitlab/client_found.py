"""Drive, through python-gitlab unchanged, the behaviours real clients found wrong (issue 26 part 5):
skip_groups on a group list, a group label saved by name, issue lists with labels None/Any, milestone
dates given as datetimes, commits of all refs, a repository snapshot, a revert's message, the fields of a
created user, and an issue's user agent detail.

Run by electron/core/test/clients/python-gitlab-client-found.test.ts against a live core. Reads the
instance URL and an administrator's token from OUTPOST_URL and OUTPOST_TOKEN (never from argv). Prints one
JSON object with what the library saw; any library error propagates and exits non-zero with its
traceback on stderr.
"""

import datetime
import io
import json
import os
import subprocess
import tarfile
import tempfile

import gitlab


def main() -> None:
    url, token = os.environ["OUTPOST_URL"], os.environ["OUTPOST_TOKEN"]
    gl = gitlab.Gitlab(url, private_token=token)
    gl.auth()
    out = {}

    # GET /groups?skip_groups[]= (python-gitlab's ArrayAttribute)
    keep = gl.groups.create({"name": "Py Keep", "path": "py-keep"})
    skip = gl.groups.create({"name": "Py Skip", "path": "py-skip"})
    out["skip_groups"] = [g.path for g in gl.groups.list(search="py-", skip_groups=[skip.id])]

    # Group label save: PUT /groups/:id/labels with name and new_name
    label = keep.labels.create({"name": "py old", "color": "#ff0000"})
    label.new_name = "py new"
    label.color = "#00ff00"
    label.save()
    out["group_label"] = [label.name, label.color, [x.name for x in keep.labels.list()]]

    project = gl.projects.create(
        {"name": "Py Found", "namespace_id": keep.id, "initialize_with_readme": True}
    )

    # Issue lists: labels=None / Any / a title
    project.issues.create({"title": "bare"})
    project.issues.create({"title": "labelled", "labels": ["bug"]})
    titles = lambda **kw: sorted(i.title for i in project.issues.list(get_all=True, **kw))
    out["issues"] = {
        "None": titles(labels="None"),
        "Any": titles(labels="Any"),
        "bug": titles(labels=["bug"]),
    }

    # Milestone dates given as datetimes (isoformat), as scripts build them
    start = datetime.datetime(2031, 2, 3, 10, 20, 30, tzinfo=datetime.timezone.utc)
    milestone = project.milestones.create(
        {
            "title": "py dated",
            "start_date": start.isoformat(),
            "due_date": (start + datetime.timedelta(days=30)).isoformat(),
        }
    )
    milestone.due_date = datetime.datetime(2031, 4, 5, 23, 0).isoformat()
    milestone.save()
    fresh = project.milestones.get(milestone.id)
    out["milestone"] = [fresh.start_date, fresh.due_date]

    # Commits of every ref: the API's `all` (python-gitlab pages with get_all)
    project.branches.create({"branch": "py-side", "ref": "main"})
    project.commits.create(
        {
            "branch": "py-side",
            "commit_message": "Only on py-side",
            "actions": [{"action": "create", "file_path": "side.txt", "content": "side\n"}],
        }
    )
    default = [c.title for c in project.commits.list(get_all=True)]
    every = [c.title for c in project.commits.list(get_all=True, all=True)]
    out["commits_all"] = ["Only on py-side" in default, "Only on py-side" in every]

    # Snapshot: a tar of the bare repository that git reads back
    data = project.snapshot()
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            names = tar.getnames()
            tar.extractall(tmp)
        subject = subprocess.run(
            ["git", "--git-dir", tmp, "log", "-1", "--format=%s", "py-side"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    out["snapshot"] = [all(n in names for n in ("HEAD", "refs", "objects")), subject]

    # Revert: git's and GitLab's message
    commit = project.commits.get("py-side")
    reverted = commit.revert(branch="py-side")
    out["revert_message"] = reverted["message"] == (
        f'Revert "Only on py-side"\n\nThis reverts commit {commit.id}\n'
    )

    # Created user: GitLab's admin user entity
    user = gl.users.create(
        {
            "username": "py-found",
            "name": "Py Found",
            "email": "py-found@example.com",
            "password": "long-enough-password",
        }
    )
    out["user_fields"] = {
        k: getattr(user, k, "missing")
        for k in ("locked", "private_profile", "created_by", "is_admin", "commit_email")
    }

    # An issue's user agent detail: administrators only, none recorded
    issue = project.issues.list(get_all=True)[0]
    try:
        issue.user_agent_detail()
        out["user_agent_detail"] = "found"
    except gitlab.exceptions.GitlabGetError as e:
        out["user_agent_detail"] = [e.response_code, e.error_message]

    print(json.dumps(out))


if __name__ == "__main__":
    main()
