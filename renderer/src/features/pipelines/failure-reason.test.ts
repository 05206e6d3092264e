import { describe, expect, it } from 'vitest';
import { failureReasonText, SANDBOX_UNAVAILABLE_TEXT } from './failure-reason.js';

describe('failureReasonText', () => {
  it('reads runner_unsupported as the missing job sandbox on the embedded instance', () => {
    expect(failureReasonText('runner_unsupported', true)).toBe(SANDBOX_UNAVAILABLE_TEXT);
    expect(SANDBOX_UNAVAILABLE_TEXT).toBe('The job sandbox is not available on this machine');
  });

  it('keeps GitLab’s meaning of runner_unsupported on a remote instance', () => {
    expect(failureReasonText('runner_unsupported', false)).toBe(
      'No runner supports the requirements of this job',
    );
  });

  it('names known reasons and humanises unknown ones', () => {
    expect(failureReasonText('script_failure', true)).toBe('Script failure');
    expect(failureReasonText('job_execution_timeout', false)).toBe('The job ran longer than its timeout');
    expect(failureReasonText('some_new_reason', true)).toBe('Some new reason');
  });
});
