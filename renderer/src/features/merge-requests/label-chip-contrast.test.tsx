/**
 * Label badges pick their text colour by contrast (issue 30, defect 5): GitLab (and the core) still send
 * `text_color: "#FFFFFF"` for #F0AD4E (LabelsHelper#text_color_for_bg, r+g+b ≤ 500), which the old chip
 * used as is — white on orange at 1.95:1.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils/render.js';
import { LabelChip } from './merge-request-badges.js';

const label = (name: string, color: string) => ({
  id: 1,
  name,
  color,
  text_color: '#FFFFFF',
  description: null,
});

describe('LabelChip', () => {
  it('shows dark text on a light label and white text on a dark one, whatever text_color says', () => {
    renderWithProviders(
      <>
        <LabelChip label={label('documentation', '#F0AD4E')} />
        <LabelChip label={label('bug', '#D9534F')} />
      </>,
    );
    const color = (name: string) =>
      (screen.getByText(name).closest('.mantine-Badge-root') as HTMLElement).style.color.toLowerCase();
    expect(color('documentation')).toBe('#18171d');
    expect(color('bug')).toBe('#ffffff');
  });
});
