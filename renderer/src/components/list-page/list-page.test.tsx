import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { ClearableInput, ListErrorStrip, ListFilterBar, ToolButton } from './list-page.js';

function Search() {
  const [value, setValue] = useState('');
  return (
    <ClearableInput
      aria-label="Search alerts"
      value={value}
      onChange={setValue}
      clearLabel="Clear search text"
      idleSection={<span>/</span>}
    />
  );
}

describe('list page blocks', () => {
  it('ClearableInput offers a clear button only once it has text, and clearing empties it', () => {
    renderWithProviders(<Search />);
    const input = screen.getByRole('textbox', { name: 'Search alerts' }) as HTMLInputElement;
    expect(screen.queryByRole('button', { name: 'Clear search text' })).toBeNull();
    expect(screen.getByText('/')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'disk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search text' }));
    expect(input.value).toBe('');
  });

  it('ListErrorStrip says what failed with the reason, and retries', () => {
    let retried = 0;
    renderWithProviders(
      <ListErrorStrip
        what="Couldn’t refresh"
        error={new ApiError(500, { message: 'database is locked' })}
        onRetry={() => (retried += 1)}
      />,
    );
    expect(screen.getByText(/Couldn’t refresh: /).textContent).toBe('Couldn’t refresh: Database is locked.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retried).toBe(1);
  });

  it('ListFilterBar and ToolButton render their content with an accessible name', () => {
    let clicked = 0;
    renderWithProviders(
      <ListFilterBar>
        <ToolButton tooltip="Refresh" label="Refresh alerts" onClick={() => (clicked += 1)}>
          R
        </ToolButton>
      </ListFilterBar>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh alerts' }));
    expect(clicked).toBe(1);
  });
});
