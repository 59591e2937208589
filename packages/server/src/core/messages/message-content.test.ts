import { isApiError } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '../realm/realm-state.js';
import { normalizeContent, normalizeTopic } from './message-content.js';

const ctx = { realm: { empty_topic_display_name: 'general chat' } } as Parameters<typeof normalizeTopic>[0];

const errorOf = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    if (isApiError(error)) return error.message;
    throw error;
  }
  return 'no error';
};

describe('normalizeContent', () => {
  it('keeps content up to the limit in characters (code points, not UTF-16 units), and truncates what is over it', () => {
    const astral = '😀'.repeat(MAX_MESSAGE_LENGTH);
    expect(normalizeContent(astral)).toBe(astral);
    expect(normalizeContent('\n\nhello  \n')).toBe('hello');
    const over = `${'a'.repeat(MAX_MESSAGE_LENGTH)}b`;
    const truncated = normalizeContent(over);
    expect([...truncated].length).toBe(MAX_MESSAGE_LENGTH);
    expect(truncated.endsWith('\n[message truncated]')).toBe(true);
    const astralOver = normalizeContent('😀'.repeat(MAX_MESSAGE_LENGTH + 1));
    expect([...astralOver].length).toBe(MAX_MESSAGE_LENGTH);
  });

  it('refuses empty content and null bytes', () => {
    expect(errorOf(() => normalizeContent(' \n '))).toBe('Message must not be empty');
    expect(errorOf(() => normalizeContent('a\u0000b'))).toBe('Message must not contain null bytes');
  });
});

describe('normalizeTopic', () => {
  it('strips, maps the empty-topic names to "", and truncates over-long topics by characters', () => {
    expect(normalizeTopic(ctx, '  release  ')).toBe('release');
    expect(normalizeTopic(ctx, '(no topic)')).toBe('');
    expect(normalizeTopic(ctx, 'general chat')).toBe('');
    const astral = '🎉'.repeat(MAX_TOPIC_LENGTH);
    expect(normalizeTopic(ctx, astral)).toBe(astral);
    expect(normalizeTopic(ctx, `${'🎉'.repeat(MAX_TOPIC_LENGTH)}x`)).toBe(`${'🎉'.repeat(MAX_TOPIC_LENGTH - 3)}...`);
  });

  it('names the position (in characters) of a control character or a lone surrogate', () => {
    expect(errorOf(() => normalizeTopic(ctx, '🎉 a\u0007b'))).toBe('Invalid character in topic, at position 4!');
    expect(errorOf(() => normalizeTopic(ctx, 'ab\ud800'))).toBe('Invalid character in topic, at position 3!');
    expect(normalizeTopic(ctx, 'a 🎉 pair')).toBe('a 🎉 pair');
  });
});
