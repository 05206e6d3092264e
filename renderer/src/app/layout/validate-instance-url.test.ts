import { describe, expect, it } from 'vitest';
import { validateInstanceUrl } from './validate-instance-url.js';

describe('validateInstanceUrl', () => {
  it('accepts http(s) base URLs', () => {
    expect(validateInstanceUrl('https://gitlab.example.com')).toBeNull();
    expect(validateInstanceUrl(' http://10.0.0.5:8080/gitlab/ ')).toBeNull();
  });

  it('explains what is wrong', () => {
    expect(validateInstanceUrl('')).toMatch(/Enter the address/);
    expect(validateInstanceUrl('gitlab.example.com')).toMatch(/full address/);
    expect(validateInstanceUrl('ftp://gitlab.example.com')).toMatch(/https:\/\//);
    expect(validateInstanceUrl('https://gitlab.example.com/?x=1')).toMatch(/query/);
    expect(validateInstanceUrl('https://me:pw@gitlab.example.com')).toMatch(/token field/);
  });
});
