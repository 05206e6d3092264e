/**
 * `.gitlab-ci.yml` → a validated configuration (doc/ci/yaml/index.md), with GitLab's error wording
 * (`jobs:build config contains unknown keys: foo`, `build job: chosen stage does not exist; available
 * stages are .pre, build, test, deploy, .post`, `test job: undefined need: build`). Supported: `stages`,
 * `variables`, `default` and the global `before_script`/`after_script`/`image`, `workflow:rules`, hidden
 * jobs and `extends`, and per job `script`, `before_script`, `after_script`, `stage`, `variables`, `rules`
 * (`if`, `changes`, `exists`, `when`, `allow_failure`, `variables`), `only`/`except` (`refs`, `variables`,
 * `changes`), `when`, `allow_failure` (also `exit_codes`), `needs`, `timeout`, `retry`, `coverage`,
 * `artifacts:reports:junit`, `environment`, `image` (accepted, not used), `inherit`. Keywords the local
 * executor can't honour (`include`, `trigger`, `parallel`, `when: delayed`) are configuration errors.
 * Pure; unit-tested.
 */
import { parseDocument } from 'yaml';
import { readJob } from './jobs.js';
import {
  Errors,
  isHash,
  readDefault,
  readStages,
  readVariables,
  resolveExtends,
  ROOT_KEYWORDS,
} from './keywords.js';
import { validateNeeds } from './needs.js';
import { readWorkflow } from './rules.js';
import type { CiJob, ParseResult } from './types.js';

export { DEFAULT_STAGES } from './types.js';
export type {
  CiConfig,
  CiJob,
  CiNeed,
  CiRule,
  JobEnvironment,
  JobWhen,
  ParseResult,
  RefPolicy,
  RuleWhen,
} from './types.js';

/**
 * Parse and validate `.gitlab-ci.yml` text. On failure, `errors` hold every problem found (GitLab joins
 * them with ", " into `yaml_errors`).
 */
export function parseCiConfig(text: string): ParseResult {
  if (text.trim() === '') return { ok: false, errors: ['Please provide content of .gitlab-ci.yml'] };
  const doc = parseDocument(text, { merge: true, prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const offset = e.pos[0];
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const col = offset - before.lastIndexOf('\n');
    const where = ` at line ${line} column ${col}`;
    const first = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, errors: [`(<unknown>): ${first}${where}`] };
  }
  let root: unknown;
  try {
    root = doc.toJS({ maxAliasCount: 10_000 });
  } catch (err) {
    return { ok: false, errors: [`(<unknown>): ${(err as Error).message.split('\n')[0]}`] };
  }
  if (!isHash(root)) return { ok: false, errors: ['Invalid configuration format'] };
  const errors = new Errors();

  if ('include' in root) errors.add("include config is not supported by Outpost's local executor");

  // extends: resolve for every job-like entry (hidden templates included).
  const resolved = resolveExtends(root, errors);

  const stages = readStages(resolved, errors);
  const variables = readVariables(resolved.variables, 'variables', errors, true);
  const defaults = readDefault(resolved, errors);
  const workflowRules = readWorkflow(resolved.workflow, errors);

  const jobs: CiJob[] = [];
  for (const [name, value] of Object.entries(resolved)) {
    if (ROOT_KEYWORDS.has(name) || name.startsWith('.')) continue;
    const job = readJob(name, value, defaults, errors);
    if (job) jobs.push(job);
  }
  if (jobs.length === 0 && errors.list.length === 0)
    errors.add('jobs config should contain at least one visible job');

  const available = ['.pre', ...stages, '.post'];
  for (const job of jobs) {
    if (!available.includes(job.stage))
      errors.add(
        `${job.name} job: chosen stage does not exist; available stages are ${available.join(', ')}`,
      );
  }
  validateNeeds(jobs, available, errors);

  if (errors.list.length > 0) return { ok: false, errors: errors.list };
  return { ok: true, config: { stages: available, variables, workflowRules, jobs } };
}
