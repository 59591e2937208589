import { describe, expect, it } from 'vitest';
import { seededRandomBytes } from '../internal/seeded-random.js';
import { uploadedMediaType } from '../internal/media-types.js';
import { decodePathId, newPathId, sanitizeFileName, truncateFileName } from './upload-path.js';

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

describe('truncateFileName', () => {
  const bytes = (text: string) => new TextEncoder().encode(text).length;

  it('cuts to the byte limit keeping the extension, never half a character', () => {
    expect(truncateFileName(`${'a'.repeat(300)}.txt`, 255)).toBe(`${'a'.repeat(251)}.txt`);
    const cjk = truncateFileName(`${'資'.repeat(120)}.pdf`, 255);
    expect([cjk, bytes(cjk)]).toEqual([`${'資'.repeat(83)}.pdf`, 253]);
    expect(truncateFileName('short.txt', 255)).toBe('short.txt');
  });

  it('cuts the whole name when the extension alone is too long, as os.path.splitext sees it', () => {
    expect(truncateFileName(`x.${'e'.repeat(300)}`, 10)).toBe(`x.${'e'.repeat(8)}`);
    expect(truncateFileName(`...${'e'.repeat(20)}`, 10)).toBe(`...${'e'.repeat(7)}`);
  });

  it('applies after NFKC normalization in sanitizeFileName (which can lengthen a name)', () => {
    // U+FDFA normalizes to 18 characters (33 bytes).
    const name = sanitizeFileName(`${'\uFDFA'.repeat(20)}.txt`);
    expect(bytes(name)).toBeLessThanOrEqual(255);
    expect(name.endsWith('.txt')).toBe(true);
  });
});

describe('decodePathId', () => {
  it("decodes a link's path, or gives undefined for broken percent-encoding", () => {
    expect(decodePathId('1/ab/x/Gr%C3%BC%C3%9Fe.txt')).toBe('1/ab/x/Grüße.txt');
    expect(decodePathId('1/ab/x/%E0%A4%A')).toBeUndefined();
  });
});

describe('newPathId', () => {
  it('is <realm>/<2 hex>/<24 url-safe characters>/<sanitized name>', () => {
    const pathId = newPathId(1, 'a b.txt', seededRandomBytes(3));
    expect(pathId).toMatch(/^1\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/a-b\.txt$/);
    expect(newPathId(1, 'a b.txt', seededRandomBytes(3))).toBe(pathId);
  });
});

describe('uploadedMediaType', () => {
  it('prefers the declared type, then the extension, then application/octet-stream', () => {
    expect(uploadedMediaType('image/png', 'x.txt')).toBe('image/png');
    expect(uploadedMediaType('', 'photo.JPG')).toBe('image/jpeg');
    expect(uploadedMediaType('', 'archive.unknown')).toBe('application/octet-stream');
  });

  it('guesses from the name when the part declared application/octet-stream, as for no type', () => {
    expect(uploadedMediaType('application/octet-stream', 'smile.png')).toBe('image/png');
    expect(uploadedMediaType('Application/Octet-Stream', 'notes.md')).toBe('text/markdown');
    expect(uploadedMediaType('application/octet-stream', 'blob')).toBe('application/octet-stream');
  });
});
