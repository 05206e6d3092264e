"""Drive groups, namespaces, members and users endpoints through python-gitlab, unchanged.

Run by electron/core/test/clients/python-gitlab.test.ts against a live core. Reads the instance URL
and an administrator's token from OUTPOST_URL and OUTPOST_TOKEN (never from argv, so the token stays
out of process listings). Prints one JSON object with what the library saw; any library error
propagates and exits non-zero with its traceback on stderr.
"""

import json
import os
import sys

import gitlab
from gitlab import exceptions as glexc


def main() -> None:
    gl = gitlab.Gitlab(os.environ["OUTPOST_URL"], private_token=os.environ["OUTPOST_TOKEN"])
    gl.auth()
    out = {"python_gitlab": gitlab.__version__, "current_user": gl.user.username}

    # Groups: create, update (PUT), subgroups, descendant groups.
    top = gl.groups.create({"name": "Py Top", "path": "py-top", "visibility": "public"})
    top.description = "managed by python-gitlab"
    top.save()
    out["top_after_save"] = gl.groups.get(top.id).description
    sub = gl.groups.create({"name": "Py Sub", "path": "py-sub", "parent_id": top.id})
    leaf = gl.groups.create({"name": "Py Leaf", "path": "py-leaf", "parent_id": sub.id})
    out["subgroups"] = [g.full_path for g in top.subgroups.list()]
    out["descendants"] = sorted(g.full_path for g in top.descendant_groups.list(all=True))
    updated = gl.groups.update(sub.id, {"name": "Py Sub Renamed"})
    out["updated_name"] = updated["name"]

    # Users: create, update, block/unblock, ban/unban, deactivate/activate.
    user = gl.users.create(
        {
            "username": "pyuser",
            "name": "Py User",
            "email": "pyuser@example.com",
            "password": "a-long-enough-password",
        }
    )
    # python-gitlab 3.12 insists on email, username and name in every update.
    gl.users.update(
        user.id,
        {
            "email": user.email,
            "username": user.username,
            "name": "Py User Renamed",
            "note": "set by python-gitlab",
        },
    )
    user = gl.users.get(user.id)
    out["user_after_update"] = {"name": user.name, "note": user.note}
    states = []
    states.append(user.block())
    states.append(user.state)
    states.append(gl.users.get(user.id).state)
    states.append(user.unblock())
    states.append(user.state)
    user.ban()
    states.append(gl.users.get(user.id).state)
    user.unban()
    states.append(gl.users.get(user.id).state)
    user.deactivate()
    states.append(gl.users.get(user.id).state)
    user.activate()
    states.append(gl.users.get(user.id).state)
    out["states"] = states
    try:
        gl.users.get(gl.user.id).block()
        out["self_block"] = "allowed"
    except glexc.GitlabBlockError as e:
        out["self_block"] = {"code": e.response_code, "message": e.error_message}

    # Members: a direct group member shows in members_all of a subgroup and of a project there.
    top.members.create({"user_id": user.id, "access_level": 30})
    sub.members.create({"user_id": user.id, "access_level": 40})
    out["sub_members_all"] = sorted(
        (m.username, m.access_level) for m in sub.members_all.list(all=True)
    )
    project = gl.projects.create({"name": "Py App", "namespace_id": leaf.id})
    out["project_members_all"] = sorted(
        (m.username, m.access_level) for m in project.members_all.list(all=True)
    )
    out["group_projects"] = [
        p.path_with_namespace for p in top.projects.list(include_subgroups=True, all=True)
    ]
    out["memberships"] = sorted(
        (m.source_type, m.source_name, m.access_level) for m in user.memberships.list(all=True)
    )

    # Namespaces: by id, by full path, exists.
    out["namespace_by_id"] = gl.namespaces.get(sub.id).full_path
    out["namespace_by_path"] = gl.namespaces.get("py-top/py-sub").id == sub.id
    out["exists"] = gl.http_get("/namespaces/py-top/exists")
    out["exists_under"] = gl.http_get("/namespaces/py-sub/exists", query_data={"parent_id": top.id})

    # Transfer: leaf to the top level and back under top.
    leaf.transfer()
    out["leaf_after_transfer"] = gl.groups.get(leaf.id).full_path
    leaf.transfer(top.id)
    out["leaf_after_transfer_back"] = gl.groups.get(leaf.id).full_path

    # Delete: the group tree with its project, then the user.
    gl.groups.delete(top.id)
    try:
        gl.groups.get(top.id)
        out["top_after_delete"] = "still there"
    except glexc.GitlabGetError as e:
        out["top_after_delete"] = e.response_code
    try:
        gl.projects.get(project.id)
        out["project_after_delete"] = "still there"
    except glexc.GitlabGetError as e:
        out["project_after_delete"] = e.response_code
    gl.users.delete(user.id)
    try:
        gl.users.get(user.id)
        out["user_after_delete"] = "still there"
    except glexc.GitlabGetError as e:
        out["user_after_delete"] = e.response_code

    json.dump(out, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main()
