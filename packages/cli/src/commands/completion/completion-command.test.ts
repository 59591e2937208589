import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, tempDir } from '../../../test/helpers/run-in-process.js';

const dir = tempDir('teamchat-completion-');

async function script(shell: string): Promise<string> {
  const result = await run(['completion', shell]);
  expect(result).toMatchObject({ code: 0, stderr: '' });
  const path = join(dir, `teamchat.${shell}`);
  writeFileSync(path, result.stdout);
  return path;
}

/** Whether `shell` is installed (bash always is; zsh and fish are optional packages). */
function installed(shell: string): boolean {
  return spawnSync(shell, ['-c', 'exit 0']).status === 0;
}

/** What the bash completion offers for `words` (the last one is being completed). */
function bashComplete(path: string, words: readonly string[]): string[] {
  const array = words.map((word) => `'${word}'`).join(' ');
  const out = execFileSync('bash', ['-c', `source '${path}'; COMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _teamchat; printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

describe('teamchat completion', () => {
  it('bash: completes commands, subcommands and options from the program itself, skipping option values', async () => {
    const path = await script('bash');
    expect(execFileSync('bash', ['-n', path]).toString()).toBe('');
    expect(bashComplete(path, ['teamchat', ''])).toEqual(expect.arrayContaining(['users', 'groups', 'channels', 'topics', 'messages', 'completion']));
    expect(bashComplete(path, ['teamchat', '--config', 'users', 'gr'])).toEqual(['groups']);
    expect(bashComplete(path, ['teamchat', 'users', ''])).toEqual(['list', 'show', 'set-role', 'deactivate', 'reactivate']);
    expect(bashComplete(path, ['teamchat', 'topics', 'delete', '--'])).toEqual(expect.arrayContaining(['--channel', '--topic', '--yes', '--dry-run', '--json', '--help']));
    expect(bashComplete(path, ['teamchat', 'topics', 'delete', '--'])).not.toContain('--version');
    expect(bashComplete(path, ['teamchat', 'users', 'list', '--a'])).toEqual(['--active', '--api-key']);
    // File names after --config.
    writeFileSync(join(dir, 'zuliprc-owner'), '');
    expect(bashComplete(path, ['teamchat', '--config', join(dir, 'zuliprc-o')])).toEqual([join(dir, 'zuliprc-owner')]);
  });

  it.runIf(installed('zsh'))('zsh: parses and completes with compadd', async () => {
    const path = await script('zsh');
    // compdef and compadd come from the completion system; stand-ins record what is offered.
    const probe = `compdef() { :; }; compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }; source '${path}'; words=(teamchat users de); CURRENT=3; _teamchat`;
    expect(execFileSync('zsh', ['-n', path]).toString()).toBe('');
    expect(execFileSync('zsh', ['-f', '-c', probe], { encoding: 'utf8' }).split('\n').filter(Boolean)).toEqual(['list', 'show', 'set-role', 'deactivate', 'reactivate']);
  });

  it.runIf(installed('fish'))('fish: completes commands and options with complete -C', async () => {
    const path = await script('fish');
    const complete = (line: string): string[] =>
      execFileSync('fish', ['--no-config', '-c', `source '${path}'; complete -C '${line}'`], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((entry) => entry.split('\t')[0] ?? '');
    expect(complete('teamchat ')).toEqual(expect.arrayContaining(['users', 'groups', 'messages', 'completion']));
    expect(complete('teamchat groups ')).toEqual(expect.arrayContaining(['list', 'members', 'create', 'add', 'remove', 'deactivate']));
    expect(complete('teamchat topics delete --')).toEqual(expect.arrayContaining(['--channel', '--topic', '--yes', '--json']));
  });

  it('says which shells exist for another one', async () => {
    const result = await run(['completion', 'powershell']);
    expect(result).toMatchObject({ code: 2, stderr: "error: no completion for the shell 'powershell'\nhint: teamchat completion bash, zsh or fish\n" });
  });
});
