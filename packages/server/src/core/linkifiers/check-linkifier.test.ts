import { isApiError } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { Store } from '../../store/store.js';
import type { Db } from '../model/db.js';
import { checkLinkifier } from './check-linkifier.js';

async function errorsOf(
  pattern: string,
  template: string,
  exceptId?: number,
): Promise<{ msg: string; errors: unknown } | null> {
  const store = new Store<Db>();
  return store.write((db) => {
    db.put('linkifiers', { id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.example/{id}', order: 0 });
    try {
      checkLinkifier({ db }, pattern, template, exceptId);
      return null;
    } catch (error) {
      if (!isApiError(error)) throw error;
      return { msg: error.msg, errors: error.extra['errors'] };
    }
  });
}

describe('checkLinkifier', () => {
  it('accepts a valid linkifier, and the same pattern for the linkifier being updated', async () => {
    expect(await errorsOf('T-(?P<id>[0-9]+)', 'https://t.example/{id}')).toBeNull();
    expect(await errorsOf('#(?P<id>[0-9]+)', 'https://y.example/{id}', 1)).toBeNull();
  });

  it('reports field errors before cross-field ones, and the first message as msg', async () => {
    expect(await errorsOf('', '')).toEqual({
      msg: 'This field cannot be blank.',
      errors: { pattern: ['This field cannot be blank.'], url_template: ['This field cannot be blank.'] },
    });
    expect(await errorsOf('(?P<id>x', '{id')).toEqual({
      msg: 'Invalid URL template.',
      errors: { url_template: ['Invalid URL template.'], __all__: ['Bad regular expression: Unterminated group'] },
    });
  });

  it('reports a pattern another linkifier has after the group checks', async () => {
    expect(await errorsOf('#(?P<id>[0-9]+)', 'https://x.example/')).toEqual({
      msg: "Group 'id' in linkifier pattern is not present in URL template.",
      errors: {
        __all__: [
          "Group 'id' in linkifier pattern is not present in URL template.",
          'Realm filter with this Realm and Pattern already exists.',
        ],
      },
    });
  });
});
