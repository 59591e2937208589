import { describe, expect, it } from 'vitest';
import { apiBaseUrl, normalizeSite } from './normalize-site.js';

describe('normalizeSite', () => {
  it.each([
    ['chat.example.com', 'https://chat.example.com'],
    ['https://chat.example.com/', 'https://chat.example.com'],
    ['http://chat.example.com//', 'http://chat.example.com'],
    ['localhost:9991', 'http://localhost:9991'],
    ['localhost', 'http://localhost'],
    ['https://chat.example.com/api', 'https://chat.example.com'],
    ['https://chat.example.com/api/', 'https://chat.example.com'],
    ['https://chat.example.com/api/v1', 'https://chat.example.com'],
    ['https://example.com/chat/api/v1/', 'https://example.com/chat'],
    ['  chat.example.com  ', 'https://chat.example.com'],
  ])('normalises %s to %s', (site, expected) => {
    expect(normalizeSite(site)).toBe(expected);
  });

  it('builds the API base URL below /api/v1', () => {
    expect(apiBaseUrl('chat.example.com/api')).toBe('https://chat.example.com/api/v1');
  });

  it('rejects empty, malformed and non-HTTP sites', () => {
    expect(() => normalizeSite('')).toThrow(/site is empty/);
    expect(() => normalizeSite('https://')).toThrow(/is not a valid URL/);
    expect(() => normalizeSite('ftp://chat.example.com')).toThrow(/must be an http:\/\/ or https:\/\/ URL/);
  });

  it('rejects credentials in the site without echoing them', () => {
    expect(() => normalizeSite('https://bot:s3cret@chat.example.com')).toThrow(/must not contain credentials/);
    try {
      normalizeSite('https://bot:s3cret@chat.example.com');
    } catch (error) {
      expect((error as Error).message).not.toContain('s3cret');
    }
  });
});
