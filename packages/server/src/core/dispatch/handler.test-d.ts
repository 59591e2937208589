import type { Endpoints } from '@teamchat/schema';
import { describe, expectTypeOf, it } from 'vitest';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { FileStore } from '../runtime/file-store.js';
import type { DbStore } from '../model/db.js';
import { areaHandlers, withPrepare, type AreaHandlers, type Handler } from './handler.js';

const markAllAsRead = (_params: OperationParams<'messages.markAllAsRead'>, _ctx: UserContext) => ({ complete: true });
const markStreamAsRead = (_params: OperationParams<'messages.markStreamAsRead'>, _ctx: UserContext) => ({});
const markTopicAsRead = (_params: OperationParams<'messages.markTopicAsRead'>, _ctx: UserContext) => ({});

describe('handler maps', () => {
  it('compile when every contract of the area has a handler', () => {
    const complete = {
      'messages.markAllAsRead': { operation: markAllAsRead, ownTransactions: true },
      'messages.markStreamAsRead': { operation: markStreamAsRead },
      'messages.markTopicAsRead': { operation: markTopicAsRead },
    } satisfies AreaHandlers<'markRead'>;
    expectTypeOf(complete).toHaveProperty('messages.markTopicAsRead');
  });

  it('fail to compile while a contract of the area has no handler, or one of another area is listed', () => {
    // prettier-ignore
    // @ts-expect-error: 'messages.markTopicAsRead' is missing
    const missing = { 'messages.markAllAsRead': { operation: markAllAsRead }, 'messages.markStreamAsRead': { operation: markStreamAsRead } } satisfies AreaHandlers<'markRead'>;
    const foreign = {
      'messages.markAllAsRead': { operation: markAllAsRead },
      'messages.markStreamAsRead': { operation: markStreamAsRead },
      'messages.markTopicAsRead': { operation: markTopicAsRead },
      // @ts-expect-error: 'messages.send' is not a contract of the mark-read area
      'messages.send': { operation: markAllAsRead },
    } satisfies AreaHandlers<'markRead'>;
    expectTypeOf(missing).not.toBeNever();
    expectTypeOf(foreign).not.toBeNever();
  });

  it('check an operation against its contract', () => {
    // prettier-ignore
    // @ts-expect-error: the operation of messages.markAllAsRead cannot take the params of another contract
    const wrong: Handler<Endpoints['messages.markAllAsRead']> = { operation: (_params: OperationParams<'messages.send'>, _ctx: UserContext) => ({}) };
    expectTypeOf(wrong).not.toBeNever();
  });

  it('check that an operation takes what its prepare step makes, and that one expecting it has one', () => {
    const prepare = async (_params: OperationParams<'messages.markAllAsRead'>, _ctx: UserContext) => 'digest';
    const takesDigest = (
      _params: OperationParams<'messages.markAllAsRead'>,
      _ctx: UserContext & { prepared: string },
    ) => ({ complete: true });
    const takesNumber = (
      _params: OperationParams<'messages.markAllAsRead'>,
      _ctx: UserContext & { prepared: number },
    ) => ({ complete: true });
    expectTypeOf(withPrepare(prepare, takesDigest)).toHaveProperty('prepare');
    // @ts-expect-error: the operation wants a number, the prepare step makes a string
    withPrepare(prepare, takesNumber);
    const others = {
      'messages.markStreamAsRead': { operation: markStreamAsRead },
      'messages.markTopicAsRead': { operation: markTopicAsRead },
    };
    // prettier-ignore
    // @ts-expect-error: the operation expects `ctx.prepared`, and nothing prepares it
    const unprepared = { ...others, 'messages.markAllAsRead': { operation: takesDigest } } satisfies AreaHandlers<'markRead'>;
    expectTypeOf(unprepared).not.toBeNever();
  });
});

describe('ports', () => {
  const batched = (_params: OperationParams<'messages.markAllAsRead'>, ctx: UserContext<'store'>) => {
    expectTypeOf(ctx.store).toEqualTypeOf<DbStore>();
    return { complete: true };
  };
  const others = {
    'messages.markStreamAsRead': { operation: markStreamAsRead },
    'messages.markTopicAsRead': { operation: markTopicAsRead },
  };

  it('give the operations of an area the services it declares', () => {
    const map = areaHandlers(
      'markRead',
      { ports: ['store'] },
      { ...others, 'messages.markAllAsRead': { operation: batched } },
    );
    expectTypeOf(map).toHaveProperty('messages.markAllAsRead');
    const uploads = (_params: OperationParams<'uploads.upload'>, ctx: UserContext<'files' | 'store'>) => {
      expectTypeOf(ctx.files).toEqualTypeOf<FileStore>();
      return { uri: '', url: '', filename: '' };
    };
    expectTypeOf(uploads).parameter(1).toHaveProperty('files');
  });

  it('refuse a service the context has no port for', () => {
    const unported = (_params: OperationParams<'messages.markAllAsRead'>, ctx: UserContext) => {
      // @ts-expect-error: Property 'files' does not exist: the context has no port 'files'
      void ctx.files;
      // @ts-expect-error: Property 'store' does not exist: the context has no port 'store'
      void ctx.store;
      // @ts-expect-error: the rate limiter, outbound HTTP and jobs are ports too
      void ctx.outbound;
      return { complete: true };
    };
    expectTypeOf(unported).toBeFunction();
  });

  it('refuse an operation that needs a port its area does not declare', () => {
    // prettier-ignore
    // @ts-expect-error: the operation needs ctx.store, and the area declares no port
    const undeclared = areaHandlers('markRead', { ports: [] }, { ...others, 'messages.markAllAsRead': { operation: batched } });
    // prettier-ignore
    // @ts-expect-error: declaring another port does not give 'store'
    const wrongPort = areaHandlers('markRead', { ports: ['files'] }, { ...others, 'messages.markAllAsRead': { operation: batched } });
    expectTypeOf(undeclared).not.toBeNever();
    expectTypeOf(wrongPort).not.toBeNever();
  });
});
