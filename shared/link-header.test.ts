import { describe, expect, it } from 'vitest';
import { linkToApiPath, parseLinkHeader } from './link-header.js';

describe('parseLinkHeader', () => {
  it('reads every relation, quoted or not, with commas inside URLs', () => {
    const links = parseLinkHeader(
      '<https://gl.example/api/v4/audit_events?cursor=a%2Cb&x=1,2>; rel="next", <https://gl.example/api/v4/audit_events?page=1>; rel=first, <https://gl.example/p>; rel="prev last"',
    );
    expect(links.get('next')).toBe('https://gl.example/api/v4/audit_events?cursor=a%2Cb&x=1,2');
    expect(links.get('first')).toBe('https://gl.example/api/v4/audit_events?page=1');
    expect(links.get('prev')).toBe('https://gl.example/p');
    expect(links.get('last')).toBe('https://gl.example/p');
  });
  it('is empty for a missing or malformed header', () => {
    expect(parseLinkHeader(undefined).size).toBe(0);
    expect(parseLinkHeader('').size).toBe(0);
    expect(parseLinkHeader('garbage; rel="next"').size).toBe(0);
    expect(parseLinkHeader('<https://x/y>').size).toBe(0);
  });
});

describe('linkToApiPath', () => {
  it('keeps the path under /api/v4 and the query as sent, whatever the base', () => {
    expect(
      linkToApiPath('http://localhost/api/v4/audit_events?cursor=eyJ9&per_page=100', '/audit_events'),
    ).toBe('/audit_events?cursor=eyJ9&per_page=100');
    expect(linkToApiPath('https://gl.example/gitlab/api/v4/audit_events?id_after=5', '/audit_events')).toBe(
      '/audit_events?id_after=5',
    );
    expect(linkToApiPath('/api/v4/audit_events?page=2', '/audit_events')).toBe('/audit_events?page=2');
  });
  it('refuses links to anything else', () => {
    expect(linkToApiPath('https://gl.example/api/v4/users?page=2', '/audit_events')).toBeNull();
    expect(linkToApiPath('https://gl.example/audit_events?page=2', '/audit_events')).toBeNull();
    expect(linkToApiPath('http://[bad', '/audit_events')).toBeNull();
  });
});
