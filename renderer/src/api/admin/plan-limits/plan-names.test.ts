import { describe, expect, it } from 'vitest';
import {
  EMBEDDED_CAPABILITIES,
  type InstanceCapabilities,
} from '../../../../../shared/instance-capabilities.js';
import { EE_PLAN_NAMES, planNamesToProbe } from './plan-names.js';
import { KNOWN_PLAN_NAMES } from './types.js';

const gitlab = (edition: InstanceCapabilities['edition']): InstanceCapabilities => ({
  ...EMBEDDED_CAPABILITIES,
  kind: 'gitlab',
  version: '18.6.0',
  edition,
  editionSource: 'metadata',
});

describe('planNamesToProbe', () => {
  it('asks the Community Edition for `default` only (CE has no other plan)', () => {
    expect(planNamesToProbe(gitlab('ce'))).toEqual(['default']);
  });

  it('asks the Enterprise Edition for its four current plans, not the renamed or GitLab.com ones', () => {
    expect(planNamesToProbe(gitlab('ee'))).toEqual(['default', 'free', 'premium', 'ultimate']);
    expect(planNamesToProbe(gitlab('unknown'))).toBe(EE_PLAN_NAMES);
    expect(EE_PLAN_NAMES.length).toBeLessThan(KNOWN_PLAN_NAMES.length);
  });

  it('asks the embedded core for every plan it keeps, and an unknown instance for `default`', () => {
    expect(planNamesToProbe(EMBEDDED_CAPABILITIES)).toBe(KNOWN_PLAN_NAMES);
    expect(planNamesToProbe(null)).toEqual(['default']);
  });
});
