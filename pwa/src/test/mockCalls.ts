import type { EndpointResolvers, MockContext, MockResolvers } from '@shabaash/mocks';
import { overrideHandlers, resolvers } from '@shabaash/mocks';
import type { MockServer } from '@shabaash/mocks/node';

/**
 * For the rest of the test, records the input of each call to endpoint `name` (what the client sent, as the
 * contract parses it) and answers it with `respond`: the contract's own resolver over the mock state unless given.
 */
export function recordInputs<N extends keyof MockResolvers>(
  { server, state }: MockServer,
  name: N,
  respond: EndpointResolvers[N] = resolvers[name] as EndpointResolvers[N],
): Array<MockContext<N>['input']> {
  const inputs: Array<MockContext<N>['input']> = [];
  const recording = (ctx: MockContext<N>) => {
    inputs.push(ctx.input);
    return respond(ctx);
  };
  server.use(...overrideHandlers(state, { [name]: recording } as Partial<EndpointResolvers>));
  return inputs;
}
