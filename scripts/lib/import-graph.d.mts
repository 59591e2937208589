/** An import as written: its specifier, and whether it brings only types. */
export interface ImportOf {
  specifier: string;
  typeOnly: boolean;
}

/** Node → the nodes it imports, each with whether every such import is type-only. */
export type ImportGraph = Map<string, Map<string, boolean>>;

/** An import loop: its files relative to the root, and how it closes. */
export interface ImportLoop {
  files: string[];
  kind: 'value' | 'type-only' | 'partly type-only';
}

export function sourceFiles(dir: string, options?: { tests?: boolean }): string[];
export function importsIn(text: string): ImportOf[];
export function importsOf(file: string): ImportOf[];
export function resolveImport(from: string, specifier: string): string | null;
export function fileGraph(files: readonly string[]): ImportGraph;
export function valueEdges(graph: ImportGraph): ImportGraph;
/** The node of a folder graph for the entry points: files directly in the root that no file imports. */
export const ENTRY_POINTS: string;
export function folderGraph(root: string, files: readonly string[]): ImportGraph;
export function cycles(graph: ReadonlyMap<string, Iterable<string> | ReadonlyMap<string, unknown>>): string[][];
export function importLoops(root: string, files: readonly string[]): ImportLoop[];
