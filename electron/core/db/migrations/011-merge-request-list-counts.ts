/**
 * Schema v11: cheap totals for merge request lists (issue 17). GitLab answers `X-Total` of a list with a
 * `COUNT(*)`; over SQLite that is a scan of every matching index entry (0.5 ms at 10,000 merge requests,
 * growing with the project), run on every list page.
 *
 * `merge_request_state_counts` keeps, per target project and state, how many merge requests there are,
 * maintained by triggers on every insert, delete (including a project's cascade) and change of
 * `project_id` or `state`, so it can't drift from the rows whatever code writes them. The list counts from
 * it when the filter is only projects and/or a state (the default lists); any other filter still counts the
 * rows. Filled from the existing rows here.
 */
export const migration011MergeRequestListCounts = {
  version: 11,
  name: 'merge-request-list-counts',
  sql: `
CREATE TABLE merge_request_state_counts (
  project_id INTEGER NOT NULL,
  state TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (project_id, state)
) WITHOUT ROWID;

INSERT INTO merge_request_state_counts (project_id, state, n)
  SELECT project_id, state, count(*) FROM merge_requests GROUP BY project_id, state;

CREATE TRIGGER merge_request_state_counts_insert AFTER INSERT ON merge_requests BEGIN
  INSERT INTO merge_request_state_counts (project_id, state, n) VALUES (new.project_id, new.state, 1)
    ON CONFLICT (project_id, state) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER merge_request_state_counts_delete AFTER DELETE ON merge_requests BEGIN
  UPDATE merge_request_state_counts SET n = n - 1 WHERE project_id = old.project_id AND state = old.state;
END;

CREATE TRIGGER merge_request_state_counts_update AFTER UPDATE OF project_id, state ON merge_requests
  WHEN old.project_id IS NOT new.project_id OR old.state IS NOT new.state BEGIN
  UPDATE merge_request_state_counts SET n = n - 1 WHERE project_id = old.project_id AND state = old.state;
  INSERT INTO merge_request_state_counts (project_id, state, n) VALUES (new.project_id, new.state, 1)
    ON CONFLICT (project_id, state) DO UPDATE SET n = n + 1;
END;
`,
};
