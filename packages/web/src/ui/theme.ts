import { client } from '../api/client.js';

/** The real server's `color_scheme` setting: 1 automatic, 2 dark, 3 light. */
export const COLOR_SCHEMES = [
  { value: 1, label: 'Automatic (as the system)' },
  { value: 2, label: 'Dark' },
  { value: 3, label: 'Light' },
] as const;

/** Applies a colour scheme to the page (`data-theme` on <html>; CSS does the rest). */
export function applyTheme(scheme: number): void {
  document.documentElement.dataset['theme'] = scheme === 2 ? 'dark' : scheme === 3 ? 'light' : 'auto';
}

/** Saves the colour scheme (PATCH /settings); the `user_settings` event applies it in every open tab. */
export async function saveTheme(scheme: number): Promise<void> {
  applyTheme(scheme);
  await client.settings.update({ color_scheme: scheme } as never);
}
