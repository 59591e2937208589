import { describe, expect, it } from 'vitest';
import { seededRandomBytes } from '../internal/seeded-random.js';
import { contentTypeOf, newPathId, sanitizeFileName } from './upload-path.js';

describe('sanitizeFileName', () => {
  it('keeps letters, digits, dots, dashes and underscores, as the real server does', () => {
    expect(sanitizeFileName('my report (final).PDF')).toBe('my-report-final.PDF');
    expect(sanitizeFileName('Grüße_2024.txt')).toBe('Grüße_2024.txt');
    expect(sanitizeFileName('a  -  b.txt')).toBe('a-b.txt');
  });

  it('never leaves a path separator or an empty name', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('....etcpasswd');
    expect(sanitizeFileName('..')).toBe('uploaded-file');
    expect(sanitizeFileName('!!!')).toBe('uploaded-file');
    expect(sanitizeFileName('')).toBe('uploaded-file');
  });
});

describe('newPathId', () => {
  it('is <realm>/<2 hex>/<24 url-safe characters>/<sanitized name>', () => {
    const pathId = newPathId(1, 'a b.txt', seededRandomBytes(3));
    expect(pathId).toMatch(/^1\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/a-b\.txt$/);
    expect(newPathId(1, 'a b.txt', seededRandomBytes(3))).toBe(pathId);
  });
});

describe('contentTypeOf', () => {
  it('prefers the declared type, then the extension, then application/octet-stream', () => {
    expect(contentTypeOf('image/png', 'x.txt')).toBe('image/png');
    expect(contentTypeOf('', 'photo.JPG')).toBe('image/jpeg');
    expect(contentTypeOf('', 'archive.unknown')).toBe('application/octet-stream');
  });
});
