"""Drive every area of the spec through python-gitlab, unchanged: projects, branches, tags, protected
branches, files, tree, commits, merge requests (notes, discussions, approvals, rebase, merge), pipelines
and jobs with the trace, environments, deployments, labels, issues, milestones, avatars, and the
administrator areas (settings, instance CI/CD variables, audit events, plan limits, instance clusters,
storage moves, personal access tokens).

Run by electron/core/test/clients/python-gitlab.test.ts against a live core. Reads the instance URL and
an administrator's token from OUTPOST_URL and OUTPOST_TOKEN (never from argv). Endpoints python-gitlab
3.12 has no manager for (plan limits, instance clusters, storage moves) go through its own
`http_get`/`http_put`/`http_post`, as its documentation says to. Prints one JSON object with what the
library saw; any library error propagates and exits non-zero with its traceback on stderr.
"""

import base64
import json
import os
import struct
import time
import zlib

import gitlab
from gitlab import exceptions as glexc


def png(w: int, h: int) -> bytes:
    """A real w x h RGB PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + bytes((x * 7 + y) % 256 for x in range(w * 3)) for y in range(h))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def wait_pipeline(project, pipeline_id: int) -> str:
    """Poll until the pipeline is finished (the core runs its jobs in the background)."""
    deadline = time.monotonic() + 60
    while True:
        status = project.pipelines.get(pipeline_id).status
        if status in ("success", "failed", "canceled", "skipped") or time.monotonic() > deadline:
            return status
        time.sleep(0.1)


def main() -> None:
    gl = gitlab.Gitlab(os.environ["OUTPOST_URL"], private_token=os.environ["OUTPOST_TOKEN"])
    gl.auth()
    out = {}

    # Projects: create with a README, get by path, edit, avatar.
    project = gl.projects.create({"name": "Py Everyday", "initialize_with_readme": True})
    out["project"] = gl.projects.get("root/py-everyday").path_with_namespace
    project.description = "edited by python-gitlab"
    project.save()
    project.avatar = png(4, 4)  # python-gitlab names the upload avatar.png
    project.save()
    project = gl.projects.get(project.id)
    out["project_after_save"] = [project.description, project.avatar_url.rsplit("/", 1)[-1]]
    avatar = gl.http_get(project.avatar_url, raw=True)
    out["avatar_bytes"] = avatar.content == png(4, 4)

    # Files, tree, commits.
    f = project.files.create(
        {"file_path": "src/app.txt", "branch": "main", "content": "hello\n", "commit_message": "Add app"}
    )
    got = project.files.get("src/app.txt", ref="main")
    out["file"] = [f.file_path, base64.b64decode(got.content).decode()]
    got.content = "hello again\n"
    got.save(branch="main", commit_message="Edit app")
    out["raw"] = project.files.raw("src/app.txt", ref="main").decode()
    out["tree"] = sorted(e["path"] for e in project.repository_tree(recursive=True, all=True))
    out["commits"] = [c.title for c in project.commits.list(ref_name="main", all=True)]

    # Branches, tags, protected branches.
    project.branches.create({"branch": "py-feature", "ref": "main"})
    out["branches"] = sorted(b.name for b in project.branches.list(all=True))
    project.tags.create({"tag_name": "v1.0", "ref": "main", "message": "Release"})
    out["tags"] = [t.name for t in project.tags.list(all=True)]
    project.tags.delete("v1.0")
    pb = project.protectedbranches.create({"name": "py-*", "push_access_level": 40, "merge_access_level": 30})
    out["protected"] = [pb.name, [a["access_level"] for a in pb.push_access_levels]]
    project.protectedbranches.delete("py-*")

    # Merge requests: notes, discussions, approvals, rebase, merge.
    project.files.create(
        {"file_path": "mr.txt", "branch": "py-feature", "content": "mr\n", "commit_message": "MR change"}
    )
    project.files.create(
        {"file_path": "main.txt", "branch": "main", "content": "m\n", "commit_message": "Main moves"}
    )
    mr = project.mergerequests.create(
        {"source_branch": "py-feature", "target_branch": "main", "title": "Py MR", "labels": ["py", "client"]}
    )
    out["mr"] = [mr.iid, mr.state, sorted(mr.labels)]
    mr.notes.create({"body": "A note"})
    out["mr_notes"] = [n.body for n in mr.notes.list(all=True) if not n.system]
    d = mr.discussions.create({"body": "A thread"})
    d.notes.create({"body": "A reply"})
    d = mr.discussions.get(d.id)
    out["discussion"] = [n["body"] for n in d.attributes["notes"]]
    mr.approve()
    out["approved_by"] = [a["user"]["username"] for a in mr.approvals.get().approved_by]
    mr.unapprove()
    mr.rebase()
    deadline = time.monotonic() + 30
    while project.mergerequests.get(mr.iid, include_rebase_in_progress=True).rebase_in_progress:
        if time.monotonic() > deadline:
            break
        time.sleep(0.05)
    mr.merge()
    out["merged"] = project.mergerequests.get(mr.iid).state
    try:
        mr.merge()
    except glexc.GitlabMRClosedError as e:
        out["merge_again"] = e.response_code

    # Pipelines, jobs, trace, environments, deployments.
    ci = "build:\n  script:\n    - echo built by python-gitlab\n  environment:\n    name: py-env\n"
    project.files.create(
        {"file_path": ".gitlab-ci.yml", "branch": "main", "content": ci, "commit_message": "CI"}
    )
    pipeline = project.pipelines.create({"ref": "main", "variables": [{"key": "PY", "value": "1"}]})
    out["pipeline"] = [pipeline.source, wait_pipeline(project, pipeline.id)]
    out["pipeline_variables"] = [[v.key, v.value] for v in pipeline.variables.list()]
    job = pipeline.jobs.list()[0]
    full = project.jobs.get(job.id)
    out["job"] = [full.name, full.status]
    out["trace_ok"] = b"built by python-gitlab" in full.trace()
    env = next(e for e in project.environments.list(all=True) if e.name == "py-env")
    out["environment"] = env.name
    dep = project.deployments.create(
        {"environment": "py-prod", "sha": pipeline.sha, "ref": "main", "tag": False, "status": "running"}
    )
    dep.status = "success"
    dep.save()
    out["deployment"] = project.deployments.get(dep.id).status

    # Labels, milestones, issues.
    project.labels.create({"name": "bug", "color": "#ff0000"})
    milestone = project.milestones.create({"title": "v1", "due_date": "2030-01-31"})
    milestone.title = "v1.0"
    milestone.save()
    issue = project.issues.create({"title": "Py issue", "labels": ["bug"], "milestone_id": milestone.id})
    issue.labels = ["bug", "py"]
    issue.state_event = "close"
    issue.save()
    issue = project.issues.get(issue.iid)
    out["issue"] = [issue.state, sorted(issue.labels), issue.milestone["title"]]
    out["participants"] = [p["username"] for p in issue.participants()]
    project.milestones.delete(milestone.id)
    out["milestones_after_delete"] = len(project.milestones.list(all=True))

    # Administration.
    s = gl.settings.get()
    s.default_projects_limit = 12
    s.domain_allowlist = ["example.com", "example.org"]
    s.signup_enabled = True
    s.save()
    s = gl.settings.get()
    out["settings"] = [s.default_projects_limit, s.domain_allowlist, s.signup_enabled]
    gl.variables.create({"key": "PY_VAR", "value": "v1"})
    v = gl.variables.get("PY_VAR")
    v.value = "v2"
    v.save()
    out["variable"] = gl.variables.get("PY_VAR").value
    gl.variables.delete("PY_VAR")
    out["variables_after_delete"] = [x.key for x in gl.variables.list()]
    out["audit_events"] = len(gl.audit_events.list(per_page=5)) > 0
    limits = gl.http_put(
        "/application/plan_limits", post_data={"plan_name": "default", "npm_max_file_size": 4321}
    )
    out["plan_limits"] = limits["npm_max_file_size"]
    cluster = gl.http_post(
        "/admin/clusters/add",
        post_data={
            "name": "py-cluster",
            "platform_kubernetes_attributes": {"api_url": "https://k8s.example.com", "token": "py-secret"},
        },
    )
    out["cluster"] = [c["name"] for c in gl.http_get("/admin/clusters")]
    gl.http_delete(f"/admin/clusters/{cluster['id']}")
    out["storage_moves"] = gl.http_get("/project_repository_storage_moves")
    user = gl.users.create(
        {
            "username": "pyeveryday",
            "name": "Py Everyday",
            "email": "pye@example.com",
            "password": "a-long-enough-password",
        }
    )
    token = user.personal_access_tokens.create({"name": "py-token", "scopes": ["api"]})
    as_user = gitlab.Gitlab(os.environ["OUTPOST_URL"], private_token=token.token)
    as_user.auth()
    out["token_user"] = as_user.user.username
    listed = [t.name for t in gl.personal_access_tokens.list(user_id=user.id)]
    gl.personal_access_tokens.delete(token.id)
    try:
        as_user.auth()
    except glexc.GitlabAuthenticationError as e:
        out["revoked"] = [listed, e.response_code]
    user.avatar = png(2, 2)
    user.save()
    out["user_avatar"] = gl.users.get(user.id).avatar_url.rsplit("/", 1)[-1]

    # Transfer and delete.
    g = gl.groups.create({"name": "Py Dest", "path": "py-dest"})
    project.transfer(g.id)
    out["transferred"] = gl.projects.get(project.id).path_with_namespace
    project.delete()
    try:
        gl.projects.get(project.id)
    except glexc.GitlabGetError as e:
        out["project_after_delete"] = e.response_code

    print(json.dumps(out))


if __name__ == "__main__":
    main()
