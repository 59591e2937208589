import { ApiError } from '@teamchat/schema';
import { bareMediaType, uploadedMediaType } from '../internal/media-types.js';

/** The image types the real server takes for custom emoji and avatars, and the extension each is stored with. */
export const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/**
 * The type and extension of an uploaded image of at most `maxMib` MiB (a custom emoji, an
 * avatar), or the real server's error. A part without a type (or with
 * application/octet-stream) is typed by its name, as the real server's get_file_info does:
 * python-zulip-api sends files that way.
 */
export function uploadedImage(file: Blob, maxMib: number): { type: string; extension: string } {
  if (file.size > maxMib * 1024 * 1024)
    throw new ApiError('BAD_REQUEST', `Uploaded file is larger than the allowed limit of ${maxMib} MiB`);
  const type = bareMediaType(uploadedMediaType(file.type, file instanceof File ? file.name : ''));
  const extension = IMAGE_EXTENSIONS[type];
  if (extension === undefined) throw new ApiError('BAD_REQUEST', 'Invalid image format');
  return { type, extension };
}
