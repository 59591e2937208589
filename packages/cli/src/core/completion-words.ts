import type { Command } from 'commander';

const wordsOf = new WeakMap<Command, () => readonly string[]>();

/**
 * Declares the words shell completion offers for the first argument of `command` (for
 * `teamchat call`, the endpoint names). Returns `command`.
 */
export function completeFirstArgument(command: Command, words: () => readonly string[]): Command {
  wordsOf.set(command, words);
  return command;
}

/** The words completion offers for the first argument of `command`: declared ones, or the argument's `choices`. */
export function firstArgumentWords(command: Command): readonly string[] {
  return wordsOf.get(command)?.() ?? command.registeredArguments[0]?.argChoices ?? [];
}
