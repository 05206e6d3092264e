/**
 * Label text colour by WCAG contrast (issue 30, defect 5): "documentation" (#F0AD4E) had white text at
 * 1.95:1; GitLab's label component picks the text that contrasts (gitlab-ui GlLabel).
 */
import { describe, expect, it } from 'vitest';
import { contrastRatio, LABEL_TEXT_DARK, LABEL_TEXT_LIGHT, labelTextColor } from './label-text-color.js';

describe('labelTextColor', () => {
  it('gives dark text on GitLab’s light suggested colours and light text on the dark ones', () => {
    expect(contrastRatio('#F0AD4E', '#FFFFFF')).toBeCloseTo(1.95, 2);
    expect(labelTextColor('#F0AD4E')).toBe(LABEL_TEXT_DARK);
    expect(labelTextColor('#5CB85C')).toBe(LABEL_TEXT_LIGHT); // 2.48:1 ≥ 2.4
    expect(labelTextColor('#FFECDB')).toBe(LABEL_TEXT_DARK);
    expect(labelTextColor('#428BCA')).toBe(LABEL_TEXT_LIGHT);
    expect(labelTextColor('#D9534F')).toBe(LABEL_TEXT_LIGHT);
    expect(labelTextColor('#34495E')).toBe(LABEL_TEXT_LIGHT);
    expect(labelTextColor('#8E44AD')).toBe(LABEL_TEXT_LIGHT);
    expect(labelTextColor('#fff')).toBe(LABEL_TEXT_DARK);
    expect(labelTextColor('not a colour')).toBe(LABEL_TEXT_LIGHT);
  });

  it('never picks a text colour under 2.4:1 where the other one does better', () => {
    for (const bg of ['#F0AD4E', '#5CB85C', '#FFECDB', '#7F8C8D', '#FFFF00', '#00FF00', '#808080']) {
      const chosen = contrastRatio(bg, labelTextColor(bg))!;
      expect(chosen >= 2.4 || chosen >= contrastRatio(bg, '#FFFFFF')!).toBe(true);
    }
  });
});
