import { endpoints, isApiError, type Endpoint } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { createMemoryServer } from '../../memory.js';
import { activeSubscriberIds } from '../model/channel-access.js';
import { insertSubscription } from '../channels/insert-subscription.js';
import type { UserRecord } from '../model/records/users.js';
import type { DemoRole } from '../seed/demo-organization.js';
import { createUser } from '../model/create-user.js';
import { WILDCARD_MENTION_THRESHOLD } from './send-message.js';

const request = { authorization: null, userAgent: 'vitest' };

/**
 * The demo organization with `general` at exactly the wildcard threshold of active
 * subscribers, plus two deactivated subscribers (who keep their subscriptions).
 */
async function crowdedGeneral() {
  const { core, accounts } = await createMemoryServer({ seed: 11 });
  const { store } = core.services;
  const user = (role: DemoRole) => store.get('users', accounts.find((a) => a.role === role)?.userId ?? 0) as UserRecord;
  const general = [...store.all('channels')].find((c) => c.name === 'general');
  if (!general) throw new Error('no general channel');
  await store.write((db) => {
    const ctx = { ...core.services, db };
    const active = activeSubscriberIds(ctx, general.id).length;
    for (let i = 0; i < WILDCARD_MENTION_THRESHOLD - active + 2; i += 1) {
      const extra = createUser(ctx, {
        email: `extra${i}@teamchat.example`,
        fullName: `Extra ${i}`,
        role: 400,
        passwordHash: null,
      });
      insertSubscription(ctx, { userId: extra.id, channelId: general.id });
      if (i < 2) db.patch('users', extra.id, { is_active: false });
    }
  });
  const call = <T>(endpoint: Endpoint, params: Record<string, unknown>, role: DemoRole) =>
    core.run(endpoint, endpoint.params.parse(params), { request, user: user(role) }) as Promise<T>;
  return { call, general };
}

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    const cause = isApiError(error) ? error : (error as { cause?: unknown }).cause;
    if (isApiError(cause)) return cause.code;
    throw error;
  }
}

describe('PATCH /messages/{message_id}', () => {
  it('counts only active subscribers for the channel wildcard threshold, as sending does', async () => {
    const { call, general } = await crowdedGeneral();
    const send = (content: string) =>
      call<{ id: number }>(
        endpoints['messages.send'],
        { type: 'stream', to: general.id, topic: 'crowd', content },
        'member',
      );
    // 15 active subscribers: at the threshold, not above it, so members may use @**all**.
    expect(await outcome(send('@**all** lunch?'))).toBe('ok');
    const { id } = await send('lunch?');
    expect(
      await outcome(call(endpoints['messages.update'], { message_id: id, content: '@**all** lunch?' }, 'member')),
    ).toBe('ok');
  });
});
