import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils/render.js';
import { ApiError } from '../../api/api-error.js';
import { describeError } from '../../api/describe-error.js';
import { ErrorAlert } from './error-alert.js';

describe('ErrorAlert', () => {
  it('shows the title and the error described in a sentence, then the children', () => {
    const error = new Error('The host is unreachable.');
    renderWithProviders(
      <ErrorAlert title="Could not connect" error={error} testId="connect-error">
        {' '}
        The instance was not added.
      </ErrorAlert>,
    );
    const alert = screen.getByTestId('connect-error');
    expect(alert.textContent).toContain('Could not connect');
    expect(alert.textContent).toContain(`${describeError(error)} The instance was not added.`);
  });

  it('shows only the children when there is no error', () => {
    renderWithProviders(<ErrorAlert title="Not imported">The path is not a git repository.</ErrorAlert>);
    expect(screen.getByText('The path is not a git repository.')).toBeTruthy();
  });

  it("describes an API error with the instance's message", () => {
    const error = new ApiError(400, { message: 'name is too long' });
    renderWithProviders(<ErrorAlert title="Not saved" error={error} testId="save-error" />);
    expect(screen.getByTestId('save-error').textContent).toContain(describeError(error));
  });
});
