"""Drive the Releases API (issue 26) through python-gitlab, unchanged: create a release of an existing
tag and one whose tag is made from `ref`, list (order_by/sort), get, save (update), the tag's `release`
field, 409 for a second release of a tag, delete (the tag stays), and 404 afterwards.

Run by electron/core/test/clients/python-gitlab-releases.test.ts against a live core. Reads the instance
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

    project = gl.projects.create({"name": "Py Releases", "initialize_with_readme": True})
    project.tags.create({"tag_name": "v1.0", "ref": project.default_branch})
    project.milestones.create({"title": "Py M1"})

    first = project.releases.create(
        {
            "tag_name": "v1.0",
            "name": "Py One",
            "description": "First from python-gitlab",
            "released_at": "2020-01-01T00:00:00Z",
            "milestones": ["Py M1"],
        }
    )
    out["created"] = [first.tag_name, first.name, first.released_at, [m["title"] for m in first.milestones]]

    second = project.releases.create(
        {"tag_name": "v2.0", "ref": project.default_branch, "description": "Second"}
    )
    out["created_with_ref"] = [second.name, second.commit["id"] == project.commits.list()[0].id]
    out["tag_made"] = project.tags.get("v2.0").name

    out["list"] = [r.tag_name for r in project.releases.list()]
    out["list_created_asc"] = [r.tag_name for r in project.releases.list(order_by="created_at", sort="asc")]

    got = project.releases.get("v1.0")
    out["get"] = [got.description, got.upcoming_release, sorted(s["format"] for s in got.assets["sources"])]

    got.description = "Edited by python-gitlab"
    got.save()
    out["after_save"] = project.releases.get("v1.0").description
    out["tag_release"] = project.tags.get("v1.0").release

    try:
        project.releases.create({"tag_name": "v1.0", "description": "again"})
        out["conflict"] = None
    except gitlab.exceptions.GitlabCreateError as err:
        out["conflict"] = [err.response_code, err.error_message]

    project.releases.delete("v2.0")
    try:
        project.releases.get("v2.0")
        out["after_delete"] = None
    except gitlab.exceptions.GitlabGetError as err:
        out["after_delete"] = err.response_code
    out["tag_kept"] = project.tags.get("v2.0").name

    print(json.dumps(out))


if __name__ == "__main__":
    main()
