import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils/render.js';
import { CopyIconButton, CopyTextButton } from './copy-button.js';

let copied: string[] = [];
const original = navigator.clipboard;

beforeEach(() => {
  copied = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
  });
});
afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: original });
});

describe('copy buttons', () => {
  it('CopyIconButton copies its value under its accessible name', async () => {
    renderWithProviders(
      <CopyIconButton value="https://x/notify.json" label="Copy URL" ariaLabel="Copy URL of prod" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy URL of prod' }));
    await waitFor(() => expect(copied).toEqual(['https://x/notify.json']));
  });

  it('CopyTextButton copies and then says Copied', async () => {
    renderWithProviders(<CopyTextButton value="curl -X POST" label="Copy command" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy command' }));
    await waitFor(() => expect(copied).toEqual(['curl -X POST']));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });
});
