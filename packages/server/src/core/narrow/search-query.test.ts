import { describe, expect, it } from 'vitest';
import type { MessageRecord } from '../model/records/messages.js';
import { matchesSearch, parseSearch, stemWord } from './search-query.js';

const message = (content: string, topic = '', rendered = `<p>${content}</p>`) =>
  ({ content, topic, rendered_content: rendered }) as MessageRecord;

describe('parseSearch', () => {
  it('splits words and quoted phrases, dropping stop words', () => {
    expect(parseSearch('The "Code Review" of deploys')).toEqual({
      text: 'The "Code Review" of deploys',
      stems: ['cod', 'review', 'deploi'],
      phrases: ['code review'],
    });
  });
});

describe('stemWord', () => {
  it('brings inflections of a word together', () => {
    expect(new Set(['deploy', 'deploys', 'deployed', 'deploying'].map(stemWord)).size).toBe(1);
    expect(new Set(['release', 'releases', 'released', 'releasing'].map(stemWord)).size).toBe(1);
    expect(new Set(['plan', 'plans', 'planned', 'planning'].map(stemWord)).size).toBe(1);
    expect(new Set(['reply', 'replies', 'replied'].map(stemWord)).size).toBe(1);
    expect(stemWord('class')).toBe('class');
    expect(stemWord('bus')).toBe('bus');
  });
});

describe('matchesSearch', () => {
  it('needs every word, in the content or the topic, case-insensitively', () => {
    expect(matchesSearch(message('Deploy is out', 'Releases'), parseSearch('deployed release'))).toBe(true);
    expect(matchesSearch(message('Deploy is out'), parseSearch('deploy release'))).toBe(false);
  });

  it('needs each quoted phrase as a substring of the raw content or the topic', () => {
    expect(matchesSearch(message('please do the code review today'), parseSearch('"code review"'))).toBe(true);
    expect(matchesSearch(message('review the code'), parseSearch('"code review"'))).toBe(false);
    expect(matchesSearch(message('x', 'Code Review'), parseSearch('"code review"'))).toBe(true);
  });

  it('reads words of the rendered text too', () => {
    expect(
      matchesSearch(
        message('@**Mike**', '', '<p><span class="user-mention">@Mike Member</span></p>'),
        parseSearch('member'),
      ),
    ).toBe(true);
  });

  it('matches nothing for a query of stop words only', () => {
    expect(matchesSearch(message('the and of'), parseSearch('the'))).toBe(false);
  });
});
