/**
 * The `.env` import preview (issue 30, defect 2): a line dotenv cannot read (`BAD KEY=nope`) is listed
 * as skipped with its line number and reason, and counted in the summary, instead of vanishing.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { ImportVariablesModal } from './import-variables-modal.js';

describe('ImportVariablesModal preview', () => {
  it('lists unreadable lines as skipped, with the line number and why, and counts them', () => {
    renderWithProviders(
      <ImportVariablesModal
        profileId="p1"
        opened
        variables={[{ key: 'KEEP', value: 'old', variable_type: 'env_var', protected: false, masked: false }]}
        onClose={() => undefined}
      />,
    );
    fireEvent.change(screen.getByLabelText('.env content'), {
      target: { value: 'NEW=1\nBAD KEY=nope\nKEEP=new\n' },
    });
    const summary = screen.getByTestId('import-summary');
    expect(summary.textContent).toContain('1 to add');
    expect(summary.textContent).toContain('1 to change');
    expect(summary.textContent).toContain('1 skipped');
    const skipped = screen.getAllByTestId('import-row').filter((row) => row.dataset.status === 'invalid');
    expect(skipped).toHaveLength(1);
    expect(within(skipped[0]!).getByText('BAD KEY=nope')).toBeTruthy();
    expect(within(skipped[0]!).getByText(/^Line 2: “BAD KEY” is not a key/)).toBeTruthy();
  });
});
