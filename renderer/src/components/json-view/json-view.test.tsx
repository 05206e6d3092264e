import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils/render.js';
import { JsonView } from './json-view.js';

const TEXT = JSON.stringify({ title: 'Disk full', severity: 'high' }, null, 2);

describe('JsonView', () => {
  it('toggles the block under "Show <noun>" / "Hide <noun>" and points the toggle at it', () => {
    renderWithProviders(<JsonView text={TEXT} noun="payload" id="raw-1" testId="raw" />);
    const toggle = screen.getByRole('button', { name: 'Show payload' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('raw-1');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide payload' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('raw').textContent).toContain('"severity": "high"');
    expect(screen.getByTestId('raw').getAttribute('id')).toBe('raw-1');
  });

  it('says JSON by default, opens when asked, and offers Copy JSON', () => {
    renderWithProviders(<JsonView text={TEXT} defaultOpen testId="raw" maxHeight={320} />);
    expect(screen.getByRole('button', { name: 'Hide JSON' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy JSON' })).toBeTruthy();
    expect(screen.getByTestId('raw').style.getPropertyValue('--json-view-max-height')).toBe('320px');
  });
});
