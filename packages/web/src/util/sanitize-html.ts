/**
 * Message HTML (the server's rendering) turned into DOM nodes that cannot run script: parsed
 * in an inert `<template>` (nothing loads, nothing runs), then only known-safe elements and
 * attributes are kept. Script elements, event handlers, `javascript:` URLs, styles, frames
 * and forms are dropped. The page's Content-Security-Policy (no inline script) is the second
 * wall: even a handler that slipped through would not run.
 */

const ALLOWED_TAGS = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'details',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'time',
  'tr',
  'u',
  'ul',
  'mark',
]);

/** Elements removed with everything inside them (the rest of unknown elements is unwrapped: their text stays). */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'frame',
  'frameset',
  'noscript',
  'template',
  'svg',
  'math',
  'form',
  'textarea',
  'select',
  'button',
  'input',
  'link',
  'meta',
  'base',
  'video',
  'audio',
  'source',
  'title',
  'head',
]);

const ALLOWED_ATTRIBUTES = new Set([
  'class',
  'href',
  'title',
  'alt',
  'src',
  'datetime',
  'colspan',
  'rowspan',
  'role',
  'aria-label',
  'data-user-id',
  'data-user-group-id',
  'data-stream-id',
  'data-code-language',
  'open',
  'start',
]);

/** Image files shown as a preview under a link to an upload. */
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|bmp)$/i;

/** Whether a URL may be a link (`http:`, `https:`, `mailto:`, relative or a `#narrow` link). */
function safeHref(value: string): boolean {
  const trimmed = value.trim();
  if (/^(#|\/(?!\/))/.test(trimmed)) return true;
  try {
    const url = new URL(trimmed, location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:';
  } catch {
    return false;
  }
}

/** Whether an image may load: this origin only (the Content-Security-Policy's `img-src 'self'`). */
function safeSrc(value: string): boolean {
  try {
    return new URL(value.trim(), location.origin).origin === location.origin;
  } catch {
    return false;
  }
}

function cleanElement(element: Element): void {
  for (const attribute of [...element.attributes]) {
    const name = attribute.name.toLowerCase();
    const keep =
      ALLOWED_ATTRIBUTES.has(name) &&
      (name !== 'href' || safeHref(attribute.value)) &&
      (name !== 'src' || (element.localName === 'img' && safeSrc(attribute.value)));
    if (!keep) element.removeAttribute(attribute.name);
  }
  if (element.localName === 'a' && element.hasAttribute('href')) {
    const href = element.getAttribute('href') ?? '';
    if (!href.startsWith('#')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  }
  if (element.localName === 'img') element.setAttribute('loading', 'lazy');
}

function clean(node: Node): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.COMMENT_NODE) {
      child.remove();
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const tag = element.localName;
    if (DROPPED_WITH_CONTENT.has(tag)) {
      element.remove();
      continue;
    }
    clean(element);
    if (!ALLOWED_TAGS.has(tag)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    cleanElement(element);
  }
}

/** Emoji the server renders as `<span class="emoji emoji-1f604">:smile:</span>` show their character. */
function showEmoji(root: DocumentFragment): void {
  for (const span of root.querySelectorAll('span.emoji')) {
    const code = /emoji-([0-9a-f-]+)/.exec(span.className)?.[1];
    if (!code) continue;
    try {
      span.textContent = String.fromCodePoint(...code.split('-').map((part) => parseInt(part, 16)));
    } catch {
      // An unknown code keeps its :name: text.
    }
  }
}

/** Links to uploaded images get a preview below the paragraph, as the real server's `message_inline_image`. */
function addImagePreviews(root: DocumentFragment): void {
  const seen = new Set<string>();
  for (const link of root.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    const path = href.replace(location.origin, '');
    if (!path.startsWith('/user_uploads/') || !IMAGE_FILE.test(path) || seen.has(path)) continue;
    if (link.closest('.message_inline_image')) continue;
    seen.add(path);
    const preview = document.createElement('div');
    preview.className = 'message_inline_image';
    const anchor = document.createElement('a');
    anchor.href = path;
    anchor.target = '_blank';
    anchor.rel = 'noopener noreferrer';
    anchor.title = link.textContent ?? '';
    const image = document.createElement('img');
    image.src = path;
    image.alt = link.textContent ?? 'image';
    image.loading = 'lazy';
    anchor.append(image);
    preview.append(anchor);
    const block = link.closest('p, li, blockquote') ?? link;
    block.after(preview);
  }
}

/** Sanitised fragments of recent HTML: rows come and go as a long list scrolls. */
const cache = new Map<string, DocumentFragment>();
const CACHED = 1000;

/** The nodes of a message's HTML, safe to insert (a fresh copy each time). */
export function sanitizeHtml(html: string): DocumentFragment {
  let sanitized = cache.get(html);
  if (sanitized) {
    // Most recently used last.
    cache.delete(html);
  } else {
    const template = document.createElement('template');
    template.innerHTML = html;
    const fragment = template.content;
    clean(fragment);
    showEmoji(fragment);
    addImagePreviews(fragment);
    sanitized = document.importNode(fragment, true);
    if (cache.size >= CACHED) cache.delete(cache.keys().next().value as string);
  }
  cache.set(html, sanitized);
  return sanitized.cloneNode(true) as DocumentFragment;
}
