/**
 * What the file parts of a `multipart/form-data` body declared as their `Content-Type`, in
 * order: the header's value, or null for a part that had none.
 *
 * The fetch standard's form parser gives a file part without a type as `text/plain`, so a
 * part that said nothing cannot be told from one that said `text/plain` after parsing. The
 * real server treats the two differently (it guesses a missing type from the file name:
 * python-zulip-api uploads emoji and files that way), so the transport reads the part headers
 * itself and reports a missing type as `''`.
 */
export function filePartTypes(body: Uint8Array, contentType: string): (string | null)[] {
  const boundary = boundaryOf(contentType);
  if (boundary === null) return [];
  const delimiter = new TextEncoder().encode(`--${boundary}`);
  // After the first part, a delimiter starts a line: `\r\n--boundary`.
  const next = new TextEncoder().encode(`\r\n--${boundary}`);
  const types: (string | null)[] = [];
  let at = indexOf(body, delimiter, 0);
  while (at !== -1) {
    const afterDelimiter = at + delimiter.length;
    // `--boundary--` closes the body.
    if (body[afterDelimiter] === 0x2d && body[afterDelimiter + 1] === 0x2d) break;
    // The part's header lines, between the delimiter line and the first empty line (none: a part without headers).
    const headersStart = afterDelimiter + 2;
    const headersEnd =
      body[headersStart] === 0x0d && body[headersStart + 1] === 0x0a
        ? headersStart
        : indexOf(body, CRLF_CRLF, headersStart);
    if (headersEnd === -1) break;
    const headers = latin1(body.subarray(headersStart, headersEnd)).split('\r\n');
    const disposition = headerValue(headers, 'content-disposition');
    if (disposition !== null && /;\s*filename\*?=/i.test(disposition)) types.push(headerValue(headers, 'content-type'));
    const found = indexOf(body, next, headersEnd);
    at = found === -1 ? -1 : found + 2;
  }
  return types;
}

const CRLF_CRLF = Uint8Array.of(0x0d, 0x0a, 0x0d, 0x0a);

/** The `boundary` parameter of a multipart content type (quoted or not), or null. */
function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** The value of header `name` (lowercase) among header lines, or null. */
function headerValue(lines: readonly string[], name: string): string | null {
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name) return line.slice(colon + 1).trim();
  }
  return null;
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

/** The first index of `needle` in `haystack` at or after `from`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0] as number;
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j += 1;
    if (j === needle.length) return i;
  }
  return -1;
}
