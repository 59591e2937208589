import { createBaseMarkdown } from './base-markdown.js';
import type { MarkdownEnv } from './markdown-env.js';

/** The result of rendering: HTML. */
export interface RenderedMarkdown {
  html: string;
}

const md = createBaseMarkdown();

/**
 * Renders Markdown that is not a message (channel and organization descriptions, profile
 * fields) in the real server's dialect, without mentions, channel links or linkifiers:
 * `<p>` paragraphs joined by a newline, links without target/title.
 *
 * @example renderMarkdown('Builds and **code review**.').html // '<p>Builds and <strong>code review</strong>.</p>'
 */
export function renderMarkdown(content: string): RenderedMarkdown {
  const env: MarkdownEnv = {};
  return { html: md.render(content, env).trimEnd() };
}
