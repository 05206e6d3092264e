"""Drive the Runners API (issue 28, doc/api/runners.md) through python-gitlab, unchanged: the instance
runners (`runners_all.list`, with `type`/`paused` filters), the caller's own runners (`runners.list`),
a runner's details (`runners.get`), a change saved (`description`, `paused`, `maximum_timeout`), its
jobs (`runner.jobs.list`), the refused delete, and the administrators' instance job list (`GET /jobs`,
an Outpost extension, read with python-gitlab's own `http_list`).

Run by electron/core/test/clients/python-gitlab-runners.test.ts against a live core. Reads the instance
URL and an administrator's token from OUTPOST_URL and OUTPOST_TOKEN (never from argv). Prints one JSON
object with what the library saw; any unexpected library error propagates and exits non-zero.
"""

import json
import os

import gitlab


def main() -> None:
    url, token = os.environ["OUTPOST_URL"], os.environ["OUTPOST_TOKEN"]
    gl = gitlab.Gitlab(url, private_token=token)
    gl.auth()
    out = {}

    out["all"] = [[r.id, r.runner_type, r.status, r.paused] for r in gl.runners_all.list(get_all=True)]
    out["all_project_type"] = len(gl.runners_all.list(type="project_type", get_all=True))
    out["owned"] = len(gl.runners.list(get_all=True))

    runner = gl.runners.get(1)
    out["details"] = [runner.description, runner.is_shared, runner.tag_list, runner.run_untagged]

    runner.description = "Desk runner"
    runner.paused = True
    runner.maximum_timeout = 3600
    runner.save()
    again = gl.runners.get(1)
    out["after_save"] = [again.description, again.paused, again.active, again.maximum_timeout]
    out["paused_filter"] = len(gl.runners_all.list(paused=True, get_all=True))
    again.paused = False
    again.save()
    out["resumed"] = gl.runners.get(1).paused

    out["jobs"] = [j.status for j in again.jobs.list(status="success", get_all=True)]

    try:
        again.delete()
        out["delete"] = "deleted"
    except gitlab.exceptions.GitlabDeleteError as err:
        out["delete"] = [err.response_code, "cannot be removed" in str(err.error_message)]

    jobs = gl.http_list("/jobs", query_data={"scope[]": ["success"]}, get_all=True)
    out["instance_jobs"] = sorted({j["status"] for j in jobs})
    out["instance_jobs_have_project"] = all("path_with_namespace" in j["project"] for j in jobs)

    print(json.dumps(out))


if __name__ == "__main__":
    main()
