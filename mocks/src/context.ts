import type { z } from 'zod';
import {
  MESSAGES,
  SAFETY_MESSAGES,
  type EndpointName,
  type Endpoints,
  type ErrorCode,
  type Tip,
  type User,
} from '@shabaash/shared';
import type { MockCreator, MockState, MockTipRow } from './state.ts';

/** What every mock resolver shares: the error it throws, its context, and the lookups of callers and creators. */

/** A failure a mock answers with the API's envelope `{ message, code }`. */
export class MockHttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const fail = (code: ErrorCode, message: string, field?: string) =>
  new MockHttpError(code, message, field);
export const notFound = (what: string) => fail('NOT_FOUND', `${what} not found.`);

type Parsed<N extends EndpointName, K extends 'input' | 'query'> =
  Endpoints[N] extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

/** What a resolver gets: the request parsed with the endpoint's own schemas, and the caller. */
export interface MockContext<N extends EndpointName> {
  input: Parsed<N, 'input'>;
  query: Parsed<N, 'query'>;
  params: Record<string, string>;
  /** The signed-in user (always set on `user` and `creator` endpoints). */
  user: User | null;
  idempotencyKey: string | undefined;
  state: MockState;
}

/** What a resolver answers: a body the endpoint's output schema accepts, or the Response of a file, CSV or bytes endpoint. */
type MockAnswer<N extends EndpointName> = Endpoints[N] extends { output: infer O extends z.ZodType }
  ? z.input<O>
  : Response;

/** A resolver for an endpoint of the contract; TypeScript checks the return against the endpoint's output. */
export type EndpointResolvers = {
  [N in EndpointName]: (ctx: MockContext<N>) => MockAnswer<N> | Promise<MockAnswer<N>>;
};

/** The endpoints mock mode serves: every one but the operator console's (mock mode has no operator; they answer 403). */
export type MockEndpointName = {
  [N in EndpointName]: Endpoints[N]['auth'] extends 'operator' ? never : N;
}[EndpointName];

/** One resolver per endpoint mock mode serves. A test gives operator endpoints theirs as overrides. */
export type MockResolvers = Pick<EndpointResolvers, MockEndpointName>;

export function requireUser<N extends EndpointName>(ctx: MockContext<N>): User {
  if (!ctx.user) throw fail('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return ctx.user;
}

export function creatorOf(state: MockState, user: User): MockCreator {
  const creator = state.creators.get(user.id);
  if (!creator) throw fail('FORBIDDEN', MESSAGES.forbiddenCreator);
  return creator;
}

export function creatorByHandle(state: MockState, handle: string | undefined): MockCreator {
  const creator = handle
    ? [...state.creators.values()].find((c) => c.handle === handle)
    : state.creators.get(state.defaultCreatorId);
  if (!creator) throw fail('NOT_FOUND', MESSAGES.creatorNotFound, 'creator');
  return creator;
}

export const liveTips = (state: MockState, creatorId: string): MockTipRow[] =>
  [...state.tips.values()].filter((r) => r.tip.creatorId === creatorId && !r.deleted);

export const newestFirst = (a: MockTipRow, b: MockTipRow) =>
  b.tip.createdAt.localeCompare(a.tip.createdAt) || b.tip.version - a.tip.version;

export const publicTip = (tip: Tip): Tip => ({
  ...tip,
  sender: tip.sender ? { ...tip.sender, phone: null } : null,
});

export /** A phone as the API shows it to others ("98•••••210"). */
function masked(phone: string | null): string | null {
  return phone ? `${phone.slice(0, 2)}•••••${phone.slice(-3)}` : null;
}

/** The API's refusal of an amount under a creator's minimum. */
export function minimumMessage(minTipPaise: number): string {
  return SAFETY_MESSAGES.minimumTip(`₹${(minTipPaise / 100).toFixed(2)}`);
}
