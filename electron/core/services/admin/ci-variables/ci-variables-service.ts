/**
 * Instance-level CI/CD variables (doc/api/instance_level_ci_variables.md; GitLab's Ci::InstanceVariable
 * with Ci::HasVariable, Ci::Maskable and Limitable). Administrator only (checked by the routes). Values are
 * sealed with the core secret box at rest. Every change writes its audit event (target
 * `Ci::InstanceVariable`, never the value) in the same transaction. `instanceVariablesForJob` is how
 * pipeline jobs receive them.
 */
import {
  countCiInstanceVariables,
  deleteCiInstanceVariable,
  findAllCiInstanceVariables,
  findCiInstanceVariableByKey,
  insertCiInstanceVariable,
  listCiInstanceVariables,
  updateCiInstanceVariable,
} from '../../../db/ci-variables.js';
import type {
  CiInstanceVariableChanges,
  CiInstanceVariableRow,
  VariableType,
} from '../../../db/ci-variables.js';
import { nowIso } from '../../../db/database.js';
import { findPlanLimits } from '../../../db/plan-limits.js';
import type { ServiceContext } from '../../context.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { recordInstanceAuditEvent } from '../instance-audit.js';
import {
  keyProblems,
  limitExceeded,
  limitExceededMessage,
  valueProblems,
} from '../../../../../shared/ci-variable-rules.js';
import type { InstanceVariable } from '../../../entities/ci-variables.js';

/** Secret-box purpose of the value column. */
const VALUE_PURPOSE = 'ci_instance_variables.value';

export interface CreateVariableInput {
  key: string;
  value: string;
  variable_type?: VariableType;
  protected?: boolean;
  masked?: boolean;
}

export interface UpdateVariableInput {
  value: string;
  variable_type?: VariableType;
  protected?: boolean;
  masked?: boolean;
}

function opened(ctx: ServiceContext, row: CiInstanceVariableRow): InstanceVariable {
  return {
    key: row.key,
    value: ctx.secrets.open(row.encrypted_value, VALUE_PURPOSE),
    variable_type: row.variable_type,
    protected: row.protected === 1,
    masked: row.masked === 1,
    raw: row.raw === 1,
    description: row.description,
  };
}

function findOrThrow(ctx: ServiceContext, key: string): CiInstanceVariableRow {
  const row = findCiInstanceVariableByKey(ctx.db, key);
  if (!row) throw new NotFoundError('InstanceVariable');
  return row;
}

/** The instance limit on the number of variables (`default` plan's ci_instance_level_variables; 0 = none). */
function variablesLimit(ctx: ServiceContext): number {
  return findPlanLimits(ctx.db, 'default')?.ci_instance_level_variables ?? 0;
}

/** `GET /admin/ci/variables`: a page in creation order. */
export function listInstanceVariablesPage(
  ctx: ServiceContext,
  limit: number,
  offset: number,
): { total: number; variables: InstanceVariable[] } {
  return {
    total: countCiInstanceVariables(ctx.db),
    variables: listCiInstanceVariables(ctx.db, limit, offset).map((r) => opened(ctx, r)),
  };
}

/**
 * `GET /admin/ci/variables/:key`.
 * @throws NotFoundError('InstanceVariable') → `404 InstanceVariable Not Found`, GitLab's words.
 */
export function getInstanceVariable(ctx: ServiceContext, key: string): InstanceVariable {
  return opened(ctx, findOrThrow(ctx, key));
}

/**
 * `POST /admin/ci/variables`.
 * @throws ValidationError (400) `{"key": [...], "value": [...], "base": [...]}`: key ≤ 255 of `[A-Za-z0-9_]`
 *   and not taken (`(KEY) has already been taken`), value ≤ 10,000 characters and maskable when masked,
 *   the plan limit on the number of variables.
 */
export function createInstanceVariable(ctx: ServiceContext, input: CreateVariableInput): InstanceVariable {
  const masked = input.masked ?? false;
  const fields: Record<string, string[]> = {};
  const add = (field: string, messages: string[]): void => {
    if (messages.length) (fields[field] ??= []).push(...messages);
  };
  add('key', keyProblems(input.key));
  if (findCiInstanceVariableByKey(ctx.db, input.key)) add('key', [`(${input.key}) has already been taken`]);
  add('value', valueProblems(input.value, masked));
  const limit = variablesLimit(ctx);
  if (limitExceeded(countCiInstanceVariables(ctx.db), limit)) add('base', [limitExceededMessage(limit)]);
  if (Object.keys(fields).length) throw new ValidationError('Validation failed', fields);

  return ctx.db.transaction(() => {
    const id = insertCiInstanceVariable(ctx.db, {
      key: input.key,
      encrypted_value: ctx.secrets.seal(input.value, VALUE_PURPOSE),
      variable_type: input.variable_type ?? 'env_var',
      protected: input.protected ? 1 : 0,
      masked: masked ? 1 : 0,
      created_at: nowIso(),
    });
    recordInstanceAuditEvent(ctx, {
      targetId: id,
      targetType: 'Ci::InstanceVariable',
      targetDetails: input.key,
      action: { add: 'variable' },
      eventName: 'ci_instance_variable_created',
      extra: {
        custom_message: `Added instance variable ${input.key}`,
        variable_type: input.variable_type ?? 'env_var',
        protected: input.protected ?? false,
        masked,
      },
    });
    return opened(ctx, findCiInstanceVariableByKey(ctx.db, input.key)!);
  })();
}

