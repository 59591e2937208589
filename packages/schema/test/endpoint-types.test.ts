// Type assertions, checked by `tsc -p packages/schema` (which includes test/); at run time
// expectTypeOf does nothing. A plain test file rather than *.test-d.ts keeps this package's
// test run independent of type errors elsewhere in the workspace.
import { describe, expectTypeOf, it } from 'vitest';
import type { EndpointInput, EndpointParams, EndpointResult } from '../src/define-endpoint.js';
import type { EndpointName, Endpoints, IncomingEndpointName } from '../src/endpoints/index.js';

describe('the contract table types', () => {
  it('keeps the outgoing-webhook notification out of the incoming names', () => {
    expectTypeOf<'outgoingWebhooks.notify'>().toExtend<EndpointName>();
    expectTypeOf<'outgoingWebhooks.notify'>().not.toExtend<IncomingEndpointName>();
    expectTypeOf<'messages.get' | 'users.getByEmail' | 'push.testNotification'>().toExtend<IncomingEndpointName>();
    expectTypeOf<Endpoints['outgoingWebhooks.notify']['direction']>().toEqualTypeOf<'outgoing'>();
    expectTypeOf<Endpoints['messages.get']['direction']>().toEqualTypeOf<'incoming'>();
  });

  it('types path parameters, defaults and responses of a contract', () => {
    type GetMessage = Endpoints['messages.get'];
    expectTypeOf<EndpointInput<GetMessage>>().toEqualTypeOf<{
      message_id: number;
      apply_markdown?: boolean | undefined;
      allow_empty_topic_name?: boolean | undefined;
    }>();
    expectTypeOf<EndpointParams<GetMessage>['apply_markdown']>().toEqualTypeOf<boolean>();
    expectTypeOf<EndpointResult<GetMessage>['message']['id']>().toEqualTypeOf<number>();
  });

  it('types string-or-integer and union parameters', () => {
    expectTypeOf<EndpointInput<Endpoints['presence.get']>['user_id_or_email']>().toEqualTypeOf<number | string>();
    expectTypeOf<EndpointInput<Endpoints['messages.send']>['to']>().toEqualTypeOf<
      string | number | number[] | string[]
    >();
    // @ts-expect-error role is one of the five role values
    const role: EndpointInput<Endpoints['users.update']>['role'] = 500;
    void role;
  });
});
