import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** GET, POST, PATCH and DELETE /saved_snippets. */
export const savedSnippetScenarios: Scenario[] = [
  scenario(
    'saved-snippets: create, list oldest first, edit and delete; blanks trimmed; only the owner sees them',
    async (t) => {
      const member = t.client('member');
      const owner = t.client('owner');
      const first = await member.savedSnippets.create({
        title: '  Welcome  ',
        content: '\nWelcome to the organization!\n\n',
      });
      const second = await member.savedSnippets.create({ title: 'Sign-off', content: 'Thanks, **Mike**' });
      const listed = await member.savedSnippets.list({});
      expect(listed.saved_snippets.map((s) => [s.id, s.title, s.content])).toEqual([
        [first.saved_snippet_id, 'Welcome', 'Welcome to the organization!'],
        [second.saved_snippet_id, 'Sign-off', 'Thanks, **Mike**'],
      ]);
      expect(listed.saved_snippets[0]?.date_created).toBe(Math.floor(t.clock.now() / 1000));
      expect((await owner.savedSnippets.list({})).saved_snippets).toEqual([]);
      await member.savedSnippets.update({ saved_snippet_id: first.saved_snippet_id, content: ' Hello and welcome! ' });
      await member.savedSnippets.update({ saved_snippet_id: second.saved_snippet_id, title: 'Goodbye' });
      // Neither field: success, nothing changes (the real server answers before looking the snippet up).
      await member.savedSnippets.update({ saved_snippet_id: 999 });
      const edited = await member.savedSnippets.list({});
      expect(edited.saved_snippets.map((s) => [s.title, s.content])).toEqual([
        ['Welcome', 'Hello and welcome!'],
        ['Goodbye', 'Thanks, **Mike**'],
      ]);
      const errors = {
        blankTitle: await failure(member.savedSnippets.create({ title: '   ', content: 'x' })),
        blankContent: await failure(member.savedSnippets.create({ title: 'x', content: ' \n ' })),
        longTitle: await failure(member.savedSnippets.create({ title: 'x'.repeat(61), content: 'x' })),
        longContent: await failure(member.savedSnippets.create({ title: 'x', content: 'x'.repeat(10001) })),
        blankEdit: await failure(member.savedSnippets.update({ saved_snippet_id: first.saved_snippet_id, title: '' })),
        missingEdit: await failure(member.savedSnippets.update({ saved_snippet_id: 999, title: 'x' })),
        othersEdit: await failure(
          owner.savedSnippets.update({ saved_snippet_id: first.saved_snippet_id, title: 'Mine now' }),
        ),
        missingDelete: await failure(member.savedSnippets.remove({ saved_snippet_id: 999 })),
        othersDelete: await failure(owner.savedSnippets.remove({ saved_snippet_id: first.saved_snippet_id })),
      };
      expect(errors.blankTitle).toMatchObject({ code: 'BAD_REQUEST', msg: 'title cannot be blank', status: 400 });
      expect(errors.blankContent.msg).toBe('content cannot be blank');
      expect(errors.longTitle.msg).toBe('title is too long (limit: 60 characters)');
      expect(errors.longContent.msg).toBe('content is too long (limit: 10000 characters)');
      expect(errors.blankEdit.msg).toBe('title cannot be blank');
      for (const key of ['missingEdit', 'othersEdit', 'missingDelete', 'othersDelete'] as const) {
        expect(errors[key], key).toMatchObject({
          code: 'BAD_REQUEST',
          msg: 'Saved snippet does not exist.',
          status: 404,
        });
      }
      await member.savedSnippets.remove({ saved_snippet_id: first.saved_snippet_id });
      const after = await member.savedSnippets.list({});
      expect(after.saved_snippets.map((s) => s.title)).toEqual(['Goodbye']);
      const registered = await member.events.register({ fetch_event_types: ['saved_snippets'] });
      expect(registered['saved_snippets']).toEqual(after.saved_snippets);
      return { listed, edited, after, errors };
    },
  ),
];
