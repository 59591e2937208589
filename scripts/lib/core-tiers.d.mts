/** A tier of packages/server/src/core; `folders: null` is the domain tier (every folder not named). */
export interface CoreTier {
  name: string;
  folders: string[] | null;
}

/** A tier as the directory tree fills it: its folders, the folders of the tiers above it, and those tiers' names. */
export interface FilledTier {
  name: string;
  folders: string[];
  above: string[];
  higher: string[];
}

export declare const CORE_TIERS: CoreTier[];
export declare function coreFolders(coreDir: string): string[];
export declare function tierOfFolders(coreDir: string): Map<string, number>;
export declare function coreTiers(coreDir: string): FilledTier[];
