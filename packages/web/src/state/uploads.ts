import { client, errorText } from '../api/client.js';
import { compose, updateCompose } from './compose.js';

/** Markdown link of an upload, as the real web app inserts it. */
function linkOf(name: string, url: string): string {
  return `[${name.replace(/[[\]]/g, '')}](${url})`;
}

/**
 * Uploads files (picker, drop, paste) with POST /user_uploads and puts a link to each in the
 * compose box where the placeholder was; a refusal (too large, over quota) shows the
 * server's error in the compose box.
 */
export async function uploadFiles(files: readonly File[], insertAt?: number): Promise<void> {
  for (const file of files) {
    const name = file.name || 'pasted-file';
    const placeholder = `[Uploading ${name}…]()`;
    const text = compose.value.content;
    const at = insertAt ?? text.length;
    const before = text.slice(0, at);
    const spacer = before === '' || before.endsWith('\n') ? '' : '\n';
    updateCompose({
      content: `${before}${spacer}${placeholder}\n${text.slice(at)}`,
      uploading: compose.value.uploading + 1,
      error: null,
    });
    try {
      const answer = (await client.uploads.upload({ file: new File([file], name, { type: file.type }) })) as {
        url?: string;
        uri?: string;
      };
      const url = answer.url ?? answer.uri ?? '';
      updateCompose({ content: compose.value.content.replace(placeholder, linkOf(name, url)) });
    } catch (error) {
      updateCompose({
        content: compose.value.content.replace(`${placeholder}\n`, '').replace(placeholder, ''),
        error: `Could not upload ${name}: ${errorText(error)}`,
      });
    } finally {
      updateCompose({ uploading: compose.value.uploading - 1 });
    }
  }
}
