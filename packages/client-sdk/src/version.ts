/** Version of this package, sent in the default `User-Agent`. */
export const SDK_VERSION = '0.1.0';

/** The `User-Agent` sent unless `createClient({ userAgent })` overrides it. */
export const DEFAULT_USER_AGENT = `TeamchatSDK/${SDK_VERSION}`;
