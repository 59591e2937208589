import { ApiError } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { ServerConfig } from '../config/server-config.js';

/** Bytes in a mebibyte: the unit of `max_file_upload_size_mib`. */
export const MIB = 1024 * 1024;

/**
 * The largest file POST /user_uploads accepts, in bytes (`maxFileUploadSizeMib`). Read per
 * request: the mock's settings change while it runs.
 *
 * @see https://zulip.com/api/upload-file
 */
export function maxUploadBytes(config: Pick<ServerConfig, 'maxFileUploadSizeMib'>): number {
  return config.maxFileUploadSizeMib * MIB;
}

/**
 * Refuses a file over the limit with the real server's words.
 *
 * @throws {ApiError} `BAD_REQUEST` "Uploaded file is larger than the allowed limit of N MiB".
 */
export function checkUploadSize(config: Pick<ServerConfig, 'maxFileUploadSizeMib'>, size: number): void {
  if (size > maxUploadBytes(config)) {
    throw new ApiError(
      'BAD_REQUEST',
      `Uploaded file is larger than the allowed limit of ${config.maxFileUploadSizeMib} MiB`,
    );
  }
}

/**
 * Refuses a file that would take the organization's uploads past `uploadQuotaMib`, with the
 * real server's words.
 *
 * @throws {ApiError} `REALM_UPLOAD_QUOTA` "Upload would exceed your organization's upload quota."
 */
export function checkUploadQuota(ctx: Pick<Context, 'config' | 'indexes'>, size: number): void {
  const quota = ctx.config.uploadQuotaMib;
  if (quota !== null && ctx.indexes.attachments.totalSize() + size > quota * MIB) {
    throw new ApiError('REALM_UPLOAD_QUOTA', "Upload would exceed your organization's upload quota.");
  }
}
