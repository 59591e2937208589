import { isApiError } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { Store } from '../../store/store.js';
import type { Db } from '../model/db.js';
import { checkPlayground, type PlaygroundInput } from './check-playground.js';

const PYTHON: PlaygroundInput = { name: 'Python', language: 'Python', urlTemplate: 'https://py.example/?code={code}' };

async function check(input: Partial<PlaygroundInput>): Promise<PlaygroundInput | { msg: string; extra: unknown }> {
  const store = new Store<Db>();
  return store.write((db) => {
    db.put('playgrounds', {
      id: 1,
      name: 'Taken',
      pygments_language: 'Rust',
      url_template: 'https://rs.example/{code}',
    });
    try {
      return checkPlayground({ db }, { ...PYTHON, ...input });
    } catch (error) {
      if (!isApiError(error)) throw error;
      return { msg: error.msg, extra: error.extra };
    }
  });
}

describe('checkPlayground', () => {
  it('strips the fields of a valid playground', async () => {
    expect(
      await check({ name: ' Python 3 ', language: ' Python ', urlTemplate: ' https://py.example/{?code} ' }),
    ).toEqual({
      name: 'Python 3',
      language: 'Python',
      urlTemplate: 'https://py.example/{?code}',
    });
  });

  it('refuses characters outside the language set before anything else', async () => {
    expect(await check({ language: 'py!', name: '' })).toEqual({
      msg: 'Invalid characters in pygments language',
      extra: {},
    });
  });

  it('collects the model errors in field order, then the template and uniqueness checks', async () => {
    expect(await check({ urlTemplate: 'https://x/{a}', name: '' })).toEqual({
      msg: 'This field cannot be blank.',
      extra: {
        errors: {
          name: ['This field cannot be blank.'],
          __all__: ['Missing the required variable "code" in the URL template'],
        },
      },
    });
    expect(await check({ name: 'Taken', language: 'Rust' })).toEqual({
      msg: 'Realm playground with this Realm, Pygments language and Name already exists.',
      extra: { errors: { __all__: ['Realm playground with this Realm, Pygments language and Name already exists.'] } },
    });
  });
});
