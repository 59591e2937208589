import { describe, expect, it } from 'vitest';
import msw from 'msw/package.json' with { type: 'json' };

// CI runs the mock's tests twice: on Node 20 with MSW 2, and on Node 22 with MSW 3
// (TEAMCHAT_MSW=3: node_modules/msw3, linked by .ci/install-msw3; vitest.config.ts). This pins which one ran.
describe('the MSW the mock runs on', () => {
  it(`is MSW ${process.env['TEAMCHAT_MSW'] === '3' ? 3 : 2}`, () => {
    const major = Number(msw.version.split('.')[0]);
    expect(major).toBe(process.env['TEAMCHAT_MSW'] === '3' ? 3 : 2);
    if (major === 3) expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  });
});
