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

/** What the bash completion offers for `words` (the last one is being completed), as `complete` would call it. */
function bashComplete(path: string, words: readonly string[]): string[] {
  const array = words.map((word) => `'${word}'`).join(' ');
  const out = execFileSync(
    'bash',
    [
      '-c',
      `source '${path}'; COMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; "$(complete -p '${words[0] ?? ''}' | sed -E 's/.* -F ([^ ]+) .*/\\1/')"; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    { encoding: 'utf8' },
  );
  return out.split('\n').filter(Boolean);
}

describe('teamchat completion', () => {
  it('bash: completes commands, subcommands and options from the program itself, skipping option values', async () => {
    const path = await script('bash');
    expect(execFileSync('bash', ['-n', path]).toString()).toBe('');
    expect(bashComplete(path, ['teamchat', ''])).toEqual(
      expect.arrayContaining(['users', 'groups', 'channels', 'topics', 'messages', 'completion']),
    );
    expect(bashComplete(path, ['teamchat', '--config', 'users', 'gr'])).toEqual(['groups']);
    expect(bashComplete(path, ['teamchat', 'users', ''])).toEqual([
      'list',
      'show',
      'create',
      'set-role',
      'deactivate',
      'reactivate',
    ]);
    expect(bashComplete(path, ['teamchat', 'topics', 'delete', '--'])).toEqual(
      expect.arrayContaining(['--channel', '--topic', '--yes', '--dry-run', '--json', '--help']),
    );
    expect(bashComplete(path, ['teamchat', 'topics', 'delete', '--'])).not.toContain('--version');
    expect(bashComplete(path, ['teamchat', 'users', 'list', '--a'])).toEqual(['--active', '--api-key']);
    // File names after --config.
    writeFileSync(join(dir, 'zuliprc-owner'), '');
    expect(bashComplete(path, ['teamchat', '--config', join(dir, 'zuliprc-o')])).toEqual([join(dir, 'zuliprc-owner')]);
  });

  it('bash: completes the endpoint names after teamchat call, and npx teamchat as teamchat', async () => {
    const path = await script('bash');
    expect(bashComplete(path, ['teamchat', 'call', 'users.l'])).toEqual([
      'users.list',
      'users.listCustomProfileFields',
    ]);
    expect(bashComplete(path, ['teamchat', 'call', ''])).toEqual(
      expect.arrayContaining(['messages.list', 'channels.create', 'events.register']),
    );
    // Only the first argument is an endpoint name; the options still complete after it.
    expect(bashComplete(path, ['teamchat', 'call', 'users.list', ''])).toEqual([]);
    expect(bashComplete(path, ['teamchat', 'call', 'users.list', '--p'])).toEqual(['--params']);
    // npx teamchat, as in a clone of the repository.
    expect(bashComplete(path, ['npx', 'tea'])).toEqual(['teamchat']);
    expect(bashComplete(path, ['npx', 'teamchat', 'us'])).toEqual(['users']);
    expect(bashComplete(path, ['npx', 'teamchat', '--config', 'x', 'call', 'messages.l'])).toEqual(['messages.list']);
    expect(bashComplete(path, ['npx', 'teamchat', 'topics', 'delete', '--t'])).toEqual(['--topic', '--timeout']);
    // Another command after npx gets the shell's default (file names), nothing of ours.
    expect(bashComplete(path, ['npx', 'tsc', ''])).toEqual([]);
    expect(bashComplete(path, ['teamchat', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it.runIf(installed('zsh'))('zsh: parses and completes with compadd', async () => {
    const path = await script('zsh');
    // compdef and compadd come from the completion system; stand-ins record what is offered.
    const probe = `compdef() { :; }; compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }; source '${path}'; words=(teamchat users de); CURRENT=3; _teamchat`;
    expect(execFileSync('zsh', ['-n', path]).toString()).toBe('');
    expect(execFileSync('zsh', ['-f', '-c', probe], { encoding: 'utf8' }).split('\n').filter(Boolean)).toEqual([
      'list',
      'show',
      'create',
      'set-role',
      'deactivate',
      'reactivate',
    ]);
    const offered = (words: string): string[] =>
      execFileSync(
        'zsh',
        [
          '-f',
          '-c',
          `compdef() { :; }; compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }; _files() { print FILES; }; source '${path}'; words=(${words}); CURRENT=\${#words}; _teamchat`,
        ],
        { encoding: 'utf8' },
      )
        .split('\n')
        .filter(Boolean);
    expect(offered('teamchat call users.l')).toEqual(expect.arrayContaining(['users.list', 'messages.list']));
    expect(offered('npx teamchat call users.l')).toEqual(expect.arrayContaining(['users.list', 'messages.list']));
    expect(offered('npx teamchat users de')).toContain('deactivate');
    expect(offered('npx te')).toEqual(['teamchat']);
    expect(offered('npx tsc x')).toEqual(['FILES']);
  });

  it.runIf(installed('fish'))('fish: completes commands and options with complete -C', async () => {
    const path = await script('fish');
    const complete = (line: string): string[] =>
      execFileSync('fish', ['--no-config', '-c', `source '${path}'; complete -C '${line}'`], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((entry) => entry.split('\t')[0] ?? '');
    expect(complete('teamchat ')).toEqual(expect.arrayContaining(['users', 'groups', 'messages', 'completion']));
    expect(complete('teamchat groups ')).toEqual(
      expect.arrayContaining(['list', 'members', 'create', 'add', 'remove', 'deactivate']),
    );
    expect(complete('teamchat topics delete --')).toEqual(
      expect.arrayContaining(['--channel', '--topic', '--yes', '--json']),
    );
    expect(complete('teamchat call users.l')).toEqual(['users.list', 'users.listCustomProfileFields']);
    expect(complete('npx teamchat call users.l')).toEqual(['users.list', 'users.listCustomProfileFields']);
    expect(complete('npx teamchat us')).toEqual(['users']);
    expect(complete('npx teamchat topics delete --')).toEqual(
      expect.arrayContaining(['--channel', '--topic', '--yes', '--json']),
    );
  });

  it('says which shells exist for another one', async () => {
    const result = await run(['completion', 'powershell']);
    expect(result).toMatchObject({
      code: 2,
      stderr: "error: no completion for the shell 'powershell'\nhint: teamchat completion bash, zsh or fish\n",
    });
  });
});
