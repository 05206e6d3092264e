"""Drive the Admin → Users endpoints of issue 28 through python-gitlab, unchanged.

Run by electron/core/test/clients/python-gitlab-users-admin.test.ts against a live core. Reads the
instance URL and an administrator's token from OUTPOST_URL and OUTPOST_TOKEN, and the ids of two users
the test put in the `blocked_pending_approval` state from OUTPOST_PENDING (comma-separated). Prints one
JSON object with what the library saw; any library error propagates and exits non-zero.
"""

import json
import os

import gitlab


def main() -> None:
    gl = gitlab.Gitlab(os.environ["OUTPOST_URL"], private_token=os.environ["OUTPOST_TOKEN"])
    gl.auth()
    approve_id, reject_id = (int(x) for x in os.environ["OUTPOST_PENDING"].split(","))
    out = {}

    # GET /users filters and order (extra keyword arguments go to the query string).
    ext = gl.users.create(
        {
            "username": "py-ext",
            "name": "Py Ext",
            "email": "py-ext@example.com",
            "password": "a-long-enough-password",
            "external": True,
        }
    )
    out["external"] = [u.username for u in gl.users.list(external=True, all=True)]
    out["admins"] = [u.username for u in gl.users.list(admins=True, all=True)]
    out["by_username_asc"] = [
        u.username for u in gl.users.list(search="py-", order_by="username", sort="asc", all=True)
    ]
    out["without_projects_has_ext"] = ext.id in [
        u.id for u in gl.users.list(without_projects=True, exclude_internal=True, all=True)
    ]

    # Approve and reject.
    out["approve"] = gl.users.get(approve_id, lazy=True).approve()
    out["approved_state"] = gl.users.get(approve_id).state
    out["reject"] = gl.users.get(reject_id, lazy=True).reject()
    try:
        gl.users.get(reject_id)
        out["rejected_gone"] = False
    except gitlab.exceptions.GitlabGetError as e:
        out["rejected_gone"] = e.response_code == 404
    try:
        gl.users.get(approve_id, lazy=True).approve()
    except gitlab.exceptions.GitlabUserApproveError as e:
        out["approve_again"] = [e.response_code, e.error_message]

    # Impersonation tokens.
    user = gl.users.get(approve_id)
    tok = user.impersonationtokens.create({"name": "py-imp", "scopes": ["api", "read_user"]})
    out["token_created"] = {
        "impersonation": tok.impersonation,
        "scopes": tok.scopes,
        "active": tok.active,
        "has_token": bool(getattr(tok, "token", "")),
    }
    as_user = gitlab.Gitlab(os.environ["OUTPOST_URL"], private_token=tok.token)
    as_user.auth()
    out["token_user"] = as_user.user.username
    out["listed"] = [t.name for t in user.impersonationtokens.list(state="active")]
    user.impersonationtokens.delete(tok.id)
    out["after_revoke_active"] = [t.name for t in user.impersonationtokens.list(state="active")]
    out["after_revoke_inactive"] = [t.name for t in user.impersonationtokens.list(state="inactive")]

    # Application statistics.
    stats = gl.statistics.get()
    out["statistics"] = {k: getattr(stats, k) for k in ("users", "projects", "groups", "forks", "active_users")}

    print(json.dumps(out))


if __name__ == "__main__":
    main()
