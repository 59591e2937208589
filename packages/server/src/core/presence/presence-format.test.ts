import { describe, expect, it } from 'vitest';
import {
  effectiveTimes,
  legacyClientPresence,
  legacyPresence,
  modernPresence,
  singleUserLegacyPresence,
} from './presence-format.js';

const T = 1_767_603_600;

describe('effectiveTimes', () => {
  it('defaults a missing active time to date_joined', () => {
    expect(
      effectiveTimes({ last_active_time: null, last_connected_time: T }, { date_joined: (T - 1000) * 1000 + 250 }),
    ).toEqual({
      active: T - 1000 + 0.25,
      connected: T,
    });
  });
});

describe('modernPresence', () => {
  it('answers whole seconds', () => {
    expect(modernPresence({ active: T + 0.9, connected: T + 60.2 })).toEqual({
      active_timestamp: T,
      idle_timestamp: T + 60,
    });
  });
});

describe('legacy formats', () => {
  it('says active with the active time when it is at most 70 s older than the connection', () => {
    expect(legacyClientPresence({ active: T, connected: T + 70 })).toEqual({
      client: 'website',
      status: 'active',
      timestamp: T,
      pushable: false,
    });
  });

  it('says idle with the connection time otherwise', () => {
    expect(legacyClientPresence({ active: T, connected: T + 70.001 })).toEqual({
      client: 'website',
      status: 'idle',
      timestamp: T + 70,
      pushable: false,
    });
  });

  it('gives aggregated and website the same data, aggregated without pushable', () => {
    expect(legacyPresence({ active: T, connected: T })).toEqual({
      aggregated: { client: 'website', status: 'active', timestamp: T },
      website: { client: 'website', status: 'active', timestamp: T, pushable: false },
    });
  });

  it('shows one user offline in aggregated past the 200 s threshold', () => {
    const times = { active: T, connected: T };
    expect(singleUserLegacyPresence(times, T + 200)).toEqual({
      website: { status: 'active', timestamp: T },
      aggregated: { status: 'active', timestamp: T },
    });
    expect(singleUserLegacyPresence(times, T + 201)).toEqual({
      website: { status: 'active', timestamp: T },
      aggregated: { status: 'offline', timestamp: T },
    });
  });
});
