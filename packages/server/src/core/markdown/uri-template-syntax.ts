/**
 * RFC 6570 template syntax checks, as the real server validates linkifier and playground
 * templates (expansion itself is the `url-template` package's job).
 */

const OPERATORS = '+#./;?&';
// Operators RFC 6570 reserves for future use; templates using them are invalid.
const RESERVED_OPERATORS = '=,!@|';
const VARCHAR = String.raw`(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})`;
// A variable name with an optional prefix (`:3`, up to three digits as the real server's
// library accepts) or explode (`*`) modifier.
const VARSPEC = new RegExp(`^(${VARCHAR}+(?:\\.${VARCHAR}+)*)(?::[1-9][0-9]{0,2}|\\*)?$`);

/**
 * The variable names of an RFC 6570 template, in order of first use, or null when the
 * template is invalid (unbalanced braces, an empty or malformed expression, a reserved
 * operator).
 *
 * @example uriTemplateVariables('https://x.org/{id}{?q,page}') // ['id', 'q', 'page']
 */
export function uriTemplateVariables(template: string): string[] | null {
  const names: string[] = [];
  let pos = 0;
  while (pos < template.length) {
    const open = template.indexOf('{', pos);
    const strayClose = template.indexOf('}', pos);
    if (open === -1) return strayClose === -1 ? names : null;
    if (strayClose !== -1 && strayClose < open) return null;
    const close = template.indexOf('}', open + 1);
    if (close === -1) return null;
    let expression = template.slice(open + 1, close);
    if (expression === '' || expression.includes('{') || RESERVED_OPERATORS.includes(expression[0] ?? '')) return null;
    if (OPERATORS.includes(expression[0] ?? '')) expression = expression.slice(1);
    for (const varspec of expression.split(',')) {
      const name = VARSPEC.exec(varspec)?.[1];
      if (name === undefined) return null;
      if (!names.includes(name)) names.push(name);
    }
    pos = close + 1;
  }
  return names;
}