/**
 * `PUT /admin/ci/variables/:key`: the key never changes; value is required (spec), the rest optional.
 * @throws NotFoundError('InstanceVariable'); ValidationError (400) for the value rules.
 */
export function updateInstanceVariable(
  ctx: ServiceContext,
  key: string,
  input: UpdateVariableInput,
): InstanceVariable {
  const row = findOrThrow(ctx, key);
  const current = opened(ctx, row);
  const masked = input.masked ?? current.masked;
  const problems = valueProblems(input.value, masked);
  if (problems.length) throw new ValidationError('Validation failed', { value: problems });

  const changes: CiInstanceVariableChanges = {};
  const flags: {
    attribute: 'variable_type' | 'protected' | 'masked';
    from: string | boolean;
    to: string | boolean;
  }[] = [];
  const valueChanged = input.value !== current.value;
  if (valueChanged) changes.encrypted_value = ctx.secrets.seal(input.value, VALUE_PURPOSE);
  if (input.variable_type !== undefined && input.variable_type !== current.variable_type) {
    changes.variable_type = input.variable_type;
    flags.push({ attribute: 'variable_type', from: current.variable_type, to: input.variable_type });
  }
  if (input.protected !== undefined && input.protected !== current.protected) {
    changes.protected = input.protected ? 1 : 0;
    flags.push({ attribute: 'protected', from: current.protected, to: input.protected });
  }
  if (masked !== current.masked) {
    changes.masked = masked ? 1 : 0;
    flags.push({ attribute: 'masked', from: current.masked, to: masked });
  }

  return ctx.db.transaction(() => {
    if (valueChanged || flags.length) updateCiInstanceVariable(ctx.db, row.id, changes, nowIso());
    const audit = (
      action: Parameters<typeof recordInstanceAuditEvent>[1]['action'],
      extra?: Record<string, string>,
    ) =>
      recordInstanceAuditEvent(ctx, {
        targetId: row.id,
        targetType: 'Ci::InstanceVariable',
        targetDetails: key,
        action,
        eventName: 'ci_instance_variable_updated',
        extra,
      });
    // The value itself is never audited: only that it changed.
    if (valueChanged) audit({ custom_message: `Changed value of variable ${key}` }, { change: 'value' });
    for (const f of flags) audit({ change: f.attribute, from: f.from, to: f.to });
    return opened(ctx, findOrThrow(ctx, key));
  })();
}

/**
 * `DELETE /admin/ci/variables/:key`.
 * @throws NotFoundError('InstanceVariable')
 */
export function deleteInstanceVariable(ctx: ServiceContext, key: string): void {
  const row = findOrThrow(ctx, key);
  ctx.db.transaction(() => {
    deleteCiInstanceVariable(ctx.db, row.id);
    recordInstanceAuditEvent(ctx, {
      targetId: row.id,
      targetType: 'Ci::InstanceVariable',
      targetDetails: key,
      action: { remove: 'variable' },
      eventName: 'ci_instance_variable_deleted',
      extra: { custom_message: `Removed instance variable ${key}` },
    });
  })();
}

/** A variable as a pipeline job receives it. */
export interface JobVariable {
  key: string;
  value: string;
  variable_type: VariableType;
  masked: boolean;
}

/**
 * The instance variables a pipeline job receives, values opened, in creation order. Protected variables
 * only reach jobs running for a protected branch or tag (`protectedRef`). `file` variables are written to
 * a temporary file by the runner, whose path becomes the environment value; masked values must be
 * replaced by `[MASKED]` in the job trace.
 */
export function instanceVariablesForJob(ctx: ServiceContext, opts: { protectedRef: boolean }): JobVariable[] {
  return findAllCiInstanceVariables(ctx.db)
    .filter((row) => opts.protectedRef || row.protected === 0)
    .map((row) => ({
      key: row.key,
      value: ctx.secrets.open(row.encrypted_value, VALUE_PURPOSE),
      variable_type: row.variable_type,
      masked: row.masked === 1,
    }));
}
