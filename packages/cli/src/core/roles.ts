import { ROLES, type Role } from '@teamchat/schema';
import { InvalidArgumentError } from 'commander';

const ROLE_NAMES = new Map<number, string>(Object.entries(ROLES).map(([name, value]) => [value, name]));

/** `owner`, `member`, …; the number for a role this version does not know. */
export function roleName(role: number): string {
  return ROLE_NAMES.get(role) ?? String(role);
}

/** A role argument: a name (`moderator`) or its number (`300`). */
export function parseRole(text: string): Role {
  const byName = (ROLES as Record<string, Role>)[text.toLowerCase()];
  if (byName !== undefined) return byName;
  if (ROLE_NAMES.has(Number(text))) return Number(text) as Role;
  throw new InvalidArgumentError(`expected one of ${Object.keys(ROLES).join(', ')} (or 100, 200, 300, 400, 600)`);
}
