import { fixtureReferenceProblems } from './fixture-references.js';
import { FIXTURE_FORMAT, OrganizationFixture } from './fixture-schema.js';

/** A fixture that does not validate: each problem names its path (`users[2].role: …`). */
export class FixtureError extends Error {
  override readonly name = 'FixtureError';

  constructor(readonly problems: readonly string[]) {
    const shown = problems.slice(0, 5).join('; ');
    super(`invalid fixture: ${shown}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}`);
  }
}

function pathOf(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : `${text === '' ? '' : '.'}${String(part)}`;
  return text === '' ? '(top level)' : text;
}

/**
 * Validates a fixture (parsed from JSON or YAML), its shape and then its references, and fills
 * in its defaults.
 *
 * @throws {FixtureError} naming the path of each problem: `users[2].role: Invalid option: expected one of "owner"|…`,
 *   `messages[4].channel: no channel named 'genral' in channels`.
 */
export function parseFixture(value: unknown): OrganizationFixture {
  const version = (value as { teamchat_fixture?: unknown } | null)?.teamchat_fixture;
  if (typeof version === 'number' && version > FIXTURE_FORMAT) {
    throw new FixtureError([
      `teamchat_fixture: format ${version} was written by a newer teamchat (this one reads ${FIXTURE_FORMAT})`,
    ]);
  }
  const result = OrganizationFixture.safeParse(value);
  if (!result.success)
    throw new FixtureError(result.error.issues.map((issue) => `${pathOf(issue.path)}: ${issue.message}`));
  const problems = fixtureReferenceProblems(result.data);
  if (problems.length > 0) throw new FixtureError(problems);
  return result.data;
}
