import type { TrafficAccount, TrafficPort } from '@teamchat/traffic';
import type { Core, Db } from '../core/index.js';
import type { Store } from '../store/store.js';
import { OrganizationDriver } from './organization-driver.js';

const ROLE_NAMES: Record<number, TrafficAccount['role']> = {
  100: 'owner',
  200: 'administrator',
  300: 'moderator',
  400: 'member',
  600: 'guest',
};

/** The people of an organization who make traffic: its active human accounts, in ID order. */
export function trafficAccountsOf(store: Pick<Store<Db>, 'all'>): TrafficAccount[] {
  return [...store.all('users')]
    .filter((user) => user.is_active && !user.is_bot)
    .sort((a, b) => a.id - b.id)
    .map((user) => ({
      email: user.email,
      userId: user.id,
      fullName: user.full_name,
      role: ROLE_NAMES[user.role] ?? 'member',
    }));
}

/**
 * Traffic straight into a core (`teamchat-server --simulate`, `mock.simulate`): each call runs
 * as its account through the contract's validation and the core's rules, without HTTP. `core`
 * is read at each call (the mock builds a new one on every reset).
 */
export function coreTrafficPort(
  current: () => { core: Core; store: Store<Db> },
  clock: Pick<TrafficPort, 'now' | 'at'>,
): TrafficPort {
  return {
    async call(account, name, params) {
      const { core, store } = current();
      return (await new OrganizationDriver(core, store, 'teamchat-simulate').call(
        account?.userId ?? null,
        name,
        params as never,
      )) as Record<string, unknown>;
    },
    now: clock.now,
    at: clock.at,
  };
}
