import type { NarrowElement } from '@teamchat/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@teamchat/schema';
import { FLAG_BITS, type MessageRecord } from '../model/records/messages.js';
import { queueNarrowFilter } from './queue-narrow-filter.js';
import { createNarrowFixture, type NarrowFixture } from '../../../test/helpers/narrow-fixture.js';

let f: NarrowFixture;
let m: Record<string, MessageRecord>;

beforeAll(async () => {
  f = await createNarrowFixture();
  m = {
    deploy: f.post(f.channels.engineering, 'Deploys', 'administrator', 'out', {
      flags: { member: FLAG_BITS.mentioned },
    }),
    resolved: f.post(f.channels.engineering, '✔ bug', 'owner', 'fixed', {
      flags: { member: FLAG_BITS.read | FLAG_BITS.starred },
    }),
    dm: f.dm('owner', ['member'], 'hi'),
  };
});

function passing(narrow: NarrowElement[]): string[] {
  const wants = queueNarrowFilter(f.ctx(), f.users.member, narrow);
  return Object.entries(m)
    .filter(([, message]) => wants(message))
    .map(([name]) => name);
}

describe('queueNarrowFilter', () => {
  it('lets everything through without a narrow', () => {
    expect(passing([])).toEqual(['deploy', 'resolved', 'dm']);
  });

  it('filters on channel (name or ID), topic, sender and is operands', () => {
    expect(passing([['stream', 'ENGINEERING']])).toEqual(['deploy', 'resolved']);
    expect(passing([{ operator: 'channel', operand: f.channels.engineering.id }, ['topic', 'deploys']])).toEqual([
      'deploy',
    ]);
    expect(passing([['sender', f.users.owner.email]])).toEqual(['resolved', 'dm']);
    expect(passing([{ operator: 'sender', operand: f.users.administrator.id }])).toEqual(['deploy']);
    expect(passing([['is', 'private']])).toEqual(['dm']);
    expect(passing([['is', 'dm']])).toEqual(['dm']);
    expect(passing([['is', 'starred']])).toEqual(['resolved']);
    expect(passing([['is', 'unread']])).toEqual(['deploy', 'dm']);
    expect(passing([['is', 'mentioned']])).toEqual(['deploy']);
    expect(passing([['is', 'resolved']])).toEqual(['resolved']);
    expect(passing([{ operator: 'is', operand: 'dm', negated: true }])).toEqual(['deploy', 'resolved']);
  });

  it('uses the flags given for the event over the stored ones', () => {
    const wants = queueNarrowFilter(f.ctx(), f.users.member, [['is', 'starred']]);
    expect(wants(m['deploy'] as MessageRecord, FLAG_BITS.starred)).toBe(true);
  });

  it('refuses operators the event system does not support', () => {
    expect(() => queueNarrowFilter(f.ctx(), f.users.member, [['search', 'x']])).toThrow(
      new ApiError('BAD_REQUEST', 'Operator search not supported.'),
    );
    expect(() => queueNarrowFilter(f.ctx(), f.users.member, [['dm', 'x@y.z']])).toThrow('Operator dm not supported.');
    expect(() => queueNarrowFilter(f.ctx(), f.users.member, [['is', 'followed']])).toThrow(
      'Operand followed not supported.',
    );
  });
});
