import type { InstanceCapabilities } from '../../../../../shared/instance-capabilities.js';
import { KNOWN_PLAN_NAMES } from './types.js';

/**
 * The plans of GitLab's Enterprise Edition as `plan_name` takes them (doc/api/plan_limits.md; the names
 * are `Plan::DEFAULT` in app/models/plan.rb and the paid plans of ee/app/models/ee/plan.rb). `bronze`,
 * `silver` and `gold` are the tiers renamed in 2021 (GitLab 13.9) and the trial and open-source plans
 * are GitLab.com subscriptions; a self-managed instance does not use them, so they are not asked for.
 */
export const EE_PLAN_NAMES: readonly string[] = ['default', 'free', 'premium', 'ultimate'];

/**
 * Which plans the Plan limits screen asks `GET /application/plan_limits?plan_name=` for, one request
 * each (there is no endpoint listing plans): on the Community Edition only `default` (CE has no other
 * plan); on the Enterprise Edition (or an edition not learned) {@link EE_PLAN_NAMES}; on the embedded
 * Outpost core, which keeps GitLab's plan names in its own database and costs no network request, every
 * {@link KNOWN_PLAN_NAMES} entry. Null capabilities (not learned yet): only `default`. Pure.
 */
export function planNamesToProbe(capabilities: InstanceCapabilities | null): readonly string[] {
  if (!capabilities) return ['default'];
  if (capabilities.kind === 'outpost-embedded') return KNOWN_PLAN_NAMES;
  if (capabilities.edition === 'ce') return ['default'];
  return EE_PLAN_NAMES;
}
