"""Drive the merge decisions and the paginated diffs of a merge request through python-gitlab, unchanged:
`detailed_merge_status` on get and list (doc/api/merge_requests.md, 15.6), `PUT …/merge` with
`auto_merge=true` (17.11) and with `merge_when_pipeline_succeeds=true` (deprecated in 17.11), the cancel
(`POST …/cancel_merge_when_pipeline_succeeds`), and `GET …/diffs` read page by page (15.7) through the
library's own list pagination (python-gitlab 3.12 has no `diffs()` helper, so `Gitlab.http_list`).

The merge request pipeline's job waits for a file the script writes into the job's working copy (its
path is in the job's trace), so the script decides when the pipeline succeeds without any timing.

Run by electron/core/test/clients/python-gitlab-merge.test.ts against a live core. Reads the instance URL
and an administrator's token from OUTPOST_URL and OUTPOST_TOKEN. Prints one JSON object with what the
library saw; any library error propagates and exits non-zero with its traceback on stderr.
"""

import json
import os
import pathlib
import re
import time

import gitlab

GATED_CI = """gate:
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  script:
    - echo "GATE=$CI_PROJECT_DIR:END"
    - while [ ! -e "$CI_PROJECT_DIR/.release" ]; do sleep 0.1; done
"""

SETTLING = ("unchecked", "checking", "preparing", "approvals_syncing")


def until(check, seconds: float = 60):
    """Poll `check` until it returns a truthy value (the core works in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


def gate_dir(project, mr_iid):
    """The working copy of the running gate job of the merge request's newest pipeline."""

    def find():
        pipelines = project.mergerequests.get(mr_iid).pipelines.list()
        if not pipelines:
            return None
        for job in project.pipelines.get(pipelines[0].id).jobs.list():
            if job.name == "gate" and job.status == "running":
                trace = project.jobs.get(job.id).trace().decode()
                found = re.search(r"GATE=(/\S+):END", trace)
                if found:
                    return found.group(1)
        return None

    return until(find)


def main() -> None:
    url, token = os.environ["OUTPOST_URL"], os.environ["OUTPOST_TOKEN"]
    gl = gitlab.Gitlab(url, private_token=token)
    gl.auth()
    out = {}

    project = gl.projects.create({"name": "Py Merge States", "initialize_with_readme": True})
    project.files.create(
        {"file_path": ".gitlab-ci.yml", "branch": "main", "content": GATED_CI, "commit_message": "CI"}
    )

    # Paginated diffs: three files, two per page.
    project.commits.create(
        {
            "branch": "py-diffs",
            "start_branch": "main",
            "commit_message": "Three files",
            "actions": [
                {"action": "create", "file_path": f"d/{n}.txt", "content": f"{n}\n"} for n in ("a", "b", "c")
            ],
        }
    )
    diffs_mr = project.mergerequests.create(
        {"source_branch": "py-diffs", "target_branch": "main", "title": "Py diffs"}
    )
    diffs_path = f"/projects/{project.id}/merge_requests/{diffs_mr.iid}/diffs"
    pages = gl.http_list(diffs_path, iterator=True, per_page=2)
    out["diffs_headers"] = [pages.total, pages.total_pages, pages.per_page, pages.next_page]
    every = gl.http_list(diffs_path, get_all=True, per_page=2)
    out["diffs"] = [[d["new_path"], d["new_file"], d["diff"], d["too_large"], d["collapsed"]] for d in every]
    out["diffs_fields"] = sorted(every[0].keys())
    unified = gl.http_list(diffs_path, get_all=True, unidiff=True)
    out["diffs_unidiff_first"] = unified[0]["diff"]

    # detailed_merge_status on get and list, once the core's check is done.
    project.files.create(
        {"file_path": "auto.txt", "branch": "py-auto", "start_branch": "main", "content": "auto\n", "commit_message": "Auto"}
    )
    mr = project.mergerequests.create({"source_branch": "py-auto", "target_branch": "main", "title": "Py auto"})
    until(lambda: project.mergerequests.get(mr.iid).detailed_merge_status not in SETTLING)
    got = project.mergerequests.get(mr.iid)
    listed = {m.iid: m for m in project.mergerequests.list(state="opened")}
    out["detailed_get"] = [got.merge_status, got.detailed_merge_status]
    out["detailed_list"] = [listed[mr.iid].merge_status, listed[mr.iid].detailed_merge_status]
    got.title = "Draft: Py auto"
    got.save()
    # GitLab answers `checking`/`unchecked` until its check of the edited request ran, then `draft_status`.
    until(lambda: project.mergerequests.get(mr.iid).detailed_merge_status not in SETTLING)
    out["detailed_draft"] = project.mergerequests.get(mr.iid).detailed_merge_status
    got.title = "Py auto"
    got.save()
    until(lambda: project.mergerequests.get(mr.iid).detailed_merge_status not in SETTLING)

    workdir = gate_dir(project, mr.iid)
    out["gate_running"] = workdir is not None

    # auto_merge=true (17.11): set while the pipeline runs; the answer and a new read say so.
    answer = mr.merge(auto_merge=True)
    out["auto_merge_answer"] = [answer["state"], answer["merge_when_pipeline_succeeds"]]
    out["auto_merge_read"] = project.mergerequests.get(mr.iid).merge_when_pipeline_succeeds
    cancelled = mr.cancel_merge_when_pipeline_succeeds()
    out["cancel_answer"] = [cancelled["state"], cancelled["merge_when_pipeline_succeeds"]]
    out["cancel_read"] = project.mergerequests.get(mr.iid).merge_when_pipeline_succeeds
    try:
        mr.cancel_merge_when_pipeline_succeeds()
        out["cancel_again"] = None
    except gitlab.exceptions.GitlabMROnBuildSuccessError as error:
        out["cancel_again"] = error.response_code

    # merge_when_pipeline_succeeds=true (13.10, deprecated in 17.11), then the pipeline succeeds.
    answer = mr.merge(merge_when_pipeline_succeeds=True)
    out["mwps_answer"] = [answer["state"], answer["merge_when_pipeline_succeeds"]]
    pathlib.Path(workdir, ".release").write_text("pass\n")
    out["merged"] = until(lambda: project.mergerequests.get(mr.iid).state == "merged") and "merged"
    merged = project.mergerequests.get(mr.iid)
    out["merged_status"] = [merged.detailed_merge_status, merged.merge_when_pipeline_succeeds]

    print(json.dumps(out))


if __name__ == "__main__":
    main()
