import { Button } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils/render.js';
import { ScreenEmptyState } from './screen-empty-state.js';

describe('ScreenEmptyState', () => {
  it('shows the title, the description, the icon and the actions in one card', () => {
    renderWithProviders(
      <ScreenEmptyState
        icon={IconCompass}
        title="Nothing here"
        description="This address does not match any screen of Outpost."
        actions={<Button>Go to projects</Button>}
        testId="empty-card"
      />,
    );
    const card = screen.getByTestId('empty-card');
    expect(card.textContent).toContain('Nothing here');
    expect(card.textContent).toContain('This address does not match any screen of Outpost.');
    expect(card.querySelector('svg.tabler-icon-compass')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Go to projects' })).toBeTruthy();
  });

  it('leaves the actions out when there are none', () => {
    renderWithProviders(<ScreenEmptyState icon={IconCompass} title="Empty" description="Nothing yet." />);
    expect(screen.getByText('Empty')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
