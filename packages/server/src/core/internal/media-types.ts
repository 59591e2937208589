/**
 * The media types of file names, as Python's `mimetypes.guess_type` knows them for the files
 * people upload: what the real server guesses from a file part's name when the client sent no
 * type (`get_file_info`, `upload_avatar_image`).
 */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  // images
  apng: 'image/apng',
  avif: 'image/avif',
  bmp: 'image/bmp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  ico: 'image/vnd.microsoft.icon',
  jpe: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  // audio and video
  m4a: 'audio/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  mpeg: 'video/mpeg',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  ogv: 'video/ogg',
  opus: 'audio/opus',
  wav: 'audio/x-wav',
  webm: 'video/webm',
  // text
  css: 'text/css',
  csv: 'text/csv',
  htm: 'text/html',
  html: 'text/html',
  ics: 'text/calendar',
  js: 'text/javascript',
  log: 'text/plain',
  md: 'text/markdown',
  py: 'text/x-python',
  txt: 'text/plain',
  xml: 'text/xml',
  // documents and archives
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip',
  gz: 'application/gzip',
  json: 'application/json',
  odp: 'application/vnd.oasis.opendocument.presentation',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odt: 'application/vnd.oasis.opendocument.text',
  pdf: 'application/pdf',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  tar: 'application/x-tar',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** The media type of a file name by its extension (case does not matter), or null when unknown. */
export function guessMediaType(fileName: string): string | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return (extension !== undefined && BY_EXTENSION[extension]) || null;
}

/**
 * The media type of an uploaded file: the one its part declared, else (no type, or the generic
 * `application/octet-stream` that some clients send for any file) the one its name says, else
 * `application/octet-stream`. The transports give a part sent without a type as `''`.
 */
export function uploadedMediaType(declared: string, fileName: string): string {
  if (declared !== '' && declared.toLowerCase() !== 'application/octet-stream') return declared;
  return guessMediaType(fileName) ?? 'application/octet-stream';
}

/** A media type without its parameters, lowercased (`image/PNG; q=1` → `image/png`): the real `bare_content_type`. */
export function bareMediaType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}
