import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils/render.js';
import { DetailDrawer, DetailFields, DetailHeading, DetailSection } from './detail-drawer.js';

describe('DetailDrawer', () => {
  it('shows the heading and labelled sections with key/value rows, a dash for empty values', () => {
    renderWithProviders(
      <DetailDrawer
        opened
        onClose={() => {}}
        size={520}
        testId="thing-drawer"
        title={<DetailHeading title="Pipeline failed" subtitle="Alert #4" />}
      >
        <DetailSection label="Details">
          <DetailFields
            rows={[
              ['Service', 'checkout'],
              ['Environment', null],
              ['Hosts', ''],
            ]}
          />
        </DetailSection>
      </DetailDrawer>,
    );
    const drawer = screen.getByTestId('thing-drawer');
    expect(within(drawer).getByRole('heading', { level: 3, name: 'Pipeline failed' })).toBeTruthy();
    expect(within(drawer).getByText('Alert #4')).toBeTruthy();
    const section = within(drawer).getByRole('region', { name: 'Details' });
    expect(section.querySelector('[data-field="Service"]')?.textContent).toContain('checkout');
    expect(section.querySelector('[data-field="Environment"]')?.textContent).toContain('—');
    expect(section.querySelector('[data-field="Hosts"]')?.textContent).toContain('—');
  });

  it('marks the compact look on the grid only when asked', () => {
    const { container } = renderWithProviders(
      <>
        <DetailFields rows={[['A', '1']]} compact />
        <DetailFields rows={[['B', '2']]} />
      </>,
    );
    const grids = container.querySelectorAll('[data-field]');
    expect(grids[0]!.parentElement!.parentElement!.hasAttribute('data-compact')).toBe(true);
    expect(grids[1]!.parentElement!.parentElement!.hasAttribute('data-compact')).toBe(false);
  });

  it('renders nothing while closed', () => {
    renderWithProviders(
      <DetailDrawer opened={false} onClose={() => {}} size={400} testId="closed" title="x">
        <p>body</p>
      </DetailDrawer>,
    );
    expect(screen.queryByText('body')).toBeNull();
  });
});
