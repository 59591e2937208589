/**
 * @module @teamchat/schema/wire
 * The part of the schema package that needs no zod at run time: the error every consumer
 * throws and catches, and the parameter encoder over schema-free {@link WireEndpoint}
 * descriptions. The SDK imports only this, so a browser bundle of it holds no zod; the
 * exports are the same objects as those of `@teamchat/schema` (`ApiError` is one class).
 */
export { ApiError, hasErrorCode, isApiError } from './errors/api-error.js';
export type { ApiErrorExtra, ApiErrorOptions, ErrorEnvelope } from './errors/api-error.js';
export type { ErrorCode } from './errors/codes.js';
export { encodeParams } from './codec/encode-params.js';
export type { EncodedRequest } from './codec/encode-params.js';
export type { Direction, HttpMethod, JsonType, WireEndpoint, WireParam } from './codec/wire-endpoint.js';
export { API_PREFIX } from './version.js';
