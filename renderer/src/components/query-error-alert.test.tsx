import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render.js';
import { ApiError } from '../api/api-error.js';
import { QueryErrorAlert } from './query-error-alert.js';

describe('QueryErrorAlert', () => {
  it('with `query`: describes its error, Retry refetches it and spins while it fetches', () => {
    const calls: string[] = [];
    const query = {
      error: new ApiError(404, { message: '404 Project Not Found' }),
      refetch: () => calls.push('refetch'),
      isFetching: false,
    };
    const first = renderWithProviders(<QueryErrorAlert title="Couldn’t load the folder" query={query} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Couldn’t load the folder');
    expect(alert.textContent).toContain('Project not found');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(calls).toEqual(['refetch']);
    first.unmount();
    renderWithProviders(<QueryErrorAlert title="Couldn’t load" query={{ ...query, isFetching: true }} />);
    expect(screen.getByRole('button', { name: 'Retry' }).getAttribute('data-loading')).toBe('true');
  });

  it('with `error` alone: no Retry button', () => {
    renderWithProviders(<QueryErrorAlert title="Not found" error={new Error('gone')} />);
    expect(screen.getByRole('alert').textContent).toContain('gone');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
