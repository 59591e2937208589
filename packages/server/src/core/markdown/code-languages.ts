/**
 * Pygments lexer names by alias, for the `data-code-language` attribute of code blocks: the
 * real server canonicalises the fence's language through Pygments (`py` and `python` →
 * `Python`, `js` → `JavaScript`) and keeps unknown languages as typed (lowercased).
 *
 * This is the subset of Pygments' aliases people write in chats; a language missing here
 * is shown as typed, like an unknown one.
 */
const LEXERS: Record<string, readonly string[]> = {
  Python: ['python', 'py', 'sage', 'python3', 'py3', 'bazel', 'starlark', 'pyi'],
  'Python 2.x': ['python2', 'py2'],
  'Python console session': ['pycon', 'python-console'],
  'Python Traceback': ['pytb', 'py3tb'],
  JavaScript: ['javascript', 'js'],
  TypeScript: ['typescript', 'ts'],
  JSX: ['jsx', 'react'],
  JSON: ['json', 'json-object'],
  HTML: ['html'],
  XML: ['xml'],
  CSS: ['css'],
  SCSS: ['scss'],
  Sass: ['sass'],
  LessCss: ['less'],
  Bash: ['bash', 'sh', 'ksh', 'zsh', 'shell', 'openrc'],
  'Bash Session': ['console', 'shell-session'],
  PowerShell: ['powershell', 'pwsh', 'posh', 'ps1', 'psm1'],
  Batchfile: ['batch', 'bat', 'dosbatch', 'winbatch'],
  C: ['c'],
  'C++': ['cpp', 'c++'],
  'C#': ['csharp', 'c#', 'cs'],
  'F#': ['fsharp', 'f#'],
  Java: ['java'],
  Kotlin: ['kotlin'],
  Scala: ['scala'],
  Groovy: ['groovy'],
  Go: ['go', 'golang'],
  Rust: ['rust', 'rs'],
  Ruby: ['ruby', 'rb', 'duby'],
  PHP: ['php', 'php3', 'php4', 'php5'],
  Perl: ['perl', 'pl'],
  Swift: ['swift'],
  'Objective-C': ['objective-c', 'objectivec', 'obj-c', 'objc'],
  Dart: ['dart'],
  Lua: ['lua'],
  S: ['splus', 's', 'r'],
  Julia: ['julia', 'jl'],
  Matlab: ['matlab'],
  Haskell: ['haskell', 'hs'],
  OCaml: ['ocaml'],
  Elixir: ['elixir', 'ex', 'exs'],
  Erlang: ['erlang'],
  Clojure: ['clojure', 'clj'],
  'Common Lisp': ['common-lisp', 'cl', 'lisp'],
  Scheme: ['scheme', 'scm'],
  Elm: ['elm'],
  CoffeeScript: ['coffeescript', 'coffee-script', 'coffee'],
  Zig: ['zig'],
  Nimrod: ['nimrod', 'nim'],
  D: ['d'],
  Fortran: ['fortran', 'f90'],
  Delphi: ['delphi', 'pas', 'pascal', 'objectpascal'],
  Prolog: ['prolog'],
  NASM: ['nasm'],
  SQL: ['sql'],
  'PostgreSQL SQL dialect': ['postgresql', 'postgres'],
  MySQL: ['mysql'],
  sqlite3con: ['sqlite3'],
  GraphQL: ['graphql'],
  YAML: ['yaml'],
  TOML: ['toml'],
  INI: ['ini', 'cfg', 'dosini'],
  Markdown: ['markdown', 'md'],
  reStructuredText: ['restructuredtext', 'rst', 'rest'],
  TeX: ['tex', 'latex'],
  Diff: ['diff', 'udiff'],
  Docker: ['docker', 'dockerfile'],
  Makefile: ['make', 'makefile', 'mf', 'bsdmake'],
  CMake: ['cmake'],
  'Nginx configuration file': ['nginx'],
  HTTP: ['http'],
  'Protocol Buffer': ['protobuf', 'proto'],
  Terraform: ['terraform', 'tf', 'hcl'],
  'Django/Jinja': ['django', 'jinja'],
  Handlebars: ['handlebars'],
  VimL: ['vim'],
  Solidity: ['solidity'],
  verilog: ['verilog', 'v'],
  vhdl: ['vhdl'],
  'Text only': ['text'],
};

const NAME_BY_ALIAS = new Map<string, string>(
  Object.entries(LEXERS).flatMap(([name, aliases]) => aliases.map((alias) => [alias, name] as const)),
);

/**
 * The `data-code-language` value of a fenced block's language.
 *
 * @example codeLanguageName('py') // 'Python'
 * @example codeLanguageName('inventedlanguage') // 'inventedlanguage'
 */
export function codeLanguageName(language: string): string {
  const lower = language.toLowerCase();
  return NAME_BY_ALIAS.get(lower) ?? lower;
}
