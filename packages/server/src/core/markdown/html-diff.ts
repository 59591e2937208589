/**
 * An HTML diff between two renderings of a message, as the real server's
 * `highlight_html_differences` shows it in edit history: the new HTML with inserted text in
 * `<span class="highlight_text_inserted">` and removed text in
 * `<span class="highlight_text_deleted">`, wrapped in a `<div>`. Tags come from the new
 * version; text is compared word by word (whitespace kept with the word before it).
 *
 * @see https://zulip.com/api/update-message
 */
export function highlightHtmlDifferences(before: string, after: string): string {
  const oldWords = words(textOf(before));
  const pieces = after.split(/(<[^>]*>)/).filter((piece) => piece !== '');
  const newWords: { word: string; piece: number }[] = [];
  pieces.forEach((piece, index) => {
    if (!piece.startsWith('<')) for (const word of words(piece)) newWords.push({ word, piece: index });
  });
  const ops = diffWords(
    oldWords,
    newWords.map((w) => w.word),
  );
  // Rebuild the text pieces of the new HTML: each new word in its piece, deletions before the
  // next surviving word (or at the end of the last text piece).
  const rebuilt = pieces.map((piece) => (piece.startsWith('<') ? piece : ''));
  let newIndex = 0;
  let pendingDeleted = '';
  const lastText = newWords.at(-1)?.piece ?? pieces.length;
  for (const op of ops) {
    if (op.kind === 'delete') {
      pendingDeleted += op.word;
      continue;
    }
    const target = newWords[newIndex] as { word: string; piece: number };
    newIndex += 1;
    let out = pendingDeleted ? `<span class="highlight_text_deleted">${pendingDeleted}</span>` : '';
    pendingDeleted = '';
    out += op.kind === 'insert' ? `<span class="highlight_text_inserted">${target.word}</span>` : target.word;
    rebuilt[target.piece] += out;
  }
  if (pendingDeleted) {
    const span = `<span class="highlight_text_deleted">${pendingDeleted}</span>`;
    if (lastText < rebuilt.length) rebuilt[lastText] += span;
    else rebuilt.push(span);
  }
  return `<div>${rebuilt.join('')}</div>`;
}

/** The text of HTML (tags dropped, entities kept as written). */
function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

/** Words with the whitespace that follows them. */
function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

type Op = { kind: 'keep' | 'insert' | 'delete'; word: string };

/** Above this many cells the comparison gives up on alignment: everything old deleted, everything new inserted. */
const MAX_CELLS = 4_000_000;

/** A shortest edit script between two word lists (longest common subsequence). */
function diffWords(a: readonly string[], b: readonly string[]): Op[] {
  if (a.length * b.length > MAX_CELLS) {
    return [
      ...a.map((word) => ({ kind: 'delete' as const, word })),
      ...b.map((word) => ({ kind: 'insert' as const, word })),
    ];
  }
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * width + j + 1] as number) + 1
          : Math.max(lcs[(i + 1) * width + j] as number, lcs[i * width + j + 1] as number);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: 'keep', word: b[j] as string });
      i += 1;
      j += 1;
    } else if (
      j < b.length &&
      (i === a.length || (lcs[i * width + j + 1] as number) > (lcs[(i + 1) * width + j] as number))
    ) {
      ops.push({ kind: 'insert', word: b[j] as string });
      j += 1;
    } else {
      ops.push({ kind: 'delete', word: a[i] as string });
      i += 1;
    }
  }
  return ops;
}
