import { describe, expect, it } from 'vitest';
import { draftTitle, isDraftTitle, readyTitle } from './draft-title.js';

describe('draft titles', () => {
  it('recognises the prefixes GitLab recognises, in any case', () => {
    for (const title of ['Draft: x', '[Draft] x', '(draft) x', 'WIP: x', '[wip] x', 'Draft - x', 'draft x'])
      expect(isDraftTitle(title), title).toBe(true);
    for (const title of ['Drafting x', 'x Draft:', 'Fix draft handling', 'WIPE x'])
      expect(isDraftTitle(title), title).toBe(false);
  });

  it('strips every leading draft prefix and nothing else', () => {
    expect(readyTitle('Draft: Fix it')).toBe('Fix it');
    expect(readyTitle('Draft: [WIP] Fix it')).toBe('Fix it');
    expect(readyTitle('(Draft) Fix draft: handling')).toBe('Fix draft: handling');
    expect(readyTitle('Fix it')).toBe('Fix it');
  });

  it('prepends "Draft: " once', () => {
    expect(draftTitle('Fix it')).toBe('Draft: Fix it');
    expect(draftTitle('WIP: Fix it')).toBe('WIP: Fix it');
    expect(readyTitle(draftTitle('Fix it'))).toBe('Fix it');
  });
});
