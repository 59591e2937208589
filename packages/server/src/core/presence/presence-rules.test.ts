import { describe, expect, it } from 'vitest';
import {
  applyPresenceReport,
  isReportedStatus,
  NEWLY_ONLINE_SECONDS,
  PRESENCE_UPDATE_MIN_FREQ_SECONDS,
} from './presence-rules.js';

const T = 1_767_603_600;

describe('applyPresenceReport', () => {
  it('creates the row on a first active report with both times now', () => {
    expect(applyPresenceReport(undefined, 'active', T)).toEqual({
      times: { last_active_time: T, last_connected_time: T },
      changed: true,
      created: true,
      cameOnline: true,
    });
  });

  it('creates the row on a first idle report without an active time, and counts it as coming online', () => {
    expect(applyPresenceReport(undefined, 'idle', T)).toEqual({
      times: { last_active_time: null, last_connected_time: T },
      changed: true,
      created: true,
      cameOnline: true,
    });
  });

  it('changes nothing within 55 seconds of the stored times', () => {
    const previous = { last_active_time: T, last_connected_time: T };
    for (const status of ['active', 'idle'] as const) {
      const outcome = applyPresenceReport(previous, status, T + PRESENCE_UPDATE_MIN_FREQ_SECONDS);
      expect(outcome).toEqual({ times: previous, changed: false, created: false, cameOnline: false });
    }
  });

  it('moves only the connection time on an idle report more than 55 seconds later', () => {
    const outcome = applyPresenceReport({ last_active_time: T, last_connected_time: T }, 'idle', T + 55.001);
    expect(outcome.times).toEqual({ last_active_time: T, last_connected_time: T + 55.001 });
    expect(outcome.changed).toBe(true);
    expect(outcome.cameOnline).toBe(false);
  });

  it('moves the active time and the connection time with it on an active report', () => {
    const outcome = applyPresenceReport({ last_active_time: T, last_connected_time: T + 30 }, 'active', T + 60);
    expect(outcome.times).toEqual({ last_active_time: T + 60, last_connected_time: T + 60 });
  });

  it('moves the active time alone when the connection time moved recently (connected stays ≥ active)', () => {
    // Connected 40 s ago by an idle tab; active last 100 s ago.
    const outcome = applyPresenceReport({ last_active_time: T, last_connected_time: T + 60 }, 'active', T + 100);
    expect(outcome.times).toEqual({ last_active_time: T + 100, last_connected_time: T + 100 });
    const times = outcome.times;
    expect(times.last_connected_time).toBeGreaterThanOrEqual(times.last_active_time ?? 0);
  });

  it('brings a user online on an active report after more than 130 seconds without one', () => {
    expect(NEWLY_ONLINE_SECONDS).toBe(130);
    const previous = { last_active_time: T, last_connected_time: T + 120 };
    expect(applyPresenceReport(previous, 'active', T + 130).cameOnline).toBe(false);
    expect(applyPresenceReport(previous, 'active', T + 130.5).cameOnline).toBe(true);
    expect(applyPresenceReport(previous, 'idle', T + 500).cameOnline).toBe(false);
  });

  it('brings a never-active user online on the first active report', () => {
    const outcome = applyPresenceReport({ last_active_time: null, last_connected_time: T }, 'active', T + 10);
    expect(outcome).toEqual({
      times: { last_active_time: T + 10, last_connected_time: T + 10 },
      changed: true,
      created: false,
      cameOnline: true,
    });
  });

  it('ignores a report older than the stored times', () => {
    const previous = { last_active_time: T, last_connected_time: T };
    expect(applyPresenceReport(previous, 'active', T - 600)).toMatchObject({ times: previous, changed: false });
  });
});

describe('isReportedStatus', () => {
  it('accepts active and idle only', () => {
    expect(['active', 'idle', 'offline', 'Active', ''].map(isReportedStatus)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
