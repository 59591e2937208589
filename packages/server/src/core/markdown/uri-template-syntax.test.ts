import { describe, expect, test } from 'vitest';
import { uriTemplateVariables } from './uri-template-syntax.js';

describe('uriTemplateVariables', () => {
  const valid: [string, string[]][] = [
    ['https://x.org/', []],
    ['https://x.org/{id}', ['id']],
    [
      'https://x.org/{+path}{#frag}{.ext}{/seg*}{;p}{?q,page}{&more}',
      ['path', 'frag', 'ext', 'seg', 'p', 'q', 'page', 'more'],
    ],
    ['{var:3}/{a.b}/{%41b}/{id}{id}', ['var', 'a.b', '%41b', 'id']],
  ];
  test.each(valid)('lists the variables of %s', (template, names) => {
    expect(uriTemplateVariables(template)).toEqual(names);
  });

  const invalid = [
    '{id',
    'id}',
    'a}{b}',
    '{}',
    '{{id}}',
    '{=id}',
    '{!id}',
    '{@id}',
    '{|id}',
    '{,id}',
    '{id:0}',
    '{id:1000}',
    '{a b}',
    '{id-x}',
    '{id,}',
  ];
  test.each(invalid)('rejects %s', (template) => {
    expect(uriTemplateVariables(template)).toBeNull();
  });
});
