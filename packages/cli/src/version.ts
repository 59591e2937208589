/** Version of `@teamchat/cli` (kept equal to package.json; a test checks it). */
export const CLI_VERSION = '0.1.0';

/** `User-Agent` of the requests the CLI sends. */
export const CLI_USER_AGENT = `TeamchatCLI/${CLI_VERSION}`;
