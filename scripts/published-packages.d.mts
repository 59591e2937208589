// Types of published-packages.mjs, for the TypeScript tests that read the package list.

/** One published package of the workspace. */
export interface PublishedPackage {
  /** `@teamchat/client-sdk` */
  readonly name: string;
  readonly version: string;
  /** Its folder, relative to the repository root: `packages/client-sdk`. */
  readonly dir: string;
  /** The file `npm pack` writes: `teamchat-client-sdk-0.1.0.tgz`. */
  readonly tarball: string;
  /** The published packages it depends on. */
  readonly dependencies: readonly string[];
}

export const REPO_ROOT: string;
export const README_TARBALLS: string;
export function workspaceDirs(root?: string): string[];
export function tarballName(name: string, version: string): string;
export function publishedPackages(root?: string): PublishedPackage[];
export function withDependencies(packages: readonly PublishedPackage[], name: string): PublishedPackage[];
export function installLine(packages: readonly PublishedPackage[], name: string, folder?: string): string;
export function childEnv(): NodeJS.ProcessEnv;
