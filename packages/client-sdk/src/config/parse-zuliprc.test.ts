import { describe, expect, it } from 'vitest';
import { parseIni, parseZuliprc } from './parse-zuliprc.js';

describe('parseZuliprc', () => {
  it('reads email, key and site of the [api] section', () => {
    const text = '[api]\nemail=bot@example.com\nkey=abcdefghijklmnopqrstuvwxyz012345\nsite=https://chat.example.com\n';
    expect(parseZuliprc(text)).toEqual({
      email: 'bot@example.com',
      apiKey: 'abcdefghijklmnopqrstuvwxyz012345',
      site: 'https://chat.example.com',
    });
  });

  it('reads the TLS options and the outgoing-webhook token', () => {
    const text = [
      '[api]',
      'insecure = TRUE',
      'cert_bundle = /etc/ca.pem',
      'client_cert = /etc/cert.pem',
      'client_cert_key = /etc/key.pem',
      'token = svc-token',
    ].join('\n');
    expect(parseZuliprc(text)).toEqual({
      insecure: true,
      certBundle: '/etc/ca.pem',
      clientCert: '/etc/cert.pem',
      clientCertKey: '/etc/key.pem',
      token: 'svc-token',
    });
  });

  it('accepts only true or false for insecure', () => {
    expect(parseZuliprc('[api]\ninsecure=False').insecure).toBe(false);
    expect(() => parseZuliprc('[api]\ninsecure=yes', '/home/me/.zuliprc')).toThrow(
      "[teamchat-sdk] insecure in the [api] section of /home/me/.zuliprc is 'yes'; it must be 'true' or 'false'",
    );
  });

  it('ignores other sections and returns nothing for a file without [api]', () => {
    expect(parseZuliprc('[other]\nkey=1\n')).toEqual({});
    expect(parseZuliprc('[api]\nemail=a@b.c\n[rss]\nkey=nope\n')).toEqual({ email: 'a@b.c' });
  });
});

describe('parseIni', () => {
  it('handles comments, blank lines, colons, spaces, CRLF, a BOM and case-insensitive keys', () => {
    const text = '\uFEFF# comment\r\n; another\r\n[api]\r\n\r\n  EMAIL : bot@example.com \r\nKey=a=b\r\n';
    expect(parseIni(text)).toEqual({ api: { email: 'bot@example.com', key: 'a=b' } });
  });

  it('keeps inline comments as part of the value, as configparser does', () => {
    expect(parseIni('[api]\ninsecure=false   # note')).toEqual({ api: { insecure: 'false   # note' } });
  });

  it('joins indented continuation lines', () => {
    expect(parseIni('[api]\nsite=https://a\n  /b\n')).toEqual({ api: { site: 'https://a\n/b' } });
  });

  it('rejects keys before any section, naming the line', () => {
    expect(() => parseIni('email=a@b.c\n[api]', '/tmp/rc')).toThrow(/\/tmp\/rc line 1: expected a \[section\] header/);
  });

  it('names a line without a delimiter by its number and first word, never echoing the value', () => {
    const key = 'ZQ8abcdefghijklmnopqrstuvwxyz012';
    const message = (() => {
      try {
        parseIni(`[api]\nkey ${key}\n`, '/home/me/.zuliprc');
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toBe(
      "[teamchat-sdk] /home/me/.zuliprc line 2: expected 'key = value'; the line starting with 'key' has no '=' or ':' (the rest is not shown)",
    );
    expect(() => parseIni(`[api]\n${key}\n`)).toThrow(
      "line 2: expected 'key = value'; the line has no '=' or ':' (its text is not shown)",
    );
    expect(() => parseIni(`[api]\n${key}\n`)).not.toThrow(key);
  });

  it('rejects lines without a delimiter and duplicate keys or sections', () => {
    expect(() => parseIni('[api]\njust text')).toThrow(/line 2: expected 'key = value'/);
    expect(() => parseIni('[api]\nkey=1\nKEY=2')).toThrow(/line 3: key 'key' appears twice/);
    expect(() => parseIni('[api]\n[api]')).toThrow(/line 2: section \[api\] appears twice/);
  });
});
