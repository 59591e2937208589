import MarkdownIt from 'markdown-it';

/** The result of rendering: HTML plus what the message contains. */
export interface RenderedMarkdown {
  html: string;
}

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });

/**
 * Renders Markdown to HTML the way the real server does for plain text: paragraphs as
 * `<p>`, blocks joined by a newline, links without target/title.
 */
export function renderMarkdown(content: string): RenderedMarkdown {
  return { html: md.render(content).trimEnd() };
}
