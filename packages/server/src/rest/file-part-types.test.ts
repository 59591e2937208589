import { describe, expect, it } from 'vitest';
import { filePartTypes } from './file-part-types.js';

const encoder = new TextEncoder();

/** A multipart body of `parts` (header lines and content) with boundary `XyZ`. */
function multipart(parts: { headers: string[]; content: string }[]): Uint8Array {
  return encoder.encode(
    `${parts.map((part) => `--XyZ\r\n${part.headers.join('\r\n')}\r\n\r\n${part.content}\r\n`).join('')}--XyZ--\r\n`,
  );
}

describe('filePartTypes', () => {
  it('gives each file part its declared type, or null when it declared none; string fields are skipped', () => {
    const body = multipart([
      { headers: ['Content-Disposition: form-data; name="to"'], content: 'general' },
      { headers: ['Content-Disposition: form-data; name="f"; filename="smile.png"'], content: '\x89PNG' },
      {
        headers: [
          'content-disposition: form-data; name="g"; filename="a.txt"',
          'Content-Type: application/octet-stream',
        ],
        content: 'a\r\n--Xy',
      },
      {
        headers: [
          'Content-Type: text/plain',
          'Content-Disposition: form-data; name="h"; filename*=UTF-8\'\'%C3%A9.txt',
        ],
        content: '',
      },
    ]);
    expect(filePartTypes(body, 'multipart/form-data; boundary=XyZ')).toEqual([
      null,
      'application/octet-stream',
      'text/plain',
    ]);
    expect(filePartTypes(body, 'multipart/form-data; boundary="XyZ"')).toEqual([
      null,
      'application/octet-stream',
      'text/plain',
    ]);
  });

  it('finds nothing without a boundary, and stops at a body cut short', () => {
    const body = multipart([{ headers: ['Content-Disposition: form-data; name="f"; filename="a.png"'], content: 'x' }]);
    expect(filePartTypes(body, 'multipart/form-data')).toEqual([]);
    expect(filePartTypes(body.subarray(0, 20), 'multipart/form-data; boundary=XyZ')).toEqual([]);
  });
});
